import { assign, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import { LEAVE_NOTE_MAX, type LeaveApplication } from '../contract/leave';
import { networkError, refusalOf, refusedWith, type Answer, type CallError } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * Leaving a workspace by application (SPEC §4: "leaving requires applying to the administrator"),
 * the two sides of the members page (/settings/workspace-members), each a child flow that the
 * team-members flow (src/machines/team-members.machine.ts) starts and owns:
 *
 * - `leaveApplicationMachine`, the member's side (managers and members; the owner disbands
 *   instead): Leave opens a dialog saying that leaving is by application to the administrator and
 *   that access stays until it is approved, with an optional note; Apply sends it; the pending
 *   application is shown with Withdraw. While pending it looks again every `recheckInterval`: once
 *   approved (or the server says the person has no workspace any more) the flow ends with
 *   `{ left: true }`, and its parent hands over to the gate, which sends the person to /workspace.
 * - `leaveReviewMachine`, the deciders' side (the owner and managers, SPEC §6): the pending
 *   applications with Approve (after a confirmation: it removes the member) and Decline; after a
 *   decision the list loads again, and an approval is announced to the parent (`leave.approved`,
 *   through the provided `announceApproved`), whose member list reloads. The parent sends
 *   `leave.reload` when the list may be stale (a member was removed: their application closed).
 *
 * Tags for the views: busy, loading, loadFailed, confirm, pending and mayApply (member side).
 */

/** How often a pending application is looked at again while the members page is open. */
export const LEAVE_RECHECK_MS = 30_000;

export type LeaveAnswer = Answer<LeaveApplication>;
export type MineAnswer = Answer<LeaveApplication | null>;
export type LeaveApplicationInput = { workspaceId: string };
export type ApplyInput = { workspaceId: string; note: string };
export type LeaveOutcome = { left: boolean };

/** The note the member may add (at most LEAVE_NOTE_MAX characters once trimmed, as the server counts). */
export const noteFits = (note: string): boolean => note.trim().length <= LEAVE_NOTE_MAX;

type ApplicationContext = LeaveApplicationInput & {
  /** The member's application in this membership (pending, or the last one decided); null when none. */
  application: LeaveApplication | null;
  /** The note being written in the dialog. */
  note: string;
  noteTooLong: boolean;
  error: CallError | null;
  /** What just went through (the view shows a notice). */
  notice: 'applied' | 'withdrawn' | null;
};

