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
 * tests/server/tenant-tables.test.ts checks that every table of the schema but the listed global
 * ones has the column and an index led by it.
 */
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client';

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

/** `workspace_id = scope.workspaceId AND ...conditions`, for any query builder's `.where`. */
export const inWorkspace = (table: TenantTable, scope: TenantScope, ...conditions: Condition[]): SQL => {
  if (!scope.workspaceId) throw new Error('a workspace-scoped query needs a workspace id');
  return and(eq(table.workspaceId, scope.workspaceId), ...conditions) as SQL;
};

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
