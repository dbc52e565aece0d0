/**
 * Leaving a workspace by application (SPEC §4 Workspace: "leaving requires applying to the
 * administrator"; src/contract/leave.ts): a member applies (`/member/workspace/leave`, with an
 * optional note of at most 500 characters), keeps every access while the application is pending,
 * may withdraw it; the admin and managers list the pending applications and approve (the member's
 * row becomes removed, their data kept, their current workspace cleared, the application approved
 * with the time and the decider, all at once) or decline. Applying twice answers the pending
 * application; the owner cannot apply; nobody decides their own; a member removed meanwhile has
 * their application closed. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leaveApplications, userSettings, workspaceMembers } from '../../server/db/schema';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { LEAVE_NOTE_MAX, leaveApplicationSchema, leaveListData, leaveMineData, type LeaveApplication } from '../../src/contract/leave';
import type { TestApp } from './support/test-app';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });

const SECOND = 1000;
const call = (name: EndpointName, who: Person, body: unknown = {}) => t.post(endpoints[name].path, body, { token: w.who[who].accessToken });
const asApplication = (data: unknown): LeaveApplication => leaveApplicationSchema.parse(camelKeys(data));

const apply = async (who: Person, note?: string | null): Promise<LeaveApplication> => {
  const res = await call('workspaceLeave', who, { workspace_id: w.W, ...(note !== undefined ? { note } : {}) });
  expect(res.code, res.message).toBe(Code.OK);
  return asApplication(res.data);
};
const mine = async (who: Person) => {
  const res = await call('leaveMine', who);
  expect(res.code, res.message).toBe(Code.OK);
  return leaveMineData.parse(camelKeys(res.data)).application;
};
const pendingList = async (who: Person = 'admin') => {
  const res = await call('leavePending', who);
  expect(res.code, res.message).toBe(Code.OK);
  return leaveListData.parse(camelKeys(res.data)).items;
};
const memberRow = async (who: Person) =>
  (await t.db.select().from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, w.W), eq(workspaceMembers.userId, w.who[who].userId))))[0];
const currentWorkspace = async (who: Person) =>
  (await t.db.select().from(userSettings).where(eq(userSettings.userId, w.who[who].userId)))[0]?.workspaceId ?? null;
const rows = () => t.db.select().from(leaveApplications);
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

describe('applying to leave', () => {
  it('answers the pending application with the note; the member keeps every access', async () => {
    const now = t.clock.now();
    const application = await apply('member', '  Moving to another team  ');
    expect(application).toMatchObject({
      userId: w.who.member.userId,
      email: 'member@example.com',
      status: 'pending',
      note: 'Moving to another team',
      createdAt: unix(now),
      decidedAt: null,
    });
    expect(await memberRow('member')).toMatchObject({ status: 'joined' });
    expect(await currentWorkspace('member')).toBe(w.W);
    // Full access while pending (SPEC §4): the members page, the workspace, the member's own calls.
    expect((await call('workspacePage', 'member', { workspace_id: w.W })).code).toBe(Code.OK);
    expect((await call('workspaceInfo', 'member')).data).toMatchObject({ workspace_id: w.W });
    expect(await mine('member')).toEqual(application);
    expect(t.logger.lines.some((l) => l.line.startsWith('[workspace] applied to leave'))).toBe(true);
  });

  it('applying again answers the pending application unchanged (one row)', async () => {
    const first = await apply('member', 'first reason');
    t.clock.advance(5 * SECOND);
    const again = await apply('member', 'second reason');
    expect(again).toEqual(first);
    const [a, b] = await Promise.all([apply('member'), apply('member')]);
    expect([a.id, b.id]).toEqual([first.id, first.id]);
    expect(await rows()).toHaveLength(1);
  });

  it(`takes a note of up to ${LEAVE_NOTE_MAX} characters; a blank note is none`, async () => {
    const tooLong = await call('workspaceLeave', 'member', { workspace_id: w.W, note: 'x'.repeat(LEAVE_NOTE_MAX + 1) });
    expect(tooLong.code).toBe(Code.VALIDATION);
    expect(tooLong.message).toContain(`at most ${LEAVE_NOTE_MAX} characters`);
    expect(await rows()).toHaveLength(0);
    expect((await apply('member', 'x'.repeat(LEAVE_NOTE_MAX))).note).toHaveLength(LEAVE_NOTE_MAX);
    expect((await apply('target', '   ')).note).toBeNull();
    expect((await apply('manager', null)).note).toBeNull();
  });

  it('the owner cannot apply (they disband instead), and nothing is written', async () => {
    const res = await call('workspaceLeave', 'admin', { workspace_id: w.W });
    expect(res.code).toBe(Code.FORBIDDEN);
    expect(res.message).toContain('disband');
    expect(await rows()).toHaveLength(0);
    expect(await mine('admin')).toBeNull();
  });

  it('another workspace named in the body is refused', async () => {
    expect((await call('workspaceLeave', 'member', { workspace_id: w.W2 })).code).toBe(Code.FORBIDDEN);
    expect(await rows()).toHaveLength(0);
  });
});

describe('the pending list', () => {
  it('lists the pending applications oldest first for the admin and the managers', async () => {
    const first = await apply('target', 'first');
    t.clock.advance(SECOND);
    const second = await apply('member');
    expect(await pendingList('admin')).toEqual([first, second]);
    expect(await pendingList('manager')).toEqual([first, second]);
    expect((await call('leavePending', 'member')).code).toBe(Code.FORBIDDEN);
    // Another workspace's owner sees their own (none), never W's.
    expect(await pendingList('otherAdmin')).toEqual([]);
  });
});

describe('approving', () => {
  it('removes the member at once: row removed (data kept), workspace cleared, application approved by the decider', async () => {
    const application = await apply('member');
    t.clock.advance(60 * SECOND);
    const decidedAt = t.clock.now();
    const res = await call('leaveApprove', 'manager', { id: application.id });
    expect(res.code, res.message).toBe(Code.OK);
    expect(asApplication(res.data)).toEqual({ ...application, status: 'approved', decidedAt: unix(decidedAt) });
    // Left by application: the row stays (their data is kept), removed without removedAt (a link
    // made before still lets them back in, as leaving always did).
    expect(await memberRow('member')).toMatchObject({ status: 'removed', removedAt: null });
    expect(await currentWorkspace('member')).toBeNull();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'approved', decidedBy: w.who.manager.userId, decidedAt });
    expect(await pendingList()).toEqual([]);
    // The member is out: their next call is refused, and the gate sends them to /workspace.
    expect((await call('workspaceInfo', 'member')).code).toBe(Code.NO_WORKSPACE);
    expect((await call('leaveMine', 'member')).code).toBe(Code.NO_WORKSPACE);
    // Decided once: approving or declining again finds no pending application.
    expect((await call('leaveApprove', 'admin', { id: application.id })).code).toBe(Code.NOT_FOUND);
    expect((await call('leaveDecline', 'admin', { id: application.id })).code).toBe(Code.NOT_FOUND);
    expect(t.logger.lines.some((l) => l.line.startsWith('[workspace] leave approved'))).toBe(true);
  });

  it('a member who left may join another workspace', async () => {
    const application = await apply('target');
    expect((await call('leaveApprove', 'admin', { id: application.id })).code).toBe(Code.OK);
    const token = await w.invite(w.W3, 'public');
    expect((await call('joinByPublicInviteUrl', 'target', { invite_token: token })).code).toBe(Code.OK);
    expect((await call('workspaceInfo', 'target')).data).toMatchObject({ workspace_id: w.W3 });
  });

  it('nobody decides their own application: a manager applies, the owner approves', async () => {
    const application = await apply('manager');
    const before = await rows();
    expect((await call('leaveApprove', 'manager', { id: application.id })).code).toBe(Code.FORBIDDEN);
    expect((await call('leaveDecline', 'manager', { id: application.id })).code).toBe(Code.FORBIDDEN);
    expect(await rows()).toEqual(before);
    expect(await memberRow('manager')).toMatchObject({ status: 'joined' });
    expect((await call('leaveApprove', 'admin', { id: application.id })).code).toBe(Code.OK);
    expect(await memberRow('manager')).toMatchObject({ status: 'removed' });
  });

  it('an unknown id is NOT_FOUND and changes nothing', async () => {
    await apply('member');
    const before = await w.snapshot();
    expect((await call('leaveApprove', 'admin', { id: 'no-such-application' })).code).toBe(Code.NOT_FOUND);
    expect((await call('leaveApprove', 'admin', {})).code).toBe(Code.VALIDATION);
    expect(await w.snapshot()).toBe(before);
  });
});

describe('declining', () => {
  it('the member stays; they see the decision, and may apply again (a new application)', async () => {
    const application = await apply('member', 'please');
    const res = await call('leaveDecline', 'admin', { id: application.id });
    expect(res.code, res.message).toBe(Code.OK);
    expect(asApplication(res.data)).toMatchObject({ id: application.id, status: 'declined', decidedAt: unix(t.clock.now()) });
    expect(await memberRow('member')).toMatchObject({ status: 'joined' });
    expect(await currentWorkspace('member')).toBe(w.W);
    expect(await mine('member')).toMatchObject({ id: application.id, status: 'declined' });
    expect(await pendingList()).toEqual([]);
    t.clock.advance(SECOND);
    const again = await apply('member');
    expect(again.id).not.toBe(application.id);
    expect(await mine('member')).toEqual(again);
    expect(await rows()).toHaveLength(2);
  });
});

describe('withdrawing', () => {
  it('withdraws the own pending application; applying again takes the same row back', async () => {
    const application = await apply('member', 'first');
    const res = await call('leaveWithdraw', 'member', { id: application.id });
    expect(res.code, res.message).toBe(Code.OK);
    expect(asApplication(res.data)).toMatchObject({ id: application.id, status: 'withdrawn' });
    expect(await mine('member')).toMatchObject({ status: 'withdrawn' });
    expect(await pendingList()).toEqual([]);
    // Withdrawn: nothing to withdraw again or to decide.
    expect((await call('leaveWithdraw', 'member', { id: application.id })).code).toBe(Code.NOT_FOUND);
    expect((await call('leaveApprove', 'admin', { id: application.id })).code).toBe(Code.NOT_FOUND);
    t.clock.advance(SECOND);
    const again = await apply('member', 'second');
    expect(again).toMatchObject({ id: application.id, status: 'pending', note: 'second', createdAt: unix(t.clock.now()), decidedAt: null });
    expect(await rows()).toHaveLength(1);
    expect(await memberRow('member')).toMatchObject({ status: 'joined' });
  });

  it("nobody withdraws another member's application", async () => {
    const application = await apply('member');
    for (const who of ['target', 'manager', 'admin'] as const) {
      expect((await call('leaveWithdraw', who, { id: application.id })).code).toBe(Code.NOT_FOUND);
    }
    expect(await mine('member')).toMatchObject({ status: 'pending' });
  });
});

describe('a member removed meanwhile', () => {
  it('has their application closed by the removal; rejoined, they start afresh', async () => {
    const application = await apply('target');
    const removed = await call('inviteRecordDelete', 'manager', { workspace_id: w.W, target_user_id: w.who.target.userId });
    expect(removed.code).toBe(Code.OK);
    expect(await rows()).toEqual([expect.objectContaining({ id: application.id, status: 'approved', decidedBy: w.who.manager.userId })]);
    expect(await pendingList()).toEqual([]);
    expect((await call('leaveApprove', 'admin', { id: application.id })).code).toBe(Code.NOT_FOUND);

    // Back through a link made after the removal: no application in this membership.
    t.clock.advance(SECOND);
    const token = await w.invite(w.W, 'public');
    expect((await call('joinByPublicInviteUrl', 'target', { invite_token: token })).code).toBe(Code.OK);
    expect(await mine('target')).toBeNull();
    t.clock.advance(SECOND);
    expect((await apply('target')).id).not.toBe(application.id);
  });

  it('approving the application of someone no longer joined closes it and touches no row', async () => {
    const application = await apply('target');
    // Removed without the application being closed (an older row, say).
    await t.db.update(workspaceMembers).set({ status: 'removed' }).where(eq(workspaceMembers.userId, w.who.target.userId));
    const before = await w.snapshot();
    const res = await call('leaveApprove', 'admin', { id: application.id });
    expect(res.code, res.message).toBe(Code.OK);
    expect(asApplication(res.data).status).toBe('approved');
    expect(await w.snapshot()).toBe(before);
  });
});
