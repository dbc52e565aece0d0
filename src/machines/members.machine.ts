import { assign, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import { RoleLevel, type SyncType } from '../contract/roles';
import { MEMBERS_PAGE_SIZE, type WorkspaceMember } from '../contract/workspace';
import type { InviteAnswer, SeatUsage } from './invite-dialog.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The workspace-members screen (SPEC §2 /settings/workspace-members, §4 Member status and
 * Workspace, §6 roles, §7 Workspace calls, §9 members 20 a page).
 *
 * Loads one page of members (`loadPage`, 20 a page) and offers, by the caller's role, the member
 * actions (issue 3 decisions "Roles"):
 * - owner (admin, level 1): everything, disband (exit and delete) but not leave;
 * - manager (level 3): everything but disband and changing or removing the owner; may leave;
 * - member (level 2): no admin action, only leave.
 * Nobody changes their own role or removes themselves.
 *
 * Changing a role or a sync type and (re-)sending an invitation apply at once; removing a member,
 * deleting an invitation, leaving and disbanding wait in `confirming` for `user.confirm`. Every
 * action runs through `applying` (actor `memberAction`), then the page reloads. A MEMBER_EXCEEDED
 * answer (re-inviting beyond the seats) opens the usage-limit dialog (`usageLimit`, `loadUsage`).
 * Leaving or disbanding ends in `gone` with `reloadGate` (the gate then sends the user to
 * /workspace); so does a NO_WORKSPACE answer (the caller was removed meanwhile).
 */

export type CallerRole = 'owner' | 'manager' | 'member';
export type MembersPage = { items: WorkspaceMember[]; total: number; page: number; size: number };
export type MembersInput = { workspaceId: string; selfId: string; role: CallerRole };
export type LoadPageInput = { workspaceId: string; page: number; size: number };

/** One member action, as the `memberAction` actor receives it. */
export type MemberAction =
  | { kind: 'role'; workspaceId: string; userId: string; userLevel: 'manager' | 'member' }
  | { kind: 'sync'; workspaceId: string; userId: string; syncType: SyncType }
  | { kind: 'invite'; workspaceId: string; email: string }
  | { kind: 'remove'; workspaceId: string; userId: string; email: string }
  | { kind: 'deleteInvite'; workspaceId: string; email: string }
  | { kind: 'leave'; workspaceId: string }
  | { kind: 'disband'; workspaceId: string };
export type MemberActionKind = MemberAction['kind'];
export type ConfirmKind = 'remove' | 'deleteInvite' | 'leave' | 'disband';

export type MembersNotice = 'saved' | 'deleted' | 'invited';
export type MembersProblem = { kind: 'server'; code: number; message: string } | { kind: 'network' } | null;

export type MembersContext = MembersInput & {
  page: number;
  items: WorkspaceMember[];
  total: number;
  pending: MemberAction | null;
  error: MembersProblem;
  usage: SeatUsage | null;
};

