/**
 * The account actor's effects: refreshing user, workspace and members after the member list
 * changed (any flow sends `account.refresh` to 'account' through `services.sendTo`), and
 * announcing the member list to the root, which broadcasts `members.loaded`.
 */
import { fromPromise, sendParent } from 'xstate';
import { accountEndpoints } from '../../contract/account';
import { workspaceEndpoints } from '../../contract/workspace';
import type { accountMachine, AccountRefresh } from '../../machines/account.machine';
import type { Implementations } from '../flow-services';
import { dataOf } from '../answer';
import type { CoreServices } from './core';

export const accountEffects = (services: Pick<CoreServices, 'api'>): Implementations<typeof accountMachine> => {
  const { api } = services;
  return {
    actors: {
      refreshAccount: fromPromise<AccountRefresh, void>(async () => {
        const [user, workspace] = await Promise.all([api.call(accountEndpoints.userInfo), api.call(workspaceEndpoints.workspaceInfo, {})]);
        const userInfo = dataOf(user, 'User info');
        // No workspace (left, removed, disbanded) is an answer, not a failure: the list is empty.
        if (workspace.raw) throw new Error('Workspace info: the server did not answer with JSON');
        if (!workspace.ok) return { userInfo, workspace: null, members: [] };
        const members = dataOf(await api.call(workspaceEndpoints.workspaceList), 'Member list').members;
        return { userInfo, workspace: workspace.data, members };
      }),
    },
    actions: {
      announceMembers: sendParent((_, p) => ({
        type: 'members.loaded',
        self: p.self,
        members: p.members,
      })),
    },
  };
};
