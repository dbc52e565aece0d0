/**
 * Generated path tests of the account machine: every state and transition is reached, and each
 * step refreshes the account when asked and tells the other actors the joined members (not the
 * pending invitations) whenever a user's account arrives.
 */
import type { WorkspaceMember } from '../../src/contract/workspace';
import { accountMachine, type AccountContext } from '../../src/machines/account.machine';
import { adminUser, config, memberUser, members, payInfo, workspace } from '../support/fixtures';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const invited: WorkspaceMember = { userId: 'u-new', email: 'new@example.test', name: '', status: 'invited', level: 'member', number: null, syncType: 'off' };

const events = [
  { type: 'account.loaded', account: { userInfo: adminUser, payInfo, workspace, members: [...members, invited], config } },
  { type: 'account.loaded', account: { userInfo: null, payInfo: null, workspace: null, members: [], config: [] } },
  { type: 'account.refresh' },
  { type: 'xstate.done.actor.refreshAccount', output: { userInfo: memberUser, workspace, members: members.slice(0, 2) } },
  { type: 'xstate.error.actor.refreshAccount', error: new Error('network') },
  { type: 'session.ended' },
];

type Arrived = { userInfo: { userId: string; roles: unknown } | null; members: WorkspaceMember[] };

/** The announcement for an account that arrived: the user, and the members who joined. */
const announce = (account: Arrived): Effect[] =>
  account.userInfo
    ? [
        actionRan('announceMembers', {
          self: { userId: account.userInfo.userId, roles: account.userInfo.roles },
          members: account.members.filter((m) => m.status === 'joined'),
        }),
      ]
    : [];

/** A user's account arriving (loaded by the gate, or refreshed) is announced; a refresh asked for while one is shown fetches it. */
const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  switch (event.type) {
    case 'account.loaded':
      return announce(event.account as Arrived);
    case 'account.refresh':
      return step.before!.hasTag('loaded') ? [actorRan('refreshAccount')] : [];
    case 'xstate.done.actor.refreshAccount':
      return announce(event.output as Arrived);
    default:
      return [];
  }
};

machinePathSuite('account machine paths', accountMachine, {
  events,
  effects,
  serializeContext: (c: AccountContext) => ({ user: c.userInfo?.userId ?? null, members: c.members.length, refreshFailed: c.refreshFailed }),
});
