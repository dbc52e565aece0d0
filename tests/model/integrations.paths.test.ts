/**
 * Generated path tests of the integration centre's overview (SPEC §2 /integration-center and the
 * feature-limit dialog, §3 integration config, §6, §9 webhook feature types): every state and
 * transition is reached, and each step runs exactly its effects: the OAuth callback's toast (in the
 * app's words for the reasons the server gives, never the link's own) and the query dropped once
 * at start, a plan_limit callback opening the dialog instead; the overview read (with the person's id and role) at start and on a
 * retry; a locked card opening the feature-limit dialog and no call; for the owner and managers the
 * OAuth start and the browser sent to the provider's address, the connection saved with both
 * switches, a disconnection only after the confirmation, a sync with its counts said; members
 * acting on nothing; the webhook settings' flow started with the plan's custom-webhook bit; the
 * feature-limit dialog's Upgrade (the owner and managers) starting the plan upgrade from the
 * workspace's plan with Pro suggested, and the overview read again once upgraded.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Connection } from '../../src/contract/integrations';
import type { PlanAccess } from '../../src/machines/integration-plan';
import { integrationsMachine } from '../../src/machines/integrations.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const hubspot: Connection = {
  provider: 'hubspot',
  connected: true,
  enabled: true,
  accountName: 'Acme (portal 4821)',
  connectedAt: 1_700_000_000_000,
  lastSyncAt: null,
  lastError: null,
  syncContacts: false,
};
const fullPlan: PlanAccess = { planName: 'Pro', integration: true, customWebhook: true };
const freePlan: PlanAccess = { planName: 'Free', integration: false, customWebhook: false };
const networkDown = new Error('Network error');
const limitRefusal = { ok: false, code: Code.PLAN_LIMIT, message: 'Your plan does not include this feature' };
const otherRefusal = { ok: false, code: Code.FORBIDDEN, message: 'You do not have permission to do this' };
const AUTHORIZE = 'https://app.hubspot.com/oauth/authorize?client_id=c1&state=s1';

type Ctx = { role: string; plan: PlanAccess | null; provider: string | null };
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;
const inMain = (s: AnyMachineSnapshot, state: string) => s.matches({ ready: { main: state } });

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  if (s.matches('loading')) {
    const member = ctx(s).role === 'member';
    return [
      { type: 'xstate.done.actor.loadOverview', output: { plan: fullPlan, ownWebhook: true, connections: member ? null : [hubspot] } },
      { type: 'xstate.done.actor.loadOverview', output: { plan: freePlan, ownWebhook: false, connections: member ? null : [] } },
      // The plan could not be read: nothing locked, the server decides.
      ...(member ? [] : [{ type: 'xstate.done.actor.loadOverview', output: { plan: null, ownWebhook: false, connections: [] } }]),
      { type: 'xstate.error.actor.loadOverview', error: networkDown },
    ];
  }
  if (s.matches('failed')) return [{ type: 'user.retry' }];
  const out: PathEvent[] = [];
  if (inMain(s, 'idle')) {
    out.push(
      { type: 'user.openWebhook' },
      { type: 'user.showLimit', feature: 'third' },
      { type: 'user.connect', provider: 'hubspot' },
      { type: 'user.disconnect', provider: 'hubspot' },
      { type: 'user.saveConnection', provider: 'hubspot', enabled: false, syncContacts: true },
      { type: 'user.sync', provider: 'hubspot' },
    );
  }
  if (inMain(s, 'featureLimit')) out.push({ type: 'user.close' }, { type: 'user.upgrade', currentPlanCode: 'free' });
  if (inMain(s, 'upgrading')) {
    out.push(
      { type: 'xstate.done.actor.planUpgrade', output: { upgraded: true, planCode: 'pro' } },
      { type: 'xstate.done.actor.planUpgrade', output: { upgraded: false, planCode: null } },
      { type: 'xstate.error.actor.planUpgrade', error: networkDown },
    );
  }
  if (inMain(s, 'confirmingDisconnect')) out.push({ type: 'user.confirm' }, { type: 'user.cancel' });
  if (inMain(s, 'connecting')) {
    out.push(
      { type: 'xstate.done.actor.startOAuth', output: { ok: true, data: { url: AUTHORIZE } } },
      { type: 'xstate.done.actor.startOAuth', output: limitRefusal },
      { type: 'xstate.done.actor.startOAuth', output: otherRefusal },
      { type: 'xstate.error.actor.startOAuth', error: networkDown },
    );
  }
  if (inMain(s, 'saving')) {
    out.push(
      { type: 'xstate.done.actor.saveConnection', output: { ok: true, data: { ...hubspot, enabled: false, syncContacts: true } } },
      { type: 'xstate.done.actor.saveConnection', output: limitRefusal },
      { type: 'xstate.done.actor.saveConnection', output: otherRefusal },
      { type: 'xstate.error.actor.saveConnection', error: networkDown },
    );
  }
  if (inMain(s, 'disconnecting')) {
    out.push(
      { type: 'xstate.done.actor.disconnect', output: { ok: true, data: { ...hubspot, connected: false, enabled: false, accountName: null, connectedAt: null } } },
      { type: 'xstate.done.actor.disconnect', output: otherRefusal },
      { type: 'xstate.error.actor.disconnect', error: networkDown },
    );
  }
  if (inMain(s, 'syncing')) {
    out.push(
      { type: 'xstate.done.actor.syncNow', output: { ok: true, data: { upserted: 12, skipped: 3 } } },
      { type: 'xstate.done.actor.syncNow', output: limitRefusal },
      { type: 'xstate.done.actor.syncNow', output: otherRefusal },
      { type: 'xstate.error.actor.syncNow', error: networkDown },
    );
  }
  if (s.matches({ ready: { webhook: 'open' } })) {
    out.push({ type: 'user.closeWebhook' }, { type: 'xstate.done.actor.webhookSettings' }, { type: 'xstate.error.actor.webhookSettings', error: networkDown });
  }
  return out;
};

type Input = { userId: string; role: 'admin' | 'manager' | 'member'; connected: string | null; callbackError: string | null; callbackProvider: string | null };

/** The plan's lock, written out: an unknown plan locks nothing; the webhook needs custom_webhook, the CRMs integration. */
const locked = (plan: PlanAccess | null, feature: string): boolean =>
  plan !== null && (feature === 'webhook' ? !plan.customWebhook : !plan.integration);

