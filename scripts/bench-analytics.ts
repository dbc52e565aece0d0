/**
 * The analytics page's calls over a million leads on PostgreSQL (printed by `npm run bench`;
 * figures only, never asserted). Goal: p95 <= 50 ms of server time for each call, shown beside the
 * bare SQL that call runs.
 *
 * 1. A scratch PostgreSQL server (scripts/pg-scratch.mjs; or, with BENCH_DATABASE_URL, a database
 *    made on that server and dropped after) gets the schema and, in set-based SQL (INSERT ... SELECT
 *    from generate_series), one workspace of MEMBERS members (member 0 measured, member 1 the
 *    owner) with five tabs each and LEADS leads dealt round-robin among them (the members' leads
 *    interleaved on disk, as leads made over time are): created over the last year; about 12 % of
 *    those in a tab closed (a third won, the rest lost), the open ones in the first four stages or
 *    none; each stage's change time after the lead's creation; 70 % with a last message within 30
 *    days of creation, a quarter of the open ones among those awaiting a reply; 30 % made from a
 *    chat (their source a chat id), and for member 0 those chats synced (linked to their lead) and a
 *    sync state. The keys and indexes of leads are built after the load; then VACUUM ANALYZE (the planner's statistics and the visibility map that
 *    index-only scans need, as autovacuum keeps them on a database that has run a while).
 * 2. A real server process is started on it (scripts/bench-support.ts, SERVER_TIMING=1), member 0
 *    signs in, and each call below is sent WARMUP times unmeasured, then REQUESTS times, one at a
 *    time over one kept-alive connection: its server time is the server's own (Server-Timing: from
 *    the request's arrival to its serialised answer), its round trip the client's.
 * 3. The statements each call runs are captured (in-process, the app factory over the same database)
 *    and run bare through a pg Pool as many times, those the call ran at once together again; the
 *    plan of each (EXPLAIN ANALYZE) is summed up as the indexes it reads, and whether it fetched
 *    heap rows, so a plan that stopped using an index shows in the figures.
 *
 * The ranges are what the page sends for a user in Asia/Shanghai: this month, this and last week
 * (from Monday), today and yesterday, the last 30 days (awaiting reply, pending, the ranking, the
 * daily trend), the last 12 weeks and the last 12 months (the weekly and monthly trends).
 *
 * BENCH_ANALYTICS_LEADS (1,000,000), BENCH_ANALYTICS_MEMBERS (4), BENCH_ANALYTICS_REQUESTS (200) and
 * BENCH_ANALYTICS_WARMUP (50) size it; BENCH_ANALYTICS_EXPLAIN=1 prints each statement's whole plan.
 * Alone: `node --import tsx scripts/bench-analytics.ts`.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { tz } from '@date-fns/tz';
import { addDays, addMonths, addWeeks, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hashSecret } from '../server/auth/passwords';
import { openDatabase, type Db } from '../server/db/client';
import { chatSyncStates, tabs, userSettings, users, workspaceMembers, workspaces } from '../server/db/schema';
import { analyticsCalls } from '../src/contract/analytics';
import { snakeKeys } from '../src/contract/case';
import { plans } from '../src/contract/plans';
import { httpClient, timingsOf } from './bench-leads';
import { captureStatements, pgBare, pgCapture, post, runAsCaptured, scratchPostgresDatabase, startServer, type Statement } from './bench-support';

const LEADS = Number(process.env.BENCH_ANALYTICS_LEADS ?? 1_000_000);
const MEMBERS = Math.max(2, Number(process.env.BENCH_ANALYTICS_MEMBERS ?? 4));
const REQUESTS = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? 200);
/** Unmeasured requests first: a server just started runs its code in V8's lower tiers (see bench-leads.ts). */
const WARMUP = Number(process.env.BENCH_ANALYTICS_WARMUP ?? 50);
const EXPLAIN = process.env.BENCH_ANALYTICS_EXPLAIN === '1';
const GOAL_MS = 50;
const TABS_PER_MEMBER = 5;
const PASSWORD = 'bench-pass-123';
const memberEmail = (i: number) => `bench-analytics-${i}@bench.test`;
const TIME_ZONE = 'Asia/Shanghai';

