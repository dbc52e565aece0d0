/**
 * The seat purchase's effects (src/machines/seat-purchase.machine.ts; SPEC §7 seat price and seat
 * payment, checkout status). Built only from the flow services; every owner of the flow (the
 * Usage limit dialog's invite and members flows, the plan panel) provides it with these.
 *
 * - Money is the server's: the price comes back in integer cents with the quantity it was asked
 *   for; the payment sends the plan, the quantity and the quote's prorationDate, never a price.
 * - A price call the flow stopped (another quantity was typed) is aborted on the wire too.
 * - The checkout page opens in a new tab (`openUrl` with `newTab`, injected; the browser's
 *   `window.open` by default) and only a web address, or a path of this site (the embedded
 *   sandbox's page), is followed: any other answer is taken as the server's failure.
 * - Seats bought are told to the account actor (`account.refresh`): it reads the pay info again,
 *   so the seat limit shown anywhere follows.
 */
import { fromPromise } from 'xstate';
import { billingEndpoints, type CheckoutStart, type CheckoutStatusInfo } from '../../contract/billing';
import { Code } from '../../contract/codes';
import type { Answer } from '../../machines/answer';
import type { PayForSeatsInput, PriceQuoteInput, SeatCheckoutInput, seatPurchaseMachine, SeatQuote } from '../../machines/seat-purchase.machine';
import { answerOf } from '../answer';
import type { FlowEffects, FlowServices } from '../flow-services';

/** A checkout address that may be followed: http(s), or a path of this site (never `javascript:` or `//elsewhere`). */
const isCheckoutAddress = (url: string): boolean => /^https?:\/\/[^\s]+$/i.test(url) || /^\/(?!\/)[^\s]*$/.test(url);

/** Opens the checkout in a new tab: the app's tab stays and follows the result. */
const openInNewTab = (services: FlowServices, url: string): void => {
  if (!isCheckoutAddress(url)) return;
  if (services.openUrl) services.openUrl(url, { newTab: true });
  else window.open(url, '_blank', 'noopener');
};

/** The payment's first answer: done, or a checkout page (with its id) that may be followed; anything else is the server's failure. */
const checkoutStartOf = (answer: Answer<CheckoutStart>): Answer<CheckoutStart> => {
  if (!answer.ok || answer.data.success) return answer;
  const { url, checkoutId } = answer.data;
  return url && checkoutId && isCheckoutAddress(url) ? answer : { ok: false, code: Code.INTERNAL, message: '' };
};

export const seatPurchaseEffects: FlowEffects<typeof seatPurchaseMachine> = (services) => ({
  actors: {
    priceQuote: fromPromise<Answer<SeatQuote>, PriceQuoteInput>(async ({ input, signal }) =>
      answerOf(await services.api.call(billingEndpoints.seatPrice, { planId: input.planCode, seatQuantity: input.quantity }, { signal }), (price) => ({
        ...price,
        quantity: input.quantity,
      })),
    ),
    payForSeats: fromPromise<Answer<CheckoutStart>, PayForSeatsInput>(async ({ input }) =>
      checkoutStartOf(
        answerOf(await services.api.call(billingEndpoints.seatPayment, { planId: input.planCode, seatQuantity: input.quantity, prorationDate: input.prorationDate })),
      ),
    ),
    checkoutStatus: fromPromise<Answer<CheckoutStatusInfo>, SeatCheckoutInput>(async ({ input, signal }) =>
      answerOf(await services.api.call(billingEndpoints.checkoutStatus, { checkoutId: input.checkoutId }, { signal })),
    ),
  },
  actions: {
    openCheckout: (_, { url }: { url: string }) => openInNewTab(services, url),
    announcePurchase: () => services.sendTo('account', { type: 'account.refresh' }),
  },
});
