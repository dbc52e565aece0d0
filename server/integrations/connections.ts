/**
 * A workspace's CRM connections (SPEC §7 Webhook and integrations; table integration_connections,
 * one row per workspace and provider): what the integration centre shows of them (never a token),
 * their tokens sealed at rest (keys.ts), and contacts upserted through a provider with the
 * connection's tokens, refreshing them at most once per run when they have expired or a call
 * answers 401.
 *
 * The row's `settings` holds the member-facing switch `syncContacts` and, while a connect flow is
 * under way, `oauth`: the flow's state id, who started it, when it ends and (PKCE) its sealed code
 * verifier. The callback removes `oauth` with a conditional update, so a state is used once.
 */
import { asc, count, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Connection, IntegrationProvider } from '../../src/contract/integrations';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { inWorkspace, scoped, type Owner, type TenantScope } from '../db/scoped';
import { integrationConnections, leads } from '../db/schema';
import type { Logger } from '../logger';
import { E164, ProviderError, type CrmAdapter, type CrmContact, type ProviderTokens, type Requester } from './adapter';
import { createHubspotAdapter } from './hubspot';
import { seal, unseal, type IntegrationKeys } from './keys';
import { createSalesforceAdapter } from './salesforce';

export type ConnectionRow = typeof integrationConnections.$inferSelect;

export const providerLabels: Record<IntegrationProvider, string> = { hubspot: 'HubSpot', salesforce: 'Salesforce' };

/** A connect flow under way (settings.oauth). */
export type PendingOauth = { id: string; userId: string; expiresAt: number; verifier: string | null };
export type ConnectionSettings = { syncContacts?: boolean; oauth?: PendingOauth };

export const settingsOf = (row: ConnectionRow | null): ConnectionSettings => (row?.settings ?? {}) as ConnectionSettings;

/** The adapters of the providers this server has an OAuth app for (no client id: not offered). */
export const createAdapters = (config: AppConfig['integrations'], request: Requester, clock: Clock): Partial<Record<IntegrationProvider, CrmAdapter>> => ({
  ...(config.hubspot.clientId ? { hubspot: createHubspotAdapter(config.hubspot, request, () => clock.now()) } : {}),
  ...(config.salesforce.clientId ? { salesforce: createSalesforceAdapter(config.salesforce, request) } : {}),
});

/** What the integration centre is told of a connection (never its tokens). */
export const toWireConnection = (provider: IntegrationProvider, row: ConnectionRow | null, configured: boolean): Connection => ({
  provider,
  connected: Boolean(row?.accessTokenSealed),
  enabled: row?.enabled ?? false,
  accountName: row?.accountName ?? null,
  connectedAt: row?.connectedAt?.getTime() ?? null,
  lastSyncAt: row?.lastSyncAt?.getTime() ?? null,
  lastError: row?.lastError ?? null,
  syncContacts: settingsOf(row).syncContacts === true,
  configured,
});

export const findConnection = (db: Db, scope: TenantScope, provider: IntegrationProvider) =>
  scoped(db, scope).first(integrationConnections, eq(integrationConnections.provider, provider));

/** What a sealed value belongs to: its row and column (sealing's additional data). */
export const sealContext = (workspaceId: string, provider: IntegrationProvider, what: 'access' | 'refresh' | 'verifier'): string =>
  `integration:${workspaceId}:${provider}:${what}`;

/** The columns that hold a connection's tokens, sealed. */
export const sealedTokenColumns = (key: Buffer, workspaceId: string, provider: IntegrationProvider, tokens: ProviderTokens) => ({
  accessTokenSealed: seal(key, tokens.accessToken, sealContext(workspaceId, provider, 'access')),
  refreshTokenSealed: tokens.refreshToken ? seal(key, tokens.refreshToken, sealContext(workspaceId, provider, 'refresh')) : null,
  tokenExpiresAt: tokens.expiresAt,
  instanceUrl: tokens.instanceUrl,
});

