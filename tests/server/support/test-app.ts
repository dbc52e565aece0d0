/**
 * Builds the app for server tests: in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set
 * (then each test file gets its own fresh database, dropped at the end), a fake clock, the outbox
 * mailer and a memory logger. `reset()` empties every table between tests.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getTableName, type Table } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../../../server/app';
import { createFakeClock, type FakeClock } from '../../../server/clock';
import { makeConfig, type AppConfig } from '../../../server/config';
import { openDatabase, type Database, type Db } from '../../../server/db/client';
import { allTables, outbox } from '../../../server/db/schema';
import { createMemoryLogger, type MemoryLogger } from '../../../server/logger';
import { createJobRuntime } from '../../../server/jobs/runtime';
import { createLogTransport, type Mailer } from '../../../server/mail';
import type { AppDeps } from '../../../server/deps';
import { endpointAt } from '../../../src/contract/all-endpoints';
import { camelKeys } from '../../../src/contract/case';
import { Code } from '../../../src/contract/codes';
import { SESSION_COOKIE } from '../../../src/contract/endpoint';
import { asc, eq } from 'drizzle-orm';

export const CLOCK_START = new Date('2025-01-15T09:00:00.000Z');

export type Answer = {
  status: number;
  code: number;
  data: unknown;
  message: string;
  /** The raw parsed JSON (snake_case keys); `{code: -1, message: text}` when the answer is not JSON (a file). */
  json: Record<string, unknown>;
  /** The answer's body as text (a file endpoint's CSV, say). */
  text: string;
  headers: Headers;
  /** Value of the session cookie set by this answer ('' when cleared), undefined when not set. */
  sessionCookie: string | undefined;
  setCookie: string[];
};

export type RequestOptions = {
  body?: unknown;
  /** Sent as is (e.g. malformed JSON). */
  raw?: string | FormData;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
};

