/**
 * Webhook settings, permissions and the delivery log (SPEC §3 Webhook settings, §5 webhook
 * permission, §6, §7 Webhook and integrations; src/contract/integrations.ts, the webhook* calls).
 *
 * Who may call what is declared in the contract and enforced by defineRoute: the settings, the
 * per-member permission and the log are for the owner and managers; every member reads what the
 * workspace allows and their own permission (/webhook/workspace-permission). The rules left here:
 * - saving the settings or a member's permission, rotating the secret, and replaying, need the
 *   plan's `custom_webhook` bit (PLAN_LIMIT otherwise: the client opens the feature-limit dialog);
 * - every URL saved passes the outgoing-request rules (server/webhooks/safe-http.ts): http(s), no
 *   credentials, not a local, private or metadata address, also through the names it resolves to
 *   now (a name that does not resolve is kept: delivery checks again at each attempt); refusals are
 *   VALIDATION naming the field;
 * - the signing secret is made by the first save (or a rotation) and answered that once; after
 *   that only whether one exists, when it was made and its last four characters are shown;
 * - a permission is saved for a joined member of the caller's workspace only (NOT_FOUND otherwise);
 * - a replay sends the same event (same id) again: back to pending, due now, attempts from zero;
 *   refused when the workspace has no URL for the event's direction.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { integrationEndpoints, type Delivery, type MemberPermission, type WebhookConfig } from '../../src/contract/integrations';
import { isAdminRole, type WorkspaceScope } from '../auth/scope';
import type { Db } from '../db/client';
import { inWorkspace, scoped, workspaceFilter } from '../db/scoped';
import { users, webhookConfigs, webhookEvents, webhookPermissions, workspaceMembers, workspaces } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import { eventTimes } from '../webhooks/delivery';
import { limitReplays, limitSettingsChanges } from '../webhooks/rate-limits';
import { resolveTarget, UnsafeUrlError } from '../webhooks/safe-http';
import { createSecretBoxSource, newWebhookSecret, secretHint, type SecretBox } from '../webhooks/secrets';
import { planAllows, readWebhookConfig, urlFor } from '../webhooks/settings';
import { requirePlanPermission } from '../workspace/plans';

type ConfigRow = typeof webhookConfigs.$inferSelect;
type EventRow = typeof webhookEvents.$inferSelect;

/** How long the save waits for a URL's host to resolve before keeping it unchecked (delivery checks again). */
const SAVE_RESOLVE_TIMEOUT_MS = 3000;

const configData = (row: ConfigRow | null, box: SecretBox): WebhookConfig => {
  let hint: string | null = null;
  if (row?.secretSealed) {
    try {
      hint = secretHint(box.open(row.secretSealed, row.workspaceId));
    } catch {
      hint = null;
    }
  }
  return {
    receivedUrl: row?.receivedUrl ?? null,
    sentUrl: row?.sentUrl ?? null,
    hasSecret: Boolean(row?.secretSealed),
    secretCreatedAt: row?.secretCreatedAt?.getTime() ?? null,
    secretHint: hint,
    updatedAt: row?.updatedAt.getTime() ?? null,
  };
};

const deliveryData = (row: EventRow, userEmail: string | null): Delivery => ({
  id: row.id,
  type: row.type,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  lastUrl: row.lastUrl,
  userEmail,
  ...eventTimes(row),
});

/** A URL to save: empty is none; otherwise it must pass the outgoing-request rules (VALIDATION naming the field). */
const checkedUrl = async (deps: AppDeps, field: 'received_url' | 'sent_url', value: string | null): Promise<string | null> => {
  const url = value?.trim() ?? '';
  if (url === '') return null;
  try {
    const target = await resolveTarget(url, { allowedHosts: deps.config.webhookAllowedHosts, resolveTimeoutMs: SAVE_RESOLVE_TIMEOUT_MS });
    return target.url.href;
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw fail(Code.VALIDATION, `${field}: The address ${error.message}`);
    // Not resolvable now (or too slow): kept; each delivery attempt resolves and checks it again.
    return new URL(url).href;
  }
};

const eventOf = async (db: Db, scope: WorkspaceScope, id: string) => {
  const [row] = await db
    .select({ event: webhookEvents, userEmail: users.email })
    .from(webhookEvents)
    .leftJoin(users, eq(users.id, webhookEvents.userId))
    .where(inWorkspace(webhookEvents, scope, eq(webhookEvents.id, id)));
  return row ?? null;
};

