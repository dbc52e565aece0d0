/**
 * The payment-issue survey and its offers (SPEC §4 payment-issue survey reasons, a 10% coupon,
 * alternate payment methods; First-run guidance guide type 13): the issue a failed payment opens,
 * who is guided to the survey and until when, one answer per person per issue, the answers listed
 * for the owner and managers, the coupon once per workspace and in the next price, the payment
 * method, and the retry of the failed purchase through the payment provider.
 *
 * World (tests/server/support/team-world.ts): workspace W on Pro with its owner, a manager and a
 * member; W2 with another owner. A failed payment is a failed checkout row and the workspace's
 * payment_issue_at, as the billing job writes them (server/billing/apply.ts); one test makes it
 * through the real flow (a declined sandbox card, its callback and the job).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutRequest, PaymentProvider } from '../../server/billing/provider';
import { paymentCheckouts, paymentSurveys, rateLimits, userSettings, workspaces } from '../../server/db/schema';
import { accountEndpoints } from '../../src/contract/account';
import { billingEndpoints } from '../../src/contract/billing';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { teamEndpoints } from '../../src/contract/team';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';
import { CLOCK_START, type TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });

beforeEach(async () => {
  // The world keeps people's settings and counters between tests: back to the first-run state.
  await t.db.update(userSettings).set({ guideType: 0 });
  await t.db.delete(rateLimits);
});

const DAY = 24 * 60 * 60 * 1000;
/** A moment later (sessions last an hour, so the tests move the clock by minutes, and the data by days). */
const LATER = 60_000;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

const call = async (name: keyof typeof billingEndpoints, who: Person, body: unknown = {}) => {
  const res = await t.post(billingEndpoints[name].path, body, { token: w.who[who].accessToken });
  return { ...res, value: camelKeys(res.data) as Record<string, unknown> };
};
const guideTypeOf = async (who: Person): Promise<number> => {
  const res = await t.post(accountEndpoints.guideType.path, {}, { token: w.who[who].accessToken });
  expect(res.code, res.message).toBe(Code.OK);
  return (res.data as { guide_type: number }).guide_type;
};

/** A failed checkout of the workspace, failing at `at` (the clock's now by default), and the issue it opens. */
const failPayment = async (
  workspaceId: string,
  options: { kind?: 'seats' | 'plan'; planCode?: string; seatQuantity?: number | null; message?: string | null; at?: Date; by?: Person } = {},
) => {
  const at = options.at ?? t.clock.now();
  const id = `chk_${randomUUID()}`;
  const kind = options.kind ?? 'seats';
  await t.db.insert(paymentCheckouts).values({
    id,
    workspaceId,
    createdBy: w.who[options.by ?? 'admin'].userId,
    kind,
    planCode: options.planCode ?? 'pro',
    seatQuantity: options.seatQuantity === undefined ? (kind === 'seats' ? 2 : 10) : options.seatQuantity,
    amountCents: 5000,
    currency: 'usd',
    prorationDate: new Date(at.getTime() - 60_000),
    paymentMethod: 'card',
    provider: 'sandbox',
    providerRef: `sbx_${id}`,
    status: 'failed',
    message: options.message === undefined ? 'Your card was declined.' : options.message,
    createdAt: new Date(at.getTime() - 60_000),
    completedAt: at,
  });
  await t.db.update(workspaces).set({ paymentIssueAt: at }).where(eq(workspaces.id, workspaceId));
  return id;
};

/** The workspace's Pro period began `days` ago (30 days long): seats are prorated to what is left. */
const intoPeriod = async (workspaceId: string, days: number) => {
  const planStart = new Date(t.clock.now().getTime() - days * DAY);
  await t.db.update(workspaces).set({ planStart, planEnd: new Date(planStart.getTime() + 30 * DAY) }).where(eq(workspaces.id, workspaceId));
};

const workspaceRow = async (id: string) => (await t.db.select().from(workspaces).where(eq(workspaces.id, id)))[0]!;

