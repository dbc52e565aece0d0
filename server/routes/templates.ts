/**
 * The template centre (SPEC §2 /template-center, §3 Team templates, Quick reply, Auto reply, §5,
 * §6): team pipeline tab sets, quick replies and auto replies, made by the owner or a manager under
 * /admin/template/... and read by every member under /public/template/... (who may call what is
 * declared in src/contract/templates.ts and enforced by defineRoute).
 *
 * - Names of tab sets and of auto replies are unique per workspace, ignoring case (unique indexes;
 *   NAME_CONFLICT with a message naming what clashed).
 * - One reply-all auto reply per workspace (SPEC §5): checked before the write for the message, and
 *   kept under concurrent saves by the partial unique index auto_replies_one_reply_all, whose
 *   violation is answered with the same message.
 * - Applying a tab set gives every joined member its tabs in one transaction: their own tabs and
 *   leads stay; a tab name a member already has (ignoring case) is reported as a clash, neither
 *   merged nor made twice; a member at the tab limit (MAX_TABS) gets what fits and is reported.
 * - A quick reply's attachments are stored files of the workspace (src/contract/storage.ts uploads
 *   them); what the reply shows of a file (name, type, kind, size) is taken from its stored row.
 * - Auto replies are listed in priority order, oldest first: the order the keyword matcher
 *   (src/contract/keyword-match.ts) tries them in, in the form's preview and in the extension.
 * - Text is stored and answered as given (script tags, direction overrides: the screens show user
 *   text inert); NUL, oversized text and lists are refused by the contract and the body limit.
 */
import { randomUUID } from 'node:crypto';
import { asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code, type CodeValue } from '../../src/contract/codes';
import { MAX_TABS } from '../../src/contract/leads';
import {
  AUTO_REPLY_SWITCH_KEY,
  ONE_REPLY_ALL_MESSAGE,
  templateEndpoints as calls,
  type AutoReply,
  type QuickReply,
  type TabSet,
} from '../../src/contract/templates';
import type { WorkspaceScope } from '../auth/scope';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { inWorkspace, scoped } from '../db/scoped';
import { autoReplies, configs, quickReplies, storedFiles, tabs, teamTabSets, users, workspaceMembers, type TemplateAttachment } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';

const TAB_SET_NAME_TAKEN = 'A tab set with this name already exists.';
const AUTO_REPLY_NAME_TAKEN = 'An auto reply with this name already exists.';
const TAB_SET_PAUSED = 'This tab set is paused: make it active before applying it.';
const ATTACHMENT_NOT_STORED = 'This file is not an uploaded file of this workspace. Upload it again.';

type TabSetRow = typeof teamTabSets.$inferSelect;
type QuickReplyRow = typeof quickReplies.$inferSelect;
type AutoReplyRow = typeof autoReplies.$inferSelect;

const toWireTabSet = (row: TabSetRow): TabSet => ({
  id: row.id,
  groupName: row.groupName,
  groupPriority: row.groupPriority,
  name: row.name,
  tabNames: row.tabNames,
  messageType: row.messageType as TabSet['messageType'],
  status: row.status,
  updatedAt: row.updatedAt.getTime(),
  appliedAt: row.appliedAt?.getTime() ?? null,
});

const toWireQuickReply = (row: QuickReplyRow): QuickReply => ({
  id: row.id,
  title: row.title,
  message: row.message,
  attachments: row.attachments,
  updatedAt: row.updatedAt.getTime(),
});

const toWireAutoReply = (row: AutoReplyRow): AutoReply => ({
  id: row.id,
  name: row.name,
  type: row.type,
  keywords: row.keywords,
  matchMode: row.matchMode,
  reply: row.reply,
  effective: row.effective,
  effectiveGroups: row.effectiveGroups,
  archiveAfterReply: row.archiveAfterReply,
  notForActiveChats: row.notForActiveChats,
  quoteWhenReplying: row.quoteWhenReplying,
  blockSender: row.blockSender,
  intervalMinutes: row.intervalMinutes,
  delaySeconds: row.delaySeconds,
  status: row.status,
  updatedAt: row.updatedAt.getTime(),
});

/** The unique constraint a violation names (both drivers carry it on the error or its cause), if any. */
const violatedConstraint = (error: unknown): string | undefined => {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint) return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

