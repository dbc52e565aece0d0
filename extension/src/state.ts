/**
 * What the extension keeps in chrome.storage.local (Chrome stops the service worker when idle and
 * starts it again for the next event, so nothing that must last lives in its memory), with a
 * schema per key: a value that does not parse (an older build's, or damaged) reads as absent.
 */
import { z } from 'zod/mini';
import { chatIdSchema, chatNumberSchema, syncMessage } from '../../src/contract/chats';
import { autoReply } from '../../src/contract/templates';

/** The extension's own session in the workspace (eclientGrant, renewed with eclientToken). */
export const crmSession = z.object({
  /** The workspace's origin, learnt from the page that handed over the session; API calls go there. */
  origin: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Unix ms when the access token stops working. */
  expiresAt: z.number(),
  userId: z.string(),
  email: z.string(),
  workspaceId: z.string(),
});
export type CrmSession = z.infer<typeof crmSession>;

/** The chat page's sign-in: the chat-service number (digits). */
export const chatLogin = z.object({ number: chatNumberSchema });
export type ChatLogin = z.infer<typeof chatLogin>;

/** A chat made on the chat page after the generated ones (a new number opened with startChat). */
export const extraChat = z.object({ chatWhatsappId: chatIdSchema, name: z.string(), isGroup: z.boolean() });
export type ExtraChat = z.infer<typeof extraChat>;

/** The message another one quotes (an auto reply with quoteWhenReplying quotes the incoming message). */
export const quotedMessage = z.object({
  msgKey: z.string(),
  text: z.nullable(z.string()),
  senderName: z.nullable(z.string()),
  fromMe: z.boolean(),
});
export type QuotedMessage = z.infer<typeof quotedMessage>;

/** Who made a message that was not typed on the chat page. */
export const messageOrigins = ['workspace', 'autoReply', 'schedule'] as const;
export type MessageOrigin = (typeof messageOrigins)[number];

/**
 * What the chat page knows of a message beyond its upload fields, by message key. Kept on this
 * browser only: the upload's message meta has no place for them, and an attachment's link is a
 * signed download URL that expires anyway.
 */
export const messageDetail = z.object({
  via: z.optional(z.enum(messageOrigins)),
  /** An attachment's download link (shown as a link, an image also as a thumbnail). */
  url: z.optional(z.string()),
  quote: z.optional(quotedMessage),
  /** The auto-reply template that wrote it. */
  templateId: z.optional(z.string()),
});
export type MessageDetail = z.infer<typeof messageDetail>;

/** A chat's state on the simulated chat service (an auto reply may archive the chat or block its sender). */
export const chatFlags = z.object({ archived: z.optional(z.boolean()), blocked: z.optional(z.boolean()) });
export type ChatFlags = z.infer<typeof chatFlags>;

/**
 * One chat-service account on this browser: when it first logged in (the generated data's clock)
 * and what happened on the chat page since (append-only lists: the sync counts how far it uploaded),
 * with the local details of those messages and the chats' flags (absent in older records).
 */
export const accountRecord = z.object({
  anchor: z.number(),
  extraChats: z.array(extraChat),
  extraMessages: z.array(syncMessage),
  details: z.optional(z.record(z.string(), messageDetail)),
  chatFlags: z.optional(z.record(z.string(), chatFlags)),
});
export type AccountRecord = z.infer<typeof accountRecord>;

/** An auto reply decided and waiting for its delay (auto-reply.ts). */
export const pendingReply = z.object({
  chatId: chatIdSchema,
  templateId: z.string(),
  /** The incoming message it answers. */
  incomingKey: z.string(),
  dueAt: z.number(),
  text: z.string(),
  quote: z.nullable(quotedMessage),
  archive: z.boolean(),
  block: z.boolean(),
});
export type PendingReply = z.infer<typeof pendingReply>;

/**
 * The auto-reply executor's memory for one number (kept in storage so a reload keeps it): how many
 * of the account's extra messages it has looked at, when each template last answered each chat
 * (`<chat id>|<template id>`: unix ms), and the replies waiting for their delay.
 */
export const autoReplyMemory = z.object({
  seen: z.int(),
  lastReplies: z.record(z.string(), z.number()),
  pending: z.array(pendingReply),
});
export type AutoReplyMemory = z.infer<typeof autoReplyMemory>;

/** The member's auto replies and switch as the workspace last gave them to this session. */
export const autoReplyConfig = z.object({
  origin: z.string(),
  userId: z.string(),
  fetchedAt: z.number(),
  enabled: z.boolean(),
  items: z.array(autoReply),
});
export type AutoReplyConfig = z.infer<typeof autoReplyConfig>;