type ApplicationEvents =
  | { type: 'user.leave' }
  | { type: 'user.note'; note: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.withdraw' }
  | { type: 'user.retry' };

const isPending = (answer: MineAnswer): boolean => answer.ok && answer.data?.status === 'pending';

export const leaveApplicationMachine = setup({
  types: {} as {
    context: ApplicationContext;
    events: ApplicationEvents;
    input: LeaveApplicationInput;
    output: LeaveOutcome;
    tags: 'busy' | 'loading' | 'loadFailed' | 'confirm' | 'pending' | 'mayApply';
  },
  actors: {
    /** The member's application (`/member/workspace/leave/mine`). */
    loadMine: actorNotProvided<MineAnswer, void>('loadMine'),
    /** Applies (`/member/workspace/leave`). */
    apply: actorNotProvided<LeaveAnswer, ApplyInput>('apply'),
    withdraw: actorNotProvided<LeaveAnswer, { id: string }>('withdraw'),
  },
  guards: {
    /** The person is out of the workspace already (approved meanwhile): NO_WORKSPACE. */
    outOfWorkspace: (_, answer: Answer<unknown>) => refusedWith(answer, Code.NO_WORKSPACE) || refusedWith(answer, Code.WORKSPACE_DISBANDED),
    approved: (_, answer: MineAnswer) => answer.ok && answer.data?.status === 'approved',
    pending: (_, answer: MineAnswer) => isPending(answer),
    answered: (_, answer: Answer<unknown>) => answer.ok,
    /** Decided or withdrawn meanwhile (NOT_FOUND: no pending application): read it again. */
    gone: (_, answer: Answer<unknown>) => refusedWith(answer, Code.NOT_FOUND),
    noteFits: ({ context }) => noteFits(context.note),
  },
  delays: { recheckInterval: LEAVE_RECHECK_MS },
}).createMachine({
  id: 'leaveApplication',
  meta: { recordable: ['application', 'note', 'noteTooLong', 'error', 'notice'] },
  context: ({ input }) => ({ ...input, application: null, note: '', noteTooLong: false, error: null, notice: null }),
  initial: 'loading',
  output: { left: true },
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadMine',
        src: 'loadMine',
        onDone: [
          { guard: { type: 'outOfWorkspace', params: ({ event }) => event.output }, target: 'left' },
          { guard: { type: 'approved', params: ({ event }) => event.output }, target: 'left' },
          { guard: { type: 'pending', params: ({ event }) => event.output }, target: 'pending', actions: assign({ application: ({ event }) => (event.output.ok ? event.output.data : null) }) },
          { guard: { type: 'answered', params: ({ event }) => event.output }, target: 'idle', actions: assign({ application: ({ event }) => (event.output.ok ? event.output.data : null) }) },
          { target: 'failed', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
        ],
        onError: { target: 'failed', actions: assign({ error: networkError }) },
      },
    },
    failed: {
      description: 'The application could not be read: the view offers a retry (Leave waits until it is known).',
      tags: ['loadFailed'],
      on: { 'user.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    idle: {
      description: 'No pending application (maybe a declined or withdrawn one): Leave opens the dialog.',
      tags: ['mayApply'],
      on: { 'user.leave': { target: 'confirming', actions: assign({ note: '', noteTooLong: false, error: null, notice: null }) } },
    },
    confirming: {
      description: 'The dialog: leaving is by application to the administrator, access stays until approved; an optional note.',
      tags: ['confirm'],
      on: {
        'user.note': { actions: assign({ note: ({ event }) => event.note, noteTooLong: false }) },
        'user.confirm': [{ guard: 'noteFits', target: 'applying', actions: assign({ error: null }) }, { actions: assign({ noteTooLong: true }) }],
        'user.cancel': { target: 'idle', actions: assign({ note: '', noteTooLong: false, error: null }) },
      },
    },
    applying: {
      tags: ['busy', 'confirm'],
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ workspaceId: context.workspaceId, note: context.note.trim() }),
        onDone: [
          { guard: { type: 'outOfWorkspace', params: ({ event }) => event.output }, target: 'left' },
          {
            guard: { type: 'answered', params: ({ event }) => event.output },
            target: 'pending',
            actions: [assign({ application: ({ event }) => (event.output.ok ? event.output.data : null), note: '', notice: 'applied' })],
          },
          // Refused: the dialog stays open with the reason.
          { target: 'confirming', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
        ],
        onError: { target: 'confirming', actions: assign({ error: networkError }) },
      },
    },
    pending: {
      description: 'Applied: the member keeps full access until the administrator approves (SPEC §4); Withdraw takes the application back.',
      tags: ['pending'],
      after: { recheckInterval: 'rechecking' },
      on: { 'user.withdraw': { target: 'withdrawing', actions: assign({ error: null, notice: null }) } },
    },
    rechecking: {
      description: 'A look at the application again: approved means the member is out; declined or withdrawn elsewhere shows as such.',
      tags: ['pending'],
      invoke: {
        id: 'loadMine',
        src: 'loadMine',
        onDone: [
          { guard: { type: 'outOfWorkspace', params: ({ event }) => event.output }, target: 'left' },
          { guard: { type: 'approved', params: ({ event }) => event.output }, target: 'left' },
          { guard: { type: 'pending', params: ({ event }) => event.output }, target: 'pending' },
          { guard: { type: 'answered', params: ({ event }) => event.output }, target: 'idle', actions: assign({ application: ({ event }) => (event.output.ok ? event.output.data : null), notice: null }) },
          { target: 'pending' },
        ],
        onError: 'pending',
      },
      on: { 'user.withdraw': { target: 'withdrawing', actions: assign({ error: null, notice: null }) } },
    },
    withdrawing: {
      tags: ['busy', 'pending'],
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        input: ({ context }) => ({ id: context.application?.id ?? '' }),
        onDone: [
          { guard: { type: 'outOfWorkspace', params: ({ event }) => event.output }, target: 'left' },
          {
            guard: { type: 'answered', params: ({ event }) => event.output },
            target: 'idle',
            actions: [assign({ application: ({ event }) => (event.output.ok ? event.output.data : null), notice: 'withdrawn' })],
          },
          { guard: { type: 'gone', params: ({ event }) => event.output }, target: 'loading' },
          { target: 'pending', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
        ],
        onError: { target: 'pending', actions: assign({ error: networkError }) },
      },
    },
    left: {
      description: 'The application was approved (or the person is out of the workspace otherwise): the parent hands over to the gate.',
      type: 'final',
    },
  },
});

export type LeaveApplicationActorRef = ActorRefFrom<typeof leaveApplicationMachine>;

