/**
 * The lead list under a realistic load of data (printed by `npm run bench`; figures only, never
 * asserted): `POST /member/leads/list`, a page of 40 (SPEC §9) found by a name prefix and sorted,
 * for one member who owns 100,000 leads in a workspace of 1,000,000 (ten members of 100,000 each,
 * the size server/db/schema.ts plans the list indexes for), beside the bare SQL that request runs.
 *
 * For each database (embedded PGlite, then a scratch PostgreSQL server):
 *  1. the data is made with set-based SQL (INSERT ... SELECT from generate_series, one statement per
 *     language, its names, cities and companies passed as parameters): ten members with five tabs
 *     each, and their leads, named in English, Simplified Chinese and Arabic from the demo seed's
 *     pools (scripts/seed-demo.ts; a name repeated within one member's leads gets a city after it,
 *     as its owner would write it), a sixth in No tabs, create times over 90 days, mixed sales
 *     fields. As PostgreSQL's "Populating a Database" advises, the key, foreign keys and indexes of
 *     leads go for the load and come back after it (as the catalog defines them), in the one
 *     transaction that loads the table, and PGlite is opened for it with wal_level=minimal, so that
 *     transaction writes almost no WAL; then VACUUM ANALYZE (the planner's statistics, hint bits and
 *     the visibility map, as a database that has run a while has them; PGlite has no autovacuum).
 *     PGlite takes about a minute for it here, so its data directory is kept under
 *     .tmp/bench-leads/ (git-ignored), keyed by the migrated template (PGlite and pg-boss versions,
 *     migrations), the name pools and DATA_VERSION, and copied for each run; PostgreSQL's is made
 *     each run (about 50 s here), as its scratch server is;
 *  2. a real server process is started on it (scripts/bench-support.ts, with SERVER_TIMING=1), the
 *     measured member signs in, and the searches below are sent one at a time over one kept-alive
 *     connection; each request's server time is the server's own (its Server-Timing header: from the
 *     request's arrival to its serialised answer, the database included), and its round trip is
 *     timed by the client too (printed beside it: the loopback HTTP hop and a third busy process on
 *     two cores, which the bare queries do not have): prefixes in the three scripts (150 to about 1,200 matches among the member's
 *     open leads), sorted by name, create time and last message time, both ways, pages 1 to 3;
 *  3. the statements each search's request runs are captured (in-process, the app factory over the
 *     same database) and run bare through the driver (a pg Pool of the server's size, or PGlite) as
 *     many times, one request's worth at a time, those the request ran at once (the page and its
 *     count) at once again.
 * Steps 2 and 3 alternate for ROUNDS rounds (the server restarted each round: the embedded database
 * is one process's), so a slow spell of this shared machine does not fall on one side only; each side
 * of a round starts with WARMUP unmeasured requests. Printed: median and p95 of the server's time and
 * of the bare queries, their ratios, the round trip, and each search's medians. Goals: p95 <= 30 ms on
 * PGlite, <= 15 ms on PostgreSQL, the server within 1.5x of its bare queries.
 *
 * BENCH_DATABASES=pglite|postgres runs one of the two. BENCH_LEADS_REQUESTS, BENCH_LEADS_WARMUP and
 * BENCH_LEADS_ROUNDS change the 200 measured requests, the 300 warm-up ones and the 2 rounds.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { hashSecret } from '../server/auth/passwords';
import { migrationsFolder, openDatabase, type Db, type OpenDatabaseOptions } from '../server/db/client';
import { copyTemplate, templatePath } from '../server/db/pglite-template';
import { buildTemplate } from '../server/jobs/template';
import * as schema from '../server/db/schema';
import { leads, tabs, userSettings, users, workspaceMembers, workspaces } from '../server/db/schema';
import { leadCalls, LEADS_PAGE_SIZE, salesActivities, salesLevels, salesSources, salesStages } from '../src/contract/leads';
import { plans } from '../src/contract/plans';
import {
  captureStatements,
  pgBare,
  pgCapture,
  pgliteBare,
  pgliteCapture,
  post,
  runAsCaptured,
  scratchPostgresDatabase,
  startServer,
  type BareClient,
  type Capture,
  type Statement,
} from './bench-support';
import { countryPhones, leadPools, mailName, type LeadPool } from './seed-demo';

const root = new URL('..', import.meta.url).pathname;
const REQUESTS = Number(process.env.BENCH_LEADS_REQUESTS ?? 200);
/**
 * Unmeasured requests first in each round: a server just started runs its code in V8's interpreter
 * and baseline tiers for the first few hundred requests (measured here: the median fell from 11.4
 * to 8.0 ms on PGlite with 300 instead of 20), and a serving process is warm.
 */
