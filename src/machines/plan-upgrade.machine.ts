import { assign, setup, type ActorRefFrom } from 'xstate';
import { CHECKOUT_POLL_MS, QUOTE_VALID_SECONDS, type CheckoutStart, type CheckoutStatusInfo, type SubscriptionPreview } from '../contract/billing';
import { permissionBits } from '../contract/permissions';
import { isUpgrade, planAllows, planCodes, plans, type PlanCode, type PlanFeature } from '../contract/plans';
import { networkError, refusalOf, type Answer, type CallError } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The plan upgrade (SPEC §2 plan upgrade dialog; §3 Plan tiers trial, free, starter, pro and
 * growth with their yearly variants and product codes; §7 /api/pay/v1/subscription/preview and
 * /update; §8 'Your package has been successfully upgraded.'). A child flow: the plan panel of the
 * members page, the integration centre's feature-limit dialog and the contacts' export-limit
 * dialog start it with the workspace's plan (and the plan the limit suggests), and read how it
 * ended from its output `{ upgraded, planCode }`.
 *
 * 1. `choosing`: the plans of the one plan table (src/contract/plans.ts) that are an upgrade of the
 *    current one (`isUpgrade`), monthly or yearly (a switch between the periods that offer one);
 *    each with its name, its price per seat, its seats and what it adds over the current plan
 *    (`addedFeatures`). No plan above the current one (Growth yearly): `highest` says so.
 * 2. `previewing`: the server prices the upgrade (subtotal, what is left of the current period
 *    credited, the coupon's discount, the amount due, the new period's end and the seats); a
 *    refusal shows the server's message and the plans again.
 * 3. `confirming`: the amounts wait for Pay. A quote is honoured QUOTE_VALID_SECONDS on the server,
 *    so a quote left on screen is asked for again before it runs out.
 * 4. `paying`: the update with the quote's prorationDate (the client never sends a price). Nothing
 *    to pay: the upgrade is done. Otherwise the checkout page opens in a new tab (`openCheckout`)
 *    and `checkout` follows it: its status every CHECKOUT_POLL_MS until final; paid is a success,
 *    failed / canceled / expired the provider's words and back to confirm. Cancel stops following.
 * 5. `succeeded`: the success message; the rest of the app is told the plan changed
 *    (`announceUpgrade`: the account reads the pay info again) and the flow ends on close.
 *
 * Tags for the view: highest, choosing, busy, confirm, checkout, success.
 */

export type BillingPeriod = 'monthly' | 'yearly';
export const billingPeriods: readonly BillingPeriod[] = ['monthly', 'yearly'];

export type PlanUpgradeInput = { currentPlanCode: PlanCode; suggested?: PlanCode };
export type PlanUpgradeOutput = { upgraded: boolean; planCode: PlanCode | null };

export type PreviewInput = { planId: PlanCode };
export type StartUpgradeInput = { planId: PlanCode; prorationDate: number };
export type CheckoutStatusInput = { checkoutId: string };

/** A checkout that ended without the money: how, and the provider's words (a declined card). */
export type PaymentFailure = { kind: 'payment'; status: 'failed' | 'canceled' | 'expired'; message: string | null };
/** Why the last step did not go through. */
export type UpgradeError = CallError | PaymentFailure;

type Context = {
  currentPlanCode: PlanCode;
  /** The plan the opener suggests (the cheapest that has the feature it lacked), shown first. */
  suggested: PlanCode | null;
  period: BillingPeriod;
  /** The plan chosen. */
  planCode: PlanCode | null;
  preview: SubscriptionPreview | null;
  checkoutId: string | null;
  /** The checkout page (the view offers it again when the browser blocked the new tab). */
  checkoutUrl: string | null;
  error: UpgradeError | null;
  /** The plan upgraded to (null until the upgrade went through). */
  upgradedTo: PlanCode | null;
};

