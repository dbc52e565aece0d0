/**
 * Synced chats over the team world (team-world.ts): uploads and reads through the API as a given
 * person (bodies written camelCase here, sent snake_case as the wire has them; answers read back
 * camelCase and parsed with the contract's schemas), builders of chats and messages, and a
 * snapshot of every chat table for "nothing written" checks.
 */
import { asc, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { chatNumbers, chats, chatSyncStates, leads, messages } from '../../../server/db/schema';
import { camelKeys, snakeKeys } from '../../../src/contract/case';
import {
  chatCalls,
  chatsEndpoints,
  conversationIncData,
  conversationPageData,
  messagePageData,
  syncStatusData,
  syncUploadData,
  type SyncChat,
  type SyncMessage,
} from '../../../src/contract/chats';
import { Code } from '../../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../../src/contract/endpoint';
import type { Person, World } from './team-world';
import type { Answer, TestApp } from './test-app';

export type Prefix = 'admin' | 'member';
type In<T> = { [K in keyof T]?: T[K] | undefined };
export type ChatIn = In<SyncChat> & { chatWhatsappId: string; name: string };
export type MessageIn = In<SyncMessage> & { chatWhatsappId: string; msgKey: string; sendTime: number; fromMe: boolean; type: string };
export type UploadIn = { number: string; chats?: ChatIn[]; messages?: MessageIn[]; firstBatch?: boolean; final?: boolean };

/** A single chat with the counterpart's phone digits. */
export const single = (digits: string, name: string, extra: Partial<ChatIn> = {}): ChatIn => ({ chatWhatsappId: `${digits}@c.us`, name, ...extra });
/** A group chat. */
export const group = (id: string, name: string, extra: Partial<ChatIn> = {}): ChatIn => ({ chatWhatsappId: `${id}@g.us`, name, ...extra });
/** A text message. */
export const text = (chatWhatsappId: string, msgKey: string, sendTime: number, fromMe: boolean, extra: Partial<MessageIn> = {}): MessageIn => ({
  chatWhatsappId,
  msgKey,
  sendTime,
  fromMe,
  type: 'chat',
  text: `message ${msgKey}`,
  ...extra,
});

export const NUMBER = '15550001000';

const isAdminSide = (p: Person) => p === 'admin' || p === 'manager' || p === 'otherAdmin' || p === 'host';

export type ChatsClient = {
  /** Any chats call by its contract path, as `who` (no token when null), optionally acting for `actFor`. */
  raw(path: string, who: Person | null, body?: unknown, actFor?: Person): Promise<Answer>;
  /** An upload (an absent `chats` or `messages` goes as an empty list, as the extension sends it). */
  upload(who: Person, body: UploadIn, actFor?: Person): Promise<Answer>;
  /** An upload that must succeed; its counts. */
  uploaded(who: Person, body: UploadIn): Promise<{ chatsStored: number; messagesStored: number; leadsCreated: number; leadsUpdated: number }>;
  list(name: 'conversationListByPage' | 'conversationListByInc', who: Person | null, body: unknown, options?: { prefix?: Prefix; actFor?: Person }): Promise<Answer>;
  page(who: Person, body?: Record<string, unknown>): Promise<ReturnType<typeof conversationPageData.parse>>;
  inc(who: Person, timestamp: number): Promise<ReturnType<typeof conversationIncData.parse>>;
  messages(direction: 'before' | 'after', who: Person | null, body: Record<string, unknown>, actFor?: Person): Promise<Answer>;
  messagePage(direction: 'before' | 'after', who: Person, body: Record<string, unknown>): Promise<ReturnType<typeof messagePageData.parse>>;
  status(who: Person): Promise<ReturnType<typeof syncStatusData.parse>>;
  /** The row id of `who`'s chat with this chat id. */
  conversationId(who: Person, chatWhatsappId: string): Promise<string>;
  /** Every row of the chat tables and of leads, for "nothing written" checks. */
  snapshot(): Promise<string>;
};

export const ok = (res: Answer): unknown => {
  expect(res.code, res.message).toBe(Code.OK);
  return camelKeys(res.data);
};

export const chatsClient = (t: () => TestApp, w: () => World): ChatsClient => {
  const client: ChatsClient = {
    raw(path, who, body = {}, actFor) {
      const headers: Record<string, string> = actFor ? { [SOURCE_USER_HEADER]: w().who[actFor].userId } : {};
      return t().post(path, body, { ...(who ? { token: w().who[who].accessToken } : {}), headers });
    },
    upload(who, body, actFor) {
      return client.raw(chatsEndpoints.syncUpload.path, who, snakeKeys({ chats: [], messages: [], ...body }), actFor);
    },
    async uploaded(who, body) {
      return syncUploadData.parse(ok(await client.upload(who, body)));
    },
    list(name, who, body, options = {}) {
      const prefix = options.prefix ?? (who && isAdminSide(who) ? 'admin' : 'member');
      return client.raw(chatCalls[name][prefix].path, who, body, options.actFor);
    },
    async page(who, body = {}) {
      return conversationPageData.parse(ok(await client.list('conversationListByPage', who, body)));
    },
    async inc(who, timestamp) {
      return conversationIncData.parse(ok(await client.list('conversationListByInc', who, { timestamp })));
    },
    messages(direction, who, body, actFor) {
      const endpoint = direction === 'before' ? chatsEndpoints.messagePageBefore : chatsEndpoints.messagePageAfter;
      return client.raw(endpoint.path, who, body, actFor);
    },
    async messagePage(direction, who, body) {
      return messagePageData.parse(ok(await client.messages(direction, who, body)));
    },
    async status(who) {
      return syncStatusData.parse(ok(await client.raw(chatsEndpoints.syncStatus.path, who, {})));
    },
    async conversationId(who, chatWhatsappId) {
      const rows = await t()
        .db.select({ id: chats.id })
        .from(chats)
        .where(sql`${chats.ownerId} = ${w().who[who].userId} AND ${chats.chatWhatsappId} = ${chatWhatsappId}`);
      if (rows.length !== 1) throw new Error(`${who} has ${rows.length} chats ${chatWhatsappId}`);
      return rows[0]!.id;
    },
    async snapshot() {
      const db = t().db;
      return JSON.stringify({
        numbers: await db.select().from(chatNumbers).orderBy(asc(chatNumbers.workspaceId), asc(chatNumbers.userId), asc(chatNumbers.number)),
        chats: await db.select().from(chats).orderBy(asc(chats.id)),
        messages: await db.select().from(messages).orderBy(asc(messages.conversationId), asc(messages.msgKey)),
        states: await db.select().from(chatSyncStates).orderBy(asc(chatSyncStates.workspaceId), asc(chatSyncStates.userId)),
        leads: await db.select().from(leads).orderBy(asc(leads.id)),
      });
    },
  };
  return client;
};
