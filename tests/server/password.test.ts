import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users, verificationCodes } from '../../server/db/schema';
import { PASSWORD, signIn, signUp } from './support/accounts';
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

const HOUR = 60 * 60 * 1000;
const requestReset = (email: string) => t.post('/api/wp/user/password/reset-request', { email });
const reset = (email: string, code: string, password: string) => t.post('/api/wp/user/password/reset', { email, code, password });
const login = (email: string, password: string) => t.post('/api/wp/user/login', { email, password });
const userInfo = (token: string) => t.request('GET', '/api/crm/v2/user/info/', { token });
const passwordHashOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]?.passwordHash;

describe('password reset', () => {
  it('mails a code valid 72 hours; reset sets the password and signs out every session', async () => {
    const who = await signUp(t, 'reset@example.com');
    const res = await requestReset('reset@example.com');
    expect(res.json).toEqual({ code: 100000, data: null, message: 'success' });
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.purpose, 'reset'));
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(72 * HOUR);
    const code = await t.lastCode('reset@example.com');
    expect(row!.codeHash).toMatch(/^\$argon2id\$/);
    expect((await t.mails('reset@example.com')).at(-1)!.text).toContain('72 hours');

    t.clock.advance(71 * HOUR);
    expect((await reset('reset@example.com', code, 'brand-new-pass')).code).toBe(100000);
    expect((await login('reset@example.com', PASSWORD)).code).toBe(100006);
    expect((await login('reset@example.com', 'brand-new-pass')).code).toBe(100000);
    expect((await userInfo(who.accessToken)).code).not.toBe(100000);
    expect((await t.post('/api/token/', {}, { cookie: who.cookie })).code).toBe(100006);
  });

  it('answers 100000 for an unknown email and mails nothing', async () => {
    const res = await requestReset('nobody@example.com');
    expect(res.json).toEqual({ code: 100000, data: null, message: 'success' });
    expect(await t.count('verificationCodes')).toBe(0);
    expect(await t.count('outbox')).toBe(0);
    expect((await reset('nobody@example.com', '123456', 'brand-new-pass')).code).toBe(100017);
  });

  it('refuses an expired code', async () => {
    await signUp(t, 'late@example.com');
    await requestReset('late@example.com');
    const code = await t.lastCode('late@example.com');
    const before = await passwordHashOf('late@example.com');
    t.clock.advance(72 * HOUR + 1000);
    expect((await reset('late@example.com', code, 'brand-new-pass')).code).toBe(100017);
    expect(await passwordHashOf('late@example.com')).toBe(before);
  });

  it('uses a code once', async () => {
    await signUp(t, 'once@example.com');
    await requestReset('once@example.com');
    const code = await t.lastCode('once@example.com');
    expect((await reset('once@example.com', code, 'first-new-pass')).code).toBe(100000);
    const hash = await passwordHashOf('once@example.com');
    expect((await reset('once@example.com', code, 'second-new-pass')).code).toBe(100017);
    expect(await passwordHashOf('once@example.com')).toBe(hash);
  });

  it('voids the old code when a new one is requested', async () => {
    await signUp(t, 'void@example.com');
    await requestReset('void@example.com');
    const first = await t.lastCode('void@example.com');
    t.clock.advance(1000);
    await requestReset('void@example.com');
    const second = await t.lastCode('void@example.com');
    const rows = await t.db.select().from(verificationCodes).where(eq(verificationCodes.purpose, 'reset'));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.voidedAt !== null)).toHaveLength(1);
    if (first !== second) expect((await reset('void@example.com', first, 'brand-new-pass')).code).toBe(100017);
    expect((await reset('void@example.com', second, 'brand-new-pass')).code).toBe(100000);
  });

  it('refuses a wrong code and changes nothing', async () => {
    const who = await signUp(t, 'wrong@example.com');
    await requestReset('wrong@example.com');
    const code = await t.lastCode('wrong@example.com');
    const before = await passwordHashOf('wrong@example.com');
    expect((await reset('wrong@example.com', code === '999999' ? '999998' : '999999', 'brand-new-pass')).code).toBe(100017);
    expect(await passwordHashOf('wrong@example.com')).toBe(before);
    expect((await userInfo(who.accessToken)).code).toBe(100000);
  });

  it('validates the reset request', async () => {
    expect((await t.post('/api/wp/user/password/reset-request', {})).code).toBe(109000);
    expect((await t.post('/api/wp/user/password/reset-request', { email: 7 })).code).toBe(109000);
    const short = await reset('a@b.co', '123456', 'short');
    expect(short.code).toBe(109000);
    expect(short.message).toMatch(/^password: /);
    expect((await t.post('/api/wp/user/password/reset', { email: 'a@b.co', password: 'long-enough-1' })).message).toMatch(/^code: /);
    expect(await t.count('verificationCodes')).toBe(0);
  });

  it('rate-limits reset requests per email', async () => {
    await signUp(t, 'many@example.com');
    for (let i = 0; i < 5; i++) expect((await requestReset('many@example.com')).code).toBe(100000);
    expect((await requestReset('many@example.com')).code).toBe(100020);
    expect(await t.count('verificationCodes')).toBe(6);
    expect((await t.mails('many@example.com')).filter((m) => /reset/i.test(m.subject))).toHaveLength(5);
  });
});

