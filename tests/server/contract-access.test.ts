/**
 * Every endpoint of the contract, called by every kind of caller: the access each declares is what
 * the server enforces (server/http/route.ts), derived from the contract so a new endpoint is
 * covered the day it is added. Bodies are empty: an allowed caller gets past the access check and
 * meets validation or the handler, never the access refusal. An endpoint declaring `session: 'web'`
 * also refuses the extension's session (FORBIDDEN), after the access refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../src/contract/all-endpoints';
import { Code } from '../../src/contract/codes';
import type { Access } from '../../src/contract/endpoint';
import { createSession } from '../../server/auth/sessions';
import { addMember, createWorkspace, signUp, type SignedIn } from './support/accounts';
import { setupTestApp, type TestApp } from './support/test-app';

type Caller = 'anonymous' | 'noWorkspace' | 'member' | 'manager' | 'owner';
const callers: Caller[] = ['anonymous', 'noWorkspace', 'member', 'manager', 'owner'];

/** The refusal each access gives each caller (null: the call gets past the access check). */
const refusal = (access: Access, caller: Caller): number | null => {
  if (access === 'public' || access === 'cookie') return null;
  if (caller === 'anonymous') return Code.TOKEN_INVALID;
  if (access === 'session') return null;
  if (caller === 'noWorkspace') return Code.NO_WORKSPACE;
  if (access === 'manager' && caller === 'member') return Code.FORBIDDEN;
  if (access === 'owner' && caller !== 'owner') return Code.FORBIDDEN;
  return null;
};

const accessRefusals = new Set<number>([Code.TOKEN_INVALID, Code.TOKEN_EXPIRED, Code.NO_WORKSPACE, Code.FORBIDDEN]);

let t: TestApp;
const who = {} as Record<Exclude<Caller, 'anonymous'>, SignedIn>;

beforeAll(async () => {
  t = await setupTestApp();
  who.owner = await signUp(t, 'owner@example.com');
  who.manager = await signUp(t, 'manager@example.com');
  who.member = await signUp(t, 'member@example.com');
  who.noWorkspace = await signUp(t, 'nobody@example.com');
  const workspaceId = await createWorkspace(t, who.owner, 'Access matrix');
  await addMember(t, workspaceId, who.manager, 'manager');
  await addMember(t, workspaceId, who.member, 'member');
});
afterAll(async () => t.close());

describe('declared access, enforced for every endpoint and caller', () => {
  const cases = allEndpoints
    .filter(({ endpoint: e }) => e.access !== 'public' && e.access !== 'cookie')
    .flatMap(({ name, endpoint }) => callers.map((caller) => [name, caller, endpoint] as const));

  it.each(cases)('%s as %s', async (_, caller, e) => {
    const token = caller === 'anonymous' ? undefined : who[caller].accessToken;
    const answer = await t.request(e.method, e.path, { ...(e.method === 'POST' ? { body: {} } : {}), ...(token ? { token } : {}) });
    expect(answer.status).toBe(200);
    const expected = refusal(e.access, caller);
    if (expected === null) expect(accessRefusals.has(answer.code) && answer.code !== Code.OK ? answer.code : 'past the access check').toBe('past the access check');
    else expect(answer.code).toBe(expected);
  });

  it('every endpoint of the contract is served (no NOT_FOUND envelope for its path)', async () => {
    for (const { endpoint: e } of allEndpoints) {
      const answer = await t.request(e.method, e.path, e.method === 'POST' ? { body: {} } : {});
      expect({ path: e.path, code: answer.code }).not.toEqual({ path: e.path, code: Code.NOT_FOUND });
    }
  });
});

describe("declared session kind: a `session: 'web'` endpoint refuses the extension's session", () => {
  const webOnly = allEndpoints.filter(({ endpoint: e }) => e.session === 'web');
  const signedIn = callers.filter((c): c is Exclude<Caller, 'anonymous'> => c !== 'anonymous');
  const extensionToken = async (caller: Exclude<Caller, 'anonymous'>) => (await createSession(t.db, who[caller].userId, t.clock.now(), t.config, 'extension')).accessToken;

  it('the contract declares it (the extension grant at least)', () => {
    expect(webOnly.map(({ name }) => name)).toContain('eclientGrant');
  });

  it.each(webOnly.flatMap(({ name, endpoint }) => signedIn.map((caller) => [name, caller, endpoint] as const)))('%s as %s with an extension session', async (_, caller, e) => {
    const answer = await t.request(e.method, e.path, { ...(e.method === 'POST' ? { body: {} } : {}), token: await extensionToken(caller) });
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(refusal(e.access, caller) ?? Code.FORBIDDEN);
    // The page's own (web) session of the same caller meets only the access refusal.
    const page = await t.request(e.method, e.path, { ...(e.method === 'POST' ? { body: {} } : {}), token: who[caller].accessToken });
    const expected = refusal(e.access, caller);
    if (expected === null) expect(accessRefusals.has(page.code) && page.code !== Code.OK ? page.code : 'past the access check').toBe('past the access check');
    else expect(page.code).toBe(expected);
  });
});
