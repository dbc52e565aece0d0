/**
 * The CRM integrations (SPEC §7 Webhook and integrations: /integration/config and
 * /integration/config/save; the connect flow, disconnect and sync of the integration centre,
 * SPEC §2): HubSpot and Salesforce over one adapter interface (server/integrations/).
 *
 * Who may call what is declared in the contract (src/contract/integrations.ts: the owner and
 * managers, the signed-in page's session for every change). Saving the settings, connecting and
 * syncing need the plan's `integration` bit (PLAN_LIMIT otherwise: the feature-limit dialog);
 * reading and disconnecting do not, so a workspace whose plan lost the bit can still forget its
 * tokens. The answers never carry a token. A sync costs the provider's API calls: it is
 * rate-limited per account and per client address.
 *
 * The OAuth callback (GET OAUTH_CALLBACK_PATH/:provider) is outside the API: the provider sends the
 * browser there with no session, so only a valid, unexpired, unused state is accepted
 * (server/integrations/oauth.ts); it always answers a redirect to the integration centre on the
 * configured origin, with `connected=<provider>` or `error=<reason>`, never the query's own text.
 */
import { eq, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { integrationEndpoints, integrationProviders, OAUTH_CALLBACK_PATH, type IntegrationProvider } from '../../src/contract/integrations';
import { enforceRateLimits } from '../auth/rate-limit';
import { requireOwnWorkspace } from '../auth/scope';
import { scoped } from '../db/scoped';
import { integrationConnections } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import { ProviderError } from '../integrations/adapter';
import {
  createAdapters,
  findConnection,
  providerLabels,
  ReconnectNeeded,
  recordRun,
  syncMemberLeads,
  toWireConnection,
  type IntegrationContext,
} from '../integrations/connections';
import { createIntegrationKeys } from '../integrations/keys';
import { completeOauth, startOauth } from '../integrations/oauth';
import { createOutgoingRequester } from '../integrations/outgoing';
import { APP_BASE } from '../static';
import { requirePlanPermission } from '../workspace/plans';

/** The integration centre's page, where the callback sends the browser back. */
const INTEGRATION_CENTER = `${APP_BASE}/integration-center`;

export const registerIntegrationRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock, logger, config } = deps;
  const keys = createIntegrationKeys(deps);
  const adapters = createAdapters(config.integrations, createOutgoingRequester(config), clock);
  const ctx: IntegrationContext & { config: AppDeps['config'] } = { db, clock, logger, keys, config };

  const configured = (provider: IntegrationProvider) => adapters[provider] !== undefined;
  const adapterOf = (provider: IntegrationProvider) => {
    const adapter = adapters[provider];
    if (!adapter) throw fail(Code.NOT_FOUND, `${providerLabels[provider]} is not configured on this server`);
    return adapter;
  };

  defineRoute(app, deps, integrationEndpoints.integrationConfig, async ({ scope, body }) => {
    requireOwnWorkspace(scope, body.workspaceId, { logger, area: 'integrations', path: integrationEndpoints.integrationConfig.path });
    const rows = await scoped(db, scope).select(integrationConnections);
    return {
      connections: integrationProviders.map((provider) =>
        toWireConnection(provider, rows.find((r) => r.provider === provider) ?? null, configured(provider)),
      ),
    };
  });

  defineRoute(app, deps, integrationEndpoints.integrationConfigSave, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'integration');
    const now = clock.now();
    const merged = JSON.stringify({ syncContacts: body.syncContacts });
    await db
      .insert(integrationConnections)
      .values({ workspaceId: scope.workspaceId, provider: body.provider, enabled: body.enabled, settings: { syncContacts: body.syncContacts }, updatedAt: now })
      .onConflictDoUpdate({
        target: [integrationConnections.workspaceId, integrationConnections.provider],
        set: { enabled: body.enabled, settings: sql`${integrationConnections.settings} || ${merged}::jsonb`, updatedAt: now },
      });
    logger.info('[integrations] settings saved', { workspace: scope.workspaceId, provider: body.provider, by: scope.userId });
    return toWireConnection(body.provider, await findConnection(db, scope, body.provider), configured(body.provider));
  });

  defineRoute(app, deps, integrationEndpoints.integrationOauthStart, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'integration');
    const adapter = adapterOf(body.provider);
    return { url: await startOauth(ctx, adapter, scope) };
  });

  defineRoute(app, deps, integrationEndpoints.integrationDisconnect, async ({ scope, body }) => {
    const now = clock.now();
    await scoped(db, scope).update(
      integrationConnections,
      {
        accessTokenSealed: null,
        refreshTokenSealed: null,
        tokenExpiresAt: null,
        instanceUrl: null,
        accountName: null,
        connectedBy: null,
        connectedAt: null,
        lastError: null,
        enabled: false,
        settings: sql`${integrationConnections.settings} - 'oauth'`,
        updatedAt: now,
      },
      eq(integrationConnections.provider, body.provider),
    );
    logger.info('[integrations] disconnected', { workspace: scope.workspaceId, provider: body.provider, by: scope.userId });
    return toWireConnection(body.provider, await findConnection(db, scope, body.provider), configured(body.provider));
  });

  /** Upserts the selected member's leads (the source-user header names them) to the provider now. */
  defineRoute(app, deps, integrationEndpoints.integrationSync, async ({ scope, body, clientAddress }) => {
    const rules = config.rateLimits;
    await enforceRateLimits(
      db,
      [
        { bucket: `integration-sync:user:${scope.userId}`, rule: rules.integrationSyncUser },
        { bucket: `integration-sync:address:${clientAddress}`, rule: rules.integrationSyncAddress },
      ],
      clock.now(),
    );
    await requirePlanPermission(db, scope.workspaceId, 'integration');
    const label = providerLabels[body.provider];
    const adapter = adapterOf(body.provider);
    const row = await findConnection(db, scope, body.provider);
    if (!row?.accessTokenSealed) throw fail(Code.NOT_FOUND, `${label} is not connected`);
    if (!row.enabled) throw fail(Code.VALIDATION, `${label} is turned off: turn it on first`);
    try {
      const outcome = await syncMemberLeads(ctx, adapter, row, { workspaceId: scope.workspaceId, userId: scope.actingUserId });
      await recordRun(ctx, row, null);
      logger.info('[integrations] synced', { workspace: scope.workspaceId, provider: body.provider, member: scope.actingUserId, ...outcome });
      return { upserted: outcome.upserted, skipped: outcome.skipped };
    } catch (error) {
      if (error instanceof ReconnectNeeded) {
        await recordRun(ctx, row, `${label} no longer accepts this connection: connect it again`);
        throw fail(Code.FORBIDDEN, `${label} no longer accepts this connection: connect it again`);
      }
      if (error instanceof ProviderError) {
        await recordRun(ctx, row, `${label} did not answer: try again later`);
        logger.warn('[integrations] sync stopped', { workspace: scope.workspaceId, provider: body.provider, reason: error.message });
        throw fail(Code.INTERNAL, `${label} did not answer: try again later`);
      }
      throw error;
    }
  });

  const back = (c: Context<AppEnv>, query: Record<string, string>) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(`${config.publicUrl}${INTEGRATION_CENTER}?${new URLSearchParams(query).toString()}`, 302);
  };

  app.get(`${OAUTH_CALLBACK_PATH}/:provider`, async (c) => {
    const given = c.req.param('provider');
    if (!(integrationProviders as readonly string[]).includes(given)) return back(c, { error: 'invalid_request' });
    const provider = given as IntegrationProvider;
    try {
      const outcome = await completeOauth(ctx, adapters[provider], provider, {
        state: c.req.query('state'),
        code: c.req.query('code'),
        error: c.req.query('error'),
      });
      return back(c, 'connected' in outcome ? { connected: outcome.connected } : { error: outcome.error, provider });
    } catch (error) {
      logger.error('[integrations] callback failed', { provider, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return back(c, { error: 'exchange_failed', provider });
    }
  });
};
