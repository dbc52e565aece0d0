/**
 * Prices (SPEC §7 seat price, subscription preview; §9 money in integer cents): the pure pricing
 * functions of server/billing/pricing.ts (rounding half up, proration to the second, the coupon,
 * an upgrade's credit, the quote's age), then the same rules through the API: bad quantities,
 * plan ids and proration dates get VALIDATION and write nothing. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  couponDiscount,
  DAY_SECONDS,
  divideRoundHalfUp,
  PERIOD_ENDED_MESSAGE,
  PRICE_CHANGED_MESSAGE,
  prorate,
  quoteMoment,
  quoteSeats,
  quoteUpgrade,
  SEATS_NEED_PAID_PLAN_MESSAGE,
  type PlanState,
} from '../../server/billing/pricing';
import { workspaces } from '../../server/db/schema';
import { ApiFailure } from '../../server/http/respond';
import { endpointsByName as endpoints, type EndpointName } from '../../src/contract/all-endpoints';
import { QUOTE_VALID_SECONDS } from '../../src/contract/billing';
import { Code } from '../../src/contract/codes';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';
import type { TestApp } from './support/test-app';

const START = Date.UTC(2025, 0, 1) / 1000;
const MONTH = 30 * DAY_SECONDS;
const YEAR = 365 * DAY_SECONDS;

const state = (planCode: string, over: Partial<PlanState> & { periodSeconds?: number } = {}): PlanState => ({
  planCode,
  planStart: new Date(START * 1000),
  planEnd: new Date((START + (over.periodSeconds ?? MONTH)) * 1000),
  extraSeats: 0,
  couponPercentOff: null,
  ...over,
});

/** The refusal a call throws: its code and message. */
const refusal = (run: () => unknown): { code: number; message: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiFailure) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

const allIntegers = (value: Record<string, unknown>) => {
  for (const [key, v] of Object.entries(value)) if (typeof v === 'number') expect(Number.isInteger(v), key).toBe(true);
};

describe('rounding (integer cents, half up)', () => {
  it('divides exactly and rounds halves up, never down', () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3);
    expect(divideRoundHalfUp(7n, 2n)).toBe(4);
    expect(divideRoundHalfUp(4n, 2n)).toBe(2);
    expect(divideRoundHalfUp(1n, 3n)).toBe(0);
    expect(divideRoundHalfUp(2n, 3n)).toBe(1);
    expect(divideRoundHalfUp(0n, 9n)).toBe(0);
    expect(() => divideRoundHalfUp(-1n, 2n)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });

  it('prorates exactly where the product passes 2^53 (a million yearly Growth seats for a year less a second)', () => {
    expect(prorate(43_200, 500, YEAR, YEAR)).toBe(21_600_000);
    expect(43_200 * 1_000_000 * (YEAR - 1)).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(prorate(43_200, 1_000_000, YEAR - 1, YEAR)).toBe(43_199_998_630);
  });

  it('a half cent goes up: 2592 s of a 30-day Pro seat is 2.5 cents -> 3; 2591 s is 2.4994 -> 2', () => {
    expect(prorate(2500, 1, 2592, MONTH)).toBe(3);
    expect(prorate(2500, 1, 2591, MONTH)).toBe(2);
    const q = quoteSeats(state('pro'), 'pro', 1, START + MONTH - 2592);
    expect(q).toMatchObject({ subtotal: 3, total: 3, discount: 0 });
  });

  it('the coupon is a percentage of the amount, rounded half up', () => {
    expect(couponDiscount(2505, 10)).toBe(251);
    expect(couponDiscount(2504, 10)).toBe(250);
    expect(couponDiscount(2505, null)).toBe(0);
    expect(couponDiscount(0, 10)).toBe(0);
  });
});

