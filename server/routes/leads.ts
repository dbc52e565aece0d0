/**
 * The lead pipeline (SPEC §7 Leads): list with the search options of SPEC §3, add, update, delete,
 * close and per-tab counts, each served under /admin and /member (SPEC §6, src/contract/leads.ts).
 *
 * Whose leads: a call reads and writes the leads of one member, its owner: the caller, or on the
 * /admin path the member an admin or manager acts for through the source-user header (checked by
 * buildScope, server/auth/scope.ts). The /member path acts on the caller's own leads only: its
 * contract refuses the header (and the refusal is logged), even from an admin. Every query goes through
 * server/db/scoped.ts (the workspace) and names the owner, so no call reaches another member's or
 * another workspace's rows; someone else's lead id answers NOT_FOUND, as an unknown one does.
 *
 * Rules (SPEC §4, §5): the name is required and unique per owner, ignoring case (NAME_CONFLICT,
 * from the unique index, so two racing adds cannot both win); closing needs a custom tab
 * (LEAD_NEEDS_TAB), and a closed lead cannot move to No tabs; a lead moves only to No tabs or one
 * of its owner's tabs; an update that changes nothing (a drop in the lead's own tab) writes
 * nothing; an update carrying an older edit time than the lead's is refused (STALE_EDIT, the
 * current lead in `data`), checked under the row lock so two saves cannot both pass it. Each
 * write bumps the edit time, strictly (one millisecond past the previous at least), so a client
 * holding the previous one is always told.
 */
import { randomUUID } from 'node:crypto';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { leadCalls, NO_TAB_ID } from '../../src/contract/leads';
import { unlinkChatsOfLeads } from '../chats/leads';
import { inWorkspace, scoped } from '../db/scoped';
import { leads, tabs } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRolePair } from '../http/role-pair';
import type { AppEnv } from '../http/route';
import { formColumns, leadListPage, lockLead, nextEditTime, ownedBy, requireTab, toWireLead, uniqueAs, updateLead, withPhoneKey } from '../leads/repository';

export const registerLeadRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock } = deps;

  defineRolePair(app, deps, leadCalls.leadsList, async ({ owner, body }) => leadListPage(db, owner, body));

  defineRolePair(app, deps, leadCalls.leadsAdd, async ({ owner, body }) => {
    const now = clock.now();
    const row = await uniqueAs(Code.NAME_CONFLICT, () =>
      db.transaction(async (tx) => {
        const tabId = body.tabId ?? NO_TAB_ID;
        await requireTab(tx, owner, tabId);
        const [inserted] = await tx
          .insert(leads)
          // A stage given with the lead is set now (stage_changed_at: when it counts as won or lost, SPEC §3 Analytics numbers).
          .values({ ...(await withPhoneKey(tx, owner.workspaceId, formColumns(body))), name: body.name, id: randomUUID(), workspaceId: owner.workspaceId, ownerId: owner.userId, tabId, stageChangedAt: body.stage ? now : null, createdAt: now, editedAt: now })
          .returning();
        return inserted!;
      }),
    );
    return toWireLead(row);
  });

  defineRolePair(app, deps, leadCalls.leadsUpdate, async ({ owner, body }) => toWireLead(await updateLead(deps, owner, body)));

  defineRolePair(app, deps, leadCalls.leadsDelete, async ({ owner, body }) => {
    const deleted = await db.transaction(async (tx) => {
      await unlinkChatsOfLeads(tx, owner, [body.id], deps.clock.now());
      return scoped(tx, owner).delete(leads, ownedBy(leads, owner), eq(leads.id, body.id)).returning({ id: leads.id });
    });
    if (deleted.length === 0) throw fail(Code.NOT_FOUND);
    return null;
  });

  defineRolePair(app, deps, leadCalls.leadsClose, async ({ owner, body }) => {
    const row = await db.transaction(async (tx) => {
      const current = await lockLead(tx, owner, body.id);
      if (body.isClosed && current.tabId === NO_TAB_ID) throw fail(Code.LEAD_NEEDS_TAB);
      const [updated] = await tx
        .update(leads)
        .set({
          isClosed: body.isClosed,
          closedReason: body.isClosed ? body.closedReason || null : null,
          editedAt: nextEditTime(clock.now(), current.editedAt),
        })
        .where(inWorkspace(leads, owner, ownedBy(leads, owner), eq(leads.id, body.id)))
        .returning();
      return updated!;
    });
    return toWireLead(row);
  });

  defineRolePair(app, deps, leadCalls.leadsCount, async ({ owner }) => {
    const counted = await db
      .select({
        tabId: leads.tabId,
        open: count(),
        awaiting: sql<number>`count(*) filter (where ${leads.awaitingReply})`,
      })
      .from(leads)
      .where(inWorkspace(leads, owner, ownedBy(leads, owner), eq(leads.isClosed, false)))
      .groupBy(leads.tabId);
    const ownTabs = await db
      .select({ id: tabs.id })
      .from(tabs)
      .where(inWorkspace(tabs, owner, ownedBy(tabs, owner)))
      .orderBy(asc(tabs.position), asc(tabs.id));
    const byTab = new Map(counted.map((c) => [c.tabId, c]));
    const items = [NO_TAB_ID, ...ownTabs.map((t) => t.id)].map((tabId) => ({
      tabId,
      openCount: Number(byTab.get(tabId)?.open ?? 0),
      awaitReplyCount: Number(byTab.get(tabId)?.awaiting ?? 0),
    }));
    return { items, totalCount: items.reduce((sum, i) => sum + i.openCount, 0) };
  });
};
