/**
 * The Stripe provider (SPEC §7 seat payment, subscription update): one Checkout Session in
 * `payment` mode per checkout, for the amount the server priced, and Stripe's signed webhooks
 * verified with the library's own verifier (`webhooks.constructEvent`) over the raw body.
 *
 * What the session carries:
 * - one line item, `price_data.unit_amount` = the server's amount in cents, quantity 1: Stripe
 *   never prices (no Stripe prices, coupons or promotion codes). The survey's coupon is already in
 *   that amount; the person reads it in the product's name ("2 seats, Pro (10% coupon)") and the
 *   arithmetic in its description (subtotal, coupon, total), and `metadata.couponPercentOff`
 *   records it for the books.
 * - our checkout id as `client_reference_id` and, with the workspace id, in `metadata` of the
 *   session and of its payment intent (`payment_intent_data.metadata`), so session events and
 *   payment-intent events (a declined card) both lead back to the checkout.
 * - the workspace's payment method (SPEC §4: card, bank-style, wallet-style) as
 *   `allowed_payment_method_types` (the create parameter of this API version; `payment_method_types`
 *   is gone from it): card -> `card`; bank -> `us_bank_account` (ACH Direct Debit: a bank debit in
 *   US dollars, our one currency; it settles later, hence the async payment events); wallet ->
 *   `link` and `cashapp` (wallets with payment method types of their own that take US dollars;
 *   Apple Pay and Google Pay ride on `card` in Checkout). The list is a filter on what the account
 *   has enabled, so a type the account lacks is simply not shown.
 * - our checkout id as the Idempotency-Key: creating the same checkout twice (a retry after a
 *   lost answer) answers the same session instead of opening a second one.
 * - an expiry one hour on: a quote is not honoured for Stripe's default day.
 */
import Stripe from 'stripe';
import { formatCents } from '../../src/contract/money';
import type { PaymentMethod } from '../../src/contract/billing';
import type { PaymentsConfig } from '../config';
import {
  CallbackRejected,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentOutcome,
  type PaymentProvider,
  type VerifiedCallback,
} from './provider';

type StripeConfig = PaymentsConfig['stripe'];

/** Stripe's payment method types for each of ours (see the module comment for why these). */
export const stripeMethodTypes: Record<PaymentMethod, Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[]> = {
  card: ['card'],
  bank: ['us_bank_account'],
  wallet: ['link', 'cashapp'],
};

/** How long a Checkout Session stays payable (Stripe allows 30 minutes to 24 hours). */
export const STRIPE_SESSION_TTL_SECONDS = 60 * 60;

/** Stripe's header carrying the webhook signature (`t=...,v1=...`). */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** How long to wait for Stripe's API before giving up on a checkout (ms). */
const API_TIMEOUT_MS = 20_000;

/** Stripe refused or could not be reached: the message says which and why (never the key). */
export class StripeRequestFailed extends Error {
  override name = 'StripeRequestFailed';
  constructor(
    message: string,
    readonly status: number | null,
    readonly type: string | null,
    readonly code: string | null,
    readonly requestId: string | null,
  ) {
    super(message);
  }
}

/** The library's client for a configured origin (`https://api.stripe.com`, or a local stand-in in tests). */
const clientFor = (secretKey: string, apiUrl: string): Stripe => {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: API_TIMEOUT_MS,
    // Latency figures about earlier requests go nowhere but Stripe; we send none.
    telemetry: false,
  });
};

/** The product's name and description: what is bought, and the coupon when one lowers the price. */
const productOf = (request: CheckoutRequest): { name: string; description: string } => {
  const money = (cents: number) => formatCents(cents, 'en-US', request.currency);
  const coupon = request.couponPercentOff !== null && request.discountCents > 0 ? request.couponPercentOff : null;
  if (coupon === null) return { name: request.description, description: `${request.description}: ${money(request.amountCents)}` };
  return {
    name: `${request.description} (${coupon}% coupon)`,
    description: `${money(request.subtotalCents)} - ${coupon}% coupon ${money(request.discountCents)} = ${money(request.amountCents)}`,
  };
};