// ---- the deciders' side ----

export type LeaveListAnswer = LeaveApplication[];
export type Decision = 'approve' | 'decline';
export type DecideInput = { id: string; decision: Decision };
/** What the parent hears after an approval (its member list reloads). */
export type LeaveApproved = { type: 'leave.approved' };
/** What the parent tells when the list may be stale (a member was removed). */
export type LeaveReload = { type: 'leave.reload' };

type ReviewContext = {
  items: LeaveApplication[];
  /** The application being decided. */
  target: LeaveApplication | null;
  decision: Decision | null;
  error: CallError | null;
  notice: 'approved' | 'declined' | null;
};

type ReviewEvents =
  | { type: 'user.approve'; id: string }
  | { type: 'user.decline'; id: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.retry' }
  | LeaveReload;

const listed = (items: LeaveApplication[], id: string): LeaveApplication | null => items.find((a) => a.id === id) ?? null;

export const leaveReviewMachine = setup({
  types: {} as { context: ReviewContext; events: ReviewEvents; tags: 'busy' | 'loading' | 'loadFailed' | 'confirm' },
  actors: {
    /** The pending applications (`/admin/workspace/leave/list`). */
    loadPending: actorNotProvided<LeaveListAnswer, void>('loadPending'),
    decide: actorNotProvided<LeaveAnswer, DecideInput>('decide'),
  },
  actions: {
    /** A member left by approval: the app's member list follows (account refresh). */
    approved: actionNotProvided('approved'),
    /** Tells the parent (`leave.approved`, LeaveApproved): its member list reloads. */
    announceApproved: actionNotProvided('announceApproved'),
  },
  guards: {
    listed: ({ context }, id: string) => listed(context.items, id) !== null,
    answered: (_, answer: LeaveAnswer) => answer.ok,
    /** The approval went through: the member is out. */
    approvedNow: ({ context }, answer: LeaveAnswer) => answer.ok && context.decision === 'approve',
    gone: (_, answer: LeaveAnswer) => refusedWith(answer, Code.NOT_FOUND),
  },
}).createMachine({
  id: 'leaveReview',
  meta: { recordable: ['target', 'decision', 'error', 'notice'] },
  context: { items: [], target: null, decision: null, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPending',
        src: 'loadPending',
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output }) },
        onError: 'failed',
      },
      on: { 'leave.reload': { target: 'loading', reenter: true } },
    },
    failed: {
      description: 'The pending applications could not be loaded: the view offers a retry.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading', 'leave.reload': 'loading' },
    },
    ready: {
      on: {
        'leave.reload': 'loading',
        'user.approve': {
          guard: { type: 'listed', params: ({ event }) => event.id },
          target: 'confirming',
          actions: assign({ target: ({ context, event }) => listed(context.items, event.id), decision: 'approve', error: null, notice: null }),
        },
        'user.decline': {
          guard: { type: 'listed', params: ({ event }) => event.id },
          target: 'deciding',
          actions: assign({ target: ({ context, event }) => listed(context.items, event.id), decision: 'decline', error: null, notice: null }),
        },
      },
    },
    confirming: {
      description: 'Approving removes the member (their data kept): it waits for the decider to confirm.',
      tags: ['confirm'],
      on: {
        'user.confirm': 'deciding',
        'user.cancel': { target: 'ready', actions: assign({ target: null, decision: null }) },
      },
    },
    deciding: {
      tags: ['busy'],
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ id: context.target?.id ?? '', decision: context.decision ?? 'decline' }),
        onDone: [
          {
            guard: { type: 'approvedNow', params: ({ event }) => event.output },
            target: 'loading',
            actions: [assign({ notice: 'approved', target: null, decision: null }), 'approved', 'announceApproved'],
          },
          { guard: { type: 'answered', params: ({ event }) => event.output }, target: 'loading', actions: assign({ notice: 'declined', target: null, decision: null }) },
          // Decided or withdrawn meanwhile: the list is stale, it loads again with the reason shown.
          { guard: { type: 'gone', params: ({ event }) => event.output }, target: 'loading', actions: assign({ error: ({ event }) => refusalOf(event.output), target: null, decision: null }) },
          { target: 'ready', actions: assign({ error: ({ event }) => refusalOf(event.output), target: null, decision: null }) },
        ],
        onError: { target: 'ready', actions: assign({ error: networkError, target: null, decision: null }) },
      },
    },
  },
});

export type LeaveReviewActorRef = ActorRefFrom<typeof leaveReviewMachine>;
