/** The workspace-members machine's paging, seat-limit and invite-dialog rules (the paths test reaches every state). */
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { WorkspaceMember } from '../../src/contract/workspace';
import type { InviteMembersActorRef, Seats } from '../../src/machines/invite-members.machine';
import { LEAVE_RECHECK_MS, type LeaveApplicationActorRef, type LeaveReviewActorRef } from '../../src/machines/leave-application.machine';
import type { planUpgradeMachine, PlanUpgradeInput, PlanUpgradeOutput } from '../../src/machines/plan-upgrade.machine';
import type { seatPurchaseMachine, SeatPurchaseInput, SeatPurchaseOutput } from '../../src/machines/seat-purchase.machine';
import {
  teamMembersMachine,
  type ActionAnswer,
  type LoadAutoSyncInput,
  type LoadPageInput,
  type MembersPage,
  type RunActionInput,
} from '../../src/machines/team-members.machine';
import { teamMembersEffects } from '../../src/services/actors/team';
import { roleItemsFor, roleOf } from '../../src/contract/roles';
import { autoSyncLockedOf, exitOf, rowActionsOf } from '../../src/machines/team-members.machine';
import { encodePerms } from '../../src/contract/permissions';
import { planMask } from '../../src/contract/plans';
import { fakeFlowServices } from '../support/fake-api';
import { controllable, flush } from '../support/fakes';

const member = (i: number, status: WorkspaceMember['status'] = 'joined'): WorkspaceMember => ({
  userId: status === 'invited' ? '' : `u${i}`,
  email: `m${i}@x.test`,
  name: `M${i}`,
  status,
  level: 'member',
  number: null,
  syncType: 'off',
});
const rows = (from: number, n: number) => Array.from({ length: n }, (_, k) => member(from + k));

const start = () => {
  const loadPage = controllable<MembersPage, LoadPageInput>();
  const runAction = controllable<ActionAnswer, RunActionInput>();
  const loadSeats = controllable<Seats, void>();
  // The Usage limit dialog's children, settled by the test (their own flows have their own tests).
  const seatPurchase = controllable<SeatPurchaseOutput, SeatPurchaseInput>();
  const planUpgrade = controllable<PlanUpgradeOutput, PlanUpgradeInput>();
  const leftWorkspace = vi.fn();
  const actor = createActor(
    teamMembersMachine.provide({
      actors: { loadPage: loadPage.logic, runAction: runAction.logic, loadSeats: loadSeats.logic, seatPurchase: seatPurchase.logic as unknown as typeof seatPurchaseMachine, planUpgrade: planUpgrade.logic as unknown as typeof planUpgradeMachine },
      actions: { leftWorkspace },
    }),
    { input: { workspaceId: 'w1', selfId: 'u0', role: 'admin' } },
  ).start();
  return { actor, loadPage, runAction, loadSeats, seatPurchase, planUpgrade, leftWorkspace };
};

