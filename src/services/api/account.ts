/** Typed wrappers for the account calls of SPEC §7 (one line each; the client does the rest). */
import type { PayInfo } from '../../contract/account';
import type { RequestOf } from '../../contract/endpoints';
import { decodePerms, type PermissionSet } from '../../contract/permissions';
import type { ApiClient } from './client';

export const accountApi = (client: ApiClient) => ({
  register: (body: RequestOf<'register'>) => client.call('register', body),
  registerVerify: (body: RequestOf<'registerVerify'>) => client.call('registerVerify', body),
  login: (body: RequestOf<'login'>) => client.call('login', body),
  loginGoogle: (body: RequestOf<'loginGoogle'>) => client.call('loginGoogle', body),
  googleConfig: () => client.call('googleConfig'),
  logout: () => client.call('logout'),
  resetRequest: (body: RequestOf<'resetRequest'>) => client.call('resetRequest', body),
  reset: (body: RequestOf<'reset'>) => client.call('reset', body),
  changePassword: (body: RequestOf<'changePassword'>) => client.call('changePassword', body),
  token: () => client.call('token'),
  userInfo: () => client.call('userInfo'),
  guideType: () => client.call('guideType'),
  userSetting: (body: RequestOf<'userSetting'> = {}) => client.call('userSetting', body),
  payInfo: () => client.call('payInfo'),
  adminConfigList: () => client.call('adminConfigList'),
  adminConfigUpdate: (body: RequestOf<'adminConfigUpdate'>) => client.call('adminConfigUpdate', body),
  memberConfigList: () => client.call('memberConfigList'),
  memberConfigUpdate: (body: RequestOf<'memberConfigUpdate'>) => client.call('memberConfigUpdate', body),
});

export type AccountApi = ReturnType<typeof accountApi>;

export type DecodedPayInfo = PayInfo & { permissions: PermissionSet };

/** Adds the SPEC §3 permission bits decoded from `payInfo.perms` (salted with the signed-in user's id). */
export const decodePayInfo = (payInfo: PayInfo, userId: string): DecodedPayInfo => ({
  ...payInfo,
  permissions: decodePerms(payInfo.perms, userId),
});