describe('password change', () => {
  it('needs the current password and signs out the other sessions only', async () => {
    const current = await signUp(t, 'change@example.com');
    const other = await signIn(t, 'change@example.com');
    const res = await t.post('/api/wp/user/password/change', { old_password: PASSWORD, new_password: 'changed-pass-1' }, { cookie: current.cookie });
    expect(res.code).toBe(100000);
    expect((await userInfo(current.accessToken)).code).toBe(100000);
    expect((await userInfo(other.accessToken)).code).toBe(100026);
    expect((await t.post('/api/token/', {}, { cookie: other.cookie })).code).toBe(100006);
    expect((await login('change@example.com', PASSWORD)).code).toBe(100006);
    expect((await login('change@example.com', 'changed-pass-1')).code).toBe(100000);
  });

  it('works with the bearer token alone', async () => {
    const current = await signUp(t, 'bearer@example.com');
    const other = await signIn(t, 'bearer@example.com');
    const res = await t.post('/api/wp/user/password/change', { old_password: PASSWORD, new_password: 'changed-pass-1' }, { token: current.accessToken });
    expect(res.code).toBe(100000);
    expect((await userInfo(current.accessToken)).code).toBe(100000);
    expect((await userInfo(other.accessToken)).code).toBe(100026);
  });

  it('refuses a wrong current password and writes nothing', async () => {
    const current = await signUp(t, 'keep@example.com');
    const other = await signIn(t, 'keep@example.com');
    const before = await passwordHashOf('keep@example.com');
    const res = await t.post('/api/wp/user/password/change', { old_password: 'not-it-at-all', new_password: 'changed-pass-1' }, { cookie: current.cookie });
    expect(res.json).toEqual({ code: 100019, data: null, message: 'The current password is wrong' });
    expect(await passwordHashOf('keep@example.com')).toBe(before);
    expect((await userInfo(other.accessToken)).code).toBe(100000);
    const revoked = await t.db.select().from(sessions).where(eq(sessions.userId, current.userId));
    expect(revoked.every((s) => s.revokedAt === null)).toBe(true);
  });

  it('refuses without a session, and validates the body', async () => {
    const noAuth = await t.post('/api/wp/user/password/change', { old_password: PASSWORD, new_password: 'changed-pass-1' });
    expect(noAuth.code).toBe(100026);
    const current = await signUp(t, 'validate@example.com');
    const short = await t.post('/api/wp/user/password/change', { old_password: PASSWORD, new_password: 'short' }, { cookie: current.cookie });
    expect(short.code).toBe(109000);
    expect(short.message).toMatch(/^new_password: /);
    const missing = await t.post('/api/wp/user/password/change', { new_password: 'changed-pass-1' }, { cookie: current.cookie });
    expect(missing.message).toMatch(/^old_password: /);
  });
});
