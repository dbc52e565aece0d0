// The contract is on zod/mini (functional API): the login page loads it, and full 'zod' cannot be
// tree-shaken (~16 KB gzipped more). zod/mini has no default locale: server/http/route.ts sets English.
import { z } from 'zod/mini';
import { maxChars } from './text-bounds';
import { endpoint } from './endpoint';
import { syncTypes } from './roles';

/** Languages of the product (SPEC §1). */
export const languages = ['en', 'zh-CN', 'ar'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

/** The form of an email address: x@y.z. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Email: trimmed, lower-cased, of the form x@y.z. */
export const emailSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Email is empty'),
    maxChars(254),
    z.regex(EMAIL_PATTERN, 'Please enter a valid email'),
    z.toLowerCase(),
  );

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const passwordSchema = z.string().check(z.minLength(PASSWORD_MIN), maxChars(PASSWORD_MAX));
/** A password given to sign in is only checked for presence and size. */
const loginPasswordSchema = z.string().check(z.minLength(1), maxChars(PASSWORD_MAX));
export const codeSchema = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'The code has 6 digits'));

export const registerRequest = z.object({ email: emailSchema, password: passwordSchema, name: z.optional(z.string().check(z.trim(), maxChars(80))) });
export const registerVerifyRequest = z.object({ email: emailSchema, code: codeSchema });
export const loginRequest = z.object({ email: emailSchema, password: loginPasswordSchema });
export const resetRequestRequest = z.object({ email: emailSchema });
export const resetRequest = z.object({ email: emailSchema, code: codeSchema, password: passwordSchema });
export const changePasswordRequest = z.object({ oldPassword: loginPasswordSchema, newPassword: passwordSchema });
export const emptyRequest = z.object({});

/** Answer of sign-in, verify and /api/token/: the access token (the refresh token rides in an httpOnly cookie). */
export const tokenData = z.object({ accessToken: z.string(), expiresIn: z.int() });
export type TokenData = z.infer<typeof tokenData>;

export const roleItem = z.object({ code: z.enum(['admin', 'member']), level: z.int() });

export const userInfoData = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(roleItem),
  isAdmin: z.boolean(),
  syncTypes: z.array(z.object({ userId: z.string(), syncType: z.enum(syncTypes) })),
  planGroup: z.string(),
});
export type UserInfo = z.infer<typeof userInfoData>;

export const guideTypeData = z.object({ guideType: z.int() });

export const userSettingRequest = z.object({ language: z.optional(languageSchema) });
export const userSettingData = z.object({ userId: z.string(), email: z.string(), name: z.string(), language: z.nullable(languageSchema) });
export type UserSetting = z.infer<typeof userSettingData>;

export const payInfoData = z.object({
  planCode: z.string(),
  planName: z.string(),
  planPriceTitle: z._default(z.string(), 'Free'),
  inviteLimit: z.int(),
  inviteCount: z.int(),
  planStart: z.int(),
  planEnd: z._default(z.int(), 0),
  planGroup: z.string(),
  /** Encoded permission mask; decode with `decodePerms` (SPEC §3). */
  perms: z.string(),
});
export type PayInfo = z.infer<typeof payInfoData>;

export const configItem = z.object({ key: z.string().check(z.minLength(1), maxChars(64)), value: z.string().check(maxChars(2000)) });
export const configListData = z.object({ items: z.array(configItem) });
export const configUpdateRequest = z.object({ items: z.array(configItem).check(z.minLength(1), z.maxLength(50)) });
export type ConfigItem = z.infer<typeof configItem>;

export const googleLoginRequest = z.object({ credential: z.string().check(z.minLength(10), maxChars(8192)) });
export const googleConfigData = z.object({ enabled: z.boolean(), clientId: z.nullable(z.string()) });

/**
 * The account area of SPEC §7: sign-up, sign-in, tokens, the user, the plan and the per-role
 * config. The login gate and the auth screens load it; it is part of the login page.
 */
const nothing = z.null();
export const accountEndpoints = {
  register: endpoint({ path: '/api/wp/user/register', request: registerRequest, answer: nothing, access: 'public' }),
  registerVerify: endpoint({ path: '/api/wp/user/register/verify', request: registerVerifyRequest, answer: tokenData, access: 'public' }),
  login: endpoint({ path: '/api/wp/user/login', request: loginRequest, answer: tokenData, access: 'public' }),
  loginGoogle: endpoint({ path: '/api/wp/user/login/google', request: googleLoginRequest, answer: tokenData, access: 'public', body: 'form' }),
  googleConfig: endpoint({ method: 'GET', path: '/api/wp/user/login/google/config', request: emptyRequest, answer: googleConfigData, access: 'public' }),
  logout: endpoint({ method: 'GET', path: '/api/wp/user/logout', request: emptyRequest, answer: nothing, access: 'cookie' }),
  resetRequest: endpoint({ path: '/api/wp/user/password/reset-request', request: resetRequestRequest, answer: nothing, access: 'public' }),
  reset: endpoint({ path: '/api/wp/user/password/reset', request: resetRequest, answer: nothing, access: 'public' }),
  changePassword: endpoint({ path: '/api/wp/user/password/change', request: changePasswordRequest, answer: nothing, access: 'cookie' }),
  token: endpoint({ path: '/api/token/', request: emptyRequest, answer: tokenData, access: 'cookie' }),
  userInfo: endpoint({ method: 'GET', path: '/api/crm/v2/user/info/', request: emptyRequest, answer: userInfoData, access: 'session' }),
  guideType: endpoint({ path: '/api/crm/v2/user/get-guide-type', request: emptyRequest, answer: guideTypeData, access: 'session' }),
  userSetting: endpoint({ path: '/public/user/setting', request: userSettingRequest, answer: userSettingData, access: 'session', sourceUser: 'ignored' }),
  payInfo: endpoint({ path: '/api/pay/v1/plan/info', request: emptyRequest, answer: payInfoData, access: 'session' }),
  adminConfigList: endpoint({ path: '/admin/config/list', request: emptyRequest, answer: configListData, access: 'manager' }),
  adminConfigUpdate: endpoint({ path: '/admin/config/update', request: configUpdateRequest, answer: configListData, access: 'manager' }),
  memberConfigList: endpoint({ path: '/member/config/list', request: emptyRequest, answer: configListData, access: 'member' }),
  memberConfigUpdate: endpoint({ path: '/member/config/update', request: configUpdateRequest, answer: configListData, access: 'member' }),
} as const;
