/**
 * The built front end (vite's dist/) under /crm/: files as they are, and index.html for /crm,
 * /crm/ and every other /crm/* path without a file extension (history-mode routing: the app
 * shows its own 404 route). A missing file with an extension (e.g. an old asset) is a plain 404.
 * `/` redirects to /crm/. The icon (`public/favicon.svg`, at the root of the build) is also the
 * answer to /favicon.ico and /crm/favicon.ico, which browsers ask for on every page.
 *
 * Headers (every answer, API included): `X-Frame-Options: DENY`, `X-Content-Type-Options:
 * nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`, HSTS when the public address is
 * https, and a Content-Security-Policy: on the app page a strict one (scripts from this origin
 * and the inline boot script by its sha256, computed from the built index.html; Google Identity
 * Services only when GOOGLE_CLIENT_ID is set; no framing), elsewhere `default-src 'none'`.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './http/route';
import type { AppConfig } from './config';
import { fileStoreOrigin } from './files/origin';

export const APP_BASE = '/crm';
/** The app's icon, from `public/` at the root of the build. */
const FAVICON = 'favicon.svg';

/** Google Identity Services (https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid#content_security_policy). */
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/** sha256 sources of the inline scripts (no src attribute) of an HTML page, for script-src. */
export const inlineScriptHashes = (html: string): string[] => {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return hashes;
};

/** The app page's Content-Security-Policy (an S3 file store's origin is allowed for uploads, images and videos: SPEC §7 Files). */
export const appPageCsp = (html: string, config: Pick<AppConfig, 'googleClientId'> & Partial<Pick<AppConfig, 'fileStore'>>): string => {
  const google = config.googleClientId !== null;
  const gsi = google ? [GOOGLE_GSI] : [];
  const store = fileStoreOrigin(config.fileStore);
  const files = store ? [store] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inlineScriptHashes(html), ...(google ? [`${GOOGLE_GSI}client`] : [])]],
    // Inline style attributes (components position popovers and virtual rows); no inline script.
    ['style-src', ["'self'", "'unsafe-inline'", ...(google ? [`${GOOGLE_GSI}style`] : [])]],
    ['img-src', ["'self'", 'data:', 'blob:', ...files, ...(google ? ['https://*.googleusercontent.com'] : [])]],
    ['media-src', ["'self'", 'blob:', ...files]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...files, ...gsi]],
    ['frame-src', google ? gsi : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
};

/** Policy of every answer that is not the app page (JSON, assets): nothing may run or frame it. */
export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Security headers on every answer (see the top of this file). */
export const setSecurityHeaders = (c: Context<AppEnv>, config: Pick<AppConfig, 'publicUrl'>): void => {
  // Set before the handler runs: Hono applies them to whatever answer it builds, and the app
  // page's handler replaces the CSP with its own. (Setting them afterwards would touch the
  // finished answer's headers, which makes the Node adapter rebuild it as a full web Response.)
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('Content-Security-Policy', DEFAULT_CSP);
  if (config.publicUrl.startsWith('https://')) c.header('Strict-Transport-Security', 'max-age=31536000');
};

export const registerStaticRoutes = (
  app: Hono<AppEnv>,
  staticDir: string | null,
  config: Pick<AppConfig, 'googleClientId'> & Partial<Pick<AppConfig, 'fileStore'>> = { googleClientId: null },
): void => {
  app.get('/', (c) => c.redirect(`${APP_BASE}/`, 302));
  if (!staticDir) return;

  let files: MiddlewareHandler<AppEnv> | null = null;
  const fileHandler = (): MiddlewareHandler<AppEnv> | null => {
    if (!files && existsSync(staticDir)) {
      files = serveStatic<AppEnv>({
        root: staticDir,
        rewriteRequestPath: (p) => p.slice(APP_BASE.length),
      });
    }
    return files;
  };

  // The policy is computed once per built page (the inline script's hash), not per request.
  const cspFor = { html: '', csp: '' };
  const index = async (c: Context<AppEnv>) => {
    const file = join(staticDir, 'index.html');
    if (!existsSync(file)) {
      return c.text('The front end is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    const html = await readFile(file, 'utf8');
    if (html !== cspFor.html) {
      cspFor.html = html;
      cspFor.csp = appPageCsp(html, config);
    }
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', cspFor.csp);
    return c.html(html);
  };

  // Browsers ask for /favicon.ico whatever the page links: the built SVG icon answers it, as an image.
  const favicon = async (c: Context<AppEnv>) => {
    const file = join(staticDir, FAVICON);
    if (!existsSync(file)) return c.text('Not found', 404);
    c.header('Content-Type', 'image/svg+xml');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(await readFile(file));
  };
  app.get('/favicon.ico', favicon);
  app.get(`${APP_BASE}/favicon.ico`, favicon);

  app.get(APP_BASE, index);
  app.get(`${APP_BASE}/*`, async (c) => {
    const path = c.req.path;
    const rest = path.slice(APP_BASE.length + 1);
    if (rest === '' || rest === 'index.html') return index(c);
    const handler = fileHandler();
    if (handler) {
      // Vite's hashed assets never change; anything else is revalidated.
      c.header('Cache-Control', rest.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      const served = await handler(c, async () => undefined);
      if (served) return served;
      c.header('Cache-Control', undefined);
    }
    const lastSegment = rest.split('/').pop() ?? '';
    if (lastSegment.includes('.')) return c.text('Not found', 404);
    return index(c);
  });
};
