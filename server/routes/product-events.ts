/** The product event log (src/contract/product-events.ts). */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/route';

export const registerProductEventRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  void app;
  void deps;
};
