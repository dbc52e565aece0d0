/**
 * The integration centre's effects (SPEC §2 /integration-center and its permission route, §3
 * Webhook settings, §7 Webhook and integrations, §8): the overview with its CRM connections, the
 * webhook settings and their delivery log (child flows of the overview), and the webhook
 * permission page. Built only from the flow services.
 *
 * - The plan's perms are decoded here, on the client, from the pay info with the signed-in user's
 *   id (src/machines/integration-plan.ts `planAccessOf`); when the pay info cannot be read, the
 *   server's own answer (/webhook/workspace-permission: integration, customWebhook) stands in.
 * - Connecting a CRM leaves the app for the provider's authorization page (`openUrl`, the
 *   browser's `location.assign` by default); only an http(s) address is followed.
 * - Toasts (SPEC §8: saved, 'Copy successful' ...) are the machines' `notify`, translated as
 *   `LL.integrations.toast` when they show.
 * - The feature-limit dialog's Upgrade starts the plan upgrade (./plan-upgrade.ts) as the
 *   overview's child flow.
 */
import { fromPromise } from 'xstate';
import { accountEndpoints } from '../../contract/account';
import { Code } from '../../contract/codes';
import { integrationEndpoints, type Connection, type IntegrationProvider, type MemberPermission, type WebhookConfig } from '../../contract/integrations';
import type { Answer, Outcome } from '../../machines/answer';
import { INTEGRATIONS_PATH, planAccessOf, providerNames, type PlanAccess } from '../../machines/integration-plan';
import {
  managesIntegrations,
  type ConnectionSave,
  type integrationsMachine,
  type IntegrationsToast,
  type Overview,
  type OverviewInput,
  type SyncCounts,
} from '../../machines/integrations.machine';
import { webhookDeliveriesMachine, type DeliveriesPage, type DeliveriesQuery, type DeliveriesToast, type ReplayAnswer } from '../../machines/webhook-deliveries.machine';
import type { PermissionChange, PermissionsToast, webhookPermissionsMachine } from '../../machines/webhook-permissions.machine';
import { webhookSettingsMachine, type RotateAnswer, type SaveAnswer, type WebhookSave, type WebhookToast } from '../../machines/webhook-settings.machine';
import { planUpgradeMachine } from '../../machines/plan-upgrade.machine';
import { answerOf, dataOf, outcomeOf } from '../answer';
import type { FlowEffects, FlowServices } from '../flow-services';
import type { ToastText } from '../toast';
import { planUpgradeEffects } from './plan-upgrade';


/**
 * A toast's text in the language on screen. The integrations area may still be on its way when the
 * OAuth callback's toast shows (the flow starts with the route): until then it reads empty.
 */
export const integrationsToastText = (toast: IntegrationsToast | WebhookToast | DeliveriesToast | PermissionsToast): ToastText => (LL) => {
  const t = LL.integrations?.toast;
  if (!t) return '';
  switch (toast.kind) {
    case 'connected':
      return t.connected({ provider: providerNames[toast.provider] });
    case 'connectFailed':
      // The app's words for the server's reason: never the query's own text (anyone can write a link).
      return toast.provider
        ? t.connectFailed({ provider: providerNames[toast.provider], reason: t.reasons[toast.reason]() })
        : t.connectFailedAny({ reason: t.reasons[toast.reason]() });
    case 'saved':
      return t.saved();
    case 'disconnected':
      return t.disconnected({ provider: providerNames[toast.provider] });
    case 'synced':
      return t.synced({ provider: providerNames[toast.provider], upserted: toast.upserted, skipped: toast.skipped });
    case 'copied':
      return t.copied();
    case 'replayed':
      return t.replayed();
  }
};

const notify = (services: FlowServices) => (_: unknown, toast: IntegrationsToast | WebhookToast | DeliveriesToast | PermissionsToast) =>
  services.toasts.show(integrationsToastText(toast), toast.kind === 'connectFailed' ? 'error' : 'success');

/** Only a web address is followed out of the app (never `javascript:` or the like). */
const isWebAddress = (url: string): boolean => /^https?:\/\/[^\s]+$/i.test(url);

/** Leaves the app for `url` (the browser's own navigation unless the app injected another). */
const openUrl = (services: FlowServices, url: string): void => {
  if (services.openUrl) services.openUrl(url);
  else window.location.assign(url);
};

/**
 * The plan (decoded on the client), the person's own webhook permission and, for the owner and
 * managers, the CRM connections. The permission call must answer; the pay info may fail (the
 * server's plan bits stand in).
 */
