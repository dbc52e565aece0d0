/** Contacts (SPEC §7 Tabs and contacts): list, detail, update, delete, batch delete, export, notes, list config. */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/route';

export const registerContactRoutes = (_app: Hono<AppEnv>, _deps: AppDeps): void => {};
