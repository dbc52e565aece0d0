/**
 * What the integration centre's flows know of the workspace's plan (SPEC §2 feature-limit dialog,
 * §3 Plan / pay info perms, §9 webhook feature types): the plan's permission mask is delivered
 * encoded and decoded here on the client (src/contract/permissions.ts `decodePerms`, salted with
 * the signed-in user's id); the server enforces the same bits (PLAN_LIMIT, 100008).
 *
 * - the custom webhook needs the `custom_webhook` bit;
 * - HubSpot, Salesforce and the third CRM need the `integration` bit.
 *
 * Pure data and rules, shared by the overview (src/machines/integrations.machine.ts), the webhook
 * settings and the permission page; the views read `featureLocked` to show a card locked.
 */
import type { PayInfo } from '../contract/account';
import type { IntegrationProvider, WebhookFeature } from '../contract/integrations';
import { planAccessOf as decodePlanAccess } from './plan-access';

/** The plan as the integration centre needs it: its name and the two bits that open its features. */
export type PlanAccess = {
  /** The plan's name for the feature-limit dialog; null when only the server's answer was at hand. */
  planName: string | null;
  integration: boolean;
  customWebhook: boolean;
};

/** The plan of the pay info, its perms decoded with the user's id (SPEC §3: "decoded on the client"; src/machines/plan-access.ts). */
export const planAccessOf = (payInfo: Pick<PayInfo, 'planCode' | 'planName' | 'perms'>, userId: string): PlanAccess => {
  const access = decodePlanAccess(payInfo, userId);
  return { planName: access.planName, integration: access.allows('integration'), customWebhook: access.allows('custom_webhook') };
};

/**
 * Whether the plan lacks what the feature needs. An unknown plan (`null`: it could not be read)
 * locks nothing: the server refuses with PLAN_LIMIT, which opens the same dialog.
 */
export const featureLocked = (plan: PlanAccess | null, feature: WebhookFeature): boolean => {
  if (plan === null) return false;
  return feature === 'webhook' ? !plan.customWebhook : !plan.integration;
};

export { HUBSPOT_GUIDE_PATH, INTEGRATIONS_PATH, SALESFORCE_GUIDE_PATH, WEBHOOK_GUIDE_PATH, WEBHOOK_PERMISSIONS_PATH } from './integration-paths';

/** The delivery log is read again this often while it is on screen. */
export const DELIVERIES_POLL_MS = 10_000;

/** The CRMs' product names (never translated). */
export const providerNames: Record<IntegrationProvider, string> = { hubspot: 'HubSpot', salesforce: 'Salesforce' };
