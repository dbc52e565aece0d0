/**
 * Generated path tests of leaving a workspace by application (SPEC §4: "leaving requires applying
 * to the administrator"; src/machines/leave-application.machine.ts), both children of the members
 * screen's flow. Every state and transition is reached, and each step's effects are checked:
 *
 * - the member's side reads the application at the start, on a retry, after a withdrawal that
 *   found nothing pending and every `recheckInterval` while pending; Apply (after the dialog, with
 *   the note trimmed, refused past 500 characters) sends the application; Withdraw withdraws the
 *   pending one; an approved application, or an answer saying the person has no workspace, ends
 *   the flow (its parent hands over to the gate);
 * - the deciders' side lists the pending applications at the start, on a retry and when its parent
 *   says so; Decline decides at once, Approve only after the confirmation; after a decision the
 *   list loads again, and an approval refreshes the account and tells the parent.
 */
import { Code } from '../../src/contract/codes';
import type { LeaveApplication } from '../../src/contract/leave';
import { leaveApplicationMachine, leaveReviewMachine } from '../../src/machines/leave-application.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const application = (id: string, status: LeaveApplication['status']): LeaveApplication => ({
  id,
  userId: 'u3',
  email: 'm3@x.test',
  name: 'M3',
  note: null,
  status,
  createdAt: 1_750_000_000,
  decidedAt: status === 'pending' ? null : 1_750_000_100,
});
const refused = (code: number) => ({ ok: false, code, message: `refused ${code}` });
const LONG_NOTE = 'x'.repeat(501);
const RECHECK = 'xstate.after.recheckInterval.leaveApplication.pending';

// ---- the member's side ----

const memberEvents = [
  { type: 'user.leave' },
  { type: 'user.note', note: '  Moving to another team  ' },
  { type: 'user.note', note: LONG_NOTE },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.withdraw' },
  { type: 'user.retry' },
  { type: RECHECK },
  { type: 'xstate.done.actor.loadMine', output: { ok: true, data: null } },
  { type: 'xstate.done.actor.loadMine', output: { ok: true, data: application('a1', 'pending') } },
  { type: 'xstate.done.actor.loadMine', output: { ok: true, data: application('a0', 'declined') } },
  { type: 'xstate.done.actor.loadMine', output: { ok: true, data: application('a1', 'approved') } },
  { type: 'xstate.done.actor.loadMine', output: refused(Code.NO_WORKSPACE) },
  { type: 'xstate.done.actor.loadMine', output: refused(Code.INTERNAL) },
  { type: 'xstate.error.actor.loadMine', error: new Error('network') },
  { type: 'xstate.done.actor.apply', output: { ok: true, data: application('a1', 'pending') } },
  { type: 'xstate.done.actor.apply', output: refused(Code.NO_WORKSPACE) },
  { type: 'xstate.done.actor.apply', output: refused(Code.FORBIDDEN) },
  { type: 'xstate.error.actor.apply', error: new Error('network') },
  { type: 'xstate.done.actor.withdraw', output: { ok: true, data: application('a1', 'withdrawn') } },
  { type: 'xstate.done.actor.withdraw', output: refused(Code.NOT_FOUND) },
  { type: 'xstate.done.actor.withdraw', output: refused(Code.NO_WORKSPACE) },
  { type: 'xstate.done.actor.withdraw', output: refused(Code.INTERNAL) },
  { type: 'xstate.error.actor.withdraw', error: new Error('network') },
];

type MemberSeen = { application: LeaveApplication | null; note: string };

/** The note the dialog holds at this step: the last one typed since Leave (none before). */
const noteOf = (history: readonly PathEvent[]): string => {
  const since = history.slice(history.findLastIndex((e) => e.type === 'user.leave') + 1);
  return (since.findLast((e) => e.type === 'user.note')?.note as string | undefined) ?? '';
};

