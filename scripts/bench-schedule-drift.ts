/**
 * Schedule executor drift (printed by `npm run bench`; figures only, never asserted): with 1,000
 * scheduled messages due at the same moment, how long from their due time until each send can be
 * claimed by the member's chat page. Goal: p95 <= 1 s.
 *
 * 1. A database is laid out directly: MEMBERS members of one workspace, each with a page session
 *    (their bearer token).
 * 2. The production server command (scripts/server-command.mjs: server/main.ts with its job queue
 *    and the schedule executor polling) starts on it: one process on a fresh embedded database
 *    (PGlite), then two processes sharing one PostgreSQL database (the scratch server of
 *    scripts/pg-scratch.mjs; left running when it already ran, otherwise stopped afterwards).
 * 3. COUNT schedules (a mix of once, hourly, daily and weekly) are saved through the API, all due
 *    at one moment a few seconds ahead.
 * 4. From just before that moment, each member's "chat page" claims its sends through the API every
 *    POLL_MS (as the extension does, only more often, so the figure is the server's and not the
 *    poll's), alternating between the processes; a send's drift is the time its claim answered
 *    minus its due time. Printed: p50, p95 and max, and how many sends came (each exactly once).
 *
 * Alone: `node --import tsx scripts/bench-schedule-drift.ts` (BENCH_SCHEDULES_COUNT=n changes the 1,000,
 * BENCH_SCHEDULES_PG=0 skips the PostgreSQL run).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createSession } from '../server/auth/sessions';
import { makeConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { scheduleSends, userSettings, users, workspaceMembers, workspaces } from '../server/db/schema';
import { scheduleEndpoints } from '../src/contract/schedules';
import { post, startServer, type BenchServer } from './bench-support';
// @ts-expect-error plain ES module without types
import { STATE_FILE, startScratchPostgres, stopScratchPostgres } from './pg-scratch.mjs';

const COUNT = Number(process.env.BENCH_SCHEDULES_COUNT ?? 1000);
const MEMBERS = 20;
/** How often each member's page claims (the extension claims every few seconds; faster here to see the server's drift). */
const POLL_MS = 100;
/** Saves at once. */
const SAVE_CONCURRENCY = 8;
const GOAL_P95_MS = 1000;
/** Time allowed per save before the due time (PGlite saves about one per 15 ms). */
const SAVE_MS = 25;

const recurrences = ['once', 'hour', 'day', 'week'] as const;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Member = { userId: string; token: string };

/** One workspace with MEMBERS members and a page session each (tokens valid an hour). */
const layOut = async (db: Db): Promise<Member[]> => {
  const now = new Date();
  const config = makeConfig({ accessTokenTtlSeconds: 3600 });
  const workspaceId = `bench-ws-${randomUUID()}`;
  await db.insert(workspaces).values({ id: workspaceId, name: 'Schedule bench', planCode: 'pro', planStart: now, planEnd: null, createdAt: now });
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const userId = randomUUID();
    const email = `bench-schedules-${i}-${userId.slice(0, 8)}@example.com`;
    await db.insert(users).values({ id: userId, email, createdAt: now });
    await db.insert(workspaceMembers).values({
      id: randomUUID(),
      workspaceId,
      userId,
      invitedEmail: email,
      level: i === 0 ? 'admin' : 'member',
      status: 'joined',
      createdAt: new Date(now.getTime() + i),
      joinedAt: now,
    });
    await db.insert(userSettings).values({ userId, workspaceId, updatedAt: now });
    members.push({ userId, token: (await createSession(db, userId, now, config)).accessToken });
  }
  return members;
};

/** Saves COUNT schedules due at `dueAt` through the API, spread over the members. */
const saveAll = async (servers: BenchServer[], members: Member[], dueAt: number): Promise<void> => {
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= COUNT) return;
      const member = members[i % members.length]!;
      const res = await post(
        servers[i % servers.length]!.url,
        scheduleEndpoints.scheduleSave.path,
        {
          recipients: [{ chat_whatsapp_id: `4477009${String(i).padStart(5, '0')}@c.us`, name: `Contact ${i}` }],
          title: `Bench ${i}`,
          message: `Scheduled message ${i}`,
          start_time: dueAt,
          time_zone: 'Europe/Berlin',
          recurrence: recurrences[i % recurrences.length],
        },
        member.token,
      );
      if (res.code !== 100000) throw new Error(`save ${i} refused: ${JSON.stringify(res)}`);
    }
  };
  await Promise.all(Array.from({ length: SAVE_CONCURRENCY }, worker));
};

