/**
 * The integration centre (SPEC §2 /integration-center and its guide and permission routes, §3
 * Webhook settings, §5 webhook permission, §6, §7 Webhook and integrations):
 * - webhook settings: one URL for received messages and one for sent ones; every synced message
 *   of a member with webhook permission is posted there, signed the Standard Webhooks way
 *   (HMAC-SHA256 over id, timestamp and body with the workspace's `whsec_` secret, shown once when
 *   made or rotated), retried with backoff, one event id per message, and logged;
 * - the webhook permission per member (applies after a refresh) and the workspace's permission
 *   (what its plan allows: the `integration` and `custom_webhook` bits; SPEC §2 feature-limit dialog);
 * - the CRM integrations (HubSpot, Salesforce): an OAuth connect flow, then contacts upserted by
 *   their E.164 phone.
 *
 * Managing the settings is for the owner and managers (SPEC §6 permission table: webhook
 * permission action); every member may read what the workspace allows and their own permission.
 * Saving webhook settings needs the plan's `custom_webhook` bit, connecting a CRM its
 * `integration` bit: otherwise PLAN_LIMIT (100008), and the client opens the feature-limit dialog.
 */
import { z } from 'zod/mini';
import { emptyRequest } from './account';
import { boundedInt, maxChars, pageNumber, textId } from './bounds';
import { endpoint } from './endpoint';

export const integrationProviders = ['hubspot', 'salesforce'] as const;
export type IntegrationProvider = (typeof integrationProviders)[number];
/** SPEC §9: the webhook feature types (the feature-limit dialog names one of them). */
export const webhookFeatures = ['webhook', 'hubspot', 'salesforce', 'third'] as const;
export type WebhookFeature = (typeof webhookFeatures)[number];

export const webhookEventTypes = ['message.received', 'message.sent'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** One attempt's time-out. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Attempts after the first before an event is `failed` (spread over more than 24 hours). */
export const WEBHOOK_RETRIES = 8;
export const DELIVERIES_PAGE_SIZE = 20;
/** SPEC §5: what the permission screen says after a change. */
export const PERMISSION_REFRESH_NOTE = 'Webhook permission changes apply after a refresh.';

/** What a URL that cannot receive webhooks is told (the server also refuses private and local addresses). */
export const WEBHOOK_URL_MESSAGE = 'Enter an http or https address';
/** An http(s) URL, or empty (no webhook for that direction). Reachability is the server's check. */
const webhookUrl = z.nullable(z.string().check(z.trim(), maxChars(2048), z.regex(/^$|^https?:\/\/[^\s]+$/i, WEBHOOK_URL_MESSAGE)));

export const webhookConfigRequest = emptyRequest;
export const webhookConfigData = z.object({
  receivedUrl: z.nullable(z.string()),
  sentUrl: z.nullable(z.string()),
  /** Whether a signing secret exists, and when it was made (unix ms); the secret itself is shown once only. */
  hasSecret: z.boolean(),
  secretCreatedAt: z.nullable(z.int()),
  /** The secret's last four characters, so an admin can tell which one a receiver holds. */
  secretHint: z.nullable(z.string()),
  updatedAt: z.nullable(z.int()),
});
export type WebhookConfig = z.infer<typeof webhookConfigData>;
export const webhookConfigSaveRequest = z.object({ receivedUrl: webhookUrl, sentUrl: webhookUrl });
/** A save that made the first secret answers it once (`secret`), as a rotation does. */
export const webhookConfigSaveData = z.extend(webhookConfigData, { secret: z.nullable(z.string()) });
export const webhookSecretData = z.object({ secret: z.string(), secretCreatedAt: z.int(), secretHint: z.string() });

export const webhookPermissionSaveRequest = z.object({ userId: textId, enabled: z.boolean() });
export const memberPermission = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  level: z.enum(['admin', 'manager', 'member']),
  webhook: z.boolean(),
});
export type MemberPermission = z.infer<typeof memberPermission>;
/**
 * SPEC §7 /webhook/workspace-permission: what the workspace's plan allows, the caller's own
 * webhook permission, and (for the owner and managers) every joined member's.
 */
export const workspacePermissionData = z.object({
  integration: z.boolean(),
  customWebhook: z.boolean(),
  ownWebhook: z.boolean(),
  members: z.array(memberPermission),
});
export type WorkspacePermission = z.infer<typeof workspacePermissionData>;