/**
 * The sync of one chat-service number into one workspace account (SPEC §3 Extension sync reply
 * fields, §4 Chat sync flow). Its flags describe the workspace's copy, so they stay set once
 * reached: a later request only tops it up. A sync of another number or account starts afresh.
 */
export const syncState = z.object({
  origin: z.string(),
  userId: z.string(),
  number: z.string(),
  /** `running`: a full sync is under way, `cursor` batches of its plan are stored. */
  phase: z.enum(['idle', 'running', 'finished', 'failed']),
  cursor: z.int(),
  /** The plan is made from the generated data plus this many extra chats and messages. */
  extraChatsAtStart: z.int(),
  extraMessagesAtStart: z.int(),
  /** How many extra chats and messages the workspace has (the live uploads continue from there). */
  uploadedExtraChats: z.int(),
  uploadedExtraMessages: z.int(),
  firstBatchFinished: z.boolean(),
  finished: z.boolean(),
  reachLimit: z.boolean(),
  syncOff: z.boolean(),
  lastSyncTime: z.nullable(z.number()),
  lastError: z.nullable(z.string()),
});
export type SyncState = z.infer<typeof syncState>;

export const storedValues = {
  crmSession,
  chatLogin,
  /** The origin of the workspace page that last messaged the extension (the chat page's Connect button). */
  lastPageOrigin: z.string(),
  /**
   * A sync the workspace asked for (fetchChatsSync) before the chat page was logged in or the
   * extension connected: started when both are done, if still recent (PENDING_SYNC_MS).
   */
  pendingSync: z.object({ origin: z.string(), at: z.number() }),
  sync: syncState,
  autoReplyConfig,
} as const;
export type StoredValues = { [K in keyof typeof storedValues]: z.infer<(typeof storedValues)[K]> };
export type StoredKey = keyof StoredValues;

export const accountKey = (number: string) => `account:${number}`;
export const autoReplyKey = (number: string) => `autoReply:${number}`;

/** Reads and writes of chrome.storage.local (or an in-memory map in tests), parsed by schema. */
export type Store = {
  get<K extends StoredKey>(key: K): Promise<StoredValues[K] | undefined>;
  set<K extends StoredKey>(key: K, value: StoredValues[K]): Promise<void>;
  remove(key: StoredKey): Promise<void>;
  getAccount(number: string): Promise<AccountRecord | undefined>;
  setAccount(number: string, record: AccountRecord): Promise<void>;
  getAutoReplyMemory(number: string): Promise<AutoReplyMemory | undefined>;
  setAutoReplyMemory(number: string, memory: AutoReplyMemory): Promise<void>;
};

/** The raw key-value area underneath: chrome.storage.local's promise API has this shape. */
export type KeyValueArea = {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
};

export const createStore = (area: KeyValueArea): Store => {
  const read = async <T>(key: string, schema: z.ZodMiniType<T>): Promise<T | undefined> => {
    const raw = (await area.get(key))[key];
    if (raw === undefined) return undefined;
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : undefined;
  };
  return {
    get: (key) => read(key, storedValues[key] as unknown as z.ZodMiniType<StoredValues[typeof key]>),
    set: (key, value) => area.set({ [key]: value }),
    remove: (key) => area.remove(key),
    getAccount: (number) => read(accountKey(number), accountRecord),
    setAccount: (number, record) => area.set({ [accountKey(number)]: record }),
    getAutoReplyMemory: (number) => read(autoReplyKey(number), autoReplyMemory),
    setAutoReplyMemory: (number, memory) => area.set({ [autoReplyKey(number)]: memory }),
  };
};

/** An in-memory key-value area (tests; values are copied as chrome.storage copies them). */
export const memoryArea = (initial: Record<string, unknown> = {}): KeyValueArea & { data: Record<string, unknown> } => {
  const data: Record<string, unknown> = structuredClone(initial);
  return {
    data,
    get: async (keys) => {
      const list = keys === null ? Object.keys(data) : Array.isArray(keys) ? keys : [keys];
      const out: Record<string, unknown> = {};
      for (const k of list) if (k in data) out[k] = structuredClone(data[k]);
      return out;
    },
    set: async (items) => {
      for (const [k, v] of Object.entries(items)) data[k] = structuredClone(v);
    },
    remove: async (keys) => {
      for (const k of Array.isArray(keys) ? keys : [keys]) delete data[k];
    },
  };
};
