/**
 * The product event log under load (printed by `npm run bench`; figures only, never asserted):
 * COUNT events (10,000) posted to the log endpoint (src/contract/product-events.ts LOG_EVENTS_PATH)
 * by CLIENTS concurrent clients (20), beside a bare INSERT of the same rows.
 *
 * For each database (embedded PGlite, then a scratch PostgreSQL server of scripts/pg-scratch.mjs,
 * left running when it already ran, otherwise stopped afterwards):
 * 1. a database is laid out directly: one workspace on the pro plan with CLIENTS members, each with a
 *    page session (its refresh token is the session cookie a beacon carries);
 * 2. the production server command starts on it (scripts/bench-support.ts, SERVER_TIMING=1);
 * 3. after an unmeasured warm-up (WARMUP_CLIENTS other members' small batches), each client posts
 *    its COUNT / CLIENTS events in the batches the sender makes
 *    (src/services/event-log.ts): full batches of EVENT_BATCH_MAX, and now and then a smaller one
 *    sent when the page was hidden; as sendBeacon does: a text/plain JSON body, the session cookie,
 *    a same-origin request; the clients run at once, each one batch after the other;
 * 4. the counts endpoint checks that every event was stored;
 * 5. the server is stopped and the same rows are inserted bare: the INSERT the server runs for
 *    each batch (server/events/log.ts `eventRowsInsert`), through the driver (PGlite, or a pg Pool
 *    of the server's size), from CLIENTS concurrent loops with the same batches, after the same
 *    warm-up.
 * Printed: events stored per second (the whole run's wall time), the server's time per request
 * (its Server-Timing: from the request's arrival to its answer, the database included) p50 and
 * p95, the client's round trip p95; and for the bare INSERT rows per second and p95 per statement.
 *
 * Alone: `node --import tsx scripts/bench-event-log.ts` (BENCH_DATABASES=pglite|postgres runs one
 * of the two; BENCH_EVENT_LOG_EVENTS and BENCH_EVENT_LOG_CLIENTS change the 10,000 and the 20).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createSession } from '../server/auth/sessions';
import { makeConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { userSettings, users, workspaceMembers, workspaces } from '../server/db/schema';
import { eventRowsInsert } from '../server/events/log';
import { snakeKeys } from '../src/contract/case';
import { SESSION_COOKIE } from '../src/contract/endpoint';
import { EVENT_BATCH_MAX, LOG_EVENTS_PATH, PRODUCT_EVENT_SOURCE, productEventEndpoints, SENDER_SAMPLE_TIME, type ProductEvent } from '../src/contract/product-events';
import { pgliteBare, post, startServer, type BareClient, type BenchServer, type Statement } from './bench-support';
// @ts-expect-error plain ES module without types
import { STATE_FILE, startScratchPostgres, stopScratchPostgres } from './pg-scratch.mjs';

const COUNT = Number(process.env.BENCH_EVENT_LOG_EVENTS ?? 10_000) || 10_000;
const CLIENTS = Number(process.env.BENCH_EVENT_LOG_CLIENTS ?? 20) || 20;
/**
 * Warm-up before the measured run, unmeasured (a fresh server runs its code in V8's slower tiers for
 * its first few hundred requests): WARMUP_CLIENTS more members post WARMUP_BATCHES batches of
 * WARMUP_SIZE each, within the per-account and per-address limits with the measured batches.
 */
const WARMUP_CLIENTS = 10;
const WARMUP_BATCHES = 20;
const WARMUP_SIZE = 10;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** What the app logs (src/machines/chat-sync.machine.ts, first-run-guide.machine.ts). */
const LOGGED: [ProductEvent['eventType'], string][] = [
  ['chatSync', 'manual'],
  ['chatSync', 'auto'],
  ['firstRunGuide', 'noAction'],
  ['firstRunGuide', 'close1'],
  ['firstRunGuide', 'checkInstallationClose'],
];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

/**
 * One client's batch sizes, as the sender makes them: mostly full batches, and a smaller one now
 * and then (the page was hidden before the batch filled), summing to `total`.
 */
const batchSizes = (total: number, client: number): number[] => {
  const sizes: number[] = [];
  let left = total;
  for (let i = 0; left > 0; i++) {
    const hidden = (i + client) % 4 === 2;
    const size = Math.min(left, hidden ? 1 + ((client * 7 + i * 13) % (EVENT_BATCH_MAX - 1)) : EVENT_BATCH_MAX);
    sizes.push(size);
    left -= size;
  }
  return sizes;
};

