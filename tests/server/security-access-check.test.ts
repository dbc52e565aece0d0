/**
 * Every request pays the access check: the bearer session and the caller's membership are read in
 * one query (one round trip), with nothing cached, so a revoked session or a removed member is
 * refused on the very next request.
 */
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildScope } from '../../server/auth/scope';
import { authenticateBearer } from '../../server/auth/sessions';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { workspaceMembers, workspaces } from '../../server/db/schema';
import { createWorkspace, signUp, teamOf } from './support/accounts';
import { setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let counted: Db;
let queries: string[] = [];
beforeAll(async () => {
  t = await setupTestApp();
  // The same database, through a Drizzle instance that counts the queries it sends.
  const logger = { logQuery: (query: string) => void queries.push(query) };
  const client = (t.db as unknown as { $client: never }).$client;
  counted = (t.driver === 'pglite' ? drizzlePglite({ client, schema, logger }) : drizzlePg({ client, schema, logger })) as unknown as Db;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  queries = [];
});

const access = async (token: string) => {
  queries = [];
  const session = await authenticateBearer(counted, token, t.clock.now());
  const scope = await buildScope({ db: counted, logger: t.logger }, session, undefined, '/public/workspace/info');
  return { scope, queries: queries.length };
};

describe('the access check', () => {
  it('reads the session and the membership in one query', async () => {
    const { admin, member, workspaceId } = await teamOf(t, 'speed');
    const adminAccess = await access(admin.accessToken);
    expect(adminAccess.queries).toBe(1);
    expect(adminAccess.scope).toMatchObject({ userId: admin.userId, workspaceId, role: 'admin', actingUserId: admin.userId });
    const memberAccess = await access(member.accessToken);
    expect(memberAccess.queries).toBe(1);
    expect(memberAccess.scope).toMatchObject({ workspaceId, role: 'member' });
    const loner = await signUp(t, 'loner@example.com');
    const lonerAccess = await access(loner.accessToken);
    expect(lonerAccess.queries).toBe(1);
    expect(lonerAccess.scope).toMatchObject({ workspaceId: null, role: null });
  });

  it('sees a removal, a disbanded workspace and a revoked session on the very next request', async () => {
    const { admin, member, workspaceId } = await teamOf(t, 'fresh');
    expect((await t.post('/member/config/list', {}, { token: member.accessToken })).code).toBe(100000);
    await t.db.update(workspaceMembers).set({ status: 'removed' }).where(eq(workspaceMembers.userId, member.userId));
    expect((await t.post('/member/config/list', {}, { token: member.accessToken })).code).toBe(100040);
    expect((await access(member.accessToken)).scope.workspaceId).toBeNull();

    await t.db.update(workspaces).set({ disbandedAt: t.clock.now() }).where(eq(workspaces.id, workspaceId));
    expect((await access(admin.accessToken)).scope.workspaceId).toBeNull();

    const other = await signUp(t, 'revoked@example.com');
    await createWorkspace(t, other, 'Other');
    expect((await t.request('GET', '/api/wp/user/logout', { token: other.accessToken })).code).toBe(100000);
    expect((await t.post('/public/workspace/info', {}, { token: other.accessToken })).code).toBe(100026);
  });
});
