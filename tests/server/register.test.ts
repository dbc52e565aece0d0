import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userSettings, users, verificationCodes } from '../../server/db/schema';
import { tokenData } from '../../src/contract/account';
import { camelKeys } from '../../src/contract/case';
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

const register = (email: string, password = PASSWORD, extra: Record<string, unknown> = {}) =>
  t.post('/api/wp/user/register', { email, password, ...extra });
const verify = (email: string, code: string) => t.post('/api/wp/user/register/verify', { email, code });

describe('register and verify', () => {
  it('mails a 6-digit code valid 30 minutes, keeps the password hashed, and verify signs in', async () => {
    const res = await register(' New.User@Example.com ', PASSWORD, { name: 'New User' });
    expect(res.code).toBe(100000);
    expect(res.data).toBeNull();
    expect(await t.count('users')).toBe(0);
    const [row] = await t.db.select().from(verificationCodes);
    expect(row?.email).toBe('new.user@example.com');
    expect(row?.purpose).toBe('register');
    expect(row?.pendingPasswordHash).toMatch(/^\$argon2id\$/);
    expect(row?.codeHash).toMatch(/^\$argon2id\$/);
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(30 * 60 * 1000);
    const mails = await t.mails('new.user@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\b\d{6}\b/);
    expect(mails[0]!.text).toContain('30 minutes');
    expect(t.logger.lines.some((l) => l.line.startsWith('[mail] to=new.user@example.com') && / code=\d{6}$/.test(l.line))).toBe(true);

    const code = await t.lastCode('new.user@example.com');
    expect(row!.codeHash).not.toContain(code);
    const ok = await verify('new.user@example.com', code);
    expect(ok.code).toBe(100000);
    const data = tokenData.parse(camelKeys(ok.data));
    expect(data.expiresIn).toBe(3600);
    expect(ok.sessionCookie).toBeTruthy();
    const [user] = await t.db.select().from(users);
    expect(user).toMatchObject({ email: 'new.user@example.com', name: 'New User', googleSub: null });
    expect(await t.count('userSettings')).toBe(1);
    expect(await t.count('sessions')).toBe(1);

    const info = await t.request('GET', '/api/crm/v2/user/info/', { token: data.accessToken });
    expect(info.code).toBe(100000);
    const login = await t.post('/api/wp/user/login', { email: 'new.user@example.com', password: PASSWORD });
    expect(login.code).toBe(100000);
  });

  it('answers 100000 for an already registered email, mails that an account exists, and changes nothing', async () => {
    await signUp(t, 'taken@example.com');
    const before = { codes: await t.count('verificationCodes'), users: await t.count('users') };
    const res = await register('taken@example.com', 'another-password-1');
    expect(res).toMatchObject({ code: 100000, data: null, message: 'success' });
    expect(await t.count('verificationCodes')).toBe(before.codes);
    expect(await t.count('users')).toBe(before.users);
    const mails = await t.mails('taken@example.com');
    expect(mails.at(-1)!.text).toMatch(/already have an account/);
    expect(mails.at(-1)!.text).not.toMatch(/\b\d{6}\b/);
    const login = await t.post('/api/wp/user/login', { email: 'taken@example.com', password: 'another-password-1' });
    expect(login.code).toBe(100006);
  });

  it('answers the same for new and registered emails', async () => {
    await signUp(t, 'known@example.com');
    const known = await register('known@example.com');
    const unknown = await register('unknown@example.com');
    expect(known.json).toEqual(unknown.json);
  });

  it('refuses a wrong code, an expired code and a used code', async () => {
    await register('codes@example.com');
    const code = await t.lastCode('codes@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await verify('codes@example.com', wrong)).code).toBe(100017);
    expect(await t.count('users')).toBe(0);
    expect(await t.count('sessions')).toBe(0);

    t.clock.advance(30 * 60 * 1000 + 1000);
    const expired = await verify('codes@example.com', code);
    expect(expired.code).toBe(100017);
    expect(expired.message).toBe('The code is wrong or has expired');
    expect(await t.count('users')).toBe(0);

    t.clock.advance(1000);
    await register('codes@example.com');
    const fresh = await t.lastCode('codes@example.com');
    expect((await verify('codes@example.com', fresh)).code).toBe(100000);
    const reused = await verify('codes@example.com', fresh);
    expect(reused.code).toBe(100017);
    expect(await t.count('users')).toBe(1);
    expect(await t.count('sessions')).toBe(1);
  });

  it('voids the previous code when a new one is requested', async () => {
    await register('twice@example.com');
    const first = await t.lastCode('twice@example.com');
    t.clock.advance(1000);
    await register('twice@example.com');
    const second = await t.lastCode('twice@example.com');
    const rows = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, 'twice@example.com'));
    expect(rows.filter((r) => r.voidedAt === null)).toHaveLength(1);
    if (first !== second) expect((await verify('twice@example.com', first)).code).toBe(100017);
    expect((await verify('twice@example.com', second)).code).toBe(100000);
  });

  it('voids a code after five wrong guesses', async () => {
    await register('guess@example.com');
    const code = await t.lastCode('guess@example.com');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expect((await verify('guess@example.com', wrong)).code).toBe(100017);
    expect((await verify('guess@example.com', code)).code).toBe(100017);
    expect(await t.count('users')).toBe(0);
  });

  it('validates the request: email, password size, code format', async () => {
    const cases: [unknown, RegExp][] = [
      [{ password: PASSWORD }, /^email: /],
      [{ email: '', password: PASSWORD }, /^email: Email is empty/],
      [{ email: 'a@b.co', password: 'short' }, /^password: /],
      [{ email: 'a@b.co', password: 'x'.repeat(129) }, /^password: /],
      [{ email: 'a@b.co', password: PASSWORD, name: 42 }, /^name: /],
    ];
    for (const [body, message] of cases) {
      const res = await t.post('/api/wp/user/register', body);
      expect(res.code, JSON.stringify(body)).toBe(109000);
      expect(res.message).toMatch(message);
    }
    const badCode = await verify('a@b.co', '12345');
    expect(badCode.code).toBe(109000);
    expect(badCode.message).toBe('code: The code has 6 digits');
    const numeric = await t.post('/api/wp/user/register/verify', { email: 'a@b.co', code: 123456 });
    expect(numeric.code).toBe(109000);
    expect(await t.count('verificationCodes')).toBe(0);
    expect(await t.count('outbox')).toBe(0);
  });

  it('verify for an email that never registered is CODE_INVALID', async () => {
    expect((await verify('ghost@example.com', '123456')).code).toBe(100017);
    expect(await t.count('users')).toBe(0);
  });

  it('rate-limits sign-up per email and per address', async () => {
    for (let i = 0; i < 5; i++) expect((await register('spam@example.com')).code).toBe(100000);
    const limited = await register('spam@example.com');
    expect(limited.code).toBe(100020);
    expect(await t.count('outbox')).toBe(5);

    await t.reset();
    // Behind one proxy (TRUST_PROXY=1) its X-Forwarded-For names the client.
    t.rebuild({ config: { trustProxy: { hops: 1 } } });
    const headers = { 'x-forwarded-for': '10.9.9.9, 203.0.113.9' };
    for (let i = 0; i < 20; i++) {
      expect((await t.post('/api/wp/user/register', { email: `u${i}@example.com`, password: PASSWORD }, { headers })).code).toBe(100000);
    }
    expect((await t.post('/api/wp/user/register', { email: 'u99@example.com', password: PASSWORD }, { headers })).code).toBe(100020);
    const other = await t.post('/api/wp/user/register', { email: 'u99@example.com', password: PASSWORD }, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(other.code).toBe(100000);

    t.clock.advance(61 * 60 * 1000);
    expect((await t.post('/api/wp/user/register', { email: 'u98@example.com', password: PASSWORD }, { headers })).code).toBe(100000);
  }, 60000);

  it('creates user settings with no language', async () => {
    const who = await signUp(t, 'settings@example.com');
    const [row] = await t.db.select().from(userSettings).where(eq(userSettings.userId, who.userId));
    expect(row).toMatchObject({ language: null, guideType: 0, workspaceId: null });
  });
});