type ClaimData = { items: { id: string; due_time: number }[] };

/** Each member's page claims every POLL_MS until every send came (or the time is up); the drift of each. */
const claimAll = async (servers: BenchServer[], members: Member[], dueAt: number): Promise<{ drifts: number[]; duplicates: number; roundTrips: number[] }> => {
  const seen = new Set<string>();
  const drifts: number[] = [];
  const roundTrips: number[] = [];
  let duplicates = 0;
  const deadline = dueAt + 30_000;
  await Promise.all(
    members.map(async (member, m) => {
      let turn = m;
      while (seen.size < COUNT && Date.now() < deadline) {
        const started = Date.now();
        const res = await post(servers[turn++ % servers.length]!.url, scheduleEndpoints.scheduleSendsClaim.path, {}, member.token);
        const answered = Date.now();
        roundTrips.push(answered - started);
        if (res.code !== 100000) throw new Error(`claim refused: ${JSON.stringify(res)}`);
        const { items } = res.data as unknown as ClaimData;
        for (const send of items) {
          if (seen.has(send.id)) duplicates++;
          seen.add(send.id);
          drifts.push(answered - send.due_time);
        }
        // A full batch: more are waiting, claim again at once.
        if (items.length < 50) await sleep(Math.max(0, POLL_MS - (Date.now() - started)));
      }
    }),
  );
  return { drifts, duplicates, roundTrips };
};

/** When the executor wrote each send, after its due time (read from the database afterwards). */
const madeDrifts = async (db: Db): Promise<number[]> => {
  const rows = await db.select({ dueAt: scheduleSends.dueAt, createdAt: scheduleSends.createdAt }).from(scheduleSends);
  return rows.map((r) => r.createdAt.getTime() - r.dueAt.getTime());
};

const run = async (label: string, servers: BenchServer[], members: Member[]) => {
  const dueAt = Date.now() + 4000 + COUNT * SAVE_MS;
  const t0 = Date.now();
  await saveAll(servers, members, dueAt);
  const saved = Date.now() - t0;
  if (Date.now() > dueAt - 500) console.log(`  (warning: saving took ${saved} ms, close to the due time)`);
  await sleep(Math.max(0, dueAt - 500 - Date.now()));
  const { drifts, duplicates, roundTrips } = await claimAll(servers, members, dueAt);
  const p95 = pct(drifts, 0.95);
  console.log(
    `  ${label}: ${drifts.length}/${COUNT} sends claimed${duplicates ? `, ${duplicates} DUPLICATES` : ', each once'}; drift p50 ${pct(drifts, 0.5)} ms, p95 ${p95} ms, max ${Math.max(...drifts)} ms (goal p95 <= ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'MISSED'})`,
  );
  console.log(`    a claim's round trip meanwhile (${roundTrips.length} claims, every ${POLL_MS} ms per member): p50 ${pct(roundTrips, 0.5)} ms, p95 ${pct(roundTrips, 0.95)} ms`);
};

const printMade = (made: number[]) =>
  console.log(`    the executor wrote the sends (due time to its transaction's clock): p50 ${pct(made, 0.5)} ms, p95 ${pct(made, 0.95)} ms, max ${Math.max(...made)} ms`);

const pglite = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-schedules-'));
  try {
    const database = await openDatabase({ dataDir });
    const members = await layOut(database.db);
    await database.close();
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      await run('PGlite, one server process', [server], members);
    } finally {
      await server.stop();
    }
    const after = await openDatabase({ dataDir });
    printMade(await madeDrifts(after.db));
    await after.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const postgres = async () => {
  const wasRunning = existsSync(STATE_FILE as string);
  const { url } = (await startScratchPostgres()) as { url: string };
  const name = `crm_bench_schedules_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const servers: BenchServer[] = [];
  try {
    const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2 });
    const members = await layOut(database.db);
    await database.close();
    // One after the other: the first installs the job queue's schema.
    servers.push(await startServer({ DATABASE_URL: dbUrl.toString() }));
    servers.push(await startServer({ DATABASE_URL: dbUrl.toString() }));
    await run('PostgreSQL, two server processes', servers, members);
    const after = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 1 });
    printMade(await madeDrifts(after.db));
    await after.close();
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    if (!wasRunning) await stopScratchPostgres();
  }
};

console.log(`\nSchedule executor drift: ${COUNT} schedules due at once, from due time to the send claimed through the API (goal p95 <= ${GOAL_P95_MS} ms)`);
await pglite();
if (process.env.BENCH_SCHEDULES_PG !== '0') await postgres();