/** Runs a write; a unique violation becomes the refusal `refusal` picks for its constraint. */
const refusingDuplicates = async <T>(write: () => Promise<T>, refusal: (constraint: string | undefined) => Promise<[CodeValue, string]>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [code, message] = await refusal(violatedConstraint(error));
    throw fail(code, message);
  }
};

const notFound = (what: string) => fail(Code.NOT_FOUND, `No such ${what}`);

// ---- Tab sets ------------------------------------------------------------------------------

/** Tabs inserted by one statement. */
const INSERT_BATCH = 1000;

/** What applying a set did for the members (src/contract/templates.ts tabSetApplyData). */
const applyTabSet = async (tx: Db, scope: WorkspaceScope, set: TabSetRow, now: Date) => {
  const members = await tx
    .select({ userId: users.id, email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(inWorkspace(workspaceMembers, scope, eq(workspaceMembers.status, 'joined')))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.id));
  const memberIds = members.map((m) => m.userId);
  const existing =
    memberIds.length === 0
      ? []
      : await tx
          .select({ ownerId: tabs.ownerId, name: tabs.name, position: tabs.position })
          .from(tabs)
          .where(inWorkspace(tabs, scope, inArray(tabs.ownerId, memberIds)));
  const clashes: { userId: string; email: string; tabName: string }[] = [];
  const full: { userId: string; email: string }[] = [];
  const planned: (typeof tabs.$inferInsert)[] = [];
  const byOwner = new Map<string, typeof existing>();
  for (const tab of existing) {
    const list = byOwner.get(tab.ownerId);
    if (list) list.push(tab);
    else byOwner.set(tab.ownerId, [tab]);
  }
  for (const member of members) {
    const own = byOwner.get(member.userId) ?? [];
    const taken = new Set(own.map((t) => t.name.toLowerCase()));
    const wanted = set.tabNames.filter((name) => {
      if (!taken.has(name.toLowerCase())) return true;
      clashes.push({ userId: member.userId, email: member.email, tabName: name });
      return false;
    });
    const room = Math.max(0, MAX_TABS - own.length);
    if (wanted.length > room) full.push({ userId: member.userId, email: member.email });
    let position = own.reduce((last, t) => Math.max(last, t.position), -1);
    for (const name of wanted.slice(0, room)) {
      position += 1;
      planned.push({ workspaceId: scope.workspaceId, ownerId: member.userId, name, position, createdAt: now });
    }
  }
  // A tab the member made meanwhile under a name the database folds alike (tabs_owner_name_key)
  // is skipped by the insert, and reported as a clash as well.
  // In batches: a statement carries at most 65,535 parameters.
  const made: { ownerId: string; name: string }[] = [];
  for (let i = 0; i < planned.length; i += INSERT_BATCH) {
    made.push(...(await tx.insert(tabs).values(planned.slice(i, i + INSERT_BATCH)).onConflictDoNothing().returning({ ownerId: tabs.ownerId, name: tabs.name })));
  }
  const madeKeys = new Set(made.map((t) => `${t.ownerId}\u0000${t.name}`));
  const emailOf = new Map(members.map((m) => [m.userId, m.email]));
  for (const row of planned) {
    if (!madeKeys.has(`${row.ownerId}\u0000${row.name}`)) clashes.push({ userId: row.ownerId, email: emailOf.get(row.ownerId) ?? '', tabName: row.name });
  }
  await scoped(tx, scope).update(teamTabSets, { appliedAt: now }, eq(teamTabSets.id, set.id));
  return { members: members.length, tabsCreated: made.length, clashes, full };
};

// ---- Quick replies -------------------------------------------------------------------------

/**
 * The attachments as their stored files say (each file once, in the order given), the files
 * locked against deletion until the transaction ends; a file that is not a stored file of the
 * workspace is refused, naming the attachment.
 */
const storedAttachments = async (tx: Db, scope: WorkspaceScope, requested: readonly { fileId: string }[]): Promise<TemplateAttachment[]> => {
  const ids = [...new Set(requested.map((a) => a.fileId))];
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(storedFiles)
    .where(inWorkspace(storedFiles, scope, inArray(storedFiles.id, ids), eq(storedFiles.status, 'stored')))
    .for('share');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = requested.findIndex((a) => !byId.has(a.fileId));
  if (missing !== -1) throw fail(Code.VALIDATION, `attachments.${missing}.file_id: ${ATTACHMENT_NOT_STORED}`);
  return ids.map((id) => {
    const file = byId.get(id)!;
    return { fileId: file.id, name: file.name, mimeType: file.mimeType, kind: file.kind, size: file.size };
  });
};

