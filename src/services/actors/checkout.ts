/**
 * What every payment flow does with a checkout (the seat purchase, the plan upgrade, the
 * payment-issue survey's retry; SPEC §7 seat payment, subscription update, checkout status):
 *
 * - a payment's first answer is taken as done, or as a checkout page with its id that may be
 *   followed (src/contract/billing.ts `isCheckoutAddress`); anything else is the server's failure;
 * - the page opens in a new tab (`openUrl` with `newTab`, injected; the browser's `window.open` by
 *   default), so the app's tab stays and follows the result;
 * - the checkout's status is read while the tab is open;
 * - a payment that went through is told to the account actor (`account.refresh`), which reads the
 *   pay info again, so every screen reads the new plan and seats on its next look.
 */
import { fromPromise } from 'xstate';
import { billingEndpoints, isCheckoutAddress, type CheckoutStart, type CheckoutStatusInfo } from '../../contract/billing';
import { Code } from '../../contract/codes';
import type { Answer } from '../../machines/answer';
import { answerOf } from '../answer';
import type { FlowServices } from '../flow-services';

/** Opens the checkout in a new tab; an address that may not be followed is not opened. */
export const openCheckout = (services: Pick<FlowServices, 'openUrl'>, url: string): void => {
  if (!isCheckoutAddress(url)) return;
  if (services.openUrl) services.openUrl(url, { newTab: true });
  else window.open(url, '_blank', 'noopener,noreferrer');
};

/** A payment's first answer as the flows take it: done, or a checkout page with its id; anything else is the server's failure. */
export const checkoutStartOf = (answer: Answer<CheckoutStart>): Answer<CheckoutStart> => {
  if (!answer.ok || answer.data.success) return answer;
  const { url, checkoutId } = answer.data;
  return url && checkoutId && isCheckoutAddress(url) ? answer : { ok: false, code: Code.INTERNAL, message: '' };
};

/** The checkout's status (the flows poll it while the checkout tab is open). */
export const checkoutStatusActor = (services: FlowServices) =>
  fromPromise<Answer<CheckoutStatusInfo>, { checkoutId: string }>(async ({ input, signal }) =>
    answerOf(await services.api.call(billingEndpoints.checkoutStatus, { checkoutId: input.checkoutId }, { signal })),
  );

/** Tells the account actor the plan or its seats changed: it reads the pay info again. */
export const announcePlanChange = (services: Pick<FlowServices, 'sendTo'>): void => services.sendTo('account', { type: 'account.refresh' });
