/**
 * One upload of a chat sync (src/contract/chats.ts syncUpload; SPEC §4 Chat sync flow), stored in
 * one transaction so a failure anywhere leaves nothing half-written:
 *
 * 1. the member's row is locked (their uploads run one at a time, so the number limit, the chat
 *    rows and the lead names are decided without a race) and their sync type read: `off` refuses
 *    (SYNC_OFF);
 * 2. the chat-service number is registered; a sixth number of the account is refused (SYNC_LIMIT,
 *    SPEC §8 'You can add up to 5 chat-service numbers for each account.');
 * 3. chats are inserted or, when their name, avatar or deletion changed, updated (a batch naming a
 *    chat twice keeps its last entry); messages of a chat neither in the batch nor uploaded before
 *    are refused (VALIDATION), nothing stored;
 * 4. messages are inserted with ON CONFLICT DO NOTHING on (conversation, msgKey): the same batch
 *    twice stores nothing twice, and answers 0 stored the second time;
 * 5. each chat that got messages takes its newest message as its last message (an older message
 *    arriving later changes nothing);
 * 6. single chats (never groups) become leads of the member (server/chats/leads.ts);
 * 7. every chat row changed gets its update time (what the incremental list reads from) in the
 *    last statement before the commit, and the member's sync state is written (firstBatch: the
 *    sync started; final: it finished; the count of their live chats).
 *
 * The sync type is not checked for the demo seed (scripts/seed-demo.ts), which stores a member's
 * chats "synced before" their sync was turned off through this same code.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { Code } from '../../src/contract/codes';
import { isGroupChatId, MAX_CHAT_NUMBERS, type SyncChat, type syncUploadRequest } from '../../src/contract/chats';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { aliasesShareWorkspace, aliasInWorkspace, inWorkspace, type Owner } from '../db/scoped';
import { chatNumbers, chats, chatSyncStates, workspaceMembers } from '../db/schema';
import { fail } from '../http/respond';
import { syncLeadsOfChats } from './leads';
import { attributeShareLinkLeads } from '../share-links/attribution';
import { recordMessageEvents } from '../webhooks/events';
import { isoOf, rowsOf, textArray } from './sql';

export type SyncUpload = z.output<typeof syncUploadRequest>;
export type UploadCounts = { chatsStored: number; messagesStored: number; leadsCreated: number; leadsUpdated: number };

/** A chat list row shows a line of the last message: the row keeps this many characters of it. */
export const LAST_MESSAGE_PREVIEW = 200;

/** A chat row as the planner compares it. */
export type ExistingChat = { id: string; chatWhatsappId: string; name: string; avatarUrl: string | null; isDel: boolean };

export type UploadPlan = {
  /** New chats (with their new row ids). */
  inserts: { id: string; chat: SyncChat }[];
  /** Chats whose name, avatar or deletion changed: their row and the new values. */
  updates: { id: string; name: string; avatarUrl: string | null; isDel: boolean }[];
  /** The row id of every chat the batch names (its chats and its messages' chats). */
  rowIds: Map<string, string>;
  /** Chat ids of messages whose chat is neither in the batch nor uploaded before. */
  unknownChats: string[];
};

/**
 * What a batch does to the member's chats of its number, given those already stored (pure, so a
 * test can run it on anything). A chat named twice in the batch keeps its last entry; an absent
 * avatar keeps the stored one (null clears it).
 */
export const planUpload = (batch: Pick<SyncUpload, 'chats' | 'messages'>, existing: ReadonlyMap<string, ExistingChat>, newId: () => string = randomUUID): UploadPlan => {
  const latest = new Map<string, SyncChat>();
  for (const chat of batch.chats) latest.set(chat.chatWhatsappId, chat);
  const inserts: UploadPlan['inserts'] = [];
  const updates: UploadPlan['updates'] = [];
  const rowIds = new Map<string, string>();
  for (const [chatId, chat] of latest) {
    const stored = existing.get(chatId);
    if (!stored) {
      const id = newId();
      inserts.push({ id, chat });
      rowIds.set(chatId, id);
      continue;
    }
    rowIds.set(chatId, stored.id);
    const avatarUrl = chat.avatarUrl === undefined ? stored.avatarUrl : chat.avatarUrl;
    if (stored.name !== chat.name || stored.avatarUrl !== avatarUrl || stored.isDel !== chat.isDel) {
      updates.push({ id: stored.id, name: chat.name, avatarUrl, isDel: chat.isDel });
    }
  }
  const unknown = new Set<string>();
  for (const m of batch.messages) {
    if (rowIds.has(m.chatWhatsappId)) continue;
    const stored = existing.get(m.chatWhatsappId);
    if (stored) rowIds.set(m.chatWhatsappId, stored.id);
    else unknown.add(m.chatWhatsappId);
  }
  return { inserts, updates, rowIds, unknownChats: [...unknown] };
};