export type TestApp = {
  driver: Database['driver'];
  db: Db;
  clock: FakeClock;
  logger: MemoryLogger;
  config: AppConfig;
  app: ReturnType<typeof createApp>;
  /** A new app over the same database with other config or deps (e.g. Google keys). */
  rebuild(overrides?: { config?: Partial<AppConfig>; googleKeys?: AppDeps['googleKeys']; payments?: AppDeps['payments'] }): void;
  /** Runs the queued jobs that are due (payment callbacks are applied by a job), as a worker would; returns how many ran. */
  runJobs(options?: { includeDelayed?: boolean }): Promise<number>;
  request(method: 'GET' | 'POST', path: string, options?: RequestOptions): Promise<Answer>;
  post(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<Answer>;
  reset(): Promise<void>;
  close(): Promise<void>;
  count(table: keyof typeof allTables): Promise<number>;
  mails(to?: string): Promise<{ to: string; subject: string; text: string }[]>;
  /** The 6-digit code of the latest mail to this address. */
  lastCode(to: string): Promise<string>;
};

const parseSessionCookie = (setCookie: string[]): string | undefined => {
  for (const line of setCookie) {
    const m = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(line);
    if (m) return decodeURIComponent(m[1] ?? '');
  }
  return undefined;
};

const openTestDatabase = async (): Promise<{ database: Database; drop: () => Promise<void> }> => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { database: await openDatabase({ inMemory: true }), drop: async () => undefined };
  const name = `crm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 4 });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        // The pool has ended, but its connections may still be closing: wait for them, so FORCE
        // (kept for a connection that truly lingers) does not cut one a client still holds.
        for (let tries = 0; tries < 50; tries++) {
          const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
};

/**
 * Every successful answer a test receives is parsed with its endpoint's answer schema (the
 * contract's), so the server and the client cannot drift apart unnoticed.
 */
export const checkAnswer = (method: string, path: string, json: Record<string, unknown>): void => {
  if (json.code !== Code.OK) return;
  const endpoint = endpointAt(new URL(path, 'http://test').pathname);
  if (!endpoint || endpoint.method !== method) return;
  const parsed = endpoint.answer.safeParse(camelKeys(json.data ?? null));
  if (!parsed.success) {
    throw new Error(`${method} ${path} answered data that its contract schema refuses: ${JSON.stringify(parsed.error.issues).slice(0, 600)}`);
  }
};

export const setupTestApp = async (options: { config?: Partial<AppConfig>; googleKeys?: AppDeps['googleKeys']; payments?: AppDeps['payments'] } = {}): Promise<TestApp> => {
  const { database, drop } = await openTestDatabase();
  const clock = createFakeClock(CLOCK_START);
  const logger = createMemoryLogger();
  const db = database.db;
  let config = makeConfig(options.config);
  // Mail takes the production path: queued in the request's transaction, delivered by the queue's
  // worker. The test app runs the due jobs right after a request that queued mail, as a worker
  // would, so a test reads the outbox and the log the way a person on a fresh machine would.
  const runtime = createJobRuntime({ db, clock, logger, config, transport: createLogTransport({ logger }) });
  await runtime.init();
  let mailQueued = false;
  const mailer: Mailer = {
    send: async (mail, sendOptions) => {
      await runtime.mailer.send(mail, sendOptions);
      mailQueued = true;
    },
  };
  let app = createApp({ db, clock, mailer, config, logger, googleKeys: options.googleKeys, jobs: runtime.queue, payments: options.payments });

  const t: TestApp = {
    driver: database.driver,
    db,
    clock,
    logger,
    get config() {
      return config;
    },
    get app() {
      return app;
    },
    rebuild(overrides = {}) {
      config = makeConfig({ ...options.config, ...overrides.config });
      app = createApp({ db, clock, mailer, config, logger, googleKeys: overrides.googleKeys ?? options.googleKeys, jobs: runtime.queue, payments: overrides.payments ?? options.payments });
    },
    runJobs: (o) => runtime.runDue(o),
    async request(method, path, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      let body: string | FormData | undefined;
      if (o.raw !== undefined) body = o.raw;
      else if (o.body !== undefined) body = JSON.stringify(o.body);
      if (typeof body === 'string' && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['content-type'] = 'application/json';
      }
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.cookie !== undefined) headers.cookie = `${SESSION_COOKIE}=${o.cookie}`;
      const res = await app.request(path, { method, headers, body });
      if (mailQueued) {
        mailQueued = false;
        await runtime.runDue();
      }
      const text = await res.text();
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        json = { code: -1, data: null, message: text };
      }
      const setCookie = res.headers.getSetCookie();
      checkAnswer(method, path, json);
      return {
        status: res.status,
        code: json.code as number,
        data: json.data,
        message: json.message as string,
        json,
        text,
        headers: res.headers,
        sessionCookie: parseSessionCookie(setCookie),
        setCookie,
      };
    },
    post(path, body, o = {}) {
      return t.request('POST', path, { ...o, body });
    },
    async reset() {
      const names = Object.values(allTables).map((table: Table) => `"${getTableName(table)}"`);
      await db.execute(sql.raw(`TRUNCATE TABLE ${names.join(', ')} CASCADE`));
      await runtime.queue.clear();
      clock.set(CLOCK_START);
      logger.lines.length = 0;
      t.rebuild();
    },
    async close() {
      await runtime.stop();
      await database.close();
      await drop();
    },
    async count(table) {
      const result = await db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${getTableName(allTables[table])}"`));
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
      return Number(rows[0]?.n ?? 0);
    },
    async mails(to) {
      const q = db.select({ to: outbox.to, subject: outbox.subject, text: outbox.text }).from(outbox);
      return to ? q.where(eq(outbox.to, to)).orderBy(asc(outbox.createdAt)) : q.orderBy(asc(outbox.createdAt));
    },
    async lastCode(to) {
      const list = await t.mails(to);
      const last = list[list.length - 1];
      const m = last ? /\b(\d{6})\b/.exec(last.text) : null;
      if (!m) throw new Error(`no code mailed to ${to}`);
      return m[1]!;
    },
  };
  return t;
};
