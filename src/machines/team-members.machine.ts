import { assign, raise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import { managesTeam, type Role, type SyncType } from '../contract/roles';
import { MEMBERS_PAGE_SIZE } from '../contract/team';
import type { WorkspaceMember } from '../contract/workspace';
import { networkError, refusalOf, refusedWith, type CallError, type Outcome } from './answer';
import { inviteMembersMachine, type InviteMembersInput, type InviteSent } from './invite-members.machine';
import { leaveApplicationMachine, leaveReviewMachine, type LeaveApproved } from './leave-application.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { planUpgradeMachine } from './plan-upgrade.machine';
import { seatPurchaseMachine } from './seat-purchase.machine';
import { syncHealthMachine } from './sync-health.machine';
import { usageLimitGuards, usageLimitStates, type Seats } from './usage-limit';

/**
 * The workspace members screen (/settings/workspace-members, SPEC §2, §4 Member status, §6 roles):
 * a paged list (MEMBERS_PAGE_SIZE a page, SPEC §9) and the member actions the caller's role allows.
 * A screen flow: the app system starts it while the screen is on screen, with the signed-in
 * person's workspace, id and role (the route's viewer).
 *
 * Two regions:
 * - `list`: the page and the member actions. Destructive actions (remove, delete an invitation,
 *   exit and delete) wait in `confirming` for the person to confirm. Disbanding ends in `left`
 *   (`leftWorkspace`: the gate reloads and the browser goes to /workspace).
 * - `leaving`: leaving is by application to the administrator (SPEC §4). For managers and members
 *   the member's side of it (src/machines/leave-application.machine.ts `leaveApplicationMachine`:
 *   the dialog, the pending application, Withdraw) runs as a child flow; once their application is
 *   approved it ends, and this flow hands over as after disbanding (`leftWorkspace`).
 * - `review`: for the owner and managers (SPEC §6) the pending applications with Approve and
 *   Decline (`leaveReviewMachine`), a child flow; an approval (`leave.approved`) reloads the page on
 *   screen (the member shows as removed), and a removal here tells it to reload (the removed
 *   member's application was closed).
 * - `invite`: the invite-members dialog (src/machines/invite-members.machine.ts), a child flow
 *   started by `user.invite` (for those who manage the team) and ended when the dialog closes;
 *   when it tells `invite.sent`, the list reloads the page on screen (the invitations show).
 * A page is shown only once it arrived (`page` is the page on screen, `loadingPage` the one asked
 * for); a page left empty by a deletion falls back to the last page that has rows. Re-inviting
 * beyond the plan's seats opens the Usage limit dialog (`usageLimit`), as the invite dialog does;
 * its "Upgrade now" starts the seat purchase or the plan upgrade as a child flow
 * (src/machines/usage-limit.ts), and once paid or upgraded the same invitation goes out again.
 *
 * What a person may do on a row and which of leave or disband is offered are the pure selectors
 * below (`rowActionsOf`, `exitOf`, `managesList`), exported for the view; the server enforces the same rules.
 * Auto sync is for the Pro plan and up (SPEC §1): for the owner and managers the `plan` region
 * reads whether the plan allows it (`loadAutoSync`: the pay info, decoded on the client,
 * src/machines/plan-access.ts); on a plan without it `auto` is offered disabled with a note
 * (`autoSyncLocked`), a change to `auto` is not sent, and a PLAN_LIMIT answer (the plan could not
 * be read, or changed meanwhile) shows the same note.
 * Tags for the view: busy, loading (a page is on its way), loadFailed, confirm, usageLimit.
 */

export type MemberAction =
  | { kind: 'role'; userId: string; level: 'manager' | 'member' }
  | { kind: 'sync'; userId: string; syncType: SyncType }
  | { kind: 'remove'; userId: string; email: string }
  | { kind: 'deleteInvite'; email: string }
  | { kind: 'resend'; email: string }
  | { kind: 'disband' };

/** An action's outcome (src/machines/answer.ts). */
export type ActionAnswer = Outcome;
export type MembersPage = { items: WorkspaceMember[]; total: number };
export type LoadPageInput = { workspaceId: string; page: number };
export type RunActionInput = { workspaceId: string; action: MemberAction };

export type TeamMembersInput = { workspaceId: string; selfId: string; role: Role };
export type LoadAutoSyncInput = { userId: string };

/** A one-column sort, the shape of the kit's table (src/ui/components/data-table.tsx TableSort). */
export type MembersSort = { columnId: string; direction: 'asc' | 'desc' } | null;

/** The actions that change a row and stay on the screen (disbanding ends it). */
export type DoneKind = Exclude<MemberAction['kind'], 'disband'>;

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
  /** Why the last action did not go through, shown inline; `null` when none. */
  error: CallError | null;
  /** The last action that went through (the view shows a success notice). */
  done: DoneKind | null;
  /** The order of the rows on screen (by email or name); `null`: the server's order. */
  sort: MembersSort;
  /** Whether the plan allows auto sync (SPEC §1: Pro and up); `null` while unknown (the server decides). */
  autoSync: boolean | null;
};

