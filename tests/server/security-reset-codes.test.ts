/**
 * Reset-code guessing: attempts are counted atomically (parallel guesses cannot pass the cap),
 * capped per code and per account per day, pending codes die when the password changes, and
 * the owner is mailed after every password change or reset.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../server/db/schema';
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

const requestReset = (email: string) => t.post('/api/wp/user/password/reset-request', { email });
const reset = (email: string, code: string, password = 'brand-new-pass') => t.post('/api/wp/user/password/reset', { email, code, password });
const wrongFor = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
const MINUTE = 60 * 1000;

describe('reset-code guessing', () => {
  it('counts parallel wrong guesses atomically: the code dies after the allowed attempts', async () => {
    await signUp(t, 'parallel@example.com');
    await requestReset('parallel@example.com');
    const code = await t.lastCode('parallel@example.com');
    // More parallel guesses than a code allows (and within the per-email window: sign-up used one check).
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => reset('parallel@example.com', wrongFor(code, i))));
    expect(answers.every((a) => a.code === 100017)).toBe(true);
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.purpose, 'reset'));
    expect(row!.attempts).toBe(t.config.codeMaxAttempts);
    expect(row!.voidedAt).not.toBeNull();
    // The right code no longer works either (next rate-limit window, so only the code's own cap speaks).
    t.clock.advance(15 * MINUTE);
    expect((await reset('parallel@example.com', code)).code).toBe(100017);
  }, 60000);

  it('caps code checks per account per day, across newly requested codes', async () => {
    await signUp(t, 'daily@example.com');
    const dayLimit = t.config.rateLimits.codeEmailDay.limit;
    let used = 1; // the sign-up verification
    let code = '';
    while (used < dayLimit) {
      expect((await requestReset('daily@example.com')).code).toBe(100000);
      code = await t.lastCode('daily@example.com');
      for (let i = 0; i < 4 && used < dayLimit; i++, used++) expect((await reset('daily@example.com', wrongFor(code, i))).code).toBe(100017);
      t.clock.advance(15 * MINUTE);
    }
    // The day's checks are spent: even the right code of a fresh request is refused until tomorrow.
    t.clock.advance(60 * MINUTE);
    await requestReset('daily@example.com');
    code = await t.lastCode('daily@example.com');
    expect((await reset('daily@example.com', code)).code).toBe(100020);
    t.clock.advance(24 * 60 * MINUTE);
    expect((await reset('daily@example.com', code)).code).not.toBe(100020);
  }, 120000);

  it('voids a pending reset code when the password is changed', async () => {
    const who = await signUp(t, 'pending@example.com');
    await requestReset('pending@example.com');
    const code = await t.lastCode('pending@example.com');
    const changed = await t.post('/api/wp/user/password/change', { old_password: PASSWORD, new_password: 'changed-pass-1' }, { token: who.accessToken });
    expect(changed.code).toBe(100000);
    expect((await reset('pending@example.com', code)).code).toBe(100017);
    expect((await t.post('/api/wp/user/login', { email: 'pending@example.com', password: 'changed-pass-1' })).code).toBe(100000);
  });

  it('mails the owner after a password change and after a reset', async () => {
    const who = await signUp(t, 'notify@example.com');
    const changed = await t.post('/api/wp/user/password/change', { old_password: PASSWORD, new_password: 'changed-pass-1' }, { token: who.accessToken });
    expect(changed.code).toBe(100000);
    let notices = (await t.mails('notify@example.com')).filter((m) => m.subject === 'Your Chat CRM password was changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/changed/);

    await requestReset('notify@example.com');
    expect((await reset('notify@example.com', await t.lastCode('notify@example.com'))).code).toBe(100000);
    notices = (await t.mails('notify@example.com')).filter((m) => m.subject === 'Your Chat CRM password was changed');
    expect(notices).toHaveLength(2);
    expect(notices[1]!.text).toMatch(/reset/);
  });

  it('mails nothing when the change is refused', async () => {
    const who = await signUp(t, 'quiet@example.com');
    const refused = await t.post('/api/wp/user/password/change', { old_password: 'not-it-at-all', new_password: 'changed-pass-1' }, { token: who.accessToken });
    expect(refused.code).toBe(100019);
    expect((await t.mails('quiet@example.com')).filter((m) => m.subject === 'Your Chat CRM password was changed')).toHaveLength(0);
  });
});
