/**
 * A member's pipeline tabs (SPEC §7 Tabs and contacts: /user/tabs/ and /tab/update/base/, plus
 * add, delete and reorder), under /admin and /member like the leads (server/routes/leads.ts: the
 * same owner rule, the same refusal of the header on /member).
 *
 * Each member manages their own tabs; tab 0 (No tabs) is not a row and is always listed first. Tab
 * names are unique per member, ignoring case (TAB_NAME_CONFLICT, from the unique index); a member
 * has at most MAX_TABS. Deleting a tab moves its leads to No tabs in the same transaction, opening
 * the closed ones (a lead without a custom tab cannot stay closed, SPEC §5). Reordering names every
 * tab of the member once.
 */
import { asc, eq, max, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { leadCalls, MAX_TABS, NO_TAB_ID, NO_TAB_NAME, type Tab } from '../../src/contract/leads';
import type { Db } from '../db/client';
import { inWorkspace, scoped, type Owner } from '../db/scoped';
import { leads, tabs } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRolePair } from '../http/role-pair';
import type { AppEnv } from '../http/route';
import { lockTab, ownedBy, uniqueAs } from '../leads/repository';

type TabRow = typeof tabs.$inferSelect;

const toWireTab = (row: TabRow): Tab => ({ id: row.id, name: row.name, isDefault: row.isDefault });
const noTab: Tab = { id: NO_TAB_ID, name: NO_TAB_NAME, isDefault: 1 };

const ownTabs = (conn: Db, owner: Owner) =>
  conn
    .select()
    .from(tabs)
    .where(inWorkspace(tabs, owner, ownedBy(tabs, owner)))
    .orderBy(asc(tabs.position), asc(tabs.id));

const tabList = async (conn: Db, owner: Owner) => ({ tabs: [noTab, ...(await ownTabs(conn, owner)).map(toWireTab)] });

export const registerTabRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock } = deps;

  defineRolePair(app, deps, leadCalls.userTabs, async ({ owner }) => tabList(db, owner));

  defineRolePair(app, deps, leadCalls.tabAdd, async ({ owner, body }) => {
    const row = await uniqueAs(Code.TAB_NAME_CONFLICT, () =>
      db.transaction(async (tx) => {
        const [stats] = await tx
          .select({ n: sql<number>`count(*)`, last: max(tabs.position) })
          .from(tabs)
          .where(inWorkspace(tabs, owner, ownedBy(tabs, owner)));
        if (Number(stats?.n ?? 0) >= MAX_TABS) throw fail(Code.VALIDATION, `A member has at most ${MAX_TABS} tabs`);
        const [inserted] = await tx
          .insert(tabs)
          .values({
            workspaceId: owner.workspaceId,
            ownerId: owner.userId,
            name: body.tabName,
            position: (stats?.last ?? -1) + 1,
            createdAt: clock.now(),
          })
          .returning();
        return inserted!;
      }),
    );
    return toWireTab(row);
  });

  defineRolePair(app, deps, leadCalls.tabUpdateBase, async ({ owner, body }) => {
    const [row] = await uniqueAs(Code.TAB_NAME_CONFLICT, () =>
      db
        .update(tabs)
        .set({ name: body.tabName })
        .where(inWorkspace(tabs, owner, ownedBy(tabs, owner), eq(tabs.id, body.tabId)))
        .returning(),
    );
    if (!row) throw fail(Code.NOT_FOUND, 'No such tab');
    return toWireTab(row);
  });

  defineRolePair(app, deps, leadCalls.tabDelete, async ({ owner, body }) =>
    db.transaction(async (tx) => {
      // Locked first: a lead being moved into this tab waits, then finds it gone.
      if (!(await lockTab(tx, owner, body.tabId, 'update'))) throw fail(Code.NOT_FOUND, 'No such tab');
      const now = clock.now();
      const moved = await scoped(tx, owner)
        .update(
          leads,
          {
            tabId: NO_TAB_ID,
            isClosed: false,
            closedReason: null,
            // The leads changed: a client holding their previous edit time is told (strictly later, as every write).
            editedAt: sql`greatest(${now.toISOString()}::timestamptz, ${leads.editedAt} + interval '1 millisecond')`,
          },
          ownedBy(leads, owner),
          eq(leads.tabId, body.tabId),
        )
        .returning({ id: leads.id });
      await scoped(tx, owner).delete(tabs, ownedBy(tabs, owner), eq(tabs.id, body.tabId));
      return { movedLeads: moved.length };
    }),
  );

  defineRolePair(app, deps, leadCalls.tabReorder, async ({ owner, body }) =>
    db.transaction(async (tx) => {
      const current = await tx
        .select({ id: tabs.id })
        .from(tabs)
        .where(inWorkspace(tabs, owner, ownedBy(tabs, owner)))
        .for('update');
      const wanted = new Set(body.tabIds);
      const complete =
        wanted.size === body.tabIds.length && current.length === body.tabIds.length && current.every((t) => wanted.has(t.id));
      if (!complete) throw fail(Code.VALIDATION, 'tab_ids: name every custom tab once');
      for (const [position, id] of body.tabIds.entries()) {
        await scoped(tx, owner).update(tabs, { position }, ownedBy(tabs, owner), eq(tabs.id, id));
      }
      return tabList(tx, owner);
    }),
  );
};
