import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { buildTemplate, isFreshDataDir, templatePath } from '../../server/db/pglite-template';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('PGlite template for new data directories', () => {
  it('builds a template keyed by the PGlite and pg-boss versions and the migrations, and a fresh directory starts from it migrated', async () => {
    const path = await buildTemplate();
    expect(path).toBe(templatePath());
    expect(existsSync(path)).toBe(true);
    expect(path).toMatch(/pglite-\d+\.\d+\.\d+-pgboss-\d+\.\d+\.\d+-[0-9a-f]{16}\.tar\.gz$/);

    const dataDir = join(mkdtempSync(join(tmpdir(), 'crm-tpl-')), 'db');
    dirs.push(dataDir);
    expect(isFreshDataDir(dataDir)).toBe(true);
    const database = await openDatabase({ dataDir });
    try {
      expect(isFreshDataDir(dataDir)).toBe(false);
      const tables = await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
      const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
      expect(names).toEqual(expect.arrayContaining(['users', 'sessions', 'workspaces', 'workspace_members', 'invitations']));
      // The job queue's schema comes with the template, so a fresh start does not install it.
      const queueSchema = await database.db.execute(sql`select count(*)::int as n from information_schema.schemata where schema_name = 'pgboss'`);
      expect((queueSchema as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      await database.db.execute(sql`insert into users (id, email, name, created_at) values ('t1', 't1@x.test', 'T', now())`);
    } finally {
      await database.close();
    }
    // The directory keeps its own data: reopening does not unpack the template again.
    const again = await openDatabase({ dataDir });
    try {
      const r = await again.db.execute(sql`select count(*)::int as n from users`);
      expect((r as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    } finally {
      await again.close();
    }
  }, 60_000);
});
