import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payInfoData, userInfoData } from '../../src/contract/account';
import { camelKeys } from '../../src/contract/case';
import { decodePerms } from '../../src/contract/permissions';
import { DEMO_INVITEE, DEMO_WORKSPACE_NAME, demoUsers, seedDemo } from '../../scripts/seed-demo';
import { signUp } from './support/accounts';
import { setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

describe('seed:demo', () => {
  it('runs on the driver the suite was asked for', () => {
    expect(t.driver).toBe(process.env.TEST_DATABASE_URL ? 'node-postgres' : 'pglite');
  });

  it('creates the demo workspace on the pro plan with four people, and re-running duplicates nothing', async () => {
    const first = await seedDemo(t.db, t.clock);
    const counts = { users: await t.count('users'), workspaces: await t.count('workspaces'), members: await t.count('workspaceMembers') };
    expect(counts).toEqual({ users: 4, workspaces: 1, members: 5 });
    expect(await t.count('invitations')).toBe(2);
    const second = await seedDemo(t.db, t.clock);
    expect(second).toEqual(first);
    expect({ users: await t.count('users'), workspaces: await t.count('workspaces'), members: await t.count('workspaceMembers') }).toEqual(counts);
    expect(await t.count('invitations')).toBe(2);
  }, 60000);

  it('lets every demo user sign in with the printed password, with the right role', async () => {
    const expected = { admin: [{ code: 'admin', level: 1 }], manager: [{ code: 'admin', level: 3 }], member: [{ code: 'member', level: 2 }] };
    for (const u of demoUsers) {
      const login = await t.post('/api/wp/user/login', { email: u.email, password: u.password });
      expect(login.code, u.email).toBe(100000);
      const token = (login.data as { access_token: string }).access_token;
      const info = userInfoData.parse(camelKeys((await t.request('GET', '/api/crm/v2/user/info/', { token })).data));
      expect(info.roles).toEqual(expected[u.level]);
      const ws = await t.post('/public/workspace/info', {}, { token });
      expect(ws.data).toMatchObject({ workspace_name: DEMO_WORKSPACE_NAME, member_count: 4 });
      const pay = payInfoData.parse(camelKeys((await t.post('/api/pay/v1/plan/info', {}, { token })).data));
      expect(pay.planCode).toBe('pro');
      expect(decodePerms(pay.perms, info.userId).button_message).toBe(true);
    }
  });

  it('prints links the server accepts: the pending email invitation and the public link', async () => {
    const seed = await seedDemo(t.db, t.clock, { origin: 'http://127.0.0.1:8787' });
    expect(seed.emailInviteUrl).toMatch(/^http:\/\/127\.0\.0\.1:8787\/crm\/workspace\/grant-access\?invite_token=[\w-]{43}$/);
    expect(seed.publicInviteUrl).toMatch(/^http:\/\/127\.0\.0\.1:8787\/crm\/workspace\/invitation\?invite_token=[\w-]{43}$/);
    const token = (url: string) => new URL(url).searchParams.get('invite_token');
    const invitee = await signUp(t, DEMO_INVITEE);
    const info = await t.post('/public/workspace/invitation/info', { invite_token: token(seed.emailInviteUrl) }, { token: invitee.accessToken });
    expect(info.data).toEqual({ workspace_name: DEMO_WORKSPACE_NAME, kind: 'email', email: DEMO_INVITEE, status: 'valid' });
    const pub = await t.post('/public/workspace/invitation/info', { invite_token: token(seed.publicInviteUrl) }, { token: invitee.accessToken });
    expect(pub.data).toMatchObject({ kind: 'public', status: 'valid' });
    const joined = await t.post('/public/workspace/join', { email: DEMO_INVITEE, invite_token: token(seed.emailInviteUrl) }, { token: invitee.accessToken });
    expect(joined.data).toMatchObject({ workspace_name: DEMO_WORKSPACE_NAME, member_count: 5 });
  }, 60000);
});