const WARMUP = Number(process.env.BENCH_LEADS_WARMUP ?? 300);
const ROUNDS = Math.max(1, Number(process.env.BENCH_LEADS_ROUNDS ?? 2));
export const MEMBERS = 10;
export const LEADS_PER_MEMBER = 100_000;
/** Each member's leads by language, in leadPools order (English, Chinese, Arabic). */
const POOL_SHARES = [50_000, 30_000, 20_000];
const TAB_NAMES = ['New', 'Contacted', 'Qualified', 'Proposal', 'Negotiation'];
/** Bump when the generated data changes in a way the cache key does not see (the SQL below). */
const DATA_VERSION = 1;
export const PASSWORD = 'bench-pass-123';
/** Member 0 is the one measured. */
export const memberEmail = (i: number) => `bench-member-${i}@bench.test`;
const PATH = leadCalls.leadsList.member.path;

/** The requests measured, cycled through (wire bodies). */
const searches = [
  { search: 'Oliv', sort: 'name', sort_order: 'asc', page: 1 },
  { search: '王', sort: 'createTime', sort_order: 'desc', page: 2 },
  { search: 'محمد ال', sort: 'lastMessageTime', sort_order: 'desc', page: 1 },
  { search: 'james w', sort: 'name', sort_order: 'desc', page: 1 },
  { search: 'GRA', sort: 'createTime', sort_order: 'asc', page: 3 },
  { search: '李', sort: 'lastMessageTime', sort_order: 'asc', page: 1 },
].map((s) => ({ ...s, page_size: LEADS_PAGE_SIZE }));

const textArray = (items: readonly (string | null)[]): SQL => sql`ARRAY[${sql.join(items.map((v) => sql`${v}::text`), sql`, `)}]`;
const intArray = (items: readonly number[]): SQL => sql`ARRAY[${sql.join(items.map((v) => sql`${v}::int`), sql`, `)}]`;

const closedReasons = ['Went with a competitor', 'No budget this year', 'Order delivered, deal won', 'Stopped replying after five follow-ups'];

/**
 * One language's share of every member's leads, in one statement. Row `g` is lead `k` of member
 * `m`; `k` picks the name (given name fastest, then family name, then a city suffix, so every name
 * of a member is unique, as its unique index wants); a multiplicative hash `x` of the row's number
 * picks everything else, so the columns are not in step with each other or with the names.
 */