/** Locks the member's row for the upload and reads their sync type and number. */
const lockMember = async (tx: Db, owner: Owner) => {
  const [row] = await tx
    .select({ id: workspaceMembers.id, syncType: workspaceMembers.syncType, number: workspaceMembers.number })
    .from(workspaceMembers)
    .where(inWorkspace(workspaceMembers, owner, eq(workspaceMembers.userId, owner.userId), eq(workspaceMembers.status, 'joined')))
    .for('update');
  if (!row) throw fail(Code.NOT_FOUND);
  return row;
};

/** Registers the number (SPEC §9: at most MAX_CHAT_NUMBERS per account) and makes it the member's number. */
const registerNumber = async (tx: Db, owner: Owner, member: { id: string; number: string | null }, number: string, now: Date) => {
  const added = await tx
    .insert(chatNumbers)
    .values({ workspaceId: owner.workspaceId, userId: owner.userId, number, createdAt: now })
    .onConflictDoNothing()
    .returning({ number: chatNumbers.number });
  if (added.length > 0) {
    const [row] = await tx.select({ n: count() }).from(chatNumbers).where(inWorkspace(chatNumbers, owner, eq(chatNumbers.userId, owner.userId)));
    if (Number(row?.n ?? 0) > MAX_CHAT_NUMBERS) throw fail(Code.SYNC_LIMIT);
  }
  if (member.number !== number) {
    await tx.update(workspaceMembers).set({ number }).where(inWorkspace(workspaceMembers, owner, eq(workspaceMembers.id, member.id)));
  }
};

const readExisting = async (tx: Db, owner: Owner, number: string, chatIds: string[]): Promise<Map<string, ExistingChat>> => {
  if (chatIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: chats.id, chatWhatsappId: chats.chatWhatsappId, name: chats.name, avatarUrl: chats.avatarUrl, isDel: chats.isDel })
    .from(chats)
    .where(
      inWorkspace(chats, owner, eq(chats.ownerId, owner.userId), eq(chats.number, number), sql`${chats.chatWhatsappId} = ANY(${textArray(chatIds)})`),
    );
  return new Map(rows.map((r) => [r.chatWhatsappId, r]));
};

/** Inserts the batch's messages that are not stored yet; answers the conversations that got some, and how many. */
const insertMessages = async (tx: Db, owner: Owner, batch: SyncUpload, rowIds: ReadonlyMap<string, string>, now: Date) => {
  if (batch.messages.length === 0) return { stored: 0, conversations: [] as string[] };
  // In conversation and time order, so the insert walks the page index in order.
  const rows = batch.messages
    .map((m) => ({ m, conversationId: rowIds.get(m.chatWhatsappId)! }))
    .sort((a, b) => (a.conversationId < b.conversationId ? -1 : a.conversationId > b.conversationId ? 1 : a.m.sendTime - b.m.sendTime));
  const col = <T>(read: (m: SyncUpload['messages'][number]) => T) => rows.map((r) => read(r.m));
  const result = await tx.execute(sql`
    INSERT INTO messages (workspace_id, conversation_id, msg_key, send_time, from_me, type, text, sender_name, file_name, file_size, mime_type, meta, created_at)
    SELECT ${owner.workspaceId}, v.conversation_id, v.msg_key, v.send_time::timestamptz, v.from_me::boolean, v.type, v.text, v.sender_name,
      v.file_name, v.file_size::bigint, v.mime_type, v.meta::jsonb, ${isoOf(now)}::timestamptz
    FROM unnest(${textArray(rows.map((r) => r.conversationId))}, ${textArray(col((m) => m.msgKey))}, ${textArray(col((m) => isoOf(m.sendTime)))},
      ${textArray(col((m) => String(m.fromMe)))}, ${textArray(col((m) => m.type))}, ${textArray(col((m) => m.text))}, ${textArray(col((m) => m.senderName))},
      ${textArray(col((m) => m.fileName))}, ${textArray(col((m) => (m.fileSize === undefined || m.fileSize === null ? null : String(m.fileSize))))},
      ${textArray(col((m) => m.mimeType))}, ${textArray(col((m) => (m.meta ? JSON.stringify(m.meta) : null)))})
      AS v(conversation_id, msg_key, send_time, from_me, type, text, sender_name, file_name, file_size, mime_type, meta)
    ON CONFLICT (workspace_id, conversation_id, msg_key) DO NOTHING
    RETURNING conversation_id`);
  const inserted = rowsOf<{ conversation_id: string }>(result);
  return { stored: inserted.length, conversations: [...new Set(inserted.map((r) => r.conversation_id))] };
};

