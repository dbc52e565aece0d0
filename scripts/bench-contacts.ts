/**
 * The contact list under a realistic load of data (figures only, never asserted): `POST
 * /member/contacts/list/` with a tag filter (filter_tag_value_ids, include_tag_values) and a search,
 * a page of CONTACTS_PAGE_SIZE, for one member who owns 100,000 contacts in a workspace of
 * 1,000,000, beside the bare SQL that request runs. Goal: p95 <= 30 ms of server time on PGlite.
 *
 * 1. The data is scripts/bench-leads.ts's (ten members of 100,000 leads each, its PGlite directory
 *    cached under .tmp/bench-leads/) plus the workspace's tags: TAG_TYPES tag types, each with tags
 *    of TAG_VALUES values, and about a third of every member's leads carrying one to three values
 *    (set-based SQL, then VACUUM ANALYZE). That directory is kept under .tmp/bench-contacts/ (keyed
 *    by the lead data's directory and DATA_VERSION) and copied for each run.
 * 2. A real server is started on the copy (scripts/bench-support.ts, SERVER_TIMING=1), the measured
 *    member signs in, and the requests below are sent one at a time over one kept-alive connection:
 *    WARMUP unmeasured, then REQUESTS measured; each request's server time is the server's own
 *    (its Server-Timing header), its round trip is timed by the client.
 * 3. The statements each request runs are captured (in-process, over the same database) and run
 *    bare through PGlite as many times, those the request ran at once together again.
 *
 * BENCH_CONTACTS_REQUESTS and BENCH_CONTACTS_WARMUP change the 200 measured and 300 warm-up requests.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { openDatabase } from '../server/db/client';
import * as schema from '../server/db/schema';
import { leadTagValues, tags, tagTypes, tagValues, users } from '../server/db/schema';
import { contactCalls } from '../src/contract/contacts';
import { CONTACTS_PAGE_SIZE } from '../src/contract/contact-filter';
import { httpClient, LEADS_PER_MEMBER, memberEmail, MEMBERS, PASSWORD, pgliteData, pgliteStartParams, timingsOf } from './bench-leads';
import { captureStatements, pgliteBare, pgliteCapture, post, runAsCaptured, startServer, type Statement } from './bench-support';

const root = fileURLToPath(new URL('..', import.meta.url));
const REQUESTS = Number(process.env.BENCH_CONTACTS_REQUESTS ?? 200);
/** Unmeasured requests first: a server just started runs its code in V8's lower tiers (see bench-leads.ts). */
const WARMUP = Number(process.env.BENCH_CONTACTS_WARMUP ?? 300);
const GOAL_MS = 30;
/** Bump when the tag data below changes. */
const DATA_VERSION = 1;
const PATH = contactCalls.contactsList.member.path;

/** Tag types, their tags and each tag's values (names only matter for the UI). */
const TAG_TYPES: Record<string, Record<string, string[]>> = {
  Interest: { Product: ['Fabric', 'Furniture', 'Electronics', 'Food', 'Toys'], Budget: ['Low', 'Medium', 'High', 'Enterprise'] },
  Region: { Market: ['North America', 'Europe', 'Middle East', 'China', 'Africa', 'South America'] },
  Status: { Temperature: ['Cold', 'Warm', 'Hot'], Channel: ['Referral', 'Trade show', 'Cold call', 'Website', 'WhatsApp'] },
};

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];

