/**
 * Cheap denial of service through argon2: at most ARGON2_CONCURRENCY hashes run at once (the rest
 * queue), and registration checks before it hashes (a known address costs one argon2 run, not two).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ARGON2_CONCURRENCY, argon2Stats, hashSecret, resetArgon2Peak, verifySecret } from '../../server/auth/passwords';
import { signUp } from './support/accounts';
import { setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

describe('argon2 concurrency gate', () => {
  it('runs at most the configured number of hashes at once and queues the rest', async () => {
    expect(ARGON2_CONCURRENCY).toBeGreaterThanOrEqual(2);
    resetArgon2Peak();
    const before = argon2Stats().started;
    const jobs = Array.from({ length: ARGON2_CONCURRENCY + 6 }, (_, i) => hashSecret(`secret-${i}`));
    // Right after submitting, the surplus waits in the queue.
    expect(argon2Stats().queued).toBeGreaterThanOrEqual(1);
    const hashes = await Promise.all(jobs);
    expect(hashes.every((h) => h.startsWith('$argon2id$'))).toBe(true);
    expect(await verifySecret(hashes[0], 'secret-0')).toBe(true);
    const stats = argon2Stats();
    expect(stats.peak).toBeLessThanOrEqual(ARGON2_CONCURRENCY);
    expect(stats.started - before).toBe(ARGON2_CONCURRENCY + 6 + 1);
    expect(stats.running).toBe(0);
    expect(stats.queued).toBe(0);
  }, 60000);
});

describe('registration', () => {
  it('looks the address up before hashing: a registered address costs one argon2 run', async () => {
    await signUp(t, 'taken@example.com');
    const before = argon2Stats().started;
    const res = await t.post('/api/wp/user/register', { email: 'taken@example.com', password: 'another-pass-1' });
    expect(res.code).toBe(100000);
    expect(argon2Stats().started - before).toBe(1);
    expect((await t.mails('taken@example.com')).at(-1)!.subject).toBe('Sign-up attempt for your Chat CRM account');
  });

  it('hashes nothing when the rate limit refuses the sign-up', async () => {
    const limit = t.config.rateLimits.registerEmail.limit;
    for (let i = 0; i < limit; i++) await t.post('/api/wp/user/register', { email: 'flood@example.com', password: 'another-pass-1' });
    const before = argon2Stats().started;
    expect((await t.post('/api/wp/user/register', { email: 'flood@example.com', password: 'another-pass-1' })).code).toBe(100020);
    expect(argon2Stats().started - before).toBe(0);
  }, 60000);
});
