/**
 * The funnel's middle step (SPEC §3 Invite link; beyond the SPEC: clicks, leads created from those
 * chats, leads won): a chat link's redirect prefills `(ref: CODE)` in the visitor's first message
 * (server/share-links/codes.ts). When chat sync stores an incoming message (not the member's own)
 * of a single chat whose text carries the reference of a chat link of the same workspace, that
 * chat's lead is attributed to the link: one share_link_leads row, written with ON CONFLICT DO
 * NOTHING (a lead counts once per link however often the message is uploaded again).
 *
 * Runs inside the upload's transaction, after the upload made or linked the chats' leads
 * (server/chats/leads.ts), so a lead made from the very message that carries the reference is
 * attributed at once. Group chats never are (they make no leads); a chat without a lead (one whose
 * lead was deleted by hand) is skipped. A batch with no reference in it costs no query.
 */
import { sql } from 'drizzle-orm';
import { isGroupChatId } from '../../src/contract/chats';
import type { Db } from '../db/client';
import { aliasesShareWorkspace, aliasInWorkspace, type Owner } from '../db/scoped';
import { isoOf, rowsOf, textArray } from '../chats/sql';
import { refsIn } from './codes';

/** What attribution reads of an uploaded message. */
export type AttributedMessage = { chatWhatsappId: string; fromMe: boolean; text?: string | null | undefined };

/**
 * Attributes the leads of the owner's chats whose incoming messages in `messages` name a chat link
 * of the workspace. `chatRows` maps a chat id to the owner's chat row id (the upload's plan).
 * Answers how many attributions were new.
 */
export const attributeShareLinkLeads = async (
  tx: Db,
  owner: Owner,
  messages: readonly AttributedMessage[],
  chatRows: ReadonlyMap<string, string>,
  now: Date,
): Promise<number> => {
  const pairs = new Map<string, { chatId: string; code: string }>();
  for (const m of messages) {
    if (m.fromMe || isGroupChatId(m.chatWhatsappId)) continue;
    const chatId = chatRows.get(m.chatWhatsappId);
    if (!chatId) continue;
    for (const code of refsIn(m.text)) pairs.set(`${chatId}\n${code}`, { chatId, code });
  }
  if (pairs.size === 0) return 0;
  const list = [...pairs.values()];
  const result = await tx.execute(sql`
    INSERT INTO share_link_leads (workspace_id, share_link_id, lead_id, created_at)
    SELECT DISTINCT c.workspace_id, s.id, c.lead_id, ${isoOf(now)}::timestamptz
    FROM unnest(${textArray(list.map((p) => p.chatId))}, ${textArray(list.map((p) => p.code))}) AS v(chat_id, code)
    JOIN chats c ON ${aliasInWorkspace('c', owner)} AND c.owner_id = ${owner.userId} AND c.id = v.chat_id AND NOT c.is_group AND c.lead_id IS NOT NULL
    JOIN share_links s ON ${aliasesShareWorkspace('s', 'c')} AND s.code = v.code AND s.type = 'chat'
    ON CONFLICT DO NOTHING
    RETURNING lead_id`);
  return rowsOf<{ lead_id: string }>(result).length;
};