/**
 * Each given chat takes its newest message (by send time, then msgKey) as its last message, when
 * that is not already it. Answers the chats whose last message changed.
 */
const refreshLastMessages = async (tx: Db, owner: Owner, conversationIds: string[]): Promise<string[]> => {
  if (conversationIds.length === 0) return [];
  const result = await tx.execute(sql`
    WITH newest AS (
      SELECT c.id, n.send_time, n.msg_key, n.type, n.text, n.from_me
      FROM chats c
      CROSS JOIN LATERAL (
        SELECT m.send_time, m.msg_key, m.type, m.text, m.from_me FROM messages m
        WHERE ${aliasesShareWorkspace('m', 'c')} AND m.conversation_id = c.id
        ORDER BY m.send_time DESC, m.msg_key DESC LIMIT 1
      ) n
      WHERE ${aliasInWorkspace('c', owner)} AND c.owner_id = ${owner.userId} AND c.id = ANY(${textArray(conversationIds)})
    )
    UPDATE chats c SET last_message_at = newest.send_time, last_message_key = newest.msg_key, last_message_type = newest.type,
      last_message_text = left(newest.text, ${LAST_MESSAGE_PREVIEW}::int), last_message_from_me = newest.from_me
    FROM newest
    WHERE ${aliasInWorkspace('c', owner)} AND c.id = newest.id
      AND (c.last_message_at, c.last_message_key) IS DISTINCT FROM (newest.send_time, newest.msg_key)
    RETURNING c.id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
};

const writeChats = async (tx: Db, owner: Owner, number: string, plan: UploadPlan, now: Date): Promise<void> => {
  if (plan.inserts.length > 0) {
    await tx.insert(chats).values(
      plan.inserts.map(({ id, chat }) => ({
        id,
        workspaceId: owner.workspaceId,
        ownerId: owner.userId,
        number,
        chatWhatsappId: chat.chatWhatsappId,
        name: chat.name,
        avatarUrl: chat.avatarUrl ?? null,
        isGroup: isGroupChatId(chat.chatWhatsappId),
        isDel: chat.isDel,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  if (plan.updates.length > 0) {
    const u = plan.updates;
    await tx.execute(sql`
      UPDATE chats c SET name = v.name, avatar_url = v.avatar_url, is_del = v.is_del::boolean
      FROM unnest(${textArray(u.map((x) => x.id))}, ${textArray(u.map((x) => x.name))}, ${textArray(u.map((x) => x.avatarUrl))},
        ${textArray(u.map((x) => String(x.isDel)))}) AS v(id, name, avatar_url, is_del)
      WHERE ${aliasInWorkspace('c', owner)} AND c.owner_id = ${owner.userId} AND c.id = v.id`);
  }
};

/**
 * The member's sync state: the sync started (first batch) or finished (final batch), and the count
 * of their live chats.
 */
const writeSyncState = async (tx: Db, owner: Owner, batch: Pick<SyncUpload, 'firstBatch' | 'final'>, now: Date) => {
  const liveChats = sql`(SELECT count(*)::int FROM ${chats} WHERE ${inWorkspace(chats, owner, eq(chats.ownerId, owner.userId), eq(chats.isDel, false))})`;
  await tx
    .insert(chatSyncStates)
    .values({
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      syncStartedAt: batch.firstBatch ? now : null,
      lastSyncAt: batch.final ? now : null,
      syncedChatCount: liveChats,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [chatSyncStates.workspaceId, chatSyncStates.userId],
      set: {
        syncStartedAt: sql`coalesce(excluded.sync_started_at, ${chatSyncStates.syncStartedAt})`,
        lastSyncAt: sql`coalesce(excluded.last_sync_at, ${chatSyncStates.lastSyncAt})`,
        syncedChatCount: sql`excluded.synced_chat_count`,
        updatedAt: now,
      },
    });
};

/**
 * The update time of every chat row the upload changed, set last: its value is read from the clock
 * just before the commit, so a change is never stamped much earlier than it becomes visible (the
 * incremental list answers a time a few seconds behind its read, server/chats/lists.ts).
 */
const stampChanged = async (tx: Db, owner: Owner, ids: ReadonlySet<string>, stamp: Date) => {
  if (ids.size === 0) return;
  await tx.execute(sql`
    UPDATE chats SET updated_at = ${isoOf(stamp)}::timestamptz
    WHERE ${aliasInWorkspace('chats', owner)} AND owner_id = ${owner.userId} AND id = ANY(${textArray([...ids])})`);
};

export type StoreOptions = {
  /** Refuse when the member's sync type is off (the route); the demo seed stores chats synced before. */
  checkSyncType: boolean;
  now: () => Date;
};

const storeOnce = async (db: Db, owner: Owner, batch: SyncUpload, options: StoreOptions): Promise<UploadCounts> =>
  db.transaction(async (tx) => {
    const now = options.now();
    const member = await lockMember(tx, owner);
    if (options.checkSyncType && member.syncType === 'off') throw fail(Code.SYNC_OFF);
    await registerNumber(tx, owner, member, batch.number, now);

    const named = [...new Set([...batch.chats.map((c) => c.chatWhatsappId), ...batch.messages.map((m) => m.chatWhatsappId)])];
    const plan = planUpload(batch, await readExisting(tx, owner, batch.number, named));
    if (plan.unknownChats.length > 0) {
      throw fail(Code.VALIDATION, `messages: no chat ${plan.unknownChats[0]} was uploaded (send the chat in this batch or an earlier one)`);
    }
    await writeChats(tx, owner, batch.number, plan, now);
    // Webhook events of the messages the next statement stores (before it: it knows which are new; server/webhooks/events.ts).
    await recordMessageEvents(tx, owner, batch, plan.rowIds, now);
    const messages = await insertMessages(tx, owner, batch, plan.rowIds, now);
    const lastChanged = await refreshLastMessages(tx, owner, messages.conversations);

    const inserted = plan.inserts.map((i) => i.id);
    const leadsOutcome = await syncLeadsOfChats(tx, owner, { newChats: inserted, lastChanged }, now);
    // Invite links' funnel: an incoming message naming a chat link attributes its chat's lead (once the lead exists).
    await attributeShareLinkLeads(tx, owner, batch.messages, plan.rowIds, now);

    const changed = new Set([...inserted, ...plan.updates.map((u) => u.id), ...lastChanged, ...leadsOutcome.linkedChats]);
    await stampChanged(tx, owner, changed, options.now());
    await writeSyncState(tx, owner, batch, now);
    return {
      chatsStored: plan.inserts.length,
      messagesStored: messages.stored,
      leadsCreated: leadsOutcome.created,
      leadsUpdated: leadsOutcome.updated,
    };
  });

/**
 * Stores one upload for `owner` (always the caller: the contract refuses the source-user header; see the module comment). A unique index that refuses a write (a
 * lead name the member took in the lead form while the upload ran) retries the whole upload once:
 * it is idempotent, and the retry picks other names.
 */
export const storeUpload = async (db: Db, owner: Owner, batch: SyncUpload, options: StoreOptions): Promise<UploadCounts> => {
  try {
    return await storeOnce(db, owner, batch, options);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return storeOnce(db, owner, batch, options);
  }
};