describe('team members machine', () => {
  it('shows a page only once it arrived: a failed page 2 keeps page 1 on screen', async () => {
    const { actor, loadPage } = start();
    loadPage.resolve({ items: rows(1, 20), total: 21 });
    await flush();
    actor.send({ type: 'user.page', page: 2 });
    expect(loadPage.calls.at(-1)).toEqual({ workspaceId: 'w1', page: 2 });
    expect(actor.getSnapshot().context.page).toBe(1);
    loadPage.reject(new Error('network'));
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches({ list: 'failed' })).toBe(true);
    expect(s.context.page).toBe(1);
    expect(s.context.items[0]?.email).toBe('m1@x.test');
    actor.send({ type: 'user.retry' });
    expect(loadPage.calls.at(-1)).toEqual({ workspaceId: 'w1', page: 2 });
    loadPage.resolve({ items: [member(21, 'invited')], total: 21 });
    await flush();
    expect(actor.getSnapshot().context.page).toBe(2);
  });

  it('falls back to the last page with rows when a deletion empties the page on screen', async () => {
    const { actor, loadPage, runAction } = start();
    loadPage.resolve({ items: rows(1, 20), total: 21 });
    await flush();
    actor.send({ type: 'user.page', page: 2 });
    loadPage.resolve({ items: [member(21, 'invited')], total: 21 });
    await flush();
    actor.send({ type: 'user.deleteInvite', email: 'm21@x.test' });
    actor.send({ type: 'user.confirm' });
    runAction.resolve({ ok: true });
    await flush();
    expect(loadPage.calls.at(-1)).toEqual({ workspaceId: 'w1', page: 2 });
    loadPage.resolve({ items: [], total: 20 });
    await flush();
    expect(loadPage.calls.at(-1)).toEqual({ workspaceId: 'w1', page: 1 });
    loadPage.resolve({ items: rows(1, 20), total: 20 });
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches({ list: 'ready' })).toBe(true);
    expect(s.context.page).toBe(1);
    expect(s.context.items).toHaveLength(20);
    expect(s.context.done).toBe('deleteInvite');
  });

  it('an empty workspace stays on page 1 without asking again', async () => {
    const { actor, loadPage } = start();
    loadPage.resolve({ items: [], total: 0 });
    await flush();
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(loadPage.calls).toHaveLength(1);
  });

  it('opens the Usage limit dialog when a re-invitation needs a seat the plan lacks', async () => {
    const { actor, loadPage, runAction, loadSeats } = start();
    loadPage.resolve({ items: [member(1, 'removed')], total: 1 });
    await flush();
    actor.send({ type: 'user.resend', email: 'm1@x.test' });
    runAction.resolve({ ok: false, code: Code.MEMBER_EXCEEDED, message: 'Exceeded personnel limit' });
    await flush();
    expect(actor.getSnapshot().matches({ list: { usageLimit: 'loading' } })).toBe(true);
    loadSeats.resolve({ planName: 'Starter', planCode: 'starter', used: 5, limit: 5, mayBuy: true });
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches({ list: { usageLimit: 'shown' } })).toBe(true);
    expect(s.hasTag('usageLimit')).toBe(true);
    expect(s.context.seats).toEqual({ planName: 'Starter', planCode: 'starter', used: 5, limit: 5, mayBuy: true });
    expect(s.context.error).toBeNull();
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('Upgrade now on a paid plan buys a seat, then invites the same address again at once', async () => {
    const { actor, loadPage, runAction, loadSeats, seatPurchase } = start();
    loadPage.resolve({ items: [member(1, 'removed')], total: 1 });
    await flush();
    actor.send({ type: 'user.resend', email: 'm1@x.test' });
    runAction.resolve({ ok: false, code: Code.MEMBER_EXCEEDED, message: 'Exceeded personnel limit' });
    await flush();
    loadSeats.resolve({ planName: 'Starter', planCode: 'starter', used: 5, limit: 5, mayBuy: true });
    await flush();
    actor.send({ type: 'user.upgrade' });
    // The seat purchase runs as the child the view renders, its dialog on top of the Usage limit dialog.
    expect(seatPurchase.calls).toEqual([{ planCode: 'starter', quantity: 1 }]);
    expect(actor.getSnapshot().children.seatPurchase).toBeDefined();
    expect(actor.getSnapshot().matches({ list: { usageLimit: 'buyingSeats' } })).toBe(true);
    // Closed unpaid: back to the Usage limit dialog, the re-invitation still waiting.
    seatPurchase.resolve({ paid: false, seatsAdded: 0 });
    await flush();
    expect(actor.getSnapshot().matches({ list: { usageLimit: 'shown' } })).toBe(true);
    actor.send({ type: 'user.upgrade' });
    seatPurchase.resolve({ paid: true, seatsAdded: 1 });
    await flush();
    expect(runAction.calls).toEqual([
      { workspaceId: 'w1', action: { kind: 'resend', email: 'm1@x.test' } },
      { workspaceId: 'w1', action: { kind: 'resend', email: 'm1@x.test' } },
    ]);
    runAction.resolve({ ok: true });
    await flush();
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    expect(actor.getSnapshot().context.done).toBe('resend');
  });

  it('Upgrade now on trial upgrades the plan instead; a member is offered nothing', async () => {
    const { actor, loadPage, runAction, loadSeats, seatPurchase, planUpgrade } = start();
    loadPage.resolve({ items: [member(1, 'removed')], total: 1 });
    await flush();
    actor.send({ type: 'user.resend', email: 'm1@x.test' });
    runAction.resolve({ ok: false, code: Code.MEMBER_EXCEEDED, message: 'Exceeded personnel limit' });
    await flush();
    loadSeats.resolve({ planName: 'Trial', planCode: 'trial', used: 5, limit: 5, mayBuy: true });
    await flush();
    actor.send({ type: 'user.upgrade' });
    expect(seatPurchase.calls).toEqual([]);
    expect(planUpgrade.calls).toEqual([{ currentPlanCode: 'trial' }]);
    planUpgrade.resolve({ upgraded: true, planCode: 'starter' });
    await flush();
    expect(runAction.calls).toHaveLength(2);
    // The plan still lacks the seat: the Usage limit dialog again, this time read for a member.
    runAction.resolve({ ok: false, code: Code.MEMBER_EXCEEDED, message: 'Exceeded personnel limit' });
    await flush();
    loadSeats.resolve({ planName: 'Starter', planCode: 'starter', used: 3, limit: 3, mayBuy: false });
    await flush();
    actor.send({ type: 'user.upgrade' });
    expect(actor.getSnapshot().matches({ list: { usageLimit: 'shown' } })).toBe(true);
    expect(seatPurchase.calls).toEqual([]);
    expect(planUpgrade.calls).toHaveLength(1);
  });
});