const insertPool = (pool: LeadPool, count: number, offset: number, workspaceId: string, owners: readonly string[], tabIds: readonly number[][], now: Date): SQL => {
  const [given, family, places] = [pool.given.length, pool.family.length, pool.places.length];
  if (count > given * family * (places + 1)) throw new Error(`the ${pool.language} pool names ${given * family * (places + 1)} leads at most, not ${count}`);
  const fullName = pool.familyFirst ? sql`p.family[n.li + 1] || p.given[n.fi + 1]` : sql`p.given[n.fi + 1] || ' ' || p.family[n.li + 1]`;
  const columns: [PgColumn, SQL][] = [
    [leads.id, sql`gen_random_uuid()::text`],
    [leads.workspaceId, sql`${workspaceId}::text`],
    [leads.ownerId, sql`p.owners[n.m + 1]`],
    [leads.tabId, sql`p.tabs[n.m * 6 + n.tab + 1]`],
    [leads.name, sql`${fullName} || CASE WHEN n.si > 0 THEN ' (' || p.cities[n.si] || ')' ELSE '' END`],
    [leads.phone, sql`CASE WHEN (n.x / 19) % 20 <> 0 THEN p.codes[n.pi] || ' ' || (100000000 + n.x % 900000000)::text END`],
    [
      leads.email,
      sql`CASE WHEN (n.x / 23) % 5 <> 0 THEN p.given_mail[n.fi + 1] || '.' || p.family_mail[n.li + 1] ||
        CASE WHEN n.ci > 0 THEN '@' || p.domains[n.ci] ELSE ((n.x / 29) % 90 + 10)::text || '@' || p.mail_domains[1 + (n.x / 31) % 3] END END`,
    ],
    [leads.country, sql`p.countries[n.pi]`],
    [leads.gender, sql`CASE WHEN (n.x / 37) % 10 < 7 THEN p.genders[n.fi + 1] END`],
    [leads.isClosed, sql`n.closed`],
    [leads.closedReason, sql`CASE WHEN n.closed THEN p.reasons[1 + (n.x / 61) % ${closedReasons.length}::int] END`],
    [
      leads.stage,
      sql`CASE WHEN n.closed THEN CASE WHEN (n.x / 41) % 3 = 0 THEN 'closedWon' ELSE 'closedLost' END
        WHEN (n.x / 41) % 5 <> 4 THEN p.stages[1 + (n.x / 41) % 5] END`,
    ],
    [leads.level, sql`CASE WHEN (n.x / 43) % 7 <> 0 THEN p.levels[1 + (n.x / 301) % 3] END`],
    [leads.source, sql`CASE WHEN (n.x / 47) % 8 <> 0 THEN p.sources[1 + (n.x / 376) % 6] END`],
    [leads.activity, sql`CASE WHEN (n.x / 53) % 3 <> 0 THEN p.activities[1 + (n.x / 159) % 4] END`],
    [leads.companyName, sql`p.companies[NULLIF(n.ci, 0)]`],
    [leads.companyPosition, sql`CASE WHEN n.ci > 0 AND (n.x / 59) % 3 <> 0 THEN p.positions[1 + (n.x / 177) % ${pool.positions.length}::int] END`],
    [leads.awaitingReply, sql`NOT n.closed AND n.last_message IS NOT NULL AND (n.x / 11) % 4 = 0`],
    [leads.lastMessageAt, sql`n.last_message`],
    [leads.createdAt, sql`n.created`],
    [leads.editedAt, sql`COALESCE(n.last_message, n.created)`],
  ];
  return sql`
    WITH p AS (
      SELECT ${textArray(pool.given.map((g) => g.name))} AS given, ${textArray(pool.given.map((g) => g.gender ?? null))} AS genders,
        ${textArray(pool.given.map((g) => mailName(g.latin)))} AS given_mail, ${textArray(pool.family.map((f) => f.name))} AS family,
        ${textArray(pool.family.map((f) => mailName(f.latin)))} AS family_mail, ${textArray(pool.places.map((c) => c.city))} AS cities,
        ${textArray(pool.places.map((c) => c.country))} AS countries, ${textArray(pool.places.map((c) => countryPhones[c.country]!.code))} AS codes,
        ${textArray(pool.companies.map((c) => c.name))} AS companies, ${textArray(pool.companies.map((c) => c.domain))} AS domains,
        ${textArray(pool.positions)} AS positions, ${textArray(pool.mailDomains)} AS mail_domains,
        ${textArray(owners)} AS owners, ${intArray(tabIds.flatMap((own) => [0, ...own]))} AS tabs, ${textArray(salesStages.slice(0, 4))} AS stages,
        ${textArray(salesLevels)} AS levels, ${textArray(salesSources)} AS sources, ${textArray(salesActivities)} AS activities,
        ${textArray(closedReasons)} AS reasons
    ),
    r AS (
      SELECT g / ${count}::int AS m, g % ${count}::int AS k,
        ((g / ${count}::int) * ${LEADS_PER_MEMBER}::int + ${offset}::int + g % ${count}::int) * 2654435761 % 4294967291 AS x
      FROM generate_series(0::bigint, ${MEMBERS * count - 1}::bigint) AS s(g)
    ),
    h AS (
      SELECT r.m, r.x, r.k % ${given}::int AS fi, (r.k / ${given}::int) % ${family}::int AS li, r.k / ${given * family}::int AS si,
        r.x % 6 AS tab, r.x % 6 <> 0 AND (r.x / 6) % 17 = 0 AS closed,
        CASE WHEN (r.x / 13) % 10 < 7 THEN 1 + (r.x / 130) % ${pool.companies.length}::int ELSE 0 END AS ci,
        ${now.toISOString()}::timestamptz - ((r.x / 102) % 7776000) * interval '1 second' AS created
      FROM r
    ),
    n AS (
      SELECT h.*, CASE WHEN h.si > 0 THEN h.si ELSE 1 + (h.x / 17) % ${places}::int END AS pi,
        CASE WHEN (h.x / 7) % 10 < 7 THEN LEAST(${now.toISOString()}::timestamptz, h.created + ((h.x / 70) % 2592000) * interval '1 second') END AS last_message
      FROM h
    )
    INSERT INTO ${leads} (${sql.join(
      columns.map(([c]) => sql.identifier(c.name)),
      sql`, `,
    )})
    SELECT ${sql.join(
      columns.map(([, e]) => e),
      sql`, `,
    )} FROM n, p`;
};

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];

