/**
 * A migrated, empty PGlite data directory kept as a template. Initialising a fresh PGlite
 * directory (initdb in WebAssembly) takes seconds, and unpacking a dumped tarball into it about two;
 * copying this directory takes a tenth of a second, so a new embedded database starts fast (a
 * PostgreSQL data directory holds no absolute paths, so a copy opens anywhere). It also holds the
 * job queue's schema (pg-boss, installed, and the app's queues, as server/jobs/runtime.ts makes
 * them at start): the builder's caller installs it (server/jobs/template.ts), so this module, which
 * opening a database imports, loads neither the job runtime nor the mailer. The template is keyed
 * by the PGlite and pg-boss versions and the migrations, built by `npm start` / `npm run
 * db:template` before the server starts, and never committed (.data-template/ is git-ignored).
 * Without it the server initialises as usual.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema';

/** The migrated template database, handed to the step that installs what else it holds. */
export type TemplateDb = PgliteDatabase<typeof schema>;

const root = fileURLToPath(new URL('../..', import.meta.url));
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const packageVersion = (name: string, up: number): string => {
  const require = createRequire(import.meta.url);
  const pkgPath = join(dirname(require.resolve(name)), ...Array<string>(up).fill('..'), 'package.json');
  return (JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string }).version;
};
const pgliteVersion = (): string => packageVersion('@electric-sql/pglite', 1);
const pgBossVersion = (): string => packageVersion('pg-boss', 1);

const migrationsHash = (): string => {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (name.endsWith('.sql') || name.endsWith('.json')) h.update(name).update(readFileSync(p));
      else if (!name.includes('.')) walk(p);
    }
  };
  walk(migrationsFolder);
  return h.digest('hex').slice(0, 16);
};

const templateDir = (): string => join(root, '.data-template');

export const templatePath = (dir = templateDir()): string =>
  join(dir, `pglite-${pgliteVersion()}-pgboss-${pgBossVersion()}-${migrationsHash()}`);

/** A data directory PGlite has not initialised yet. */
export const isFreshDataDir = (dataDir: string): boolean => !existsSync(join(dataDir, 'PG_VERSION'));

/**
 * Fills a fresh data directory from the template, when one has been built for these migrations.
 * The copy goes to a sibling first and is renamed into place, so a crash mid-copy never leaves a
 * half directory that looks initialised. Returns false (nothing done) without a template, or when
 * the directory exists and is not empty.
 */
export const copyTemplate = (dataDir: string): boolean => {
  const template = templatePath();
  if (!existsSync(join(template, 'PG_VERSION'))) return false;
  if (existsSync(dataDir)) {
    if (readdirSync(dataDir).length > 0) return false;
    rmSync(dataDir, { recursive: true });
  }
  mkdirSync(dirname(dataDir), { recursive: true });
  const tmp = `${dataDir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  cpSync(template, tmp, { recursive: true });
  renameSync(tmp, dataDir);
  return true;
};

/**
 * Builds the template in a new directory: initdb, the migrations, then `prepare` (the job queue's
 * schema: server/jobs/template.ts `buildTemplate` is the one caller to use). Returns its path.
 */
export const buildPgliteTemplate = async (prepare: (db: TemplateDb) => Promise<void>): Promise<string> => {
  const path = templatePath();
  if (existsSync(join(path, 'PG_VERSION'))) return path;
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  const client = new PGlite(tmp);
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    await prepare(db);
  } finally {
    // A clean shut-down leaves a directory that opens without recovery.
    await client.close();
  }
  // Another process may have built it meanwhile: theirs stays.
  if (existsSync(join(path, 'PG_VERSION'))) rmSync(tmp, { recursive: true, force: true });
  else {
    rmSync(path, { recursive: true, force: true });
    renameSync(tmp, path);
  }
  // Templates of other versions or migrations (directories, or tarballs of an older layout) are stale.
  for (const name of readdirSync(dirname(path))) {
    const other = join(dirname(path), name);
    if (other !== path && name.startsWith('pglite-') && !name.endsWith('.tmp')) rmSync(other, { recursive: true, force: true });
  }
  return path;
};