describe('the payment issue', () => {
  it('no failed payment: nothing open, the coupon still to take, the card method', async () => {
    const res = await call('paymentIssue', 'admin');
    expect(res.code).toBe(Code.OK);
    expect(res.value).toEqual({
      open: false,
      checkoutId: null,
      kind: null,
      planCode: null,
      seatQuantity: null,
      failedAt: null,
      message: null,
      couponAvailable: true,
      couponPercentOff: null,
      paymentMethod: 'card',
    });
  });

  it('after a failed payment: open, about the latest failed checkout (not a later paid one)', async () => {
    await failPayment(w.W, { kind: 'plan', planCode: 'growth', message: 'Insufficient funds.', at: new Date(CLOCK_START.getTime() - DAY) });
    const latest = await failPayment(w.W, { seatQuantity: 3, message: 'Your card was declined.' });
    // A later checkout that was paid, and a failure in another workspace, are not this issue.
    await t.db.insert(paymentCheckouts).values({
      id: 'chk_paid_later',
      workspaceId: w.W,
      kind: 'seats',
      planCode: 'pro',
      seatQuantity: 1,
      amountCents: 2500,
      currency: 'usd',
      prorationDate: CLOCK_START,
      paymentMethod: 'card',
      provider: 'sandbox',
      status: 'paid',
      createdAt: new Date(CLOCK_START.getTime() + 1000),
      completedAt: new Date(CLOCK_START.getTime() + 2000),
    });
    await failPayment(w.W2, { message: 'W2 declined', at: new Date(CLOCK_START.getTime() + 5000), by: 'otherAdmin' });
    for (const who of ['admin', 'manager'] as const) {
      const res = await call('paymentIssue', who);
      expect(res.value).toEqual({
        open: true,
        checkoutId: latest,
        kind: 'seats',
        planCode: 'pro',
        seatQuantity: 3,
        failedAt: seconds(CLOCK_START),
        message: 'Your card was declined.',
        couponAvailable: true,
        couponPercentOff: null,
        paymentMethod: 'card',
      });
    }
  });

  it('a declined sandbox card opens the issue through the real flow (checkout page, signed callback, job)', async () => {
    await intoPeriod(w.W, 10);
    const price = await call('seatPrice', 'admin', { plan_id: 'pro', seat_quantity: 2 });
    expect(price.code, price.message).toBe(Code.OK);
    const pay = await call('seatPayment', 'admin', { plan_id: 'pro', seat_quantity: 2, proration_date: price.value.prorationDate });
    expect(pay.code, pay.message).toBe(Code.OK);
    const checkoutId = pay.value.checkoutId as string;
    expect(await guideTypeOf('admin')).toBe(0);
    // The sandbox's page declines its failing test card and delivers its signed callback; the job applies it.
    const page = new URL(pay.value.url as string);
    const declined = await t.request('POST', page.pathname, {
      raw: new URLSearchParams({ card: '4000 0000 0000 0002', expiry: '12/34', cvc: '123', action: 'pay' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(declined.status).toBe(303);
    await t.runJobs();
    expect([await guideTypeOf('admin'), await guideTypeOf('manager'), await guideTypeOf('member')]).toEqual([13, 13, 0]);
    expect((await call('paymentIssue', 'admin')).value).toMatchObject({
      open: true,
      checkoutId,
      kind: 'seats',
      planCode: 'pro',
      seatQuantity: 2,
      failedAt: seconds(t.clock.now()),
      message: 'Your card was declined.',
    });
  });
});

describe('guide type 13 (first-run guidance opens the survey)', () => {
  it('the owner and managers get 13 while the issue is open and they have not answered; members never; others keep their stored type', async () => {
    await t.db.update(userSettings).set({ guideType: 5 }).where(eq(userSettings.userId, w.who.member.userId));
    await t.db.update(userSettings).set({ guideType: 7 }).where(eq(userSettings.userId, w.who.manager.userId));
    expect([await guideTypeOf('admin'), await guideTypeOf('manager'), await guideTypeOf('member')]).toEqual([0, 7, 5]);

    await failPayment(w.W);
    expect([await guideTypeOf('admin'), await guideTypeOf('manager'), await guideTypeOf('member'), await guideTypeOf('otherAdmin')]).toEqual([13, 13, 5, 0]);

    // The owner answers: the owner's guidance ends; the manager's stays until they answer too.
    t.clock.advance(1000);
    expect((await call('surveySubmit', 'admin', { reason: 1 })).code).toBe(Code.OK);
    expect([await guideTypeOf('admin'), await guideTypeOf('manager')]).toEqual([0, 13]);
    expect((await call('surveySubmit', 'manager', { reason: 2 })).code).toBe(Code.OK);
    expect([await guideTypeOf('admin'), await guideTypeOf('manager')]).toEqual([0, 7]);

    // A later failure opens a new issue: both are asked again.
    t.clock.advance(LATER);
    await failPayment(w.W);
    expect([await guideTypeOf('admin'), await guideTypeOf('manager'), await guideTypeOf('member')]).toEqual([13, 13, 5]);

    // A payment that succeeds closes the issue (the billing job clears payment_issue_at).
    await t.db.update(workspaces).set({ paymentIssueAt: null }).where(eq(workspaces.id, w.W));
    expect([await guideTypeOf('admin'), await guideTypeOf('manager')]).toEqual([0, 7]);
  });

  it('an answer made before the issue opened does not count', async () => {
    await failPayment(w.W, { at: CLOCK_START });
    await call('surveySubmit', 'admin', { reason: 3 });
    t.clock.advance(LATER);
    await failPayment(w.W);
    expect(await guideTypeOf('admin')).toBe(13);
  });

  it('a member promoted to manager is guided too; a manager demoted to member no longer', async () => {
    await failPayment(w.W);
    expect(await guideTypeOf('member')).toBe(0);
    const promote = await t.post(teamEndpoints.userLevelUpdate.path, { user_level: 'manager', user_id: w.who.member.userId, workspace_id: w.W }, { token: w.who.admin.accessToken });
    expect(promote.code, promote.message).toBe(Code.OK);
    expect(await guideTypeOf('member')).toBe(13);
    const demote = await t.post(teamEndpoints.userLevelUpdate.path, { user_level: 'member', user_id: w.who.manager.userId, workspace_id: w.W }, { token: w.who.admin.accessToken });
    expect(demote.code, demote.message).toBe(Code.OK);
    expect(await guideTypeOf('manager')).toBe(0);
  });
});

describe('answering the survey', () => {
  const answers = () => t.db.select().from(paymentSurveys).orderBy(paymentSurveys.createdAt);

  it('stores the reason, the trimmed note, the failed checkout and the person; a second answer to the same issue changes nothing', async () => {
    const checkoutId = await failPayment(w.W);
    t.clock.advance(1000);
    const res = await call('surveySubmit', 'manager', { reason: 2, note: '   Our bank card is not accepted.  \n' });
    expect(res.code, res.message).toBe(Code.OK);
    expect(res.data).toBeNull();
    const [stored, ...rest] = await answers();
    expect(rest).toEqual([]);
    expect(stored).toMatchObject({ workspaceId: w.W, userId: w.who.manager.userId, checkoutId, reason: 2, note: 'Our bank card is not accepted.', createdAt: t.clock.now() });

    t.clock.advance(1000);
    const again = await call('surveySubmit', 'manager', { reason: 4, note: 'changed my mind' });
    expect(again.code).toBe(Code.OK);
    expect(await answers()).toEqual([stored]);
  });

  it('an empty or blank note is no note; 500 characters are taken, 501 refused', async () => {
    await failPayment(w.W);
    expect((await call('surveySubmit', 'admin', { reason: 1, note: '   ' })).code).toBe(Code.OK);
    expect((await answers())[0]!.note).toBeNull();
    expect((await call('surveySubmit', 'manager', { reason: 4, note: ` ${'é'.repeat(500)} ` })).code).toBe(Code.OK);
    expect((await answers())[1]!.note).toBe('é'.repeat(500));
    await t.db.delete(paymentSurveys);
    const tooLong = await call('surveySubmit', 'admin', { reason: 4, note: 'x'.repeat(501) });
    expect(tooLong.code).toBe(Code.VALIDATION);
    expect(await answers()).toEqual([]);
  });

  it('a reason outside 1 to 4, or not a number, is refused and nothing is stored', async () => {
    await failPayment(w.W);
    for (const reason of [0, 5, '1', 1.5, null, undefined]) {
      const res = await call('surveySubmit', 'admin', reason === undefined ? {} : { reason });
      expect(res.code, `reason ${String(reason)}`).toBe(Code.VALIDATION);
    }
    expect(await answers()).toEqual([]);
  });

  it('without an open issue there is nothing to answer', async () => {
    const res = await call('surveySubmit', 'admin', { reason: 1 });
    expect([res.code, res.message]).toEqual([Code.VALIDATION, 'There is no failed payment']);
    expect(await answers()).toEqual([]);
  });
});

describe('the answers, for the owner and managers', () => {
  it('newest first, with the answering person’s email, this workspace’s only, at most 50', async () => {
    await failPayment(w.W);
    await failPayment(w.W2, { by: 'otherAdmin' });
    t.clock.advance(1000);
    await call('surveySubmit', 'manager', { reason: 2, note: 'first' });
    t.clock.advance(1000);
    await call('surveySubmit', 'admin', { reason: 1, note: 'second' });
    t.clock.advance(1000);
    await call('surveySubmit', 'otherAdmin', { reason: 3, note: 'W2 answer' });

    const list = (await call('surveyList', 'manager')).value.list as Record<string, unknown>[];
    expect(list.map(({ id: _id, ...rest }) => rest)).toEqual([
      { reason: 1, note: 'second', email: w.who.admin.email, createdAt: seconds(CLOCK_START) + 2 },
      { reason: 2, note: 'first', email: w.who.manager.email, createdAt: seconds(CLOCK_START) + 1 },
    ]);
    expect(((await call('surveyList', 'otherAdmin')).value.list as { note: string }[]).map((a) => a.note)).toEqual(['W2 answer']);

    // Older issues' answers are kept; the list shows the newest 50.
    await t.db.insert(paymentSurveys).values(
      Array.from({ length: 60 }, (_, i) => ({ id: `old-${i}`, workspaceId: w.W, userId: w.who.admin.userId, reason: 4, note: `old ${i}`, createdAt: new Date(CLOCK_START.getTime() - (i + 1) * DAY) })),
    );
    const full = (await call('surveyList', 'admin')).value.list as { note: string }[];
    expect(full).toHaveLength(50);
    expect(full.slice(0, 3).map((a) => a.note)).toEqual(['second', 'first', 'old 0']);
    expect(full[49]!.note).toBe('old 47');
  });
});

describe('the coupon', () => {
  it('taken once per workspace: 10% off, then "already used"', async () => {
    await failPayment(w.W);
    const taken = await call('couponApply', 'manager');
    expect(taken.code, taken.message).toBe(Code.OK);
    expect(taken.value).toEqual({ percentOff: 10 });
    expect(await workspaceRow(w.W)).toMatchObject({ couponPercentOff: 10, couponTakenAt: t.clock.now() });
    expect((await call('paymentIssue', 'admin')).value).toMatchObject({ couponAvailable: false, couponPercentOff: 10 });

    const again = await call('couponApply', 'admin');
    expect([again.code, again.message]).toEqual([Code.VALIDATION, 'The coupon has already been used']);
    // Used up by a payment (percent cleared), it still cannot be taken again.
    await t.db.update(workspaces).set({ couponPercentOff: null }).where(eq(workspaces.id, w.W));
    t.clock.advance(LATER);
    await failPayment(w.W);
    expect((await call('couponApply', 'admin')).message).toBe('The coupon has already been used');
    expect((await call('paymentIssue', 'admin')).value).toMatchObject({ couponAvailable: false, couponPercentOff: null });
    // Another workspace's coupon is its own.
    await failPayment(w.W2, { by: 'otherAdmin' });
    expect((await call('couponApply', 'otherAdmin')).code).toBe(Code.OK);
  });

  it('is offered with a failed payment only', async () => {
    const res = await call('couponApply', 'admin');
    expect([res.code, res.message]).toEqual([Code.VALIDATION, 'There is no failed payment']);
    expect(await workspaceRow(w.W)).toMatchObject({ couponPercentOff: null, couponTakenAt: null });
  });

  it('lowers the next seat price by 10% (rounded half up), in cents', async () => {
    await failPayment(w.W);
    // Ten days into Pro's 30-day period: 2 seats × $25 × 20/30 = 3333 cents.
    await intoPeriod(w.W, 10);
    const before = await call('seatPrice', 'admin', { plan_id: 'pro', seat_quantity: 2 });
    expect(before.code, before.message).toBe(Code.OK);
    expect(before.value).toMatchObject({ subtotal: 3333, discount: 0, total: 3333 });
    await call('couponApply', 'admin');
    t.clock.advance(PRICE_GAP_MS);
    const after = await call('seatPrice', 'admin', { plan_id: 'pro', seat_quantity: 2 });
    expect(after.value).toMatchObject({ subtotal: 3333, discount: 333, total: 3000 });
  });
});

/** Past the seat price's throttle (SPEC §9: once per 3 s). */
const PRICE_GAP_MS = 3_001;

describe('the payment method', () => {
  it('is saved for the workspace and offered by the issue', async () => {
    for (const method of ['bank', 'wallet', 'card'] as const) {
      const res = await call('paymentMethodSave', 'manager', { method });
      expect(res.code, res.message).toBe(Code.OK);
      expect((await workspaceRow(w.W)).paymentMethod).toBe(method);
      expect((await call('paymentIssue', 'admin')).value.paymentMethod).toBe(method);
    }
    expect((await workspaceRow(w.W2)).paymentMethod).toBe('card');
  });

  it('an unknown method is refused', async () => {
    for (const method of ['paypal', '', 1, null]) {
      expect((await call('paymentMethodSave', 'admin', { method })).code).toBe(Code.VALIDATION);
    }
    expect((await workspaceRow(w.W)).paymentMethod).toBe('card');
  });
});

describe('retrying the failed payment', () => {
  /** A provider that opens checkouts and keeps what it was asked. */
  const recordingProvider = () => {
    const asked: CheckoutRequest[] = [];
    const provider: PaymentProvider = {
      name: 'sandbox',
      createCheckout: async (request) => {
        asked.push(request);
        return { providerRef: `ref_${request.checkoutId}`, url: `https://pay.example/${request.checkoutId}` };
      },
      verifyCallback: async () => {
        throw new Error('not used');
      },
    };
    return { asked, provider };
  };

  it('without an open issue there is nothing to retry', async () => {
    const { asked, provider } = recordingProvider();
    t.rebuild({ payments: provider });
    const res = await call('paymentIssueRetry', 'admin');
    expect([res.code, res.message]).toEqual([Code.VALIDATION, 'There is no failed payment']);
    expect(asked).toEqual([]);
  });

  it('buys the failed seats again on the current plan, priced now, with the coupon and the saved method', async () => {
    const { asked, provider } = recordingProvider();
    t.rebuild({ payments: provider });
    await failPayment(w.W, { seatQuantity: 2, planCode: 'starter' });
    await intoPeriod(w.W, 10);
    await call('couponApply', 'admin');
    await call('paymentMethodSave', 'admin', { method: 'bank' });
    const res = await call('paymentIssueRetry', 'manager');
    expect(res.code, res.message).toBe(Code.OK);
    expect(asked).toHaveLength(1);
    const request = asked[0]!;
    expect(res.value).toEqual({ success: false, url: `https://pay.example/${request.checkoutId}`, checkoutId: request.checkoutId });
    expect(request).toMatchObject({ kind: 'seats', subtotalCents: 3333, discountCents: 333, amountCents: 3000, couponPercentOff: 10, paymentMethod: 'bank', customerEmail: w.who.manager.email, workspaceId: w.W });
    const [row] = await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, request.checkoutId));
    // W is on Pro now: the seats are priced on Pro, whatever plan the failed checkout had.
    expect(row).toMatchObject({ kind: 'seats', planCode: 'pro', seatQuantity: 2, status: 'pending', createdBy: w.who.manager.userId });
  });

  it('is rate-limited per account like the other payments', async () => {
    const { asked, provider } = recordingProvider();
    await t.db.delete(rateLimits);
    t.rebuild({ payments: provider, config: { rateLimits: { ...t.config.rateLimits, paymentUser: { limit: 1, windowSeconds: 600 } } } });
    await failPayment(w.W);
    expect((await call('paymentIssueRetry', 'admin')).code).toBe(Code.OK);
    t.clock.advance(PRICE_GAP_MS);
    expect((await call('paymentIssueRetry', 'admin')).code).toBe(Code.RATE_LIMITED);
    expect(asked).toHaveLength(1);
  });
});