describe('what a row offers (rowActionsOf, exitOf)', () => {
  const owner: WorkspaceMember = { ...member(0), level: 'admin' };
  const manager: WorkspaceMember = { ...member(1), level: 'manager' };
  const plain = member(2);
  const invited = member(3, 'invited');
  const removed = member(4, 'removed');
  const none = { self: false, changeRole: false, changeSync: false, remove: false, resend: false, deleteInvite: false, reinvite: false };

  it('the owner manages everyone but themself, and sets their own sync type', () => {
    const viewer = { role: 'admin' as const, selfId: 'u0' };
    expect(rowActionsOf(viewer, owner)).toEqual({ ...none, self: true, changeSync: true });
    expect(rowActionsOf(viewer, manager)).toEqual({ ...none, changeRole: true, changeSync: true, remove: true });
    expect(rowActionsOf(viewer, invited)).toEqual({ ...none, resend: true, deleteInvite: true });
    expect(rowActionsOf(viewer, removed)).toEqual({ ...none, reinvite: true });
    expect(exitOf('admin')).toBe('disband');
  });

  it('a manager manages members but not the owner nor themself; a member manages nothing', () => {
    const asManager = { role: 'manager' as const, selfId: 'u1' };
    expect(rowActionsOf(asManager, owner)).toEqual(none);
    expect(rowActionsOf(asManager, manager)).toEqual({ ...none, self: true, changeSync: true });
    expect(rowActionsOf(asManager, plain)).toEqual({ ...none, changeRole: true, changeSync: true, remove: true });
    expect(exitOf('manager')).toBe('leave');
    const asMember = { role: 'member' as const, selfId: 'u2' };
    for (const row of [owner, manager, invited, removed]) expect(rowActionsOf(asMember, row)).toEqual(none);
    expect(rowActionsOf(asMember, plain)).toEqual({ ...none, self: true });
    expect(exitOf('member')).toBe('leave');
  });

  it('reads the role from the wire roles (src/contract/roles.ts)', () => {
    expect(roleOf(roleItemsFor('admin'))).toBe('admin');
    expect(roleOf(roleItemsFor('manager'))).toBe('manager');
    expect(roleOf(roleItemsFor('member'))).toBe('member');
  });
});

