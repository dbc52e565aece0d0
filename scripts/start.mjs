#!/usr/bin/env node
// `npm start`: builds the front end when it is missing or older than its sources, then starts the
// API server, which also serves the app under /crm/ on the same port (embedded PGlite by default).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverArgs } from './server-command.mjs';

const root = new URL('..', import.meta.url).pathname;
const distIndex = join(root, 'dist', 'index.html');

const newest = (path) => {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
};

const sources = ['src', 'index.html', 'vite.config.ts', 'panda.config.ts', 'package.json'].map((p) => join(root, p));
const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
if (builtAt === 0 || Math.max(...sources.map(newest)) > builtAt) {
  console.log('[start] building the front end ...');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The companion extension (dist-extension/), built when missing or older than its sources.
const extensionManifest = join(root, 'dist-extension', 'manifest.json');
const extensionSources = ['extension', 'src/contract'].map((p) => join(root, p));
const extensionBuiltAt = existsSync(extensionManifest) ? statSync(extensionManifest).mtimeMs : 0;
if (extensionBuiltAt === 0 || Math.max(...extensionSources.map(newest)) > extensionBuiltAt) {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'build-extension.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
console.log(`[start] companion extension: ${join(root, 'dist-extension')} (chrome://extensions, Developer mode, "Load unpacked")`);

// A new embedded database starts from a migrated template (server/db/pglite-template.ts).
if (!process.env.DATABASE_URL) {
  const r = spawnSync('npm', ['run', '--silent', 'db:template'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, serverArgs(), {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
