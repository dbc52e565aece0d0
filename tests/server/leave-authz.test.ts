/**
 * Authorization matrix for leaving by application (SPEC §4, §6; src/contract/leave.ts and the
 * application itself, `/member/workspace/leave`). Callers: signed out, member, manager, owner, an
 * admin of another workspace, a signed-in person without a workspace, and the extension's session
 * of a member and of the owner. Each cell starts from the same world: the member and the target
 * have each a pending application in W, and W2 holds one pending application of its own. A refused
 * call writes nothing; another workspace's application ids are NOT_FOUND, and another workspace's
 * admin never sees W's; a member cannot list, approve or decline; the decisions are the signed-in
 * page's only. Then the source-user header: it never makes an admin apply (or anyone decide) for
 * a member, and the member's own calls refuse it.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leaveApplications, workspaceMembers } from '../../server/db/schema';
import { WEB_SESSION_ONLY_MESSAGE } from '../../server/http/route';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { camelKeys, snakeKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { leaveApplicationSchema, leaveEndpoints } from '../../src/contract/leave';
import { callerTokens, callers, row, type Caller } from './support/authz-callers';
import type { World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';
import type { TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]));

const OK = Code.OK;
const ANON = Code.TOKEN_INVALID;
const F = Code.FORBIDDEN;
const NW = Code.NO_WORKSPACE;
const NF = Code.NOT_FOUND;

/** The world's applications: the member's and the target's in W, one in W2. */
const MEMBER_APP = 'leave-member-0000';
const TARGET_APP = 'leave-target-0000';
const OTHER_APP = 'leave-other-00000';

type Name = 'workspaceLeave' | keyof typeof leaveEndpoints;
type Cell = { body: () => unknown; expect: Record<Caller, number> };
/** Deciding: the owner and managers, on the signed-in page. */
const decision = row(ANON, F, OK, OK, NF, NW, F, F);
const matrix: Record<Name, Cell> = {
  // The owner cannot apply; another workspace's admin names a workspace not theirs.
  workspaceLeave: { body: () => ({ workspaceId: w.W }), expect: row(ANON, OK, OK, F, F, NW, OK, F) },
  leaveMine: { body: () => ({}), expect: row(ANON, OK, OK, OK, OK, NW, OK, OK) },
  // Only the member withdraws their own application.
  leaveWithdraw: { body: () => ({ id: MEMBER_APP }), expect: row(ANON, OK, NF, NF, NF, NW, OK, NF) },
  leavePending: { body: () => ({}), expect: row(ANON, F, OK, OK, OK, NW, F, OK) },
  leaveApprove: { body: () => ({ id: TARGET_APP }), expect: decision },
  leaveDecline: { body: () => ({ id: TARGET_APP }), expect: decision },
};
const names = Object.keys(matrix) as Name[];

const makeWorld = async () => {
  await w.rebuild();
  const now = t.clock.now();
  await t.db.insert(leaveApplications).values([
    { id: MEMBER_APP, workspaceId: w.W, userId: w.who.member.userId, status: 'pending', note: 'member note', createdAt: now },
    { id: TARGET_APP, workspaceId: w.W, userId: w.who.target.userId, status: 'pending', note: null, createdAt: new Date(now.getTime() + 1000) },
    // W2's own (a person who was in W2): its id is not W's to see or decide.
    { id: OTHER_APP, workspaceId: w.W2, userId: w.who.outsider.userId, status: 'pending', note: 'other note', createdAt: now },
  ]);
};

/** A workspace's members, invitations and leave applications, for "nothing written" checks. */
const snapshot = async (workspaceId: string) =>
  JSON.stringify({
    team: await w.snapshot(workspaceId),
    leave: await t.db.select().from(leaveApplications).where(eq(leaveApplications.workspaceId, workspaceId)).orderBy(asc(leaveApplications.id)),
  });
const application = async (id: string) => (await t.db.select().from(leaveApplications).where(eq(leaveApplications.id, id)))[0];
const applicationsOf = (userId: string) => t.db.select().from(leaveApplications).where(eq(leaveApplications.userId, userId));
const statusIn = async (workspaceId: string, userId: string) =>
  (await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, userId))).find((m) => m.workspaceId === workspaceId)?.status;

const { reset: resetTokens, post } = callerTokens(() => t, () => w);

const call = (name: EndpointName, caller: Caller, body: unknown, headers: Record<string, string> = {}) => post(endpoints[name].path, caller, snakeKeys(body), headers);

beforeAll(() => {
  resetTokens();
});

