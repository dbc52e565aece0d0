/**
 * Prices (SPEC §7 seat price, subscription preview; §9 "seat price shown as cents total divided by
 * 100"): pure functions of the workspace's plan state and the moment of the quote, in integer US
 * cents. No floating point touches an amount: every product is taken in BigInt (a seat price
 * times seats times seconds may pass 2^53: an upgrade keeps every seat, without an upper bound)
 * and divided once, rounded half up.
 *
 * - Seats are bought on the workspace's current paid plan for the rest of its current period:
 *   `round(seatPrice × quantity × remaining / period)`, remaining and period in whole seconds.
 * - An upgrade buys a whole new period of the target plan for every seat the workspace keeps
 *   (the target's included seats, or more when it has more), less the unused part of the current
 *   paid period (trial and free leave nothing to credit).
 * - The survey's coupon (a percentage, SPEC §4) comes off what is left, rounded half up.
 * - A payment carries the `prorationDate` of the quote the person saw; it is priced again at that
 *   moment (so it equals that quote) and refused when the quote is too old or in the future.
 */
import { CURRENCY, MAX_SEATS_TO_ADD, MIN_SEATS_TO_ADD, QUOTE_VALID_SECONDS, type SeatPrice, type SubscriptionPreview } from '../../src/contract/billing';
import { DB_INT_MAX } from '../../src/contract/bounds';
import { Code } from '../../src/contract/codes';
import { isPaidPlan, isUpgrade, planCodeOf, plans, seatLimit, type PlanCode } from '../../src/contract/plans';
import { fail } from '../http/respond';

export const DAY_SECONDS = 86_400;
/** A quote's `prorationDate` may be this far ahead of the server's clock (clocks drift a little). */
export const QUOTE_FUTURE_SECONDS = 60;
/** What a payment whose quote is too old, or in the future, is told (VALIDATION): the client asks for the price again. */
export const PRICE_CHANGED_MESSAGE = 'The price has changed, please check it again';
export const SEATS_NEED_PAID_PLAN_MESSAGE = 'Seats are bought on a paid plan: upgrade first';
export const PERIOD_ENDED_MESSAGE = 'The current period has ended: renew or upgrade the plan first';
export const TOO_LARGE_MESSAGE = 'This amount is too large to pay here: contact us';

/** What pricing reads of a workspace row. */
export type PlanState = {
  planCode: string;
  planStart: Date;
  planEnd: Date | null;
  extraSeats: number;
  /** The survey's coupon, taken and not used yet (percent off). */
  couponPercentOff: number | null;
};

const toSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);

/**
 * `numerator / denominator` rounded half up, for a numerator ≥ 0 and a denominator > 0, exactly
 * (`floor((2n + d) / 2d)`). Throws when the result would not be a safe integer.
 */
export const divideRoundHalfUp = (numerator: bigint, denominator: bigint): number => {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divideRoundHalfUp takes a numerator >= 0 and a denominator > 0');
  const q = (2n * numerator + denominator) / (2n * denominator);
  if (q > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount past the largest safe integer');
  return Number(q);
};

/** `unitCents × quantity × part / whole`, rounded half up. */
export const prorate = (unitCents: number, quantity: number, part: number, whole: number): number =>
  divideRoundHalfUp(BigInt(unitCents) * BigInt(quantity) * BigInt(part), BigInt(whole));

/** The coupon's share of an amount (percent off, rounded half up); 0 without a coupon. */
export const couponDiscount = (amountCents: number, percentOff: number | null): number =>
  percentOff && percentOff > 0 && amountCents > 0 ? prorate(amountCents, Math.min(percentOff, 100), 1, 100) : 0;

/**
 * The workspace's current period in unix seconds: [planStart, planEnd]. A plan row without an end
 * (written by other means: seeds, benchmarks) runs one period of its plan from its start.
 */
export const currentPeriod = (state: PlanState): { start: number; end: number } => {
  const start = toSeconds(state.planStart);
  const end = state.planEnd ? toSeconds(state.planEnd) : start + plans[planCodeOf(state.planCode)].periodDays * DAY_SECONDS;
  return { start, end };
};

/** Seconds of the period left at `at`, and the period's length (0, 0 when it has ended or has no length). */
const leftOfPeriod = (state: PlanState, at: number): { remaining: number; length: number } => {
  const { start, end } = currentPeriod(state);
  const length = end - start;
  if (length <= 0 || end <= at) return { remaining: 0, length: 0 };
  return { remaining: Math.min(end - at, length), length };
};

const requireKnownPlan = (planId: string): PlanCode => {
  if (!Object.hasOwn(plans, planId)) throw fail(Code.VALIDATION, 'plan_id: unknown plan');
  return planId as PlanCode;
};

const requireCents = (cents: number): number => {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > DB_INT_MAX) throw fail(Code.VALIDATION, TOO_LARGE_MESSAGE);
  return cents;
};

