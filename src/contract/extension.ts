import { z } from 'zod/mini';

/** Page <-> extension messages (SPEC §7 Extension messaging). */
export const extensionMessageTypes = [
  'fetchLoginInfo',
  'fetchChatsSyncInfo',
  'fetchChatsSync',
  'loginGuidance',
  'activateChatWebTab',
  'startChat',
  'findConfigInfo',
] as const;
export type ExtensionMessageType = (typeof extensionMessageTypes)[number];

export const extensionMessage = z.object({
  sender: z.literal('crm-web'),
  target: z.literal('background'),
  type: z.enum(extensionMessageTypes),
  payload: z.optional(z.unknown()),
});
export type ExtensionMessage = z.infer<typeof extensionMessage>;

/** Known ids of the companion extension (store build and the unpacked dev build with a fixed key). */
export const KNOWN_EXTENSION_IDS = ['lbbmbjlnmlmgipbkhjejnbbcmhbklhlp', 'kfbkmhobnmhebibkgfcgbjjkmkmmdmcn'] as const;

export const syncReply = z.object({
  isWhatsappLogin: z.boolean(),
  isLogin: z.boolean(),
  chatSyncFinished: z.boolean(),
  isReachSyncLimit: z.boolean(),
  isWhatsappOpen: z.boolean(),
  chatSyncFirstBatchFinished: z.boolean(),
});
export const loginInfoReply = z.extend(z.partial(syncReply), { isOpenWhatsapp: z.optional(z.boolean()) });

/** `findConfigInfo` reply: the chat-service id that every API body carries. */
export const configInfoReply = z.object({ chatServiceId: z.nullable(z.string()) });
export type ConfigInfo = z.infer<typeof configInfoReply>;
