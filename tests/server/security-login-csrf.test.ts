/**
 * Login CSRF: bodies are JSON only (a cross-site form cannot sign a browser into someone else's
 * account), Google's form post needs its g_csrf_token double-submit, and calls authenticated by
 * the session cookie (token, logout, password change) are refused when the browser says they come
 * from another site.
 */
import { createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from './support/accounts';
import { setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k', alg: 'RS256', use: 'sig' }] });
  t = await setupTestApp({ config: { googleClientId: 'test-client.apps.googleusercontent.com' }, googleKeys: keys });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const userInfo = (token: string) => t.request('GET', '/api/crm/v2/user/info/', { token });

describe('sign-in bodies are JSON only', () => {
  it('refuses a cross-site multipart form post of email and password: no session, no cookie', async () => {
    await signUp(t, 'victim-attacker@example.com');
    const form = new FormData();
    form.set('email', 'victim-attacker@example.com');
    form.set('password', PASSWORD);
    const res = await t.request('POST', '/api/wp/user/login', { raw: form, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.code).toBe(109001);
    expect(res.message).toMatch(/JSON/);
    expect(res.sessionCookie).toBeUndefined();
    expect(await t.count('sessions')).toBe(1);
  });

  it('refuses url-encoded and text/plain bodies, even when the text is JSON', async () => {
    await signUp(t, 'forms@example.com');
    const encoded = await t.request('POST', '/api/wp/user/login', {
      raw: `email=forms%40example.com&password=${PASSWORD}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(encoded.code).toBe(109001);
    const plain = await t.request('POST', '/api/wp/user/login', {
      raw: JSON.stringify({ email: 'forms@example.com', password: PASSWORD }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.code).toBe(109001);
    expect(plain.sessionCookie).toBeUndefined();
    for (const path of ['/api/wp/user/register', '/api/wp/user/password/reset-request', '/public/workspace/create']) {
      const res = await t.request('POST', path, { raw: '{"email":"x@example.com"}', headers: { 'content-type': 'text/plain' } });
      expect(res.code, path).toBe(path.startsWith('/public/') ? 100026 : 109001);
    }
    const json = await t.post('/api/wp/user/login', { email: 'forms@example.com', password: PASSWORD });
    expect(json.code).toBe(100000);
  });
});

describe('Google sign-in form posts', () => {
  const post = (fields: Record<string, string>, cookie?: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return t.request('POST', '/api/wp/user/login/google', { raw: form, headers: cookie ? { cookie } : {} });
  };

  it('needs the g_csrf_token cookie to equal the posted field', async () => {
    const credential = 'not.a.jwt-at-all';
    expect((await post({ credential })).code).toBe(100030);
    expect((await post({ credential, g_csrf_token: 'abc123' })).code).toBe(100030);
    expect((await post({ credential }, 'g_csrf_token=abc123')).code).toBe(100030);
    expect((await post({ credential, g_csrf_token: 'abc123' }, 'g_csrf_token=abc124')).code).toBe(100030);
    // Matching: the request reaches the credential check.
    expect((await post({ credential, g_csrf_token: 'abc123' }, 'g_csrf_token=abc123')).code).toBe(100021);
    const encoded = await t.request('POST', '/api/wp/user/login/google', {
      raw: `credential=${credential}&g_csrf_token=abc123`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'g_csrf_token=abc123' },
    });
    expect(encoded.code).toBe(100021);
  });
});

describe('cookie-authenticated calls from another site', () => {
  it('refuses /api/token/ when Sec-Fetch-Site says cross-site or same-site, and the cookie keeps working', async () => {
    const who = await signUp(t, 'refresh@example.com');
    for (const site of ['cross-site', 'same-site']) {
      const res = await t.post('/api/token/', {}, { cookie: who.cookie, headers: { 'sec-fetch-site': site } });
      expect(res.code, site).toBe(100030);
      expect(res.sessionCookie).toBeUndefined();
    }
    const ok = await t.post('/api/token/', {}, { cookie: who.cookie, headers: { 'sec-fetch-site': 'same-origin', origin: t.config.publicUrl } });
    expect(ok.code).toBe(100000);
  });

  it('refuses an Origin that is neither the public address nor the request origin', async () => {
    const who = await signUp(t, 'origin@example.com');
    for (const origin of ['https://evil.example', 'null', `${t.config.publicUrl}.evil.example`]) {
      expect((await t.post('/api/token/', {}, { cookie: who.cookie, headers: { origin } })).code, origin).toBe(100030);
    }
    expect((await t.post('/api/token/', {}, { cookie: who.cookie, headers: { origin: 'http://localhost' } })).code).toBe(100000);
  });

  it('refuses cross-site sign-out and password change', async () => {
    const who = await signUp(t, 'logout@example.com');
    const cross = { 'sec-fetch-site': 'cross-site' };
    expect((await t.request('GET', '/api/wp/user/logout', { cookie: who.cookie, headers: cross })).code).toBe(100030);
    expect((await userInfo(who.accessToken)).code).toBe(100000);
    const change = await t.post('/api/wp/user/password/change', { old_password: PASSWORD, new_password: 'changed-pass-1' }, { cookie: who.cookie, headers: { origin: 'https://evil.example' } });
    expect(change.code).toBe(100030);
    expect((await t.post('/api/wp/user/login', { email: 'logout@example.com', password: PASSWORD })).code).toBe(100000);
    // Typed into the address bar (Sec-Fetch-Site: none) sign-out works.
    expect((await t.request('GET', '/api/wp/user/logout', { cookie: who.cookie, headers: { 'sec-fetch-site': 'none' } })).code).toBe(100000);
    expect((await userInfo(who.accessToken)).code).toBe(100026);
  });
});
