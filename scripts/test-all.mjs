#!/usr/bin/env node
// `npm test`: every check the project has, in order, on a fresh machine:
// code generation, type check, lint, unit + model-based + view tests, server tests on embedded
// PGlite, the same server tests on a scratch PostgreSQL server, then the production build and the
// end-to-end journeys in Debian's Chromium against the real server. Ends with `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

/** A vitest run: counts its tests from the JSON report. */
const vitest = (name, project, env = {}) => {
  const out = join(reports, `${name}.json`);
  const status = run('npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
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
  lines.push(`${name}: ${passed} passed, ${failed} failed`);
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
  check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  check('lint', 'npx', ['eslint', '.']);
  vitest('unit-model-ui', 'unit');
  vitest('server-pglite', 'server');

  const { startScratchPostgres, stopScratchPostgres } = await import('./pg-scratch.mjs');
  let pg;
  try {
    pg = await startScratchPostgres();
    vitest('server-postgresql', 'server', { TEST_DATABASE_URL: pg.url });
  } catch (err) {
    console.error('[test] could not start PostgreSQL:', err);
    totals.failed += 1;
    lines.push('server-postgresql: could not start PostgreSQL');
  } finally {
    if (pg) await stopScratchPostgres();
  }

  // The e2e server starts on a fresh embedded database from the migrated template, as `npm start` does.
  // The journeys load the companion extension (dist-extension/) beside the app.
  if (
    check('build', 'npx', ['vite', 'build']) &&
    check('extension-build', 'node', ['scripts/build-extension.mjs']) &&
    check('db-template', 'npm', ['run', '--silent', 'db:template'])
  )
    playwright('e2e-chromium');
  else lines.push('e2e-chromium: not run (build, extension build or database template failed)');
}

console.log('\n' + lines.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
