/**
 * Authenticated request throughput against the queries that request runs, bare (printed by
 * `npm run bench`; figures only, never asserted).
 *
 * For each database (embedded PGlite, then a scratch PostgreSQL server), the same sequence (`bench`):
 *  1. a real server process is started on a fresh database; a user signs up, confirms and creates
 *     a workspace;
 *  2. wrk sends `POST /public/workspace/info` with that user's bearer token from 20 connections
 *     for 10 s (requests per second, median latency, and the server process's CPU time per
 *     request);
 *  3. the SQL that one such request runs is captured (the same request answered in-process by
 *     the app factory over the same database, with the driver's query method wrapped), and those
 *     statements are run bare through the driver from 20 concurrent loops for 10 s (and this
 *     process's CPU time per round of them);
 *  4. steps 2 and 3 alternate for 3 rounds (the server restarted each round: the embedded database
 *     is one process's), and the medians are printed, with each round's ratio.
 * Each database (a `Subject`) supplies only how to make and open it, how to capture and run bare,
 * and what its lines say. The goal on PostgreSQL: the server within 2x of its bare queries.
 *
 * The load generator is wrk (C, one thread; installed with apt-get when missing, as root), not
 * autocannon: on a two-core machine the generator shares the cores with the server and its
 * database, a cost the bare side never pays. Measured here, autocannon (Node) spent about 66 µs of
 * CPU a request, wrk about 22. BENCH_LOAD=autocannon measures with autocannon instead. The CPU
 * figures (the server process's per request, the bare loops' per round) move less with a noisy
 * machine than the rates do: compare changes by them.
 *
 * BENCH_DATABASES=pglite|postgres runs one of the two. BENCH_CONNECTIONS, BENCH_SECONDS and
 * BENCH_ROUNDS change the 20 connections (and loops), the 10 s and the 3 rounds. BENCH_CPU_PROF=DIR writes the server processes' V8
 * CPU profiles into DIR (open them in Chrome DevTools, Performance panel) to see where a request's
 * time goes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase, type OpenDatabaseOptions } from '../server/db/client';
import {
  captureStatements,
  pgBare,
  pgCapture,
  pgliteBare,
  pgliteCapture,
  post,
  scratchPostgresDatabase,
  startServer,
  type BareClient,
  type Capture,
  type Statement,
} from './bench-support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const PATH = '/public/workspace/info';

type Figures = { perSecond: number; medianMs: number; cpuUsPerRequest?: number };

/** User plus system CPU time of a process so far, in microseconds (Linux /proc; clock ticks of 10 ms). */
const processCpuUs = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
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

/** wrk from Debian, installed when missing (the bench already needs root for PostgreSQL, see pg-scratch.mjs). */
const ensureWrk = () => {
  const found = spawnSync('wrk', ['--version']);
  if (!found.error) return;
  if (process.getuid?.() !== 0) throw new Error('wrk is not installed and installing it needs root (apt-get install -y wrk)');
  console.error('[bench] installing wrk with apt-get ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'wrk'], { stdio: 'ignore', env }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'ignore', env });
    if (!install()) throw new Error('apt-get install wrk failed');
  }
};

/** wrk's duration text ("850.12us", "2.31ms", "1.02s") in milliseconds. */
const wrkMs = (text: string): number => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!m) throw new Error(`unreadable wrk latency: ${text}`);
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
};

const loadHttpWrk = async (url: string, token: string): Promise<Figures> => {
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-wrk-'));
  const script = join(dir, 'post.lua');
  writeFileSync(
    script,
    `wrk.method = "POST"\nwrk.body = "{}"\nwrk.headers["content-type"] = "application/json"\nwrk.headers["authorization"] = "Bearer ${token}"\n`,
  );
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '-s', script, url + PATH]);
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}:\n${text}`))));
    });
    if (/Non-2xx or 3xx responses: [1-9]/.test(out) || /Socket errors:.*[1-9]/.test(out)) throw new Error(`wrk load run had failures:\n${out}`);
    const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
    const median = /^\s*50%\s+(\S+)\s*$/m.exec(out)?.[1];
    if (!perSecond || !median) throw new Error(`unreadable wrk output:\n${out}`);
    return { perSecond, medianMs: wrkMs(median) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

const line = (label: string, f: Figures) =>
  `${label}: ${f.perSecond.toFixed(0)} req/s, median ${f.medianMs.toFixed(1)} ms` +
  (f.cpuUsPerRequest === undefined ? '' : `, ${f.cpuUsPerRequest.toFixed(0)} µs CPU each`);

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

const pglite: Subject = {
  label: 'PGlite',
  scratch: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crm-bench-tp-'));
    const dataDir = join(dir, 'db');
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: { dataDir },
      bare: async () => pgliteBare(dataDir),
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
  capture: pgliteCapture,
  detail: () => '',
  goal: '',
};

const postgres: Subject = {
  label: 'PostgreSQL',
  scratch: async () => {
    const database = await scratchPostgresDatabase();
    return {
      env: { DATABASE_URL: database.url },
      open: { databaseUrl: database.url },
      bare: async () => pgBare(database.url),
      remove: database.remove,
    };
  },
  capture: pgCapture,
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
        const cpuBefore = processCpuUs(server.pid);
        http = await (process.env.BENCH_LOAD === 'autocannon' ? loadHttp : loadHttpWrk)(server.url, token);
        http.cpuUsPerRequest = (processCpuUs(server.pid) - cpuBefore) / (http.perSecond * SECONDS);
      } finally {
        await server.stop();
      }
      if (!statements) {
        const database = await openDatabase(scratch.open);
        statements = await captureStatements(database.db, subject.capture, { path: PATH, token });
        await database.close();
      }
      const captured = statements;
      const client = await scratch.bare();
      const cpuBefore = process.cpuUsage();
      const bare = await loadBare(async () => {
        for (const s of captured) await client.run(s);
      });
      const cpu = process.cpuUsage(cpuBefore);
      bare.cpuUsPerRequest = (cpu.user + cpu.system) / (bare.perSecond * SECONDS);
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
  const generator = process.env.BENCH_LOAD === 'autocannon' ? 'autocannon' : 'wrk';
  if (generator === 'wrk') ensureWrk();
  const lines = [`authenticated POST ${PATH}, ${CONNECTIONS} connections, ${SECONDS} s, ${generator}:`];
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
