/**
 * Webhook throughput (printed by `npm run bench`; figures only, never asserted): COUNT synced
 * messages (10,000) become webhook events and are delivered, signed, to a local receiver.
 *
 * 1. A database is laid out directly: one workspace on the pro plan, its owner with a page session,
 *    webhook settings whose received URL is the receiver (a node:http server in this process on
 *    127.0.0.1, let through by WEBHOOK_ALLOWED_HOSTS), and the owner's webhook permission on.
 * 2. The production server command (scripts/server-command.mjs: server/main.ts with its job runtime
 *    and the webhook delivery worker polling) starts on it: one process on a fresh embedded database
 *    (PGlite), then two processes sharing one PostgreSQL database (the scratch server of
 *    scripts/pg-scratch.mjs; left running when it already ran, otherwise stopped afterwards).
 * 3. The messages are uploaded through the sync API (SYNC_BATCH_MAX_MESSAGES a batch, one after the
 *    other, as the extension sends them), all received, over 50 single chats: each upload's
 *    transaction writes its messages and their events; the workers start delivering as soon as the
 *    first batch commits.
 * 4. The receiver answers 200 at once and keeps each delivery's arrival time. Printed: deliveries per
 *    second (from the first delivery to the last), and the delay from each message's upload (the
 *    start of the request that carried it) to its delivery: p50, p95 and max; and how many came,
 *    each exactly once, every signature checked with the library's verifier.
 *
 * Alone: `node --import tsx scripts/bench-webhooks.ts` (BENCH_WEBHOOKS=n changes the 10,000;
 * BENCH_WEBHOOKS_PG=0 skips the PostgreSQL run).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { createSession } from '../server/auth/sessions';
import { makeConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { userSettings, users, webhookConfigs, webhookPermissions, workspaceMembers, workspaces } from '../server/db/schema';
import { loadWebhookKey, newWebhookSecret, secretBoxOf } from '../server/webhooks/secrets';
import { chatsEndpoints, SYNC_BATCH_MAX_MESSAGES } from '../src/contract/chats';
import { post, startServer, type BenchServer } from './bench-support';
// @ts-expect-error plain ES module without types
import { STATE_FILE, startScratchPostgres, stopScratchPostgres } from './pg-scratch.mjs';

const COUNT = Number(process.env.BENCH_WEBHOOKS ?? 10_000) || 10_000;
const CHATS = 50;
/** Longest wait for the last delivery after the last upload. */
const DRAIN_LIMIT_MS = 10 * 60_000;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Receiver = { port: number; arrivals: Map<string, { at: number; msgKey: string }>; duplicates: () => number; badSignatures: () => number; close(): Promise<void> };

/** The receiver: checks each signature, keeps the first arrival of each id. */
const startReceiver = async (secret: () => string): Promise<Receiver> => {
  const arrivals = new Map<string, { at: number; msgKey: string }>();
  let duplicates = 0;
  let bad = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) };
      let msgKey = '';
      try {
        msgKey = (new Webhook(secret()).verify(body, headers) as { data: { message: { msgKey: string } } }).data.message.msgKey;
      } catch {
        bad++;
      }
      if (arrivals.has(headers['webhook-id'])) duplicates++;
      else arrivals.set(headers['webhook-id'], { at, msgKey });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    arrivals,
    duplicates: () => duplicates,
    badSignatures: () => bad,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

type Layout = { token: string; secret: string };

/** One workspace, its owner with a session, the webhook settings pointing at the receiver, the owner permitted. */
const layOut = async (db: Db, receiverPort: number): Promise<Layout> => {
  const now = new Date();
  const workspaceId = `bench-hooks-${randomUUID()}`;
  const userId = randomUUID();
  const email = `bench-webhooks-${userId.slice(0, 8)}@example.com`;
  await db.insert(users).values({ id: userId, email, createdAt: now });
  await db.insert(workspaces).values({ id: workspaceId, name: 'Webhook bench', planCode: 'pro', planStart: now, planEnd: null, createdAt: now });
  await db.insert(workspaceMembers).values({ id: randomUUID(), workspaceId, userId, invitedEmail: email, level: 'admin', status: 'joined', createdAt: now, joinedAt: now });
  await db.insert(userSettings).values({ userId, workspaceId, updatedAt: now });
  const secret = newWebhookSecret();
  const box = secretBoxOf(await loadWebhookKey(db, now));
  await db.insert(webhookConfigs).values({
    workspaceId,
    receivedUrl: `http://127.0.0.1:${receiverPort}/hooks/received`,
    sentUrl: null,
    secretSealed: box.seal(secret, workspaceId),
    secretCreatedAt: now,
    updatedAt: now,
  });
  await db.insert(webhookPermissions).values({ workspaceId, userId, enabled: true, updatedAt: now });
  const session = await createSession(db, userId, now, makeConfig({ accessTokenTtlSeconds: 3600 }));
  return { token: session.accessToken, secret };
};

