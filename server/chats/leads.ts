/**
 * Single chats become leads of their member through sync (SPEC §1 "their chats become leads in the
 * pipeline"; groups never do). Run inside an upload's transaction (server/chats/upload.ts) for the
 * single chats it touched: those new in the batch and those whose last message changed.
 *
 * - A chat linked to a lead (`chats.lead_id`) updates that lead: its last message time (the latest
 *   of its chats) and whether it awaits a reply (the newest message is not the member's; a closed
 *   lead awaits none). The edit time does not move: these fields are not the lead form's, and a
 *   person editing the lead meanwhile must not be refused as stale (STALE_EDIT).
 * - A live chat without a lead is matched to the member's lead with the same phone key (E.164,
 *   server/leads/phone-key.ts; a chat's phone is written with '+', so it is read as international
 *   whatever the workspace's default country), else a lead is made: named after the chat (names
 *   are unique per member ignoring case; on a clash the name with the phone, then numbered), the
 *   phone from the chat id, in No tabs (tab 0), its source the chat id. Chats of one phone on two
 *   numbers share one lead. An existing lead keeps its tab.
 * - A lead deleted by hand empties its chats' `lead_id` (unlinkChatsOfLeads, in the deletion's
 *   transaction, so the incremental chat list sends those chats again); the chat becomes a lead
 *   again when it next gets a newer message (a new conversation), not on every re-upload.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { phoneOfChatId } from '../../src/contract/chats';
import { NO_TAB_ID } from '../../src/contract/leads';
import type { Db, Tx } from '../db/client';
import { aliasInWorkspace, inWorkspace, type Owner } from '../db/scoped';
import { chats, leads } from '../db/schema';
import { phoneKey } from '../leads/phone-key';
import { isoOf, rowsOf, textArray } from './sql';

/**
 * Before leads are deleted: their owner's chats let go of them and are stamped as changed (the
 * foreign key would empty `lead_id` without moving `updated_at`, and the incremental list would
 * keep showing the old lead). `leadIds`: the ids, or a subquery selecting them.
 */
export const unlinkChatsOfLeads = (tx: Db | Tx, owner: Owner, leadIds: string[] | SQLWrapper, now: Date) =>
  tx
    .update(chats)
    .set({ leadId: null, updatedAt: now })
    .where(inWorkspace(chats, owner, eq(chats.ownerId, owner.userId), inArray(chats.leadId, leadIds)));

/** Lead names and phones are at most this long (src/contract/leads.ts). */
const LEAD_NAME_MAX = 100;
const LEAD_PHONE_MAX = 40;

/** A touched single chat, as the lead rules read it. */
export type ChatForLead = {
  id: string;
  chatWhatsappId: string;
  name: string;
  leadId: string | null;
  isDel: boolean;
  lastMessageAt: number | null;
  lastMessageFromMe: boolean | null;
};
/** A lead of the member, as the rules read it. */
export type LeadState = { id: string; lastMessageAt: number | null; awaitingReply: boolean; isClosed: boolean };

/** The phone of a single chat: '+' and the digits of its id. */
export const chatPhone = (chatWhatsappId: string): string => `+${(phoneOfChatId(chatWhatsappId) ?? '').replace(/\D/g, '')}`.slice(0, LEAD_PHONE_MAX);

export type LeadPlan = {
  /** Chats matched to an existing lead by phone. */
  links: { chatId: string; leadId: string }[];
  /** Leads to make: one per phone, from the chat with the newest message among its chats. */
  creates: { phone: string; phoneKey: string | null; chat: ChatForLead; chatIds: string[] }[];
  /** Existing leads whose last message time or awaiting flag changes. */
  updates: { leadId: string; lastMessageAt: number; awaitingReply: boolean }[];
};

const newest = (rows: readonly ChatForLead[]): ChatForLead =>
  rows.reduce((a, b) => ((b.lastMessageAt ?? -1) > (a.lastMessageAt ?? -1) ? b : a));

/**
 * What the touched chats do to the member's leads (pure): `byId` holds the leads the chats are
 * linked to, `byKey` the member's leads by phone key (the earliest one of a key).
 */
