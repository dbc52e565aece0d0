/**
 * The seat purchase's effects (src/machines/seat-purchase.machine.ts; SPEC §7 seat price and seat
 * payment, checkout status). Built only from the flow services; every owner of the flow (the
 * Usage limit dialog's invite and members flows, the plan panel) provides it with these.
 *
 * - Money is the server's: the price comes back in integer cents with the quantity it was asked
 *   for; the payment sends the plan, the quantity and the quote's prorationDate, never a price.
 * - A price call the flow stopped (another quantity was typed) is aborted on the wire too.
 * - The checkout is opened and followed as every payment flow does (./checkout.ts); seats bought
 *   are told to the account actor, so the seat limit shown anywhere follows.
 */
import { fromPromise } from 'xstate';
import { billingEndpoints, type CheckoutStart } from '../../contract/billing';
import type { Answer } from '../../machines/answer';
import type { PayForSeatsInput, PriceQuoteInput, seatPurchaseMachine, SeatQuote } from '../../machines/seat-purchase.machine';
import { answerOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import { announcePlanChange, checkoutStartOf, checkoutStatusActor, openCheckout } from './checkout';

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
    checkoutStatus: checkoutStatusActor(services),
  },
  actions: {
    openCheckout: (_, { url }: { url: string }) => openCheckout(services, url),
    announcePurchase: () => announcePlanChange(services),
  },
});
