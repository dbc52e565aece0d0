import { assign, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import { integrationProviders, oauthCallbackErrors, type Connection, type IntegrationProvider, type OauthCallbackError, type WebhookFeature } from '../contract/integrations';
import { managesTeam, type Role } from '../contract/roles';
import type { PlanCode, PlanFeature } from '../contract/plans';
import { networkError, refusalOf, refusedWith, type Answer, type CallError } from './answer';
import { featureLocked, type PlanAccess } from './integration-plan';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { planUpgradeMachine, upgradeInputFor, type PlanUpgradeInput, type PlanUpgradeOutput } from './plan-upgrade.machine';
import { webhookSettingsMachine } from './webhook-settings.machine';

/**
 * The integration centre's overview (SPEC §2 /integration-center, feature-limit dialog; §3 Webhook
 * settings, integration config per workspace; §6; §9 webhook feature types): the custom webhook's
 * card, HubSpot's and Salesforce's, and the third CRM listed by title only. A screen flow: the app
 * system starts it while /integration-center is on screen, with the signed-in person (id, role)
 * and the OAuth callback's query.
 *
 * 1. When the page is the OAuth callback's landing (`?connected=<provider>`, or `?error=<reason>`
 *    with `&provider=`), a toast says how it went, in the app's words for the reasons the server
 *    gives (never the query's own text: anyone can write a link), and the query is dropped
 *    (`clearCallback`), so a reload does not say it again. A `plan_limit` refusal opens the
 *    feature-limit dialog for that provider once the overview is here.
 * 2. The overview loads (`loadOverview`): the plan with its perms decoded on the client
 *    (src/machines/integration-plan.ts), the person's own webhook permission, and for the owner
 *    and managers the CRM connections. A failure offers a retry.
 * 3. `main`: a card whose feature the plan lacks is locked; opening it (or a PLAN_LIMIT refusal)
 *    opens the feature-limit dialog (`featureLimit`, the feature in `limit`). The owner and
 *    managers connect a CRM (`startOAuth`, then the browser goes to the provider's authorization
 *    page: `openAuthorization`), disconnect it after confirming, switch it on or off and its
 *    contact sync, and sync now (the counts stay on the card). Members read only.
 * 4. `webhook`: the webhook settings (src/machines/webhook-settings.machine.ts) are this flow's
 *    child `webhookSettings`, started when the owner or a manager opens the webhook card and
 *    stopped when they close it (its delivery log polls only meanwhile).
 * 5. Upgrade in the feature-limit dialog (the owner and managers; members are told to ask their
 *    administrator): the plan upgrade (src/machines/plan-upgrade.machine.ts) is this flow's child
 *    `planUpgrade`, from the workspace's plan with the cheapest plan that has the feature
 *    suggested, over the feature-limit dialog; once upgraded, the overview is read again (its plan
 *    with it), so the cards unlock; closed without an upgrade, the feature-limit dialog is back.
 *
 * Tags for the view: loading, loadFailed, busy, featureLimit, confirmDisconnect, redirecting, upgrading.
 */

export type IntegrationsInput = {
  userId: string;
  role: Role;
  /** The OAuth callback's query: the provider that connected ... */
  connected: string | null;
  /** ... or why it did not, and which provider it was. */
  callbackError: string | null;
  callbackProvider: string | null;
};

export type OverviewInput = { userId: string; role: Role };
/** What the overview shows. `connections` is null for members (only the owner and managers read them). */
export type Overview = { plan: PlanAccess | null; ownWebhook: boolean; connections: Connection[] | null };

export type ConnectionSave = { provider: IntegrationProvider; enabled: boolean; syncContacts: boolean };
export type SyncCounts = { upserted: number; skipped: number };

/** Why the OAuth callback failed: a reason the server gives, or one the app does not know. */
export type CallbackReason = OauthCallbackError | 'unknown';
export type CallbackNotice = { kind: 'connected'; provider: IntegrationProvider } | { kind: 'connectFailed'; provider: IntegrationProvider | null; reason: CallbackReason };
export type IntegrationsToast =
  | CallbackNotice
  | { kind: 'saved'; provider: IntegrationProvider }
  | { kind: 'disconnected'; provider: IntegrationProvider }
  | ({ kind: 'synced'; provider: IntegrationProvider } & SyncCounts);

type Context = {
  userId: string;
  role: Role;
  callback: CallbackNotice | null;
  plan: PlanAccess | null;
  ownWebhook: boolean;
  connections: Connection[] | null;
  /** The feature the feature-limit dialog names. */
  limit: WebhookFeature | null;
  /** The provider being connected, saved, disconnected or synced. */
  provider: IntegrationProvider | null;
  save: ConnectionSave | null;
  /** Why the last action on a provider did not go through. */
  error: { provider: IntegrationProvider; error: CallError } | null;
  /** The last sync's counts. */
  synced: ({ provider: IntegrationProvider } & SyncCounts) | null;
};

type ProviderEvent = { provider: IntegrationProvider };
type Events =
  | { type: 'user.retry' }
  | { type: 'user.openWebhook' }
  | { type: 'user.closeWebhook' }
  | { type: 'user.showLimit'; feature: WebhookFeature }
  | { type: 'user.close' }
  /** Upgrade in the feature-limit dialog, from the workspace's plan (the view reads it from the account). */
  | { type: 'user.upgrade'; currentPlanCode: PlanCode }
  | ({ type: 'user.connect' } & ProviderEvent)
  | ({ type: 'user.disconnect' } & ProviderEvent)
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | ({ type: 'user.saveConnection' } & ConnectionSave)
  | ({ type: 'user.sync' } & ProviderEvent);

const providerOf = (value: string | null): IntegrationProvider | null =>
  integrationProviders.find((p) => p === value) ?? null;

/** The toast the OAuth callback's query asks for, if any. */
export const callbackOf = (input: Pick<IntegrationsInput, 'connected' | 'callbackError' | 'callbackProvider'>): CallbackNotice | null => {
  const connected = providerOf(input.connected);
  if (connected) return { kind: 'connected', provider: connected };
  if (input.callbackError) {
    const reason = oauthCallbackErrors.find((e) => e === input.callbackError) ?? 'unknown';
    return { kind: 'connectFailed', provider: providerOf(input.callbackProvider), reason };
  }
  return null;
};

/** A provider's connection as the overview shows it (never connected: an empty one). */
export const connectionOf = (connections: readonly Connection[] | null, provider: IntegrationProvider): Connection =>
  connections?.find((c) => c.provider === provider) ?? {
    provider,
    connected: false,
    enabled: false,
    accountName: null,
    connectedAt: null,
    lastSyncAt: null,
    lastError: null,
    syncContacts: false,
  };

/** The owner and managers manage the integrations (SPEC §6 webhook permission action). */
export const managesIntegrations = (role: Role): boolean => managesTeam(role);

const replaceConnection = (connections: Connection[] | null, next: Connection): Connection[] => [
  ...(connections ?? []).filter((c) => c.provider !== next.provider),
  next,
];

const countsOf = (answer: Answer<SyncCounts>): SyncCounts => (answer.ok ? { upserted: answer.data.upserted, skipped: answer.data.skipped } : { upserted: 0, skipped: 0 });

const errorOf = (provider: IntegrationProvider | null, error: CallError | null): Context['error'] =>
  provider && error ? { provider, error } : null;

/** The plan bit a feature of the centre needs (SPEC §9 webhook feature types). */
const planFeatureOf = (feature: WebhookFeature | null): PlanFeature => (feature === 'webhook' ? 'custom_webhook' : 'integration');

/** The plan upgrade from the workspace's plan, the cheapest plan with the feature the dialog named suggested. */
export const upgradeInputOf = (currentPlanCode: PlanCode, limit: WebhookFeature | null): PlanUpgradeInput => upgradeInputFor(currentPlanCode, planFeatureOf(limit));

export const integrationsMachine = setup({
  types: {} as {
    context: Context;
    events: Events;
    input: IntegrationsInput;
    tags: 'loading' | 'loadFailed' | 'busy' | 'featureLimit' | 'confirmDisconnect' | 'redirecting' | 'upgrading';
  },
  actors: {
    loadOverview: actorNotProvided<Overview, OverviewInput>('loadOverview'),
    startOAuth: actorNotProvided<Answer<{ url: string }>, ProviderEvent>('startOAuth'),
    saveConnection: actorNotProvided<Answer<Connection>, ConnectionSave>('saveConnection'),
    disconnect: actorNotProvided<Answer<Connection>, ProviderEvent>('disconnect'),
    syncNow: actorNotProvided<Answer<SyncCounts>, ProviderEvent>('syncNow'),
    /** The webhook settings' flow (provided with its effects by this flow's). */
    webhookSettings: webhookSettingsMachine,
    /** The plan upgrade's flow (provided with its effects by this flow's). */
    planUpgrade: planUpgradeMachine,
  },
  actions: {
    notify: actionNotProvided<IntegrationsToast>('notify'),
    /** The browser leaves for the provider's authorization page. */
    openAuthorization: actionNotProvided<{ url: string }>('openAuthorization'),
    /** The OAuth callback's query leaves the address (the page stays). */
    clearCallback: actionNotProvided('clearCallback'),
    assignOverview: assign((_, overview: Overview) => ({ plan: overview.plan, ownWebhook: overview.ownWebhook, connections: overview.connections })),
    assignConnection: assign(({ context }, answer: Answer<Connection>) =>
      answer.ok ? { connections: replaceConnection(context.connections, answer.data), provider: null, save: null } : {},
    ),
    assignRefusal: assign(({ context }, answer: Answer<unknown>) => ({ error: errorOf(context.provider, refusalOf(answer)), provider: null, save: null })),
    assignFailure: assign(({ context }) => ({ error: errorOf(context.provider, networkError), provider: null, save: null })),
    limitToProvider: assign(({ context }) => ({ limit: context.provider, provider: null, save: null })),
  },
  guards: {
    cameFromCallback: ({ context }) => context.callback !== null,
    /** The OAuth callback says the plan lacks the provider's integration: the dialog says so. */
    callbackPlanLimit: ({ context }) => context.callback?.kind === 'connectFailed' && context.callback.reason === 'plan_limit' && context.callback.provider !== null,
    /** The plan lacks what the feature needs (SPEC §2 feature-limit dialog). */
    locked: ({ context }, feature: WebhookFeature) => featureLocked(context.plan, feature),
    manages: ({ context }) => managesIntegrations(context.role),
    webhookOpenable: ({ context }) => managesIntegrations(context.role) && !featureLocked(context.plan, 'webhook'),
    planLimit: (_, answer: Answer<unknown>) => refusedWith(answer, Code.PLAN_LIMIT),
    upgraded: (_, output: PlanUpgradeOutput | undefined) => output?.upgraded === true,
    refused: (_, answer: Answer<unknown>) => !answer.ok,
  },
}).createMachine({
  id: 'integrations',
  meta: { recordable: ['role', 'callback', 'plan', 'ownWebhook', 'limit', 'provider', 'save', 'error', 'synced'] },
  context: ({ input }) => ({
    userId: input.userId,
    role: input.role,
    callback: callbackOf(input),
    plan: null,
    ownWebhook: false,
    connections: null,
    limit: null,
    provider: null,
    save: null,
    error: null,
    synced: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { description: 'The plan lacks the integration: the dialog opens once the overview is here.', guard: 'callbackPlanLimit', target: 'loading', actions: 'clearCallback' },
        {
          description: 'The OAuth callback landed here: say how it went, once.',
          guard: 'cameFromCallback',
          target: 'loading',
          actions: [{ type: 'notify', params: ({ context }) => context.callback! }, 'clearCallback'],
        },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        input: ({ context }) => ({ userId: context.userId, role: context.role }),
        onDone: [
          {
            guard: 'callbackPlanLimit',
            target: '#integrations.ready.main.featureLimit',
            actions: [
              { type: 'assignOverview', params: ({ event }) => event.output },
              assign({ limit: ({ context }) => (context.callback?.kind === 'connectFailed' ? context.callback.provider : null), callback: null }),
            ],
          },
          { target: 'ready', actions: { type: 'assignOverview', params: ({ event }) => event.output } },
        ],
        onError: 'failed',
      },
    },
    failed: {
      description: 'The overview could not be read (network or server failure); the view offers a retry.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        main: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.openWebhook': { guard: { type: 'locked', params: 'webhook' }, target: 'featureLimit', actions: assign({ limit: 'webhook' }) },
                'user.showLimit': {
                  guard: { type: 'locked', params: ({ event }) => event.feature },
                  target: 'featureLimit',
                  actions: assign({ limit: ({ event }) => event.feature }),
                },
                'user.connect': [
                  { guard: { type: 'locked', params: ({ event }) => event.provider }, target: 'featureLimit', actions: assign({ limit: ({ event }) => event.provider }) },
                  { guard: 'manages', target: 'connecting', actions: assign({ provider: ({ event }) => event.provider, error: null }) },
                ],
                'user.disconnect': { guard: 'manages', target: 'confirmingDisconnect', actions: assign({ provider: ({ event }) => event.provider, error: null }) },
                'user.saveConnection': [
                  { guard: { type: 'locked', params: ({ event }) => event.provider }, target: 'featureLimit', actions: assign({ limit: ({ event }) => event.provider }) },
                  {
                    guard: 'manages',
                    target: 'saving',
                    actions: assign({
                      provider: ({ event }) => event.provider,
                      save: ({ event }) => ({ provider: event.provider, enabled: event.enabled, syncContacts: event.syncContacts }),
                      error: null,
                    }),
                  },
                ],
                'user.sync': [
                  { guard: { type: 'locked', params: ({ event }) => event.provider }, target: 'featureLimit', actions: assign({ limit: ({ event }) => event.provider }) },
                  { guard: 'manages', target: 'syncing', actions: assign({ provider: ({ event }) => event.provider, error: null }) },
                ],
              },
            },
            featureLimit: {
              description: 'Feature-limit dialog (SPEC §2): the plan lacks the webhook or the CRM integrations; Upgrade or, for members, ask the administrator.',
              tags: ['featureLimit'],
              on: {
                'user.close': { target: 'idle', actions: assign({ limit: null }) },
                'user.upgrade': { guard: 'manages', target: 'upgrading' },
              },
            },
            upgrading: {
              description:
                'The plan upgrade (its own flow) over the feature-limit dialog, the plan with the feature suggested; once upgraded the overview and its plan are read again, so the cards unlock; closed without, the feature-limit dialog is back.',
              // The feature-limit dialog stays under the upgrade's (closing it would hand the focus back behind both).
              tags: ['featureLimit', 'upgrading'],
              invoke: {
                id: 'planUpgrade',
                src: 'planUpgrade',
                input: ({ context, event }) => upgradeInputOf(event.type === 'user.upgrade' ? event.currentPlanCode : 'free', context.limit),
                onDone: [
                  { guard: { type: 'upgraded', params: ({ event }) => event.output }, target: '#integrations.loading', actions: assign({ limit: null }) },
                  { target: 'featureLimit' },
                ],
                onError: 'featureLimit',
              },
            },
            confirmingDisconnect: {
              description: 'Disconnecting waits for a confirmation: contacts stop going to the CRM.',
              tags: ['confirmDisconnect'],
              on: {
                'user.confirm': 'disconnecting',
                'user.cancel': { target: 'idle', actions: assign({ provider: null }) },
              },
            },
            connecting: {
              tags: ['busy'],
              invoke: {
                id: 'startOAuth',
                src: 'startOAuth',
                input: ({ context }) => ({ provider: context.provider! }),
                onDone: [
                  { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'featureLimit', actions: 'limitToProvider' },
                  { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'idle', actions: { type: 'assignRefusal', params: ({ event }) => event.output } },
                  {
                    target: 'redirecting',
                    actions: { type: 'openAuthorization', params: ({ event }) => ({ url: event.output.ok ? event.output.data.url : '' }) },
                  },
                ],
                onError: { target: 'idle', actions: 'assignFailure' },
              },
            },
            redirecting: {
              description: 'The browser is on its way to the provider’s authorization page; it comes back to this page with the outcome in the query.',
              tags: ['busy', 'redirecting'],
            },
            saving: {
              tags: ['busy'],
              invoke: {
                id: 'saveConnection',
                src: 'saveConnection',
                input: ({ context }) => context.save!,
                onDone: [
                  { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'featureLimit', actions: 'limitToProvider' },
                  { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'idle', actions: { type: 'assignRefusal', params: ({ event }) => event.output } },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'notify', params: ({ context }) => ({ kind: 'saved', provider: context.provider! }) },
                      { type: 'assignConnection', params: ({ event }) => event.output },
                    ],
                  },
                ],
                onError: { target: 'idle', actions: 'assignFailure' },
              },
            },
            disconnecting: {
              tags: ['busy'],
              invoke: {
                id: 'disconnect',
                src: 'disconnect',
                input: ({ context }) => ({ provider: context.provider! }),
                onDone: [
                  { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'idle', actions: { type: 'assignRefusal', params: ({ event }) => event.output } },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'notify', params: ({ context }) => ({ kind: 'disconnected', provider: context.provider! }) },
                      assign({ synced: ({ context }) => (context.synced?.provider === context.provider ? null : context.synced) }),
                      { type: 'assignConnection', params: ({ event }) => event.output },
                    ],
                  },
                ],
                onError: { target: 'idle', actions: 'assignFailure' },
              },
            },
            syncing: {
              description: 'Sync now: the selected member’s leads with a phone are upserted to the CRM; the counts stay on the card.',
              tags: ['busy'],
              invoke: {
                id: 'syncNow',
                src: 'syncNow',
                input: ({ context }) => ({ provider: context.provider! }),
                onDone: [
                  { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'featureLimit', actions: 'limitToProvider' },
                  { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'idle', actions: { type: 'assignRefusal', params: ({ event }) => event.output } },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'notify', params: ({ context, event }) => ({ kind: 'synced', provider: context.provider!, ...countsOf(event.output) }) },
                      assign({ synced: ({ context, event }) => ({ provider: context.provider!, ...countsOf(event.output) }), provider: null }),
                    ],
                  },
                ],
                onError: { target: 'idle', actions: 'assignFailure' },
              },
            },
          },
        },
        webhook: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'user.openWebhook': { guard: 'webhookOpenable', target: 'open' } },
            },
            open: {
              description: 'The webhook settings are shown (their own flow, with the delivery log).',
              invoke: {
                id: 'webhookSettings',
                src: 'webhookSettings',
                input: ({ context }) => ({ customWebhook: context.plan?.customWebhook ?? true }),
                onDone: 'closed',
                onError: 'closed',
              },
              on: { 'user.closeWebhook': 'closed' },
            },
          },
        },
      },
    },
  },
});

export type IntegrationsActorRef = ActorRefFrom<typeof integrationsMachine>;
