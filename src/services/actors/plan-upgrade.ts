/**
 * The plan upgrade's and the plan panel's effects (SPEC §2 plan upgrade, add seats; §3 Plan / pay
 * info; §7 subscription preview and update, checkout status; the survey's answers). Built only
 * from the flow services.
 *
 * - Money is the server's: the preview's amounts are shown as they come (integer cents), the update
 *   sends the plan and the quote's prorationDate, never a price.
 * - The checkout is opened and followed as every payment flow does (./checkout.ts); a plan that
 *   changed is told to the account actor, so every screen reads the new plan on its next look
 *   (the member selector, the limit dialogs' plan name, the stored plan group).
 */
import { fromPromise } from 'xstate';
import { accountEndpoints, type PayInfo } from '../../contract/account';
import { billingEndpoints, type CheckoutStart, type SubscriptionPreview } from '../../contract/billing';
import type { Answer } from '../../machines/answer';
import type { planPanelMachine, SurveyAnswer } from '../../machines/plan-panel.machine';
import { planUpgradeMachine, type PreviewInput, type StartUpgradeInput } from '../../machines/plan-upgrade.machine';
import { seatPurchaseMachine } from '../../machines/seat-purchase.machine';
import { answerOf, dataOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import { announcePlanChange, checkoutStartOf, checkoutStatusActor, openCheckout } from './checkout';
import { seatPurchaseEffects } from './seat-purchase';

export const planUpgradeEffects: FlowEffects<typeof planUpgradeMachine> = (services) => ({
  actors: {
    previewUpgrade: fromPromise<Answer<SubscriptionPreview>, PreviewInput>(async ({ input, signal }) =>
      answerOf(await services.api.call(billingEndpoints.subscriptionPreview, { planId: input.planId }, { signal })),
    ),
    startUpgrade: fromPromise<Answer<CheckoutStart>, StartUpgradeInput>(async ({ input }) =>
      checkoutStartOf(answerOf(await services.api.call(billingEndpoints.subscriptionUpdate, { planId: input.planId, prorationDate: input.prorationDate }))),
    ),
    checkoutStatus: checkoutStatusActor(services),
  },
  actions: {
    openCheckout: (_, { url }: { url: string }) => openCheckout(services, url),
    announceUpgrade: () => announcePlanChange(services),
  },
});

/** The plan panel: the pay info, the survey's answers (newest first) and its two child flows. */
export const planPanelEffects: FlowEffects<typeof planPanelMachine> = (services) => ({
  actors: {
    loadPayInfo: fromPromise<PayInfo, void>(async ({ signal }) => dataOf(await services.api.call(accountEndpoints.payInfo, undefined, { signal }), 'Pay info')),
    loadFeedback: fromPromise<SurveyAnswer[], void>(async ({ signal }) =>
      [...dataOf(await services.api.call(billingEndpoints.surveyList, {}, { signal }), 'Payment feedback').list].sort((a, b) => b.createdAt - a.createdAt),
    ),
    seatPurchase: seatPurchaseMachine.provide(seatPurchaseEffects(services)),
    planUpgrade: planUpgradeMachine.provide(planUpgradeEffects(services)),
  },
});
