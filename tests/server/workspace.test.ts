import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userSettings, workspaceMembers, workspaces } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { workspaceInfoData, workspaceListData } from '../../src/contract/workspace';
import { createWorkspace, signUp, teamOf } from './support/accounts';
import { CLOCK_START, setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const create = (token: string, body: unknown) => t.post('/public/workspace/create', body, { token });
const counts = async () => ({
  workspaces: await t.count('workspaces'),
  members: await t.count('workspaceMembers'),
});

describe('workspace info', () => {
  it('answers NO_WORKSPACE for a user without one', async () => {
    const who = await signUp(t, 'none@example.com');
    const res = await t.post('/public/workspace/info', {}, { token: who.accessToken });
    expect(res.json).toEqual({ code: 100040, data: null, message: 'You have no workspace yet' });
    expect((await t.post('/public/workspace/info', { invite_token: 'abc' }, { token: who.accessToken })).code).toBe(100040);
    expect((await t.post('/public/workspace/list', {}, { token: who.accessToken })).code).toBe(100040);
  });

  it('describes the workspace of a member', async () => {
    const { member, workspaceId } = await teamOf(t);
    const res = await t.post('/public/workspace/info', {}, { token: member.accessToken });
    expect(workspaceInfoData.parse(camelKeys(res.data))).toEqual({ workspaceId, workspaceName: 'team workspace', memberCount: 3 });
  });

  it('validates the invite token type', async () => {
    const { member } = await teamOf(t);
    const res = await t.post('/public/workspace/info', { invite_token: 5 }, { token: member.accessToken });
    expect(res.code).toBe(109000);
    expect(res.message).toMatch(/^invite_token: /);
  });

  it('treats a disbanded workspace as none', async () => {
    const { admin, workspaceId } = await teamOf(t);
    await t.db.update(workspaces).set({ disbandedAt: t.clock.now() }).where(eq(workspaces.id, workspaceId));
    expect((await t.post('/public/workspace/info', {}, { token: admin.accessToken })).code).toBe(100040);
    const again = await create(admin.accessToken, { workspace_name: 'Second life' });
    expect(again.code).toBe(100000);
  });
});

describe('workspace create', () => {
  it('makes the creator admin on a 14-day trial and stores the invited emails', async () => {
    const known = await signUp(t, 'known@example.com');
    const admin = await signUp(t, 'boss@example.com');
    const res = await create(admin.accessToken, {
      workspace_name: '  Acme Trading ',
      invite_emails: ['Known@example.com', 'new@example.com', 'new@example.com', 'boss@example.com'],
    });
    expect(res.code).toBe(100000);
    const info = workspaceInfoData.parse(camelKeys(res.data));
    expect(info).toMatchObject({ workspaceName: 'Acme Trading', memberCount: 1 });
    const [ws] = await t.db.select().from(workspaces);
    expect(ws).toMatchObject({ planCode: 'trial', planStart: CLOCK_START });
    expect(ws!.planEnd!.getTime() - ws!.planStart.getTime()).toBe(14 * 24 * 3600 * 1000);
    const members = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, info.workspaceId));
    expect(members.map((m) => [m.invitedEmail, m.level, m.status, m.userId]).sort()).toEqual(
      [
        ['boss@example.com', 'admin', 'joined', admin.userId],
        // No user id on an invited row until the person joins, even when the address has an account.
        ['known@example.com', 'member', 'invited', null],
        ['new@example.com', 'member', 'invited', null],
      ].sort(),
    );
    const [settings] = await t.db.select().from(userSettings).where(eq(userSettings.userId, admin.userId));
    expect(settings?.workspaceId).toBe(info.workspaceId);
    const list = workspaceListData.parse(camelKeys((await t.post('/public/workspace/list', {}, { token: admin.accessToken })).data));
    expect(list.members[0]).toEqual({ userId: admin.userId, email: 'boss@example.com', name: '', status: 'joined', level: 'admin', number: null, syncType: 'manual' });
    expect(list.members).toHaveLength(3);
    expect(list.members.find((m) => m.email === 'new@example.com')).toMatchObject({ userId: '', status: 'invited' });
    expect(list.members.find((m) => m.email === 'known@example.com')).toMatchObject({ userId: '', name: '', status: 'invited' });
    expect(known.userId).not.toBe('');
    const user = (await t.request('GET', '/api/crm/v2/user/info/', { token: admin.accessToken })).data as { is_admin: boolean };
    expect(user.is_admin).toBe(true);
  });

  it('refuses a second workspace (ALREADY_JOINED) and writes nothing', async () => {
    const admin = await signUp(t, 'one@example.com');
    await createWorkspace(t, admin, 'First');
    const before = await counts();
    const res = await create(admin.accessToken, { workspace_name: 'Second', invite_emails: ['x@example.com'] });
    expect(res.code).toBe(100041);
    expect(await counts()).toEqual(before);
  });

  it('refuses more invitations than the trial seats (MEMBER_EXCEEDED) and writes nothing', async () => {
    const admin = await signUp(t, 'seats@example.com');
    const res = await create(admin.accessToken, { workspace_name: 'Big', invite_emails: ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io', 'e@x.io'] });
    expect(res.code).toBe(100042);
    expect(res.message).toBe('Exceeded personnel limit, please contact administrator to upgrade the package.');
    expect(await counts()).toEqual({ workspaces: 0, members: 0 });
    expect((await create(admin.accessToken, { workspace_name: 'Fits', invite_emails: ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io'] })).code).toBe(100000);
  });

  it('validates the name and the invited emails, writing nothing', async () => {
    const admin = await signUp(t, 'valid@example.com');
    const cases: [unknown, RegExp][] = [
      [{}, /^workspace_name: /],
      [{ workspace_name: '   ' }, /^workspace_name: Enter a workspace name/],
      [{ workspace_name: 'x'.repeat(61) }, /^workspace_name: /],
      [{ workspace_name: 42 }, /^workspace_name: /],
      [{ workspace_name: 'Ok', invite_emails: 'a@b.co' }, /^invite_emails: /],
      [{ workspace_name: 'Ok', invite_emails: ['nope'] }, /^invite_emails\.0: /],
    ];
    for (const [body, message] of cases) {
      const res = await create(admin.accessToken, body);
      expect(res.code, JSON.stringify(body)).toBe(109000);
      expect(res.message).toMatch(message);
    }
    expect((await t.request('POST', '/public/workspace/create', { raw: '{"workspace_name":', token: admin.accessToken })).code).toBe(109001);
    expect(await counts()).toEqual({ workspaces: 0, members: 0 });
  });

  it('needs a session', async () => {
    expect((await t.post('/public/workspace/create', { workspace_name: 'Nope' })).code).toBe(100026);
    expect(await counts()).toEqual({ workspaces: 0, members: 0 });
  });
});