type Events =
  | { type: 'user.page'; page: number }
  | { type: 'user.retry' }
  | { type: 'user.changeRole'; userId: string; level: 'manager' | 'member' }
  | { type: 'user.changeSync'; userId: string; syncType: SyncType }
  | { type: 'user.remove'; userId: string; email: string }
  | { type: 'user.deleteInvite'; email: string }
  | { type: 'user.resend'; email: string }
  | { type: 'user.disband' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.close' }
  | { type: 'user.sort'; sort: MembersSort }
  | ({ type: 'user.invite' } & InviteMembersInput)
  /** Usage limit dialog: Upgrade now. */
  | { type: 'user.upgrade' }
  | InviteSent
  | LeaveApproved
  /** Raised after a removal: the pending applications may have changed (the removed member's closed). */
  | { type: 'team.memberRemoved' };

export { MEMBERS_PAGE_SIZE };

/** Who looks at the list. */
export type Viewer = { role: Role; selfId: string };

/** What the viewer may do on one row (SPEC §4 member status, §6 roles). */
export type RowActions = {
  /** The row is the viewer's own. */
  self: boolean;
  changeRole: boolean;
  changeSync: boolean;
  remove: boolean;
  /** Send a pending invitation again. */
  resend: boolean;
  deleteInvite: boolean;
  /** Invite a removed member again. */
  reinvite: boolean;
};

/**
 * The owner and managers manage joined members other than themselves and the owner (role and
 * removal); anyone's sync type but the owner's, which only the owner sets; pending invitations
 * (resend, delete) and removed members (invite again). Members manage nothing.
 */
export const rowActionsOf = (viewer: Viewer, m: WorkspaceMember): RowActions => {
  const manages = managesTeam(viewer.role);
  const self = m.userId !== '' && m.userId === viewer.selfId;
  const joined = m.status === 'joined';
  const editable = manages && joined && !self && m.level !== 'admin';
  return {
    self,
    changeRole: editable,
    changeSync: manages && joined && (viewer.role === 'admin' || m.level !== 'admin'),
    remove: editable,
    resend: manages && m.status === 'invited',
    deleteInvite: manages && m.status === 'invited',
    reinvite: manages && m.status === 'removed',
  };
};

/** The owner cannot leave, only exit and delete the workspace; managers and members leave. */
export const exitOf = (role: Role): 'leave' | 'disband' => (role === 'admin' ? 'disband' : 'leave');

/** The viewer may invite, and the list has an actions column. */
export const managesList = (viewer: Viewer): boolean => managesTeam(viewer.role);

const sortKey = (m: WorkspaceMember, columnId: string): string => (columnId === 'name' ? m.name : m.email);

/**
 * The rows of the page on screen in the chosen order (email or name). The members page call has
 * no order parameter (SPEC §7), so the order applies to the page shown.
 */
export const sortedRows = (c: Pick<Context, 'items' | 'sort'>): WorkspaceMember[] => {
  const { sort } = c;
  if (sort === null) return c.items;
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...c.items].sort((a, b) => factor * sortKey(a, sort.columnId).localeCompare(sortKey(b, sort.columnId)));
};

/** The plan is known to lack auto sync (SPEC §1): `auto` is offered disabled, with the note. */
export const autoSyncLockedOf = (c: Pick<Context, 'autoSync'>): boolean => c.autoSync === false;

/** Pages of the list (at least one). */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));

const doneKindOf = (action: MemberAction | null): DoneKind | null => (action === null || action.kind === 'disband' ? null : action.kind);


