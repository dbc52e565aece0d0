/**
 * Synced chats (SPEC §1, §3 Chat and Message, §4 Chat sync flow and Chat list loading, §7 Chats and
 * Extension messaging, §9 constants): the conversation lists the workspace reads, the message pages
 * of one conversation, the uploads the companion extension makes, and the extension's own sign-in.
 * Loaded with the conversations screen and the chat-sync flow; the extension (extension/) imports
 * it too.
 *
 * Who sees what (SPEC §6): a member reads their own chats; the owner and managers read a member's
 * through the verified source-user header (the /admin list calls and the /public message calls);
 * nobody reads another workspace's. Uploads are always the caller's own (`sourceUser: 'refused'`).
 *
 * Times on the wire are unix milliseconds.
 *
 * Sync type (SPEC §3 Workspace member, §4): `off` refuses uploads (SYNC_OFF); `manual` syncs when
 * the person asks (the Sync button) and keeps the chats up to date while the chat page stays open;
 * `auto` (Pro plan) also starts the sync by itself whenever the chat page opens.
 *
 * The extension's sign-in (`/crm/eclient/auth`, SPEC §2): the signed-in page calls `eclientGrant`,
 * which opens a session of its own for the extension and answers its tokens; the page hands them
 * to the extension (message `eclientAuth`, src/contract/extension.ts). The extension renews its
 * access token with `eclientToken`, carrying the refresh token in the JSON body (never a cookie:
 * a cross-site form cannot send JSON, and the cookie stays the page's). The refresh token rotates
 * on every renewal, as the page's cookie does.
 */
import { z } from 'zod/mini';
import { boundedInt, byteCount, countSchema, epochMs, maxChars, pageNumber } from './bounds';
import { endpoint } from './endpoint';
import { byRole, flattenRolePairs } from './role-pair';

/** SPEC §9: chat list pages of 500, message pages of 50. */
export const CHAT_PAGE_SIZE = 500;
export const MESSAGE_PAGE_SIZE = 50;
/** SPEC §9: at most 5 chat-service numbers per account. */
export const MAX_CHAT_NUMBERS = 5;
/** SPEC §9: files over 16 MB show a placeholder in the chat view. */
export const MAX_CHAT_FILE_BYTES = 16 * 1024 * 1024;
/** One upload carries at most this many chats and messages (the extension splits larger syncs). */
export const SYNC_BATCH_MAX_CHATS = 500;
export const SYNC_BATCH_MAX_MESSAGES = 2000;
/** Largest upload body: 2,000 messages of a few hundred bytes each fit with room to spare. */
export const SYNC_BODY_LIMIT = 1024 * 1024;

/**
 * SPEC §3: a chat id is digits or dashes plus a user or group suffix: `<digits>@c.us` for a single
 * chat (the digits are the counterpart's phone), `<digits>-<digits>@g.us` or `<digits>@g.us` for a
 * group.
 */
export const CHAT_ID_PATTERN = /^[0-9][0-9-]{0,62}@(c\.us|g\.us)$/;
export const isGroupChatId = (chatId: string): boolean => chatId.endsWith('@g.us');
/** The counterpart's phone of a single chat (`+` and the digits), or null for a group. */
export const phoneOfChatId = (chatId: string): string | null => (isGroupChatId(chatId) ? null : `+${chatId.slice(0, chatId.indexOf('@'))}`);

/** SPEC §3: the recognised message types; any other type is stored and shown as a generic bubble. */
export const messageTypes = [
  'chat',
  'document',
  'image',
  'video',
  'ptt',
  'vcard',
  'sticker',
  'revoked',
  'audio',
  'location',
  'poll_creation',
  'order',
  'payment',
  'interactive',
] as const;
export type MessageType = (typeof messageTypes)[number];
export const isRecognisedType = (type: string): type is MessageType => (messageTypes as readonly string[]).includes(type);

/** The chat-service number of the account (the phone the chat page is logged in with): digits only. */
export const chatNumberSchema = z.string().check(z.regex(/^[0-9]{5,20}$/, 'A chat-service number is 5 to 20 digits'));
export const chatIdSchema = z.string().check(z.regex(CHAT_ID_PATTERN, 'Not a chat id'));
const shortText = (max: number) => z.optional(z.nullable(z.string().check(maxChars(max))));

/**
 * What a message carries beyond its text, by type (all optional; the view shows what is there):
 * a location's place, a contact card, a poll, an order, a payment, an interactive message's
 * buttons, a voice note's or video's length.
 */
