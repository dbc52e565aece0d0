import { assign, setup, type ActorRefFrom } from 'xstate';
import type { SyncType } from '../contract/roles';
import { Code } from '../contract/codes';
import type { WorkspaceMember } from '../contract/workspace';
import type { Seats } from './invite-members.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The workspace members screen (/settings/workspace-members, SPEC §2, §4 Member status):
 * a paged list (20 a page) and the member actions the caller's role allows. Destructive actions
 * (remove, delete an invitation, leave, exit and delete) wait in `confirming` for the person to
 * confirm. Leaving or disbanding ends in `left`, after which the view reloads the gate.
 * A page is shown only once it arrived (`page` is the page on screen, `loadingPage` the one asked
 * for); a page left empty by a deletion falls back to the last page that has rows. Re-inviting
 * beyond the plan's seats opens the Usage limit dialog (`usageLimit`), as the invite dialog does.
 */

export type TeamRole = 'admin' | 'manager' | 'member';

export type MemberAction =
  | { kind: 'role'; userId: string; level: 'manager' | 'member' }
  | { kind: 'sync'; userId: string; syncType: SyncType }
  | { kind: 'remove'; userId: string; email: string }
  | { kind: 'deleteInvite'; email: string }
  | { kind: 'resend'; email: string }
  | { kind: 'leave' }
  | { kind: 'disband' };

export type ActionAnswer = { ok: true } | { ok: false; code: number; message: string };
export type MembersPage = { items: WorkspaceMember[]; total: number };
export type LoadPageInput = { workspaceId: string; page: number };
export type RunActionInput = { workspaceId: string; action: MemberAction };

export type TeamMembersInput = { workspaceId: string; selfId: string; role: TeamRole };

type Context = TeamMembersInput & {
  /** The page on screen. */
  page: number;
  /** The page being loaded (becomes `page` when it arrives). */
  loadingPage: number;
  /** Plan and seats for the Usage limit dialog; `null` when they could not be loaded. */
  seats: Seats | null;
  total: number;
  items: WorkspaceMember[];
  pending: MemberAction | null;
  /** The server's refusal, shown inline; `null` when none. */
  error: { code: number; message: string } | null;
  /** The last action that went through (the view shows a success toast/notice). */
  done: MemberAction['kind'] | null;
};