describe('auto sync below the Pro plan (SPEC §1)', () => {
  const startWith = () => {
    const loadPage = controllable<MembersPage, LoadPageInput>();
    const runAction = controllable<ActionAnswer, RunActionInput>();
    const loadAutoSync = controllable<boolean, LoadAutoSyncInput>();
    const actor = createActor(teamMembersMachine.provide({ actors: { loadPage: loadPage.logic, runAction: runAction.logic, loadAutoSync: loadAutoSync.logic } }), {
      input: { workspaceId: 'w1', selfId: 'u0', role: 'admin' },
    }).start();
    return { actor, loadPage, runAction, loadAutoSync };
  };

  it('on a plan without auto sync, auto is not sent; off and manual are', async () => {
    const { actor, loadPage, runAction, loadAutoSync } = startWith();
    expect(loadAutoSync.calls).toEqual([{ userId: 'u0' }]);
    loadAutoSync.resolve(false);
    loadPage.resolve({ items: rows(1, 2), total: 2 });
    await flush();
    expect(autoSyncLockedOf(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'user.changeSync', userId: 'u1', syncType: 'auto' });
    expect(runAction.calls).toEqual([]);
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    actor.send({ type: 'user.changeSync', userId: 'u1', syncType: 'manual' });
    expect(runAction.calls).toEqual([{ workspaceId: 'w1', action: { kind: 'sync', userId: 'u1', syncType: 'manual' } }]);
  });

  it('a PLAN_LIMIT answer (the plan could not be read) shows the note instead of an error', async () => {
    const { actor, loadPage, runAction, loadAutoSync } = startWith();
    loadAutoSync.reject(new Error('network'));
    loadPage.resolve({ items: rows(1, 2), total: 2 });
    await flush();
    expect(actor.getSnapshot().context.autoSync).toBeNull();
    actor.send({ type: 'user.changeSync', userId: 'u1', syncType: 'auto' });
    runAction.resolve({ ok: false, code: Code.PLAN_LIMIT, message: 'Your plan does not include this feature' });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ list: 'ready' })).toBe(true);
    expect(snapshot.context).toMatchObject({ autoSync: false, error: null, pending: null, done: null });
    expect(autoSyncLockedOf(snapshot.context)).toBe(true);
  });
});

