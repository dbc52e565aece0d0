/**
 * The product event log (SPEC §7 Analytics logging; src/contract/product-events.ts):
 * - the sender's beacon endpoint (LOG_EVENTS_PATH), its own handler (server/events/beacon.ts:
 *   the session cookie, same origin, its own body and rate limits);
 * - the counts per type and UTC day for the admin page (the owner and managers, SPEC §6);
 * - each member's sync health for the members page: the owner and managers read every joined
 *   member's, a member their own only (SPEC §6: members see their own data).
 * The chat sync's uploads are recorded by the chat upload route (server/events/log.ts recordSyncUpload).
 */
import type { Hono } from 'hono';
import { LOG_EVENTS_PATH, productEventEndpoints } from '../../src/contract/product-events';
import { isAdminRole } from '../auth/scope';
import type { AppDeps } from '../deps';
import { logEventsHandler } from '../events/beacon';
import { eventCounts, syncHealth } from '../events/log';
import { defineRoute, type AppEnv } from '../http/route';

export const registerProductEventRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock } = deps;
  const beacon = logEventsHandler(deps);
  app.post(LOG_EVENTS_PATH, beacon);
  app.post(`${LOG_EVENTS_PATH}/`, beacon);

  defineRoute(app, deps, productEventEndpoints.eventCounts, async ({ scope, body }) => eventCounts(db, scope, body, clock.now()));

  defineRoute(app, deps, productEventEndpoints.syncHealth, async ({ scope }) =>
    syncHealth(db, scope, isAdminRole(scope.role) ? null : scope.userId, clock.now()),
  );
};
