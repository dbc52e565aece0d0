/**
 * The built front end (vite's dist/) under /crm/: files as they are, and index.html for /crm,
 * /crm/ and every other /crm/* path without a file extension (history-mode routing: the app
 * shows its own 404 route). A missing file with an extension (e.g. an old asset) is a plain 404.
 * `/` redirects to /crm/.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './http/route';

export const APP_BASE = '/crm';

export const registerStaticRoutes = (app: Hono<AppEnv>, staticDir: string | null): void => {
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

  const index = async (c: Context<AppEnv>) => {
    const file = join(staticDir, 'index.html');
    if (!existsSync(file)) {
      return c.text('The front end is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(await readFile(file, 'utf8'));
  };

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
