/**
 * Webhook delivery exactly once per event id (SPEC §7 Webhook and integrations;
 * server/webhooks/delivery.ts), whoever delivers:
 *
 * 1. across a restart: events queued by uploads, the job runtime (server/jobs/runtime.ts, as
 *    main.ts runs it) stopped mid-way, a new runtime started over the same database: the receiver
 *    sees each id once, and every event ends delivered after one attempt; a runtime that died
 *    mid-attempt (its claim never reported) leaves its events to the next runtime after the lease;
 * 2. with two server processes (server/main.ts, as tests/server/two-process.test.ts runs them) on
 *    one PostgreSQL database, both polling: a burst of events, one process stopped (SIGTERM) while
 *    they deliver, the other finishing: each id once, every signature valid.
 *
 * Part 1 runs on the test database (PGlite, or PostgreSQL in the PostgreSQL pass). Part 2 needs
 * PostgreSQL: TEST_DATABASE_URL when set, otherwise the scratch server of scripts/pg-scratch.mjs
 * (stopped afterwards only if this file started it), so it runs in the PGlite pass too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/chats/sql';
import { openDatabase, type Database } from '../../server/db/client';
import { users, webhookConfigs, webhookEvents, workspaces } from '../../server/db/schema';
import { createJobRuntime } from '../../server/jobs/runtime';
import { createLogTransport } from '../../server/mail';
import { claimDue, LEASE_MS } from '../../server/webhooks/delivery';
import { loadWebhookKey, newWebhookSecret, secretBoxOf } from '../../server/webhooks/secrets';
import { chatsClient, NUMBER, single, text } from './support/chats-world';
import { useTeamWorld } from './support/team-suite';
import type { World } from './support/team-world';
import { CLOCK_START, type TestApp } from './support/test-app';
import { startReceiver, type Receiver } from './support/webhook-receiver';
import { webhooksClient } from './support/webhooks-client';
// @ts-expect-error plain ESM script without types
import { STATE_FILE, startScratchPostgres, stopScratchPostgres } from '../../scripts/pg-scratch.mjs';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });

const waitFor = async (what: string, check: () => Promise<boolean> | boolean, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const countOf = (ids: string[]) => {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
};

const headersOf = (h: Record<string, string>) => ({ 'webhook-id': h['webhook-id']!, 'webhook-timestamp': h['webhook-timestamp']!, 'webhook-signature': h['webhook-signature']! });

describe('across a restart of the job runtime, one database', () => {
  let t: TestApp;
  let w: World;
  useTeamWorld((app, world) => ([t, w] = [app, world]));
  const c = chatsClient(
    () => t,
    () => w,
  );
  const h = webhooksClient(
    () => t,
    () => w,
  );
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const runtime = () =>
    createJobRuntime({ db: t.db, clock: t.clock, logger: t.logger, config: t.config, transport: createLogTransport({ logger: t.logger }), webhooks: { concurrency: 4, pollMs: 20 } });

  const queueEvents = async (count: number, prefix: string) => {
    const chat = single('4915112345678', 'Alice Wong');
    const messages = Array.from({ length: count }, (_, i) => text(chat.chatWhatsappId, `${prefix}${i}`, CLOCK_START.getTime() - 60_000 + i, false));
    await c.uploaded('member', { number: NUMBER, chats: [chat], messages });
    return (await h.events()).filter((e) => e.eventKey.includes(`:${prefix}`)).map((e) => e.id);
  };

  it('a runtime stopped mid-way and a new one started deliver each id once', async () => {
    t.rebuild({ config: { webhookAllowedHosts: [{ host: '127.0.0.1', port: receiver.port }] } });
    const secret = (await h.save({ receivedUrl: receiver.url('/in'), sentUrl: null })).secret!;
    await h.permit('member');
    const ids = await queueEvents(40, 'r');
    expect(ids).toHaveLength(40);

    // Quick answers for the first dozen, then slow ones: the stop comes while attempts are under way.
    receiver.reply(() => (receiver.requests.length <= 12 ? { status: 200 } : { status: 200, delayMs: 300 }));
    const first = runtime();
    await first.start();
    await waitFor('a dozen deliveries', () => receiver.requests.length >= 12);
    await first.stop();
    const seenByFirst = receiver.requests.length;
    expect(seenByFirst).toBeLessThan(40);
    // Every attempt it started was recorded before it stopped: delivered rows are exactly what the receiver saw.
    const delivered = await t.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.status, 'delivered'));
    expect(delivered.map((r) => r.id).sort()).toEqual([...new Set(receiver.ids())].sort());

    receiver.reply({ status: 200 });
    const second = runtime();
    await second.start();
    await waitFor('every event delivered', async () => (await h.events()).every((e) => e.status === 'delivered'));
    await second.stop();

    const counts = countOf(receiver.ids());
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect((await h.events()).map((e) => e.attempts)).toEqual(Array(40).fill(1));
    for (const r of receiver.requests) expect(new Webhook(secret).verify(r.body, headersOf(r.headers))).toMatchObject({ type: 'message.received' });
  }, 120_000);

  it('events a runtime claimed and never reported (it died) go out once, from the next runtime, after the lease', async () => {
    receiver.requests.length = 0;
    const ids = await queueEvents(5, 'd');
    const lost = await claimDue(t.db, t.clock.now(), 10);
    expect(lost.map((e) => e.id).sort()).toEqual([...ids].sort());
    const next = runtime();
    await next.start();
    // Within the lease nothing is due again.
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.requests).toEqual([]);
    t.clock.advance(LEASE_MS);
    await waitFor('the lost events delivered', async () => (await h.events()).filter((e) => ids.includes(e.id)).every((e) => e.status === 'delivered'));
    await next.stop();
    expect([...countOf(receiver.ids()).entries()].sort()).toEqual([...ids].sort().map((id) => [id, 1]));
  }, 60_000);
});

describe('two server processes on one PostgreSQL database', () => {
  type Proc = { name: string; child: ChildProcess; output: () => string };
  let serverUrl: string;
  let startedScratch = false;
  let dbName: string;
  let database: Database;
  let receiver: Receiver;
  const procs: Proc[] = [];

  const adminQuery = async (q: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(q);
    } finally {
      await client.end();
    }
  };

  const startServer = async (name: string, dbUrl: string, port: number): Promise<Proc> => {
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl,
        PUBLIC_URL: url,
        MAIL_TRANSPORT: 'log',
        SMTP_URL: '',
        WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const proc: Proc = { name, child, output: () => output };
    procs.push(proc);
    await waitFor(`${name} to start`, () => {
      if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
      return /\[jobs\] started/.test(output) && /Listening on/.test(output);
    }, 120_000);
    return proc;
  };

  const stopServer = (p: Proc) =>
    new Promise<void>((resolve) => {
      if (p.child.exitCode !== null) return resolve();
      p.child.once('exit', () => resolve());
      p.child.kill('SIGTERM');
    });

  beforeAll(async () => {
    receiver = await startReceiver();
    if (process.env.TEST_DATABASE_URL) serverUrl = process.env.TEST_DATABASE_URL;
    else {
      startedScratch = !existsSync(STATE_FILE);
      serverUrl = ((await startScratchPostgres()) as { url: string }).url;
    }
    dbName = `crm_hooks_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const dbUrl = new URL(serverUrl);
    dbUrl.pathname = `/${dbName}`;
    database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2 });
    const [portA, portB] = [await freePort(), await freePort()];
    await Promise.all([startServer('A', dbUrl.toString(), portA), startServer('B', dbUrl.toString(), portB)]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(procs.map(stopServer));
    await receiver?.close();
    await database?.close();
    if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    if (startedScratch) stopScratchPostgres();
  }, 60_000);

  it('both processes poll the queue; one is stopped while they deliver; each id is delivered once and signed', async () => {
    const db = database.db;
    const now = new Date();
    const workspaceId = `hooks-${randomUUID()}`;
    const userId = randomUUID();
    await db.insert(users).values({ id: userId, email: `${userId.slice(0, 8)}@example.com`, createdAt: now });
    await db.insert(workspaces).values({ id: workspaceId, name: 'Hooks', planCode: 'pro', planStart: now, planEnd: null, createdAt: now });
    const secret = newWebhookSecret();
    const box = secretBoxOf(await loadWebhookKey(db, now));
    await db.insert(webhookConfigs).values({ workspaceId, receivedUrl: receiver.url('/in'), sentUrl: null, secretSealed: box.seal(secret, workspaceId), secretCreatedAt: now, updatedAt: now });
    receiver.reply({ status: 200, delayMs: 15 });

    const COUNT = 300;
    const ids = Array.from({ length: COUNT }, (_, i) => `msg_two_${i}_${randomBytes(4).toString('hex')}`);
    await db.insert(webhookEvents).values(
      ids.map((id, i) => ({
        id,
        workspaceId,
        eventKey: `conv:${i}`,
        type: 'message.received' as const,
        userId,
        payload: { type: 'message.received', timestamp: now.toISOString(), data: { n: i } },
        status: 'pending' as const,
        nextAttemptAt: now,
        createdAt: now,
      })),
    );
    await waitFor('a third delivered', () => receiver.requests.length >= COUNT / 3);
    await stopServer(procs[0]!);
    await waitFor(
      'every event delivered',
      async () => rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM webhook_events WHERE status = 'delivered'`))[0]?.n === COUNT,
    );
    // Workers poll every quarter second: give a second delivery, if any, time to show.
    await new Promise((r) => setTimeout(r, 1500));

    const counts = countOf(receiver.ids());
    expect(counts.size).toBe(COUNT);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    for (const r of receiver.requests) expect(new Webhook(secret).verify(r.body, headersOf(r.headers))).toMatchObject({ type: 'message.received' });
    const attempts = rowsOf(await db.execute(sql`SELECT attempts, count(*)::int AS n FROM webhook_events GROUP BY attempts`));
    expect(attempts).toEqual([{ attempts: 1, n: COUNT }]);
    expect(procs[0]!.output()).toMatch(/\[server\] stopping/);
  }, 180_000);
});
