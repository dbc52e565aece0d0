/**
 * The payment-issue survey's effects (src/machines/payment-survey.machine.ts; SPEC §4 payment-issue
 * survey, §9 the 10% coupon) through the billing contract (src/contract/billing.ts): the failed
 * payment, the answer, the coupon, the payment method, the payment again and its checkout's status,
 * each handed back through the one answer adapter (a refusal keeps the server's code and message; a
 * call lost on the way rejects). The checkout page opens in a new tab (the injected `openUrl`, the
 * browser's `window.open` by default), and only a web address or a path of this server is opened.
 * A payment that went through tells the account to read the workspace again. Built only from the
 * flow services.
 */
import { fromPromise } from 'xstate';
import { billingEndpoints, type CheckoutStart, type CheckoutStatusInfo, type PaymentIssue, type PaymentMethod } from '../../contract/billing';
import type { Answer, Outcome } from '../../machines/answer';
import { isCheckoutAddress, type CouponAnswer, type paymentSurveyMachine, type SurveyAnswer } from '../../machines/payment-survey.machine';
import { answerOf, outcomeOf } from '../answer';
import type { FlowEffects, FlowServices } from '../flow-services';

/** Opens `url` in a new tab (the app's injected `openUrl` when there is one). */
export const openInNewTab = (services: Pick<FlowServices, 'openUrl'>, url: string): void => {
  if (!isCheckoutAddress(url)) return;
  if (services.openUrl) services.openUrl(url);
  else window.open(url, '_blank', 'noopener,noreferrer');
};

export const paymentSurveyEffects: FlowEffects<typeof paymentSurveyMachine> = (services) => ({
  actors: {
    loadIssue: fromPromise<Answer<PaymentIssue>, void>(async ({ signal }) => answerOf(await services.api.call(billingEndpoints.paymentIssue, {}, { signal }))),
    submitSurvey: fromPromise<Outcome, SurveyAnswer>(async ({ input }) => outcomeOf(await services.api.call(billingEndpoints.surveySubmit, input))),
    applyCoupon: fromPromise<CouponAnswer, void>(async () => answerOf(await services.api.call(billingEndpoints.couponApply, {}))),
    saveMethod: fromPromise<Outcome, { method: PaymentMethod }>(async ({ input }) => outcomeOf(await services.api.call(billingEndpoints.paymentMethodSave, input))),
    retryPayment: fromPromise<Answer<CheckoutStart>, void>(async () => answerOf(await services.api.call(billingEndpoints.paymentIssueRetry, {}))),
    loadCheckout: fromPromise<Answer<CheckoutStatusInfo>, { checkoutId: string }>(async ({ input, signal }) =>
      answerOf(await services.api.call(billingEndpoints.checkoutStatus, input, { signal })),
    ),
  },
  actions: {
    openCheckout: (_, { url }: { url: string }) => openInNewTab(services, url),
    paymentSettled: () => services.sendTo('account', { type: 'account.refresh' }),
  },
});
