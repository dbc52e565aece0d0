/** Pinned chats (src/contract/pins.ts). */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/route';

export const registerPinRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  void app;
  void deps;
};
