/** Placeholder: filled by its own slice of work (see src/contract/integrations.ts). */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/route';

export const registerWebhookRoutes = (_app: Hono<AppEnv>, _deps: AppDeps): void => {};