/** The workspace, its ten members (member 0 signs in with PASSWORD), their tabs and 1,000,000 leads. */
const makeData = async (db: Db, label: string): Promise<void> => {
  console.error(`[bench-leads] making ${(MEMBERS * LEADS_PER_MEMBER).toLocaleString('en')} leads on ${label} ...`);
  const now = new Date();
  const workspaceId = randomUUID();
  const userIds = Array.from({ length: MEMBERS }, () => randomUUID());
  const passwordHash = await hashSecret(PASSWORD);
  await db.insert(users).values(userIds.map((id, i) => ({ id, email: memberEmail(i), name: `Bench member ${i}`, passwordHash: i === 0 ? passwordHash : null, createdAt: now })));
  await db.insert(workspaces).values({ id: workspaceId, name: 'Bench leads', planCode: plans.growth.code, planStart: now, planEnd: new Date(now.getTime() + 10 * 365 * 86_400_000), createdAt: now });
  await db.insert(workspaceMembers).values(
    userIds.map((userId, i) => ({
      id: randomUUID(),
      workspaceId,
      userId,
      invitedEmail: memberEmail(i),
      // Someone owns the workspace; the measured member is a plain member.
      level: i === 1 ? ('admin' as const) : ('member' as const),
      status: 'joined' as const,
      createdAt: now,
      joinedAt: now,
    })),
  );
  await db.insert(userSettings).values(userIds.map((userId) => ({ userId, workspaceId, updatedAt: now })));
  const tabRows = await db
    .insert(tabs)
    .values(userIds.flatMap((ownerId) => TAB_NAMES.map((name, position) => ({ workspaceId, ownerId, name, position, createdAt: now }))))
    .returning({ id: tabs.id, ownerId: tabs.ownerId, position: tabs.position });
  const tabIds = userIds.map((id) =>
    tabRows
      .filter((t) => t.ownerId === id)
      .sort((a, b) => a.position - b.position)
      .map((t) => t.id),
  );

  // The load follows PostgreSQL's advice for populating a database: the keys, foreign keys and
  // indexes of leads (and the foreign keys of the tables that reference leads: notes, contact tags)
  // go for it and come back after it, as the catalog defines them, all in one transaction that
  // empties the table first (with wal_level=minimal, as PGlite is opened for it, that transaction
  // then writes almost no WAL).
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    await tx.execute(sql`TRUNCATE ${leads} CASCADE`);
    const referencing = rowsOf(
      await tx.execute(sql`SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE confrelid = ${'leads'}::regclass AND contype = 'f'`),
    ) as { tbl: string; conname: string; def: string }[];
    for (const { tbl, conname } of referencing) await tx.execute(sql`ALTER TABLE ${sql.identifier(tbl)} DROP CONSTRAINT ${sql.identifier(conname)}`);
    const indexes = rowsOf(
      await tx.execute(sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ${'leads'} AND indexname <> ${'leads_pkey'}`),
    ) as { indexname: string; indexdef: string }[];
    const constraints = rowsOf(
      await tx.execute(sql`SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = ${'leads'}::regclass AND contype IN ('p', 'f') ORDER BY contype DESC`),
    ) as { conname: string; def: string }[];
    for (const { indexname } of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(indexname)}`);
    for (const { conname } of constraints) await tx.execute(sql`ALTER TABLE ${leads} DROP CONSTRAINT ${sql.identifier(conname)}`);
    let offset = 0;
    for (const [i, pool] of leadPools.entries()) {
      await tx.execute(insertPool(pool, POOL_SHARES[i]!, offset, workspaceId, userIds, tabIds, now));
      offset += POOL_SHARES[i]!;
    }
    for (const { conname, def } of constraints) await tx.execute(sql`ALTER TABLE ${leads} ADD CONSTRAINT ${sql.identifier(conname)} ${sql.raw(def)}`);
    for (const { indexdef } of indexes) await tx.execute(sql.raw(indexdef));
    for (const { tbl, conname, def } of referencing) await tx.execute(sql`ALTER TABLE ${sql.identifier(tbl)} ADD CONSTRAINT ${sql.identifier(conname)} ${sql.raw(def)}`);
  });
  await db.execute(sql`VACUUM ANALYZE`);
};