export const teamMembersMachine = setup({
  types: {} as { context: Context; events: Events; input: TeamMembersInput; tags: 'busy' | 'loading' | 'loadFailed' | 'confirm' | 'usageLimit' },
  actors: {
    loadPage: actorNotProvided<MembersPage, LoadPageInput>('loadPage'),
    runAction: actorNotProvided<ActionAnswer, RunActionInput>('runAction'),
    loadSeats: actorNotProvided<Seats, void>('loadSeats'),
    /** Whether the workspace's plan allows auto sync (SPEC §1), from the pay info. */
    loadAutoSync: actorNotProvided<boolean, LoadAutoSyncInput>('loadAutoSync'),
    /** The invite dialog's flow (provided with its effects by this flow's). */
    inviteMembers: inviteMembersMachine,
    /** The member's side of leaving by application (provided with its effects by this flow's). */
    leaveApplication: leaveApplicationMachine,
    /** The deciders' side: the pending applications to leave (provided with its effects by this flow's). */
    leaveReview: leaveReviewMachine,
    /** The members' sync-health lines (SPEC §7 Analytics logging; provided with its effects by this flow's). */
    syncHealth: syncHealthMachine,
    /** Upgrade now on a paid plan: the seat purchase's flow (provided with its effects by this flow's). */
    seatPurchase: seatPurchaseMachine,
    /** Upgrade now on trial or free: the plan upgrade's flow (provided with its effects by this flow's). */
    planUpgrade: planUpgradeMachine,
  },
  actions: {
    /** After leaving (the application approved) or disbanding: the gate reloads and sends the person on (to /workspace). */
    leftWorkspace: actionNotProvided('leftWorkspace'),
    assignSeats: assign((_, seats: Seats | null) => ({ seats })),
  },
  guards: {
    /** `auto` on a plan known to lack auto sync (SPEC §1): not sent. */
    autoSyncLocked: ({ context }, syncType: SyncType) => syncType === 'auto' && autoSyncLockedOf(context),
    planLimit: (_, answer: ActionAnswer) => refusedWith(answer, Code.PLAN_LIMIT),
    /** The owner and managers manage the team (SPEC §6); which rows allow what is `rowActionsOf`. */
    manages: ({ context }) => managesList(context),
    mayLeave: ({ context }) => exitOf(context.role) === 'leave',
    mayDisband: ({ context }) => exitOf(context.role) === 'disband',
    /** Re-inviting needs a seat the plan does not have (SPEC §2 Usage limit). */
    needsSeat: (_, answer: ActionAnswer) => refusedWith(answer, Code.MEMBER_EXCEEDED),
    ...usageLimitGuards,
    refused: (_, answer: ActionAnswer) => !answer.ok,
    pendingEndsMembership: ({ context }) => context.pending?.kind === 'disband',
    pendingRemoves: ({ context }) => context.pending?.kind === 'remove',
    /** The asked-for page came back empty although earlier pages have rows (its last rows were deleted). */
    pagePastEnd: ({ context }, output: MembersPage) => output.items.length === 0 && output.total > 0 && context.loadingPage > 1,
  },
}).createMachine({
  id: 'teamMembers',
  meta: { recordable: ['role', 'page', 'loadingPage', 'pending', 'error', 'done', 'sort', 'autoSync'] },
  context: ({ input }) => ({ ...input, page: 1, loadingPage: 1, seats: null, total: 0, items: [], pending: null, error: null, done: null, sort: null, autoSync: null }),
  type: 'parallel',
  on: { 'user.sort': { actions: assign({ sort: ({ event }) => event.sort }) } },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy', 'loading'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ workspaceId: context.workspaceId, page: context.loadingPage }),
            onDone: [
              {
                guard: { type: 'pagePastEnd', params: ({ event }) => event.output },
                target: 'loading',
                reenter: true,
                actions: assign({ loadingPage: ({ event }) => pageCount(event.output.total) }),
              },
              {
                target: 'ready',
                actions: assign({ page: ({ context }) => context.loadingPage, items: ({ event }) => event.output.items, total: ({ event }) => event.output.total }),
              },
            ],
            onError: 'failed',
          },
          on: {
            'invite.sent': { description: 'Invitations went out while a page loads: it loads again (they may not be in the answer under way).', target: 'loading', reenter: true },
            'leave.approved': { description: 'A member left by approval while a page loads: it loads again.', target: 'loading', reenter: true },
          },
        },
        failed: {
          description: 'The list could not be loaded (network or server failure); the page on screen stays, the view offers a retry.',
          tags: ['loadFailed'],
          on: {
            'user.retry': 'loading',
            'invite.sent': 'loading',
            'leave.approved': 'loading',
            'user.page': { target: 'loading', actions: assign({ loadingPage: ({ event }) => Math.max(1, event.page) }) },
          },
        },
        ready: {
          on: {
            'user.page': { target: 'loading', actions: assign({ loadingPage: ({ event }) => Math.max(1, event.page), error: null, done: null }) },
            'invite.sent': { description: 'Invitations went out: the page on screen shows them.', target: 'loading', actions: assign({ loadingPage: ({ context }) => context.page }) },
            'leave.approved': { description: 'A member left by approval (SPEC §4): the page on screen shows them removed.', target: 'loading', actions: assign({ loadingPage: ({ context }) => context.page }) },
            'user.changeRole': {
              guard: 'manages',
              target: 'acting',
              actions: assign({ pending: ({ event }) => ({ kind: 'role', userId: event.userId, level: event.level }), error: null, done: null }),
            },
            'user.changeSync': [
              {
                guard: { type: 'autoSyncLocked', params: ({ event }) => event.syncType },
                description: 'Auto on a plan without auto sync (SPEC §1): not sent; the option is disabled and the note says why.',
                actions: assign({ error: null, done: null }),
              },
              {
                guard: 'manages',
                target: 'acting',
                actions: assign({ pending: ({ event }) => ({ kind: 'sync', userId: event.userId, syncType: event.syncType }), error: null, done: null }),
              },
            ],
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
              // The re-invitation stays pending: it goes out again once seats were bought.
              { guard: { type: 'needsSeat', params: ({ event }) => event.output }, target: 'usageLimit' },
              // SPEC §1: the plan lacks auto sync after all; the note says so (no other error).
              { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'ready', actions: assign({ autoSync: false, pending: null }) },
              {
                guard: { type: 'refused', params: ({ event }) => event.output },
                target: 'ready',
                actions: assign({ error: ({ event }) => refusalOf(event.output), pending: null }),
              },
              { guard: 'pendingEndsMembership', target: 'left' },
              {
                guard: 'pendingRemoves',
                target: 'loading',
                actions: [
                  assign({ done: ({ context }) => doneKindOf(context.pending), pending: null, loadingPage: ({ context }) => context.page }),
                  raise({ type: 'team.memberRemoved' }),
                ],
              },
              { target: 'loading', actions: assign({ done: ({ context }) => doneKindOf(context.pending), pending: null, loadingPage: ({ context }) => context.page }) },
            ],
            onError: { target: 'ready', actions: assign({ error: networkError, pending: null }) },
          },
        },
        usageLimit: {
          description: 'Usage limit dialog (SPEC §2): re-inviting needs a seat the plan does not have; Upgrade now, then the same invitation again.',
          // The pending re-invitation (one address) runs again once seats were bought or the plan upgraded.
          ...usageLimitStates<Context>({ resend: '#teamMembers.list.acting', invitees: () => 1 }),
          on: { 'user.close': { target: 'ready', actions: assign({ pending: null }) } },
        },
        left: {
          description: 'The workspace was disbanded: the gate takes over (the screen goes, and this flow with it).',
          entry: 'leftWorkspace',
        },
      },
    },
    plan: {
      description: 'What the plan allows on this page: auto sync (SPEC §1, Pro and up), for those who set sync types.',
      initial: 'check',
      states: {
        check: { always: [{ guard: 'manages', target: 'loading' }, { target: 'unknown' }] },
        loading: {
          invoke: {
            id: 'loadAutoSync',
            src: 'loadAutoSync',
            input: ({ context }) => ({ userId: context.selfId }),
            onDone: { target: 'known', actions: assign({ autoSync: ({ event }) => event.output }) },
            onError: 'unknown',
          },
        },
        known: {},
        unknown: { description: 'A member, or the pay info could not be read: nothing is locked (the server decides).' },
      },
    },
    leaving: {
      description: 'Leaving by application (SPEC §4), the member side: for managers and members (the owner disbands instead).',
      initial: 'check',
      states: {
        check: { always: [{ guard: 'mayLeave', target: 'open' }, { target: 'none' }] },
        open: {
          invoke: { id: 'leaveApplication', src: 'leaveApplication', input: ({ context }) => ({ workspaceId: context.workspaceId }), onDone: 'left', onError: 'none' },
        },
        none: {},
        left: {
          description: 'The application was approved: the person is out of the workspace; the gate takes over.',
          entry: 'leftWorkspace',
        },
      },
    },
    review: {
      description: 'The pending applications to leave, for the owner and managers (SPEC §6).',
      initial: 'check',
      states: {
        check: { always: [{ guard: 'manages', target: 'open' }, { target: 'none' }] },
        open: {
          invoke: { id: 'leaveReview', src: 'leaveReview', onError: 'none' },
          on: { 'team.memberRemoved': { actions: sendTo('leaveReview', { type: 'leave.reload' }) } },
        },
        none: {},
      },
    },
    syncHealth: {
      description: 'The sync-health line under each member: its own flow (src/machines/sync-health.machine.ts) while the screen is on.',
      invoke: { id: 'syncHealth', src: 'syncHealth' },
    },
    invite: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'user.invite': { guard: 'manages', target: 'open' } },
        },
        open: {
          description: 'The invite dialog is open (its own flow); it ends when the person closes it.',
          invoke: {
            id: 'invite',
            src: 'inviteMembers',
            input: ({ event }) => (event.type === 'user.invite' && event.tab ? { tab: event.tab } : {}),
            onDone: 'closed',
            onError: 'closed',
          },
        },
      },
    },
  },
});

export type TeamMembersActorRef = ActorRefFrom<typeof teamMembersMachine>;