/** The cached directory: the lead data with the workspace's tags and a third of the leads tagged. */
const contactsData = async (): Promise<{ dir: string; made: string }> => {
  const leadsData = await pgliteData();
  const key = createHash('sha256')
    .update(JSON.stringify({ DATA_VERSION, TAG_TYPES, leads: basename(leadsData.dir) }))
    .digest('hex')
    .slice(0, 16);
  const cacheRoot = join(root, '.tmp', 'bench-contacts');
  const dir = join(cacheRoot, `pglite-${key}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return { dir, made: `cached in ${dir.slice(root.length)}` };
  mkdirSync(cacheRoot, { recursive: true });
  const building = `${dir}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  const t0 = performance.now();
  console.error('[bench-contacts] tagging a third of the leads ...');
  try {
    cpSync(leadsData.dir, building, { recursive: true });
    const client = new PGlite(building, { startParams: [...pgliteStartParams, '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0', '-c', 'min_wal_size=32MB', '-c', 'max_wal_size=64MB'] });
    try {
      const db = drizzle({ client, schema });
      const [user] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${memberEmail(0)}`);
      const [member] = rowsOf(await db.execute(sql`SELECT workspace_id FROM workspace_members WHERE user_id = ${user!.id}`));
      const workspaceId = member!.workspace_id as string;
      const now = new Date();
      for (const [typeName, typeTags] of Object.entries(TAG_TYPES)) {
        const [type] = await db.insert(tagTypes).values({ workspaceId, name: typeName, createdAt: now }).returning({ id: tagTypes.id });
        for (const [tagName, values] of Object.entries(typeTags)) {
          const [tag] = await db.insert(tags).values({ workspaceId, tagTypeId: type!.id, name: tagName, createdAt: now }).returning({ id: tags.id });
          await db.insert(tagValues).values(values.map((value, position) => ({ workspaceId, tagId: tag!.id, value, position })));
        }
      }
      // A multiplicative hash of each lead's row picks whether it is tagged (a third are) and with
      // which one to three values (distinct, as the key wants).
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
        await tx.execute(sql`
          WITH v AS (SELECT array_agg(id ORDER BY id) AS ids FROM ${tagValues} WHERE workspace_id = ${workspaceId}),
          l AS (SELECT id, (row_number() OVER (ORDER BY id) * 2654435761) % 4294967291 AS x FROM leads WHERE workspace_id = ${workspaceId})
          INSERT INTO ${leadTagValues} (workspace_id, lead_id, tag_value_id, created_at)
          SELECT DISTINCT ${workspaceId}::text, l.id, v.ids[1 + ((l.x / (7 + 11 * k)) % cardinality(v.ids))::int], ${now.toISOString()}::timestamptz
          FROM l, v, generate_series(0, 2) AS k
          WHERE l.x % 3 = 0 AND k <= (l.x / 3) % 3`);
      });
      await db.execute(sql`VACUUM ANALYZE`);
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  renameSync(building, dir);
  for (const name of readdirSync(cacheRoot)) if (join(cacheRoot, name) !== dir && !name.endsWith('.tmp')) rmSync(join(cacheRoot, name), { recursive: true, force: true });
  return { dir, made: `made in ${((performance.now() - t0) / 1000).toFixed(0)} s (lead data ${leadsData.made}), kept in ${dir.slice(root.length)}` };
};

/** The measured requests, cycled through (wire bodies; tag value ids filled in once the data is open). */
const searchShapes = [
  { search: 'Oliv', values: [0, 5], sort: 'createTime', sort_order: 'desc' },
  { search: '王', values: [9], sort: 'name', sort_order: 'asc' },
  { search: 'james', values: [3, 12, 20], sort: 'lastMessageTime', sort_order: 'desc' },
  { search: 'محمد', values: [15, 16], sort: 'createTime', sort_order: 'asc' },
  { search: 'GRA', values: [1], sort: 'name', sort_order: 'desc' },
  { search: '李', values: [7, 22], sort: 'createTime', sort_order: 'desc' },
] as const;

const ms = (t: number) => `${t.toFixed(1)} ms`;

const main = async () => {
  const data = await contactsData();
  const scratch = mkdtempSync(join(tmpdir(), 'crm-bench-contacts-'));
  const dataDir = join(scratch, 'db');
  cpSync(data.dir, dataDir, { recursive: true });
  try {
    // The workspace's tag value ids, in id order (the shapes above pick among them).
    const probe = new PGlite(dataDir);
    const valueIds = (await probe.query<{ id: number }>('SELECT id FROM tag_values ORDER BY id')).rows.map((r) => r.id);
    await probe.close();
    const bodies = searchShapes.map(({ values, ...s }) => ({
      ...s,
      filter_tag_value_ids: values.map((i) => valueIds[i % valueIds.length]!),
      include_tag_values: true,
      page: 1,
      page_size: CONTACTS_PAGE_SIZE,
    }));
    const texts = bodies.map((b) => JSON.stringify(b));
    const own: number[] = [];
    const served: number[] = [];
    const matches: number[] = [];
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SERVER_TIMING: '1' });
    let token: string;
    try {
      const login = await post(server.url, '/api/wp/user/login', { email: memberEmail(0), password: PASSWORD });
      if (typeof login.data?.access_token !== 'string') throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
      token = login.data.access_token;
      const client = httpClient(server.url, token);
      try {
        for (let i = 0; i < WARMUP + REQUESTS; i++) {
          const k = i % bodies.length;
          const t0 = performance.now();
          const { text, serverMs } = await client.post(PATH, texts[k]!);
          const roundTrip = performance.now() - t0;
          if (matches.length <= k) {
            const answer = JSON.parse(text) as { code: number; data: { rows: unknown[]; total_count: number } };
            if (answer.code !== 100000 || answer.data.rows.length === 0) throw new Error(`${texts[k]} answered ${text.slice(0, 300)}`);
            matches.push(answer.data.total_count);
          }
          if (i < WARMUP) continue;
          own.push(serverMs);
          served.push(roundTrip);
        }
      } finally {
        client.close();
      }
    } finally {
      await server.stop();
    }
    // The same requests' statements, run bare on the same database (the server has let it go).
    const database = await openDatabase({ dataDir });
    const statements: Statement[][] = [];
    try {
      await captureStatements(database.db, pgliteCapture, { path: PATH, token, body: bodies[0] });
      for (const body of bodies) statements.push(await captureStatements(database.db, pgliteCapture, { path: PATH, token, body }));
    } finally {
      await database.close();
    }
    const bare: number[] = [];
    const bareClient = pgliteBare(dataDir);
    try {
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const t0 = performance.now();
        await runAsCaptured(bareClient, statements[i % bodies.length]!);
        if (i >= WARMUP) bare.push(performance.now() - t0);
      }
    } finally {
      await bareClient.close();
    }
    const [o, b, r] = [timingsOf(own), timingsOf(bare), timingsOf(served)];
    console.log(
      [
        `contact list, POST ${PATH}: a page of ${CONTACTS_PAGE_SIZE} by tag values and a name search; one member's ${LEADS_PER_MEMBER.toLocaleString('en')} contacts ` +
          `in a workspace of ${(MEMBERS * LEADS_PER_MEMBER).toLocaleString('en')}, a third tagged; ${REQUESTS} requests one at a time (${WARMUP} unmeasured first):`,
        `  contacts list (tag filter + search) PGlite: server median ${ms(o.median)}, p95 ${ms(o.p95)} (goal: p95 <= ${GOAL_MS} ms); ` +
          `bare SQL (${statements[0]!.length} statements) median ${ms(b.median)}, p95 ${ms(b.p95)}; round trip median ${ms(r.median)}, p95 ${ms(r.p95)}`,
        `  requests (matches): ${bodies.map((s, i) => `"${s.search}" + ${s.filter_tag_value_ids.length} tag values by ${s.sort} ${s.sort_order} (${matches[i]})`).join('; ')}`,
        `  data ${data.made}`,
      ].join('\n'),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
