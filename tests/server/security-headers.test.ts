/**
 * Headers on the app page and the API: a strict Content-Security-Policy (the inline boot script
 * allowed by its sha256, Google Identity only when configured), no framing, nosniff,
 * Referrer-Policy, HSTS under https, and the `__Host-` session cookie under https.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/contract/endpoint';
import { PASSWORD, signUp } from './support/accounts';
import { setupTestApp, type TestApp } from './support/test-app';

const INLINE = "\n      document.documentElement.lang = 'en';\n    ";
const staticDir = mkdtempSync(join(tmpdir(), 'crm-static-'));
writeFileSync(
  join(staticDir, 'index.html'),
  `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/crm/assets/index-abc.js"></script></head><body></body></html>`,
);
writeFileSync(join(staticDir, 'robots.txt'), 'User-agent: *\n');
const inlineHash = `'sha256-${createHash('sha256').update(INLINE, 'utf8').digest('base64')}'`;

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ config: { staticDir } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const get = (path: string) => t.app.request(path);
const directive = (csp: string, name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';

describe('app page headers', () => {
  it('sends a strict CSP with the inline script hash, no framing, nosniff and a referrer policy', async () => {
    const res = await get('/crm/login');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'script-src').split(' ')).toEqual(['script-src', "'self'", inlineHash]);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(directive(csp, 'script-src')).not.toMatch(/unsafe-inline/);
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(csp).not.toMatch(/accounts\.google\.com/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('allows Google Identity Services only when a client id is configured', async () => {
    t.rebuild({ config: { googleClientId: 'test-client.apps.googleusercontent.com' } });
    const csp = (await get('/crm/')).headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'script-src')).toContain('https://accounts.google.com/gsi/client');
    expect(directive(csp, 'frame-src')).toContain('https://accounts.google.com/gsi/');
    expect(directive(csp, 'connect-src')).toContain('https://accounts.google.com/gsi/');
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('puts nosniff, no-framing and a deny-all CSP on API answers, errors, files, redirects and missing pages', async () => {
    const answers: [string, Response][] = [];
    for (const path of ['/api/wp/user/login/google/config', '/crm/robots.txt', '/api/nothing-here', '/', '/nothing-here', '/crm/assets/missing.js']) {
      answers.push([path, await get(path)]);
    }
    // A failure thrown by a handler (the error handler answers it), and a refused oversized body.
    answers.push(['POST login', await t.app.request('/api/wp/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"x"}' })]);
    answers.push(['POST too large', await t.app.request('/api/wp/user/login', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) }, body: 'x' })]);
    for (const [path, res] of answers) {
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const api = answers.filter(([path]) => path.startsWith('/api') || path.startsWith('POST'));
    for (const [path, res] of api) expect(res.headers.get('cache-control'), path).toBe('no-store');
  });

  it('sends HSTS and the __Host- Secure session cookie when the public address is https', async () => {
    await signUp(t, 'https@example.com');
    t.rebuild({ config: { publicUrl: 'https://crm.example.com' } });
    expect((await get('/crm/')).headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const login = await t.post('/api/wp/user/login', { email: 'https@example.com', password: PASSWORD });
    expect(login.code).toBe(100000);
    const cookie = login.setCookie.find((c) => c.startsWith(`__Host-${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(login.setCookie.some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    // The refresh reads the prefixed cookie.
    const refresh = await t.app.request('/api/token/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `__Host-${SESSION_COOKIE}=${encodeURIComponent(cookie!.split(';')[0]!.split('=').slice(1).join('='))}` },
      body: '{}',
    });
    expect(((await refresh.json()) as { code: number }).code).toBe(100000);
  });
});