describe('seat quotes', () => {
  it('a whole period: seat price times seats; every amount an integer', () => {
    const q = quoteSeats(state('pro'), 'pro', 2, START);
    expect(q).toEqual({ total: 5000, subtotal: 5000, discount: 0, unitAmount: 2500, currency: 'usd', prorationDate: START, periodEnd: START + MONTH });
    allIntegers(q);
  });

  it('half the period left: half the price; a yearly plan prorates over its year', () => {
    expect(quoteSeats(state('pro'), 'pro', 3, START + MONTH / 2).total).toBe(3750);
    expect(quoteSeats(state('growth_yearly', { periodSeconds: YEAR }), 'growth_yearly', 1, START + YEAR / 4).total).toBe(32_400);
  });

  it('1 second left: a fraction of a cent (0, or 1 when it reaches half a cent)', () => {
    expect(quoteSeats(state('pro'), 'pro', 1, START + MONTH - 1)).toMatchObject({ subtotal: 0, total: 0 });
    // 43200 × 500 / 31,536,000 = 0.68 cents.
    expect(quoteSeats(state('growth_yearly', { periodSeconds: YEAR }), 'growth_yearly', 500, START + YEAR - 1)).toMatchObject({ subtotal: 1, total: 1 });
  });

  it('the workspace’s coupon comes off: 10% of 2505 is 251 (half up)', () => {
    expect(quoteSeats(state('pro', { couponPercentOff: 10 }), 'pro', 1, START)).toMatchObject({ subtotal: 2500, discount: 250, total: 2250 });
    // A 30-day Growth seat is 4500 cents, 1 cent per 576 s: 1,442,880 s left is 2505 cents.
    const q = quoteSeats(state('growth', { couponPercentOff: 10 }), 'growth', 1, START + MONTH - 1_442_880);
    expect(q).toMatchObject({ subtotal: 2505, discount: 251, total: 2254 });
    allIntegers(q);
  });

  it('a plan row without an end runs one period of its plan from its start', () => {
    expect(quoteSeats(state('pro', { planEnd: null }), 'pro', 1, START)).toMatchObject({ total: 2500, periodEnd: START + MONTH });
  });

  it('refuses trial and free, another plan than the current one, an unknown plan, an ended period, a bad quantity', () => {
    for (const code of ['trial', 'free', 'unknown-plan']) {
      expect(refusal(() => quoteSeats(state(code), 'pro', 1, START))).toEqual({ code: Code.VALIDATION, message: SEATS_NEED_PAID_PLAN_MESSAGE });
    }
    expect(refusal(() => quoteSeats(state('pro'), 'growth', 1, START)).code).toBe(Code.VALIDATION);
    expect(refusal(() => quoteSeats(state('pro'), 'platinum', 1, START))).toEqual({ code: Code.VALIDATION, message: 'plan_id: unknown plan' });
    expect(refusal(() => quoteSeats(state('pro'), 'pro', 1, START + MONTH))).toEqual({ code: Code.VALIDATION, message: PERIOD_ENDED_MESSAGE });
    expect(refusal(() => quoteSeats(state('pro'), 'pro', 1, START + MONTH + 5)).message).toBe(PERIOD_ENDED_MESSAGE);
    for (const quantity of [0, 501, 1.5, -1, Number.NaN]) {
      expect(refusal(() => quoteSeats(state('pro'), 'pro', quantity, START)).code, String(quantity)).toBe(Code.VALIDATION);
    }
  });
});

