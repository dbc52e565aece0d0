import { z } from 'zod';
import { syncTypes } from './roles';

/** Languages of the product (SPEC §1). */
export const languages = ['en', 'zh-CN', 'ar'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

/** Email: trimmed, lower-cased, of the form x@y.z. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is empty')
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email')
  .transform((s) => s.toLowerCase());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
/** A password given to sign in is only checked for presence and size. */
const loginPasswordSchema = z.string().min(1).max(PASSWORD_MAX);
export const codeSchema = z.string().trim().regex(/^\d{6}$/, 'The code has 6 digits');

export const registerRequest = z.object({ email: emailSchema, password: passwordSchema, name: z.string().trim().max(80).optional() });
export const registerVerifyRequest = z.object({ email: emailSchema, code: codeSchema });
export const loginRequest = z.object({ email: emailSchema, password: loginPasswordSchema });
export const resetRequestRequest = z.object({ email: emailSchema });
export const resetRequest = z.object({ email: emailSchema, code: codeSchema, password: passwordSchema });
export const changePasswordRequest = z.object({ oldPassword: loginPasswordSchema, newPassword: passwordSchema });
export const emptyRequest = z.object({}).strip();

/** Answer of sign-in, verify and /api/token/: the access token (the refresh token rides in an httpOnly cookie). */
export const tokenData = z.object({ accessToken: z.string(), expiresIn: z.number().int() });
export type TokenData = z.infer<typeof tokenData>;

export const roleItem = z.object({ code: z.enum(['admin', 'member']), level: z.number().int() });

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

export const guideTypeData = z.object({ guideType: z.number().int() });

export const userSettingRequest = z.object({ language: languageSchema.optional() });
export const userSettingData = z.object({ userId: z.string(), email: z.string(), name: z.string(), language: languageSchema.nullable() });
export type UserSetting = z.infer<typeof userSettingData>;

export const payInfoData = z.object({
  planCode: z.string(),
  planName: z.string(),
  planPriceTitle: z.string().default('Free'),
  inviteLimit: z.number().int(),
  inviteCount: z.number().int(),
  planStart: z.number().int(),
  planEnd: z.number().int().default(0),
  planGroup: z.string(),
  /** Encoded permission mask; decode with `decodePerms` (SPEC §3). */
  perms: z.string(),
});
export type PayInfo = z.infer<typeof payInfoData>;

export const configItem = z.object({ key: z.string().min(1).max(64), value: z.string().max(2000) });
export const configListData = z.object({ items: z.array(configItem) });
export const configUpdateRequest = z.object({ items: z.array(configItem).min(1).max(50) });
export type ConfigItem = z.infer<typeof configItem>;

export const googleLoginRequest = z.object({ credential: z.string().min(10).max(8192) });
export const googleConfigData = z.object({ enabled: z.boolean(), clientId: z.string().nullable() });