describe('team members effects', () => {
  const ok = (data: unknown) => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });
  const page = ok({ items: [member(1), member(2)], total: 2, page: 1, size: 20 });

  it('a role change calls the server, then tells the account to refresh', async () => {
    const s = fakeFlowServices((name) => (name === 'workspacePage' ? page : ok(null)));
    const actor = createActor(teamMembersMachine.provide(teamMembersEffects(s.services)), { input: { workspaceId: 'w1', selfId: 'u0', role: 'admin' } }).start();
    await flush();
    actor.send({ type: 'user.changeRole', userId: 'u2', level: 'manager' });
    await flush();
    // The owner also reads the pay info (whether the plan allows auto sync); the sync-health lines load with the list.
    // The owner also lists the pending applications to leave (SPEC §4).
    expect(s.calls.map((c) => c.name)).toEqual(['workspacePage', 'syncHealth', 'payInfo', 'leavePending', 'userLevelUpdate', 'workspacePage']);
    expect(s.calls[0]?.body).toEqual({ workspaceId: 'w1', page: 1, size: 20 });
    expect(s.calls[4]?.body).toEqual({ userLevel: 'manager', userId: 'u2', workspaceId: 'w1' });
    expect(s.sent).toEqual([
      { systemId: 'account', event: { type: 'account.refresh' } },
      { systemId: 'planPanel', event: { type: 'plan.reload' } },
    ]);
  });

  it('a refused change tells nobody', async () => {
    const s = fakeFlowServices((name) => (name === 'workspacePage' ? page : { ok: false, raw: false, code: Code.FORBIDDEN, data: null, message: 'no' }));
    const actor = createActor(teamMembersMachine.provide(teamMembersEffects(s.services)), { input: { workspaceId: 'w1', selfId: 'u0', role: 'admin' } }).start();
    await flush();
    actor.send({ type: 'user.changeSync', userId: 'u2', syncType: 'auto' });
    await flush();
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'server', code: Code.FORBIDDEN, message: 'no' });
    expect(s.sent).toEqual([]);
  });

  it('opens the invite dialog as its child for the owner; invitations sent reload the page on screen and refresh the account', async () => {
    const s = fakeFlowServices((name) => (name === 'workspacePage' ? page : name === 'inviteUrlList' ? ok({ items: [] }) : ok(null)));
    const actor = createActor(teamMembersMachine.provide(teamMembersEffects(s.services)), { input: { workspaceId: 'w1', selfId: 'u0', role: 'admin' } }).start();
    await flush();
    actor.send({ type: 'user.invite', tab: 'email' });
    const invite = actor.getSnapshot().children.invite as InviteMembersActorRef | undefined;
    expect(invite?.getSnapshot().context.tab).toBe('email');
    invite?.send({ type: 'user.emailsChanged', value: 'new@x.test' });
    invite?.send({ type: 'user.send' });
    await flush();
    expect(s.calls.map((c) => c.name)).toEqual(['workspacePage', 'syncHealth', 'payInfo', 'leavePending', 'inviteUrlList', 'inviteRecordCreate', 'workspacePage']);
    expect(s.calls[5]?.body).toEqual({ emails: ['new@x.test'] });
    expect(s.calls[6]?.body).toEqual({ workspaceId: 'w1', page: 1, size: 20 });
    expect(s.sent).toEqual([
      { systemId: 'account', event: { type: 'account.refresh' } },
      { systemId: 'planPanel', event: { type: 'plan.reload' } },
    ]);
    // Closing the dialog ends the child flow; the list stays.
    invite?.send({ type: 'user.close' });
    expect(actor.getSnapshot().matches({ list: 'ready', invite: 'closed' })).toBe(true);
    expect(actor.getSnapshot().children.invite).toBeUndefined();
  });

  it('offers no invite dialog to a member (SPEC §6: the owner and managers invite)', async () => {
    const s = fakeFlowServices(() => page);
    const actor = createActor(teamMembersMachine.provide(teamMembersEffects(s.services)), { input: { workspaceId: 'w1', selfId: 'u2', role: 'member' } }).start();
    await flush();
    actor.send({ type: 'user.invite' });
    expect(actor.getSnapshot().matches({ invite: 'closed' })).toBe(true);
    expect(actor.getSnapshot().children.invite).toBeUndefined();
  });

  it('decodes auto sync from the pay info (SPEC §1: Pro and up); a member does not read it', async () => {
    const pay = (planCode: 'starter' | 'pro', userId: string) =>
      ok({ planCode, planName: planCode, planPriceTitle: '', inviteLimit: 3, inviteCount: 1, planStart: 0, planEnd: 0, planGroup: planCode, perms: encodePerms(planMask(planCode), userId) });
    for (const planCode of ['starter', 'pro'] as const) {
      const s = fakeFlowServices((name) => (name === 'workspacePage' ? page : name === 'payInfo' ? pay(planCode, 'u0') : ok(null)));
      const actor = createActor(teamMembersMachine.provide(teamMembersEffects(s.services)), { input: { workspaceId: 'w1', selfId: 'u0', role: 'manager' } }).start();
      await flush();
      expect(actor.getSnapshot().context.autoSync, planCode).toBe(planCode === 'pro');
      expect(autoSyncLockedOf(actor.getSnapshot().context), planCode).toBe(planCode === 'starter');
    }
    const s = fakeFlowServices(() => page);
    const actor = createActor(teamMembersMachine.provide(teamMembersEffects(s.services)), { input: { workspaceId: 'w1', selfId: 'u2', role: 'member' } }).start();
    await flush();
    // A member reads their own application to leave (SPEC §4), not the pay info.
    expect(s.calls.map((c) => c.name)).toEqual(['workspacePage', 'syncHealth', 'leaveMine']);
    expect(actor.getSnapshot().context.autoSync).toBeNull();
  });

  it('leaving is by application (SPEC §4): the member applies through the child flow and stays; once approved the flow hands over to the gate', async () => {
    const pending = { id: 'a1', userId: 'u2', email: 'm2@x.test', name: 'M2', note: null, status: 'pending', createdAt: 1_700_000_000, decidedAt: null };
    const answers: Record<string, unknown> = { workspacePage: page, leaveMine: ok({ application: null }), workspaceLeave: ok(pending) };
    const s = fakeFlowServices((name) => (answers[name] as ReturnType<typeof ok>) ?? ok(null));
    const clock = new SimulatedClock();
    const actor = createActor(teamMembersMachine.provide(teamMembersEffects(s.services)), { input: { workspaceId: 'w1', selfId: 'u2', role: 'member' }, clock }).start();
    await flush();
    const leaving = actor.getSnapshot().children.leaveApplication as LeaveApplicationActorRef;
    expect(leaving.getSnapshot().hasTag('mayApply')).toBe(true);
    leaving.send({ type: 'user.leave' });
    leaving.send({ type: 'user.note', note: '  moving on  ' });
    leaving.send({ type: 'user.confirm' });
    await flush();
    expect(s.calls.find((c) => c.name === 'workspaceLeave')?.body).toEqual({ workspaceId: 'w1', note: 'moving on' });
    // Applied: still a member, the page stays, nobody is sent anywhere.
    expect(leaving.getSnapshot().hasTag('pending')).toBe(true);
    expect(actor.getSnapshot().matches({ list: 'ready', leaving: 'open' })).toBe(true);
    expect(s.navigations).toEqual([]);

    // The application was approved meanwhile: the next look finds the person out of the workspace.
    answers.leaveMine = { ok: false, raw: false, code: Code.NO_WORKSPACE, data: null, message: 'You have no workspace yet' };
    clock.increment(LEAVE_RECHECK_MS - 1);
    await flush();
    expect(leaving.getSnapshot().hasTag('pending')).toBe(true);
    clock.increment(1);
    await flush();
    // The flow rests in `left` (a screen's root flow never ends: it stops with its route).
    expect(actor.getSnapshot().matches({ leaving: 'left' })).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
    expect(s.sent).toEqual([
      { systemId: 'gate', event: { type: 'gate.reload', pathname: '/workspace' } },
      { systemId: 'account', event: { type: 'account.refresh' } },
      { systemId: 'planPanel', event: { type: 'plan.reload' } },
    ]);
    expect(s.navigations).toEqual([{ to: '/workspace', replace: true }]);
  });

  it('the owner sees the pending applications; an approval reloads the page on screen and refreshes the account', async () => {
    const application = { id: 'a1', userId: 'u2', email: 'm2@x.test', name: 'M2', note: 'bye', status: 'pending', createdAt: 1_700_000_000, decidedAt: null };
    const answers: Record<string, unknown> = {
      workspacePage: page,
      leavePending: ok({ items: [application] }),
      leaveApprove: ok({ ...application, status: 'approved', decidedAt: 1_700_000_100 }),
    };
    const s = fakeFlowServices((name) => (answers[name] as ReturnType<typeof ok>) ?? ok(null));
    const actor = createActor(teamMembersMachine.provide(teamMembersEffects(s.services)), { input: { workspaceId: 'w1', selfId: 'u0', role: 'admin' } }).start();
    await flush();
    // The owner disbands instead of leaving: no member side.
    expect(actor.getSnapshot().children.leaveApplication).toBeUndefined();
    const review = actor.getSnapshot().children.leaveReview as LeaveReviewActorRef;
    expect(review.getSnapshot().context.items).toEqual([application]);
    review.send({ type: 'user.approve', id: 'a1' });
    expect(review.getSnapshot().hasTag('confirm')).toBe(true);
    answers.leavePending = ok({ items: [] });
    review.send({ type: 'user.confirm' });
    await flush();
    const names = s.calls.map((c) => c.name);
    expect(s.calls.find((c) => c.name === 'leaveApprove')?.body).toEqual({ id: 'a1' });
    // After the approval: the applications and the page on screen load again.
    expect(names.slice(names.indexOf('leaveApprove'))).toEqual(expect.arrayContaining(['leaveApprove', 'leavePending', 'workspacePage']));
    expect(names.filter((n) => n === 'workspacePage')).toHaveLength(2);
    expect(review.getSnapshot().context).toMatchObject({ items: [], notice: 'approved' });
    expect(s.sent).toEqual([
      { systemId: 'account', event: { type: 'account.refresh' } },
      { systemId: 'planPanel', event: { type: 'plan.reload' } },
    ]);
  });

  it('a removal tells the pending applications to load again (the removed member’s application was closed)', async () => {
    const s = fakeFlowServices((name) => (name === 'workspacePage' ? page : name === 'leavePending' ? ok({ items: [] }) : ok(null)));
    const actor = createActor(teamMembersMachine.provide(teamMembersEffects(s.services)), { input: { workspaceId: 'w1', selfId: 'u0', role: 'admin' } }).start();
    await flush();
    actor.send({ type: 'user.remove', userId: 'u2', email: 'm2@x.test' });
    actor.send({ type: 'user.confirm' });
    await flush();
    expect(s.calls.map((c) => c.name).filter((n) => n === 'leavePending')).toHaveLength(2);
  });
});
