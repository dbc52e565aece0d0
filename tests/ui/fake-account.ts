/** Fake API answers for a signed-in account, built from the shared fixtures. */
import type { UserInfo } from '../../src/contract/account';
import { Code } from '../../src/contract/codes';
import type { WorkspaceInfo, WorkspaceMember } from '../../src/contract/workspace';
import { adminUser, config, members, payInfo, workspace } from '../support/fixtures';
import { createFakeApi, failResult, okResult, type ApiHandlers, type FakeApi } from './harness';

export type AccountOptions = {
  user?: UserInfo;
  /** The workspace, or null for "no workspace yet" (code 100040). */
  workspace?: WorkspaceInfo | null;
  members?: WorkspaceMember[];
  /** Whether /api/token/ gives a token (the refresh cookie exists). */
  canObtainToken?: boolean;
  extra?: ApiHandlers;
};

export const accountApi = (options: AccountOptions = {}): FakeApi => {
  const user = options.user ?? adminUser;
  let ws = options.workspace === undefined ? workspace : options.workspace;
  const handlers: ApiHandlers = {
    token: () => (options.canObtainToken ? okResult({ accessToken: 'fresh-token', expiresIn: 3600 }) : failResult(Code.NO_ACTIVE_ACCOUNT, 'No active account found with the given credentials')),
    userInfo: () => okResult(user),
    payInfo: () => okResult(payInfo),
    workspaceInfo: () => (ws ? okResult(ws) : failResult(Code.NO_WORKSPACE, 'You have no workspace yet')),
    workspaceList: () => okResult({ members: options.members ?? members }),
    adminConfigList: () => okResult({ items: config }),
    memberConfigList: () => okResult({ items: config }),
    userSetting: (body) => okResult({ userId: user.userId, email: user.email, name: user.name, language: body?.language ?? null }),
    logout: () => okResult(null),
    workspaceCreate: (body) => {
      ws = { workspaceId: 'w-new', workspaceName: body?.workspaceName ?? '', memberCount: 1 };
      return okResult(ws);
    },
    ...options.extra,
  };
  return createFakeApi(handlers);
};