export const messageMeta = z.object({
  location: z.optional(z.object({ lat: z.number(), lng: z.number(), name: shortText(200) })),
  vcard: z.optional(z.object({ displayName: z.string().check(maxChars(200)), phones: z.array(z.string().check(maxChars(40))).check(z.maxLength(10)) })),
  poll: z.optional(z.object({ question: z.string().check(maxChars(500)), options: z.array(z.string().check(maxChars(200))).check(z.maxLength(12)) })),
  order: z.optional(z.object({ itemCount: countSchema, total: z.number(), currency: z.string().check(maxChars(3)) })),
  payment: z.optional(z.object({ amount: z.number(), currency: z.string().check(maxChars(3)), status: shortText(40) })),
  interactive: z.optional(z.object({ buttons: z.array(z.string().check(maxChars(100))).check(z.maxLength(10)) })),
  durationSec: z.optional(countSchema),
});
export type MessageMeta = z.infer<typeof messageMeta>;

/** SPEC §3 Message, as the workspace reads it. */
export const message = z.object({
  id: z.string(),
  /** The chat service's own key of the message (unique within its conversation). */
  msgKey: z.string(),
  conversationId: z.string(),
  sendTime: z.int(),
  fromMe: z.boolean(),
  /** One of `messageTypes`, or any other type the chat service has (a generic bubble). */
  type: z.string(),
  /** The text, or a media message's caption. */
  text: z.nullable(z.string()),
  /** Who wrote it, in a group. */
  senderName: z.nullable(z.string()),
  fileName: z.nullable(z.string()),
  /** Bytes (SPEC §9: shown in bytes, kB, MB, GB or 'over 1 TB'; over 16 MB a placeholder). */
  fileSize: z.nullable(z.int()),
  mimeType: z.nullable(z.string()),
  meta: z.nullable(messageMeta),
});
export type Message = z.infer<typeof message>;

/** The last message of a chat, as its list row shows it. */
export const lastMessage = z.object({ sendTime: z.int(), type: z.string(), text: z.nullable(z.string()), fromMe: z.boolean() });

/** SPEC §3 Chat. */
export const chat = z.object({
  id: z.string(),
  chatWhatsappId: z.string(),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  isGroup: z.boolean(),
  /** Deleted on the chat service (kept so the incremental list can say so). */
  isDel: z.boolean(),
  /** The chat-service number it was synced from. */
  number: z.string(),
  lastMessage: z.nullable(lastMessage),
  /** The lead this single chat became through sync (its name, phone and last message time), if any. */
  leadId: z.nullable(z.string()),
  /** When the server last changed this row (the incremental list's clock). */
  updateTime: z.int(),
});
export type Chat = z.infer<typeof chat>;

/** SPEC §7: `/workspace/conversation/list/by-page` (pageNo from 1, pageSize 500). */
export const conversationPageRequest = z.object({
  workspaceId: z.optional(z.string().check(maxChars(64))),
  pageNo: z._default(pageNumber, 1),
  pageSize: z._default(boundedInt(1, CHAT_PAGE_SIZE), CHAT_PAGE_SIZE),
});
/**
 * A page of chats, newest last message first. `hasNext`: another page follows. `timestamp`: the
 * server's clock when the page was read, the start of the incremental refresh.
 */
export const conversationPageData = z.object({ rows: z.array(chat), totalCount: z.int(), hasNext: z.boolean(), timestamp: z.int() });

/** SPEC §7: `/workspace/conversation/list/by-inc`: chats changed after `timestamp`. */
export const conversationIncRequest = z.object({ workspaceId: z.optional(z.string().check(maxChars(64))), timestamp: epochMs });
/** The chats changed since (deleted ones with `isDel`), and the clock to ask from next time. */
export const conversationIncData = z.object({ rows: z.array(chat), timestamp: z.int() });

/**
 * SPEC §7: `/public/workspace/conversation/message/page/before`: up to 50 messages older than the
 * given one (`sendTime` and `msgKey` of the oldest shown; both absent: the latest 50).
 */
export const messagesBeforeRequest = z.object({
  conversationId: z.string().check(z.minLength(1), maxChars(64)),
  sendTime: z.optional(epochMs),
  msgKey: z.optional(z.string().check(maxChars(128))),
  pageSize: z._default(boundedInt(1, MESSAGE_PAGE_SIZE), MESSAGE_PAGE_SIZE),
});
/** `/message/page/after`: up to 50 messages newer than the given one (the newest shown). */
export const messagesAfterRequest = z.object({
  conversationId: z.string().check(z.minLength(1), maxChars(64)),
  sendTime: epochMs,
  msgKey: z.optional(z.string().check(maxChars(128))),
  pageSize: z._default(boundedInt(1, MESSAGE_PAGE_SIZE), MESSAGE_PAGE_SIZE),
});
/** Messages oldest first; `hasMore`: more lie beyond the page in the direction asked. */
export const messagePageData = z.object({ rows: z.array(message), hasMore: z.boolean() });