describe('upgrade quotes', () => {
  it('from the trial: a whole period of the new plan for its seats, nothing to credit', () => {
    const q = quoteUpgrade(state('trial', { periodSeconds: 14 * DAY_SECONDS }), 'pro', START + DAY_SECONDS);
    expect(q).toEqual({
      planCode: 'pro',
      currentPlanCode: 'trial',
      seats: 10,
      subtotal: 25_000,
      credit: 0,
      discount: 0,
      amountDue: 25_000,
      currency: 'usd',
      prorationDate: START + DAY_SECONDS,
      periodEnd: START + DAY_SECONDS + MONTH,
    });
    allIntegers(q);
  });

  it('from a paid plan: the unused part of its period is credited; the coupon comes off what is left', () => {
    expect(quoteUpgrade(state('pro'), 'growth', START)).toMatchObject({ seats: 50, subtotal: 225_000, credit: 25_000, discount: 0, amountDue: 200_000 });
    expect(quoteUpgrade(state('pro', { couponPercentOff: 10 }), 'growth', START + MONTH / 2)).toMatchObject({
      subtotal: 225_000,
      credit: 12_500,
      discount: 21_250,
      amountDue: 191_250,
    });
  });

  it('keeps every seat the workspace has (bought ones included) when it has more than the new plan includes', () => {
    expect(quoteUpgrade(state('pro', { extraSeats: 45 }), 'growth', START)).toMatchObject({ seats: 55, subtotal: 247_500, credit: 55 * 2500 });
    expect(quoteUpgrade(state('starter', { extraSeats: 2 }), 'pro', START)).toMatchObject({ seats: 10 });
  });

  it('a credit bigger than the new plan’s price: nothing due, no discount', () => {
    const q = quoteUpgrade(state('pro_yearly', { periodSeconds: YEAR, couponPercentOff: 10 }), 'growth', START);
    expect(q).toMatchObject({ subtotal: 225_000, credit: 240_000, discount: 0, amountDue: 0 });
  });

  it('an ended paid period leaves nothing to credit', () => {
    expect(quoteUpgrade(state('pro'), 'growth', START + MONTH + 1)).toMatchObject({ credit: 0, amountDue: 225_000 });
  });

  it('refuses what is not an upgrade (lower tier, same plan, free plans, yearly to monthly) and unknown plans', () => {
    for (const [from, to] of [
      ['pro', 'starter'],
      ['pro', 'pro'],
      ['pro', 'trial'],
      ['pro', 'free'],
      ['pro_yearly', 'pro'],
      ['growth_yearly', 'growth'],
    ] as const) {
      expect(refusal(() => quoteUpgrade(state(from), to, START)).code, `${from} -> ${to}`).toBe(Code.VALIDATION);
    }
    expect(refusal(() => quoteUpgrade(state('pro'), 'platinum', START)).message).toBe('plan_id: unknown plan');
    expect(quoteUpgrade(state('pro'), 'pro_yearly', START).amountDue).toBe(240_000 - 25_000);
  });
});

describe('the quote’s moment (proration_date)', () => {
  const now = new Date(START * 1000);
  it('takes a quote up to QUOTE_VALID_SECONDS old and up to 60 s ahead', () => {
    expect(quoteMoment(START, now).getTime()).toBe(START * 1000);
    expect(quoteMoment(START - QUOTE_VALID_SECONDS, now).getTime()).toBe((START - QUOTE_VALID_SECONDS) * 1000);
    expect(quoteMoment(START + 60, now).getTime()).toBe((START + 60) * 1000);
  });

  it('refuses a quote 31 minutes old, or more than 60 s in the future', () => {
    for (const at of [START - 31 * 60, START - QUOTE_VALID_SECONDS - 1, START + 61, 0]) {
      expect(refusal(() => quoteMoment(at, now)), String(at)).toEqual({ code: Code.VALIDATION, message: PRICE_CHANGED_MESSAGE });
    }
  });
});

// ---------------------------------------------------------------- through the API

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });

const call = (name: EndpointName, who: Person, body: unknown) => t.post(endpoints[name].path, body, { token: w.who[who].accessToken });
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

