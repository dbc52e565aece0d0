/**
 * The login gate's effects (SPEC §2 steps 2-4): obtaining a token, the first-load calls, and
 * `storeAccount`, which keeps the SPEC §3 storage keys and hands the account to the account actor
 * (`account.loaded`, system id 'account'), and `announceRoute`, which tells the root ('app') the
 * route that renders (`route.shown`).
 */
import { enqueueActions, fromPromise, type AnyEventObject } from 'xstate';
import { accountEndpoints, type ConfigItem, type PayInfo, type UserInfo } from '../../contract/account';
import { workspaceEndpoints, type WorkspaceInfo, type WorkspaceMember } from '../../contract/workspace';
import type {
  ApiAnswer,
  FetchUserConfigInput,
  FetchWorkspaceInfoInput,
  GateAccount,
  loginGateMachine,
} from '../../machines/login-gate.machine';
import type { Implementations } from '../flow-services';
import { codeAnswerOf, dataOf } from '../answer';
import type { AppStorage } from '../storage';
import { hasStoredToken, navigateAction, type CoreServices } from './core';

/** Keeps the account pieces SPEC §3 lists among the browser storage keys. */
export const storeAccountKeys = (storage: AppStorage, account: GateAccount): void => {
  const { userInfo, payInfo } = account;
  if (!userInfo) return;
  storage.set('userInfo', userInfo);
  storage.set('planGroup', payInfo?.planGroup || userInfo.planGroup);
  const own = userInfo.syncTypes.find((s) => s.userId === userInfo.userId);
  if (own) storage.set('syncType', own.syncType);
};

export const gateEffects = (services: CoreServices): Implementations<typeof loginGateMachine> => {
  const { api, storage } = services;
  return {
    actors: {
      obtainToken: fromPromise<void, void>(async () => {
        const token = dataOf(await api.call(accountEndpoints.token), 'Obtaining an access token');
        storage.set('accessToken', token.accessToken);
        services.sendTo('session', { type: 'session.signedIn' });
      }),
      fetchUserInfo: fromPromise<ApiAnswer<UserInfo>, void>(async () => codeAnswerOf(await api.call(accountEndpoints.userInfo), 'User info')),
      fetchPayInfo: fromPromise<PayInfo, void>(async () => dataOf(await api.call(accountEndpoints.payInfo), 'Pay info')),
      fetchWorkspaceInfo: fromPromise<ApiAnswer<WorkspaceInfo>, FetchWorkspaceInfoInput>(async ({ input }) =>
        codeAnswerOf(await api.call(workspaceEndpoints.workspaceInfo, input.inviteToken ? { inviteToken: input.inviteToken } : {}), 'Workspace info'),
      ),
      fetchMemberList: fromPromise<WorkspaceMember[], void>(
        async () => dataOf(await api.call(workspaceEndpoints.workspaceList), 'Member list').members,
      ),
      fetchUserConfig: fromPromise<ConfigItem[], FetchUserConfigInput>(
        async ({ input }) =>
          dataOf(await api.call(input.role === 'admin' ? accountEndpoints.adminConfigList : accountEndpoints.memberConfigList), 'User config').items,
      ),
    },
    guards: { hasStoredToken: hasStoredToken(services) },
    actions: {
      navigate: navigateAction(services),
      storeAccount: enqueueActions(({ enqueue, system }, account) => {
        enqueue(() => storeAccountKeys(storage, account));
        // Outside the app system (a machine test) there is no account actor to tell.
        const target = system.get('account');
        if (target) enqueue.sendTo(target, { type: 'account.loaded', account } as AnyEventObject);
      }),
      announceRoute: enqueueActions(({ enqueue, system }, route) => {
        // The root ('app') starts the route's screen flows and tells every flow; a machine test has no root.
        const app = system.get('app');
        if (app) enqueue.sendTo(app, { type: 'route.shown', ...route } as AnyEventObject);
      }),
    },
  };
};