type Events =
  | { type: 'user.period'; period: BillingPeriod }
  | { type: 'user.choose'; planCode: PlanCode }
  | { type: 'user.back' }
  | { type: 'user.pay' }
  | { type: 'user.reopen' }
  | { type: 'user.cancel' }
  | { type: 'user.close' };

export type PlanUpgradeTag = 'highest' | 'choosing' | 'busy' | 'confirm' | 'checkout' | 'success';

// ---- pure rules the view reads too ----

/** Every plan the current one can be upgraded to, in the plan table's order. */
export const upgradeTargets = (current: PlanCode): PlanCode[] => planCodes.filter((code) => isUpgrade(current, code));

const periodOf = (code: PlanCode): BillingPeriod => (plans[code].yearly ? 'yearly' : 'monthly');

/** The upgrades billed in one period. */
export const upgradeOptions = (current: PlanCode, period: BillingPeriod): PlanCode[] =>
  upgradeTargets(current).filter((code) => periodOf(code) === period);

/** The periods that offer at least one upgrade (the switch offers only those). */
export const offeredPeriods = (current: PlanCode): BillingPeriod[] => billingPeriods.filter((p) => upgradeOptions(current, p).length > 0);

/** The order features are named in: the permission bits of SPEC §3, then auto sync. */
const featureOrder: readonly PlanFeature[] = [...permissionBits, 'auto_sync'];

/** What a plan adds over the current one: the features it allows that the current plan does not. */
export const addedFeatures = (current: PlanCode, target: PlanCode): PlanFeature[] =>
  featureOrder.filter((f) => planAllows(target, f) && !planAllows(current, f));

/** The cheapest upgrade that allows `feature` (monthly first, lowest tier first), if any. */
export const suggestedUpgrade = (current: PlanCode, feature: PlanFeature): PlanCode | undefined =>
  upgradeTargets(current)
    .filter((code) => planAllows(code, feature))
    .sort((a, b) => plans[a].tier - plans[b].tier || Number(plans[a].yearly) - Number(plans[b].yearly))[0];

/** The plan upgrade from a limit dialog: from the workspace's plan, the cheapest plan with the feature it lacked suggested. */
export const upgradeInputFor = (currentPlanCode: PlanCode, feature: PlanFeature): PlanUpgradeInput => {
  const suggested = suggestedUpgrade(currentPlanCode, feature);
  return suggested ? { currentPlanCode, suggested } : { currentPlanCode };
};

/** The period shown first: the suggested plan's, else the current plan's, when it offers an upgrade. */
export const initialPeriod = (current: PlanCode, suggested: PlanCode | null): BillingPeriod => {
  const offered = offeredPeriods(current);
  const wanted = suggested && isUpgrade(current, suggested) ? periodOf(suggested) : periodOf(current);
  return offered.includes(wanted) ? wanted : (offered[0] ?? wanted);
};

/** SPEC §7: a quote is honoured QUOTE_VALID_SECONDS; it is asked for again a minute before. */
export const QUOTE_REFRESH_MS = (QUOTE_VALID_SECONDS - 60) * 1000;

const isFailedStatus = (status: CheckoutStatusInfo['status']): status is PaymentFailure['status'] =>
  status === 'failed' || status === 'canceled' || status === 'expired';

