/**
 * Generated path tests of the workspace-members machine: every state and transition is reached,
 * and each step loads the page asked for, runs the member action the person chose (after the
 * confirmation when it destroys something), reads the seats when the plan is full, hands over
 * after disbanding or once an application to leave was approved (SPEC §2, §4, §6), starts the
 * invite dialog's flow for the owner and managers (on the tab asked for) and reloads the page on
 * screen when invitations went out or an application to leave was approved. Managers and members
 * run the member's side of leaving, the owner and managers the pending applications. The
 * Usage limit dialog's Upgrade now starts the seat purchase (a paid plan) or the plan upgrade
 * (trial) for the owner and managers, nothing for a member; paid or upgraded, the re-invitation
 * that hit the limit runs again. The owner and managers read whether the plan allows auto sync
 * (SPEC §1); on a plan without it `auto` is not sent, and a PLAN_LIMIT answer marks the plan so.
 */
import { Code } from '../../src/contract/codes';
import type { WorkspaceMember } from '../../src/contract/workspace';
import { teamMembersMachine } from '../../src/machines/team-members.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const member: WorkspaceMember = { userId: 'u2', email: 'b@x.test', name: 'B', status: 'joined', level: 'member', number: null, syncType: 'off' };

const events = [
  { type: 'user.page', page: 2 },
  { type: 'user.retry' },
  { type: 'invite.sent' },
  { type: 'user.invite', tab: 'email' },
  { type: 'user.invite' },
  { type: 'xstate.done.actor.invite' },
  { type: 'xstate.error.actor.invite', error: new Error('failed') },
  { type: 'user.changeRole', userId: 'u2', level: 'manager' },
  { type: 'user.changeSync', userId: 'u2', syncType: 'auto' },
  { type: 'user.changeSync', userId: 'u2', syncType: 'manual' },
  // SPEC §1: whether the plan allows auto sync (Pro and up), and the server's refusal of auto.
  { type: 'xstate.done.actor.loadAutoSync', output: false },
  { type: 'xstate.done.actor.loadAutoSync', output: true },
  { type: 'xstate.error.actor.loadAutoSync', error: new Error('network') },
  { type: 'xstate.done.actor.runAction', output: { ok: false, code: Code.PLAN_LIMIT, message: 'Your plan does not include this feature' } },
  { type: 'user.resend', email: 'c@x.test' },
  { type: 'user.remove', userId: 'u2', email: 'b@x.test' },
  { type: 'user.deleteInvite', email: 'c@x.test' },
  { type: 'user.disband' },
  // SPEC §4: leaving by application, the two child flows (their own paths: leave-application.paths.test.ts).
  { type: 'leave.approved' },
  { type: 'team.memberRemoved' },
  { type: 'xstate.done.actor.leaveApplication', output: { left: true } },
  { type: 'xstate.error.actor.leaveApplication', error: new Error('failed') },
  { type: 'xstate.error.actor.leaveReview', error: new Error('failed') },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.loadPage', output: { items: [member], total: 1 } },
  { type: 'xstate.error.actor.loadPage', error: new Error('network') },
  // Page 2 came back empty (its last rows were deleted): fall back to the last page with rows.
  { type: 'xstate.done.actor.loadPage', output: { items: [], total: 20 } },
  { type: 'xstate.done.actor.runAction', output: { ok: true } },
  { type: 'xstate.done.actor.runAction', output: { ok: false, code: Code.MEMBERS_REMAIN, message: 'remove everyone first' } },
  { type: 'xstate.error.actor.runAction', error: new Error('network') },
  { type: 'xstate.done.actor.runAction', output: { ok: false, code: Code.MEMBER_EXCEEDED, message: 'no seat' } },
  { type: 'xstate.done.actor.loadSeats', output: { planName: 'Starter', planCode: 'starter', used: 5, limit: 5, mayBuy: true } },
  { type: 'xstate.done.actor.loadSeats', output: { planName: 'Trial', planCode: 'trial', used: 5, limit: 5, mayBuy: true } },
  { type: 'xstate.done.actor.loadSeats', output: { planName: 'Pro', planCode: 'pro', used: 10, limit: 10, mayBuy: false } },
  { type: 'xstate.error.actor.loadSeats', error: new Error('network') },
  { type: 'user.upgrade' },
  { type: 'xstate.done.actor.seatPurchase', output: { paid: true, seatsAdded: 1 } },
  { type: 'xstate.done.actor.seatPurchase', output: { paid: false, seatsAdded: 0 } },
  { type: 'xstate.error.actor.seatPurchase', error: new Error('failed') },
  { type: 'xstate.done.actor.planUpgrade', output: { upgraded: true, planCode: 'starter' } },
  { type: 'xstate.done.actor.planUpgrade', output: { upgraded: false, planCode: null } },
  { type: 'xstate.error.actor.planUpgrade', error: new Error('failed') },
  { type: 'user.close' },
  { type: 'user.sort', sort: { columnId: 'name', direction: 'asc' } },
];

/** Members per page (SPEC §9). */
const PAGE_SIZE = 20;

type Seen = { page: number; loadingPage: number; seats: { planCode: string; mayBuy: boolean } | null; autoSync: boolean | null };
type Input = { workspaceId: string; selfId: string; role: 'admin' | 'manager' | 'member' };

/** The action a step asks for, from the event that chose it (a confirmation runs the one it confirms). */
const actionOf = (event: PathEvent): Record<string, unknown> | null => {
  switch (event.type) {
    case 'user.changeRole':
      return { kind: 'role', userId: event.userId, level: event.level };
    case 'user.changeSync':
      return { kind: 'sync', userId: event.userId, syncType: event.syncType };
    case 'user.resend':
      return { kind: 'resend', email: event.email };
    case 'user.remove':
      return { kind: 'remove', userId: event.userId, email: event.email };
    case 'user.deleteInvite':
      return { kind: 'deleteInvite', email: event.email };
    case 'user.disband':
      return { kind: 'disband' };
    default:
      return null;
  }
};
const lastChosen = (history: readonly PathEvent[]) => actionOf(history.findLast((e) => actionOf(e) !== null)!)!;