const quickReplyRows = (db: Db, scope: WorkspaceScope) =>
  db.select().from(quickReplies).where(inWorkspace(quickReplies, scope)).orderBy(desc(quickReplies.updatedAt), asc(quickReplies.id));

// ---- Auto replies --------------------------------------------------------------------------

/** Priority order (the matcher's): oldest first. */
const autoReplyRows = (db: Db, scope: WorkspaceScope, activeOnly: boolean) =>
  db
    .select()
    .from(autoReplies)
    .where(inWorkspace(autoReplies, scope, activeOnly ? eq(autoReplies.status, 'active') : undefined))
    .orderBy(asc(autoReplies.createdAt), asc(autoReplies.id));

/** Another reply-all template of the workspace than `id`, if any. */
const otherReplyAll = (conn: Db, scope: WorkspaceScope, id: string | undefined) =>
  scoped(conn, scope).first(autoReplies, eq(autoReplies.type, 'replyAll'), id ? ne(autoReplies.id, id) : undefined);

/** The member's switch (SPEC §6: off by default), in the config of the member the request acts for. */
const autoReplySwitch = async (db: Db, scope: WorkspaceScope): Promise<boolean> => {
  const [row] = await db
    .select({ value: configs.value })
    .from(configs)
    .where(inWorkspace(configs, scope, eq(configs.scope, 'member'), eq(configs.userId, scope.actingUserId), eq(configs.key, AUTO_REPLY_SWITCH_KEY)));
  return row?.value === '1';
};