/** A database with the bench data for one run: the server's env for it, how to open it, and its removal. */
type Prepared = { env: Record<string, string>; open: OpenDatabaseOptions; bare(): BareClient; remove(): Promise<void>; made: string };

/** What one database brings. */
type Subject = { key: 'pglite' | 'postgres'; label: string; goalMs: number; prepare(): Promise<Prepared>; capture: Capture };

/** PGlite's own start parameters (single user, no fsync, no parallel workers ...), to add to. */
export const pgliteStartParams = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

/** The cached PGlite directory of the bench data (made when missing) and how it was had. */
export const pgliteData = async (): Promise<{ dir: string; made: string }> => {
  await buildTemplate();
  const key = createHash('sha256')
    .update(JSON.stringify({ DATA_VERSION, MEMBERS, LEADS_PER_MEMBER, POOL_SHARES, TAB_NAMES, leadPools, countryPhones, template: basename(templatePath()) }))
    .digest('hex')
    .slice(0, 16);
  const cacheRoot = join(root, '.tmp', 'bench-leads');
  const dir = join(cacheRoot, `pglite-${key}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return { dir, made: `cached in ${dir.slice(root.length)}` };
  mkdirSync(cacheRoot, { recursive: true });
  const building = `${dir}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  const t0 = performance.now();
  try {
    // The migrated template, opened for a bulk load (see makeData; a small WAL kept once it is done).
    copyTemplate(building);
    const client = new PGlite(building, {
      startParams: [...pgliteStartParams, '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0', '-c', 'min_wal_size=32MB', '-c', 'max_wal_size=64MB'],
    });
    try {
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder });
      await makeData(db, 'PGlite');
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  renameSync(building, dir);
  // Directories of other keys (older data or migrations) are stale.
  for (const name of readdirSync(cacheRoot)) if (join(cacheRoot, name) !== dir && !name.endsWith('.tmp')) rmSync(join(cacheRoot, name), { recursive: true, force: true });
  return { dir, made: `made in ${seconds(performance.now() - t0)}, kept in ${dir.slice(root.length)}` };
};

const pglite: Subject = {
  key: 'pglite',
  label: 'PGlite',
  goalMs: 30,
  prepare: async () => {
    const data = await pgliteData();
    const scratch = mkdtempSync(join(tmpdir(), 'crm-bench-leads-'));
    const dataDir = join(scratch, 'db');
    cpSync(data.dir, dataDir, { recursive: true });
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: { dataDir },
      bare: () => pgliteBare(dataDir),
      remove: async () => rmSync(scratch, { recursive: true, force: true }),
      made: data.made,
    };
  },
  capture: pgliteCapture,
};