type CallName = keyof typeof analyticsCalls;
/** One measured call: the label printed, the call and its body (camelCase; sent in snake_case). */
type Probe = { label: string; call: CallName; body: Record<string, unknown> };

/** The page's requests for a user in TIME_ZONE at `now` (unix ms). */
const probes = (now: number, tabId: number): Probe[] => {
  const zone = { in: tz(TIME_ZONE) };
  const today = startOfDay(now, zone).getTime();
  const tomorrow = addDays(today, 1, zone).getTime();
  const week = startOfWeek(now, { ...zone, weekStartsOn: 1 }).getTime();
  const month = startOfMonth(now, zone).getTime();
  const last30 = addDays(today, -29, zone).getTime();
  const last30Range = { begin: last30, end: tomorrow };
  return [
    { label: 'total', call: 'analysisTotal', body: {} },
    { label: 'month', call: 'analysisMonth', body: { monthBeginTime: month, monthEndTime: addMonths(month, 1, zone).getTime() } },
    {
      label: 'week',
      call: 'analysisWeek',
      body: {
        lastWeekBeginTime: addWeeks(week, -1, zone).getTime(),
        lastWeekEndTime: week,
        weekBeginTime: week,
        weekEndTime: addWeeks(week, 1, zone).getTime(),
      },
    },
    {
      label: 'day',
      call: 'analysisDay',
      body: { yesterdayBeginTime: addDays(today, -1, zone).getTime(), yesterdayEndTime: today, todayBeginTime: today, todayEndTime: tomorrow },
    },
    { label: 'awaiting reply per tab, 30 days', call: 'analysisAwaiting', body: { startLastTime: last30Range.begin, endLastTime: last30Range.end } },
    { label: 'pending per tab, 30 days', call: 'analysisPending', body: { startCreateTime: last30Range.begin, endCreateTime: last30Range.end } },
    { label: 'awaiting ranking, 30 days', call: 'analysisRanking', body: { startLastTime: last30Range.begin, endLastTime: last30Range.end } },
    { label: 'awaiting ranking, one tab', call: 'analysisRanking', body: { startLastTime: last30Range.begin, endLastTime: last30Range.end, tabId } },
    {
      label: 'trend, 30 days by day',
      call: 'analysisTrend',
      body: { beginTime: last30Range.begin, endTime: last30Range.end, timeZone: TIME_ZONE, bucket: 'day' },
    },
    {
      label: 'trend, 12 weeks by week',
      call: 'analysisTrend',
      body: { beginTime: addWeeks(week, -11, zone).getTime(), endTime: addWeeks(week, 1, zone).getTime(), timeZone: TIME_ZONE, bucket: 'week' },
    },
    {
      label: 'trend, 12 months by month',
      call: 'analysisTrend',
      body: { beginTime: addMonths(month, -11, zone).getTime(), endTime: addMonths(month, 1, zone).getTime(), timeZone: TIME_ZONE, bucket: 'month' },
    },
    { label: 'sync health', call: 'analysisSyncHealth', body: {} },
    { label: 'lead status counts', call: 'leadsStatusCount', body: {} },
  ];
};

const rowsOf = <R>(result: unknown): R[] => (Array.isArray(result) ? result : (result as { rows: R[] }).rows ?? []) as R[];
const textArray = (items: readonly string[]) => sql`${sql.param(items)}::text[]`;
const intArray = (items: readonly number[]) => sql`${sql.param(items)}::int[]`;

