import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';

const temp: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('keeps PGlite data in the data directory across restarts and re-applies migrations harmlessly', async () => {
    const dataDir = join(tempDir('crm-db-'), 'data');
    const first = await openDatabase({ dataDir });
    expect(first.driver).toBe('pglite');
    await first.db.insert(users).values({ id: 'u1', email: 'kept@example.com', createdAt: new Date() });
    await first.close();
    const second = await openDatabase({ dataDir });
    const rows = await second.db.select().from(users).where(eq(users.id, 'u1'));
    expect(rows.map((r) => r.email)).toEqual(['kept@example.com']);
    await expect(second.db.insert(users).values({ id: 'u2', email: 'UPPER@example.com', createdAt: new Date() })).rejects.toThrow();
    await second.close();
  }, 60000);

  it('fails cleanly when the PostgreSQL server cannot be reached', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/postgres' })).rejects.toThrow();
  });
});

describe('server/main.ts', () => {
  it('starts on the embedded database, logs the URL, serves the API and prints outbox mail', async () => {
    const dataDir = join(tempDir('crm-main-'), 'data');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no Listening line: ${output}`)), 100000);
        const check = () => {
          const m = /Listening on (http:\/\/127\.0\.0\.1:\d+\/crm\/)/.exec(output);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        };
        child.stdout.on('data', check);
        child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
      });
      const origin = new URL(url).origin;
      const config = (await (await fetch(`${origin}/api/wp/user/login/google/config`)).json()) as { data: unknown };
      expect(config.data).toEqual({ enabled: true, client_id: 'abc.apps.googleusercontent.com' });
      const root = await fetch(`${origin}/`, { redirect: 'manual' });
      expect(root.headers.get('location')).toBe('/crm/');
      const reg = (await (
        await fetch(`${origin}/api/wp/user/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'main@example.com', password: 'long-enough-1' }) })
      ).json()) as { code: number };
      expect(reg.code).toBe(100000);
      // The mail is delivered by the job queue's worker in this process (it polls every second).
      const mailLine = /\[mail\] to=main@example\.com subject="Your Chat CRM verification code" code=\d{6}/;
      for (let i = 0; i < 150 && !mailLine.test(output); i += 1) await new Promise((r) => setTimeout(r, 100));
      expect(output).toMatch(mailLine);
      expect(output).toContain('[jobs] started mail=log');
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }, 150000);
});

describe('server/main.ts refuses an unsafe deployment', () => {
  const run = (env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: '', DATABASE_URL: '', SMTP_URL: '', PUBLIC_URL: '', MAIL_TRANSPORT: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('without PUBLIC_URL when DATABASE_URL is set (links would come from nowhere)', async () => {
    const r = await run({ DATABASE_URL: 'postgres://127.0.0.1:1/never', SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(r.code).toBe(1);
    expect(r.output).toContain('[server] refusing to start: PUBLIC_URL is required');
  }, 60000);

  it('without SMTP when DATABASE_URL is set, unless MAIL_TRANSPORT=log', async () => {
    const r = await run({ DATABASE_URL: 'postgres://127.0.0.1:1/never', PUBLIC_URL: 'https://crm.example.com' });
    expect(r.code).toBe(1);
    expect(r.output).toContain('[server] refusing to start: No mail transport: set SMTP_URL');
  }, 60000);
});
