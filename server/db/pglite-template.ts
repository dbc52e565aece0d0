/**
 * A migrated, empty PGlite data directory packed as a tarball. Initialising a fresh PGlite
 * directory (initdb in WebAssembly) takes seconds; unpacking this template takes about one, so a
 * new embedded database starts fast. It also holds the job queue's schema (pg-boss, installed
 * and the app's queues, as server/jobs/runtime.ts makes them at start). The template is keyed by the PGlite and pg-boss versions
 * and the migrations, built by `npm start` / `npm run db:template` before the server starts, and never
 * committed (.data-template/ is git-ignored). Without it the server initialises as usual.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { systemClock } from '../clock';
import { defaultConfig } from '../config';
import { createJobRuntime } from '../jobs/runtime';
import { createLogTransport } from '../mail';
import * as schema from './schema';

const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

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

export const templatePath = (dir = join(root, '.data-template')): string =>
  join(dir, `pglite-${pgliteVersion()}-pgboss-${pgBossVersion()}-${migrationsHash()}.tar.gz`);

/** The template for a new data directory, when one has been built for these migrations. */
export const readTemplate = (): Blob | null => {
  const path = templatePath();
  return existsSync(path) ? new Blob([readFileSync(path)]) : null;
};

/** A data directory PGlite has not initialised yet. */
export const isFreshDataDir = (dataDir: string): boolean => !existsSync(join(dataDir, 'PG_VERSION'));

/** Builds the template (in memory: initdb + migrations, then packed). Returns its path. */
export const buildTemplate = async (): Promise<string> => {
  const path = templatePath();
  if (existsSync(path)) return path;
  const client = new PGlite();
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    // The job queue's schema and the app's queues (creating a queue makes its partition table).
    const jobs = createJobRuntime({ db, clock: systemClock, logger: silentLogger, config: defaultConfig, transport: createLogTransport({ logger: silentLogger }) });
    await jobs.init();
    await jobs.stop();
    const blob = await client.dumpDataDir('gzip');
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    renameSync(tmp, path);
    return path;
  } finally {
    await client.close();
  }
};