describe('seat price and payment through the API', () => {
  it('answers the server’s price in integer cents, and the payment at that quote opens a checkout', async () => {
    const price = await call('seatPrice', 'admin', { plan_id: 'pro', seat_quantity: 2 });
    expect(price.code, price.message).toBe(Code.OK);
    expect(price.data).toMatchObject({ total: 5000, subtotal: 5000, discount: 0, unit_amount: 2500, proration_date: nowSeconds() });
    allIntegers(price.data as Record<string, unknown>);
    t.clock.advance(29 * 60 * 1000);
    const pay = await call('seatPayment', 'admin', { plan_id: 'pro', seat_quantity: 2, proration_date: nowSeconds() - 29 * 60 });
    expect(pay.code, pay.message).toBe(Code.OK);
    expect(pay.data).toMatchObject({ success: false, url: expect.stringContaining('/pay/sandbox/checkout/sbx_') });
    // Priced at the quote's moment: what the person was shown.
    expect(await t.count('paymentCheckouts')).toBe(1);
  });

  it('refuses bad quantities, plan ids and proration dates with VALIDATION, writing nothing', async () => {
    const at = nowSeconds();
    const bad: [EndpointName, Record<string, unknown>][] = [
      ['seatPrice', { plan_id: 'pro', seat_quantity: 0 }],
      ['seatPrice', { plan_id: 'pro', seat_quantity: 501 }],
      ['seatPrice', { plan_id: 'pro', seat_quantity: 1.5 }],
      ['seatPrice', { plan_id: 'pro', seat_quantity: '2' }],
      ['seatPrice', { plan_id: 'pro', seat_quantity: null }],
      ['seatPrice', { plan_id: 'pro' }],
      ['seatPrice', { plan_id: 'platinum', seat_quantity: 1 }],
      ['seatPrice', { plan_id: 'growth', seat_quantity: 1 }],
      ['seatPrice', { plan_id: 7, seat_quantity: 1 }],
      ['seatPayment', { plan_id: 'pro', seat_quantity: 0, proration_date: at }],
      ['seatPayment', { plan_id: 'pro', seat_quantity: 501, proration_date: at }],
      ['seatPayment', { plan_id: 'pro', seat_quantity: 1.5, proration_date: at }],
      ['seatPayment', { plan_id: 'pro', seat_quantity: '2', proration_date: at }],
      ['seatPayment', { plan_id: 'pro', seat_quantity: null, proration_date: at }],
      ['seatPayment', { plan_id: 'growth', seat_quantity: 1, proration_date: at }],
      ['seatPayment', { plan_id: 'unknown', seat_quantity: 1, proration_date: at }],
      ['seatPayment', { plan_id: 'pro', seat_quantity: 1 }],
      ['seatPayment', { plan_id: 'pro', seat_quantity: 1, proration_date: String(at) }],
      ['seatPayment', { plan_id: 'pro', seat_quantity: 1, proration_date: at + 0.5 }],
      ['seatPayment', { plan_id: 'pro', seat_quantity: 1, proration_date: -1 }],
      ['subscriptionPreview', { plan_id: 'starter' }],
      ['subscriptionPreview', { plan_id: 'pro' }],
      ['subscriptionPreview', { plan_id: 'nope' }],
      ['subscriptionUpdate', { plan_id: 'starter', proration_date: at }],
      ['subscriptionUpdate', { plan_id: 'growth' }],
    ];
    for (const [name, body] of bad) {
      const res = await call(name, 'admin', body);
      expect(res.code, `${name} ${JSON.stringify(body)}: ${res.message}`).toBe(Code.VALIDATION);
    }
    expect(await t.count('paymentCheckouts')).toBe(0);
  });

  it('refuses a payment whose quote is 31 minutes old, or in the future: “The price has changed”', async () => {
    const now = nowSeconds();
    for (const at of [now - 31 * 60, now + 120]) {
      for (const [name, body] of [
        ['seatPayment', { plan_id: 'pro', seat_quantity: 1, proration_date: at }],
        ['subscriptionUpdate', { plan_id: 'growth', proration_date: at }],
      ] as const) {
        const res = await call(name, 'admin', body);
        expect(res.code).toBe(Code.VALIDATION);
        expect(res.message).toBe(PRICE_CHANGED_MESSAGE);
      }
    }
    expect(await t.count('paymentCheckouts')).toBe(0);
  });

  it('on the trial, seats are refused with “upgrade first”; the upgrade preview prices the whole new period', async () => {
    await t.db.update(workspaces).set({ planCode: 'trial', planEnd: new Date(t.clock.now().getTime() + 14 * DAY_SECONDS * 1000) }).where(eq(workspaces.id, w.W));
    const seats = await call('seatPrice', 'manager', { plan_id: 'trial', seat_quantity: 1 });
    expect(seats.code).toBe(Code.VALIDATION);
    expect(seats.message).toBe(SEATS_NEED_PAID_PLAN_MESSAGE);
    const preview = await call('subscriptionPreview', 'manager', { plan_id: 'growth_yearly' });
    expect(preview.code, preview.message).toBe(Code.OK);
    expect(preview.data).toMatchObject({ plan_code: 'growth_yearly', current_plan_code: 'trial', seats: 50, subtotal: 2_160_000, credit: 0, amount_due: 2_160_000 });
    allIntegers(preview.data as Record<string, unknown>);
  });
});
