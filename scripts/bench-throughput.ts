/**
 * Authenticated request throughput against the queries that request runs, bare (printed by
 * `npm run bench`; figures only, never asserted).
 *
 * For each database (embedded PGlite, then a scratch PostgreSQL server), the same sequence (`bench`):
 *  1. a real server process is started on a fresh database; a user signs up, confirms and creates
 *     a workspace;
 *  2. autocannon sends `POST /public/workspace/info` with that user's bearer token from 20
 *     connections for 10 s (requests per second, median latency);
 *  3. the SQL that one such request runs is captured (the same request answered in-process by
 *     the app factory over the same database, with the driver's query method wrapped), and those
 *     statements are run bare through the driver from 20 concurrent loops for 10 s;
 *  4. steps 2 and 3 alternate for 3 rounds (the server restarted each round: the embedded database
 *     is one process's), and the medians are printed, with each round's ratio.
 * Each database (a `Subject`) supplies only how to make and open it, how to capture and run bare,
 * and what its lines say. The goal on PostgreSQL: the server within 2x of its bare queries.
 *
 * BENCH_DATABASES=pglite|postgres runs one of the two. BENCH_CONNECTIONS, BENCH_SECONDS and
 * BENCH_ROUNDS change the 20 connections (and loops), the 10 s and the 3 rounds. BENCH_CPU_PROF=DIR writes the server processes' V8
 * CPU profiles into DIR (open them in Chrome DevTools, Performance panel) to see where a request's
 * time goes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { createApp } from '../server/app';
import { systemClock } from '../server/clock';
import { makeConfig } from '../server/config';
import { openDatabase, type OpenDatabaseOptions } from '../server/db/client';
import { createMemoryLogger } from '../server/logger';
import type { Mailer } from '../server/mail';
// @ts-expect-error plain ES module without types
import { startScratchPostgres, stopScratchPostgres } from './pg-scratch.mjs';
import { serverArgs } from './server-command.mjs';

const root = new URL('..', import.meta.url).pathname;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const PATH = '/public/workspace/info';

/** A captured statement; `name` when the server ran it as a named (prepared) statement, so the bare run does too. */
type Statement = { text: string; values: unknown[]; name?: string };
type Figures = { perSecond: number; medianMs: number };
/** Records the statements run through a driver between start() and stop(). */
type Capture = { start(): void; stop(): Statement[] };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });

const startServer = async (env: Record<string, string>) => {
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
  return { url, log: () => log, stop };
};

const post = async (url: string, path: string, body: unknown, token?: string) => {
  const r = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { code: number; data: Record<string, unknown> | null };
};

/** A user with a workspace, signed in: returns the access token. */
const makeUser = async (server: { url: string; log: () => string }): Promise<string> => {
  const email = `bench-${Date.now()}@bench.test`;
  const password = 'bench-pass-123';
  await post(server.url, '/api/wp/user/register', { email, password });
  // The mail worker logs the code shortly after the request answered.
  let code: string | undefined;
  for (let i = 0; i < 200 && !code; i++) {
    code = [...server.log().matchAll(/code=(\d{6})/g)].pop()?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 50));
  }
  if (!code) throw new Error(`no sign-up code in the server log:\n${server.log()}`);
  const verified = await post(server.url, '/api/wp/user/register/verify', { email, code });
  const token = verified.data?.access_token;
  if (typeof token !== 'string') throw new Error(`sign-up failed: ${JSON.stringify(verified)}`);
  const created = await post(server.url, '/public/workspace/create', { workspace_name: 'Bench team', invite_emails: [] }, token);
  if (created.code !== 100000) throw new Error(`workspace create failed: ${JSON.stringify(created)}`);
  return token;
};