/** What the OAuth callback's query says, written out per variant. */
const callbackToast = (input: Input): Effect[] => {
  if (input.connected === 'hubspot') return [actionRan('notify', { kind: 'connected', provider: 'hubspot' }), actionRan('clearCallback')];
  // The plan lacks the integration: no toast, the dialog opens once the overview is here.
  if (input.callbackError === 'plan_limit') return [actionRan('clearCallback')];
  if (input.callbackError) {
    // A provider the app does not know is not named, a reason it does not know not repeated.
    const provider = input.callbackProvider === 'salesforce' ? 'salesforce' : null;
    const reason = input.callbackError === 'denied' ? 'denied' : 'unknown';
    return [actionRan('notify', { kind: 'connectFailed', provider, reason }), actionRan('clearCallback')];
  }
  return [];
};

const effects = (step: EffectStep): Effect[] => {
  const input = step.input as Input;
  const manages = input.role !== 'member';
  const { event, before } = step;
  const overview = [actorRan('loadOverview', { userId: input.userId, role: input.role })];
  if (step.index === 0) return [...callbackToast(input), ...overview];
  const c = ctx(before!);
  const idle = inMain(before!, 'idle');
  const provider = event.provider as string;
  switch (event.type) {
    case 'user.retry':
      return before!.matches('failed') ? overview : [];
    case 'user.openWebhook':
      return before!.matches({ ready: { webhook: 'closed' } }) && manages && !locked(c.plan, 'webhook')
        ? [actorRan('webhookSettings', { customWebhook: c.plan?.customWebhook ?? true })]
        : [];
    case 'user.connect':
      return idle && !locked(c.plan, provider) && manages ? [actorRan('startOAuth', { provider })] : [];
    case 'user.saveConnection':
      return idle && !locked(c.plan, provider) && manages ? [actorRan('saveConnection', { provider, enabled: event.enabled, syncContacts: event.syncContacts })] : [];
    case 'user.sync':
      return idle && !locked(c.plan, provider) && manages ? [actorRan('syncNow', { provider })] : [];
    case 'user.confirm':
      return inMain(before!, 'confirmingDisconnect') ? [actorRan('disconnect', { provider: c.provider })] : [];
    case 'user.upgrade':
      // From Free, Pro is the cheapest plan with the webhook and the integrations.
      return inMain(before!, 'featureLimit') && manages ? [actorRan('planUpgrade', { currentPlanCode: 'free', suggested: 'pro' })] : [];
    case 'xstate.done.actor.planUpgrade':
      return (event.output as { upgraded: boolean }).upgraded ? overview : [];
    case 'xstate.done.actor.startOAuth':
      return (event.output as { ok: boolean }).ok ? [actionRan('openAuthorization', { url: AUTHORIZE })] : [];
    case 'xstate.done.actor.saveConnection':
      return (event.output as { ok: boolean }).ok ? [actionRan('notify', { kind: 'saved', provider: 'hubspot' })] : [];
    case 'xstate.done.actor.disconnect':
      return (event.output as { ok: boolean }).ok ? [actionRan('notify', { kind: 'disconnected', provider: 'hubspot' })] : [];
    case 'xstate.done.actor.syncNow':
      return (event.output as { ok: boolean }).ok ? [actionRan('notify', { kind: 'synced', provider: 'hubspot', upserted: 12, skipped: 3 })] : [];
    default:
      return [];
  }
};

const noCallback = { connected: null, callbackError: null, callbackProvider: null };

machinePathSuite('integrations machine paths', integrationsMachine, {
  events,
  effects,
  serializeContext: (c) => ({
    plan: c.plan ? `${c.plan.integration}/${c.plan.customWebhook}` : null,
    connections: c.connections?.map((x) => `${x.provider}:${x.connected}:${x.enabled}:${x.syncContacts}`) ?? null,
    limit: c.limit,
    provider: c.provider,
    save: c.save,
    error: c.error ? `${c.error.provider}:${c.error.error.kind === 'server' ? c.error.error.code : c.error.error.kind}` : null,
    synced: c.synced,
  }),
  variants: [
    { name: 'owner', input: { userId: 'u-admin', role: 'admin', ...noCallback } },
    { name: 'member', input: { userId: 'u-member', role: 'member', ...noCallback } },
    { name: 'back from HubSpot', input: { userId: 'u-manager', role: 'manager', connected: 'hubspot', callbackError: null, callbackProvider: null } },
    { name: 'declined at Salesforce', input: { userId: 'u-manager', role: 'manager', connected: null, callbackError: 'denied', callbackProvider: 'salesforce' } },
    { name: 'a link with made-up words', input: { userId: 'u-manager', role: 'manager', connected: 'nope', callbackError: 'Call +1 555 0100 to claim your prize', callbackProvider: 'nope' } },
    { name: 'back from HubSpot without the plan', input: { userId: 'u-manager', role: 'manager', connected: null, callbackError: 'plan_limit', callbackProvider: 'hubspot' } },
  ],
});