/**
 * Loading a page runs `loadPage` (the page asked for, the page on screen after a change, the last
 * page with rows when the asked one came back empty). The owner and managers change roles, sync
 * and re-invite at once, remove and delete invitations after confirming; the owner disbands after
 * confirming. A done action reloads the page, or hands over when it ended the membership (as does
 * an approved application to leave); a full plan reads the seats.
 */
const effects = (step: EffectStep): Effect[] => {
  const { workspaceId, role, selfId } = step.input as Input;
  const manages = role === 'admin' || role === 'manager';
  const before = step.before?.context as Seen | undefined;
  const load = (page: number) => [actorRan('loadPage', { workspaceId, page })];
  const { event } = step;
  const from = (state: string) => step.before?.matches({ list: state }) ?? false;
  const inviteClosed = step.before?.matches({ invite: 'closed' }) ?? false;
  // The owner and managers also read whether the plan allows auto sync (they set sync types).
  // The sync-health lines start with the screen (their own flow, src/machines/sync-health.machine.ts).
  // Leaving by application (SPEC §4): managers and members run the member's side, the owner and
  // managers the list of pending applications.
  if (step.index === 0)
    return [
      ...load(1),
      ...(manages ? [actorRan('loadAutoSync', { userId: selfId }), actorRan('leaveReview')] : []),
      ...(role !== 'admin' ? [actorRan('leaveApplication', { workspaceId })] : []),
      actorRan('syncHealth'),
    ];
  switch (event.type) {
    case 'user.page':
      return from('ready') || from('failed') ? load(Math.max(1, event.page as number)) : [];
    case 'user.retry':
      return from('failed') ? load(before!.loadingPage) : [];
    case 'invite.sent':
    case 'leave.approved':
      if (from('ready')) return load(before!.page);
      return from('loading') || from('failed') ? load(before!.loadingPage) : [];
    case 'user.invite':
      if (!manages || !inviteClosed) return [];
      return [actorRan('inviteMembers', event.tab === undefined ? {} : { tab: event.tab })];
    case 'user.changeSync':
      // `auto` on a plan known to lack auto sync is not sent (SPEC §1).
      if (event.syncType === 'auto' && before!.autoSync === false) return [];
      return from('ready') && manages ? [actorRan('runAction', { workspaceId, action: actionOf(event) })] : [];
    case 'user.changeRole':
    case 'user.resend':
      return from('ready') && manages ? [actorRan('runAction', { workspaceId, action: actionOf(event) })] : [];
    case 'user.confirm':
      return from('confirming') ? [actorRan('runAction', { workspaceId, action: lastChosen(step.history) })] : [];
    case 'xstate.done.actor.loadPage': {
      const page = event.output as { items: unknown[]; total: number };
      const pastEnd = page.items.length === 0 && page.total > 0 && before!.loadingPage > 1;
      return pastEnd ? load(Math.max(1, Math.ceil(page.total / PAGE_SIZE))) : [];
    }
    case 'user.upgrade': {
      // The owner and managers only: a paid plan buys the one seat the re-invitation lacks, trial upgrades.
      const seats = before!.seats;
      if (!from('usageLimit') || !step.before?.matches({ list: { usageLimit: 'shown' } }) || seats === null || !seats.mayBuy) return [];
      return seats.planCode === 'trial' ? [actorRan('planUpgrade', { currentPlanCode: 'trial' })] : [actorRan('seatPurchase', { planCode: seats.planCode, quantity: 1 })];
    }
    case 'xstate.done.actor.seatPurchase':
      return (event.output as { paid: boolean }).paid ? [actorRan('runAction', { workspaceId, action: lastChosen(step.history) })] : [];
    case 'xstate.done.actor.planUpgrade':
      return (event.output as { upgraded: boolean }).upgraded ? [actorRan('runAction', { workspaceId, action: lastChosen(step.history) })] : [];
    case 'xstate.done.actor.runAction': {
      const answer = event.output as { ok: boolean; code?: number };
      if (!answer.ok) return answer.code === Code.MEMBER_EXCEEDED ? [actorRan('loadSeats')] : [];
      const kind = lastChosen(step.history).kind;
      return kind === 'disband' ? [actionRan('leftWorkspace')] : load(before!.page);
    }
    case 'xstate.done.actor.leaveApplication':
      // The member's application was approved: the flow hands over to the gate.
      return step.before?.matches({ leaving: 'open' }) ? [actionRan('leftWorkspace')] : [];
    default:
      return [];
  }
};

machinePathSuite('team members machine paths', teamMembersMachine, {
  events,
  effects,
  serializeContext: (c) => ({
    pending: c.pending?.kind ?? null,
    error: c.error ? ('code' in c.error ? c.error.code : c.error.kind) : null,
    page: c.page,
    loadingPage: c.loadingPage,
    seats: c.seats === null ? null : `${c.seats.planCode}${c.seats.mayBuy ? '' : ' (member)'}`,
    autoSync: c.autoSync,
  }),
  variants: [
    { name: 'admin', input: { workspaceId: 'w1', selfId: 'u1', role: 'admin' } },
    { name: 'manager', input: { workspaceId: 'w1', selfId: 'u2', role: 'manager' } },
    { name: 'member', input: { workspaceId: 'w1', selfId: 'u3', role: 'member' } },
  ],
});
