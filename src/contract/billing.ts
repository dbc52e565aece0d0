/**
 * Plans, seats and payment (SPEC §2 add seats, plan upgrade, payment-issue survey; §3 Plan / pay
 * info; §4 Add seats, payment-issue survey reasons; §5 Seats; §7 subscription preview and update,
 * seat price and seat payment; §9).
 *
 * Money is integer US cents end to end: the server prices (proration included), the client only
 * shows `cents / 100` with two decimals in the reader's locale and never sends a price. A payment
 * either succeeds at once (nothing to pay) or answers a checkout URL at the payment provider (the
 * embedded sandbox, or Stripe when configured); the result reaches the server by the provider's
 * signed callback, and the client follows it with `checkoutStatus` until it is final.
 *
 * Who pays: the owner and managers (`manager` access). The survey and its offers (SPEC §4: reasons
 * 1 to 4, a 10% coupon, alternate payment methods) are for them too; guide type 13 (the
 * first-run guidance call) tells the client a payment failed and the survey is due.
 */
import { z } from 'zod/mini';
import { boundedInt, maxChars, textId } from './bounds';
import { endpoint } from './endpoint';
import { planCodes, type PlanCode } from './plans';

const emptyRequest = z.object({});

/** A plan of src/contract/plans.ts (SPEC §7 `plan_id`). */
export const planIdSchema = z.enum(planCodes as [PlanCode, ...PlanCode[]]);

/** SPEC §5: seats to add, minimum 1. The upper bound keeps a typo from becoming an invoice. */
export const MIN_SEATS_TO_ADD = 1;
export const MAX_SEATS_TO_ADD = 500;
export const seatQuantitySchema = boundedInt(MIN_SEATS_TO_ADD, MAX_SEATS_TO_ADD, `Seats to add: at least ${MIN_SEATS_TO_ADD}`);

/** Unix seconds of a price quote (SPEC §7 prorationDate), within the years 1970 to 9999. */
export const UNIX_SECONDS_MAX = 253_402_300_799;
export const prorationDateSchema = boundedInt(0, UNIX_SECONDS_MAX);

/**
 * A quote is honoured this long after it was made: a payment whose `proration_date` is older (or
 * in the future) is refused with VALIDATION and the client asks for a new price.
 */
export const QUOTE_VALID_SECONDS = 30 * 60;

/** SPEC §7, §9: seat price and seat payment requests at most once per 3 seconds. */
export const PRICE_THROTTLE_MS = 3_000;

/** SPEC §9: the currency of every amount (ISO 4217, lower case as the providers write it). */
export const CURRENCY = 'usd';

/** Cents, never negative, never fractional. */
const cents = boundedInt(0, Number.MAX_SAFE_INTEGER);
const unixSeconds = boundedInt(0, UNIX_SECONDS_MAX);

// --- Seats (SPEC §7 seat price and seat payment) ---

export const seatPriceRequest = z.object({ planId: planIdSchema, seatQuantity: seatQuantitySchema });
export const seatPriceData = z.object({
  /** What will be charged, in cents: `subtotal - discount`. */
  total: cents,
  /** The seats for the rest of the current period, prorated, in cents. */
  subtotal: cents,
  /** The coupon's share (the survey's 10%), in cents. */
  discount: cents,
  /** One seat for one whole period, in cents. */
  unitAmount: cents,
  currency: z.string(),
  /** When the quote was made (unix seconds): sent back with the payment. */
  prorationDate: unixSeconds,
  /** The end of the current period the seats are prorated to (unix seconds). */
  periodEnd: unixSeconds,
});
export type SeatPrice = z.infer<typeof seatPriceData>;

export const seatPaymentRequest = z.object({ planId: planIdSchema, seatQuantity: seatQuantitySchema, prorationDate: prorationDateSchema });

/** A payment's first answer: done already (`success`), or a checkout page to open (`url`, followed by `checkoutId`). */
export const checkoutStartData = z.object({
  success: z.boolean(),
  url: z.nullable(z.string()),
  checkoutId: z.nullable(z.string()),
});
export type CheckoutStart = z.infer<typeof checkoutStartData>;

// --- Plan upgrade (SPEC §7 subscription preview and update) ---

export const subscriptionPreviewRequest = z.object({ planId: planIdSchema });
export const subscriptionPreviewData = z.object({
  planCode: planIdSchema,
  currentPlanCode: planIdSchema,
  /** Seats after the upgrade: the new plan's included seats, or more when the workspace has more. */
  seats: boundedInt(0),
  /** The new plan for one whole period, for every seat, in cents. */
  subtotal: cents,
  /** What is left of the current paid period, credited, in cents. */
  credit: cents,
  discount: cents,
  /** What will be charged: `max(0, subtotal - credit - discount)`. */
  amountDue: cents,
  currency: z.string(),
  prorationDate: unixSeconds,
  /** The new period's end (unix seconds). */
  periodEnd: unixSeconds,
});
export type SubscriptionPreview = z.infer<typeof subscriptionPreviewData>;

export const subscriptionUpdateRequest = z.object({ planId: planIdSchema, prorationDate: prorationDateSchema });

// --- Following a checkout ---

export const checkoutKinds = ['seats', 'plan'] as const;
export type CheckoutKind = (typeof checkoutKinds)[number];
export const checkoutStatuses = ['pending', 'paid', 'failed', 'canceled', 'expired'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];
/** Final statuses: the client stops following. */
export const isFinalCheckoutStatus = (s: CheckoutStatus): boolean => s !== 'pending';

