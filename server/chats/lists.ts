/**
 * Reading synced chats (SPEC §4 Chat list loading, §7 Chats): the page list, the incremental list
 * and the message pages of one conversation, always of one member (the owner) in one workspace.
 *
 * The incremental list's clock: a chat row's `updated_at` is stamped by the upload just before its
 * transaction commits (server/chats/upload.ts), so a reader may miss a change that commits while it
 * reads, or one stamped by another server process whose clock runs a little behind. Every list
 * therefore answers, as the time to ask from next, its own read time less INC_OVERLAP_MS: a change
 * committed during the call (or stamped up to that much behind) is sent by the next call. The
 * price is that a change is sent again by the calls within the overlap after it, which is harmless
 * (the client merges chats by id) and nothing when nothing changed.
 */
import { asc, count, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { Code } from '../../src/contract/codes';
import type { Chat, Message } from '../../src/contract/chats';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { inWorkspace, workspaceFilter, type Owner } from '../db/scoped';
import { chats, messages } from '../db/schema';
import { fail } from '../http/respond';
import { isoOf } from './sql';

/** How far behind its read a list's next timestamp is (see the module comment). */
export const INC_OVERLAP_MS = 5000;

const chatColumns = {
  id: chats.id,
  chatWhatsappId: chats.chatWhatsappId,
  name: chats.name,
  avatarUrl: chats.avatarUrl,
  isGroup: chats.isGroup,
  isDel: chats.isDel,
  number: chats.number,
  lastMessageAt: chats.lastMessageAt,
  lastMessageType: chats.lastMessageType,
  lastMessageText: chats.lastMessageText,
  lastMessageFromMe: chats.lastMessageFromMe,
  leadId: chats.leadId,
  updatedAt: chats.updatedAt,
};
type ChatRow = Pick<typeof chats.$inferSelect, keyof typeof chatColumns>;

export const toWireChat = (r: ChatRow): Chat => ({
  id: r.id,
  chatWhatsappId: r.chatWhatsappId,
  name: r.name,
  avatarUrl: r.avatarUrl,
  isGroup: r.isGroup,
  isDel: r.isDel,
  number: r.number,
  lastMessage: r.lastMessageAt
    ? { sendTime: r.lastMessageAt.getTime(), type: r.lastMessageType ?? 'chat', text: r.lastMessageText, fromMe: r.lastMessageFromMe ?? false }
    : null,
  leadId: r.leadId,
  updateTime: r.updatedAt.getTime(),
});

type MessageRow = typeof messages.$inferSelect;

export const toWireMessage = (r: MessageRow): Message => ({
  id: String(r.id),
  msgKey: r.msgKey,
  conversationId: r.conversationId,
  sendTime: r.sendTime.getTime(),
  fromMe: r.fromMe,
  type: r.type,
  text: r.text,
  senderName: r.senderName,
  fileName: r.fileName,
  fileSize: r.fileSize,
  mimeType: r.mimeType,
  meta: r.meta ?? null,
});

const owned = (owner: Owner, ...conditions: (SQL | undefined)[]) => inWorkspace(chats, owner, eq(chats.ownerId, owner.userId), ...conditions);

const live = (owner: Owner) => owned(owner, eq(chats.isDel, false));

/**
 * A page of the member's live chats, newest last message first and chats without messages last:
 * the chats_owner_last_message_idx index read backwards (a test checks the plan).
 */
export const chatPageQuery = (db: Db, owner: Owner, pageNo: number, pageSize: number) =>
  db
    .select(chatColumns)
    .from(chats)
    .where(live(owner))
    .orderBy(sql`${chats.lastMessageAt} desc nulls last`, desc(chats.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);

/** A page of the member's live chats and their count. */
export const chatPage = async (db: Db, owner: Owner, pageNo: number, pageSize: number, now: Date) => {
  const [rows, [total]] = await Promise.all([chatPageQuery(db, owner, pageNo, pageSize), db.select({ n: count() }).from(chats).where(live(owner))]);
  const totalCount = Number(total?.n ?? 0);
  return { rows: rows.map(toWireChat), totalCount, hasNext: (pageNo - 1) * pageSize + rows.length < totalCount, timestamp: now.getTime() - INC_OVERLAP_MS };
};

/** A statement's values: placeholders (the served, prepared statement) or inline (a test EXPLAINs the same statement). */
type Bind = (name: string, value: string) => SQL;
const inline: Bind = (_, value) => sql`${value}`;

/**
 * The member's chats changed after a time (deleted ones included, with isDel): a range of
 * chats_owner_updated_idx (a test checks the plan).
 */
export const changedSinceQuery = (db: Db, owner: Owner, since: string, bind: Bind = inline) =>
  db
    .select(chatColumns)
    .from(chats)
    .where(workspaceFilter(chats, bind('workspaceId', owner.workspaceId), eq(chats.ownerId, bind('ownerId', owner.userId)), gt(chats.updatedAt, bind('since', since))))
    .orderBy(asc(chats.updatedAt));

/** Prepared once per database: a refresh tick runs it every 20 s (SPEC §9), so it is not rebuilt each call. */
const changedSince = preparedFor((db) =>
  changedSinceQuery(db, { workspaceId: '', userId: '' }, '', (name) => sql`${sql.placeholder(name)}`).prepare('chats_changed_since'),
);

export const chatsChangedSince = async (db: Db, owner: Owner, since: number, now: Date) => {
  const rows = await changedSince(db).execute({ workspaceId: owner.workspaceId, ownerId: owner.userId, since: isoOf(since) });
  return { rows: rows.map(toWireChat), timestamp: now.getTime() - INC_OVERLAP_MS };
};

/** The conversation must be a chat of the owner (another member's or workspace's answers NOT_FOUND, as an unknown id does). */
const requireConversation = async (db: Db, owner: Owner, conversationId: string): Promise<void> => {
  const [row] = await db.select({ id: chats.id }).from(chats).where(owned(owner, eq(chats.id, conversationId))).limit(1);
  if (!row) throw fail(Code.NOT_FOUND);
};

/** Keyset position of a page: the (sendTime, msgKey) it starts beyond; msgKey absent: the send time alone. */
type Position = { sendTime: number; msgKey?: string | undefined };

const beyond = (direction: 'before' | 'after', at: Position): SQL => {
  const time = sql`${isoOf(at.sendTime)}::timestamptz`;
  if (at.msgKey === undefined) return direction === 'before' ? lt(messages.sendTime, time) : gt(messages.sendTime, time);
  return direction === 'before'
    ? sql`(${messages.sendTime}, ${messages.msgKey}) < (${time}, ${at.msgKey})`
    : sql`(${messages.sendTime}, ${messages.msgKey}) > (${time}, ${at.msgKey})`;
};

/**
 * Up to `pageSize` messages of a conversation before (older than) or after (newer than) a
 * position, oldest first, and whether more lie beyond in that direction. `before` without a
 * position: the latest page. Keyset pages on messages_page_idx: one row past the page tells
 * `hasMore`.
 */
export const messagePageQuery = (db: Db, owner: Owner, conversationId: string, direction: 'before' | 'after', at: Position | null, pageSize: number) => {
  const order = direction === 'before' ? desc : asc;
  return db
    .select()
    .from(messages)
    .where(inWorkspace(messages, owner, eq(messages.conversationId, conversationId), at ? beyond(direction, at) : undefined))
    .orderBy(order(messages.sendTime), order(messages.msgKey))
    .limit(pageSize + 1);
};

export const messagePage = async (db: Db, owner: Owner, conversationId: string, direction: 'before' | 'after', at: Position | null, pageSize: number) => {
  await requireConversation(db, owner, conversationId);
  const rows = await messagePageQuery(db, owner, conversationId, direction, at, pageSize);
  const page = rows.slice(0, pageSize);
  if (direction === 'before') page.reverse();
  return { rows: page.map(toWireMessage), hasMore: rows.length > pageSize };
};