const memberEffects = (step: EffectStep): Effect[] => {
  const { workspaceId } = step.input as { workspaceId: string };
  const before = step.before?.context as MemberSeen | undefined;
  const from = (state: string) => step.before?.matches(state) ?? false;
  const read = [actorRan('loadMine')];
  if (step.index === 0) return read;
  const { event } = step;
  switch (event.type) {
    case 'user.retry':
      return from('failed') ? read : [];
    case RECHECK:
      return from('pending') ? read : [];
    case 'user.confirm': {
      if (!from('confirming')) return [];
      const note = noteOf(step.history.slice(0, -1));
      // Past 500 characters (trimmed) nothing is sent: the dialog says why.
      return note.trim().length > 500 ? [] : [actorRan('apply', { workspaceId, note: note.trim() })];
    }
    case 'user.withdraw':
      return from('pending') || from('rechecking') ? [actorRan('withdraw', { id: before!.application!.id })] : [];
    case 'xstate.done.actor.withdraw':
      // Nothing pending any more (decided meanwhile): the application is read again.
      return (event.output as { ok: boolean; code?: number }).code === Code.NOT_FOUND ? read : [];
    default:
      return [];
  }
};

machinePathSuite('leave application (member side) paths', leaveApplicationMachine, {
  events: memberEvents,
  effects: memberEffects,
  input: { workspaceId: 'w1' },
  serializeContext: (c) => ({
    application: c.application ? `${c.application.id}:${c.application.status}` : null,
    note: c.note,
    noteTooLong: c.noteTooLong,
    error: c.error ? ('code' in c.error ? c.error.code : c.error.kind) : null,
    notice: c.notice,
  }),
});

// ---- the deciders' side ----

const reviewEvents = [
  { type: 'user.approve', id: 'a1' },
  { type: 'user.approve', id: 'unlisted' },
  { type: 'user.decline', id: 'a1' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.retry' },
  { type: 'leave.reload' },
  { type: 'xstate.done.actor.loadPending', output: [application('a1', 'pending')] },
  { type: 'xstate.done.actor.loadPending', output: [] },
  { type: 'xstate.error.actor.loadPending', error: new Error('network') },
  { type: 'xstate.done.actor.decide', output: { ok: true, data: application('a1', 'approved') } },
  { type: 'xstate.done.actor.decide', output: refused(Code.NOT_FOUND) },
  { type: 'xstate.done.actor.decide', output: refused(Code.FORBIDDEN) },
  { type: 'xstate.error.actor.decide', error: new Error('network') },
];

type ReviewSeen = { items: LeaveApplication[]; target: LeaveApplication | null; decision: string | null };

const reviewEffects = (step: EffectStep): Effect[] => {
  const before = step.before?.context as ReviewSeen | undefined;
  const from = (state: string) => step.before?.matches(state) ?? false;
  const list = [actorRan('loadPending')];
  if (step.index === 0) return list;
  const { event } = step;
  switch (event.type) {
    case 'leave.reload':
      return from('loading') || from('failed') || from('ready') ? list : [];
    case 'user.retry':
      return from('failed') ? list : [];
    case 'user.decline':
      // Declining decides at once (it removes nobody); only a listed application.
      return from('ready') && before!.items.some((a) => a.id === event.id) ? [actorRan('decide', { id: event.id, decision: 'decline' })] : [];
    case 'user.confirm':
      return from('confirming') ? [actorRan('decide', { id: before!.target!.id, decision: 'approve' })] : [];
    case 'xstate.done.actor.decide': {
      const answer = event.output as { ok: boolean; code?: number };
      if (answer.ok) return before!.decision === 'approve' ? [...list, actionRan('approved'), actionRan('announceApproved')] : list;
      return answer.code === Code.NOT_FOUND ? list : [];
    }
    default:
      return [];
  }
};

machinePathSuite('leave review (deciders side) paths', leaveReviewMachine, {
  events: reviewEvents,
  effects: reviewEffects,
  serializeContext: (c) => ({
    items: c.items.map((a) => a.id),
    target: c.target?.id ?? null,
    decision: c.decision,
    error: c.error ? ('code' in c.error ? c.error.code : c.error.kind) : null,
    notice: c.notice,
  }),
});
