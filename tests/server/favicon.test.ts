/**
 * The app's icon: `public/favicon.svg` (copied into the build by vite) is linked from index.html and
 * answered by the server at /crm/favicon.svg and at /favicon.ico, where browsers ask for it on every
 * page, as an image (not a 404 and not the app page).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let dist: string;
const icon = join(process.cwd(), 'public', 'favicon.svg');

beforeAll(async () => {
  t = await setupTestApp();
  dist = mkdtempSync(join(tmpdir(), 'crm-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>CRM</title><div id="root"></div>');
  // As vite's build does: the public folder's files at the root of dist.
  copyFileSync(icon, join(dist, 'favicon.svg'));
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

describe('the favicon', () => {
  it('is an SVG image linked from the app page', () => {
    expect(readFileSync(icon, 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(readFileSync(join(process.cwd(), 'index.html'), 'utf8')).toMatch(/<link rel="icon" type="image\/svg\+xml" href="\/favicon.svg" \/>/);
  });

  it('answers /favicon.ico and /crm/favicon.svg with the icon, as an image', async () => {
    t.rebuild({ config: { staticDir: dist } });
    const want = readFileSync(icon, 'utf8');
    for (const path of ['/favicon.ico', '/crm/favicon.ico', '/crm/favicon.svg']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^image\/svg\+xml/);
      expect(await res.text(), path).toBe(want);
    }
  });

  it('is a plain 404 when the front end is not built', async () => {
    t.rebuild({ config: { staticDir: join(dist, 'missing') } });
    const res = await t.app.request('/favicon.ico');
    expect(res.status).toBe(404);
  });
});