/** Every client's batches of events (the sender's wire format, camelCase here). */
const plan = (): ProductEvent[][][] => {
  const perClient = Math.floor(COUNT / CLIENTS);
  const nowSeconds = Math.floor(Date.now() / 1000);
  let n = 0;
  return Array.from({ length: CLIENTS }, (_, client) => {
    const total = client === CLIENTS - 1 ? COUNT - perClient * (CLIENTS - 1) : perClient;
    return batchSizes(total, client).map((size) =>
      Array.from({ length: size }, () => {
        const [eventType, status] = LOGGED[n++ % LOGGED.length]!;
        return { eventSource: PRODUCT_EVENT_SOURCE, eventType, time: nowSeconds, status, browser: UA, sampleTime: SENDER_SAMPLE_TIME, count: 1 };
      }),
    );
  });
};

type Layout = { workspaceId: string; userIds: string[]; cookies: string[]; adminToken: string };

/** The warm-up's batches, by warm-up client (their sessions follow the measured clients' in the layout). */
const warmUpPlan = (): ProductEvent[][][] => {
  const nowSeconds = Math.floor(Date.now() / 1000);
  return Array.from({ length: WARMUP_CLIENTS }, () =>
    Array.from({ length: WARMUP_BATCHES }, () =>
      Array.from({ length: WARMUP_SIZE }, (_, i) => {
        const [eventType, status] = LOGGED[i % LOGGED.length]!;
        return { eventSource: PRODUCT_EVENT_SOURCE, eventType, time: nowSeconds, status, browser: UA, sampleTime: SENDER_SAMPLE_TIME, count: 1 };
      }),
    ),
  );
};

/** One pro workspace with the measured and warm-up members, each with a page session. */
const layOut = async (db: Db): Promise<Layout> => {
  const now = new Date();
  const config = makeConfig({ accessTokenTtlSeconds: 3600 });
  const workspaceId = `bench-events-${randomUUID()}`;
  await db.insert(workspaces).values({ id: workspaceId, name: 'Event log bench', planCode: 'pro', planStart: now, planEnd: null, createdAt: now });
  const userIds: string[] = [];
  const cookies: string[] = [];
  let adminToken = '';
  for (let i = 0; i < CLIENTS + WARMUP_CLIENTS; i++) {
    const userId = randomUUID();
    const email = `bench-events-${i}-${userId.slice(0, 8)}@example.com`;
    await db.insert(users).values({ id: userId, email, createdAt: now });
    await db.insert(workspaceMembers).values({ id: randomUUID(), workspaceId, userId, invitedEmail: email, level: i === 0 ? 'admin' : 'member', status: 'joined', createdAt: now, joinedAt: now });
    await db.insert(userSettings).values({ userId, workspaceId, updatedAt: now });
    const session = await createSession(db, userId, now, config);
    userIds.push(userId);
    cookies.push(session.refreshToken);
    if (i === 0) adminToken = session.accessToken;
  }
  return { workspaceId, userIds, cookies, adminToken };
};

type HttpFigures = { wallMs: number; serverMs: number[]; roundTripMs: number[]; cpuUsPerRequest: number };

/** User plus system CPU time of a process so far, in microseconds (Linux /proc; clock ticks of 10 ms). */
const processCpuUs = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};

/** Every client posts its batches one after the other; the clients run at once. `first`: the first client's index in the layout. */
const postAll = async (server: BenchServer, layout: Layout, batches: ProductEvent[][][], first = 0): Promise<HttpFigures> => {
  const serverMs: number[] = [];
  const roundTripMs: number[] = [];
  const cpuBefore = processCpuUs(server.pid);
  const started = performance.now();
  await Promise.all(
    batches.map(async (mine, client) => {
      for (const batch of mine) {
        const t0 = performance.now();
        const res = await fetch(server.url + LOG_EVENTS_PATH, {
          method: 'POST',
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            cookie: `${SESSION_COOKIE}=${layout.cookies[first + client]}`,
            origin: server.url,
            'sec-fetch-site': 'same-origin',
          },
          body: JSON.stringify(snakeKeys({ events: batch })),
        });
        const answer = (await res.json()) as { code: number; data: { stored: number } | null };
        roundTripMs.push(performance.now() - t0);
        if (answer.code !== 100000 || answer.data?.stored !== batch.length) throw new Error(`batch refused: ${JSON.stringify(answer)}`);
        const timing = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
        if (timing) serverMs.push(Number(timing[1]));
      }
    }),
  );
  const wallMs = performance.now() - started;
  return { wallMs, serverMs, roundTripMs, cpuUsPerRequest: (processCpuUs(server.pid) - cpuBefore) / roundTripMs.length };
};

/** The events the counts endpoint reports for the workspace (every day of the default range). */
const countedEvents = async (server: BenchServer, layout: Layout): Promise<number> => {
  const res = await post(server.url, productEventEndpoints.eventCounts.path, {}, layout.adminToken);
  if (res.code !== 100000) throw new Error(`counts refused: ${JSON.stringify(res)}`);
  return ((res.data?.rows ?? []) as { events: number }[]).reduce((n, r) => n + r.events, 0);
};

const dialect = new PgDialect();

