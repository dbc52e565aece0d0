/**
 * What decides whether a workspace's messages go out as webhooks (SPEC §3 Webhook settings, §6):
 * its plan's `custom_webhook` bit, its URL for the direction (received messages, sent messages),
 * and the member's webhook permission (off until a manager turns it on). Read by the sync upload
 * (server/webhooks/events.ts), the delivery worker and the routes.
 */
import { eq } from 'drizzle-orm';
import type { Permission } from '../../src/contract/permissions';
import type { WebhookEventType } from '../../src/contract/integrations';
import type { Db } from '../db/client';
import { inWorkspace, workspaceFilter, workspaceRowOf, type Owner, type TenantScope } from '../db/scoped';
import { webhookConfigs, webhookPermissions, workspaces } from '../db/schema';
import { planAllows as planCodeAllows, planCodeOf } from '../../src/contract/plans';

/** The contract's one rule (src/contract/plans.ts `planAllows`) for a plan code as stored. */
export const planAllows = (planCode: string | null | undefined, permission: Permission): boolean => planCodeAllows(planCodeOf(planCode), permission);

/** The URL events of this type go to, or null. */
export const urlFor = (config: { receivedUrl: string | null; sentUrl: string | null }, type: WebhookEventType): string | null =>
  (type === 'message.sent' ? config.sentUrl : config.receivedUrl) || null;

/** The workspace's settings row, or null when it has none yet. */
export const readWebhookConfig = async (db: Db, scope: TenantScope) => {
  const [row] = await db.select().from(webhookConfigs).where(inWorkspace(webhookConfigs, scope));
  return row ?? null;
};

/**
 * For a member's upload: the URLs their messages go to, or null when none go (no URL, the plan
 * lacks the bit, or the member's permission is off). One query.
 */
export const webhookGate = async (db: Db, owner: Owner): Promise<{ receivedUrl: string | null; sentUrl: string | null } | null> => {
  const [row] = await db
    .select({
      receivedUrl: webhookConfigs.receivedUrl,
      sentUrl: webhookConfigs.sentUrl,
      planCode: workspaces.planCode,
      enabled: webhookPermissions.enabled,
    })
    .from(webhookConfigs)
    .innerJoin(workspaces, workspaceRowOf(webhookConfigs))
    .innerJoin(webhookPermissions, workspaceFilter(webhookPermissions, webhookConfigs.workspaceId, eq(webhookPermissions.userId, owner.userId)))
    .where(inWorkspace(webhookConfigs, owner));
  if (!row || !row.enabled || !planAllows(row.planCode, 'custom_webhook')) return null;
  if (!row.receivedUrl && !row.sentUrl) return null;
  return { receivedUrl: row.receivedUrl || null, sentUrl: row.sentUrl || null };
};
