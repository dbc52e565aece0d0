/**
 * Every table of server/db/schema.ts holds workspace data (a tenant table) unless it is on the
 * commented list of global tables below. A tenant table must have a NOT NULL `workspace_id` column
 * and an index whose first column is `workspace_id` (queries go through server/db/scoped.ts, which
 * always filters on it; the index keeps that filter cheap and is the future sharding key). Read
 * from the catalog of the migrated test database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * so the migrations are checked, not only the schema file.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import { setupTestApp, type TestApp } from './support/test-app';

/** Tables that are not workspace data, each with the reason. Anything else is a tenant table. */
const globalTables: Record<string, string> = {
  users: 'accounts exist before and across workspaces (a person joins one at a time)',
  sessions: "a person's sign-ins, whatever their workspace",
  retired_refresh_tokens: 'belong to sessions',
  verification_codes: 'sign-up and password-reset codes, per email address',
  outbox: 'mail to addresses (sign-up codes, resets, invitations), purged after delivery',
  rate_limits: 'counters keyed by bucket; per-workspace buckets name the workspace in the key',
  server_secrets: 'server-wide keys (the invitation key)',
  workspaces: 'the tenant itself: its id is the workspace id',
  user_settings: "per person (keyed by user id); its workspace_id points at the person's current workspace",
};

const schemaTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const schemaTableNames = schemaTables.map((table) => getTableName(table)).sort();

type Catalog = {
  tables: string[];
  columns: { table: string; column: string; nullable: boolean }[];
  /** Each index (unique constraints and primary keys included) by the first column it is on. */
  indexes: { table: string; index: string; firstColumn: string }[];
};

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const rowsOf = async <R,>(query: ReturnType<typeof sql>): Promise<R[]> => {
  const result = await t.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as R[];
};

const readCatalog = async (): Promise<Catalog> => {
  const tables = await rowsOf<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const columns = await rowsOf<{ table_name: string; column_name: string; is_nullable: string }>(
    sql`SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const indexes = await rowsOf<{ table_name: string; index_name: string; first_column: string }>(sql`
    SELECT t.relname AS table_name, ix.relname AS index_name, a.attname AS first_column
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_class ix ON ix.oid = i.indexrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
    WHERE n.nspname = 'public'`);
  return {
    tables: tables.map((r) => r.table_name).sort(),
    columns: columns.map((r) => ({ table: r.table_name, column: r.column_name, nullable: r.is_nullable === 'YES' })),
    indexes: indexes.map((r) => ({ table: r.table_name, index: r.index_name, firstColumn: r.first_column })),
  };
};

/** What is wrong with each tenant table among `tables` (an empty list: nothing). */
const tenantProblems = (catalog: Catalog, tables: string[]): string[] =>
  tables
    .filter((table) => !Object.hasOwn(globalTables, table))
    .flatMap((table) => {
      const column = catalog.columns.find((c) => c.table === table && c.column === 'workspace_id');
      const problems: string[] = [];
      if (!column) problems.push(`${table}: no workspace_id column`);
      else if (column.nullable) problems.push(`${table}: workspace_id may be null`);
      if (!catalog.indexes.some((i) => i.table === table && i.firstColumn === 'workspace_id')) {
        problems.push(`${table}: no index whose first column is workspace_id`);
      }
      return problems;
    });

describe('tenant tables', () => {
  it('allTables lists every table of the schema, and the migrated database has exactly those', async () => {
    expect(Object.values(schema.allTables).map((table) => getTableName(table)).sort()).toEqual(schemaTableNames);
    expect((await readCatalog()).tables).toEqual(schemaTableNames);
  });

  it('every global table on the list exists (the list does not outlive its tables)', () => {
    for (const name of Object.keys(globalTables)) expect(schemaTableNames, name).toContain(name);
  });

  it('every tenant table has a NOT NULL workspace_id and an index led by it', async () => {
    const tenants = schemaTableNames.filter((table) => !Object.hasOwn(globalTables, table));
    expect(tenants).toEqual(expect.arrayContaining(['workspace_members', 'invitations', 'configs']));
    expect(tenantProblems(await readCatalog(), schemaTableNames)).toEqual([]);
  });

  it('the check finds a table without the column or without the index', async () => {
    await t.db.execute(sql`CREATE TABLE tenant_probe_a (id text PRIMARY KEY, note text)`);
    await t.db.execute(sql`CREATE TABLE tenant_probe_b (id text PRIMARY KEY, workspace_id text NOT NULL)`);
    await t.db.execute(sql`CREATE INDEX tenant_probe_b_later_idx ON tenant_probe_b (id, workspace_id)`);
    try {
      expect(tenantProblems(await readCatalog(), ['tenant_probe_a', 'tenant_probe_b'])).toEqual([
        'tenant_probe_a: no workspace_id column',
        'tenant_probe_a: no index whose first column is workspace_id',
        'tenant_probe_b: no index whose first column is workspace_id',
      ]);
    } finally {
      await t.db.execute(sql`DROP TABLE tenant_probe_a, tenant_probe_b`);
    }
  });
});
