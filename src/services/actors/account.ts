/**
 * The account actor's effects: refreshing user, workspace, members and the pay info after the
 * member list or the plan changed (any flow sends `account.refresh` to 'account' through
 * `services.sendTo`: the team's actions, an upgrade, seats bought), and announcing the member list
 * to the root, which broadcasts `members.loaded`. The pay info's plan group is stored again (SPEC
 * §3 browser storage key), as the login gate stores it on the first load.
 */
import { fromPromise, sendParent } from 'xstate';
import { accountEndpoints } from '../../contract/account';
import { workspaceEndpoints } from '../../contract/workspace';
import type { accountMachine, AccountRefresh } from '../../machines/account.machine';
import type { Implementations } from '../flow-services';
import { answerOf, dataOf } from '../answer';
import type { CoreServices } from './core';

export const accountEffects = (services: Pick<CoreServices, 'api' | 'storage'>): Implementations<typeof accountMachine> => {
  const { api, storage } = services;
  return {
    actors: {
      refreshAccount: fromPromise<AccountRefresh, void>(async () => {
        const [user, workspace, pay] = await Promise.all([
          api.call(accountEndpoints.userInfo),
          api.call(workspaceEndpoints.workspaceInfo, {}),
          // The pay info may fail alone: the one on show stays.
          api.call(accountEndpoints.payInfo).then(
            (r) => answerOf(r),
            () => null,
          ),
        ]);
        const userInfo = dataOf(user, 'User info');
        const payInfo = pay?.ok ? { payInfo: pay.data } : {};
        if (pay?.ok && pay.data.planGroup) storage.set('planGroup', pay.data.planGroup);
        // No workspace (left, removed, disbanded) is an answer, not a failure: the list is empty.
        if (workspace.raw) throw new Error('Workspace info: the server did not answer with JSON');
        if (!workspace.ok) return { userInfo, workspace: null, members: [], ...payInfo };
        const members = dataOf(await api.call(workspaceEndpoints.workspaceList), 'Member list').members;
        return { userInfo, workspace: workspace.data, members, ...payInfo };
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