export const planChatLeads = (rows: readonly ChatForLead[], byId: ReadonlyMap<string, LeadState>, byKey: ReadonlyMap<string, LeadState>): LeadPlan => {
  const known = new Map<string, LeadState>([...byId, ...[...byKey.values()].map((l) => [l.id, l] as const)]);
  const links: LeadPlan['links'] = [];
  const perLead = new Map<string, ChatForLead[]>();
  const toCreate = new Map<string, ChatForLead[]>();
  const add = <K>(map: Map<K, ChatForLead[]>, key: K, row: ChatForLead) => map.set(key, [...(map.get(key) ?? []), row]);
  for (const row of rows) {
    if (row.leadId) {
      if (byId.has(row.leadId)) add(perLead, row.leadId, row);
      continue;
    }
    if (row.isDel) continue;
    const key = phoneKey(chatPhone(row.chatWhatsappId));
    const existing = key ? byKey.get(key) : undefined;
    if (existing) {
      links.push({ chatId: row.id, leadId: existing.id });
      add(perLead, existing.id, row);
    } else {
      add(toCreate, key ?? `chat:${row.id}`, row);
    }
  }
  const updates: LeadPlan['updates'] = [];
  for (const [leadId, chatsOfLead] of perLead) {
    const lead = known.get(leadId)!;
    const last = newest(chatsOfLead);
    if (last.lastMessageAt === null) continue;
    const isNewest = lead.lastMessageAt === null || last.lastMessageAt >= lead.lastMessageAt;
    const lastMessageAt = isNewest ? last.lastMessageAt : lead.lastMessageAt!;
    const awaitingReply = isNewest ? !last.lastMessageFromMe && !lead.isClosed : lead.awaitingReply;
    if (lastMessageAt !== lead.lastMessageAt || awaitingReply !== lead.awaitingReply) updates.push({ leadId, lastMessageAt, awaitingReply });
  }
  const creates: LeadPlan['creates'] = [...toCreate.values()].map((group) => {
    const chat = newest(group);
    const phone = chatPhone(chat.chatWhatsappId);
    return { phone, phoneKey: phoneKey(phone), chat, chatIds: group.map((r) => r.id) };
  });
  return { links, creates, updates };
};

const cut = (text: string, max: number): string => Array.from(text).slice(0, Math.max(0, max)).join('').trim();

/** The name a new lead tries in round `round`: the chat's name, then with the phone, then numbered. */
export const candidateName = (chatName: string, phone: string, round: number): string => {
  const base = chatName.trim() || phone;
  if (round === 0) return cut(base, LEAD_NAME_MAX);
  const suffix = round === 1 ? ` (${phone})` : ` (${phone}) ${round}`;
  return `${cut(base, LEAD_NAME_MAX - Array.from(suffix).length)}${suffix}`;
};

/**
 * A distinct name for each new lead: taken names are asked of the database (its `lower()` is the
 * unique key's), so the batch's own names are told apart by the same key.
 */
const assignNames = async (tx: Db, owner: Owner, wanted: readonly { chatName: string; phone: string }[]): Promise<string[]> => {
  const names: string[] = new Array<string>(wanted.length);
  const used = new Set<string>();
  let pending = wanted.map((w, index) => ({ ...w, index }));
  for (let round = 0; pending.length > 0; round++) {
    const tries = pending.map((w) => candidateName(w.chatName, w.phone, round));
    const result = await tx.execute(sql`
      SELECT lower(c.n) AS k, EXISTS (
        SELECT 1 FROM leads l
        WHERE ${aliasInWorkspace('l', owner)} AND l.owner_id = ${owner.userId} AND (lower(l.name) COLLATE "C") = (lower(c.n) COLLATE "C")
      ) AS taken
      FROM unnest(${textArray(tries)}) WITH ORDINALITY AS c(n, i) ORDER BY c.i`);
    const answers = rowsOf<{ k: string; taken: boolean }>(result);
    const next: typeof pending = [];
    pending.forEach((w, i) => {
      const answer = answers[i]!;
      if (answer.taken || used.has(answer.k)) next.push(w);
      else {
        used.add(answer.k);
        names[w.index] = tries[i]!;
      }
    });
    pending = next;
  }
  return names;
};

const readLeads = async (tx: Db, owner: Owner, where: ReturnType<typeof sql>) =>
  (
    await tx
      .select({ id: leads.id, lastMessageAt: leads.lastMessageAt, awaitingReply: leads.awaitingReply, isClosed: leads.isClosed, phoneKey: leads.phoneKey })
      .from(leads)
      .where(inWorkspace(leads, owner, eq(leads.ownerId, owner.userId), where))
      .orderBy(leads.createdAt, leads.id)
  ).map((l) => ({ ...l, lastMessageAt: l.lastMessageAt?.getTime() ?? null }));

export type ChatLeadOutcome = { created: number; updated: number; linkedChats: string[] };