/** Uploads COUNT received messages in full batches; answers each msgKey's upload start time. */
const uploadAll = async (servers: BenchServer[], token: string): Promise<Map<string, number>> => {
  const sentAt = new Map<string, number>();
  const chats = Array.from({ length: CHATS }, (_, i) => ({ chat_whatsapp_id: `44770${String(i).padStart(7, '0')}@c.us`, name: `Contact ${i}` }));
  const base = Date.now() - 24 * 3_600_000;
  for (let from = 0, batch = 0; from < COUNT; from += SYNC_BATCH_MAX_MESSAGES, batch++) {
    const size = Math.min(SYNC_BATCH_MAX_MESSAGES, COUNT - from);
    const messages = Array.from({ length: size }, (_, j) => {
      const n = from + j;
      return { chat_whatsapp_id: chats[n % CHATS]!.chat_whatsapp_id, msg_key: `bench-${n}`, send_time: base + n, from_me: false, type: 'chat', text: `Message ${n}` };
    });
    const started = Date.now();
    for (const m of messages) sentAt.set(m.msg_key, started);
    const res = await post(
      servers[batch % servers.length]!.url,
      chatsEndpoints.syncUpload.path,
      { number: '15550009999', chats: batch === 0 ? chats : [], messages, first_batch: batch === 0, final: from + size >= COUNT },
      token,
    );
    if (res.code !== 100000) throw new Error(`upload refused: ${JSON.stringify(res)}`);
  }
  return sentAt;
};

const run = async (label: string, servers: BenchServer[], layout: Layout, receiver: Receiver) => {
  const started = Date.now();
  const sentAt = await uploadAll(servers, layout.token);
  const uploaded = Date.now() - started;
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  while (receiver.arrivals.size < COUNT && Date.now() < deadline) await sleep(50);
  // A second delivery of an id, if any, would come within a poll or two.
  await sleep(1000);
  const arrivals = [...receiver.arrivals.values()];
  const times = arrivals.map((a) => a.at);
  const first = Math.min(...times);
  const last = Math.max(...times);
  const delays = arrivals.filter((a) => sentAt.has(a.msgKey)).map((a) => a.at - sentAt.get(a.msgKey)!);
  const perSecond = ((arrivals.length - 1) * 1000) / Math.max(1, last - first);
  console.log(
    `  ${label}: ${arrivals.length}/${COUNT} events delivered${receiver.duplicates() ? `, ${receiver.duplicates()} DUPLICATES` : ', each id once'}` +
      `${receiver.badSignatures() ? `, ${receiver.badSignatures()} BAD SIGNATURES` : ', every signature valid'}`,
  );
  console.log(`    ${perSecond.toFixed(0)} events/s delivered (first to last delivery: ${((last - first) / 1000).toFixed(1)} s; the ${COUNT} uploads took ${(uploaded / 1000).toFixed(1)} s)`);
  console.log(`    delay from the message's upload to its delivery: p50 ${pct(delays, 0.5)} ms, p95 ${pct(delays, 0.95)} ms, max ${Math.max(...delays)} ms`);
};

const pglite = async () => {
  let secret = '';
  const receiver = await startReceiver(() => secret);
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-webhooks-'));
  try {
    const database = await openDatabase({ dataDir });
    const layout = await layOut(database.db, receiver.port);
    secret = layout.secret;
    await database.close();
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` });
    try {
      await run('PGlite, one server process', [server], layout, receiver);
    } finally {
      await server.stop();
    }
  } finally {
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const postgres = async () => {
  let secret = '';
  const receiver = await startReceiver(() => secret);
  const wasRunning = existsSync(STATE_FILE as string);
  const { url } = (await startScratchPostgres()) as { url: string };
  const name = `crm_bench_webhooks_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const servers: BenchServer[] = [];
  try {
    const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2 });
    const layout = await layOut(database.db, receiver.port);
    secret = layout.secret;
    await database.close();
    const env = { DATABASE_URL: dbUrl.toString(), WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` };
    // One after the other: the first installs the job queue's schema.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    await run('PostgreSQL, two server processes', servers, layout, receiver);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await receiver.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    if (!wasRunning) stopScratchPostgres();
  }
};

console.log(`webhook delivery: ${COUNT} synced messages become events, delivered signed to a local receiver`);
await pglite();
if (process.env.BENCH_WEBHOOKS_PG !== '0') await postgres();