/** The workspace, its members (member 0 signs in), their tabs, the leads, member 0's chats and sync state. */
export const makeData = async (db: Db): Promise<{ tabOfMember0: number }> => {
  const now = new Date();
  const workspaceId = randomUUID();
  const userIds = Array.from({ length: MEMBERS }, () => randomUUID());
  const passwordHash = await hashSecret(PASSWORD);
  await db
    .insert(users)
    .values(userIds.map((id, i) => ({ id, email: memberEmail(i), name: `Bench member ${i}`, passwordHash: i === 0 ? passwordHash : null, createdAt: now })));
  await db
    .insert(workspaces)
    .values({
      id: workspaceId,
      name: 'Bench analytics',
      planCode: plans.growth.code,
      planStart: now,
      planEnd: new Date(now.getTime() + 10 * 365 * 86_400_000),
      createdAt: now,
    });
  await db.insert(workspaceMembers).values(
    userIds.map((userId, i) => ({
      id: randomUUID(),
      workspaceId,
      userId,
      invitedEmail: memberEmail(i),
      level: i === 1 ? ('admin' as const) : ('member' as const),
      status: 'joined' as const,
      syncType: i === 0 ? ('auto' as const) : ('manual' as const),
      createdAt: now,
      joinedAt: now,
    })),
  );
  await db.insert(userSettings).values(userIds.map((userId) => ({ userId, workspaceId, updatedAt: now })));
  const tabRows = await db
    .insert(tabs)
    .values(
      userIds.flatMap((ownerId) =>
        Array.from({ length: TABS_PER_MEMBER }, (_, position) => ({ workspaceId, ownerId, name: `Tab ${position + 1}`, position, createdAt: now })),
      ),
    )
    .returning({ id: tabs.id, ownerId: tabs.ownerId, position: tabs.position });
  const tabIds = userIds.flatMap((id) =>
    tabRows
      .filter((t) => t.ownerId === id)
      .sort((a, b) => a.position - b.position)
      .map((t) => t.id),
  );
  // As PostgreSQL's "Populating a Database" advises (and scripts/bench-leads.ts does), the keys,
  // foreign keys and indexes of leads go for the load and come back after it, as the catalog
  // defines them, in the one transaction that loads the table.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    const referencing = rowsOf<{ tbl: string; conname: string; def: string }>(
      await tx.execute(
        sql`SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE confrelid = ${'leads'}::regclass AND contype = 'f'`,
      ),
    );
    const indexes = rowsOf<{ indexname: string; indexdef: string }>(
      await tx.execute(
        sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ${'leads'} AND indexname <> ${'leads_pkey'}`,
      ),
    );
    const constraints = rowsOf<{ conname: string; def: string }>(
      await tx.execute(
        sql`SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = ${'leads'}::regclass AND contype IN ('p', 'f') ORDER BY contype DESC`,
      ),
    );
    for (const { tbl, conname } of referencing) await tx.execute(sql`ALTER TABLE ${sql.identifier(tbl)} DROP CONSTRAINT ${sql.identifier(conname)}`);
    for (const { indexname } of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(indexname)}`);
    for (const { conname } of constraints) await tx.execute(sql`ALTER TABLE leads DROP CONSTRAINT ${sql.identifier(conname)}`);
    await tx.execute(insertLeads(workspaceId, userIds, tabIds, now));
    for (const { conname, def } of constraints) await tx.execute(sql`ALTER TABLE leads ADD CONSTRAINT ${sql.identifier(conname)} ${sql.raw(def)}`);
    for (const { indexdef } of indexes) await tx.execute(sql.raw(indexdef));
    for (const { tbl, conname, def } of referencing)
      await tx.execute(sql`ALTER TABLE ${sql.identifier(tbl)} ADD CONSTRAINT ${sql.identifier(conname)} ${sql.raw(def)}`);
  });
  await db.execute(sql`
    INSERT INTO chats (id, workspace_id, owner_id, number, chat_whatsapp_id, name, is_group, is_del, last_message_at, last_message_from_me, lead_id, created_at, updated_at)
    SELECT 'chat-' || l.id, l.workspace_id, l.owner_id, '8613900000000', l.source_id, l.name, false, false, l.last_message_at, NOT l.awaiting_reply, l.id, l.created_at, ${now.toISOString()}::timestamptz
    FROM leads l WHERE l.owner_id = ${userIds[0]!} AND l.source_id IS NOT NULL`);
  const [chatCount] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM chats`));
  await db
    .insert(chatSyncStates)
    .values({ workspaceId, userId: userIds[0]!, syncStartedAt: now, lastSyncAt: now, syncedChatCount: chatCount!.n, updatedAt: now });
  await db.execute(sql`VACUUM ANALYZE`);
  return { tabOfMember0: tabIds[0]! };
};

/**
 * The leads, in one statement. Row g is member g % MEMBERS's; x, a multiplicative hash of g, picks
 * everything else, so the columns are not in step with each other or with the row's place on disk.
 */
const insertLeads = (workspaceId: string, userIds: readonly string[], tabIds: readonly number[], now: Date) => {
  const nowIso = now.toISOString();
  return sql`
    WITH r AS (
      SELECT g, (g % ${MEMBERS}::int)::int AS m, g * 2654435761 % 4294967291 AS x FROM generate_series(0::bigint, ${LEADS - 1}::bigint) AS s(g)
    ),
    h AS (
      SELECT r.*, r.x % 6 <> 0 AND (r.x / 6) % 7 = 0 AS closed,
        ${nowIso}::timestamptz - ((r.x / 102) % 31536000) * interval '1 second' AS created
      FROM r
    ),
    n AS (
      SELECT h.*,
        CASE WHEN h.closed THEN CASE WHEN (h.x / 41) % 3 = 0 THEN 'closedWon' ELSE 'closedLost' END
          WHEN (h.x / 41) % 5 <> 4 THEN (${textArray(['initialContact', 'discussions', 'decisionMaking', 'contractDiscussion'])})[1 + (h.x / 41) % 5] END AS stage,
        CASE WHEN (h.x / 7) % 10 < 7 THEN LEAST(${nowIso}::timestamptz, h.created + ((h.x / 70) % 2592000) * interval '1 second') END AS last_message
      FROM h
    )
    INSERT INTO leads (id, workspace_id, owner_id, tab_id, name, is_closed, stage, stage_changed_at, awaiting_reply, last_message_at, source_id, created_at, edited_at)
    SELECT 'bench-' || n.g, ${workspaceId}::text, (${textArray(userIds)})[n.m + 1],
      CASE WHEN n.x % 6 = 0 THEN 0 ELSE (${intArray(tabIds)})[n.m * ${TABS_PER_MEMBER}::int + (n.x % 6)::int] END,
      'Lead ' || n.g, n.closed, n.stage,
      CASE WHEN n.stage IS NOT NULL THEN LEAST(${nowIso}::timestamptz, n.created + ((n.x / 97) % 5184000) * interval '1 second') END,
      NOT n.closed AND n.last_message IS NOT NULL AND (n.x / 11) % 4 = 0, n.last_message,
      CASE WHEN (n.x / 13) % 10 < 3 THEN (8613000000000 + n.g)::text || '@c.us' END,
      n.created, COALESCE(n.last_message, n.created)
    FROM n`;
};

/** The indexes a plan reads (and how), and whether it went to the table for rows. */
const planSummary = (plan: string): string => {
  const reads = [...plan.matchAll(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)?(?: using| on) (\w+)/g)].map(
    ([, how, what]) => `${how} ${what}`,
  );
  const heap = [...plan.matchAll(/Heap Fetches: (\d+)/g)].reduce((sum, [, n]) => sum + Number(n), 0);
  return `${[...new Set(reads)].join(', ')}${heap > 0 ? `; heap fetches ${heap}` : ''}`;
};

const explain = async (url: string, statements: readonly Statement[]): Promise<string[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plans: string[] = [];
    for (const s of statements) {
      const result = await client.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, values: s.values });
      plans.push((result.rows as Record<string, string>[]).map((r) => r['QUERY PLAN']).join('\n'));
    }
    return plans;
  } finally {
    await client.end();
  }
};

const database = async (): Promise<{ url: string; remove: () => Promise<void> }> => {
  const given = process.env.BENCH_DATABASE_URL;
  if (!given) return scratchPostgresDatabase();
  const name = `crm_bench_analytics_${Date.now()}`;
  const admin = new pg.Client({ connectionString: given });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(given);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    remove: async () => {
      const c = new pg.Client({ connectionString: given });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
};

const ms = (t: number) => t.toFixed(1).padStart(6);

const main = async () => {
  const scratch = await database();
  try {
    const t0 = performance.now();
    console.error(`[bench-analytics] making ${LEADS.toLocaleString('en')} leads of ${MEMBERS} members on PostgreSQL ...`);
    const opened = await openDatabase({ databaseUrl: scratch.url });
    let made: { tabOfMember0: number };
    try {
      made = await makeData(opened.db);
    } finally {
      await opened.close();
    }
    const madeIn = (performance.now() - t0) / 1000;
    const calls = probes(Date.now(), made.tabOfMember0);
    const bodies = calls.map((c) => JSON.stringify(snakeKeys(c.body)));
    const paths = calls.map((c) => analyticsCalls[c.call].member.path);

    const served = calls.map((): number[] => []);
    const own = calls.map((): number[] => []);
    const server = await startServer({ DATABASE_URL: scratch.url, SERVER_TIMING: '1' });
    let token: string;
    try {
      const login = await post(server.url, '/api/wp/user/login', { email: memberEmail(0), password: PASSWORD });
      if (typeof login.data?.access_token !== 'string') throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
      token = login.data.access_token;
      const client = httpClient(server.url, token);
      try {
        for (const [i] of calls.entries()) {
          for (let k = 0; k < WARMUP + REQUESTS; k++) {
            const started = performance.now();
            const { text, serverMs } = await client.post(paths[i]!, bodies[i]!);
            if (k === 0 && JSON.parse(text).code !== 100000) throw new Error(`${calls[i]!.label} answered ${text.slice(0, 300)}`);
            if (k < WARMUP) continue;
            served[i]!.push(performance.now() - started);
            own[i]!.push(serverMs);
          }
        }
      } finally {
        client.close();
      }
    } finally {
      await server.stop();
    }

    const inProcess = await openDatabase({ databaseUrl: scratch.url });
    const captured: Statement[][] = [];
    try {
      await captureStatements(inProcess.db, pgCapture, { path: paths[0]!, token, body: calls[0]!.body });
      for (const [i, c] of calls.entries())
        captured.push(await captureStatements(inProcess.db, pgCapture, { path: paths[i]!, token, body: snakeKeys(c.body) }));
    } finally {
      await inProcess.close();
    }
    // The session lookup every authenticated request makes is the same for all calls: the plans
    // below are the call's own statements (those reading leads, tabs, chats or the sync state).
    const ownStatements = captured.map((list) =>
      list.filter((s) => /\b(leads|tabs|chats|chat_sync_states|workspace_members)\b/.test(s.text) && !/\bsessions\b/.test(s.text)),
    );
    const bare = calls.map((): number[] => []);
    const pool = pgBare(scratch.url);
    try {
      for (const [i] of calls.entries()) {
        for (let k = 0; k < WARMUP + REQUESTS; k++) {
          const started = performance.now();
          await runAsCaptured(pool, captured[i]!);
          if (k >= WARMUP) bare[i]!.push(performance.now() - started);
        }
      }
    } finally {
      await pool.close();
    }
    const plans: string[][] = [];
    for (const list of ownStatements) plans.push(await explain(scratch.url, list));

    const member0 = Math.ceil(LEADS / MEMBERS);
    const lines = [
      `analytics calls (POST /member/analysis/..., /member/leads/status-count/stats) of one member's ${member0.toLocaleString('en')} leads in a workspace of ` +
        `${LEADS.toLocaleString('en')} (${MEMBERS} members) on PostgreSQL; ${REQUESTS} requests each, one at a time, after ${WARMUP} unmeasured; data made in ${madeIn.toFixed(0)} s`,
      `  ${'call'.padEnd(34)} server p50    p95 | bare p50    p95 (statements) | round trip p50    p95 | plan`,
    ];
    let worst = 0;
    for (const [i, c] of calls.entries()) {
      const s = timingsOf(own[i]!);
      const b = timingsOf(bare[i]!);
      const r = timingsOf(served[i]!);
      worst = Math.max(worst, s.p95);
      lines.push(
        `  ${c.label.padEnd(34)} ${ms(s.median)} ${ms(s.p95)} | ${ms(b.median)} ${ms(b.p95)} (${String(captured[i]!.length).padStart(2)})        | ${ms(r.median)} ${ms(r.p95)}      | ` +
          plans[i]!.map(planSummary).join(' + '),
      );
    }
    lines.push(
      `  worst server p95: ${worst.toFixed(1)} ms (goal: each call's p95 <= ${GOAL_MS} ms); bare: the call's statements with the session lookup, through a pg Pool`,
    );
    console.log(lines.join('\n'));
    if (EXPLAIN) for (const [i, c] of calls.entries()) console.log(`\n--- ${c.label}\n${plans[i]!.join('\n\n')}`);
  } finally {
    await scratch.remove();
  }
};

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
