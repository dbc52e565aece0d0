import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { freePort, startServer } from './server';

const root = new URL('../..', import.meta.url).pathname;
export const stateFile = join(root, '.tmp', 'e2e-server.json');

/** Starts one real server for the whole run; tests read its URL and log from the environment. */
export default async function globalSetup() {
  // DIST_DIR (as for the server) runs the journeys against another build of the front end.
  const dist = process.env.DIST_DIR || join(root, 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`build the front end first (npx vite build): ${dist}`);
  // The demo data gives the journeys a workspace on a paid plan (exports) beside the ones they make.
  // The webhook journey's receiver listens on this port; the server lets deliveries reach it there
  // only (outgoing requests to local addresses are otherwise refused: server/webhooks/safe-http.ts).
  const webhookPort = await freePort();
  // The server trusts X-Forwarded-For from the loopback address, as behind a local proxy: the
  // journeys share one client address, whose sign-ups per hour are limited (20), so a journey that
  // signs up beyond them comes as another client (its context sends X-Forwarded-For).
  const server = await startServer({ WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${webhookPort}`, TRUST_PROXY: '127.0.0.1' }, { seed: true });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_WEBHOOK_PORT = String(webhookPort);
  process.env.E2E_SERVER_LOG = server.logFile;
  // .tmp is git-ignored: a fresh clone does not have it.
  mkdirSync(dirname(stateFile), { recursive: true });
  writeFileSync(stateFile, JSON.stringify({ url: server.url, log: server.logFile, webhookPort }));
  return async () => {
    await server.stop();
  };
}