/** Applies the lead rules (module comment) to the single chats an upload touched. */
export const syncLeadsOfChats = async (
  tx: Db,
  owner: Owner,
  touched: { newChats: readonly string[]; lastChanged: readonly string[] },
  now: Date,
): Promise<ChatLeadOutcome> => {
  const ids = [...new Set([...touched.newChats, ...touched.lastChanged])];
  if (ids.length === 0) return { created: 0, updated: 0, linkedChats: [] };
  const order = new Map(ids.map((id, i) => [id, i]));
  const rows = (
    await tx
      .select({
        id: chats.id,
        chatWhatsappId: chats.chatWhatsappId,
        name: chats.name,
        leadId: chats.leadId,
        isDel: chats.isDel,
        lastMessageAt: chats.lastMessageAt,
        lastMessageFromMe: chats.lastMessageFromMe,
      })
      .from(chats)
      .where(inWorkspace(chats, owner, eq(chats.ownerId, owner.userId), eq(chats.isGroup, false), sql`${chats.id} = ANY(${textArray(ids)})`))
  )
    .map((r) => ({ ...r, lastMessageAt: r.lastMessageAt?.getTime() ?? null }))
    // In the batch's order: of two chats named alike, the first listed keeps the plain name.
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  if (rows.length === 0) return { created: 0, updated: 0, linkedChats: [] };

  const linkedIds = [...new Set(rows.flatMap((r) => (r.leadId ? [r.leadId] : [])))];
  const keys = [...new Set(rows.flatMap((r) => (r.leadId || r.isDel ? [] : [phoneKey(chatPhone(r.chatWhatsappId))]).filter((k): k is string => k !== null)))];
  const byId = new Map((linkedIds.length > 0 ? await readLeads(tx, owner, sql`${leads.id} = ANY(${textArray(linkedIds)})`) : []).map((l) => [l.id, l]));
  const byKey = new Map<string, LeadState>();
  if (keys.length > 0) {
    for (const l of await readLeads(tx, owner, sql`${leads.phoneKey} = ANY(${textArray(keys)})`)) if (!byKey.has(l.phoneKey!)) byKey.set(l.phoneKey!, l);
  }
  const plan = planChatLeads(rows, byId, byKey);

  const newLinks = [...plan.links];
  if (plan.creates.length > 0) {
    const names = await assignNames(tx, owner, plan.creates.map((c) => ({ chatName: c.chat.name, phone: c.phone })));
    const made = plan.creates.map((c, i) => ({
      id: randomUUID(),
      workspaceId: owner.workspaceId,
      ownerId: owner.userId,
      tabId: NO_TAB_ID,
      name: names[i]!,
      phone: c.phone,
      phoneKey: c.phoneKey,
      sourceId: c.chat.chatWhatsappId,
      lastMessageAt: c.chat.lastMessageAt === null ? null : new Date(c.chat.lastMessageAt),
      awaitingReply: c.chat.lastMessageAt !== null && c.chat.lastMessageFromMe === false,
      createdAt: now,
      editedAt: now,
    }));
    await tx.insert(leads).values(made);
    plan.creates.forEach((c, i) => newLinks.push(...c.chatIds.map((chatId) => ({ chatId, leadId: made[i]!.id }))));
  }
  if (newLinks.length > 0) {
    await tx.execute(sql`
      UPDATE chats c SET lead_id = v.lead_id
      FROM unnest(${textArray(newLinks.map((l) => l.chatId))}, ${textArray(newLinks.map((l) => l.leadId))}) AS v(id, lead_id)
      WHERE ${aliasInWorkspace('c', owner)} AND c.owner_id = ${owner.userId} AND c.id = v.id`);
  }
  const updated = new Set(plan.links.map((l) => l.leadId));
  if (plan.updates.length > 0) {
    const u = plan.updates;
    const changed = await tx.execute(sql`
      UPDATE leads l SET last_message_at = v.last_message_at::timestamptz, awaiting_reply = v.awaiting_reply::boolean
      FROM unnest(${textArray(u.map((x) => x.leadId))}, ${textArray(u.map((x) => isoOf(x.lastMessageAt)))}, ${textArray(u.map((x) => String(x.awaitingReply)))})
        AS v(id, last_message_at, awaiting_reply)
      WHERE ${aliasInWorkspace('l', owner)} AND l.owner_id = ${owner.userId} AND l.id = v.id
      RETURNING l.id`);
    for (const r of rowsOf<{ id: string }>(changed)) updated.add(r.id);
  }
  return { created: plan.creates.length, updated: updated.size, linkedChats: newLinks.map((l) => l.chatId) };
};