type Events =
  | { type: 'user.page'; page: number }
  | { type: 'user.retry' }
  | { type: 'user.changeRole'; userId: string; level: 'manager' | 'member' }
  | { type: 'user.changeSync'; userId: string; syncType: SyncType }
  | { type: 'user.remove'; userId: string; email: string }
  | { type: 'user.deleteInvite'; email: string }
  | { type: 'user.resend'; email: string }
  | { type: 'user.leave' }
  | { type: 'user.disband' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.close' }
  | { type: 'members.changed' };

export const MEMBERS_PAGE_SIZE = 20;

/** What a role may do (SPEC §6): managers have admin powers except disbanding; members none. */
export const canManage = (role: TeamRole): boolean => role === 'admin' || role === 'manager';

export const teamMembersMachine = setup({
  types: {} as { context: Context; events: Events; input: TeamMembersInput; tags: 'busy' | 'confirm' },
  actors: {
    loadPage: actorNotProvided<MembersPage, LoadPageInput>('loadPage'),
    runAction: actorNotProvided<ActionAnswer, RunActionInput>('runAction'),
    loadSeats: actorNotProvided<Seats, void>('loadSeats'),
  },
  actions: {
    /** After leaving or disbanding: the gate reloads and sends the person on (to /workspace). */
    leftWorkspace: actionNotProvided('leftWorkspace'),
  },
  guards: {
    manages: ({ context }) => canManage(context.role),
    /** The owner cannot leave (only disband); managers and members can. */
    mayLeave: ({ context }) => context.role !== 'admin',
    mayDisband: ({ context }) => context.role === 'admin',
    pendingEndsMembership: ({ context }) => context.pending?.kind === 'leave' || context.pending?.kind === 'disband',
    /** The asked-for page came back empty although earlier pages have rows (its last rows were deleted). */
    pagePastEnd: ({ context }, output: MembersPage) => output.items.length === 0 && output.total > 0 && context.loadingPage > 1,
  },
}).createMachine({
  id: 'teamMembers',
  context: ({ input }) => ({ ...input, page: 1, loadingPage: 1, seats: null, total: 0, items: [], pending: null, error: null, done: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ workspaceId: context.workspaceId, page: context.loadingPage }),
        onDone: [
          {
            guard: { type: 'pagePastEnd', params: ({ event }) => event.output },
            target: 'loading',
            reenter: true,
            actions: assign({ loadingPage: ({ event }) => Math.max(1, Math.ceil(event.output.total / MEMBERS_PAGE_SIZE)) }),
          },
          {
            target: 'ready',
            actions: assign({ page: ({ context }) => context.loadingPage, items: ({ event }) => event.output.items, total: ({ event }) => event.output.total }),
          },
        ],
        onError: 'failed',
      },
    },
    failed: {
      description: 'The list could not be loaded (network or server failure); the page on screen stays, the view offers a retry.',
      on: {
        'user.retry': 'loading',
        'user.page': { target: 'loading', actions: assign({ loadingPage: ({ event }) => Math.max(1, event.page) }) },
      },
    },
    ready: {
      on: {
        'user.page': { target: 'loading', actions: assign({ loadingPage: ({ event }) => Math.max(1, event.page), error: null, done: null }) },
        'members.changed': { target: 'loading', actions: assign({ loadingPage: ({ context }) => context.page }) },
        'user.changeRole': {
          guard: 'manages',
          target: 'acting',
          actions: assign({ pending: ({ event }) => ({ kind: 'role', userId: event.userId, level: event.level }), error: null, done: null }),
        },
        'user.changeSync': {
          guard: 'manages',
          target: 'acting',
          actions: assign({ pending: ({ event }) => ({ kind: 'sync', userId: event.userId, syncType: event.syncType }), error: null, done: null }),
        },
        'user.resend': {
          guard: 'manages',
          target: 'acting',
          actions: assign({ pending: ({ event }) => ({ kind: 'resend', email: event.email }), error: null, done: null }),
        },
        'user.remove': {
          guard: 'manages',
          target: 'confirming',
          actions: assign({ pending: ({ event }) => ({ kind: 'remove', userId: event.userId, email: event.email }), error: null, done: null }),
        },
        'user.deleteInvite': {
          guard: 'manages',
          target: 'confirming',
          actions: assign({ pending: ({ event }) => ({ kind: 'deleteInvite', email: event.email }), error: null, done: null }),
        },
        'user.leave': { guard: 'mayLeave', target: 'confirming', actions: assign({ pending: { kind: 'leave' }, error: null, done: null }) },
        'user.disband': { guard: 'mayDisband', target: 'confirming', actions: assign({ pending: { kind: 'disband' }, error: null, done: null }) },
      },
    },
    confirming: {
      description: 'A destructive action waits for the person to confirm it in a dialog.',
      tags: ['confirm'],
      on: {
        'user.confirm': 'acting',
        'user.cancel': { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({ workspaceId: context.workspaceId, action: context.pending! }),
        onDone: [
          {
            guard: ({ event }) => !event.output.ok && event.output.code === Code.MEMBER_EXCEEDED,
            target: 'usageLimit',
            actions: assign({ pending: null }),
          },
          { guard: ({ event }) => !event.output.ok, target: 'ready', actions: assign({ error: ({ event }) => (event.output.ok ? null : { code: event.output.code, message: event.output.message }), pending: null }) },
          { guard: 'pendingEndsMembership', target: 'left' },
          { target: 'loading', actions: assign({ done: ({ context }) => context.pending?.kind ?? null, pending: null, loadingPage: ({ context }) => context.page }) },
        ],
        onError: { target: 'ready', actions: assign({ error: { code: 0, message: '' }, pending: null }) },
      },
    },
    usageLimit: {
      description: 'Usage limit dialog (SPEC §2): re-inviting needs a seat the plan does not have.',
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadSeats',
            src: 'loadSeats',
            onDone: { target: 'shown', actions: assign({ seats: ({ event }) => event.output }) },
            onError: { target: 'shown', actions: assign({ seats: null }) },
          },
        },
        shown: {},
      },
      on: { 'user.close': 'ready' },
    },
    left: {
      description: 'The person left, or the workspace was disbanded: the gate takes over.',
      type: 'final',
      entry: 'leftWorkspace',
    },
  },
});

export type TeamMembersActorRef = ActorRefFrom<typeof teamMembersMachine>;