export const registerWebhookRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock } = deps;
  const secrets = createSecretBoxSource(deps);

  defineRoute(app, deps, integrationEndpoints.webhookConfig, async ({ scope }) => {
    const box = await secrets.get();
    return configData(await readWebhookConfig(db, scope), box);
  });

  defineRoute(app, deps, integrationEndpoints.webhookConfigSave, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'custom_webhook');
    await limitSettingsChanges(deps, scope.workspaceId);
    const receivedUrl = await checkedUrl(deps, 'received_url', body.receivedUrl);
    const sentUrl = await checkedUrl(deps, 'sent_url', body.sentUrl);
    const box = await secrets.get();
    const now = clock.now();
    // The first save makes the secret; a later one keeps it (one statement, so two first saves
    // at once keep one secret, and only the save whose secret was kept answers it).
    const secret = newWebhookSecret();
    const sealed = box.seal(secret, scope.workspaceId);
    const [row] = await db
      .insert(webhookConfigs)
      .values({ workspaceId: scope.workspaceId, receivedUrl, sentUrl, secretSealed: sealed, secretCreatedAt: now, updatedBy: scope.userId, updatedAt: now })
      .onConflictDoUpdate({
        target: webhookConfigs.workspaceId,
        set: {
          receivedUrl,
          sentUrl,
          updatedBy: scope.userId,
          updatedAt: now,
          secretSealed: sql`coalesce(${webhookConfigs.secretSealed}, excluded.secret_sealed)`,
          secretCreatedAt: sql`coalesce(${webhookConfigs.secretCreatedAt}, excluded.secret_created_at)`,
        },
      })
      .returning();
    deps.logger.info('[webhooks] settings saved', { workspace: scope.workspaceId, by: scope.userId });
    return { ...configData(row ?? null, box), secret: row?.secretSealed === sealed ? secret : null };
  });

  defineRoute(app, deps, integrationEndpoints.webhookSecretRotate, async ({ scope }) => {
    await requirePlanPermission(db, scope.workspaceId, 'custom_webhook');
    await limitSettingsChanges(deps, scope.workspaceId);
    const box = await secrets.get();
    const now = clock.now();
    const secret = newWebhookSecret();
    const sealed = box.seal(secret, scope.workspaceId);
    await db
      .insert(webhookConfigs)
      .values({ workspaceId: scope.workspaceId, receivedUrl: null, sentUrl: null, secretSealed: sealed, secretCreatedAt: now, updatedBy: scope.userId, updatedAt: now })
      .onConflictDoUpdate({ target: webhookConfigs.workspaceId, set: { secretSealed: sealed, secretCreatedAt: now, updatedBy: scope.userId, updatedAt: now } });
    deps.logger.info('[webhooks] secret rotated', { workspace: scope.workspaceId, by: scope.userId });
    return { secret, secretCreatedAt: now.getTime(), secretHint: secretHint(secret) };
  });

  defineRoute(app, deps, integrationEndpoints.webhookPermissionSave, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'custom_webhook');
    const member = await scoped(db, scope).first(workspaceMembers, eq(workspaceMembers.userId, body.userId), eq(workspaceMembers.status, 'joined'));
    if (!member?.userId) throw fail(Code.NOT_FOUND, 'No such member in this workspace');
    const now = clock.now();
    await db
      .insert(webhookPermissions)
      .values({ workspaceId: scope.workspaceId, userId: member.userId, enabled: body.enabled, updatedAt: now })
      .onConflictDoUpdate({ target: [webhookPermissions.workspaceId, webhookPermissions.userId], set: { enabled: body.enabled, updatedAt: now } });
    deps.logger.info('[webhooks] permission saved', { workspace: scope.workspaceId, by: scope.userId, member: member.userId, enabled: body.enabled });
    return null;
  });

  defineRoute(app, deps, integrationEndpoints.webhookWorkspacePermission, async ({ scope }) => {
    const [workspace] = await db.select({ planCode: workspaces.planCode }).from(workspaces).where(eq(workspaces.id, scope.workspaceId));
    const own = await scoped(db, scope).first(webhookPermissions, eq(webhookPermissions.userId, scope.userId));
    let members: MemberPermission[] = [];
    if (isAdminRole(scope.role)) {
      const rows = await db
        .select({
          userId: workspaceMembers.userId,
          email: users.email,
          name: users.name,
          level: workspaceMembers.level,
          webhook: webhookPermissions.enabled,
        })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .leftJoin(webhookPermissions, workspaceFilter(webhookPermissions, workspaceMembers.workspaceId, eq(webhookPermissions.userId, workspaceMembers.userId)))
        .where(inWorkspace(workspaceMembers, scope, eq(workspaceMembers.status, 'joined')))
        .orderBy(workspaceMembers.createdAt, workspaceMembers.id);
      members = rows.map((r) => ({ userId: r.userId ?? '', email: r.email, name: r.name, level: r.level, webhook: r.webhook ?? false }));
    }
    return {
      integration: planAllows(workspace?.planCode, 'integration'),
      customWebhook: planAllows(workspace?.planCode, 'custom_webhook'),
      ownWebhook: own?.enabled ?? false,
      members,
    };
  });

  defineRoute(app, deps, integrationEndpoints.webhookDeliveries, async ({ scope, body }) => {
    const status = body.status ? eq(webhookEvents.status, body.status) : undefined;
    const total = await scoped(db, scope).count(webhookEvents, status);
    const rows = await db
      .select({ event: webhookEvents, userEmail: users.email })
      .from(webhookEvents)
      .leftJoin(users, eq(users.id, webhookEvents.userId))
      .where(inWorkspace(webhookEvents, scope, status))
      .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
      .limit(body.pageSize)
      .offset((body.pageNo - 1) * body.pageSize);
    return { items: rows.map((r) => deliveryData(r.event, r.userEmail)), total };
  });

  defineRoute(app, deps, integrationEndpoints.webhookDeliveryReplay, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'custom_webhook');
    const found = await eventOf(db, scope, body.id);
    if (!found) throw fail(Code.NOT_FOUND, 'No such webhook event');
    const config = await readWebhookConfig(db, scope);
    if (!config || !urlFor(config, found.event.type)) {
      throw fail(Code.VALIDATION, `No webhook URL is set for ${found.event.type === 'message.sent' ? 'sent' : 'received'} messages: save one before replaying`);
    }
    await limitReplays(deps, scope.workspaceId);
    const now = clock.now();
    const [row] = await db
      .update(webhookEvents)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null })
      .where(inWorkspace(webhookEvents, scope, eq(webhookEvents.id, found.event.id)))
      .returning();
    deps.logger.info('[webhooks] event replayed', { workspace: scope.workspaceId, by: scope.userId, id: found.event.id });
    return deliveryData(row ?? found.event, found.userEmail);
  });
};
