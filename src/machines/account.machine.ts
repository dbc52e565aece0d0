import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ConfigItem, PayInfo, UserInfo } from '../contract/account';
import { realRole, roleOf, type RealRole, type Role, type RoleItem } from '../contract/roles';
import type { WorkspaceInfo, WorkspaceMember } from '../contract/workspace';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The account (SPEC §2 gate step 3-4, SPEC §4): the signed-in user, pay info, workspace, members
 * and config, one long-lived actor (system id 'account') every view reads them from.
 *
 * - `account.loaded {account}`: the login gate's first load (and every `gate.reload`) hands over
 *   what it fetched;
 * - `account.refresh`: the member list changed (an invitation, a join, a removal, a role change)
 *   or the plan did (an upgrade, seats bought): user, workspace, members and the pay info (seats
 *   used, the seat limit, the plan) are fetched again (`refreshAccount`); a refresh asked for while
 *   one runs starts over, so the last answer reflects the last change; a failure keeps the data
 *   (the pay info alone failing keeps the pay info on show);
 * - `session.ended` (the sign-out broadcast) forgets everything.
 *
 * Whenever the member list is (re)loaded, `announceMembers` tells the other actors
 * (`members.loaded`, which the selected-member actor resolves its selection from).
 */

export type AccountData = {
  userInfo: UserInfo | null;
  payInfo: PayInfo | null;
  workspace: WorkspaceInfo | null;
  members: WorkspaceMember[];
  config: ConfigItem[];
};

/** What a refresh fetches again (config does not change with the members or the plan). */
export type AccountRefresh = {
  userInfo: UserInfo;
  workspace: WorkspaceInfo | null;
  members: WorkspaceMember[];
  /** The pay info again; left out when it could not be read (the one on show stays). */
  payInfo?: PayInfo;
};

/** The announcement of a loaded member list (the selected-member actor's `members.loaded`). */
export type MembersAnnouncement = {
  self: { userId: string; roles: readonly RoleItem[] };
  members: WorkspaceMember[];
};

export type AccountEvent =
  | { type: 'account.loaded'; account: AccountData }
  | { type: 'account.refresh' }
  | { type: 'session.ended' };

export type AccountContext = AccountData & {
  /** True when the last refresh failed (the data shown is the one before it). */
  refreshFailed: boolean;
};

const emptyAccount: AccountContext = {
  userInfo: null,
  payInfo: null,
  workspace: null,
  members: [],
  config: [],
  refreshFailed: false,
};

/** Joined members only: invited (pending) people are not selectable. */
const announcementOf = (context: AccountData): MembersAnnouncement | null =>
  context.userInfo
    ? {
        self: { userId: context.userInfo.userId, roles: context.userInfo.roles },
        members: context.members.filter((m) => m.status === 'joined'),
      }
    : null;

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    tags: {} as 'loaded' | 'busy',
  },
  actors: {
    refreshAccount: actorNotProvided<AccountRefresh>('refreshAccount'),
  },
  actions: {
    announceMembers: actionNotProvided<MembersAnnouncement>('announceMembers'),
    assignAccount: assign((_, account: AccountData) => ({ ...account, refreshFailed: false })),
    assignRefresh: assign((_, refresh: AccountRefresh) => ({ ...refresh, refreshFailed: false })),
    markRefreshFailed: assign({ refreshFailed: true }),
    forgetAccount: assign(() => ({ ...emptyAccount })),
  },
  guards: {
    hasUser: ({ context }) => context.userInfo !== null,
  },
}).createMachine({
  id: 'account',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['refreshFailed'] },
  context: { ...emptyAccount },
  initial: 'empty',
  on: {
    'account.loaded': { target: '.announcing', actions: { type: 'assignAccount', params: ({ event }) => event.account } },
    'session.ended': { target: '.empty', actions: 'forgetAccount' },
  },
  states: {
    empty: {
      description: 'No account: nobody signed in, or the gate has not finished its first load.',
    },
    announcing: {
      description: 'New data arrived: tell the other actors the members, then show it.',
      always: [
        {
          guard: 'hasUser',
          target: 'ready',
          actions: { type: 'announceMembers', params: ({ context }) => announcementOf(context) as MembersAnnouncement },
        },
        { target: 'empty' },
      ],
    },
    ready: {
      tags: ['loaded'],
      initial: 'idle',
      on: {
        'account.refresh': { target: '.refreshing', reenter: true },
      },
      states: {
        idle: {},
        refreshing: {
          description: 'Fetching user, workspace and members again; the data on show stays meanwhile.',
          tags: ['busy'],
          invoke: {
            id: 'refreshAccount',
            src: 'refreshAccount',
            onDone: {
              target: '#account.announcing',
              actions: { type: 'assignRefresh', params: ({ event }) => event.output },
            },
            onError: { target: 'idle', actions: 'markRefreshFailed' },
          },
        },
      },
    },
  },
});

export type AccountActorRef = ActorRefFrom<typeof accountMachine>;
export type AccountSnapshot = SnapshotFrom<typeof accountMachine>;

// ---- selectors the views read (context and tags, never state paths) ----
export const selectUser = (s: AccountSnapshot): UserInfo | null => s.context.userInfo;
export const selectWorkspace = (s: AccountSnapshot): WorkspaceInfo | null => s.context.workspace;
export const selectMembers = (s: AccountSnapshot): WorkspaceMember[] => s.context.members;
export const selectPayInfo = (s: AccountSnapshot): PayInfo | null => s.context.payInfo;
export const selectConfig = (s: AccountSnapshot): ConfigItem[] => s.context.config;
/** The pieces a view keys or starts a flow with, as plain values ('' or null when not signed in). */
export const selectUserId = (s: AccountSnapshot): string => s.context.userInfo?.userId ?? '';
export const selectUserEmail = (s: AccountSnapshot): string | null => s.context.userInfo?.email ?? null;
/** The user's role in the workspace (SPEC §6); a user without roles reads as a member. */
export const selectRole = (s: AccountSnapshot): Role => roleOf(s.context.userInfo?.roles ?? []);
/** The user's real role (SPEC §6: /admin or /member calls); a user without roles reads as a member. */
export const selectRealRole = (s: AccountSnapshot): RealRole => realRole(s.context.userInfo?.roles ?? []);
export const selectWorkspaceId = (s: AccountSnapshot): string => s.context.workspace?.workspaceId ?? '';
export const selectWorkspaceName = (s: AccountSnapshot): string => s.context.workspace?.workspaceName ?? '';