const postgres: Subject = {
  key: 'postgres',
  label: 'PostgreSQL',
  goalMs: 15,
  prepare: async () => {
    const database = await scratchPostgresDatabase();
    const t0 = performance.now();
    try {
      const opened = await openDatabase({ databaseUrl: database.url });
      try {
        await makeData(opened.db, 'PostgreSQL');
      } finally {
        await opened.close();
      }
    } catch (error) {
      await database.remove();
      throw error;
    }
    return {
      env: { DATABASE_URL: database.url },
      open: { databaseUrl: database.url },
      bare: () => pgBare(database.url),
      remove: database.remove,
      made: `made in ${seconds(performance.now() - t0)}`,
    };
  },
  capture: pgCapture,
};

export type Timings = { median: number; p95: number };
export const timingsOf = (samples: readonly number[]): Timings => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.ceil(sorted.length * 0.95) - 1]! };
};

/**
 * Runs `once(search)` WARMUP times and then `count` times more, one at a time, cycling through the
 * searches; adds the measured times to `samples` (one list per search).
 */
const timed = async (samples: number[][], count: number, once: (search: number) => Promise<number | void>, own?: number[][]): Promise<void> => {
  for (let i = 0; i < WARMUP + count; i++) {
    const search = i % searches.length;
    const t0 = performance.now();
    const ownMs = await once(search);
    if (i < WARMUP) continue;
    samples[search]!.push(performance.now() - t0);
    if (own && typeof ownMs === 'number') own[search]!.push(ownMs);
  }
};

/**
 * One kept-alive connection to the server, through node:http: a lighter client than fetch (whose
 * own cost, on the two cores the server shares with it, would be timed as the server's).
 */
