import { z } from 'zod/mini';

/**
 * Page <-> extension messages (SPEC §7 Extension messaging): the SPEC's seven types, plus
 * `eclientAuth`, which the /crm/eclient/auth page sends to hand the extension its own session
 * (src/contract/chats.ts, eclientGrant), and `sendMessage`, a quick reply (SPEC §2 quick reply
 * panel) sent into a chat through the chat page.
 */
export const extensionMessageTypes = [
  'fetchLoginInfo',
  'fetchChatsSyncInfo',
  'fetchChatsSync',
  'loginGuidance',
  'activateChatWebTab',
  'startChat',
  'findConfigInfo',
  'eclientAuth',
  'sendMessage',
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
export const KNOWN_EXTENSION_IDS = ['lbbmbjlnmlmgipbkhjejnbbcmhbklhlp', 'jmieldcecjicfoldhegaccmlnjihbkba'] as const;

export const syncReply = z.object({
  isWhatsappLogin: z.boolean(),
  isLogin: z.boolean(),
  chatSyncFinished: z.boolean(),
  isReachSyncLimit: z.boolean(),
  isWhatsappOpen: z.boolean(),
  chatSyncFirstBatchFinished: z.boolean(),
});
export const loginInfoReply = z.extend(z.partial(syncReply), { isOpenWhatsapp: z.optional(z.boolean()) });

export type SyncReply = z.infer<typeof syncReply>;
export type LoginInfoReply = z.infer<typeof loginInfoReply>;

/** `findConfigInfo` reply: the chat-service id that every API body carries. */
export const configInfoReply = z.object({ chatServiceId: z.nullable(z.string()) });
export type ConfigInfo = z.infer<typeof configInfoReply>;

/**
 * Payloads the page sends, by type (absent: none):
 * - fetchLoginInfo: who the page is signed in as, so the extension can say whether it is signed in
 *   to the CRM with the same account (`isLogin`, SPEC §8 'Please login ... with the same Account');
 * - fetchChatsSync: `isSyncData: true` starts (or continues) a sync (SPEC §7);
 * - startChat: the chat to open on the chat page, by chat id or phone;
 * - eclientAuth: the extension's session from eclientGrant;
 * - sendMessage: a message to send into a chat of the logged-in number, with its attachments as
 *   signed download URLs of the file store (the extension never holds a store credential), and
 *   the page's workspace: the extension sends only for the workspace its own session belongs to.
 */
export const loginInfoPayload = z.object({ userId: z.string(), email: z.optional(z.string()) });
export const chatsSyncPayload = z.object({ isSyncData: z.boolean() });
export const startChatPayload = z.object({ chatWhatsappId: z.optional(z.string()), phone: z.optional(z.string()) });
export const eclientAuthPayload = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.int(),
  userId: z.string(),
  email: z.string(),
  workspaceId: z.string(),
});
export type EclientAuthPayload = z.infer<typeof eclientAuthPayload>;
export const sendMessagePayload = z.object({
  /** The page's workspace (absent: only the page's origin is compared with the session's). */
  workspaceId: z.optional(z.string().check(z.maxLength(64))),
  chatWhatsappId: z.string().check(z.minLength(1), z.maxLength(128)),
  text: z.string().check(z.maxLength(4096)),
  attachments: z.array(
    z.object({
      name: z.string().check(z.maxLength(255)),
      mimeType: z.string().check(z.maxLength(255)),
      kind: z.enum(['image', 'video', 'document']),
      size: z.int(),
      url: z.string().check(z.maxLength(4096)),
    }),
  ).check(z.maxLength(10)),
});
export type SendMessagePayload = z.infer<typeof sendMessagePayload>;

/** Reply of loginGuidance, activateChatWebTab, startChat, eclientAuth and sendMessage: whether it was done. */
export const actionReply = z.object({ ok: z.boolean(), message: z.optional(z.string()) });
export type ActionReply = z.infer<typeof actionReply>;