/** The connection's tokens, opened; null when it holds none (or they no longer open: another key). */
export const openTokens = (key: Buffer, row: ConnectionRow): ProviderTokens | null => {
  if (!row.accessTokenSealed) return null;
  const accessToken = unseal(key, row.accessTokenSealed, sealContext(row.workspaceId, row.provider, 'access'));
  if (accessToken === null) return null;
  const refreshToken = row.refreshTokenSealed ? unseal(key, row.refreshTokenSealed, sealContext(row.workspaceId, row.provider, 'refresh')) : null;
  return { accessToken, refreshToken, expiresAt: row.tokenExpiresAt, instanceUrl: row.instanceUrl };
};

/** An access token this close to its end is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

/** The connection no longer works: the person connects it again. */
export class ReconnectNeeded extends Error {
  override name = 'ReconnectNeeded';
}

export type IntegrationContext = { db: Db; clock: Clock; logger: Logger; keys: IntegrationKeys };

/**
 * Runs provider calls with a connection's tokens: refreshes them first when they have expired,
 * or after a call answers 401, at most once per session; a refresh is stored at once (a rotated
 * refresh token replaces the old one). When the tokens are gone or refused after the refresh, it
 * throws ReconnectNeeded.
 */
export const openProviderSession = async (ctx: IntegrationContext, adapter: CrmAdapter, row: ConnectionRow) => {
  const key = await ctx.keys.get('token-seal');
  let tokens = openTokens(key, row);
  if (!tokens) throw new ReconnectNeeded(`${adapter.label} holds no usable tokens`);
  let refreshed = false;

  const refresh = async (current: ProviderTokens): Promise<ProviderTokens> => {
    refreshed = true;
    if (!current.refreshToken) throw new ReconnectNeeded(`${adapter.label} gave no refresh token`);
    let fresh: ProviderTokens;
    try {
      fresh = await adapter.refresh(current.refreshToken);
    } catch (error) {
      // A refused refresh token (invalid_grant is a 400) means the grant is gone.
      if (error instanceof ProviderError && error.kind !== 'unavailable') throw new ReconnectNeeded(`${adapter.label} refused the refresh token`);
      throw error;
    }
    const next: ProviderTokens = {
      accessToken: fresh.accessToken,
      refreshToken: fresh.refreshToken ?? current.refreshToken,
      expiresAt: fresh.expiresAt,
      instanceUrl: fresh.instanceUrl ?? current.instanceUrl,
    };
    await scoped(ctx.db, row).update(
      integrationConnections,
      { ...sealedTokenColumns(key, row.workspaceId, row.provider, next), updatedAt: ctx.clock.now() },
      eq(integrationConnections.provider, row.provider),
    );
    ctx.logger.info('[integrations] token refreshed', { workspace: row.workspaceId, provider: row.provider });
    return next;
  };

  return {
    async run<T>(call: (tokens: ProviderTokens) => Promise<T>): Promise<T> {
      let current = tokens!;
      if (!refreshed && current.expiresAt && current.expiresAt.getTime() - EXPIRY_MARGIN_MS <= ctx.clock.now().getTime()) {
        current = tokens = await refresh(current);
      }
      try {
        return await call(current);
      } catch (error) {
        if (!(error instanceof ProviderError) || error.kind !== 'unauthorized') throw error;
        if (refreshed) throw new ReconnectNeeded(`${adapter.label} refused the access token`);
        current = tokens = await refresh(current);
        try {
          return await call(current);
        } catch (again) {
          if (again instanceof ProviderError && again.kind === 'unauthorized') throw new ReconnectNeeded(`${adapter.label} refused the access token`);
          throw again;
        }
      }
    },
  };
};

/** A member's lead as a contact: leads whose phone key is E.164 only (others cannot be matched by phone). */
export const isE164Key = sql`${leads.phoneKey} ~ ${E164.source}`;