export const delivery = z.object({
  id: z.string(),
  type: z.enum(webhookEventTypes),
  status: z.enum(deliveryStatuses),
  attempts: z.int(),
  lastStatusCode: z.nullable(z.int()),
  lastError: z.nullable(z.string()),
  lastUrl: z.nullable(z.string()),
  /** The member whose message it is. */
  userEmail: z.nullable(z.string()),
  createdAt: z.int(),
  deliveredAt: z.nullable(z.int()),
  nextAttemptAt: z.nullable(z.int()),
});
export type Delivery = z.infer<typeof delivery>;
export const deliveryListRequest = z.object({
  status: z.optional(z.nullable(z.enum(deliveryStatuses))),
  pageNo: z._default(pageNumber, 1),
  pageSize: z._default(boundedInt(1, 100), DELIVERIES_PAGE_SIZE),
});
export const deliveryListData = z.object({ items: z.array(delivery), total: z.int() });
/** Replays one logged event: sent again with the same event id (receivers deduplicate by it). */
export const deliveryReplayRequest = z.object({ id: textId });

export const connection = z.object({
  provider: z.enum(integrationProviders),
  connected: z.boolean(),
  enabled: z.boolean(),
  accountName: z.nullable(z.string()),
  connectedAt: z.nullable(z.int()),
  lastSyncAt: z.nullable(z.int()),
  lastError: z.nullable(z.string()),
  /** Upsert the member's synced chat contacts to the CRM. */
  syncContacts: z.boolean(),
  /** Whether this server has the provider's OAuth app (client id) configured; connecting is refused otherwise. */
  configured: z.optional(z.boolean()),
});
export type Connection = z.infer<typeof connection>;
/** SPEC §7 /integration/config (workspaceId): the workspace's integrations. */
export const integrationConfigRequest = z.object({ workspaceId: z.optional(textId) });
export const integrationConfigData = z.object({ connections: z.array(connection) });
export const integrationConfigSaveRequest = z.object({ provider: z.enum(integrationProviders), enabled: z.boolean(), syncContacts: z.boolean() });
/** Starts the OAuth connect flow: the provider's authorization URL to open (its `state` ties the answer to the caller). */
export const oauthStartRequest = z.object({ provider: z.enum(integrationProviders) });
export const oauthStartData = z.object({ url: z.string() });
export const providerRequest = z.object({ provider: z.enum(integrationProviders) });
/** Upserts the selected member's leads with a phone to the provider now; how many went. */
export const integrationSyncData = z.object({ upserted: z.int(), skipped: z.int() });

const nothing = z.null();
export const integrationEndpoints = {
  webhookConfig: endpoint({ path: '/webhook/config', request: webhookConfigRequest, answer: webhookConfigData, access: 'manager', sourceUser: 'ignored' }),
  webhookConfigSave: endpoint({ path: '/webhook/config/save', request: webhookConfigSaveRequest, answer: webhookConfigSaveData, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  webhookSecretRotate: endpoint({ path: '/webhook/secret/rotate', request: emptyRequest, answer: webhookSecretData, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  webhookPermissionSave: endpoint({ path: '/webhook/permission/save', request: webhookPermissionSaveRequest, answer: nothing, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  webhookWorkspacePermission: endpoint({ path: '/webhook/workspace-permission', request: emptyRequest, answer: workspacePermissionData, access: 'member', sourceUser: 'ignored' }),
  webhookDeliveries: endpoint({ path: '/webhook/deliveries', request: deliveryListRequest, answer: deliveryListData, access: 'manager', sourceUser: 'ignored' }),
  webhookDeliveryReplay: endpoint({ path: '/webhook/deliveries/replay', request: deliveryReplayRequest, answer: delivery, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  integrationConfig: endpoint({ path: '/integration/config', request: integrationConfigRequest, answer: integrationConfigData, access: 'manager', sourceUser: 'ignored' }),
  integrationConfigSave: endpoint({ path: '/integration/config/save', request: integrationConfigSaveRequest, answer: connection, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  integrationOauthStart: endpoint({ path: '/integration/oauth/start', request: oauthStartRequest, answer: oauthStartData, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  integrationDisconnect: endpoint({ path: '/integration/disconnect', request: providerRequest, answer: connection, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  integrationSync: endpoint({ path: '/integration/sync', request: providerRequest, answer: integrationSyncData, access: 'manager', session: 'web' }),
} as const;

/** The OAuth redirect target (GET, served outside the API: the provider sends the browser there). */
export const OAUTH_CALLBACK_PATH = '/integration/oauth/callback';
/**
 * Where the callback sends the browser back: /crm/integration-center?connected=<provider>, or
 * ?error=<one of these>&provider=<provider> (never the provider's own text): the person declined
 * (`denied`), the state was forged, expired or used (`invalid_state`), the person may no longer
 * connect (`not_allowed`) or the plan lacks the integration bit (`plan_limit`), the provider is not
 * configured here (`not_configured`), the code could not be exchanged (`exchange_failed`), the
 * request lacked what it needs (`invalid_request`).
 */
export const oauthCallbackErrors = ['denied', 'invalid_state', 'not_allowed', 'plan_limit', 'not_configured', 'exchange_failed', 'invalid_request'] as const;
export type OauthCallbackError = (typeof oauthCallbackErrors)[number];
