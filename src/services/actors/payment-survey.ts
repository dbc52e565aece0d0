/**
 * The payment-issue survey's effects (src/machines/payment-survey.machine.ts; SPEC §4 payment-issue
 * survey, §9 the 10% coupon) through the billing contract (src/contract/billing.ts): the failed
 * payment, the answer, the coupon, the payment method, the payment again and its checkout's status,
 * each handed back through the one answer adapter (a refusal keeps the server's code and message; a
 * call lost on the way rejects). The checkout is opened and followed as every payment flow does
 * (./checkout.ts). Built only from the flow services.
 */
import { fromPromise } from 'xstate';
import { billingEndpoints, type CheckoutStart, type PaymentIssue, type PaymentMethod } from '../../contract/billing';
import type { Answer, Outcome } from '../../machines/answer';
import type { CouponAnswer, paymentSurveyMachine, SurveyAnswer } from '../../machines/payment-survey.machine';
import { answerOf, outcomeOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import { announcePlanChange, checkoutStartOf, checkoutStatusActor, openCheckout } from './checkout';

export const paymentSurveyEffects: FlowEffects<typeof paymentSurveyMachine> = (services) => ({
  actors: {
    loadIssue: fromPromise<Answer<PaymentIssue>, void>(async ({ signal }) => answerOf(await services.api.call(billingEndpoints.paymentIssue, {}, { signal }))),
    submitSurvey: fromPromise<Outcome, SurveyAnswer>(async ({ input }) => outcomeOf(await services.api.call(billingEndpoints.surveySubmit, input))),
    applyCoupon: fromPromise<CouponAnswer, void>(async () => answerOf(await services.api.call(billingEndpoints.couponApply, {}))),
    saveMethod: fromPromise<Outcome, { method: PaymentMethod }>(async ({ input }) => outcomeOf(await services.api.call(billingEndpoints.paymentMethodSave, input))),
    retryPayment: fromPromise<Answer<CheckoutStart>, void>(async () => checkoutStartOf(answerOf(await services.api.call(billingEndpoints.paymentIssueRetry, {})))),
    loadCheckout: checkoutStatusActor(services),
  },
  actions: {
    openCheckout: (_, { url }: { url: string }) => openCheckout(services, url),
    paymentSettled: () => announcePlanChange(services),
  },
});