const loadHttp = async (url: string, token: string): Promise<Figures> => {
  const result = await autocannon({
    url: url + PATH,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`load run had ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return { perSecond: result.requests.average, medianMs: result.latency.p50 };
};

/** Runs `once` from CONNECTIONS concurrent loops for SECONDS; counts completed rounds. */
const loadBare = async (once: () => Promise<void>): Promise<Figures> => {
  const end = performance.now() + SECONDS * 1000;
  const latencies: number[] = [];
  const loop = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      await once();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / SECONDS, medianMs: latencies[Math.floor(latencies.length / 2)] ?? 0 };
};

const quietMailer: Mailer = { send: async () => undefined } as Mailer;

/** The statements one authenticated request runs, answered in-process over `db`. */
const captureStatements = async (
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  token: string,
  capture: Capture,
): Promise<Statement[]> => {
  const app = createApp({ db, clock: systemClock, mailer: quietMailer, config: makeConfig({ publicUrl: 'http://127.0.0.1' }), logger: createMemoryLogger() } as Parameters<typeof createApp>[0]);
  capture.start();
  const res = await app.request(PATH, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' });
  const answer = (await res.json()) as { code: number };
  const statements = capture.stop();
  if (answer.code !== 100000) throw new Error(`in-process request answered ${answer.code}`);
  return statements;
};

const line = (label: string, f: Figures) => `${label}: ${f.perSecond.toFixed(0)} req/s, median ${f.medianMs.toFixed(1)} ms`;

/** How captured statements are run bare: one at a time, closed when the bare run is over. */
type BareClient = { run(s: Statement): Promise<unknown>; close(): Promise<void> };

/** A fresh database for one bench: the server's env for it, how to open it in-process and bare, and how to remove it. */
type Scratch = { env: Record<string, string>; open: OpenDatabaseOptions; bare(): Promise<BareClient>; remove(): Promise<void> };

/** What one database brings; the sequence that measures it is `bench`. */
type Subject = {
  /** Names the database in its three lines. */
  label: string;
  scratch(): Promise<Scratch>;
  capture: Capture;
  /** Said after "bare N queries". */
  detail(statements: Statement[]): string;
  /** Said after the ratio. */
  goal: string;
};

/** Wraps the query method of a driver's prototype; `read` turns one call's arguments into a statement (or none). */
const captureQueries = <Proto extends { query: unknown }>(proto: Proto, read: (args: unknown[]) => Statement | undefined): Capture => {
  let recorded: Statement[] = [];
  const original = proto.query;
  return {
    start: () => {
      recorded = [];
      proto.query = function (this: unknown, ...args: unknown[]) {
        const statement = read(args);
        if (statement) recorded.push(statement);
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as Proto['query'];
    },
    stop: () => {
      proto.query = original;
      return recorded;
    },
  };
};

const pglite: Subject = {
  label: 'PGlite',
  scratch: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crm-bench-tp-'));
    const dataDir = join(dir, 'db');
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: { dataDir },
      bare: async () => {
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
      },
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
  capture: captureQueries(PGlite.prototype, ([text, values]) => ({ text: text as string, values: (values as unknown[] | undefined) ?? [] })),
  detail: () => '',
  goal: '',
};

const postgres: Subject = {
  label: 'PostgreSQL',
  scratch: async () => {
    const { url } = (await startScratchPostgres()) as { url: string };
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = `crm_bench_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: dbUrl.toString() },
      open: { databaseUrl: dbUrl.toString() },
      bare: async () => {
        // The server's own pool size (server/db/client.ts default), so both sides have the same connections.
        const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 10 });
        return {
          run: (s) => pool.query(s.name ? { name: s.name, text: s.text, values: s.values } : { text: s.text, values: s.values }),
          close: () => pool.end(),
        };
      },
      remove: () => stopScratchPostgres() as Promise<void>,
    };
  },
  capture: captureQueries(pg.Client.prototype, ([first, second]) => {
    if (typeof first === 'string') return { text: first, values: Array.isArray(second) ? second : [] };
    if (first && typeof first === 'object' && 'text' in first) {
      // drizzle passes the statement as a config object and its parameters as the second argument.
      const q = first as { text: string; values?: unknown[]; name?: string };
      return { text: q.text, values: q.values ?? (Array.isArray(second) ? second : []), ...(q.name ? { name: q.name } : {}) };
    }
    return undefined;
  }),
  detail: (statements) => ` (${statements.filter((s) => s.name).length} prepared, as the server runs them)`,
  goal: ' (goal: within 2x, i.e. >= 0.50)',
};

/** The middle figure of a few (by requests per second). */
const medianOf = (figures: Figures[]): Figures => [...figures].sort((x, y) => x.perSecond - y.perSecond)[Math.floor(figures.length / 2)]!;

/**
 * ROUNDS rounds on a fresh database of `subject`, each the server under load then the statements
 * of one request bare (alternating, so a slow spell of a shared machine does not fall on one side
 * only); three lines: the median server and bare figures and the median of the rounds' ratios.
 */
const bench = async (subject: Subject): Promise<string[]> => {
  const scratch = await subject.scratch();
  try {
    const rounds: { http: Figures; bare: Figures }[] = [];
    let token: string | undefined;
    let statements: Statement[] | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      // The embedded database is one process's: the server stops before the bare run, each round.
      const server = await startServer(scratch.env);
      let http: Figures;
      try {
        token ??= await makeUser(server);
        http = await loadHttp(server.url, token);
      } finally {
        await server.stop();
      }
      if (!statements) {
        const database = await openDatabase(scratch.open);
        statements = await captureStatements(database.db, token, subject.capture);
        await database.close();
      }
      const captured = statements;
      const client = await scratch.bare();
      const bare = await loadBare(async () => {
        for (const s of captured) await client.run(s);
      });
      await client.close();
      rounds.push({ http, bare });
    }
    const ratios = rounds.map((r) => r.http.perSecond / r.bare.perSecond).sort((x, y) => x - y);
    const label = `  ${subject.label.padEnd('PostgreSQL'.length)}`;
    return [
      line(`${label} server`, medianOf(rounds.map((r) => r.http))),
      line(`${label} bare ${statements!.length} queries${subject.detail(statements!)}`, medianOf(rounds.map((r) => r.bare))),
      `${label} server / bare: ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}${subject.goal} (rounds: ${rounds.map((r) => (r.http.perSecond / r.bare.perSecond).toFixed(2)).join(', ')})`,
    ];
  } finally {
    await scratch.remove();
  }
};

const main = async () => {
  const lines = [`authenticated POST ${PATH}, ${CONNECTIONS} connections, ${SECONDS} s:`];
  // BENCH_DATABASES=postgres (or pglite) runs one of the two.
  const only = process.env.BENCH_DATABASES;
  if (!only || only === 'pglite') lines.push(...(await bench(pglite)));
  if (!only || only === 'postgres') lines.push(...(await bench(postgres)));
  console.log(lines.join('\n'));
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
