import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export type RunningServer = { url: string; logFile: string; dataDir: string; stop: () => Promise<void> };

/** A free TCP port on the loopback address. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });

/**
 * Starts the real server (built front end + API) on a fresh embedded database in a temp dir. With
 * `seed`, the demo data (`npm run seed:demo`: the Pro-plan demo workspace and its people) is put in
 * the database first, as a visitor's machine would have it.
 */
export async function startServer(env: Record<string, string> = {}, options: { seed?: boolean } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const serverEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dataDir, 'db'), DATABASE_URL: '', SMTP_URL: '', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env };
  if (options.seed) execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'seed-demo.ts')], { cwd: root, env: serverEnv, stdio: 'ignore' });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${readFileSync(logFile, 'utf8')}`);
    try {
      const r = await fetch(`${url}/crm/`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${readFileSync(logFile, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    logFile,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest 6-digit code the server printed in its log for mail to `email` (the outbox). */
export function lastMailCode(logFile: string, email: string): string | null {
  const lines = readFileSync(logFile, 'utf8').split('\n').filter((l) => l.includes('[mail]') && l.toLowerCase().includes(email.toLowerCase()));
  for (const line of lines.reverse()) {
    const m = /code=(\d{6})/.exec(line) ?? /\b(\d{6})\b/.exec(line);
    if (m) return m[1]!;
  }
  return null;
}
