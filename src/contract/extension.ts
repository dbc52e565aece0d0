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
  // The group tool (SPEC §2 assistant tools): the logged-in number's groups and one group's participants.
  'fetchGroups',
  'fetchGroupParticipants',
  // The number check (SPEC §2 assistant tools): which numbers have a chat-service account.
  'checkNumbers',
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

/**
 * The group tool's messages (SPEC §2 Other panels: assistant tools, group tool). Answered only for
 * a page of the origin the extension's session belongs to, with a number logged in on the chat
 * page; otherwise the reply is empty and says why (`refused`): `notConnected` (no session for this
 * page's origin) or `noNumber` (no number on the chat page); `noGroup` when the number has no such group.
 * - fetchGroups (no payload): the number's groups, with their size (participants, the number included);
 * - fetchGroupParticipants `{ chatWhatsappId }`: one group's participants, each with its phone
 *   (E.164 digits without '+'), its name as the number knows it (null: unknown) and whether it is an admin.
 */
export const groupRefusals = ['notConnected', 'noNumber', 'noGroup'] as const;
export type GroupRefusal = (typeof groupRefusals)[number];
export const groupSummary = z.object({ chatWhatsappId: z.string(), name: z.string(), size: z.int() });
export type GroupSummary = z.infer<typeof groupSummary>;
export const fetchGroupsReply = z.object({ groups: z.array(groupSummary), refused: z.optional(z.enum(groupRefusals)) });
export type FetchGroupsReply = z.infer<typeof fetchGroupsReply>;
export const groupParticipantsPayload = z.object({ chatWhatsappId: z.string().check(z.minLength(1), z.maxLength(128)) });
export const groupParticipant = z.object({ phone: z.string(), name: z.nullable(z.string()), isAdmin: z.boolean() });
export type GroupParticipant = z.infer<typeof groupParticipant>;
export const fetchGroupParticipantsReply = z.object({ participants: z.array(groupParticipant), refused: z.optional(z.enum(groupRefusals)) });
export type FetchGroupParticipantsReply = z.infer<typeof fetchGroupParticipantsReply>;

/**
 * The number check's message (SPEC §2 Other panels: assistant tools, number check):
 * `checkNumbers { phones }` asks which of up to NUMBER_CHECK_BATCH numbers (E.164 digits without
 * '+', as the page's one phone rule wrote them) have a chat-service account; the reply gives each
 * asked number once, in the order asked, with the account's profile name when the service knows
 * it. Answered only for a page of the origin the extension's session belongs to, with a number
 * logged in on the chat page; otherwise the reply is empty and says why (`refused`):
 * `notConnected`, `noNumber`, or `invalid` (a payload that does not parse: too many numbers, or
 * one that is not E.164 digits).
 */
export const NUMBER_CHECK_BATCH = 100;
/** E.164 without '+': a country code (no leading 0) and at most 15 digits in all. */
export const E164_DIGITS = /^[1-9][0-9]{6,14}$/;
export const checkNumbersPayload = z.object({
  phones: z.array(z.string().check(z.regex(E164_DIGITS))).check(z.minLength(1), z.maxLength(NUMBER_CHECK_BATCH)),
});
export type CheckNumbersPayload = z.infer<typeof checkNumbersPayload>;
export const numberCheckRefusals = ['notConnected', 'noNumber', 'invalid'] as const;
export type NumberCheckRefusal = (typeof numberCheckRefusals)[number];
export const numberCheckResult = z.object({ phone: z.string(), exists: z.boolean(), name: z.nullable(z.string()) });
export type NumberCheckResult = z.infer<typeof numberCheckResult>;
export const checkNumbersReply = z.object({ results: z.array(numberCheckResult), refused: z.optional(z.enum(numberCheckRefusals)) });
export type CheckNumbersReply = z.infer<typeof checkNumbersReply>;
