/**
 * SERVER_TIMING=1 (server/config.ts): API answers carry the server's own time for the request
 * (`Server-Timing: app;dur=MS`), which the lead-list bench reads; off by default, so a caller is
 * not told how long its request took inside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAppConfig } from '../../server/config';
import { setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => t.close());

describe('Server-Timing', () => {
  it('is read from SERVER_TIMING=1 only', () => {
    expect(readAppConfig({ SERVER_TIMING: '1', PUBLIC_URL: 'http://127.0.0.1:1' }).serverTiming).toBe(true);
    expect(readAppConfig({ PUBLIC_URL: 'http://127.0.0.1:1' }).serverTiming).toBe(false);
    expect(readAppConfig({ SERVER_TIMING: 'yes', PUBLIC_URL: 'http://127.0.0.1:1' }).serverTiming).toBe(false);
  });

  it('is absent by default and gives the server time on answers and refusals when on', async () => {
    t.rebuild();
    const quiet = await t.post('/public/workspace/info', {});
    expect(quiet.headers.get('server-timing')).toBeNull();
    t.rebuild({ config: { serverTiming: true } });
    for (const answer of [await t.post('/api/wp/user/login', { email: 'nobody@example.com', password: 'wrong-password-1' }), await t.post('/public/workspace/info', {})]) {
      const header = answer.headers.get('server-timing');
      expect(header).toMatch(/^app;dur=\d+\.\d{2}$/);
      expect(Number(/dur=([\d.]+)/.exec(header!)![1])).toBeGreaterThanOrEqual(0);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
    t.rebuild();
  });
});
