/** Deterministic account data for machine tests, path tests and replays. */
import type { ConfigItem, PayInfo, UserInfo } from '../../src/contract/account';
import { Code } from '../../src/contract/codes';
import { roleItemsFor } from '../../src/contract/roles';
import type { WorkspaceInfo, WorkspaceMember } from '../../src/contract/workspace';
import type { ApiAnswer } from '../../src/machines/login-gate.machine';

export const adminUser: UserInfo = {
  userId: 'u-admin',
  email: 'admin@example.test',
  name: 'Ada Admin',
  roles: roleItemsFor('admin'),
  isAdmin: true,
  syncTypes: [],
  planGroup: 'pro',
};

export const managerUser: UserInfo = { ...adminUser, userId: 'u-manager', email: 'manager@example.test', name: 'Max Manager', roles: roleItemsFor('manager'), isAdmin: false };

export const memberUser: UserInfo = {
  ...adminUser,
  userId: 'u-member',
  email: 'member@example.test',
  name: 'Mia Member',
  roles: roleItemsFor('member'),
  isAdmin: false,
};

export const payInfo: PayInfo = {
  planCode: 'pro',
  planName: 'Pro',
  planPriceTitle: '$25/seat/month',
  inviteLimit: 10,
  inviteCount: 3,
  planStart: 1_700_000_000,
  planEnd: 1_702_592_000,
  planGroup: 'pro',
  perms: 'p1.MA',
};

export const workspace: WorkspaceInfo = { workspaceId: 'w-1', workspaceName: 'Acme Support', memberCount: 3 };
export const unnamedWorkspace: WorkspaceInfo = { workspaceId: 'w-2', workspaceName: '', memberCount: 1 };

export const members: WorkspaceMember[] = [
  { userId: 'u-admin', email: 'admin@example.test', name: 'Ada Admin', status: 'joined', level: 'admin', number: null, syncType: 'auto' },
  { userId: 'u-member', email: 'member@example.test', name: 'Mia Member', status: 'joined', level: 'member', number: '+100', syncType: 'manual' },
  { userId: 'u-other', email: 'other@example.test', name: 'Oli Other', status: 'joined', level: 'member', number: null, syncType: 'off' },
];

export const config: ConfigItem[] = [{ key: 'theme', value: 'light' }];

export const ok = <T>(data: T): ApiAnswer<T> => ({ code: Code.OK, data });
export const failed = <T>(code: number): ApiAnswer<T> => ({ code, data: null });