export type MembersEvent =
  | { type: 'user.page'; page: number }
  | { type: 'user.retry' }
  | { type: 'list.refresh' }
  | { type: 'user.changeRole'; email: string; level: 'manager' | 'member' }
  | { type: 'user.changeSync'; email: string; syncType: SyncType }
  | { type: 'user.resend'; email: string }
  | { type: 'user.remove'; email: string }
  | { type: 'user.deleteInvite'; email: string }
  | { type: 'user.leave' }
  | { type: 'user.disband' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.closeLimit' };

// ---- what the caller may do (pure; the view offers exactly these) ----

const canManage = (role: CallerRole): boolean => role === 'owner' || role === 'manager';

/** May the caller change this member's role (manager/member)? */
export const mayChangeRole = (role: CallerRole, selfId: string, m: WorkspaceMember): boolean =>
  canManage(role) && m.status === 'joined' && m.level !== 'admin' && m.userId !== selfId;

/** May the caller change this member's sync type? The owner's only by the owner. */
export const mayChangeSync = (role: CallerRole, _selfId: string, m: WorkspaceMember): boolean =>
  canManage(role) && m.status === 'joined' && (m.level !== 'admin' || role === 'owner');

/** Remove a joined member (not the owner, not oneself). */
export const mayRemove = (role: CallerRole, selfId: string, m: WorkspaceMember): boolean =>
  canManage(role) && m.status === 'joined' && m.level !== 'admin' && m.userId !== selfId;

/** Resend a pending invitation, or re-invite a removed member. */
export const mayInvite = (role: CallerRole, _selfId: string, m: WorkspaceMember): boolean =>
  canManage(role) && (m.status === 'invited' || m.status === 'removed');

export const mayDeleteInvite = (role: CallerRole, _selfId: string, m: WorkspaceMember): boolean =>
  canManage(role) && m.status === 'invited';

export const mayLeave = (role: CallerRole): boolean => role !== 'owner';
export const mayDisband = (role: CallerRole): boolean => role === 'owner';
export const mayInviteMembers = (role: CallerRole): boolean => canManage(role);

export const pageCount = (total: number, size: number = MEMBERS_PAGE_SIZE): number => Math.max(1, Math.ceil(total / size));

const find = (context: MembersContext, email: string): WorkspaceMember | undefined =>
  context.items.find((m) => m.email === email);

type MemberCheck = (role: CallerRole, selfId: string, m: WorkspaceMember) => boolean;
const allowed = (context: MembersContext, email: string, check: MemberCheck): boolean => {
  const m = find(context, email);
  return !!m && check(context.role, context.selfId, m);
};

const problemOf = (answer: InviteAnswer<unknown>): MembersProblem =>
  answer.ok ? null : { kind: 'server', code: answer.code, message: answer.message };

const noticeOf = (action: MemberAction | null): MembersNotice => {
  switch (action?.kind) {
    case 'invite':
      return 'invited';
    case 'remove':
    case 'deleteInvite':
      return 'deleted';
    default:
      return 'saved';
  }
};

export const membersMachine = setup({
  types: {
    context: {} as MembersContext,
    events: {} as MembersEvent,
    input: {} as MembersInput,
    tags: {} as 'busy',
  },
  actors: {
    loadPage: actorNotProvided<InviteAnswer<MembersPage>, LoadPageInput>('loadPage'),
    memberAction: actorNotProvided<InviteAnswer<unknown>, MemberAction>('memberAction'),
    loadUsage: actorNotProvided<SeatUsage>('loadUsage'),
  },
  actions: {
    /** Shows a short success message (toast). */
    notify: actionNotProvided<{ notice: MembersNotice }>('notify'),
    /** The member left or the workspace is gone: the gate loads the account again. */
    reloadGate: actionNotProvided('reloadGate'),
    /** A member was removed (the header selection must not stay on them). */
    memberRemoved: actionNotProvided<{ userId: string }>('memberRemoved'),
    setPending: assign((_, pending: MemberAction) => ({ pending, error: null })),
  },
  guards: {
    succeeded: (_, answer: InviteAnswer<unknown>) => answer.ok,
    lostWorkspace: (_, answer: InviteAnswer<unknown>) => !answer.ok && answer.code === Code.NO_WORKSPACE,
    isMemberExceeded: (_, answer: InviteAnswer<unknown>) => !answer.ok && answer.code === Code.MEMBER_EXCEEDED,
    /** A page past the end (rows were removed): step back. */
    isEmptyPastFirst: (_, answer: InviteAnswer<MembersPage>) => answer.ok && answer.data.items.length === 0 && answer.data.page > 1,
    isValidPage: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= pageCount(context.total) && params.page !== context.page,
    mayChangeRole: ({ context }, p: { email: string; level: string }) =>
      allowed(context, p.email, mayChangeRole) && find(context, p.email)?.level !== p.level,
    mayChangeSync: ({ context }, p: { email: string; syncType: string }) =>
      allowed(context, p.email, mayChangeSync) && find(context, p.email)?.syncType !== p.syncType,
    mayInvite: ({ context }, p: { email: string }) => allowed(context, p.email, mayInvite),
    mayRemove: ({ context }, p: { email: string }) => allowed(context, p.email, mayRemove),
    mayDeleteInvite: ({ context }, p: { email: string }) => allowed(context, p.email, mayDeleteInvite),
    mayLeave: ({ context }) => mayLeave(context.role),
    mayDisband: ({ context }) => mayDisband(context.role),
    endsMembership: ({ context }) => context.pending?.kind === 'leave' || context.pending?.kind === 'disband',
    removedMember: ({ context }) => context.pending?.kind === 'remove',
  },
}).createMachine({
  id: 'members',
  context: ({ input }) => ({ ...input, page: 1, items: [], total: 0, pending: null, error: null, usage: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads one page of members (20 a page).',
      tags: ['busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ workspaceId: context.workspaceId, page: context.page, size: MEMBERS_PAGE_SIZE }),
        onDone: [
          { guard: { type: 'lostWorkspace', params: ({ event }) => event.output }, target: 'gone', actions: 'reloadGate' },
          {
            guard: { type: 'isEmptyPastFirst', params: ({ event }) => event.output },
            target: 'loading',
            reenter: true,
            actions: assign({ page: ({ event }) => (event.output.ok ? Math.max(1, event.output.data.page - 1) : 1) }),
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'ready',
            actions: assign(({ event }) =>
              event.output.ok ? { items: event.output.data.items, total: event.output.data.total, page: event.output.data.page } : {},
            ),
          },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => problemOf(event.output) }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: { kind: 'network' } }) },
      },
    },
    loadFailed: {
      description: 'The list could not be read: the screen offers to try again.',
      on: { 'user.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      description: 'The page of members, with the actions the caller may take.',
      on: {
        'user.page': {
          guard: { type: 'isValidPage', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: assign({ page: ({ event }) => event.page, error: null }),
        },
        'list.refresh': { target: 'loading', actions: assign({ error: null }) },
        'user.changeRole': {
          guard: { type: 'mayChangeRole', params: ({ event }) => ({ email: event.email, level: event.level }) },
          target: 'applying',
          actions: {
            type: 'setPending',
            params: ({ context, event }) => ({
              kind: 'role',
              workspaceId: context.workspaceId,
              userId: find(context, event.email)?.userId ?? '',
              userLevel: event.level,
            }),
          },
        },
        'user.changeSync': {
          guard: { type: 'mayChangeSync', params: ({ event }) => ({ email: event.email, syncType: event.syncType }) },
          target: 'applying',
          actions: {
            type: 'setPending',
            params: ({ context, event }) => ({
              kind: 'sync',
              workspaceId: context.workspaceId,
              userId: find(context, event.email)?.userId ?? '',
              syncType: event.syncType,
            }),
          },
        },
        'user.resend': {
          guard: { type: 'mayInvite', params: ({ event }) => ({ email: event.email }) },
          target: 'applying',
          actions: {
            type: 'setPending',
            params: ({ context, event }) => ({ kind: 'invite', workspaceId: context.workspaceId, email: event.email }),
          },
        },
        'user.remove': {
          guard: { type: 'mayRemove', params: ({ event }) => ({ email: event.email }) },
          target: 'confirming',
          actions: {
            type: 'setPending',
            params: ({ context, event }) => ({
              kind: 'remove',
              workspaceId: context.workspaceId,
              userId: find(context, event.email)?.userId ?? '',
              email: event.email,
            }),
          },
        },
        'user.deleteInvite': {
          guard: { type: 'mayDeleteInvite', params: ({ event }) => ({ email: event.email }) },
          target: 'confirming',
          actions: {
            type: 'setPending',
            params: ({ context, event }) => ({ kind: 'deleteInvite', workspaceId: context.workspaceId, email: event.email }),
          },
        },
        'user.leave': {
          guard: 'mayLeave',
          target: 'confirming',
          actions: { type: 'setPending', params: ({ context }) => ({ kind: 'leave', workspaceId: context.workspaceId }) },
        },
        'user.disband': {
          guard: 'mayDisband',
          target: 'confirming',
          actions: { type: 'setPending', params: ({ context }) => ({ kind: 'disband', workspaceId: context.workspaceId }) },
        },
      },
    },
    confirming: {
      description: 'A destructive action (remove, delete invitation, leave, disband) waits for confirmation.',
      on: {
        'user.confirm': 'applying',
        'user.cancel': { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    applying: {
      description: 'Runs the pending action.',
      tags: ['busy'],
      invoke: {
        id: 'memberAction',
        src: 'memberAction',
        input: ({ context }) => context.pending ?? { kind: 'leave', workspaceId: context.workspaceId },
        onDone: [
          { guard: { type: 'lostWorkspace', params: ({ event }) => event.output }, target: 'gone', actions: 'reloadGate' },
          {
            guard: { type: 'isMemberExceeded', params: ({ event }) => event.output },
            target: 'usageLimit',
            actions: assign({ pending: null }),
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'done',
          },
          { target: 'ready', actions: assign({ error: ({ event }) => problemOf(event.output), pending: null }) },
        ],
        onError: { target: 'ready', actions: assign({ error: { kind: 'network' }, pending: null }) },
      },
    },
    done: {
      description: 'The action succeeded: leave the workspace, or say so and reload the page.',
      always: [
        { guard: 'endsMembership', target: 'gone', actions: 'reloadGate' },
        {
          guard: 'removedMember',
          target: 'loading',
          actions: [
            { type: 'notify', params: ({ context }) => ({ notice: noticeOf(context.pending) }) },
            {
              type: 'memberRemoved',
              params: ({ context }) => ({ userId: context.pending?.kind === 'remove' ? context.pending.userId : '' }),
            },
            assign({ pending: null }),
          ],
        },
        {
          target: 'loading',
          actions: [{ type: 'notify', params: ({ context }) => ({ notice: noticeOf(context.pending) }) }, assign({ pending: null })],
        },
      ],
    },
    usageLimit: {
      description: "Re-inviting went beyond the plan's seats: the 'Usage limit' dialog.",
      initial: 'loading',
      on: { 'user.closeLimit': '#members.ready' },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadUsage',
            src: 'loadUsage',
            onDone: { target: 'shown', actions: assign({ usage: ({ event }) => event.output }) },
            onError: { target: 'shown', actions: assign({ usage: null }) },
          },
        },
        shown: {},
      },
    },
    gone: {
      description: 'The caller left, disbanded, or lost the workspace: the gate takes over.',
      type: 'final',
      tags: ['busy'],
    },
  },
});

export type MembersActorRef = ActorRefFrom<typeof membersMachine>;

/** The caller's role on the members screen, from the user info's roles. */
export const callerRoleOf = (roles: readonly { code: string; level: number }[]): CallerRole => {
  if (roles.some((r) => r.code === 'admin' && r.level === RoleLevel.admin)) return 'owner';
  if (roles.some((r) => r.code === 'admin' && r.level === RoleLevel.manager)) return 'manager';
  return 'member';
};
