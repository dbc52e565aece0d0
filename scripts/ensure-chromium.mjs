#!/usr/bin/env node
// Installs Debian's Chromium when it is missing (browsers cannot be downloaded by Playwright here).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  console.log('[chromium] not found, installing Debian chromium ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const run = (args) => spawnSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: 'inherit', env });
  run(['apt-get', 'update', '-qq']);
  const r = run(['apt-get', 'install', '-y', '-qq', 'chromium']);
  if (r.status !== 0 || !existsSync(CHROMIUM)) throw new Error('could not install chromium');
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