/** The Checkout Session's parameters for one of our checkouts (exported for the tests' reading). */
export const sessionParamsOf = (request: CheckoutRequest, nowSeconds: number): Stripe.Checkout.SessionCreateParams => {
  const metadata: Record<string, string> = { checkoutId: request.checkoutId, workspaceId: request.workspaceId, kind: request.kind };
  if (request.couponPercentOff !== null && request.discountCents > 0) metadata.couponPercentOff = String(request.couponPercentOff);
  return {
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: request.currency, unit_amount: request.amountCents, product_data: productOf(request) } }],
    client_reference_id: request.checkoutId,
    metadata,
    payment_intent_data: { metadata, description: request.description },
    customer_email: request.customerEmail,
    allowed_payment_method_types: stripeMethodTypes[request.paymentMethod],
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    expires_at: nowSeconds + STRIPE_SESSION_TTL_SECONDS,
  };
};

const describeFailure = (error: unknown): StripeRequestFailed => {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? null;
    const where = status === null ? 'could not be reached' : `answered ${status}`;
    return new StripeRequestFailed(
      `Stripe ${where} creating the checkout: ${error.message}${error.code ? ` (${error.code})` : ''}`,
      status,
      // Stripe's error type as the API answered it (`invalid_request_error`, `card_error` ...).
      error.rawType ?? error.type,
      error.code ?? null,
      error.requestId ?? null,
    );
  }
  return new StripeRequestFailed(`Stripe checkout failed: ${error instanceof Error ? error.message : String(error)}`, null, null, null, null);
};

/** Our outcome of a Stripe event, and which object it is about. */
const readEvent = (event: Stripe.Event): VerifiedCallback => {
  const base = { eventId: event.id, checkoutId: null, providerRef: null, outcome: null, message: null };
  const fromSession = (session: Stripe.Checkout.Session, outcome: PaymentOutcome | null): VerifiedCallback => ({
    ...base,
    checkoutId: session.client_reference_id ?? session.metadata?.checkoutId ?? null,
    providerRef: session.id,
    outcome,
  });
  switch (event.type) {
    case 'checkout.session.completed':
      // Completed with a bank debit still on its way is `unpaid`: the async events decide.
      return fromSession(event.data.object, event.data.object.payment_status === 'paid' ? 'paid' : null);
    case 'checkout.session.async_payment_succeeded':
      return fromSession(event.data.object, 'paid');
    case 'checkout.session.async_payment_failed':
      return fromSession(event.data.object, 'failed');
    case 'checkout.session.expired':
      return fromSession(event.data.object, 'expired');
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return { ...base, checkoutId: intent.metadata?.checkoutId ?? null, outcome: 'failed', message: intent.last_payment_error?.message ?? null };
    }
    default:
      return base;
  }
};

export const createStripeProvider = (cfg: StripeConfig): PaymentProvider => {
  let client: Stripe | null = null;
  const stripe = (): Stripe => {
    if (!cfg.secretKey) throw new StripeRequestFailed('Stripe is not configured: STRIPE_SECRET_KEY is empty', null, null, null, null);
    client ??= clientFor(cfg.secretKey, cfg.apiUrl);
    return client;
  };

  return {
    name: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new StripeRequestFailed(`A Stripe checkout needs a positive whole number of cents, got ${request.amountCents}`, null, null, null, null);
      }
      const api = stripe();
      let session: Stripe.Checkout.Session;
      try {
        session = await api.checkout.sessions.create(sessionParamsOf(request, Math.floor(Date.now() / 1000)), { idempotencyKey: request.checkoutId });
      } catch (error) {
        throw describeFailure(error);
      }
      if (!session.url) throw new StripeRequestFailed(`Stripe answered session ${session.id} without a checkout URL`, null, null, null, null);
      return { providerRef: session.id, url: session.url };
    },

    async verifyCallback(rawBody: string, headers: Headers): Promise<VerifiedCallback> {
      if (!cfg.webhookSecret) throw new CallbackRejected('Stripe webhook secret is not configured (STRIPE_WEBHOOK_SECRET)');
      const signature = headers.get(STRIPE_SIGNATURE_HEADER);
      if (!signature) throw new CallbackRejected(`missing ${STRIPE_SIGNATURE_HEADER} header`);
      let event: Stripe.Event;
      try {
        // The library's verifier: HMAC over `timestamp.body`, and a timestamp within its tolerance (300 s).
        event = Stripe.webhooks.constructEvent(rawBody, signature, cfg.webhookSecret);
      } catch (error) {
        throw new CallbackRejected(`Stripe signature refused: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object' || event.data.object === null) {
        throw new CallbackRejected('Stripe event without id, type or object');
      }
      return readEvent(event);
    },
  };
};
