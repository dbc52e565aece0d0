/** Tags (SPEC §7 Tags): tag types, tags and values, batch and single tagging, frequently used values. */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/route';

export const registerTagRoutes = (_app: Hono<AppEnv>, _deps: AppDeps): void => {};
