/**
 * The plan upgrade's and the plan panel's effects (SPEC §2 plan upgrade, add seats; §3 Plan / pay
 * info; §7 subscription preview and update, checkout status; the survey's answers). Built only
 * from the flow services.
 *
 * - Money is the server's: the preview's amounts are shown as they come (integer cents), the update
 *   sends the plan and the quote's prorationDate, never a price.
 * - The checkout page opens in a new tab (`openUrl` with `newTab`, injected; the browser's
 *   `window.open` by default) and only a web address (or a path of this site, the embedded
 *   sandbox's page) is followed: anything else is taken as the server's failure.
 * - A plan that changed is told to the account actor (`account.refresh`), which reads the pay info
 *   again, so every screen reads the new plan on its next look (the member selector, the limit
 *   dialogs' plan name, the stored plan group).
 */
import { fromPromise } from 'xstate';
import { accountEndpoints, type PayInfo } from '../../contract/account';
import { billingEndpoints, type CheckoutStart, type CheckoutStatusInfo, type SubscriptionPreview } from '../../contract/billing';
import { Code } from '../../contract/codes';
import type { Answer } from '../../machines/answer';
import type { planPanelMachine, SurveyAnswer } from '../../machines/plan-panel.machine';
import { planUpgradeMachine, type CheckoutStatusInput, type PreviewInput, type StartUpgradeInput } from '../../machines/plan-upgrade.machine';
import { seatPurchaseMachine } from '../../machines/seat-purchase.machine';
import { answerOf, dataOf } from '../answer';
import type { FlowEffects, FlowServices } from '../flow-services';
import { seatPurchaseEffects } from './seat-purchase';

/** A checkout address that may be followed: http(s), or a path of this site (never `javascript:` or `//elsewhere`). */
export const isCheckoutAddress = (url: string): boolean => /^https?:\/\/[^\s]+$/i.test(url) || /^\/(?!\/)[^\s]*$/.test(url);

/** Opens the checkout in a new tab: the app's tab stays and follows the result. */
const openInNewTab = (services: FlowServices, url: string): void => {
  if (!isCheckoutAddress(url)) return;
  if (services.openUrl) services.openUrl(url, { newTab: true });
  else window.open(url, '_blank', 'noopener');
};

/**
 * A payment's first answer as the flows take it: done, or a checkout page with its id. Anything
 * else (no address, one that may not be followed) is the server's failure.
 */
export const checkoutAnswerOf = (answer: Answer<CheckoutStart>): Answer<CheckoutStart> => {
  if (!answer.ok || answer.data.success) return answer;
  const { url, checkoutId } = answer.data;
  return url && checkoutId && isCheckoutAddress(url) ? answer : { ok: false, code: Code.INTERNAL, message: '' };
};

/** The checkout's status (the flows poll it while the checkout tab is open). */
export const checkoutStatusOf = (services: FlowServices) =>
  fromPromise<Answer<CheckoutStatusInfo>, CheckoutStatusInput>(async ({ input, signal }) =>
    answerOf(await services.api.call(billingEndpoints.checkoutStatus, { checkoutId: input.checkoutId }, { signal })),
  );

/** Tells the account actor the plan or its seats changed: it reads the pay info again. */
export const announcePlanChange = (services: FlowServices): void => services.sendTo('account', { type: 'account.refresh' });

export const planUpgradeEffects: FlowEffects<typeof planUpgradeMachine> = (services) => ({
  actors: {
    previewUpgrade: fromPromise<Answer<SubscriptionPreview>, PreviewInput>(async ({ input, signal }) =>
      answerOf(await services.api.call(billingEndpoints.subscriptionPreview, { planId: input.planId }, { signal })),
    ),
    startUpgrade: fromPromise<Answer<CheckoutStart>, StartUpgradeInput>(async ({ input }) =>
      checkoutAnswerOf(answerOf(await services.api.call(billingEndpoints.subscriptionUpdate, { planId: input.planId, prorationDate: input.prorationDate }))),
    ),
    checkoutStatus: checkoutStatusOf(services),
  },
  actions: {
    openCheckout: (_, { url }: { url: string }) => openInNewTab(services, url),
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