export const loadOverview = (services: FlowServices) =>
  fromPromise<Overview, OverviewInput>(async ({ input, signal }) => {
    const { api } = services;
    const [pay, permission, config] = await Promise.all([
      api.call(accountEndpoints.payInfo, undefined, { signal }).then(
        (r) => answerOf(r),
        () => null,
      ),
      api.call(integrationEndpoints.webhookWorkspacePermission, {}, { signal }),
      managesIntegrations(input.role) ? api.call(integrationEndpoints.integrationConfig, {}, { signal }) : null,
    ]);
    const own = dataOf(permission, 'Workspace permission');
    const plan: PlanAccess = pay?.ok
      ? planAccessOf(pay.data, input.userId)
      : { planName: null, integration: own.integration, customWebhook: own.customWebhook };
    return { plan, ownWebhook: own.ownWebhook, connections: config ? dataOf(config, 'Integration config').connections : null };
  });

export const webhookDeliveriesEffects: FlowEffects<typeof webhookDeliveriesMachine> = (services) => ({
  actors: {
    /** A refusal counts as a failure to load (the log offers a retry; a poll keeps its rows). */
    loadDeliveries: fromPromise<DeliveriesPage, DeliveriesQuery>(async ({ input, signal }) => {
      const page = dataOf(await services.api.call(integrationEndpoints.webhookDeliveries, { status: input.status, pageNo: input.pageNo }, { signal }), 'Delivery log');
      return { items: page.items, total: page.total };
    }),
    replayDelivery: fromPromise<ReplayAnswer, { id: string }>(async ({ input }) => answerOf(await services.api.call(integrationEndpoints.webhookDeliveryReplay, { id: input.id }))),
  },
  actions: { notify: notify(services) },
});

export const webhookSettingsEffects: FlowEffects<typeof webhookSettingsMachine> = (services) => ({
  actors: {
    /** A refusal counts as a failure to load: the settings offer a retry. */
    loadConfig: fromPromise<WebhookConfig, void>(async ({ signal }) => dataOf(await services.api.call(integrationEndpoints.webhookConfig, {}, { signal }), 'Webhook settings')),
    saveConfig: fromPromise<SaveAnswer, WebhookSave>(async ({ input }) => answerOf(await services.api.call(integrationEndpoints.webhookConfigSave, input))),
    rotateSecret: fromPromise<RotateAnswer, void>(async () => answerOf(await services.api.call(integrationEndpoints.webhookSecretRotate, {}))),
    copySecret: fromPromise<void, { secret: string }>(({ input }) => services.clipboard.writeText(input.secret)),
    webhookDeliveries: webhookDeliveriesMachine.provide(webhookDeliveriesEffects(services)),
  },
  actions: { notify: notify(services) },
});

export const integrationsEffects: FlowEffects<typeof integrationsMachine> = (services) => ({
  actors: {
    loadOverview: loadOverview(services),
    startOAuth: fromPromise<Answer<{ url: string }>, { provider: IntegrationProvider }>(async ({ input }) => {
      const answer = answerOf(await services.api.call(integrationEndpoints.integrationOauthStart, { provider: input.provider }));
      if (answer.ok && !isWebAddress(answer.data.url)) return { ok: false, code: Code.INTERNAL, message: '' };
      return answer;
    }),
    saveConnection: fromPromise<Answer<Connection>, ConnectionSave>(async ({ input }) => answerOf(await services.api.call(integrationEndpoints.integrationConfigSave, input))),
    disconnect: fromPromise<Answer<Connection>, { provider: IntegrationProvider }>(async ({ input }) =>
      answerOf(await services.api.call(integrationEndpoints.integrationDisconnect, { provider: input.provider })),
    ),
    syncNow: fromPromise<Answer<SyncCounts>, { provider: IntegrationProvider }>(async ({ input }) =>
      answerOf(await services.api.call(integrationEndpoints.integrationSync, { provider: input.provider })),
    ),
    webhookSettings: webhookSettingsMachine.provide(webhookSettingsEffects(services)),
    planUpgrade: planUpgradeMachine.provide(planUpgradeEffects(services)),
  },
  actions: {
    notify: notify(services),
    openAuthorization: (_, { url }: { url: string }) => openUrl(services, url),
    clearCallback: () => services.navigate(INTEGRATIONS_PATH, { replace: true }),
  },
});

export const webhookPermissionsEffects: FlowEffects<typeof webhookPermissionsMachine> = (services) => ({
  actors: {
    /** A refusal counts as a failure to load: the page offers a retry. */
    loadPermissions: fromPromise<MemberPermission[], void>(async ({ signal }) =>
      dataOf(await services.api.call(integrationEndpoints.webhookWorkspacePermission, {}, { signal }), 'Webhook permissions').members,
    ),
    savePermission: fromPromise<Outcome, PermissionChange>(async ({ input }) => outcomeOf(await services.api.call(integrationEndpoints.webhookPermissionSave, input))),
  },
  actions: { notify: notify(services) },
});
