/**
 * The disk store's object URLs (SPEC §7 Files), outside the JSON contract: `PUT` and `GET`
 * `/api/files/object/<key>` with a signed query (server/files/disk-store.ts). They answer plain
 * HTTP statuses, as an object store does, never the JSON envelope (which is always HTTP 200 and
 * would read as a stored upload): an unexpected failure answers 500. An S3 store serves its own.
 */
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/route';
import type { Logger } from '../logger';
import { OBJECT_PATH_PREFIX, type DiskFileStore } from './disk-store';
import { isDiskFileStore, type FileStore } from './store';

export { OBJECT_PATH_PREFIX };

export const isObjectPath = (path: string): boolean => path.startsWith(OBJECT_PATH_PREFIX);

export const registerFileObjectRoutes = (app: Hono<AppEnv>, files: FileStore, logger: Logger): void => {
  if (!isDiskFileStore(files)) return;
  const disk: DiskFileStore = files;
  const guarded = (handle: DiskFileStore['handlePut']) => async (c: Context<AppEnv>) => {
    try {
      return await handle(c);
    } catch (error) {
      logger.error('[files] object request failed', { method: c.req.method, error: error instanceof Error ? error.message : String(error) });
      return new Response('The store failed', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
  };
  app.put(`${OBJECT_PATH_PREFIX}:key`, guarded(disk.handlePut));
  app.get(`${OBJECT_PATH_PREFIX}:key`, guarded(disk.handleGet));
};
