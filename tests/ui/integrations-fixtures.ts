/**
 * The integration centre's view tests' world: the real app (routes, gate, layout, the app system
 * that starts the integration flows) on a fake API that answers the integration calls as the
 * contract shapes them (src/contract/integrations.ts), for the owner, a manager or a member, on a
 * plan whose perms are encoded for the signed-in user as the server encodes them.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { UserInfo } from '../../src/contract/account';
import type { Connection, Delivery, MemberPermission, WebhookConfig } from '../../src/contract/integrations';
import { encodePerms, maskOf, type Permission } from '../../src/contract/permissions';
import type { PlanCode } from '../../src/contract/plans';
import { adminUser, memberUser, payInfo } from '../support/fixtures';
import { accountApi } from './fake-account';
import { okResult, renderApp, type ApiHandlers } from './harness';

export const hubspotConnection: Connection = {
  provider: 'hubspot',
  connected: true,
  enabled: true,
  accountName: 'Acme portal 4821',
  connectedAt: Date.UTC(2025, 0, 10, 9, 0),
  lastSyncAt: null,
  lastError: null,
  syncContacts: false,
};
export const salesforceIdle: Connection = { ...hubspotConnection, provider: 'salesforce', connected: false, enabled: false, accountName: null, connectedAt: null };

export const savedConfig: WebhookConfig = {
  receivedUrl: 'https://old.example.com/in',
  sentUrl: null,
  hasSecret: true,
  secretCreatedAt: Date.UTC(2025, 0, 5, 12, 0),
  secretHint: 'a1b2',
  updatedAt: Date.UTC(2025, 0, 5, 12, 0),
};
export const emptyConfig: WebhookConfig = { receivedUrl: null, sentUrl: null, hasSecret: false, secretCreatedAt: null, secretHint: null, updatedAt: null };

export const failedDelivery: Delivery = {
  id: 'msg_1',
  type: 'message.received',
  status: 'failed',
  attempts: 9,
  lastStatusCode: 503,
  // A receiver's words, with a right-to-left override: shown inert.
  lastError: 'Service \u202Eunavailable',
  lastUrl: 'https://hooks.example.com/in',
  userEmail: 'member@example.test',
  createdAt: Date.UTC(2025, 0, 20, 8, 30),
  deliveredAt: null,
  nextAttemptAt: null,
};
export const sentDelivery: Delivery = { ...failedDelivery, id: 'msg_2', type: 'message.sent', status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null, deliveredAt: Date.UTC(2025, 0, 20, 8, 31) };

export const ownerPermission: MemberPermission = { userId: 'u-admin', email: 'admin@example.test', name: 'Ada Admin', level: 'admin', webhook: true };
export const memberPermission: MemberPermission = { userId: 'u-member', email: 'member@example.test', name: 'Mia Member', level: 'member', webhook: false };

export type Plan = { name: string; perms: Permission[]; code?: PlanCode };
export const proPlan: Plan = { name: 'Pro', perms: ['integration', 'custom_webhook', 'export_contact'] };
export const freePlan: Plan = { name: 'Free', perms: [], code: 'free' };

export type IntegrationsWorld = {
  as?: UserInfo;
  plan?: Plan;
  /** Replaces answers (by endpoint name). */
  handlers?: ApiHandlers;
  language?: 'en' | 'ar' | 'zh-CN';
};

/** The integration calls answered for the world. */
export const integrationHandlers = (user: UserInfo, plan: Plan): ApiHandlers => ({
  payInfo: () => okResult({ ...payInfo, ...(plan.code ? { planCode: plan.code } : {}), planName: plan.name, perms: encodePerms(maskOf(plan.perms), user.userId) }),
  webhookWorkspacePermission: () =>
    okResult({
      integration: plan.perms.includes('integration'),
      customWebhook: plan.perms.includes('custom_webhook'),
      ownWebhook: user.userId === ownerPermission.userId,
      members: user.userId === memberUser.userId ? [] : [ownerPermission, memberPermission],
    }),
  integrationConfig: () => okResult({ connections: [hubspotConnection, salesforceIdle] }),
  webhookConfig: () => okResult(savedConfig),
  webhookDeliveries: () => okResult({ items: [failedDelivery, sentDelivery], total: 2 }),
});

/** Signs `as` in (the owner by default) and renders the app at `path`. */
export async function renderIntegrations(path: string, world: IntegrationsWorld = {}) {
  const user = world.as ?? adminUser;
  const api = accountApi({ user, extra: { ...integrationHandlers(user, world.plan ?? proPlan), ...world.handlers } });
  const app = await renderApp({ path, api, storage: { accessToken: 'tok', ...(world.language ? { language: world.language } : {}) } });
  const bodies = (name: string) => api.calls.filter((c) => c.name === name).map((c) => c.body);
  return { ...app, bodies };
}

/** The overview, once its flow has loaded it. */
export async function overviewReady() {
  const page = await screen.findByTestId('integrations-page', {}, { timeout: 10_000 });
  await waitFor(() => expect(screen.queryByTestId('integrations-card-webhook')).not.toBeNull(), { timeout: 10_000 });
  return page;
}
