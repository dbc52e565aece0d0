/**
 * The app factory: `createApp(deps)` returns the Hono app with the whole API and the front end.
 *
 * Wire rules (SPEC §7):
 * - Every API answer is the envelope `{code, data, message}` (src/contract/envelope.ts) with
 *   snake_case keys; request bodies are read snake_case, camelCased, then parsed with the
 *   contract's zod schemas (src/contract/endpoints.ts).
 * - HTTP status: every envelope is sent with HTTP 200, including errors (MALFORMED_JSON,
 *   VALIDATION, BODY_TOO_LARGE, NOT_FOUND for an unknown API path, session codes, INTERNAL): the
 *   client reads `code`, and a non-2xx status is left to mean "transport failure". The only
 *   non-200 answers are outside the API: 302 for `/`, 404 for unknown non-API paths and missing
 *   front-end files, 503 when the front end is not built.
 * - Unexpected errors are logged and answered INTERNAL; multi-row writes run in one transaction,
 *   so a failure never leaves a partial write.
 */
import { Hono } from 'hono';
import { Code } from '../src/contract/codes';
import { endpointAt } from '../src/contract/all-endpoints';
import { MAX_BODY_BYTES } from '../src/contract/endpoint';
import type { AppDeps } from './deps';
import { createInviteKeySource } from './invitations';
import { createStorageKeys } from './files/keys';
import { isObjectPath, registerFileObjectRoutes } from './files/object-routes';
import { createFileStore } from './files/store';
import { refuseDeclaredOversize } from './http/body';
import { ApiFailure, sendEnvelope } from './http/respond';
import { UPLOAD_SIZE_MESSAGE, type AppEnv } from './http/route';
import { registerAccountRoutes } from './routes/account';
import { registerAnalyticsRoutes } from './routes/analytics';
import { registerBillingRoutes } from './routes/billing';
import { registerPaymentPages } from './billing/callbacks';
import { registerChatRoutes } from './routes/chats';
import { registerConfigRoutes } from './routes/config';
import { registerContactRoutes } from './routes/contacts';
import { registerLeadFileRoutes } from './routes/lead-files';
import { registerIntegrationRoutes } from './routes/integrations';
import { registerLeadRoutes } from './routes/leads';
import { registerPaymentSurveyRoutes } from './routes/payment-survey';
import { registerPinRoutes } from './routes/pins';
import { registerProductEventRoutes } from './routes/product-events';
import { registerLeaveRoutes } from './routes/leave';
import { registerTabRoutes } from './routes/tabs';
import { registerScheduleRoutes } from './routes/schedules';
import { registerShareLinkRoutes } from './routes/share-links';
import { registerStorageRoutes } from './routes/storage';
import { registerTagRoutes } from './routes/tags';
import { registerUserRoutes } from './routes/user';
import { registerTeamRoutes } from './routes/team';
import { registerTemplateRoutes } from './routes/templates';
import { registerWebhookRoutes } from './routes/webhooks';
import { registerWorkspaceRoutes } from './routes/workspace';
import { registerStaticRoutes, setSecurityHeaders } from './static';

export type { AppDeps } from './deps';

/** Path prefixes of the API: unknown paths under them answer the NOT_FOUND envelope. */
export const API_PREFIXES = ['/api/', '/public/', '/admin/', '/member/'];
const isApiPath = (path: string) => API_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1));

export const createApp = (deps: AppDeps): Hono<AppEnv> => {
  const app = new Hono<AppEnv>();

  // The server's own time for each API answer, for measuring (SERVER_TIMING=1; server/http/respond.ts).
  if (deps.config.serverTiming) {
    app.use('*', async (c, next) => {
      c.set('startedAt', performance.now());
      await next();
    });
  }
  // One middleware for every request (each layer of Hono's chain costs every request a little):
  // - the security headers (server/static.ts), set before the handler runs;
  // - API answers are never cached;
  // - no request may declare more than MAX_BODY_BYTES, except to an upload endpoint (its own
  //   declared limit, up to MAX_UPLOAD_BYTES); the routes hold their own, smaller limits and count
  //   undeclared (chunked) bodies as they read them (server/http/body.ts). Nothing else reads a body.
  //   The disk store's object URLs (server/files/) hold each upload to its own signed size instead.
  app.use('*', async (c, next) => {
    setSecurityHeaders(c, deps.config);
    const path = c.req.path;
    if (isApiPath(path)) c.header('Cache-Control', 'no-store');
    if (isObjectPath(path)) return next();
    const endpoint = endpointAt(path);
    const upload = endpoint?.body === 'multipart';
    try {
      refuseDeclaredOversize(c, upload ? endpoint.bodyLimit : MAX_BODY_BYTES);
    } catch (error) {
      // SPEC §8: a file too large reads 'Invalid size'.
      if (upload && error instanceof ApiFailure) throw new ApiFailure(error.code, UPLOAD_SIZE_MESSAGE);
      throw error;
    }
    await next();
  });

  registerAccountRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerConfigRoutes(app, deps);
  // The workspace's creation and the team calls sign invitations with one key, read once.
  const inviteKeys = createInviteKeySource(deps);
  registerTeamRoutes(app, deps, inviteKeys);
  registerWorkspaceRoutes(app, deps, inviteKeys);
  registerLeadRoutes(app, deps);
  registerTabRoutes(app, deps);
  registerContactRoutes(app, deps);
  registerTagRoutes(app, deps);
  registerLeadFileRoutes(app, deps);
  registerChatRoutes(app, deps);
  registerTemplateRoutes(app, deps);
  registerScheduleRoutes(app, deps);
  registerAnalyticsRoutes(app, deps);
  registerShareLinkRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerIntegrationRoutes(app, deps);
  registerBillingRoutes(app, deps);
  // The payment provider's callbacks, the checkout return page and the sandbox's checkout page (server/billing/).
  registerPaymentPages(app, deps);
  registerPaymentSurveyRoutes(app, deps);
  registerPinRoutes(app, deps);
  registerLeaveRoutes(app, deps);
  registerProductEventRoutes(app, deps);
  // SPEC §7 Files: the storage calls and, for the disk store, its signed object URLs.
  const storageKeys = createStorageKeys(deps);
  const files = deps.files ?? createFileStore(deps, storageKeys);
  registerStorageRoutes(app, deps, files, storageKeys);
  registerFileObjectRoutes(app, files, deps.logger);
  registerStaticRoutes(app, deps.config.staticDir, deps.config);

  app.notFound((c) =>
    isApiPath(c.req.path) ? sendEnvelope(c, Code.NOT_FOUND) : sendEnvelope(c, Code.NOT_FOUND, null, undefined, 404),
  );
  app.onError((error, c) => {
    if (error instanceof ApiFailure) return sendEnvelope(c, error.code, error.data, error.message);
    deps.logger.error('[http] unexpected error', {
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return sendEnvelope(c, Code.INTERNAL);
  });
  return app;
};
