/** Seats and plan payments (SPEC §7 seat price and payment, subscription preview and update): placeholder. */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/route';

export const registerBillingRoutes = (_app: Hono<AppEnv>, _deps: AppDeps): void => {};
