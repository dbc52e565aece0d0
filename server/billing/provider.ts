/**
 * One payment provider interface (SPEC §7 seat payment, subscription update): the embedded sandbox
 * (server/billing/sandbox.ts, its own checkout page, so a fresh machine runs the whole flow) and
 * Stripe (server/billing/stripe.ts, Checkout Sessions and signed webhooks) when configured.
 *
 * The server prices every payment (integer cents) before the provider sees it; a provider opens a
 * checkout for that amount and later reports the result by a signed callback, which
 * `verifyCallback` checks over the raw body before anything is read from it.
 */
import type { CheckoutKind, PaymentMethod } from '../../src/contract/billing';

export type ProviderName = 'sandbox' | 'stripe';

export type CheckoutRequest = {
  /** Our checkout id (`chk_...`): the provider carries it back in its callback. */
  checkoutId: string;
  workspaceId: string;
  kind: CheckoutKind;
  /** What the person reads on the checkout page ("2 seats, Pro", "Upgrade to Growth (yearly)"). */
  description: string;
  /** Before the coupon, in cents. */
  subtotalCents: number;
  /** The coupon's share, in cents (already priced by the server). */
  discountCents: number;
  /** What is charged: subtotal - discount, in cents, > 0. */
  amountCents: number;
  currency: string;
  /** The survey's coupon (percent off), when one is being used. */
  couponPercentOff: number | null;
  paymentMethod: PaymentMethod;
  customerEmail: string;
  /** Where the checkout sends the browser when it is done or abandoned. */
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = {
  /** The provider's id for the checkout (Stripe: the session id). */
  providerRef: string;
  /** The page the person pays on. */
  url: string;
};

export type PaymentOutcome = 'paid' | 'failed' | 'canceled' | 'expired';

/** A callback whose signature verified. */
export type VerifiedCallback = {
  /** The provider's event id: the same event delivered twice has the same id. */
  eventId: string;
  /** Our checkout id, when the event carries it. */
  checkoutId: string | null;
  /** The provider's checkout id, when the event carries it. */
  providerRef: string | null;
  /** What happened to the payment; null for an event type we do not act on (acknowledged, nothing changes). */
  outcome: PaymentOutcome | null;
  /** The provider's words for a failure (a declined card). */
  message: string | null;
};

/** A callback that must change nothing: bad signature, malformed body. Answered 400 and logged. */
export class CallbackRejected extends Error {}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Checks the signature over the raw body and reads the event; throws CallbackRejected when it does not verify. */
  verifyCallback(rawBody: string, headers: Headers): Promise<VerifiedCallback>;
}
