/**
 * Authorization matrix for every team endpoint (SPEC §7 Workspace): anonymous, member, manager, admin, an admin of
 * another workspace, and a signed-in person without a workspace; then the source-user header
 * cases (a member sending it, a manager naming a member of another workspace, an admin naming a
 * member of their own). Each cell starts from the same world; a refused call writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import type { TestApp } from './support/test-app';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]));

type Caller = 'anonymous' | 'member' | 'manager' | 'admin' | 'otherAdmin' | 'outsider';
const callers: Caller[] = ['anonymous', 'member', 'manager', 'admin', 'otherAdmin', 'outsider'];

const OK = Code.OK;
const ANON = Code.TOKEN_INVALID;
const F = Code.FORBIDDEN;
const NW = Code.NO_WORKSPACE;
const AJ = Code.ALREADY_JOINED;

type Cell = {
  body: (caller: Person | null) => Promise<unknown>;
  expect: Record<Caller, number>;
};

const row = (anonymous: number, member: number, manager: number, admin: number, otherAdmin: number, outsider: number) => ({
  anonymous,
  member,
  manager,
  admin,
  otherAdmin,
  outsider,
});

const teamCalls = [
  'workspacePage',
  'inviteRecordCreate',
  'inviteRecordDelete',
  'workspaceJoin',
  'syncTypeUpdate',
  'workspaceLeave',
  'workspaceDisband',
  'userLevelUpdate',
  'publicInviteUrlGenerate',
  'publicInviteUrlReset',
  'joinByPublicInviteUrl',
  'inviteUrlList',
  'invitationInfo',
] as const satisfies readonly EndpointName[];

const matrix: Record<(typeof teamCalls)[number], Cell> = {
  workspacePage: { body: async () => ({ workspace_id: w.W }), expect: row(ANON, OK, OK, OK, F, NW) },
  inviteRecordCreate: { body: async () => ({ emails: ['fresh@example.com'] }), expect: row(ANON, F, OK, OK, OK, NW) },
  inviteRecordDelete: { body: async () => ({ workspace_id: w.W, email: 'pending@example.com' }), expect: row(ANON, F, OK, OK, F, NW) },
  workspaceJoin: {
    body: async (caller) => {
      const email = caller ? w.who[caller].email : 'nobody@example.com';
      return { email, invite_token: await w.invite(w.W3, 'email', email) };
    },
    expect: row(ANON, AJ, AJ, AJ, AJ, OK),
  },
  syncTypeUpdate: {
    body: async () => ({ sync_type: 'auto', user_id: w.who.target.userId, workspace_id: w.W }),
    expect: row(ANON, F, OK, OK, F, NW),
  },
  workspaceLeave: { body: async () => ({ workspace_id: w.W }), expect: row(ANON, OK, OK, F, F, NW) },
  workspaceDisband: { body: async () => ({ workspace_id: w.W }), expect: row(ANON, F, F, Code.MEMBERS_REMAIN, F, NW) },
  userLevelUpdate: {
    body: async () => ({ user_level: 'manager', user_id: w.who.target.userId, workspace_id: w.W }),
    expect: row(ANON, F, OK, OK, F, NW),
  },
  publicInviteUrlGenerate: { body: async () => ({}), expect: row(ANON, F, OK, OK, OK, NW) },
  publicInviteUrlReset: { body: async () => ({}), expect: row(ANON, F, OK, OK, OK, NW) },
  joinByPublicInviteUrl: { body: async () => ({ invite_token: await w.invite(w.W3, 'public') }), expect: row(ANON, AJ, AJ, AJ, AJ, OK) },
  inviteUrlList: { body: async () => ({}), expect: row(ANON, F, OK, OK, OK, NW) },
  invitationInfo: { body: async () => ({ invite_token: await w.invite(w.W3, 'public') }), expect: row(ANON, OK, OK, OK, OK, OK) },
};

const call = async (name: EndpointName, caller: Person | null, body: unknown, headers: Record<string, string> = {}) =>
  t.post(endpoints[name].path, body, { ...(caller ? { token: w.who[caller].accessToken } : {}), headers });

describe('authorization matrix (SPEC §6)', () => {
  for (const name of teamCalls) {
    for (const caller of callers) {
      const expected = matrix[name].expect[caller];
      it(`${name} as ${caller} -> ${expected}`, async () => {
        await w.rebuild();
        const person = caller === 'anonymous' ? null : caller;
        const body = await matrix[name].body(person);
        const before = { W: await w.snapshot(w.W), W2: await w.snapshot(w.W2) };
        const res = await call(name, person, body);
        expect(res.code, res.message).toBe(expected);
        if (expected !== OK) {
          // A refused call leaves both workspaces exactly as they were.
          expect(await w.snapshot(w.W)).toBe(before.W);
          expect(await w.snapshot(w.W2)).toBe(before.W2);
        }
        if (caller === 'otherAdmin' && expected === OK) {
          // Calls without a workspace id act on the caller's own workspace, never on W.
          expect(await w.snapshot(w.W)).toBe(before.W);
        }
        if (name === 'invitationInfo' && expected === OK) {
          expect((res.data as { status: string }).status).toBe(caller === 'outsider' ? 'valid' : 'alreadyJoined');
        }
      });
    }
  }
});

describe('source-user header on every team endpoint (SPEC §7 Workspace)', () => {
  const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

  for (const name of teamCalls) {
    it(`${name}: a member sending the header is refused and logged`, async () => {
      await w.rebuild();
      const body = await matrix[name].body('member');
      const before = await w.snapshot();
      const res = await call(name, 'member', body, { [SOURCE_USER_HEADER]: w.who.admin.userId });
      expect(res.code).toBe(F);
      expect(await w.snapshot()).toBe(before);
      expect(refusals()).toHaveLength(1);
      expect(refusals()[0]!.line).toContain(`user=${w.who.member.userId}`);
    });

    it(`${name}: a manager naming a member of another workspace is refused and logged`, async () => {
      await w.rebuild();
      const body = await matrix[name].body('manager');
      const before = await w.snapshot();
      const res = await call(name, 'manager', body, { [SOURCE_USER_HEADER]: w.who.otherAdmin.userId });
      expect(res.code).toBe(F);
      expect(await w.snapshot()).toBe(before);
      expect(refusals()).toHaveLength(1);
      expect(refusals()[0]!.line).toContain(`target=${w.who.otherAdmin.userId}`);
    });

    it(`${name}: an admin naming a member of their own workspace gets the admin's answer`, async () => {
      await w.rebuild();
      const body = await matrix[name].body('admin');
      const res = await call(name, 'admin', body, { [SOURCE_USER_HEADER]: w.who.member.userId });
      expect(res.code, res.message).toBe(matrix[name].expect.admin);
      expect(refusals()).toHaveLength(0);
    });
  }

  it('a removed member can no longer be named in the header', async () => {
    await w.rebuild();
    const removed = await t.post(
      endpoints.inviteRecordDelete.path,
      { workspace_id: w.W, target_user_id: w.who.target.userId },
      { token: w.who.admin.accessToken },
    );
    expect(removed.code).toBe(OK);
    const res = await call('workspacePage', 'admin', { workspace_id: w.W }, { [SOURCE_USER_HEADER]: w.who.target.userId });
    expect(res.code).toBe(F);
    expect(refusals()).toHaveLength(1);
  });
});
