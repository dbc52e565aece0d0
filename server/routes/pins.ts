/**
 * Pinned chats (SPEC §2 assistant tools, pin chats; src/contract/pins.ts): a member's pins of their
 * own chats, kept per member (chat_pins, keyed by workspace, owner, number and chat-service id).
 *
 * Whose pins: the list is the acting member's (the caller's, or the member an admin or manager
 * acts for through the verified source-user header: reading a member's conversations shows their
 * pins); pinning and unpinning are always the caller's own (the contract refuses the header). The
 * chat named must be a chat of that member in the caller's workspace (for a pin, a live one):
 * another member's, another workspace's or an unknown chat answers NOT_FOUND, and nothing is
 * written. Every query names the workspace through server/db/scoped.ts.
 *
 * Rules: at most MAX_PINNED_CHATS pins of live chats per member (a pin of a chat deleted on the
 * chat service stays stored but neither shows nor counts, and shows again if the chat comes back);
 * pinning a pinned chat answers its pin unchanged, unpinning an unpinned one succeeds. A pin runs
 * in one transaction that locks the member's row first, so two pins at once cannot both pass the
 * limit.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { MAX_PINNED_CHATS, PIN_LIMIT_MESSAGE, pinEndpoints, type ChatPin } from '../../src/contract/pins';
import type { Db } from '../db/client';
import { inWorkspace, scoped, type Owner } from '../db/scoped';
import { chatPins, chats, workspaceMembers } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';

const pinColumns = { chatId: chats.id, number: chatPins.number, chatWhatsappId: chatPins.chatWhatsappId, pinnedAt: chatPins.pinnedAt };

const toWirePin = (row: { chatId: string; number: string; chatWhatsappId: string; pinnedAt: Date }): ChatPin => ({
  chatId: row.chatId,
  number: row.number,
  chatWhatsappId: row.chatWhatsappId,
  pinnedAt: row.pinnedAt.getTime(),
});

/** The owner's pins joined to their live chats (both tables confined to the owner's workspace). */
const livePins = (conn: Db, owner: Owner) =>
  conn
    .select(pinColumns)
    .from(chatPins)
    .innerJoin(chats, and(eq(chats.ownerId, chatPins.ownerId), eq(chats.number, chatPins.number), eq(chats.chatWhatsappId, chatPins.chatWhatsappId)))
    .where(and(inWorkspace(chatPins, owner, eq(chatPins.ownerId, owner.userId)), inWorkspace(chats, owner, eq(chats.isDel, false))));

const countLivePins = async (conn: Db, owner: Owner): Promise<number> => {
  const [row] = await conn
    .select({ n: count() })
    .from(chatPins)
    .innerJoin(chats, and(eq(chats.ownerId, chatPins.ownerId), eq(chats.number, chatPins.number), eq(chats.chatWhatsappId, chatPins.chatWhatsappId)))
    .where(and(inWorkspace(chatPins, owner, eq(chatPins.ownerId, owner.userId)), inWorkspace(chats, owner, eq(chats.isDel, false))));
  return Number(row?.n ?? 0);
};

/** The owner's chat with this wire id (NOT_FOUND for anyone else's or an unknown one; `live`: not deleted). */
const ownChat = async (conn: Db, owner: Owner, chatId: string, live: boolean) => {
  const chat = await scoped(conn, owner).first(chats, eq(chats.ownerId, owner.userId), eq(chats.id, chatId), live ? eq(chats.isDel, false) : undefined);
  if (!chat) throw fail(Code.NOT_FOUND);
  return chat;
};

const pinKey = (owner: Owner, chat: { number: string; chatWhatsappId: string }) => [
  eq(chatPins.ownerId, owner.userId),
  eq(chatPins.number, chat.number),
  eq(chatPins.chatWhatsappId, chat.chatWhatsappId),
];

export const registerPinRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock } = deps;

  defineRoute(app, deps, pinEndpoints.pinList, async ({ scope }) => {
    const owner: Owner = { workspaceId: scope.workspaceId, userId: scope.actingUserId };
    const rows = await livePins(db, owner).orderBy(desc(chatPins.pinnedAt), asc(chatPins.number), asc(chatPins.chatWhatsappId)).limit(MAX_PINNED_CHATS);
    return { pins: rows.map(toWirePin), limit: MAX_PINNED_CHATS };
  });

  defineRoute(app, deps, pinEndpoints.pinAdd, async ({ scope, body }) => {
    // The contract refuses the source-user header: the acting member is the caller.
    const owner: Owner = { workspaceId: scope.workspaceId, userId: scope.userId };
    return db.transaction(async (tx) => {
      // The member's row first: pins of one member are made one at a time (the limit holds).
      await tx
        .select({ id: workspaceMembers.id })
        .from(workspaceMembers)
        .where(inWorkspace(workspaceMembers, owner, eq(workspaceMembers.userId, owner.userId)))
        .for('update');
      const chat = await ownChat(tx, owner, body.chatId, true);
      const existing = await scoped(tx, owner).first(chatPins, ...pinKey(owner, chat));
      if (existing) return toWirePin({ ...existing, chatId: chat.id });
      if ((await countLivePins(tx, owner)) >= MAX_PINNED_CHATS) throw fail(Code.VALIDATION, PIN_LIMIT_MESSAGE);
      const pinnedAt = clock.now();
      await tx.insert(chatPins).values({ workspaceId: owner.workspaceId, ownerId: owner.userId, number: chat.number, chatWhatsappId: chat.chatWhatsappId, pinnedAt });
      return toWirePin({ chatId: chat.id, number: chat.number, chatWhatsappId: chat.chatWhatsappId, pinnedAt });
    });
  });

  defineRoute(app, deps, pinEndpoints.pinRemove, async ({ scope, body }) => {
    const owner: Owner = { workspaceId: scope.workspaceId, userId: scope.userId };
    // A deleted chat's pin may be removed too (it is the member's chat all the same).
    const chat = await ownChat(db, owner, body.chatId, false);
    await scoped(db, owner).delete(chatPins, ...pinKey(owner, chat));
    return null;
  });
};
