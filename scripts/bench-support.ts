/**
 * What the server benchmarks share (scripts/bench-throughput.ts, scripts/bench-leads.ts): a real
 * server process on a database of the bench's choosing, plain HTTP calls to it, and the capture of
 * the SQL statements one request runs (answered in-process by the app factory over the same
 * database, with the driver's query method wrapped), so those statements can be run bare through
 * the driver beside the server's figures.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createApp } from '../server/app';
import { systemClock } from '../server/clock';
import { makeConfig } from '../server/config';
import type { Db } from '../server/db/client';
import { createMemoryLogger } from '../server/logger';
import type { Mailer } from '../server/mail';
// @ts-expect-error plain ES module without types
import { startScratchPostgres, stopScratchPostgres } from './pg-scratch.mjs';
import { serverArgs } from './server-command.mjs';

const root = new URL('..', import.meta.url).pathname;

/**
 * A captured statement; `name` when the server ran it as a named (prepared) statement, so the bare
 * run does too; `concurrent` when it started while an earlier statement of the capture was still
 * running (the request ran them at once, e.g. a page and its count).
 */
export type Statement = { text: string; values: unknown[]; name?: string; concurrent?: boolean };
/** Records the statements run through a driver between start() and stop(). */
export type Capture = { start(): void; stop(): Statement[] };

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });

export type BenchServer = { url: string; log: () => string; stop: () => Promise<void>; pid: number };

/**
 * Starts the production server command (scripts/server-command.mjs) on a free loopback port with
 * `env` (the database's: DATA_DIR or DATABASE_URL) and waits until it answers. BENCH_CPU_PROF=DIR
 * writes its V8 CPU profile into DIR.
 */
export const startServer = async (env: Record<string, string>): Promise<BenchServer> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, serverArgs(profile), {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, SMTP_URL: '', MAIL_TRANSPORT: 'log', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      await (await fetch(`${url}/api/wp/user/login/google/config`)).text();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, log: () => log, stop, pid: child.pid! };
};

export const post = async (url: string, path: string, body: unknown, token?: string) => {
  const r = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { code: number; data: Record<string, unknown> | null };
};

const quietMailer: Mailer = { send: async () => undefined } as Mailer;

/** The statements one authenticated request (`POST path` with `body`) runs, answered in-process over `db`. */
export const captureStatements = async (
  db: Db,
  capture: Capture,
  request: { path: string; token: string; body?: unknown },
): Promise<Statement[]> => {
  const app = createApp({ db, clock: systemClock, mailer: quietMailer, config: makeConfig({ publicUrl: 'http://127.0.0.1' }), logger: createMemoryLogger() } as Parameters<typeof createApp>[0]);
  capture.start();
  const res = await app.request(request.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${request.token}` },
    body: JSON.stringify(request.body ?? {}),
  });
  const answer = (await res.json()) as { code: number };
  const statements = capture.stop();
  if (answer.code !== 100000) throw new Error(`in-process request answered ${answer.code}`);
  return statements;
};

/**
 * Wraps the query method of a driver's prototype; `read` turns one call's arguments into a
 * statement (or none). A call ends when its promise settles or its callback (the last argument, as
 * pg's Pool passes one) is called; one that starts while another is running is `concurrent`.
 */
const captureQueries = <Proto extends { query: unknown }>(proto: Proto, read: (args: unknown[]) => Statement | undefined): Capture => {
  let recorded: Statement[] = [];
  let running = 0;
  const original = proto.query;
  return {
    start: () => {
      recorded = [];
      running = 0;
      proto.query = function (this: unknown, ...args: unknown[]) {
        const statement = read(args);
        if (!statement) return (original as (...a: unknown[]) => unknown).apply(this, args);
        recorded.push(running > 0 ? { ...statement, concurrent: true } : statement);
        running++;
        let ended = false;
        const end = () => {
          if (!ended) running--;
          ended = true;
        };
        const last = args[args.length - 1];
        if (typeof last === 'function') {
          args[args.length - 1] = (...results: unknown[]) => {
            end();
            return (last as (...r: unknown[]) => unknown)(...results);
          };
        }
        const result = (original as (...a: unknown[]) => unknown).apply(this, args);
        if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(end, end);
        return result;
      } as Proto['query'];
    },
    stop: () => {
      proto.query = original;
      return recorded;
    },
  };
};

/** Captures what PGlite runs. */
export const pgliteCapture: Capture = captureQueries(PGlite.prototype, ([text, values]) => ({ text: text as string, values: (values as unknown[] | undefined) ?? [] }));

/** Captures what node-postgres runs (through a Pool or a Client). */
export const pgCapture: Capture = captureQueries(pg.Client.prototype, ([first, second]) => {
  if (typeof first === 'string') return { text: first, values: Array.isArray(second) ? second : [] };
  if (first && typeof first === 'object' && 'text' in first) {
    // drizzle passes the statement as a config object and its parameters as the second argument.
    const q = first as { text: string; values?: unknown[]; name?: string };
    return { text: q.text, values: q.values ?? (Array.isArray(second) ? second : []), ...(q.name ? { name: q.name } : {}) };
  }
  return undefined;
});

/** How captured statements are run bare: one at a time, closed when the bare run is over. */
export type BareClient = { run(s: Statement): Promise<unknown>; close(): Promise<void> };

/** A PGlite of its own over `dataDir` (no server may have it open). */
export const pgliteBare = (dataDir: string): BareClient => {
  const client = new PGlite(dataDir);
  return {
    run: async (s) => {
      try {
        return await client.query(s.text, s.values as never[]);
      } catch (e) {
        throw new Error(`bare PGlite statement failed: ${s.text.slice(0, 200)} ${JSON.stringify(s.values)}: ${String(e)}`);
      }
    },
    close: () => client.close(),
  };
};

/** A pool of the server's own size (server/db/client.ts default), so both sides have the same connections. */
export const pgBare = (databaseUrl: string): BareClient => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return {
    run: (s) => pool.query(s.name ? { name: s.name, text: s.text, values: s.values } : { text: s.text, values: s.values }),
    close: () => pool.end(),
  };
};

/** Runs one request's statements bare as the request ran them: in order, those it ran at once together. */
export const runAsCaptured = async (client: BareClient, statements: readonly Statement[]): Promise<void> => {
  let batch: Statement[] = [];
  const flush = async () => {
    if (batch.length === 1) await client.run(batch[0]!);
    else if (batch.length > 1) await Promise.all(batch.map((s) => client.run(s)));
    batch = [];
  };
  for (const s of statements) {
    if (!s.concurrent) await flush();
    batch.push(s);
  }
  await flush();
};

/**
 * A new database on the scratch PostgreSQL server (scripts/pg-scratch.mjs, started when it is not
 * running); `remove` stops that server.
 */
export const scratchPostgresDatabase = async (): Promise<{ url: string; remove: () => Promise<void> }> => {
  const { url } = (await startScratchPostgres()) as { url: string };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `crm_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return { url: dbUrl.toString(), remove: () => stopScratchPostgres() as Promise<void> };
};
