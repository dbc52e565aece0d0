/**
 * The CRM connect flow (SPEC §7 Webhook and integrations; OAuth 2.0 authorization code):
 *
 * 1. start (a manager, plan with the `integration` bit): a new state id (and, where the provider
 *    takes PKCE, a code verifier, sealed) is kept on the workspace's connection row, and the
 *    provider's authorize URL is answered with a signed state (oauth-state.ts) for that id.
 * 2. callback (the provider sends the browser back; no session there): the state must verify
 *    (ours, unexpired, for this provider) and still be the row's pending one; it is removed at
 *    once with a conditional update, so it works once. The person who started must still be a
 *    manager of that workspace, whose plan still has the bit. The code is exchanged (with the
 *    verifier), the tokens stored sealed, the connection marked connected and enabled.
 *
 * The outcome is a fixed word (OauthCallbackError), never text from the query or the provider.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { OAUTH_CALLBACK_PATH, type IntegrationProvider, type OauthCallbackError } from '../../src/contract/integrations';
import type { Permission } from '../../src/contract/permissions';
import { findMembership, isAdminRole } from '../auth/scope';
import type { AppConfig } from '../config';
import { scoped, type TenantScope } from '../db/scoped';
import { integrationConnections } from '../db/schema';
import { planAllows, planCodeOf } from '../../src/contract/plans';
import { findWorkspace } from '../workspace/plans';
import { ProviderError, type CrmAdapter } from './adapter';
import { findConnection, sealContext, sealedTokenColumns, settingsOf, type IntegrationContext, type PendingOauth } from './connections';
import { seal, unseal } from './keys';
import { OAUTH_STATE_TTL_SECONDS, signOauthState, verifyOauthState } from './oauth-state';
import { pkceChallenge } from './salesforce';

/** The redirect URI registered with each provider's OAuth app: on the configured origin only. */
export const oauthRedirectUri = (config: Pick<AppConfig, 'publicUrl'>, provider: IntegrationProvider): string =>
  `${config.publicUrl}${OAUTH_CALLBACK_PATH}/${provider}`;

/** Starts a connect flow for the caller; answers the provider's authorize URL. */
export const startOauth = async (
  ctx: IntegrationContext & { config: Pick<AppConfig, 'publicUrl'> },
  adapter: CrmAdapter,
  caller: TenantScope & { userId: string },
): Promise<string> => {
  const now = ctx.clock.now();
  const sealKey = await ctx.keys.get('token-seal');
  const stateKey = await ctx.keys.get('oauth-state');
  const id = randomBytes(18).toString('base64url');
  const verifier = adapter.pkce ? randomBytes(32).toString('base64url') : null;
  const pending: PendingOauth = {
    id,
    userId: caller.userId,
    expiresAt: now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000,
    verifier: verifier ? seal(sealKey, verifier, sealContext(caller.workspaceId, adapter.provider, 'verifier')) : null,
  };
  const oauth = JSON.stringify({ oauth: pending });
  // One flow at a time per workspace and provider: a new start replaces the pending one.
  await ctx.db
    .insert(integrationConnections)
    .values({ workspaceId: caller.workspaceId, provider: adapter.provider, settings: { oauth: pending }, updatedAt: now })
    .onConflictDoUpdate({
      target: [integrationConnections.workspaceId, integrationConnections.provider],
      set: { settings: sql`${integrationConnections.settings} || ${oauth}::jsonb`, updatedAt: now },
    });
  const state = await signOauthState(stateKey, { workspaceId: caller.workspaceId, userId: caller.userId, provider: adapter.provider, id }, now);
  return adapter.authorizeUrl(state, oauthRedirectUri(ctx.config, adapter.provider), verifier ? pkceChallenge(verifier) : undefined);
};

/** The callback's query, as strings (the rest is ignored). */
export type CallbackQuery = { state?: string; code?: string; error?: string };

export type CallbackOutcome = { connected: IntegrationProvider } | { error: OauthCallbackError };

/** Longest state and code taken (a JWT of ours is far shorter; providers' codes are a few hundred characters). */
const MAX_PARAM = 4096;

const INTEGRATION: Permission = 'integration';

/** Finishes a connect flow from the provider's redirect. */
export const completeOauth = async (
  ctx: IntegrationContext & { config: Pick<AppConfig, 'publicUrl'> },
  adapter: CrmAdapter | undefined,
  provider: IntegrationProvider,
  query: CallbackQuery,
): Promise<CallbackOutcome> => {
  const { state: stateText, code, error } = query;
  if (!stateText || stateText.length > MAX_PARAM) return { error: 'invalid_state' };
  const now = ctx.clock.now();
  const state = await verifyOauthState(await ctx.keys.get('oauth-state'), stateText, now);
  if (!state || state.provider !== provider) return { error: 'invalid_state' };

  // Single use: the state must be the row's pending flow, removed here by whoever gets there first.
  const workspace = { workspaceId: state.workspaceId };
  const row = await findConnection(ctx.db, workspace, provider);
  const pending = settingsOf(row).oauth;
  if (!row || !pending || pending.id !== state.id || pending.userId !== state.userId || pending.expiresAt <= now.getTime()) return { error: 'invalid_state' };
  const taken = await scoped(ctx.db, workspace)
    .update(
      integrationConnections,
      { settings: sql`${integrationConnections.settings} - 'oauth'`, updatedAt: now },
      eq(integrationConnections.provider, provider),
      sql`${integrationConnections.settings} -> 'oauth' ->> 'id' = ${state.id}`,
    )
    .returning({ provider: integrationConnections.provider });
  if (taken.length === 0) return { error: 'invalid_state' };

  if (error !== undefined) return { error: 'denied' };
  if (!code || code.length > MAX_PARAM) return { error: 'invalid_request' };
  // The person who started must still manage that workspace (a member removed or demoted meanwhile cannot finish).
  const membership = await findMembership(ctx.db, state.userId);
  if (!membership || membership.workspaceId !== state.workspaceId || !isAdminRole(membership.level)) return { error: 'not_allowed' };
  const ws = await findWorkspace(ctx.db, state.workspaceId);
  if (!ws || ws.disbandedAt) return { error: 'not_allowed' };
  if (!planAllows(planCodeOf(ws.planCode), INTEGRATION)) return { error: 'plan_limit' };
  if (!adapter) return { error: 'not_configured' };

  const sealKey = await ctx.keys.get('token-seal');
  const verifier = pending.verifier ? unseal(sealKey, pending.verifier, sealContext(state.workspaceId, provider, 'verifier')) : null;
  if (adapter.pkce && !verifier) return { error: 'invalid_state' };
  let account;
  try {
    account = await adapter.exchangeCode(code, oauthRedirectUri(ctx.config, provider), verifier ?? undefined);
  } catch (failure) {
    if (!(failure instanceof ProviderError)) throw failure;
    ctx.logger.warn('[integrations] code exchange failed', { workspace: state.workspaceId, provider, reason: failure.message });
    return { error: 'exchange_failed' };
  }
  const at = ctx.clock.now();
  await scoped(ctx.db, workspace).update(
    integrationConnections,
    {
      ...sealedTokenColumns(sealKey, state.workspaceId, provider, account),
      accountName: account.accountName?.slice(0, 200) ?? null,
      enabled: true,
      connectedBy: state.userId,
      connectedAt: at,
      lastError: null,
      updatedAt: at,
    },
    eq(integrationConnections.provider, provider),
  );
  ctx.logger.info('[integrations] connected', { workspace: state.workspaceId, provider, by: state.userId });
  return { connected: provider };
};
