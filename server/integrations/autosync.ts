/**
 * "Sync contacts automatically" (the integration centre's switch, settings.syncContacts; SPEC §7
 * Webhook and integrations): a background pass, run every minute by the job runtime
 * (server/jobs/runtime.ts), that upserts to the CRM the leads edited since the connection's last
 * run, so a lead that chat sync makes reaches the CRM within about a minute.
 *
 * A connection takes part when it is enabled, holds tokens, has the switch on, its provider is
 * configured on this server and its workspace's plan still has the `integration` bit. Its leads
 * are those of the workspace's joined members whose phone key is E.164 and whose edited_at is after
 * last_sync_at (connected_at before the first run), oldest first, at most SYNC_MAX_CONTACTS a pass.
 * A finished pass records last_sync_at as the time the leads were read (or, when it stopped at the
 * cap, the last sent lead's edit time, so the next pass goes on from there). A failed pass records
 * only lastError, so its leads are sent again by the next pass (upserts by phone are idempotent);
 * one connection's failure never stops the others.
 *
 * Passes never overlap on one connection: the cron fires once a minute across every process, but a
 * pass may outlast its minute, so each connection is claimed for AUTOSYNC_LEASE_MS
 * (`settings.autosyncUntil`, set only when no live claim holds it) and released when its pass ends;
 * two passes sending the same new lead at once could otherwise make two contacts at the provider.
 */
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { IntegrationProvider } from '../../src/contract/integrations';
import { planAllows, planCodeOf } from '../../src/contract/plans';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { inWorkspace, scoped, workspaceRowOf } from '../db/scoped';
import { integrationConnections, leads, workspaceMembers, workspaces } from '../db/schema';
import type { Logger } from '../logger';
import { ProviderError, type CrmAdapter } from './adapter';
import {
  contactOf,
  createAdapters,
  isE164Key,
  openProviderSession,
  providerLabels,
  ReconnectNeeded,
  recordRun,
  SYNC_MAX_CONTACTS,
  upsertContacts,
  type ConnectionRow,
  type IntegrationContext,
  type SyncOutcome,
} from './connections';
import { createIntegrationKeys } from './keys';
import { createOutgoingRequester } from './outgoing';

/** How long a pass holds a connection (a crashed pass's claim lapses after it). */
export const AUTOSYNC_LEASE_MS = 10 * 60_000;

/** Claims a connection for one pass; false when another pass holds it. */
const claim = async (ctx: AutosyncContext, row: ConnectionRow): Promise<boolean> => {
  const now = ctx.clock.now().getTime();
  const claimed = await ctx.db
    .update(integrationConnections)
    .set({ settings: sql`${integrationConnections.settings} || jsonb_build_object('autosyncUntil', ${now + AUTOSYNC_LEASE_MS}::bigint)` })
    .where(
      inWorkspace(
        integrationConnections,
        row,
        eq(integrationConnections.provider, row.provider),
        sql`coalesce((${integrationConnections.settings}->>'autosyncUntil')::bigint, 0) < ${now}::bigint`,
      ),
    )
    .returning({ provider: integrationConnections.provider });
  return claimed.length === 1;
};

const release = (ctx: AutosyncContext, row: ConnectionRow) =>
  ctx.db
    .update(integrationConnections)
    .set({ settings: sql`${integrationConnections.settings} - 'autosyncUntil'` })
    .where(inWorkspace(integrationConnections, row, eq(integrationConnections.provider, row.provider)));

export type AutosyncContext = IntegrationContext & { adapters: Partial<Record<IntegrationProvider, CrmAdapter>> };
export type AutosyncResult = { connections: number; upserted: number; failed: number };

/** The pass's context from the app's configuration (the same adapters and keys as the routes). */
export const createAutosyncContext = (deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  config: Pick<AppConfig, 'integrations' | 'webhookAllowedHosts'>;
}): AutosyncContext => ({
  db: deps.db,
  clock: deps.clock,
  logger: deps.logger,
  keys: createIntegrationKeys(deps),
  adapters: createAdapters(deps.config.integrations, createOutgoingRequester(deps.config), deps.clock),
});

