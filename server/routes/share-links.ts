/** Placeholder: filled by its own slice of work (see the area's contract). */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/route';

export const registerShareLinkRoutes = (_app: Hono<AppEnv>, _deps: AppDeps): void => {};