/** A checkout address the client may open: http(s), or a path of this site (never `javascript:` or `//elsewhere`). */
export const isCheckoutAddress = (url: string): boolean => /^https?:\/\/\S+$/i.test(url) || /^\/(?!\/)\S*$/.test(url);

/** How often the client asks while a checkout is open. */
export const CHECKOUT_POLL_MS = 2_000;

export const checkoutStatusRequest = z.object({ checkoutId: textId });
export const checkoutStatusData = z.object({
  checkoutId: z.string(),
  kind: z.enum(checkoutKinds),
  status: z.enum(checkoutStatuses),
  planCode: planIdSchema,
  seatQuantity: z.nullable(boundedInt(0)),
  amount: cents,
  currency: z.string(),
  /** The provider's words for a failure (a declined card), shown as they are. */
  message: z.nullable(z.string()),
});
export type CheckoutStatusInfo = z.infer<typeof checkoutStatusData>;

// --- Payment-issue survey (SPEC §4; guide type 13) ---

/** SPEC §4: 1 too expensive, 2 no usable payment method, 3 missing features, 4 other. */
export const surveyReasons = [1, 2, 3, 4] as const;
export type SurveyReason = (typeof surveyReasons)[number];
/** SPEC §9: the survey's coupon. */
export const SURVEY_COUPON_PERCENT = 10;
/** SPEC §4: credit card, bank-style and wallet-style methods. */
export const paymentMethods = ['card', 'bank', 'wallet'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const SURVEY_NOTE_MAX = 500;

/** The failed payment the survey is about (`open: false` when there is none). */
export const paymentIssueData = z.object({
  open: z.boolean(),
  checkoutId: z.nullable(z.string()),
  kind: z.nullable(z.enum(checkoutKinds)),
  planCode: z.nullable(planIdSchema),
  seatQuantity: z.nullable(boundedInt(0)),
  failedAt: z.nullable(unixSeconds),
  message: z.nullable(z.string()),
  /** The coupon is still to be taken (once per workspace). */
  couponAvailable: z.boolean(),
  /** A coupon taken and not used yet (percent off the next payment), else null. */
  couponPercentOff: z.nullable(boundedInt(0, 100)),
  paymentMethod: z.enum(paymentMethods),
});
export type PaymentIssue = z.infer<typeof paymentIssueData>;

export const surveySubmitRequest = z.object({
  reason: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  note: z.optional(z.string().check(z.trim(), maxChars(SURVEY_NOTE_MAX))),
});
export const couponApplyData = z.object({ percentOff: boundedInt(0, 100) });
export const paymentMethodSaveRequest = z.object({ method: z.enum(paymentMethods) });

export const surveyAnswerData = z.object({
  id: z.string(),
  reason: boundedInt(1, 4),
  note: z.nullable(z.string()),
  email: z.string(),
  createdAt: unixSeconds,
});
export const surveyListData = z.object({ list: z.array(surveyAnswerData) });

const nothing = z.nullable(z.object({}));

export const billingEndpoints = {
  seatPrice: endpoint({ path: '/api/pay/v1/seat/price', request: seatPriceRequest, answer: seatPriceData, access: 'manager', sourceUser: 'ignored' }),
  seatPayment: endpoint({ path: '/api/pay/v1/seat/payment', request: seatPaymentRequest, answer: checkoutStartData, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  subscriptionPreview: endpoint({ path: '/api/pay/v1/subscription/preview', request: subscriptionPreviewRequest, answer: subscriptionPreviewData, access: 'manager', sourceUser: 'ignored' }),
  subscriptionUpdate: endpoint({ path: '/api/pay/v1/subscription/update', request: subscriptionUpdateRequest, answer: checkoutStartData, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  checkoutStatus: endpoint({ path: '/api/pay/v1/checkout/status', request: checkoutStatusRequest, answer: checkoutStatusData, access: 'manager', sourceUser: 'ignored' }),
  paymentIssue: endpoint({ path: '/api/pay/v1/payment-issue', request: emptyRequest, answer: paymentIssueData, access: 'manager', sourceUser: 'ignored' }),
  paymentIssueRetry: endpoint({ path: '/api/pay/v1/payment-issue/retry', request: emptyRequest, answer: checkoutStartData, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  surveySubmit: endpoint({ path: '/api/pay/v1/survey/submit', request: surveySubmitRequest, answer: nothing, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  surveyList: endpoint({ path: '/api/pay/v1/survey/list', request: emptyRequest, answer: surveyListData, access: 'manager', sourceUser: 'ignored' }),
  couponApply: endpoint({ path: '/api/pay/v1/coupon/apply', request: emptyRequest, answer: couponApplyData, access: 'manager', sourceUser: 'ignored', session: 'web' }),
  paymentMethodSave: endpoint({ path: '/api/pay/v1/payment-method/save', request: paymentMethodSaveRequest, answer: nothing, access: 'manager', sourceUser: 'ignored', session: 'web' }),
} as const;

/** Where the providers' signed callbacks arrive (served outside the contract: raw body for the signature). */
export const PAYMENT_CALLBACK_PATH = '/api/pay/v1/callback/';
/** The embedded sandbox provider's checkout page (served by the server, outside the app). */
export const SANDBOX_CHECKOUT_PATH = '/pay/sandbox/checkout/';
/**
 * Where a checkout sends the browser back (a server page: "you can close this tab"). The checkout
 * opens in a tab of its own; the app's tab follows the result with `checkoutStatus`.
 */
export const CHECKOUT_RETURN_PATH = '/pay/return';