/** Upserts one connection's leads edited since its last run; returns the outcome and the time to record. */
const syncEditedLeads = async (ctx: AutosyncContext, adapter: CrmAdapter, row: ConnectionRow) => {
  const readAt = ctx.clock.now();
  const since = row.lastSyncAt ?? row.connectedAt ?? readAt;
  const joined = ctx.db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(inWorkspace(workspaceMembers, row, eq(workspaceMembers.status, 'joined'), isNotNull(workspaceMembers.userId)));
  const page = await ctx.db
    .select({ id: leads.id, name: leads.name, phoneKey: leads.phoneKey, email: leads.email, editedAt: leads.editedAt })
    .from(leads)
    .where(inWorkspace(leads, row, isNotNull(leads.phoneKey), isE164Key, gt(leads.editedAt, since), inArray(leads.ownerId, joined)))
    .orderBy(asc(leads.editedAt), asc(leads.id))
    .limit(SYNC_MAX_CONTACTS);
  const outcome: SyncOutcome = { upserted: 0, skipped: 0, created: 0, updated: 0 };
  if (page.length > 0) {
    const session = await openProviderSession(ctx, adapter, row);
    await upsertContacts(session, adapter, page.map(contactOf), outcome);
  }
  // At the cap, the next pass goes on after the last lead sent (leads sharing its edit time past
  // the cap are left to Sync now).
  const upTo = page.length === SYNC_MAX_CONTACTS ? page[page.length - 1]!.editedAt : readAt;
  return { outcome, upTo };
};

/** Records a failed pass on the connection without moving last_sync_at (its leads are sent next time). */
const recordError = (ctx: AutosyncContext, row: ConnectionRow, lastError: string) =>
  scoped(ctx.db, row).update(integrationConnections, { lastError, updatedAt: ctx.clock.now() }, eq(integrationConnections.provider, row.provider));

/** One pass over every connection with automatic contact sync on. */
export const runContactAutosync = async (ctx: AutosyncContext): Promise<AutosyncResult> => {
  const candidates = await ctx.db
    .select({ row: integrationConnections, planCode: workspaces.planCode })
    .from(integrationConnections)
    .innerJoin(workspaces, workspaceRowOf(integrationConnections))
    .where(
      and(
        eq(integrationConnections.enabled, true),
        isNotNull(integrationConnections.accessTokenSealed),
        sql`${integrationConnections.settings} @> '{"syncContacts": true}'::jsonb`,
      ),
    );
  const result: AutosyncResult = { connections: 0, upserted: 0, failed: 0 };
  for (const { row, planCode } of candidates) {
    const adapter = ctx.adapters[row.provider];
    if (!adapter || !planAllows(planCodeOf(planCode), 'integration')) continue;
    if (!(await claim(ctx, row))) continue;
    result.connections += 1;
    const label = providerLabels[row.provider];
    const where = { workspace: row.workspaceId, provider: row.provider };
    try {
      const { outcome, upTo } = await syncEditedLeads(ctx, adapter, row);
      await recordRun(ctx, row, null, upTo);
      result.upserted += outcome.upserted;
      if (outcome.upserted + outcome.skipped > 0) ctx.logger.info('[integrations] auto-synced', { ...where, ...outcome });
    } catch (error) {
      result.failed += 1;
      const message =
        error instanceof ReconnectNeeded
          ? `${label} no longer accepts this connection: connect it again`
          : error instanceof ProviderError
            ? `${label} did not answer: try again later`
            : `${label} contacts could not be synced: try again later`;
      ctx.logger.warn('[integrations] auto-sync stopped', { ...where, reason: error instanceof Error ? error.message : String(error) });
      try {
        await recordError(ctx, row, message);
      } catch (again) {
        ctx.logger.error('[integrations] auto-sync error not recorded', { ...where, reason: again instanceof Error ? again.message : String(again) });
      }
    } finally {
      await release(ctx, row).catch((error: unknown) =>
        ctx.logger.warn('[integrations] auto-sync claim not released', { ...where, reason: error instanceof Error ? error.message : String(error) }),
      );
    }
  }
  return result;
};
