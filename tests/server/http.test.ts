import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createMemoryLogger } from '../../server/logger';
import type { Mailer } from '../../server/mail';
import { anyEnvelopeSchema } from '../../src/contract/envelope';
import { MAX_BODY_BYTES } from '../../src/contract/endpoint';
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

describe('the envelope and the wire', () => {
  it('answers an unknown API path under every prefix with NOT_FOUND in the envelope', async () => {
    for (const path of ['/api/nope', '/api/wp/user/nothing', '/public/nope', '/admin/nope', '/member/nope']) {
      const res = await t.post(path, {});
      expect(res.status).toBe(200);
      expect(anyEnvelopeSchema.parse(res.json)).toEqual({ code: 100031, data: null, message: 'Not found' });
    }
    const get = await t.request('GET', '/api/wp/user/login');
    expect(get.code).toBe(100031);
  });

  it('answers malformed JSON with MALFORMED_JSON and writes nothing', async () => {
    const res = await t.request('POST', '/api/wp/user/register', { raw: '{"email": "a@b.co", ' });
    expect(res.code).toBe(109001);
    expect(res.message).toMatch(/not valid JSON/);
    const form = await t.request('POST', '/api/wp/user/login', { raw: '{bad', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.code).toBe(109001);
    expect(await t.count('verificationCodes')).toBe(0);
    expect(await t.count('outbox')).toBe(0);
  });

  it('answers a missing or wrong-typed field with VALIDATION naming the field', async () => {
    const missing = await t.post('/api/wp/user/login', { email: 'a@b.co' });
    expect(missing.code).toBe(109000);
    expect(missing.message).toMatch(/^password: /);
    const wrongType = await t.post('/api/wp/user/login', { email: 'a@b.co', password: 12345678 });
    expect(wrongType.code).toBe(109000);
    expect(wrongType.message).toMatch(/^password: .*string/);
    const badEmail = await t.post('/api/wp/user/register', { email: 'not-an-email', password: 'long-enough-1' });
    expect(badEmail.code).toBe(109000);
    expect(badEmail.message).toBe('email: Please enter a valid email');
    const notObject = await t.post('/api/wp/user/login', [1, 2]);
    expect(notObject.code).toBe(109000);
    const nothing = await t.request('POST', '/api/wp/user/login');
    expect(nothing.code).toBe(109000);
    expect(await t.count('users')).toBe(0);
  });

  it('names nested fields in snake_case', async () => {
    const admin = await signUp(t, 'nested@example.com');
    const res = await t.post('/public/workspace/create', { workspace_name: 'X', invite_emails: ['ok@example.com', 'bad'] }, { token: admin.accessToken });
    expect(res.code).toBe(109000);
    expect(res.message).toMatch(/^invite_emails\.1: /);
    expect(await t.count('workspaces')).toBe(0);
  });

  it('refuses an oversized body with BODY_TOO_LARGE, with or without a content length', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(MAX_BODY_BYTES) });
    const res = await t.request('POST', '/api/wp/user/register', { raw: big });
    expect(res.code).toBe(109002);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await t.app.request('/api/wp/user/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(((await streamed.json()) as { code: number }).code).toBe(109002);
    expect(await t.count('verificationCodes')).toBe(0);
  });

  it('sends snake_case keys and accepts paths with or without the trailing slash', async () => {
    const admin = await signUp(t, 'snake@example.com');
    const res = await t.post('/api/wp/user/login', { email: 'snake@example.com', password: 'correct-horse-9' });
    expect(Object.keys(res.data as object).sort()).toEqual(['access_token', 'expires_in']);
    const withSlash = await t.request('GET', '/api/crm/v2/user/info/', { token: admin.accessToken });
    const withoutSlash = await t.request('GET', '/api/crm/v2/user/info', { token: admin.accessToken });
    expect(withSlash.code).toBe(100000);
    expect(withoutSlash.code).toBe(100000);
    expect(withSlash.data).toHaveProperty('user_id', admin.userId);
    expect(withSlash.data).toHaveProperty('is_admin', false);
    expect(withSlash.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts extra keys such as the chat-service id the client adds to every body', async () => {
    await signUp(t, 'extra@example.com');
    const res = await t.post('/api/wp/user/login', { email: 'extra@example.com', password: 'correct-horse-9', chat_service_id: '123' });
    expect(res.code).toBe(100000);
  });

  it('answers an unexpected failure with INTERNAL in the envelope, logged, never a 500 page', async () => {
    const logger = createMemoryLogger();
    const brokenMailer: Mailer = {
      send: async () => {
        throw new Error('smtp is down');
      },
    };
    const app = createApp({ db: t.db, clock: t.clock, mailer: brokenMailer, config: t.config, logger });
    const res = await app.request('/api/wp/user/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'fail@example.com', password: 'long-enough-1' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 109500, data: null, message: 'Something went wrong on the server' });
    expect(logger.lines.some((l) => l.level === 'error' && l.line.includes('smtp is down'))).toBe(true);
  });
});

describe('the front end under /crm/', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'crm-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>CRM</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('redirects / to /crm/ and serves index.html for /crm, /crm/ and app routes', async () => {
    t.rebuild({ config: { staticDir: dist } });
    const root = await t.app.request('/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/crm/');
    for (const path of ['/crm', '/crm/', '/crm/login', '/crm/v2/home', '/crm/no/such/page']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves built assets and answers a missing asset with 404', async () => {
    t.rebuild({ config: { staticDir: dist } });
    const asset = await t.app.request('/crm/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("app")');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await t.app.request('/crm/assets/gone-000.js');
    expect(missing.status).toBe(404);
    const escape = await t.app.request('/crm/../package.json');
    expect(await escape.text()).not.toContain('"dependencies"');
  });

  it('says the front end is not built when dist is missing', async () => {
    t.rebuild({ config: { staticDir: join(dist, 'missing') } });
    const res = await t.app.request('/crm/login');
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/npm run build/);
  });
});