describe('authorization matrix (SPEC §6)', () => {
  it('covers the application and every leave endpoint; listing and deciding are for the owner and managers', () => {
    expect([...names].sort()).toEqual(['leaveApprove', 'leaveDecline', 'leaveMine', 'leavePending', 'leaveWithdraw', 'workspaceLeave']);
    expect(endpoints.workspaceLeave.access).toBe('member');
    expect(leaveEndpoints.leaveMine.access).toBe('member');
    expect(leaveEndpoints.leaveWithdraw.access).toBe('member');
    for (const name of ['leavePending', 'leaveApprove', 'leaveDecline'] as const) expect(leaveEndpoints[name].access).toBe('manager');
  });

  for (const name of names) {
    for (const caller of callers) {
      const expected = matrix[name].expect[caller];
      it(`${name} as ${caller} -> ${expected}`, async () => {
        await makeWorld();
        const before = { W: await snapshot(w.W), W2: await snapshot(w.W2) };
        const res = await call(name, caller, matrix[name].body());
        expect(res.code, res.message).toBe(expected);
        if (expected !== OK) {
          // A refused call leaves both workspaces exactly as they were.
          expect(await snapshot(w.W)).toBe(before.W);
          expect(await snapshot(w.W2)).toBe(before.W2);
        }
        if (caller === 'adminExtension' && (name === 'leaveApprove' || name === 'leaveDecline')) {
          // Refused for being the extension (after the access checks).
          expect(res.message).toBe(WEB_SESSION_ONLY_MESSAGE);
        }
        if (caller === 'otherAdmin') {
          // Another workspace's admin neither sees nor changes W's applications.
          expect(await snapshot(w.W)).toBe(before.W);
          expect(res.text).not.toContain(MEMBER_APP);
          expect(res.text).not.toContain(TARGET_APP);
          expect(res.text).not.toContain('member note');
        }
        if (expected === OK && (caller === 'admin' || caller === 'manager') && (name === 'leaveApprove' || name === 'leaveDecline')) {
          expect(await application(TARGET_APP)).toMatchObject({ status: name === 'leaveApprove' ? 'approved' : 'declined', decidedBy: w.who[caller].userId });
          expect(await statusIn(w.W, w.who.target.userId)).toBe(name === 'leaveApprove' ? 'removed' : 'joined');
          expect(await snapshot(w.W2)).toBe(before.W2);
        }
        if (expected === OK && name === 'leavePending') {
          const ids = ((res.data as { items: { id: string }[] }).items ?? []).map((a) => a.id);
          expect(ids).toEqual(caller === 'otherAdmin' ? [OTHER_APP] : [MEMBER_APP, TARGET_APP]);
        }
        if (expected === OK && name === 'workspaceLeave') {
          // The caller's own application: the member's pending one as it was, a new one for the manager.
          const answer = leaveApplicationSchema.parse(camelKeys(res.data));
          const self = caller === 'memberExtension' ? 'member' : caller;
          expect(answer.userId).toBe(w.who[self as 'member' | 'manager'].userId);
          if (self === 'member') expect(answer.id).toBe(MEMBER_APP);
        }
      });
    }
  }
});

describe('another workspace’s application ids', () => {
  it('are NOT_FOUND for the owner and managers of W, and stay pending', async () => {
    await makeWorld();
    const before = await snapshot(w.W2);
    for (const caller of ['admin', 'manager'] as const) {
      for (const name of ['leaveApprove', 'leaveDecline'] as const) expect((await call(name, caller, { id: OTHER_APP })).code).toBe(NF);
    }
    expect((await call('leaveWithdraw', 'member', { id: OTHER_APP })).code).toBe(NF);
    expect(await snapshot(w.W2)).toBe(before);
  });
});

describe('the source-user header', () => {
  const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

  for (const name of names) {
    it(`${name}: a member sending it gets nothing done, nothing written`, async () => {
      await makeWorld();
      const before = { W: await snapshot(w.W), W2: await snapshot(w.W2) };
      const res = await call(name, 'member', matrix[name].body(), { [SOURCE_USER_HEADER]: w.who.admin.userId });
      expect(res.code).toBe(F);
      expect(await snapshot(w.W)).toBe(before.W);
      expect(await snapshot(w.W2)).toBe(before.W2);
      // Ignored by the deciding calls (the member is refused for their role); refused and logged by the others.
      const ignored = endpoints[name].sourceUser === 'ignored';
      expect(refusals()).toHaveLength(ignored ? 0 : 1);
    });
  }

  it('never makes the owner apply for a member: the owner is refused as the owner, the member has no application', async () => {
    await makeWorld();
    const before = await snapshot(w.W);
    const res = await call('workspaceLeave', 'admin', { workspaceId: w.W }, { [SOURCE_USER_HEADER]: w.who.manager.userId });
    expect(res.code).toBe(F);
    expect(await applicationsOf(w.who.manager.userId)).toEqual([]);
    expect(await snapshot(w.W)).toBe(before);
  });

  it('a manager naming a member applies for themself, never for the member', async () => {
    await makeWorld();
    const res = await call('workspaceLeave', 'manager', { workspaceId: w.W }, { [SOURCE_USER_HEADER]: w.who.member.userId });
    expect(res.code, res.message).toBe(OK);
    expect(leaveApplicationSchema.parse(camelKeys(res.data)).userId).toBe(w.who.manager.userId);
    expect(await applicationsOf(w.who.member.userId)).toEqual([expect.objectContaining({ id: MEMBER_APP, status: 'pending', note: 'member note' })]);
  });

  it('a decision is the caller’s: the owner naming a member approves as the owner', async () => {
    await makeWorld();
    const res = await call('leaveApprove', 'admin', { id: TARGET_APP }, { [SOURCE_USER_HEADER]: w.who.member.userId });
    expect(res.code, res.message).toBe(OK);
    expect(await application(TARGET_APP)).toMatchObject({ status: 'approved', decidedBy: w.who.admin.userId });
    expect(await statusIn(w.W, w.who.member.userId)).toBe('joined');
    expect(refusals()).toHaveLength(0);
  });

  it('a manager naming a member of another workspace: refused on the member calls, their own decision on the others', async () => {
    await makeWorld();
    const header = { [SOURCE_USER_HEADER]: w.who.otherAdmin.userId };
    expect((await call('workspaceLeave', 'manager', { workspaceId: w.W }, header)).code).toBe(F);
    expect((await call('leaveMine', 'manager', {}, header)).code).toBe(F);
    expect(refusals()).toHaveLength(2);
    expect(await applicationsOf(w.who.manager.userId)).toEqual([]);
    expect((await call('leaveDecline', 'manager', { id: TARGET_APP }, header)).code).toBe(OK);
    expect(await application(TARGET_APP)).toMatchObject({ status: 'declined', decidedBy: w.who.manager.userId });
  });
});
