/** Lead import and export (SPEC §7 Leads): import check, import, export, export of the pipeline. */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/route';

export const registerLeadFileRoutes = (_app: Hono<AppEnv>, _deps: AppDeps): void => {};
