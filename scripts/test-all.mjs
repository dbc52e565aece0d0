#!/usr/bin/env node
// `npm test`: every check the project has, in order, on a fresh machine:
// code generation, type check, lint, unit + model-based + view tests, server tests on embedded
// PGlite, the same server tests on a scratch PostgreSQL server, then the production build and the
// end-to-end journeys in Debian's Chromium against the real server. Ends with `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0 };
const lines = [];
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

/** A step that is one check (type check, lint): counts as one test. */
const check = (name, cmd, args) => {
  const ok = run(cmd, args) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'ok' : 'FAILED'}`);
  return ok;
};

/** Per-name totals of vitest runs (a suite split into shards counts as one line). */
const vitestTotals = new Map();

/** Counts a vitest run's tests from its JSON report (added to its name's line). */
const countVitest = (name, out, status) => {
  let passed = 0;
  let failed = 0;
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed = r.numPassedTests ?? 0;
    failed = r.numFailedTests ?? 0;
  }
  if (status !== 0 && failed === 0) failed = 1; // the run failed without a counted test (e.g. a crash)
  totals.passed += passed;
  totals.failed += failed;
  const seen = vitestTotals.get(name);
  if (seen) {
    seen.passed += passed;
    seen.failed += failed;
    lines[seen.line] = `${name}: ${seen.passed} passed, ${seen.failed} failed`;
  } else {
    vitestTotals.set(name, { passed, failed, line: lines.length });
    lines.push(`${name}: ${passed} passed, ${failed} failed`);
  }
};

const vitestArgs = (project, out) => ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${out}`];

/** A vitest run in the foreground: counts its tests from the JSON report. */
const vitest = (name, project, env = {}) => {
  const out = join(reports, `${name}.json`);
  countVitest(name, out, run('npx', vitestArgs(project, out), env));
};

/**
 * A command in the background, its output kept in `<label>.log` and printed when it ends (two runs
 * side by side would interleave their lines). Resolves with its exit status.
 */
const inBackground = (label, cmd, args, env = {}) => {
  const logPath = join(reports, `${label}.log`);
  const log = createWriteStream(logPath);
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      log.end(() => {
        process.stdout.write(`\n----- ${label} -----\n`);
        process.stdout.write(readFileSync(logPath, 'utf8'));
        resolve(code ?? 1);
      });
    });
  });
};

/** One shard of a vitest project in the background, counted under `name` when it ends. */
const vitestShard = (name, project, shard, env = {}) => async () => {
  const label = shard ? `${name}-${shard.replace('/', 'of')}` : name;
  const out = join(reports, `${label}.json`);
  const args = [...vitestArgs(project, out), ...(shard ? [`--shard=${shard}`] : [])];
  countVitest(name, out, await inBackground(label, 'npx', args, env));
};

/** A one-test check in the background (type check, lint, a build step): counted when it ends. */
const checkInBackground = (name, cmd, args) => async () => {
  const ok = (await inBackground(name, cmd, args)) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'ok' : 'FAILED'}`);
  return ok;
};

/** Runs jobs (functions returning promises) at most `slots` at a time, in the order given. */
const pool = async (slots, jobs) => {
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  };
  await Promise.all(Array.from({ length: Math.min(slots, queue.length) }, worker));
};

const playwright = (name) => {
  const out = join(reports, `${name}.json`);
  const status = run('npx', ['playwright', 'test', '--config', 'tests/e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  let passed = 0;
  let failed = 0;
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    passed = (s.expected ?? 0) + (s.flaky ?? 0);
    failed = s.unexpected ?? 0;
  }
  if (status !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${name}: ${passed} passed, ${failed} failed`);
};

ensureChromium();
if (!check('codegen', 'npm', ['run', '--silent', 'codegen'])) {
  console.log('\ncode generation failed; nothing else can run');
} else {
  // The machine has two cores: two single-threaded checks go side by side.
  await pool(2, [checkInBackground('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']), checkInBackground('lint', 'npx', ['eslint', '.'])]);
  vitest('unit-model-ui', 'unit');
  // The server tests run one file at a time per process (each file owns its database), so each
  // suite is split in two shards and the four shards, then the builds the journeys need, run two
  // at a time, the longest first: both cores stay busy to the end.
  const { startScratchPostgres, stopScratchPostgres } = await import('./pg-scratch.mjs');
  let pg;
  try {
    pg = await startScratchPostgres();
  } catch (err) {
    console.error('[test] could not start PostgreSQL:', err);
    totals.failed += 1;
    lines.push('server-postgresql: could not start PostgreSQL');
  }
  // The e2e server starts on a fresh embedded database from the migrated template, as `npm start` does.
  // The journeys load the companion extension (dist-extension/) beside the app.
  let built = false;
  const builds = async () => {
    built =
      (await checkInBackground('build', 'npx', ['vite', 'build'])()) &&
      (await checkInBackground('extension-build', 'node', ['scripts/build-extension.mjs'])()) &&
      (await checkInBackground('db-template', 'npm', ['run', '--silent', 'db:template'])());
  };
  try {
    const pgEnv = pg ? { TEST_DATABASE_URL: pg.url } : null;
    await pool(2, [
      vitestShard('server-pglite', 'server', '1/2'),
      vitestShard('server-pglite', 'server', '2/2'),
      ...(pgEnv ? [vitestShard('server-postgresql', 'server', '1/2', pgEnv), vitestShard('server-postgresql', 'server', '2/2', pgEnv)] : []),
      builds,
    ]);
  } finally {
    if (pg) await stopScratchPostgres();
  }

  if (built)
    playwright('e2e-chromium');
  else lines.push('e2e-chromium: not run (build, extension build or database template failed)');
}

console.log('\n' + lines.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
