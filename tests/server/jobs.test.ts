/**
 * The job queue (server/jobs/queue.ts, pg-boss) on the suite's driver (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set): jobs run once, enqueue follows the caller's transaction, failures are
 * retried with backoff and end failed; the purge job removes what outlived its retention.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeConfig } from '../../server/config';
import { outbox, rateLimits, sessions, users, verificationCodes } from '../../server/db/schema';
import { purgeAll } from '../../server/jobs/purge';
import { createJobQueue, type JobQueue } from '../../server/jobs/queue';
import { createJobRuntime } from '../../server/jobs/runtime';
import { createLogTransport } from '../../server/mail';
import { setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
const queues: JobQueue[] = [];
beforeAll(async () => {
  t = await setupTestApp();
});
afterEach(async () => {
  for (const q of queues.splice(0)) {
    await q.clear();
    await q.stop();
  }
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

const newQueue = () => {
  const q = createJobQueue({ db: t.db, logger: t.logger });
  queues.push(q);
  return q;
};

describe('job queue', () => {
  it('runs an enqueued job once with its payload', async () => {
    const q = newQueue();
    const seen: unknown[] = [];
    q.work<{ n: number }>('test.once', async (payload) => {
      seen.push(payload);
    });
    await q.init();
    const id = await q.enqueue('test.once', { n: 7 });
    expect(id).toBeTypeOf('string');
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 7 }]);
    expect((await q.job('test.once', id!))?.state).toBe('completed');
  });

  it('enqueues inside the caller transaction: a rolled-back transaction leaves no job', async () => {
    const q = newQueue();
    const seen: string[] = [];
    q.work<{ tag: string }>('test.tx', async (payload) => {
      seen.push(payload.tag);
    });
    await q.init();
    await expect(
      t.db.transaction(async (tx) => {
        await q.enqueue('test.tx', { tag: 'rolled-back' }, { tx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await t.db.transaction(async (tx) => {
      await q.enqueue('test.tx', { tag: 'committed' }, { tx });
    });
    expect(await q.count('test.tx')).toBe(1);
    await q.runDue();
    expect(seen).toEqual(['committed']);
  });

  it('puts a failed job back with a growing delay and marks it failed after its last retry', async () => {
    const q = newQueue();
    let calls = 0;
    q.work(
      'test.flaky',
      async () => {
        calls += 1;
        throw new Error(`attempt ${calls} failed`);
      },
      { retryLimit: 2, retryDelaySeconds: 30, retryBackoff: true },
    );
    await q.init();
    const id = (await q.enqueue('test.flaky', {}))!;
    const before = Date.now();
    expect(await q.runDue()).toBe(1);
    const first = await q.job('test.flaky', id);
    expect(first?.state).toBe('retry');
    // Not due again at once: the backoff put it at least 30 s later.
    expect(first!.startAfter.getTime()).toBeGreaterThan(before + 29_000);
    expect(await q.runDue()).toBe(0);
    expect(calls).toBe(1);
    expect(await q.runDue({ includeDelayed: true })).toBe(1);
    expect(await q.runDue({ includeDelayed: true })).toBe(1);
    const last = await q.job('test.flaky', id);
    expect(last?.state).toBe('failed');
    expect(last?.retryCount).toBe(2);
    expect(calls).toBe(3);
    expect(t.logger.lines.some((l) => l.level === 'error' && l.line.includes('[jobs] failed for good') && l.line.includes('name=test.flaky'))).toBe(true);
  });

  it('refuses a job no handler is registered for', async () => {
    const q = newQueue();
    q.work('test.known', async () => undefined);
    await q.init();
    await expect(q.enqueue('test.unknown', {})).rejects.toThrow(/no handler/);
  });

  it('gives a singleton key at most one job per time slot', async () => {
    const q = newQueue();
    q.work('test.single', async () => undefined);
    await q.init();
    const a = await q.enqueue('test.single', {}, { singletonKey: 'k', singletonSeconds: 3600 });
    const b = await q.enqueue('test.single', {}, { singletonKey: 'k', singletonSeconds: 3600 });
    expect(a).toBeTypeOf('string');
    expect(b).toBeNull();
    expect(await q.count('test.single')).toBe(1);
  });
});

describe('purge', () => {
  const day = 24 * 60 * 60 * 1000;
  const ago = (now: Date, days: number) => new Date(now.getTime() - days * day);

  it('deletes delivered outbox rows, ended rate-limit windows, sessions and codes past their retention, and keeps the rest', async () => {
    const now = t.clock.now();
    await t.db.insert(outbox).values([
      { id: 'old-delivered', to: 'a@x.test', subject: 's', text: 'code 111111', createdAt: ago(now, 8), deliveredAt: ago(now, 8) },
      { id: 'new-delivered', to: 'a@x.test', subject: 's', text: 'code 222222', createdAt: ago(now, 1), deliveredAt: ago(now, 1) },
      { id: 'old-pending', to: 'a@x.test', subject: 's', text: 'code 333333', createdAt: ago(now, 8) },
    ]);
    await t.db.insert(rateLimits).values([
      { bucket: 'login:email:a@x.test', windowStart: new Date(now.getTime() - 30 * 60_000), expiresAt: new Date(now.getTime() - 15 * 60_000), count: 3 },
      { bucket: 'login:email:b@x.test', windowStart: new Date(now.getTime() - 5 * 60_000), expiresAt: new Date(now.getTime() + 10 * 60_000), count: 1 },
    ]);
    await t.db.insert(users).values({ id: 'u1', email: 'a@x.test', createdAt: ago(now, 90) });
    const session = (id: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      id,
      userId: 'u1',
      refreshTokenHash: `r-${id}`,
      accessTokenHash: `a-${id}`,
      accessExpiresAt: expiresAt,
      expiresAt,
      createdAt: ago(now, 60),
      revokedAt,
    });
    await t.db.insert(sessions).values([
      session('expired-long-ago', ago(now, 8)),
      session('revoked-long-ago', new Date(now.getTime() + 10 * day), ago(now, 8)),
      session('expired-yesterday', ago(now, 1)),
      session('live', new Date(now.getTime() + 10 * day)),
    ]);
    const code = (id: string, expiresAt: Date) => ({ id, purpose: 'reset' as const, email: 'a@x.test', codeHash: 'h', createdAt: ago(now, 20), expiresAt });
    await t.db.insert(verificationCodes).values([code('code-old', ago(now, 8)), code('code-live', new Date(now.getTime() + day))]);

    const counts = await purgeAll(t.db, now, makeConfig({ outboxRetentionDays: 7, expiredRetentionDays: 7 }));
    expect(counts).toEqual({ outbox: 1, rateLimits: 1, sessions: 2, codes: 1 });
    expect((await t.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id).sort()).toEqual(['new-delivered', 'old-pending']);
    expect((await t.db.select({ bucket: rateLimits.bucket }).from(rateLimits)).map((r) => r.bucket)).toEqual(['login:email:b@x.test']);
    expect((await t.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id).sort()).toEqual(['expired-yesterday', 'live']);
    expect((await t.db.select({ id: verificationCodes.id }).from(verificationCodes)).map((r) => r.id)).toEqual(['code-live']);
  });

  it('runs as the maintenance.purge job of the runtime, with the outbox retention from the configuration', async () => {
    const runtime = createJobRuntime({
      db: t.db,
      clock: t.clock,
      logger: t.logger,
      config: makeConfig({ outboxRetentionDays: 2 }),
      transport: createLogTransport({ logger: t.logger }),
    });
    queues.push(runtime.queue);
    await runtime.init();
    const now = t.clock.now();
    await t.db.insert(outbox).values({ id: randomUUID(), to: 'a@x.test', subject: 's', text: 't', createdAt: ago(now, 3), deliveredAt: ago(now, 3) });
    await runtime.queue.enqueue('maintenance.purge', {});
    expect(await runtime.runDue()).toBe(1);
    expect(await t.count('outbox')).toBe(0);
    expect(t.logger.lines.some((l) => l.line.startsWith('[jobs] purged outbox=1'))).toBe(true);
  });
});
