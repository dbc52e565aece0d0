/**
 * Workspace-scoped queries for tenant tables (ARCHITECTURE "Server": every query on workspace data
 * is filtered by `workspace_id`). A tenant table is one that carries `workspaceId`; every helper
 * here adds `workspace_id = scope.workspaceId` itself, so a query written with them cannot forget
 * the tenant:
 *
 *   const rows = await scoped(db, scope).select(workspaceMembers, eq(workspaceMembers.status, 'joined'));
 *   await scoped(tx, scope).update(invitations, { voidedAt: now }, isNull(invitations.voidedAt));
 *   db.select(fields).from(workspaceMembers).leftJoin(...).where(inWorkspace(workspaceMembers, scope, ...));
 *
 * and for the shapes those do not fit: a prepared statement's placeholder or a correlated
 * subquery's column (`workspaceFilter`), raw SQL naming tables by alias (`aliasInWorkspace`,
 * `aliasesShareWorkspace`), the join of a tenant row to its workspace (`workspaceRowOf`) and the
 * people whose current workspace it is (`currentWorkspaceIs`, on the per-person user_settings).
 *
 * Outside server/db/ (and server/auth/, which finds the caller's workspace before there is a scope)
 * no code writes a workspace condition itself: tests/server/tenant-filters.test.ts fails on one.
 * tests/server/tenant-tables.test.ts checks that every table of the schema but the listed global
 * ones has the column and an index led by it.
 */
import { and, count, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { userSettings, workspaces } from './schema';

/** The tenant a query is confined to (a WorkspaceScope, or `{ workspaceId }`). */
export type TenantScope = { readonly workspaceId: string };

/**
 * The member whose data a call reads or writes (leads, tabs, chats: their owner; from a
 * WorkspaceScope, its acting user), in their workspace.
 */
export type Owner = TenantScope & { readonly userId: string };

/** A table holding workspace data: it has the `workspace_id` column. */
export type TenantTable = PgTable & { workspaceId: AnyPgColumn<{ data: string; notNull: true }> };

type Condition = SQL | undefined;

const requireId = (scope: TenantScope): string => {
  if (!scope.workspaceId) throw new Error('a workspace-scoped query needs a workspace id');
  return scope.workspaceId;
};

/**
 * The workspace a condition compares with: an id, or one that is not known yet: a prepared
 * statement's placeholder (the id comes with each execution), or a column of the outer query (a
 * correlated subquery: `workspaces.id`, `leads.workspaceId`).
 */
export type WorkspaceRef = string | SQL | Placeholder | AnyPgColumn;

/** `table.workspace_id = workspace AND ...conditions`: inWorkspace for a placeholder or an outer column. */
export const workspaceFilter = (table: TenantTable, workspace: WorkspaceRef, ...conditions: Condition[]): SQL => {
  if (typeof workspace === 'string' && !workspace) throw new Error('a workspace-scoped query needs a workspace id');
  return and(eq(table.workspaceId, workspace), ...conditions) as SQL;
};

/** `workspace_id = scope.workspaceId AND ...conditions`, for any query builder's `.where`. */
export const inWorkspace = (table: TenantTable, scope: TenantScope, ...conditions: Condition[]): SQL => workspaceFilter(table, requireId(scope), ...conditions);

/**
 * For raw statements that name a table by alias (`UPDATE chats c ... FROM unnest(...) v`), or by
 * its name: `<alias>.workspace_id = scope.workspaceId`.
 */
export const aliasInWorkspace = (alias: string, scope: TenantScope): SQL => sql`${sql.identifier(alias)}.workspace_id = ${requireId(scope)}`;

/** For raw statements joining two tenant tables by alias: `<a>.workspace_id = <b>.workspace_id` (the rows of one workspace). */
export const aliasesShareWorkspace = (a: string, b: string): SQL => sql`${sql.identifier(a)}.workspace_id = ${sql.identifier(b)}.workspace_id`;

/** Joins a tenant table to its workspace's row: `workspaces.id = table.workspace_id`. */
export const workspaceRowOf = (table: TenantTable): SQL => eq(workspaces.id, table.workspaceId);

/**
 * user_settings is per person, not a tenant table: its workspace_id is the person's current
 * workspace. This selects the people whose current workspace is the scope's (to clear it when they
 * leave or are removed, or the workspace is disbanded).
 */
export const currentWorkspaceIs = (scope: TenantScope): SQL => eq(userSettings.workspaceId, requireId(scope));

/** Queries on tenant tables confined to one workspace (`conn` may be a transaction). */
export const scoped = (conn: Db, scope: TenantScope) => ({
  /** Every column of the matching rows. */
  select: <T extends TenantTable>(table: T, ...conditions: Condition[]) =>
    conn.select().from(table as PgTable).where(inWorkspace(table, scope, ...conditions)) as unknown as Promise<T['$inferSelect'][]>,
  /** The first matching row, or null. */
  first: async <T extends TenantTable>(table: T, ...conditions: Condition[]): Promise<T['$inferSelect'] | null> => {
    const rows = (await conn.select().from(table as PgTable).where(inWorkspace(table, scope, ...conditions)).limit(1)) as T['$inferSelect'][];
    return rows[0] ?? null;
  },
  /** How many rows match. */
  count: async (table: TenantTable, ...conditions: Condition[]): Promise<number> => {
    const [row] = await conn.select({ n: count() }).from(table).where(inWorkspace(table, scope, ...conditions));
    return Number(row?.n ?? 0);
  },
  /** Updates the matching rows; `workspaceId` itself cannot be set (a row never changes tenant). */
  update: <T extends TenantTable>(table: T, values: Omit<PgUpdateSetSource<T>, 'workspaceId'>, ...conditions: Condition[]) =>
    conn
      .update(table as PgTable)
      .set(values as PgUpdateSetSource<PgTable>)
      .where(inWorkspace(table, scope, ...conditions)),
  /** Deletes the matching rows. */
  delete: (table: TenantTable, ...conditions: Condition[]) => conn.delete(table).where(inWorkspace(table, scope, ...conditions)),
});