export const planUpgradeMachine = setup({
  types: {} as { context: Context; events: Events; input: PlanUpgradeInput; output: PlanUpgradeOutput; tags: PlanUpgradeTag },
  actors: {
    previewUpgrade: actorNotProvided<Answer<SubscriptionPreview>, PreviewInput>('previewUpgrade'),
    /** The update; an answer that is neither done nor a checkout to open comes back as a refusal. */
    startUpgrade: actorNotProvided<Answer<CheckoutStart>, StartUpgradeInput>('startUpgrade'),
    checkoutStatus: actorNotProvided<Answer<CheckoutStatusInfo>, CheckoutStatusInput>('checkoutStatus'),
  },
  actions: {
    /** Opens the checkout page in a new tab (this tab follows its result). */
    openCheckout: actionNotProvided<{ url: string }>('openCheckout'),
    /** The plan changed: the app's cached pay info (the account) is read again. */
    announceUpgrade: actionNotProvided<{ planCode: PlanCode }>('announceUpgrade'),
    assignRefusal: assign((_, answer: Answer<unknown>) => ({ error: refusalOf(answer) })),
    assignNetworkError: assign({ error: networkError }),
  },
  guards: {
    hasUpgrade: ({ context }) => upgradeTargets(context.currentPlanCode).length > 0,
    isUpgradeTarget: ({ context }, planCode: PlanCode) => isUpgrade(context.currentPlanCode, planCode),
    offersPeriod: ({ context }, period: BillingPeriod) => upgradeOptions(context.currentPlanCode, period).length > 0,
    refused: (_, answer: Answer<unknown>) => !answer.ok,
    /** Nothing to pay (the credit covers it): the server applied the plan at once. */
    paidAtOnce: (_, answer: Answer<CheckoutStart>) => answer.ok && answer.data.success,
    checkoutPaid: (_, answer: Answer<CheckoutStatusInfo>) => answer.ok && answer.data.status === 'paid',
    checkoutFailed: (_, answer: Answer<CheckoutStatusInfo>) => answer.ok && isFailedStatus(answer.data.status),
  },
  delays: {
    CHECKOUT_POLL: CHECKOUT_POLL_MS,
    QUOTE_REFRESH: QUOTE_REFRESH_MS,
  },
}).createMachine({
  id: 'planUpgrade',
  meta: { recordable: ['currentPlanCode', 'suggested', 'period', 'planCode', 'checkoutId', 'error', 'upgradedTo'] },
  context: ({ input }) => {
    const suggested = input.suggested && isUpgrade(input.currentPlanCode, input.suggested) ? input.suggested : null;
    return {
      currentPlanCode: input.currentPlanCode,
      suggested,
      period: initialPeriod(input.currentPlanCode, suggested),
      planCode: null,
      preview: null,
      checkoutId: null,
      checkoutUrl: null,
      error: null,
      upgradedTo: null,
    };
  },
  output: ({ context }) => ({ upgraded: context.upgradedTo !== null, planCode: context.upgradedTo }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasUpgrade', target: 'choosing' }, { target: 'highest' }],
    },
    highest: {
      description: 'No plan is above the current one (Growth, billed yearly): nothing to choose.',
      tags: ['highest'],
      on: { 'user.close': 'closed' },
    },
    choosing: {
      description: 'The upgrades of the current plan in one period (monthly or yearly), each with what it adds.',
      tags: ['choosing'],
      on: {
        'user.period': {
          guard: { type: 'offersPeriod', params: ({ event }) => event.period },
          actions: assign({ period: ({ event }) => event.period }),
        },
        'user.choose': {
          guard: { type: 'isUpgradeTarget', params: ({ event }) => event.planCode },
          target: 'previewing',
          actions: assign({ planCode: ({ event }) => event.planCode, preview: null, error: null }),
        },
        'user.close': 'closed',
      },
    },
    previewing: {
      description: 'SPEC §7 subscription preview: the server prices the upgrade (credit for the rest of the current period, coupon, amount due).',
      tags: ['choosing', 'busy'],
      invoke: {
        id: 'previewUpgrade',
        src: 'previewUpgrade',
        input: ({ context }) => ({ planId: context.planCode! }),
        onDone: [
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'choosing', actions: [{ type: 'assignRefusal', params: ({ event }) => event.output }, assign({ preview: null })] },
          { target: 'confirming', actions: assign({ preview: ({ event }) => (event.output.ok ? event.output.data : null) }) },
        ],
        onError: { target: 'choosing', actions: ['assignNetworkError', assign({ preview: null })] },
      },
      on: {
        'user.back': { target: 'choosing', actions: assign({ preview: null }) },
        'user.close': 'closed',
      },
    },
    confirming: {
      description: 'The amounts wait for Pay. The quote is asked for again before the server stops honouring it.',
      tags: ['confirm'],
      after: { QUOTE_REFRESH: 'previewing' },
      on: {
        'user.pay': { target: 'paying', actions: assign({ error: null }) },
        'user.back': { target: 'choosing', actions: assign({ preview: null, error: null }) },
        'user.close': 'closed',
      },
    },
    paying: {
      description: 'SPEC §7 subscription update with the quote’s prorationDate: done at once, or a checkout page to pay on.',
      tags: ['confirm', 'busy'],
      invoke: {
        id: 'startUpgrade',
        src: 'startUpgrade',
        input: ({ context }) => ({ planId: context.planCode!, prorationDate: context.preview!.prorationDate }),
        onDone: [
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'confirming', actions: { type: 'assignRefusal', params: ({ event }) => event.output } },
          { guard: { type: 'paidAtOnce', params: ({ event }) => event.output }, target: 'succeeded' },
          {
            target: 'checkout',
            actions: [
              assign({
                checkoutId: ({ event }) => (event.output.ok ? event.output.data.checkoutId : null),
                checkoutUrl: ({ event }) => (event.output.ok ? event.output.data.url : null),
              }),
              { type: 'openCheckout', params: ({ event }) => ({ url: event.output.ok ? (event.output.data.url ?? '') : '' }) },
            ],
          },
        ],
        onError: { target: 'confirming', actions: 'assignNetworkError' },
      },
    },
    checkout: {
      description:
        'The checkout page is open in a tab of its own; this flow follows its result (its status every CHECKOUT_POLL_MS) until it is final. Cancel stops following (a payment finished there later still applies on the server).',
      tags: ['checkout'],
      initial: 'waiting',
      on: {
        'user.reopen': { actions: { type: 'openCheckout', params: ({ context }) => ({ url: context.checkoutUrl ?? '' }) } },
        'user.cancel': { target: 'confirming', actions: assign({ checkoutId: null, checkoutUrl: null }) },
      },
      states: {
        waiting: {
          after: { CHECKOUT_POLL: 'polling' },
        },
        polling: {
          invoke: {
            id: 'checkoutStatus',
            src: 'checkoutStatus',
            input: ({ context }) => ({ checkoutId: context.checkoutId! }),
            onDone: [
              { guard: { type: 'checkoutPaid', params: ({ event }) => event.output }, target: '#planUpgrade.succeeded' },
              {
                guard: { type: 'checkoutFailed', params: ({ event }) => event.output },
                target: '#planUpgrade.confirming',
                actions: assign({
                  error: ({ event }) =>
                    event.output.ok && isFailedStatus(event.output.data.status) ? { kind: 'payment', status: event.output.data.status, message: event.output.data.message } : null,
                  checkoutId: null,
                  checkoutUrl: null,
                }),
              },
              {
                guard: { type: 'refused', params: ({ event }) => event.output },
                target: '#planUpgrade.confirming',
                actions: [{ type: 'assignRefusal', params: ({ event }) => event.output }, assign({ checkoutId: null, checkoutUrl: null })],
              },
              { description: 'Still pending: asked again at the next tick.', target: 'waiting' },
            ],
            // A status that could not be read is asked for again at the next tick.
            onError: 'waiting',
          },
        },
      },
    },
    succeeded: {
      description: "SPEC §8 'Your package has been successfully upgraded.' The app is told the plan changed; the flow ends when the person closes the dialog.",
      tags: ['success'],
      entry: [assign({ upgradedTo: ({ context }) => context.planCode }), { type: 'announceUpgrade', params: ({ context }) => ({ planCode: context.planCode! }) }],
      on: { 'user.close': 'closed' },
    },
    closed: { type: 'final' },
  },
});

export type PlanUpgradeActorRef = ActorRefFrom<typeof planUpgradeMachine>;