/**
 * A seat quote (SPEC §7 seat price): `quantity` seats on the workspace's current paid plan, from
 * `quoteAt` (unix seconds) to the end of its current period.
 */
export const quoteSeats = (state: PlanState, planId: string, quantity: number, quoteAt: number): SeatPrice => {
  const target = requireKnownPlan(planId);
  const current = planCodeOf(state.planCode);
  if (!isPaidPlan(current)) throw fail(Code.VALIDATION, SEATS_NEED_PAID_PLAN_MESSAGE);
  if (target !== current) throw fail(Code.VALIDATION, `plan_id: seats are bought on the workspace's current plan (${current})`);
  if (!Number.isSafeInteger(quantity) || quantity < MIN_SEATS_TO_ADD || quantity > MAX_SEATS_TO_ADD) {
    throw fail(Code.VALIDATION, `seat_quantity: from ${MIN_SEATS_TO_ADD} to ${MAX_SEATS_TO_ADD}`);
  }
  const { remaining, length } = leftOfPeriod(state, quoteAt);
  if (length === 0) throw fail(Code.VALIDATION, PERIOD_ENDED_MESSAGE);
  const unitAmount = plans[current].seatPriceCents;
  const subtotal = requireCents(prorate(unitAmount, quantity, remaining, length));
  const discount = couponDiscount(subtotal, state.couponPercentOff);
  return {
    total: subtotal - discount,
    subtotal,
    discount,
    unitAmount,
    currency: CURRENCY,
    prorationDate: quoteAt,
    periodEnd: currentPeriod(state).end,
  };
};

/**
 * An upgrade quote (SPEC §7 subscription preview): a whole new period of `planId` from `quoteAt`
 * for every seat the workspace keeps, less the unused part of its current paid period, less the
 * coupon. Nothing is due when the credit covers it.
 */
export const quoteUpgrade = (state: PlanState, planId: string, quoteAt: number): SubscriptionPreview => {
  const target = requireKnownPlan(planId);
  const current = planCodeOf(state.planCode);
  if (!isUpgrade(current, target)) throw fail(Code.VALIDATION, `plan_id: ${plans[target].name} is not an upgrade of ${plans[current].name}`);
  const seatsNow = seatLimit(current, state.extraSeats);
  const seats = Math.max(plans[target].seats, seatsNow);
  const subtotal = requireCents(prorate(plans[target].seatPriceCents, seats, 1, 1));
  const { remaining, length } = leftOfPeriod(state, quoteAt);
  const credit = isPaidPlan(current) && length > 0 ? requireCents(prorate(plans[current].seatPriceCents, seatsNow, remaining, length)) : 0;
  const discount = couponDiscount(Math.max(0, subtotal - credit), state.couponPercentOff);
  return {
    planCode: target,
    currentPlanCode: current,
    seats,
    subtotal,
    credit,
    discount,
    amountDue: Math.max(0, subtotal - credit - discount),
    currency: CURRENCY,
    prorationDate: quoteAt,
    periodEnd: quoteAt + plans[target].periodDays * DAY_SECONDS,
  };
};

/**
 * A payment's `prorationDate` (unix seconds) checked against the server's clock: at most
 * QUOTE_VALID_SECONDS old and QUOTE_FUTURE_SECONDS ahead, else VALIDATION (the client asks for the
 * price again). Returns the moment to price the payment at.
 */
export const quoteMoment = (prorationDate: number, now: Date): Date => {
  const nowSeconds = toSeconds(now);
  if (!Number.isSafeInteger(prorationDate) || prorationDate < nowSeconds - QUOTE_VALID_SECONDS || prorationDate > nowSeconds + QUOTE_FUTURE_SECONDS) {
    throw fail(Code.VALIDATION, PRICE_CHANGED_MESSAGE);
  }
  return new Date(prorationDate * 1000);
};

/** What the person reads on the checkout page: "2 seats, Pro", "Upgrade to Growth (yearly)". */
export const describePurchase = (purchase: { kind: 'seats' | 'plan'; planCode: string; seatQuantity: number | null }): string => {
  const plan = plans[planCodeOf(purchase.planCode)];
  if (purchase.kind === 'plan') return `Upgrade to ${plan.name}`;
  const n = purchase.seatQuantity ?? 0;
  return `${n} ${n === 1 ? 'seat' : 'seats'}, ${plan.name}`;
};