/** Leads read per query while syncing. */
export const SYNC_PAGE_SIZE = 100;
/**
 * Contacts upserted per sync call at most (two provider calls each): the member's most recently
 * edited leads first; the rest are counted as skipped (automatic upserts keep new leads current).
 */
export const SYNC_MAX_CONTACTS = 500;

export type SyncOutcome = { upserted: number; skipped: number; created: number; updated: number };

/** Upserts contacts one after another; a contact the provider refuses is skipped, anything else stops the run. */
export const upsertContacts = async (
  session: Awaited<ReturnType<typeof openProviderSession>>,
  adapter: CrmAdapter,
  contacts: readonly CrmContact[],
  outcome: SyncOutcome,
): Promise<void> => {
  for (const contact of contacts) {
    try {
      const result = await session.run((tokens) => adapter.upsertContactByPhone(tokens, contact));
      outcome.upserted += 1;
      outcome[result] += 1;
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'rejected') {
        outcome.skipped += 1;
        continue;
      }
      throw error;
    }
  }
};

export type LeadContact = { id: string; name: string; phoneKey: string | null; email: string | null; editedAt: Date };
export const contactOf = (lead: LeadContact): CrmContact => ({ name: lead.name, phoneE164: lead.phoneKey!, email: lead.email });

/**
 * Upserts a member's leads with an E.164 phone key to the provider, in pages, at most
 * SYNC_MAX_CONTACTS; every other lead of the member counts as skipped. Throws ReconnectNeeded or
 * a ProviderError (`unavailable`) when the run cannot go on.
 */
export const syncMemberLeads = async (ctx: IntegrationContext, adapter: CrmAdapter, row: ConnectionRow, owner: Owner): Promise<SyncOutcome> => {
  const session = await openProviderSession(ctx, adapter, row);
  const mine = (...more: (SQL | undefined)[]) => inWorkspace(leads, owner, eq(leads.ownerId, owner.userId), ...more);
  const [all] = await ctx.db.select({ n: count() }).from(leads).where(mine());
  const total = Number(all?.n ?? 0);
  const outcome: SyncOutcome = { upserted: 0, skipped: 0, created: 0, updated: 0 };
  const columns = { id: leads.id, name: leads.name, phoneKey: leads.phoneKey, email: leads.email, editedAt: leads.editedAt };
  let seen = 0;
  // Keyset pages over (edited_at desc, id asc): the newest edits first, stable while it runs.
  let after: LeadContact | null = null;
  while (seen < SYNC_MAX_CONTACTS) {
    const cursor: LeadContact | null = after;
    const page: LeadContact[] = await ctx.db
      .select(columns)
      .from(leads)
      .where(
        mine(
          isNotNull(leads.phoneKey),
          isE164Key,
          cursor
            ? sql`(${leads.editedAt}, ${cursor.id}) < (${cursor.editedAt.toISOString()}::timestamptz, ${leads.id})`
            : undefined,
        ),
      )
      .orderBy(sql`${leads.editedAt} desc`, asc(leads.id))
      .limit(Math.min(SYNC_PAGE_SIZE, SYNC_MAX_CONTACTS - seen));
    if (page.length === 0) break;
    seen += page.length;
    await upsertContacts(session, adapter, page.map(contactOf), outcome);
    after = page[page.length - 1]!;
    if (page.length < SYNC_PAGE_SIZE) break;
  }
  outcome.skipped += total - seen;
  return outcome;
};

/**
 * Records how a run ended on the connection (its time and error, shown in the integration centre);
 * `at` is the time leads were read up to (now by default).
 */
export const recordRun = (ctx: IntegrationContext, row: ConnectionRow, lastError: string | null, at: Date = ctx.clock.now()) =>
  scoped(ctx.db, row).update(
    integrationConnections,
    { lastSyncAt: at, lastError, updatedAt: ctx.clock.now() },
    eq(integrationConnections.provider, row.provider),
  );
