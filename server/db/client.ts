/**
 * Opens the database: PGlite (embedded PostgreSQL, files under `dataDir`, or in memory) when no
 * DATABASE_URL is given, else a node-postgres Pool. Both come back as one Drizzle type (`Db`),
 * with the migrations of server/db/migrations applied.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { copyTemplate, isFreshDataDir } from './pglite-template';

export type Schema = typeof schema;
/** The one database type the server code uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (same query API as `Db`). */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'node-postgres';
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** postgres://... : use a PostgreSQL server through node-postgres. */
  databaseUrl?: string;
  /** PGlite data directory (default ./.data). */
  dataDir?: string;
  /** PGlite in memory (tests). */
  inMemory?: boolean;
  /** Pool size for node-postgres (default 10). */
  poolSize?: number;
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export const openDatabase = async (options: OpenDatabaseOptions = {}): Promise<Database> => {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle pooled connection the server ends (a restart, a failover, an administrator) is reported
    // as an 'error' event on the pool; without a listener it would end the process. The pool drops
    // that connection and opens another when one is next needed.
    pool.on('error', (error: Error & { code?: string }) => console.error(`[db] an idle connection was closed by the server (${error.code ?? error.message})`));
    try {
      const db = drizzlePg({ client: pool, schema });
      await migratePg(db, { migrationsFolder });
      return { db, driver: 'node-postgres', close: () => pool.end() };
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  let client: PGlite;
  if (options.inMemory) {
    client = new PGlite();
  } else {
    const dataDir = resolve(options.dataDir ?? './.data');
    if (isFreshDataDir(dataDir)) copyTemplate(dataDir);
    mkdirSync(dataDir, { recursive: true });
    client = new PGlite(dataDir);
  }
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return { db, driver: 'pglite', close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
};