/** The INSERT the server runs for a batch (server/events/log.ts `eventRowsInsert`), as text and parameters. */
const insertStatement = (layout: Layout, client: number, batch: ProductEvent[]): Statement => {
  const query = dialect.sqlToQuery(eventRowsInsert({ workspaceId: layout.workspaceId, userId: layout.userIds[client]! }, batch, new Date()));
  return { text: query.sql, values: query.params };
};

/** A pg Pool of the server's size (server/db/client.ts default, as bench-support's pgBare) that ignores a connection closed under it at the end. */
const pgBareQuiet = (databaseUrl: string): BareClient => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => undefined);
  return { run: (s) => pool.query({ text: s.text, values: s.values }), close: () => pool.end() };
};

type BareFigures = { wallMs: number; statementMs: number[] };

const insertBare = async (bare: BareClient, statements: readonly Statement[][]): Promise<BareFigures> => {
  const statementMs: number[] = [];
  const started = performance.now();
  await Promise.all(
    statements.map(async (mine) => {
      for (const s of mine) {
        const t0 = performance.now();
        await bare.run(s);
        statementMs.push(performance.now() - t0);
      }
    }),
  );
  return { wallMs: performance.now() - started, statementMs };
};

const print = (label: string, requests: number, http: HttpFigures, stored: number, bare: BareFigures) => {
  const perSecond = (COUNT * 1000) / http.wallMs;
  const barePerSecond = (COUNT * 1000) / bare.wallMs;
  console.log(`  ${label}: ${stored}/${COUNT} events stored in ${requests} batches`);
  console.log(
    `    server: ${perSecond.toFixed(0)} events stored/s (${(http.wallMs / 1000).toFixed(2)} s in all); per request p50 ${pct(http.serverMs, 0.5).toFixed(1)} ms, ` +
      `p95 ${pct(http.serverMs, 0.95).toFixed(1)} ms (Server-Timing), round trip p95 ${pct(http.roundTripMs, 0.95).toFixed(1)} ms, ` +
      `${http.cpuUsPerRequest.toFixed(0)} µs of server CPU per request`,
  );
  console.log(
    `    bare INSERT of the same rows: ${barePerSecond.toFixed(0)} rows/s (${(bare.wallMs / 1000).toFixed(2)} s); per statement p50 ${pct(bare.statementMs, 0.5).toFixed(1)} ms, ` +
      `p95 ${pct(bare.statementMs, 0.95).toFixed(1)} ms; the server at ${(barePerSecond / perSecond).toFixed(1)}x the bare time`,
  );
};

/** Runs the sequence on one database: `open` opens it in-process, `env` starts the server on it, `bare` opens the driver. */
const bench = async (label: string, subject: { open(): ReturnType<typeof openDatabase>; env: Record<string, string>; bare(): BareClient }) => {
  const batches = plan();
  const warmUp = warmUpPlan();
  const warmUpEvents = WARMUP_CLIENTS * WARMUP_BATCHES * WARMUP_SIZE;
  const requests = batches.reduce((n, b) => n + b.length, 0);
  const database = await subject.open();
  const layout = await layOut(database.db);
  await database.close();
  const statements = batches.map((mine, client) => mine.map((batch) => insertStatement(layout, client, batch)));
  const warmUpStatements = warmUp.map((mine, client) => mine.map((batch) => insertStatement(layout, CLIENTS + client, batch)));

  const server = await startServer({ ...subject.env, SERVER_TIMING: '1' });
  let http: HttpFigures;
  let stored: number;
  try {
    await postAll(server, layout, warmUp, CLIENTS);
    http = await postAll(server, layout, batches);
    stored = (await countedEvents(server, layout)) - warmUpEvents;
  } finally {
    await server.stop();
  }
  const bare = subject.bare();
  try {
    await insertBare(bare, warmUpStatements);
    const figures = await insertBare(bare, statements);
    print(label, requests, http, stored, figures);
  } finally {
    await bare.close();
  }
};

console.log(`product event log: ${COUNT} events posted by ${CLIENTS} clients at once (batches as the sender makes them), beside a bare INSERT of the same rows`);

if (DATABASES.includes('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-events-'));
  try {
    await bench('PGlite, one server process', { open: () => openDatabase({ dataDir }), env: { DATA_DIR: dataDir, DATABASE_URL: '' }, bare: () => pgliteBare(dataDir) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (DATABASES.includes('postgres')) {
  const wasRunning = existsSync(STATE_FILE as string);
  const { url } = (await startScratchPostgres()) as { url: string };
  const name = `crm_bench_events_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  try {
    await bench('PostgreSQL, one server process', {
      open: () => openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2 }),
      env: { DATABASE_URL: dbUrl.toString() },
      bare: () => pgBareQuiet(dbUrl.toString()),
    });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    if (!wasRunning) stopScratchPostgres();
  }
}
