import { eq } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { tokenData } from '../../src/contract/account';
import { camelKeys } from '../../src/contract/case';
import { signUp } from './support/accounts';
import { setupTestApp, type TestApp } from './support/test-app';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
let t: TestApp;
let privateKey: CryptoKey;
let strangerKey: CryptoKey;
let keys: JWTVerifyGetKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = await exportJWK(pair.publicKey);
  keys = createLocalJWKSet({ keys: [{ ...jwk, kid: 'test-key', alg: 'RS256', use: 'sig' }] });
  t = await setupTestApp({ config: { googleClientId: CLIENT_ID }, googleKeys: keys });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

type Claims = { sub?: string; email?: string; email_verified?: boolean; name?: string };
const idToken = async (
  claims: Claims = {},
  o: { aud?: string; iss?: string; key?: CryptoKey; expiresInSeconds?: number } = {},
) => {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT({ sub: '1098765', email: 'Gina@Gmail.com', email_verified: true, name: 'Gina G', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(o.iss ?? 'https://accounts.google.com')
    .setAudience(o.aud ?? CLIENT_ID)
    .setIssuedAt(now)
    .setExpirationTime(now + (o.expiresInSeconds ?? 3600))
    .sign(o.key ?? privateKey);
};
const googleLogin = (credential: string) => t.post('/api/wp/user/login/google', { credential });

describe('Google sign-in', () => {
  it('tells the client whether to show the button', async () => {
    const on = await t.request('GET', '/api/wp/user/login/google/config');
    expect(on.data).toEqual({ enabled: true, client_id: CLIENT_ID });
    t.rebuild({ config: { googleClientId: null } });
    const off = await t.request('GET', '/api/wp/user/login/google/config');
    expect(off.data).toEqual({ enabled: false, client_id: null });
    const refused = await googleLogin(await idToken());
    expect(refused.json).toEqual({ code: 100021, data: null, message: 'Google sign-in is not configured' });
    expect(await t.count('users')).toBe(0);
  });

  it('creates a Google-only user (no password) and signs in, by JSON or multipart form', async () => {
    const res = await googleLogin(await idToken());
    expect(res.code).toBe(100000);
    const data = tokenData.parse(camelKeys(res.data));
    expect(res.sessionCookie).toBeTruthy();
    const [user] = await t.db.select().from(users);
    expect(user).toMatchObject({ email: 'gina@gmail.com', name: 'Gina G', googleSub: '1098765', passwordHash: null });
    const info = await t.request('GET', '/api/crm/v2/user/info/', { token: data.accessToken });
    expect((info.data as { email: string }).email).toBe('gina@gmail.com');

    // Google's redirect flow posts a form with its double-submit token (cookie and field).
    const form = new FormData();
    form.set('credential', await idToken());
    form.set('g_csrf_token', 'csrf-0123456789');
    const multipart = await t.request('POST', '/api/wp/user/login/google', { raw: form, headers: { cookie: 'g_csrf_token=csrf-0123456789' } });
    expect(multipart.code).toBe(100000);
    expect(await t.count('users')).toBe(1);
    expect(await t.count('sessions')).toBe(2);
    const noPassword = await t.post('/api/wp/user/login', { email: 'gina@gmail.com', password: 'anything-at-all' });
    expect(noPassword.code).toBe(100006);
  });

  it('links Google to an existing account with the same email', async () => {
    const existing = await signUp(t, 'gina@gmail.com');
    const res = await googleLogin(await idToken());
    expect(res.code).toBe(100000);
    const [user] = await t.db.select().from(users).where(eq(users.id, existing.userId));
    expect(user?.googleSub).toBe('1098765');
    expect(await t.count('users')).toBe(1);
  });

  it('refuses a wrong audience, a wrong issuer, an unverified email, an expired token and a foreign key, writing nothing', async () => {
    const bad = [
      await idToken({}, { aud: 'someone-else.apps.googleusercontent.com' }),
      await idToken({}, { iss: 'https://evil.example.com' }),
      await idToken({ email_verified: false }),
      await idToken({ email: undefined }),
      await idToken({}, { expiresInSeconds: -10 }),
      await idToken({}, { key: strangerKey }),
      'not.a.jwt-at-all',
    ];
    for (const credential of bad) {
      const res = await googleLogin(credential);
      expect(res.code, credential.slice(0, 30)).toBe(100021);
      expect(res.sessionCookie).toBeUndefined();
    }
    expect(await t.count('users')).toBe(0);
    expect(await t.count('sessions')).toBe(0);
  });

  it('validates the credential field', async () => {
    expect((await t.post('/api/wp/user/login/google', {})).message).toMatch(/^credential: /);
    expect((await t.post('/api/wp/user/login/google', { credential: 12345678901 })).code).toBe(109000);
    expect((await t.post('/api/wp/user/login/google', { credential: 'short' })).code).toBe(109000);
    const form = new FormData();
    form.set('other', 'x');
    form.set('g_csrf_token', 'csrf-0123456789');
    const res = await t.request('POST', '/api/wp/user/login/google', { raw: form, headers: { cookie: 'g_csrf_token=csrf-0123456789' } });
    expect(res.message).toMatch(/^credential: /);
  });
});