export const registerTemplateRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock, logger } = deps;

  // ---- Tab sets: by group priority (lower first), then the latest update first.
  defineRoute(app, deps, calls.tabSetList, async ({ scope }) => {
    const rows = await db
      .select()
      .from(teamTabSets)
      .where(inWorkspace(teamTabSets, scope))
      .orderBy(asc(teamTabSets.groupPriority), desc(teamTabSets.updatedAt), asc(teamTabSets.id));
    return { items: rows.map(toWireTabSet) };
  });

  defineRoute(app, deps, calls.tabSetSave, async ({ scope, body }) => {
    const now = clock.now();
    const { id, ...fields } = body;
    const values = { ...fields, updatedAt: now };
    const row = await refusingDuplicates(
      async () => {
        if (id) {
          const [updated] = await db.update(teamTabSets).set(values).where(inWorkspace(teamTabSets, scope, eq(teamTabSets.id, id))).returning();
          if (!updated) throw notFound('tab set');
          return updated;
        }
        const [inserted] = await db
          .insert(teamTabSets)
          .values({ ...values, id: randomUUID(), workspaceId: scope.workspaceId, createdBy: scope.userId, createdAt: now })
          .returning();
        return inserted!;
      },
      async () => [Code.NAME_CONFLICT, TAB_SET_NAME_TAKEN],
    );
    return toWireTabSet(row);
  });

  defineRoute(app, deps, calls.tabSetDelete, async ({ scope, body }) => {
    const deleted = await scoped(db, scope).delete(teamTabSets, eq(teamTabSets.id, body.id)).returning({ id: teamTabSets.id });
    if (deleted.length === 0) throw notFound('tab set');
    return null;
  });

  defineRoute(app, deps, calls.tabSetApply, async ({ scope, body }) => {
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      // Locked: two applications of one set (or one and its deletion) take turns.
      const [set] = await tx
        .select()
        .from(teamTabSets)
        .where(inWorkspace(teamTabSets, scope, eq(teamTabSets.id, body.id)))
        .for('update');
      if (!set) throw notFound('tab set');
      if (set.status === 'paused') throw fail(Code.VALIDATION, TAB_SET_PAUSED);
      return applyTabSet(tx, scope, set, now);
    });
    logger.info('[templates] tab set applied', {
      workspace: scope.workspaceId,
      by: scope.userId,
      set: body.id,
      members: outcome.members,
      created: outcome.tabsCreated,
      clashes: outcome.clashes.length,
      full: outcome.full.length,
    });
    return outcome;
  });

  // ---- Quick replies: the latest update first.
  defineRoute(app, deps, calls.quickReplyAdminList, async ({ scope }) => ({ items: (await quickReplyRows(db, scope)).map(toWireQuickReply) }));
  defineRoute(app, deps, calls.quickReplyList, async ({ scope }) => ({ items: (await quickReplyRows(db, scope)).map(toWireQuickReply) }));

  defineRoute(app, deps, calls.quickReplySave, async ({ scope, body }) => {
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const attachments = await storedAttachments(tx, scope, body.attachments);
      const values = { title: body.title, message: body.message, attachments, updatedAt: now };
      if (body.id) {
        const [updated] = await tx.update(quickReplies).set(values).where(inWorkspace(quickReplies, scope, eq(quickReplies.id, body.id))).returning();
        if (!updated) throw notFound('quick reply');
        return updated;
      }
      const [inserted] = await tx
        .insert(quickReplies)
        .values({ ...values, id: randomUUID(), workspaceId: scope.workspaceId, createdBy: scope.userId, createdAt: now })
        .returning();
      return inserted!;
    });
    return toWireQuickReply(row);
  });

  defineRoute(app, deps, calls.quickReplyDelete, async ({ scope, body }) => {
    const deleted = await scoped(db, scope).delete(quickReplies, eq(quickReplies.id, body.id)).returning({ id: quickReplies.id });
    if (deleted.length === 0) throw notFound('quick reply');
    return null;
  });

  // ---- Auto replies
  defineRoute(app, deps, calls.autoReplyAdminList, async ({ scope }) => ({ items: (await autoReplyRows(db, scope, false)).map(toWireAutoReply) }));

  defineRoute(app, deps, calls.autoReplyList, async ({ scope }) => {
    const rows = await autoReplyRows(db, scope, true);
    return { enabled: await autoReplySwitch(db, scope), items: rows.map(toWireAutoReply) };
  });

  defineRoute(app, deps, calls.autoReplySave, async ({ scope, body }) => {
    const now = clock.now();
    const { id, ...fields } = body;
    // A reply-all template answers every message: it has no keywords.
    const values = { ...fields, keywords: fields.type === 'replyAll' ? [] : fields.keywords, updatedAt: now };
    const row = await refusingDuplicates(
      () =>
        db.transaction(async (tx) => {
          if (values.type === 'replyAll' && (await otherReplyAll(tx, scope, id))) throw fail(Code.VALIDATION, ONE_REPLY_ALL_MESSAGE);
          if (id) {
            const [updated] = await tx.update(autoReplies).set(values).where(inWorkspace(autoReplies, scope, eq(autoReplies.id, id))).returning();
            if (!updated) throw notFound('auto reply');
            return updated;
          }
          const [inserted] = await tx
            .insert(autoReplies)
            .values({ ...values, id: randomUUID(), workspaceId: scope.workspaceId, createdBy: scope.userId, createdAt: now })
            .returning();
          return inserted!;
        }),
      // Two saves at once both passed the check above: the partial unique index refused the later.
      async (constraint) => {
        const replyAllTaken =
          constraint === undefined ? values.type === 'replyAll' && (await otherReplyAll(db, scope, id)) !== null : constraint === 'auto_replies_one_reply_all';
        return replyAllTaken ? [Code.VALIDATION, ONE_REPLY_ALL_MESSAGE] : [Code.NAME_CONFLICT, AUTO_REPLY_NAME_TAKEN];
      },
    );
    return toWireAutoReply(row);
  });

  defineRoute(app, deps, calls.autoReplyStatus, async ({ scope, body }) => {
    const [row] = await db
      .update(autoReplies)
      .set({ status: body.status, updatedAt: clock.now() })
      .where(inWorkspace(autoReplies, scope, eq(autoReplies.id, body.id)))
      .returning();
    if (!row) throw notFound('auto reply');
    return toWireAutoReply(row);
  });

  defineRoute(app, deps, calls.autoReplyDelete, async ({ scope, body }) => {
    const deleted = await scoped(db, scope).delete(autoReplies, eq(autoReplies.id, body.id)).returning({ id: autoReplies.id });
    if (deleted.length === 0) throw notFound('auto reply');
    return null;
  });
};
