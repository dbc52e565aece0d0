/**
 * Webhook events of synced messages (SPEC §7 Webhook and integrations): when a chat-sync upload
 * stores new messages (server/chats/upload.ts), each new message of a member whose webhook
 * permission is on, in a workspace whose plan has `custom_webhook` and that has a URL for the
 * message's direction (received: not from the member, `receivedUrl`; sent: from the member,
 * `sentUrl`), becomes one `webhook_events` row, in the upload's transaction.
 *
 * Exactly one event id per message: the row's `event_key` is the conversation's row id and the
 * msgKey (unique in the workspace, ON CONFLICT DO NOTHING) and its id is derived from the
 * workspace and that key (`msg_` + 128 bits of SHA-256), so a message can never get two ids, and
 * receivers deduplicate by the `webhook-id` header.
 *
 * "New" means what the upload's INSERT ... ON CONFLICT DO NOTHING will actually insert: this runs
 * just before that insert, under the member's row lock the upload holds (their uploads run one at
 * a time, and only their uploads write their conversations' messages), so the batch's messages not
 * stored yet are exactly the ones the insert stores; a msgKey repeated in the batch counts once,
 * as the first the insert meets (the same order: conversation, then send time). A batch sent again
 * makes no event.
 *
 * The events table is the delivery queue (server/webhooks/delivery.ts): a row is inserted
 * `pending` and due now, and the delivery worker of any server process claims it; it commits or
 * rolls back with the upload, so nothing is enqueued for messages that were not stored.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { syncUploadRequest } from '../../src/contract/chats';
import type { WebhookEventType } from '../../src/contract/integrations';
import { isoOf, rowsOf, textArray } from '../chats/sql';
import type { Db } from '../db/client';
import { aliasInWorkspace, inWorkspace, type Owner } from '../db/scoped';
import { chats, users } from '../db/schema';
import { webhookGate } from './settings';

type Batch = Pick<z.output<typeof syncUploadRequest>, 'messages'>;
type BatchMessage = Batch['messages'][number];

/** The event id of a message: stable, so the same message can never be announced under two ids. */
export const webhookEventId = (workspaceId: string, eventKey: string): string =>
  `msg_${createHash('sha256').update(`${workspaceId}\n${eventKey}`).digest('hex').slice(0, 32)}`;

export const eventKeyOf = (conversationId: string, msgKey: string): string => `${conversationId}:${msgKey}`;

/** What receivers get (Standard Webhooks: `type`, `timestamp`, `data`). */
export type MessageEventPayload = {
  type: WebhookEventType;
  timestamp: string;
  data: {
    workspaceId: string;
    member: { userId: string; email: string | null };
    chat: { id: string; chatId: string; name: string; isGroup: boolean };
    message: {
      msgKey: string;
      sendTime: number;
      fromMe: boolean;
      type: string;
      text: string | null;
      senderName: string | null;
      fileName: string | null;
      fileSize: number | null;
      mimeType: string | null;
      meta: unknown;
    };
  };
};

/** The batch's messages in the order the upload inserts them, each key once (its first occurrence). */
const inInsertOrder = (messages: readonly BatchMessage[], rowIds: ReadonlyMap<string, string>) => {
  const rows = messages
    .map((m) => ({ m, conversationId: rowIds.get(m.chatWhatsappId) }))
    .filter((r): r is { m: BatchMessage; conversationId: string } => r.conversationId !== undefined)
    .sort((a, b) => (a.conversationId < b.conversationId ? -1 : a.conversationId > b.conversationId ? 1 : a.m.sendTime - b.m.sendTime));
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = eventKeyOf(r.conversationId, r.m.msgKey);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Called by the upload inside its transaction, before it inserts the batch's messages: writes the
 * events of the messages that insert will store (see the module comment). Returns how many.
 */
export const recordMessageEvents = async (
  tx: Db,
  owner: Owner,
  batch: Batch,
  rowIds: ReadonlyMap<string, string>,
  now: Date,
): Promise<number> => {
  if (batch.messages.length === 0) return 0;
  const gate = await webhookGate(tx, owner);
  if (!gate) return 0;
  const wanted = inInsertOrder(batch.messages, rowIds).filter((r) => (r.m.fromMe ? gate.sentUrl : gate.receivedUrl));
  if (wanted.length === 0) return 0;

  const stored = rowsOf<{ conversation_id: string; msg_key: string }>(
    await tx.execute(sql`
      SELECT m.conversation_id, m.msg_key FROM messages m
      JOIN unnest(${textArray(wanted.map((r) => r.conversationId))}, ${textArray(wanted.map((r) => r.m.msgKey))}) AS v(conversation_id, msg_key)
        ON m.conversation_id = v.conversation_id AND m.msg_key = v.msg_key
      WHERE ${aliasInWorkspace('m', owner)}`),
  );
  const storedKeys = new Set(stored.map((r) => eventKeyOf(r.conversation_id, r.msg_key)));
  const fresh = wanted.filter((r) => !storedKeys.has(eventKeyOf(r.conversationId, r.m.msgKey)));
  if (fresh.length === 0) return 0;

  const conversationIds = [...new Set(fresh.map((r) => r.conversationId))];
  const chatRows = await tx
    .select({ id: chats.id, chatWhatsappId: chats.chatWhatsappId, name: chats.name, isGroup: chats.isGroup })
    .from(chats)
    .where(inWorkspace(chats, owner, sql`${chats.id} = ANY(${textArray(conversationIds)})`));
  const chatById = new Map(chatRows.map((c) => [c.id, c]));
  const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, owner.userId));

  const events = fresh.map(({ m, conversationId }) => {
    const chat = chatById.get(conversationId);
    const type: WebhookEventType = m.fromMe ? 'message.sent' : 'message.received';
    const eventKey = eventKeyOf(conversationId, m.msgKey);
    const payload: MessageEventPayload = {
      type,
      timestamp: isoOf(now),
      data: {
        workspaceId: owner.workspaceId,
        member: { userId: owner.userId, email: member?.email ?? null },
        chat: { id: conversationId, chatId: chat?.chatWhatsappId ?? m.chatWhatsappId, name: chat?.name ?? '', isGroup: chat?.isGroup ?? false },
        message: {
          msgKey: m.msgKey,
          sendTime: m.sendTime,
          fromMe: m.fromMe,
          type: m.type,
          text: m.text ?? null,
          senderName: m.senderName ?? null,
          fileName: m.fileName ?? null,
          fileSize: m.fileSize ?? null,
          mimeType: m.mimeType ?? null,
          meta: m.meta ?? null,
        },
      },
    };
    return { id: webhookEventId(owner.workspaceId, eventKey), eventKey, type, payload: JSON.stringify(payload) };
  });
  const inserted = await tx.execute(sql`
    INSERT INTO webhook_events (id, workspace_id, event_key, type, user_id, payload, status, attempts, next_attempt_at, created_at)
    SELECT v.id, ${owner.workspaceId}, v.event_key, v.type, ${owner.userId}, v.payload::jsonb, 'pending', 0, ${isoOf(now)}::timestamptz, ${isoOf(now)}::timestamptz
    FROM unnest(${textArray(events.map((e) => e.id))}, ${textArray(events.map((e) => e.eventKey))}, ${textArray(events.map((e) => e.type))},
      ${textArray(events.map((e) => e.payload))}) AS v(id, event_key, type, payload)
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return rowsOf(inserted).length;
};
