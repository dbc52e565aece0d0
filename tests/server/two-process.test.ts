/**
 * Several processes, one database: two real server processes (`server/main.ts`, ports on
 * 127.0.0.1) on one PostgreSQL database. A session made on one works on the other, the sign-in
 * failure limit is counted across both, and each queued mail is delivered exactly once while
 * both processes' workers compete for it.
 *
 * PostgreSQL: TEST_DATABASE_URL when set (the PostgreSQL pass of `npm test`); otherwise this file
 * starts the scratch server of scripts/pg-scratch.mjs (stopping it afterwards only if it started
 * it), so it runs, never skips, in the PGlite pass too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock';
import { makeConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { outbox } from '../../server/db/schema';
import { createJobRuntime, type JobRuntime } from '../../server/jobs/runtime';
import { MAIL_JOB, type MailTransport } from '../../server/mail';
import { createMemoryLogger } from '../../server/logger';
import { Code } from '../../src/contract/codes';
// @ts-expect-error plain ESM script without types
import { STATE_FILE, startScratchPostgres, stopScratchPostgres } from '../../scripts/pg-scratch.mjs';

type Proc = { name: string; url: string; child: ChildProcess; output: () => string };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });

let serverUrl: string;
let startedScratch = false;
let dbName: string;
let database: Database;
let a: Proc;
let b: Proc;
const procs: Proc[] = [];

const adminQuery = async (text: string) => {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};

const startServer = async (name: string, dbUrl: string): Promise<Proc> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, PUBLIC_URL: url, MAIL_TRANSPORT: 'log', SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const proc: Proc = { name, url, child, output: () => output };
  procs.push(proc);
  const deadline = Date.now() + 120_000;
  while (!/\[jobs\] started/.test(output) || !/Listening on/.test(output)) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
};

const call = async (p: Proc, method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${p.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return (await res.json()) as { code: number; data: Record<string, unknown> | null; message: string };
};

const waitFor = async (what: string, check: () => Promise<boolean> | boolean, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const mailLines = (to: string) =>
  procs.flatMap((p) => p.output().split('\n').filter((l) => l.startsWith('[mail]') && l.includes(`to=${to} `)).map((l) => ({ proc: p.name, line: l })));

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) serverUrl = process.env.TEST_DATABASE_URL;
  else {
    startedScratch = !existsSync(STATE_FILE);
    serverUrl = ((await startScratchPostgres()) as { url: string }).url;
  }
  dbName = `crm_two_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;
  // Migrated once here (also the handle this test reads the outbox with); both servers then start together.
  database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2 });
  [a, b] = await Promise.all([startServer('A', dbUrl.toString()), startServer('B', dbUrl.toString())]);
}, 240_000);

afterAll(async () => {
  await Promise.all(
    procs.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.child.exitCode !== null) return resolve();
          p.child.once('exit', () => resolve());
          p.child.kill('SIGTERM');
        }),
    ),
  );
  await database?.close();
  if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  if (startedScratch) stopScratchPostgres();
}, 60_000);

describe('two server processes on one PostgreSQL database', () => {
  const email = `two-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'two-process-pass-1';

  it('a session made on one process works on the other', async () => {
    expect((await call(a, 'POST', '/api/wp/user/register', { email, password })).code).toBe(Code.OK);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.to, email));
    const code = /\b(\d{6})\b/.exec(row?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect((await call(b, 'POST', '/api/wp/user/register/verify', { email, code })).code).toBe(Code.OK);

    const login = await call(a, 'POST', '/api/wp/user/login', { email, password });
    expect(login.code).toBe(Code.OK);
    const token = login.data?.access_token as string;
    expect(token).toBeTruthy();
    const info = await call(b, 'GET', '/api/crm/v2/user/info/', undefined, token);
    expect(info.code).toBe(Code.OK);
    expect(JSON.stringify(info.data)).toContain(email);
    // And a made-up token is refused there, so B really checked the session.
    expect((await call(b, 'GET', '/api/crm/v2/user/info/', undefined, 'not-a-token')).code).not.toBe(Code.OK);
  }, 60_000);

  it('counts sign-in failures across both processes toward one limit', async () => {
    const limit = makeConfig().rateLimits.loginEmail.limit;
    const codes: number[] = [];
    for (let i = 0; i < limit; i += 1) {
      codes.push((await call(i % 2 === 0 ? a : b, 'POST', '/api/wp/user/login', { email, password: `wrong-${i}-password` })).code);
    }
    expect(codes).toEqual(Array<number>(limit).fill(Code.NO_ACTIVE_ACCOUNT));
    // Each process alone saw only half the failures, yet both now refuse.
    expect((await call(a, 'POST', '/api/wp/user/login', { email, password: 'wrong-again-pass' })).code).toBe(Code.RATE_LIMITED);
    expect((await call(b, 'POST', '/api/wp/user/login', { email, password: 'wrong-again-pass' })).code).toBe(Code.RATE_LIMITED);
  }, 60_000);

  it('delivers a mail enqueued once exactly once, with both processes working the queue', async () => {
    // One reset request through A: one outbox row, one delivery, printed by one process.
    expect((await call(a, 'POST', '/api/wp/user/password/reset-request', { email })).code).toBe(Code.OK);
    const resetRows = () => database.db.select().from(outbox).where(and(eq(outbox.to, email), eq(outbox.subject, 'Reset your Chat CRM password')));
    await waitFor('the reset mail to be delivered', async () => (await resetRows()).some((r) => r.deliveredAt !== null));
    expect(await resetRows()).toHaveLength(1);

    // A batch queued at once from here (no worker in this process): both servers compete for it.
    const batch = Array.from({ length: 20 }, (_, i) => `batch-${i}-${randomBytes(3).toString('hex')}@example.com`);
    const logTransport: MailTransport = { kind: 'log', deliver: async () => undefined };
    const producer: JobRuntime = createJobRuntime({ db: database.db, clock: systemClock, logger: createMemoryLogger(), config: makeConfig(), transport: logTransport });
    await producer.init();
    await Promise.all(batch.map((to, i) => producer.mailer.send({ to, subject: `Batch ${i}`, text: `Your code is ${100000 + i}.`, code: String(100000 + i) })));
    await waitFor('every batch mail to be delivered', async () => {
      const delivered = await database.db.select({ id: outbox.id }).from(outbox).where(and(isNotNull(outbox.deliveredAt)));
      return delivered.length >= batch.length + 2;
    });
    // Workers poll every second: give a second delivery, if any, time to show.
    await new Promise((r) => setTimeout(r, 3000));
    await producer.stop();

    expect(mailLines(email).filter((l) => l.line.includes('subject="Reset your Chat CRM password"'))).toHaveLength(1);
    for (const to of batch) expect(mailLines(to), to).toHaveLength(1);
    const client = (database.db as unknown as { $client: pg.Pool }).$client;
    const jobs = await client.query<{ state: string; n: number }>(
      `SELECT state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name = $1 GROUP BY state`,
      [MAIL_JOB],
    );
    const archived = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.archive WHERE name = $1`, [MAIL_JOB]);
    const completed = (jobs.rows.find((r) => r.state === 'completed')?.n ?? 0) + (archived.rows[0]?.n ?? 0);
    // sign-up code, reset, the batch: every job completed, none retried or failed.
    expect(completed).toBe(batch.length + 2);
    expect(jobs.rows.filter((r) => r.state !== 'completed')).toEqual([]);
  }, 120_000);
});
