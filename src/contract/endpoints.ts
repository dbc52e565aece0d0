import { z } from 'zod/mini';
import * as a from './account';
import * as w from './workspace';

export type Endpoint = {
  method: 'GET' | 'POST';
  path: string;
  /** camelCase request schema (the wire carries snake_case keys). */
  request: z.ZodMiniType;
  /** camelCase schema of `data` in a successful answer. */
  data: z.ZodMiniType;
  /** How the caller is authenticated: bearer access token, the session cookie, or nobody. */
  auth: 'bearer' | 'cookie' | 'none';
};

const e = <R extends z.ZodMiniType, D extends z.ZodMiniType>(
  method: Endpoint['method'],
  path: string,
  request: R,
  data: D,
  auth: Endpoint['auth'],
) => ({ method, path, request, data, auth }) as const;

const nothing = z.null();

/** Every call of SPEC §7 built so far. Paths containing /wp/ never carry the bearer token. */
export const endpoints = {
  // Account
  register: e('POST', '/api/wp/user/register', a.registerRequest, nothing, 'none'),
  registerVerify: e('POST', '/api/wp/user/register/verify', a.registerVerifyRequest, a.tokenData, 'none'),
  login: e('POST', '/api/wp/user/login', a.loginRequest, a.tokenData, 'none'),
  loginGoogle: e('POST', '/api/wp/user/login/google', a.googleLoginRequest, a.tokenData, 'none'),
  googleConfig: e('GET', '/api/wp/user/login/google/config', a.emptyRequest, a.googleConfigData, 'none'),
  logout: e('GET', '/api/wp/user/logout', a.emptyRequest, nothing, 'cookie'),
  resetRequest: e('POST', '/api/wp/user/password/reset-request', a.resetRequestRequest, nothing, 'none'),
  reset: e('POST', '/api/wp/user/password/reset', a.resetRequest, nothing, 'none'),
  changePassword: e('POST', '/api/wp/user/password/change', a.changePasswordRequest, nothing, 'cookie'),
  token: e('POST', '/api/token/', a.emptyRequest, a.tokenData, 'cookie'),
  userInfo: e('GET', '/api/crm/v2/user/info/', a.emptyRequest, a.userInfoData, 'bearer'),
  guideType: e('POST', '/api/crm/v2/user/get-guide-type', a.emptyRequest, a.guideTypeData, 'bearer'),
  userSetting: e('POST', '/public/user/setting', a.userSettingRequest, a.userSettingData, 'bearer'),
  payInfo: e('POST', '/api/pay/v1/plan/info', a.emptyRequest, a.payInfoData, 'bearer'),
  adminConfigList: e('POST', '/admin/config/list', a.emptyRequest, a.configListData, 'bearer'),
  adminConfigUpdate: e('POST', '/admin/config/update', a.configUpdateRequest, a.configListData, 'bearer'),
  memberConfigList: e('POST', '/member/config/list', a.emptyRequest, a.configListData, 'bearer'),
  memberConfigUpdate: e('POST', '/member/config/update', a.configUpdateRequest, a.configListData, 'bearer'),
  // Workspace (the part the login gate needs)
  workspaceInfo: e('POST', '/public/workspace/info', w.workspaceInfoRequest, w.workspaceInfoData, 'bearer'),
  workspaceList: e('POST', '/public/workspace/list', a.emptyRequest, w.workspaceListData, 'bearer'),
  workspaceCreate: e('POST', '/public/workspace/create', w.workspaceCreateRequest, w.workspaceInfoData, 'bearer'),
  workspacePage: e('POST', '/public/workspace/page', w.workspacePageRequest, w.workspacePageData, 'bearer'),
  inviteRecordCreate: e('POST', '/admin/workspace/invite/record/create', w.inviteRecordCreateRequest, w.inviteRecordCreateData, 'bearer'),
  inviteRecordDelete: e('POST', '/admin/workspace/invite/record/delete', w.inviteRecordDeleteRequest, nothing, 'bearer'),
  workspaceJoin: e('POST', '/public/workspace/join', w.joinRequest, w.workspaceInfoData, 'bearer'),
  syncTypeUpdate: e('POST', '/admin/workspace/sync-type/update', w.syncTypeUpdateRequest, nothing, 'bearer'),
  workspaceLeave: e('POST', '/member/workspace/leave', w.workspaceIdRequest, nothing, 'bearer'),
  workspaceDisband: e('POST', '/admin/workspace/disband', w.workspaceIdRequest, nothing, 'bearer'),
  userLevelUpdate: e('POST', '/admin/workspace/user-level/update', w.userLevelUpdateRequest, nothing, 'bearer'),
  publicInviteUrlGenerate: e('POST', '/public/workspace/public-invite-url/generate', a.emptyRequest, w.inviteUrlData, 'bearer'),
  publicInviteUrlReset: e('POST', '/public/workspace/public-invite-url/reset', a.emptyRequest, w.inviteUrlData, 'bearer'),
  joinByPublicInviteUrl: e('POST', '/public/workspace/join/by-public-invite-url', w.joinByPublicUrlRequest, w.workspaceInfoData, 'bearer'),
  inviteUrlList: e('POST', '/public/workspace/invite-url/list', a.emptyRequest, w.inviteUrlListData, 'bearer'),
  invitationInfo: e('POST', '/public/workspace/invitation/info', w.invitationInfoRequest, w.invitationInfoData, 'bearer'),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
export type RequestOf<N extends EndpointName> = z.input<(typeof endpoints)[N]['request']>;
export type DataOf<N extends EndpointName> = z.output<(typeof endpoints)[N]['data']>;

/** Header carrying the member an admin or manager acts for (SPEC §6). */
export const SOURCE_USER_HEADER = 'x-source-user-id';
/** Name of the httpOnly refresh cookie. */
export const SESSION_COOKIE = 'crm_session';
/** Largest accepted request body, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;
