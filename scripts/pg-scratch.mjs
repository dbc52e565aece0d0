#!/usr/bin/env node
/**
 * A throwaway PostgreSQL server for tests (Debian's postgresql, see TOOLCHAIN.md).
 *
 *   node scripts/pg-scratch.mjs start   # prints DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres
 *   node scripts/pg-scratch.mjs stop    # stops it and removes its directory
 *
 * `start` installs postgresql with apt-get when /usr/lib/postgresql/<v>/bin/initdb is missing,
 * initdb's a scratch directory (as the postgres user when run as root), starts the server on a free
 * loopback port and records {dir, port, bin} in .tmp/pg-scratch.json. A second `start` while one
 * runs prints the same URL. Also usable as a module: startScratchPostgres() / stopScratchPostgres().
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const STATE_FILE = join(projectRoot, '.tmp', 'pg-scratch.json');

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The bin directory of the newest installed PostgreSQL, or null. */
const findBin = () => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
};

const ensureInstalled = (log) => {
  let bin = findBin();
  if (bin) return bin;
  if (!isRoot()) throw new Error('PostgreSQL is not installed and installing it needs root (apt-get install -y postgresql)');
  log('[pg-scratch] installing postgresql with apt-get ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'ignore', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { stdio: 'ignore', env });
  bin = findBin();
  if (!bin) throw new Error('apt-get install postgresql did not provide initdb');
  return bin;
};

const quote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/** Runs a PostgreSQL program, as the postgres user when we are root (initdb refuses root). */
const runPg = (bin, program, args) => {
  const exe = join(bin, program);
  if (isRoot()) {
    const cmd = [exe, ...args].map(quote).join(' ');
    return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  }
  return execFileSync(exe, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
};

const freePort = () =>
  new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });

const readState = () => {
  try {
    return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return null;
  }
};

const urlFor = (port) => `postgres://postgres@127.0.0.1:${port}/postgres`;

const isRunning = (state) => {
  try {
    runPg(state.bin, 'pg_ctl', ['-D', join(state.dir, 'data'), 'status']);
    return true;
  } catch {
    return false;
  }
};

/** Starts (or finds the running) scratch server: {url, dir, port}. */
export const startScratchPostgres = async ({ log = () => {} } = {}) => {
  const existing = readState();
  if (existing && existsSync(existing.dir) && isRunning(existing)) {
    return { url: urlFor(existing.port), dir: existing.dir, port: existing.port };
  }
  if (existing) stopScratchPostgres();
  const bin = ensureInstalled(log);
  const dir = mkdtempSync(join(tmpdir(), 'pg-scratch-'));
  const data = join(dir, 'data');
  mkdirSync(data);
  if (isRoot()) {
    const pgUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const pgGid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, pgUid, pgGid);
    chownSync(data, pgUid, pgGid);
  }
  try {
    runPg(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const port = await freePort();
    runPg(bin, 'pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      '-w',
      'start',
    ]);
    mkdirSync(dirname(STATE_FILE), { recursive: true });
    writeFileSync(STATE_FILE, JSON.stringify({ dir, port, bin, startedBy: userInfo().username }, null, 2));
    log(`[pg-scratch] PostgreSQL (${bin}) running in ${dir} on port ${port}`);
    return { url: urlFor(port), dir, port };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
};

/** Stops the scratch server recorded in the state file and removes its directory. */
export const stopScratchPostgres = () => {
  const state = readState();
  if (!state) return false;
  try {
    if (existsSync(join(state.dir, 'data'))) runPg(state.bin, 'pg_ctl', ['-D', join(state.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  } catch {
    // already stopped
  }
  rmSync(state.dir, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
  return true;
};

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const command = process.argv[2];
  const log = (m) => console.error(m);
  if (command === 'start') {
    startScratchPostgres({ log })
      .then(({ url }) => console.log(`DATABASE_URL=${url}`))
      .catch((error) => {
        console.error(`[pg-scratch] ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      });
  } else if (command === 'stop') {
    console.log(stopScratchPostgres() ? '[pg-scratch] stopped' : '[pg-scratch] nothing to stop');
  } else {
    console.error('usage: node scripts/pg-scratch.mjs start|stop');
    process.exit(2);
  }
}