/** A chat as the extension uploads it. */
export const syncChat = z.object({
  chatWhatsappId: chatIdSchema,
  name: z.string().check(maxChars(200)),
  avatarUrl: shortText(1000),
  isDel: z._default(z.boolean(), false),
});
/** A message as the extension uploads it (the same fields the workspace reads, keyed by its chat). */
export const syncMessage = z.object({
  chatWhatsappId: chatIdSchema,
  msgKey: z.string().check(z.minLength(1), maxChars(128)),
  sendTime: epochMs,
  fromMe: z.boolean(),
  type: z.string().check(z.minLength(1), maxChars(40)),
  text: shortText(65536),
  senderName: shortText(200),
  fileName: shortText(255),
  fileSize: z.optional(z.nullable(byteCount)),
  mimeType: shortText(100),
  meta: z.optional(z.nullable(messageMeta)),
});
export type SyncChat = z.infer<typeof syncChat>;
export type SyncMessage = z.infer<typeof syncMessage>;

/**
 * One upload of a sync (idempotent: a chat is keyed by its chat id and number, a message by its
 * msgKey in its chat, so sending a batch twice stores nothing twice). Messages of chats not in the
 * batch must belong to chats uploaded before. `firstBatch`/`final` say where the batch sits in
 * its sync, for the member's sync state.
 */
export const syncUploadRequest = z.object({
  number: chatNumberSchema,
  chats: z.array(syncChat).check(z.maxLength(SYNC_BATCH_MAX_CHATS)),
  messages: z.array(syncMessage).check(z.maxLength(SYNC_BATCH_MAX_MESSAGES)),
  firstBatch: z._default(z.boolean(), false),
  final: z._default(z.boolean(), false),
});
/** What the batch changed: new rows stored, and leads made or updated from single chats. */
export const syncUploadData = z.object({
  chatsStored: z.int(),
  messagesStored: z.int(),
  leadsCreated: z.int(),
  leadsUpdated: z.int(),
});

/** The caller's sync state: their numbers, the limit, their sync type and when they last synced. */
export const syncStatusRequest = z.object({});
export const syncStatusData = z.object({
  numbers: z.array(z.string()),
  limit: z.int(),
  syncType: z.enum(['off', 'manual', 'auto']),
  lastSyncTime: z.nullable(z.int()),
  /** Chat ids synced so far (SPEC §4 First-run guidance: the sync-button mask after Not Now). */
  syncedChatCount: z.int(),
});

/** The extension's own session: its tokens, who it is signed in as. */
export const eclientGrantRequest = z.object({});
export const eclientGrantData = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds the access token lives. */
  expiresIn: z.int(),
  userId: z.string(),
  email: z.string(),
  workspaceId: z.string(),
});
export const eclientTokenRequest = z.object({ refreshToken: z.string().check(z.minLength(16), maxChars(200)) });
export const eclientTokenData = z.object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: z.int() });

const nothing = z.null();

/** The list calls, per role (SPEC §6: admin and member prefixes). */
export const chatCalls = {
  conversationListByPage: byRole('/workspace/conversation/list/by-page', conversationPageRequest, conversationPageData),
  conversationListByInc: byRole('/workspace/conversation/list/by-inc', conversationIncRequest, conversationIncData),
} as const;

export const chatsEndpoints = {
  ...flattenRolePairs(chatCalls),
  /** Any member; the owner and managers read a member's through the source-user header. */
  messagePageBefore: endpoint({ path: '/public/workspace/conversation/message/page/before', request: messagesBeforeRequest, answer: messagePageData, access: 'member' }),
  messagePageAfter: endpoint({ path: '/public/workspace/conversation/message/page/after', request: messagesAfterRequest, answer: messagePageData, access: 'member' }),
  /** The extension's upload: always the caller's own chats. */
  syncUpload: endpoint({
    path: '/api/crm/v2/sync/upload',
    request: syncUploadRequest,
    answer: syncUploadData,
    access: 'member',
    sourceUser: 'refused',
    bodyLimit: SYNC_BODY_LIMIT,
  }),
  syncStatus: endpoint({ path: '/api/crm/v2/sync/status', request: syncStatusRequest, answer: syncStatusData, access: 'member', sourceUser: 'refused' }),
  /** From the signed-in page only: an extension session cannot grant another. */
  eclientGrant: endpoint({ path: '/api/crm/v2/eclient/grant', request: eclientGrantRequest, answer: eclientGrantData, access: 'member', sourceUser: 'refused', session: 'web' }),
  /** Public (no bearer token: under /wp/, SPEC §7), the refresh token in the body. */
  eclientToken: endpoint({ path: '/api/wp/eclient/token', request: eclientTokenRequest, answer: eclientTokenData, access: 'public' }),
  eclientRevoke: endpoint({ path: '/api/crm/v2/eclient/revoke', request: z.object({}), answer: nothing, access: 'session', sourceUser: 'refused' }),
} as const;
