/** Leave applications (src/contract/leave.ts). */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/route';

export const registerLeaveRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  void app;
  void deps;
};
