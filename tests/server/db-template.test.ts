import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { copyTemplate, isFreshDataDir, templatePath } from '../../server/db/pglite-template';
import { buildTemplate } from '../../server/jobs/template';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('PGlite template for new data directories', () => {
  it('builds a template keyed by the PGlite and pg-boss versions and the migrations, and a fresh directory starts from it migrated', async () => {
    const path = await buildTemplate();
    expect(path).toBe(templatePath());
    expect(existsSync(path)).toBe(true);
    expect(path).toMatch(/pglite-\d+\.\d+\.\d+-pgboss-\d+\.\d+\.\d+-[0-9a-f]{16}$/);
    expect(existsSync(join(path, 'PG_VERSION'))).toBe(true);

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

  it('fills only a missing or empty directory, and leaves no half copy beside it', async () => {
    await buildTemplate();
    const parent = mkdtempSync(join(tmpdir(), 'crm-tpl-'));
    dirs.push(parent);
    const busy = join(parent, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'someone else\'s files');
    expect(copyTemplate(busy)).toBe(false);
    expect(readdirSync(busy)).toEqual(['notes.txt']);

    const empty = join(parent, 'empty');
    mkdirSync(empty);
    expect(copyTemplate(empty)).toBe(true);
    expect(isFreshDataDir(empty)).toBe(false);
    expect(copyTemplate(join(parent, 'new', 'db'))).toBe(true);
    expect(readdirSync(parent).sort()).toEqual(['busy', 'empty', 'new']);
  }, 60_000);
});
