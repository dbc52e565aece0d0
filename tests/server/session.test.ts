import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { sessions } from '../../server/db/schema';
import { createOutboxMailer } from '../../server/mail';
import { SESSION_COOKIE } from '../../src/contract/endpoint';
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

const login = (email: string, password: string, headers?: Record<string, string>) =>
  t.post('/api/wp/user/login', { email, password }, headers ? { headers } : {});
const userInfo = (token: string) => t.request('GET', '/api/crm/v2/user/info/', { token });
const HOUR = 60 * 60 * 1000;

describe('password sign-in', () => {
  it('signs in with the right password, setting the httpOnly session cookie', async () => {
    await signUp(t, 'login@example.com');
    const res = await login('LOGIN@example.com', PASSWORD);
    expect(res.code).toBe(100000);
    const cookie = res.setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(2);
    const token = (res.data as { access_token: string }).access_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rows.some((r) => r.accessTokenHash === token || r.refreshTokenHash === res.sessionCookie)).toBe(false);
    expect((await userInfo(token)).code).toBe(100000);
  });

  it('marks the cookie Secure when the public address is https', async () => {
    await signUp(t, 'secure@example.com');
    t.rebuild({ config: { publicUrl: 'https://crm.example.com' } });
    const res = await login('secure@example.com', PASSWORD);
    // Under https the cookie is bound to the origin: `__Host-` prefix, Secure, Path=/, no Domain.
    const cookie = res.setCookie.find((c) => c.startsWith(`__Host-${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('answers 100006 alike for a wrong password and an unknown user, writing no session', async () => {
    await signUp(t, 'known@example.com');
    const wrong = await login('known@example.com', 'not-the-password');
    const unknown = await login('nobody@example.com', 'not-the-password');
    expect(wrong.json).toEqual({ code: 100006, data: null, message: 'No active account found with the given credentials' });
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.sessionCookie).toBeUndefined();
    expect(await t.count('sessions')).toBe(1);
  });

  it('rate-limits sign-in per email, then per address, and lets it go in the next window', async () => {
    await signUp(t, 'limited@example.com');
    for (let i = 0; i < 10; i++) expect((await login('limited@example.com', 'wrong-password')).code).toBe(100006);
    const limited = await login('limited@example.com', PASSWORD);
    expect(limited.code).toBe(100020);
    expect(limited.message).toBe('Too many attempts, please try again later');
    t.clock.advance(15 * 60 * 1000);
    expect((await login('limited@example.com', PASSWORD)).code).toBe(100000);

    // Behind one proxy (TRUST_PROXY=1) its X-Forwarded-For names the client.
    t.rebuild({ config: { trustProxy: { hops: 1 } } });
    const headers = { 'x-forwarded-for': '192.0.2.44' };
    for (let i = 0; i < 50; i++) await login(`someone${i}@example.com`, 'wrong-password', headers);
    expect((await login('limited@example.com', PASSWORD, headers)).code).toBe(100020);
    expect((await login('limited@example.com', PASSWORD, { 'x-forwarded-for': '192.0.2.45' })).code).toBe(100000);
  }, 60000);

  it('shares the rate-limit counts between server processes on one database', async () => {
    await signUp(t, 'shared@example.com');
    const other = createApp({ db: t.db, clock: t.clock, mailer: createOutboxMailer({ db: t.db, clock: t.clock, logger: t.logger }), config: t.config, logger: t.logger });
    for (let i = 0; i < 5; i++) await login('shared@example.com', 'wrong-password');
    for (let i = 0; i < 5; i++) {
      await other.request('/api/wp/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'shared@example.com', password: 'wrong-password' }) });
    }
    expect((await login('shared@example.com', PASSWORD)).code).toBe(100020);
  });
});

describe('access tokens and /api/token/', () => {
  it('expires the access token after an hour (100004) and /api/token/ gives a fresh one from the cookie', async () => {
    const who = await signUp(t, 'token@example.com');
    t.clock.advance(HOUR - 1000);
    expect((await userInfo(who.accessToken)).code).toBe(100000);
    t.clock.advance(2000);
    const expired = await userInfo(who.accessToken);
    expect(expired.code).toBe(100004);
    const fresh = await t.post('/api/token/', {}, { cookie: who.cookie });
    expect(fresh.code).toBe(100000);
    const token = (fresh.data as { access_token: string }).access_token;
    expect(token).not.toBe(who.accessToken);
    expect((await userInfo(token)).code).toBe(100000);
    expect((await userInfo(who.accessToken)).code).toBe(100026);
    // The refresh token rotates on every refresh.
    expect(fresh.sessionCookie).toBeTruthy();
    expect(fresh.sessionCookie).not.toBe(who.cookie);
  });

  it('answers 100006 without a cookie, with an unknown cookie, and after the session expired', async () => {
    const who = await signUp(t, 'nocookie@example.com');
    const none = await t.post('/api/token/', {});
    expect(none.json).toEqual({ code: 100006, data: null, message: 'No active account found with the given credentials' });
    expect((await t.post('/api/token/', {}, { cookie: 'made-up' })).code).toBe(100006);
    expect((await t.post('/api/token', {}, { cookie: who.cookie })).code).toBe(100000);
    t.clock.advance(31 * 24 * HOUR);
    expect((await t.post('/api/token/', {}, { cookie: who.cookie })).code).toBe(100006);
  });

  it('ends the session 30 days after sign-in, however often it is refreshed', async () => {
    const who = await signUp(t, 'slide@example.com');
    t.clock.advance(20 * 24 * HOUR);
    const first = await t.post('/api/token/', {}, { cookie: who.cookie });
    expect(first.code).toBe(100000);
    // The cookie lasts only as long as the session has left (10 days).
    expect(first.setCookie.join()).toMatch(/Max-Age=864000/);
    t.clock.advance(9 * 24 * HOUR);
    const second = await t.post('/api/token/', {}, { cookie: first.sessionCookie });
    expect(second.code).toBe(100000);
    t.clock.advance(2 * 24 * HOUR);
    expect((await t.post('/api/token/', {}, { cookie: second.sessionCookie })).code).toBe(100006);
  });

  it('answers 100026 for a missing, malformed or unknown bearer token', async () => {
    expect((await t.request('GET', '/api/crm/v2/user/info/')).code).toBe(100026);
    expect((await userInfo('not-a-real-token')).code).toBe(100026);
    const basic = await t.request('GET', '/api/crm/v2/user/info/', { headers: { authorization: 'Basic abc' } });
    expect(basic.code).toBe(100026);
    expect((await t.post('/public/workspace/info', {}, { token: 'nope' })).code).toBe(100026);
  });
});

describe('logout', () => {
  it('revokes the session of the cookie: its access token and refresh token stop working', async () => {
    const who = await signUp(t, 'logout@example.com');
    const other = await signIn(t, 'logout@example.com');
    const res = await t.request('GET', '/api/wp/user/logout', { cookie: who.cookie });
    expect(res.code).toBe(100000);
    expect(res.sessionCookie).toBe('');
    expect(res.setCookie.join()).toMatch(/Max-Age=0/);
    expect((await userInfo(who.accessToken)).code).toBe(100026);
    expect((await t.post('/api/token/', {}, { cookie: who.cookie })).code).toBe(100006);
    expect((await userInfo(other.accessToken)).code).toBe(100000);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, who.userId)).orderBy(sessions.createdAt);
    expect(row?.revokedAt).not.toBeNull();
  });

  it('revokes by bearer token when there is no cookie, and answers 100000 with nothing to revoke', async () => {
    const who = await signUp(t, 'bearer-out@example.com');
    expect((await t.request('GET', '/api/wp/user/logout', { token: who.accessToken })).code).toBe(100000);
    expect((await userInfo(who.accessToken)).code).toBe(100026);
    expect((await t.request('GET', '/api/wp/user/logout')).code).toBe(100000);
  });
});
