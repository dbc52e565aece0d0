/**
 * Lockout by design is gone: only failed sign-ins count, password change has its own bucket, and
 * ended rate-limit windows are purged (purgeExpiredRateLimits, called by the periodic purge job).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enforceRateLimits, purgeExpiredRateLimits } from '../../server/auth/rate-limit';
import { rateLimits } from '../../server/db/schema';
import { PASSWORD, signUp } from './support/accounts';
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

const login = (email: string, password: string) => t.post('/api/wp/user/login', { email, password });
const MINUTE = 60 * 1000;

describe('sign-in and password-change rate limits', () => {
  it('does not count successful sign-ins', async () => {
    await signUp(t, 'often@example.com');
    const limit = t.config.rateLimits.loginEmail.limit;
    for (let i = 0; i < limit + 5; i++) expect((await login('often@example.com', PASSWORD)).code, `sign-in ${i + 1}`).toBe(100000);
  }, 60000);

  it('still counts failures, and a success in between does not reset them', async () => {
    await signUp(t, 'guess@example.com');
    const limit = t.config.rateLimits.loginEmail.limit;
    for (let i = 0; i < limit - 1; i++) expect((await login('guess@example.com', 'wrong-password')).code).toBe(100006);
    expect((await login('guess@example.com', PASSWORD)).code).toBe(100000);
    expect((await login('guess@example.com', 'wrong-password')).code).toBe(100006);
    expect((await login('guess@example.com', PASSWORD)).code).toBe(100020);
  }, 60000);

  it('keeps password change in its own bucket: wrong current passwords do not lock sign-in', async () => {
    const who = await signUp(t, 'change@example.com');
    const limit = t.config.rateLimits.passwordChangeUser.limit;
    const change = (old: string) => t.post('/api/wp/user/password/change', { old_password: old, new_password: 'changed-pass-1' }, { token: who.accessToken });
    for (let i = 0; i < limit; i++) expect((await change('not-it-at-all')).code).toBe(100019);
    expect((await change('not-it-at-all')).code).toBe(100020);
    expect((await change(PASSWORD)).code).toBe(100020);
    expect((await login('change@example.com', PASSWORD)).code).toBe(100000);
    t.clock.advance(t.config.rateLimits.passwordChangeUser.windowSeconds * 1000);
    expect((await change(PASSWORD)).code).toBe(100000);
  }, 60000);

  it('does not count sign-ins toward password change either', async () => {
    const who = await signUp(t, 'both@example.com');
    for (let i = 0; i < t.config.rateLimits.loginEmail.limit; i++) await login('both@example.com', 'wrong-password');
    expect((await login('both@example.com', PASSWORD)).code).toBe(100020);
    const change = await t.post('/api/wp/user/password/change', { old_password: PASSWORD, new_password: 'changed-pass-1' }, { token: who.accessToken });
    expect(change.code).toBe(100000);
  }, 60000);
});

describe('purgeExpiredRateLimits', () => {
  it('deletes the windows that have ended and keeps the current ones', async () => {
    const now = t.clock.now();
    const short = { limit: 5, windowSeconds: 60 };
    const long = { limit: 5, windowSeconds: 3600 };
    await enforceRateLimits(t.db, [{ bucket: 'a', rule: short }, { bucket: 'b', rule: long }], now);
    const later = new Date(now.getTime() + 2 * MINUTE);
    await enforceRateLimits(t.db, [{ bucket: 'c', rule: short }], later);
    expect(await purgeExpiredRateLimits(t.db, later)).toBe(1);
    expect((await t.db.select({ bucket: rateLimits.bucket }).from(rateLimits)).map((r) => r.bucket).sort()).toEqual(['b', 'c']);
    expect(await purgeExpiredRateLimits(t.db, new Date(now.getTime() + 2 * 60 * MINUTE))).toBe(2);
    expect(await t.count('rateLimits')).toBe(0);
  });
});