export const httpClient = (url: string, token: string) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** The answer's text and the server's own time for it (its Server-Timing header, SERVER_TIMING=1). */
  const post = (path: string, body: string) =>
    new Promise<{ text: string; serverMs: number }>((resolve, reject) => {
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` };
      const req = http.request(url + path, { method: 'POST', agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        const timing = /app;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => (timing ? resolve({ text: Buffer.concat(chunks).toString(), serverMs: Number(timing[1]) }) : reject(new Error('no Server-Timing header'))));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { post, close: () => agent.destroy() };
};

const bodies = searches.map((s) => JSON.stringify(s));
type ListAnswer = { code: number; data: { rows: unknown[]; total_count: number } };

/** The statements of each search's request, answered in-process over the prepared database. */
const captureSearches = async (prepared: Prepared, capture: Capture, token: string): Promise<Statement[][]> => {
  const database = await openDatabase(prepared.open);
  try {
    // A first request opens the pool's connections, so the captured ones run as on the warm server
    // (the page and its count at once, not one waiting for a new connection).
    await captureStatements(database.db, capture, { path: PATH, token, body: searches[0] });
    const statements: Statement[][] = [];
    for (const body of searches) statements.push(await captureStatements(database.db, capture, { path: PATH, token, body }));
    return statements;
  } finally {
    await database.close();
  }
};

/**
 * ROUNDS rounds on the prepared database, each the server (started afresh: the embedded database
 * is one process's) then the same searches bare, so a slow spell of the shared machine does not
 * fall on one side only; the lines of figures and each search's number of matches.
 */
const bench = async (subject: Subject): Promise<{ lines: string[]; matches: number[] }> => {
  const prepared = await subject.prepare();
  try {
    const served = searches.map((): number[] => []);
    const own = searches.map((): number[] => []);
    const bare = searches.map((): number[] => []);
    const roundRatios: number[] = [];
    const matches: number[] = [];
    let token: string | undefined;
    let statements: Statement[][] | undefined;
    const perRound = Math.ceil(REQUESTS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      const before = { own: own.flat().length, bare: bare.flat().length };
      const server = await startServer({ ...prepared.env, SERVER_TIMING: '1' });
      try {
        if (!token) {
          const login = await post(server.url, '/api/wp/user/login', { email: memberEmail(0), password: PASSWORD });
          if (typeof login.data?.access_token !== 'string') throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
          token = login.data.access_token;
        }
        const client = httpClient(server.url, token);
        try {
          await timed(
            served,
            perRound,
            async (search) => {
              const { text, serverMs } = await client.post(PATH, bodies[search]!);
              if (matches.length > search) return serverMs;
              const answer = JSON.parse(text) as ListAnswer;
              if (answer.code !== 100000 || answer.data.rows.length !== LEADS_PAGE_SIZE) throw new Error(`${bodies[search]} answered ${text.slice(0, 300)}`);
              matches.push(answer.data.total_count);
              return serverMs;
            },
            own,
          );
        } finally {
          client.close();
        }
      } finally {
        await server.stop();
      }
      statements ??= await captureSearches(prepared, subject.capture, token);
      const captured = statements;
      const client = prepared.bare();
      try {
        await timed(bare, perRound, (search) => runAsCaptured(client, captured[search]!));
      } finally {
        await client.close();
      }
      roundRatios.push(timingsOf(own.flat().slice(before.own)).median / timingsOf(bare.flat().slice(before.bare)).median);
    }
    const all = { own: timingsOf(own.flat()), served: timingsOf(served.flat()), bare: timingsOf(bare.flat()) };
    const label = `  ${subject.label.padEnd('PostgreSQL'.length)}`;
    const ms = (t: number) => `${t.toFixed(1)} ms`;
    const shape = statements![0]!;
    // The most statements the request ran at once (a statement flagged concurrent joins the one before).
    const together = Math.max(...shape.map((_, i) => shape.slice(0, i + 1).reverse().findIndex((s) => !s.concurrent) + 1));
    const bySearch = searches.map((s, i) => `"${s.search}" ${timingsOf(own[i]!).median.toFixed(1)} / ${timingsOf(bare[i]!).median.toFixed(1)}`);
    return {
      matches,
      lines: [
        `${label} server time (its own, Server-Timing): median ${ms(all.own.median)}, p95 ${ms(all.own.p95)} (goal: p95 <= ${subject.goalMs} ms)`,
        `${label} bare ${shape.length} queries (up to ${together} at once, as the server runs them): median ${ms(all.bare.median)}, p95 ${ms(all.bare.p95)}`,
        `${label} server / bare: ${(all.own.median / all.bare.median).toFixed(2)} median, ${(all.own.p95 / all.bare.p95).toFixed(2)} p95 ` +
          `(goal: <= 1.50; rounds' medians: ${roundRatios.map((r) => r.toFixed(2)).join(', ')})`,
        `${label} round trip seen by the client (HTTP on loopback, its process beside the server's): median ${ms(all.served.median)}, p95 ${ms(all.served.p95)}`,
        `${label} median ms by search, server time / bare: ${bySearch.join(', ')}`,
        `${label} data ${prepared.made}`,
      ],
    };
  } finally {
    await prepared.remove();
  }
};

const main = async () => {
  const lines = [
    `lead list, POST ${PATH}: a page of ${LEADS_PAGE_SIZE} by name prefix, sorted; one member's ${LEADS_PER_MEMBER.toLocaleString('en')} leads ` +
      `in a workspace of ${(MEMBERS * LEADS_PER_MEMBER).toLocaleString('en')}; ${REQUESTS} requests one at a time (${ROUNDS} rounds, ${WARMUP} unmeasured first in each):`,
  ];
  let matches: number[] | undefined;
  // BENCH_DATABASES=postgres (or pglite) runs one of the two.
  const only = process.env.BENCH_DATABASES;
  for (const subject of [pglite, postgres]) {
    if (only && only !== subject.key) continue;
    const result = await bench(subject);
    lines.push(...result.lines);
    matches ??= result.matches;
  }
  if (matches) lines.push(`  searches (matches): ${searches.map((s, i) => `"${s.search}" by ${s.sort} ${s.sort_order}, page ${s.page} (${matches![i]})`).join('; ')}`);
  console.log(lines.join('\n'));
};

// Other benches import the data and the client above; the bench runs when this file is the one run.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
