/**
 * Add seats (SPEC §2, §4 Add seats, §5 seats minimum 1, §7 seat price and seat payment, §8 seat
 * price failure shows the server message, §9 price and pay once per 3 s).
 *
 * 1. Generated paths (the timers are events here: `xstate.after.<delay>.<state>`): every state and
 *    transition reached, each step running exactly its effects: a price call for a valid quantity
 *    when no call started in the last 3 s, else none until the window opens (then one, for the
 *    last quantity); none for an invalid quantity; Pay unchecked shakes and calls nothing; Pay
 *    checked, priced and outside the 3 s window pays with the quote's quantity and prorationDate;
 *    a checkout page opens and its status is asked at each tick; paid announces the seats; a
 *    refused or failed payment and a checkout that ended unpaid price again.
 * 2. The flow with its real effects on a fake API, under a parent, on XState's SimulatedClock:
 *    the throttle (two quantities within 3 s: one call, for the last), the cancellation (the call
 *    under way for an older quantity is aborted and its answer never shows), the checkbox's shake,
 *    a payment done at once, a checkout followed to paid, a declined card's message, a refusal's
 *    message and the second Pay within 3 s that does nothing.
 */
import { SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { EndpointName } from '../../src/contract/all-endpoints';
import { Code } from '../../src/contract/codes';
import type { ApiClient } from '../../src/services/api/client';
import { seatPurchaseMachine } from '../../src/machines/seat-purchase.machine';
import { seatPurchaseEffects } from '../../src/services/actors/seat-purchase';
import { fakeFlowServices } from '../support/fake-api';
import { flush, hostChild } from '../support/fakes';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';
import { failResult, okResult } from '../ui/harness';

const PLAN = 'starter' as const;
/** A price as the server answers it (integer cents). */
const PRICE = { total: 2700, subtotal: 3000, discount: 300, unitAmount: 1500, currency: 'usd', prorationDate: 1_750_000_000, periodEnd: 1_752_000_000 };
/** The price of 3 seats as the flow keeps it (with the quantity it was asked for). */
const QUOTE = { ...PRICE, quantity: 3 };
const CHECKOUT_URL = 'https://pay.example.test/checkout/c1';
const status = (s: 'pending' | 'paid' | 'failed' | 'canceled' | 'expired', message: string | null = null) => ({
  ok: true,
  data: { checkoutId: 'c1', kind: 'seats', status: s, planCode: PLAN, seatQuantity: 3, amount: 2700, currency: 'usd', message },
});
const failure = new Error('Network error');

const events: PathEvent[] = [
  { type: 'user.quantity', value: '3' },
  { type: 'user.quantity', value: '0' },
  { type: 'user.confirm', checked: true },
  { type: 'user.confirm', checked: false },
  { type: 'user.pay' },
  { type: 'user.retry' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  { type: 'xstate.done.actor.priceQuote', output: { ok: true, data: QUOTE } },
  { type: 'xstate.done.actor.priceQuote', output: { ok: false, code: Code.VALIDATION, message: 'This plan has no seats to buy' } },
  { type: 'xstate.error.actor.priceQuote', error: failure },
  { type: 'xstate.after.priceThrottle.seatPurchase.open.priceWindow.closed' },
  { type: 'xstate.after.payThrottle.seatPurchase.open.payWindow.closed' },
  { type: 'xstate.after.shakeDuration.seatPurchase.open.step.choosing.attention.shaking' },
  { type: 'xstate.after.checkoutPoll.seatPurchase.open.step.following.waiting' },
  { type: 'xstate.done.actor.payForSeats', output: { ok: true, data: { success: true, url: null, checkoutId: null } } },
  { type: 'xstate.done.actor.payForSeats', output: { ok: true, data: { success: false, url: CHECKOUT_URL, checkoutId: 'c1' } } },
  { type: 'xstate.done.actor.payForSeats', output: { ok: false, code: Code.VALIDATION, message: 'The price has changed, please check it again' } },
  { type: 'xstate.error.actor.payForSeats', error: failure },
  { type: 'xstate.done.actor.checkoutStatus', output: status('pending') },
  { type: 'xstate.done.actor.checkoutStatus', output: status('paid') },
  { type: 'xstate.done.actor.checkoutStatus', output: status('failed', 'Your card was declined.') },
  { type: 'xstate.done.actor.checkoutStatus', output: status('canceled') },
  { type: 'xstate.done.actor.checkoutStatus', output: status('expired') },
  { type: 'xstate.done.actor.checkoutStatus', output: { ok: false, code: Code.NOT_FOUND, message: 'Not found' } },
  { type: 'xstate.error.actor.checkoutStatus', error: failure },
];

type Seen = { quantity: number | null; confirmed: boolean; quote: boolean };

/**
 * Entering the price step asks for a price when the quantity is valid and no price call started
 * in the last 3 s (the window is open); else nothing until the window opens, when the last
 * quantity is asked for. Pay (checked, priced, window open) pays the quote; its answers open the
 * checkout or announce the seats; the checkout's tick asks its status; a payment or checkout that
 * did not pay prices again.
 */
const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  const seen = before?.context as Seen | undefined;
  const at = (s: AnyMachineSnapshot | null, value: object) => s?.matches(value) ?? false;
  const priceWindowOpen = at(before, { open: { priceWindow: 'open' } });
  /** The quantity typed last (1 when none was), valid whenever a price is asked for. */
  const lastQuantity = () => {
    const typed = step.history.findLast((e) => e.type === 'user.quantity');
    return typed ? Number(typed.value) : 1;
  };
  const price = (quantity: number) => [actorRan('priceQuote', { planCode: PLAN, quantity })];
  const priceAgain = () => (priceWindowOpen ? price(lastQuantity()) : []);
  if (step.index === 0) return price(1);
  switch (event.type) {
    case 'user.quantity': {
      const valid = event.value === '3';
      return valid && priceWindowOpen ? price(3) : [];
    }
    case 'user.retry':
      return priceWindowOpen ? price(lastQuantity()) : [];
    case 'xstate.after.priceThrottle.seatPurchase.open.priceWindow.closed':
      return at(before, { open: { step: { choosing: { price: 'queued' } } } }) ? price(lastQuantity()) : [];
    case 'user.pay': {
      const payable =
        seen!.confirmed && at(before, { open: { step: { choosing: { price: 'priced' } } } }) && at(before, { open: { payWindow: 'open' } });
      return payable ? [actorRan('payForSeats', { planCode: PLAN, quantity: QUOTE.quantity, prorationDate: QUOTE.prorationDate })] : [];
    }
    case 'xstate.done.actor.payForSeats': {
      const answer = event.output as { ok: boolean; data?: { success: boolean } };
      if (!answer.ok) return priceAgain();
      return answer.data!.success ? [actionRan('announcePurchase', { seatsAdded: QUOTE.quantity })] : [actionRan('openCheckout', { url: CHECKOUT_URL })];
    }
    case 'xstate.error.actor.payForSeats':
      return priceAgain();
    case 'xstate.after.checkoutPoll.seatPurchase.open.step.following.waiting':
      return [actorRan('checkoutStatus', { checkoutId: 'c1' })];
    case 'xstate.done.actor.checkoutStatus': {
      const answer = event.output as { ok: boolean; data?: { status: string } };
      if (answer.ok && answer.data!.status === 'pending') return [];
      if (answer.ok && answer.data!.status === 'paid') return [actionRan('announcePurchase', { seatsAdded: QUOTE.quantity })];
      return priceAgain();
    }
    case 'user.cancel':
      return at(before, { open: { step: 'following' } }) ? priceAgain() : [];
    default:
      return [];
  }
};

machinePathSuite('seat purchase machine paths', seatPurchaseMachine, {
  events,
  effects,
  input: { planCode: PLAN },
  serializeContext: (c) => ({
    quantity: c.quantity,
    quote: c.quote !== null,
    priceError: c.priceError !== null,
    confirmed: c.confirmed,
    confirmMissing: c.confirmMissing,
    error: c.error === null ? null : c.error.kind,
    notice: c.notice,
    checkout: c.checkoutId !== null,
    paid: c.paid,
  }),
});

// ---------------------------------------------------------------------------------------------
// With the real effects, on a simulated clock

type Handler = (body: Record<string, unknown>, signal: AbortSignal | undefined) => unknown;

/** The flow under a parent, its effects on a fake API answering from `handlers`, timers on `clock`. */
const startPurchase = (handlers: Partial<Record<EndpointName, Handler>>, input: { planCode: typeof PLAN; quantity?: number } = { planCode: PLAN }) => {
  const fake = fakeFlowServices(() => undefined);
  const calls: { name: EndpointName; body: Record<string, unknown>; signal: AbortSignal | undefined }[] = [];
  const opened: { url: string; newTab: boolean | undefined }[] = [];
  const api = {
    call: (async (endpoint: { path: string }, body?: unknown, options?: { signal?: AbortSignal }) => {
      const name = (Object.entries({ seatPrice: '/api/pay/v1/seat/price', seatPayment: '/api/pay/v1/seat/payment', checkoutStatus: '/api/pay/v1/checkout/status' }).find(
        ([, path]) => path === endpoint.path,
      )?.[0] ?? endpoint.path) as EndpointName;
      calls.push({ name, body: body as Record<string, unknown>, signal: options?.signal });
      const handler = handlers[name];
      if (!handler) throw new Error(`no answer for ${name}`);
      return handler(body as Record<string, unknown>, options?.signal);
    }) as unknown as ApiClient['call'],
  };
  const services = { ...fake.services, api, openUrl: (url: string, o?: { newTab?: boolean }) => void opened.push({ url, newTab: o?.newTab }) };
  const clock = new SimulatedClock();
  const { child, told } = hostChild(seatPurchaseMachine.provide(seatPurchaseEffects(services)), input, { clock });
  const priceCalls = () => calls.filter((c) => c.name === 'seatPrice').map((c) => c.body.seatQuantity);
  const payCalls = () => calls.filter((c) => c.name === 'seatPayment').map((c) => c.body);
  const tick = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { child, told, calls, opened, sent: fake.sent, clock, tick, priceCalls, payCalls };
};

/** A price for `quantity` seats of the starter plan (15.00 a seat, prorated to half). */
const priceFor = (quantity: number) => okResult({ ...PRICE, total: 750 * quantity, subtotal: 750 * quantity, discount: 0 });

/** An answer that waits until the test settles it. */
const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the seat purchase with its effects, on a simulated clock', () => {
  it('throttles the price: two quantities within 3 s make one call, for the last', async () => {
    const p = startPurchase({ seatPrice: (body) => priceFor(body.seatQuantity as number) });
    await flush();
    expect(p.priceCalls()).toEqual([1]);
    expect(p.child.getSnapshot().context.quote).toMatchObject({ quantity: 1, total: 750 });
    await p.tick(1_000);
    p.child.send({ type: 'user.quantity', value: '2' });
    await p.tick(1_000);
    p.child.send({ type: 'user.quantity', value: '4' });
    await flush();
    // Nothing is asked within the 3 s, and the price of the old quantity is gone meanwhile.
    expect(p.priceCalls()).toEqual([1]);
    expect(p.child.getSnapshot().hasTag('priceLoading')).toBe(true);
    expect(p.child.getSnapshot().context.quote).toBeNull();
    await p.tick(999);
    expect(p.priceCalls()).toEqual([1]);
    await p.tick(1);
    expect(p.priceCalls()).toEqual([1, 4]);
    expect(p.calls.at(-1)!.body).toEqual({ planId: 'starter', seatQuantity: 4 });
    expect(p.child.getSnapshot().context.quote).toMatchObject({ quantity: 4, total: 3000 });
    expect(p.child.getSnapshot().hasTag('priced')).toBe(true);
  });

  it('cancels a price call when the quantity changes again: its answer never shows', async () => {
    const pending: { quantity: number; answer: ReturnType<typeof deferred<unknown>>; signal: AbortSignal | undefined }[] = [];
    const p = startPurchase({
      seatPrice: (body, signal) => {
        const answer = deferred<unknown>();
        pending.push({ quantity: body.seatQuantity as number, answer, signal });
        return answer.promise;
      },
    });
    await flush();
    pending[0]!.answer.resolve(priceFor(1));
    await p.tick(3_000);
    p.child.send({ type: 'user.quantity', value: '2' });
    await flush();
    expect(p.priceCalls()).toEqual([1, 2]);
    p.child.send({ type: 'user.quantity', value: '5' });
    await flush();
    // The call for 2 is stopped (aborted on the wire too); its late answer changes nothing.
    expect(pending[1]!.signal?.aborted).toBe(true);
    pending[1]!.answer.resolve(priceFor(2));
    await flush();
    expect(p.child.getSnapshot().context.quote).toBeNull();
    expect(p.child.getSnapshot().hasTag('priceLoading')).toBe(true);
    await p.tick(3_000);
    expect(p.priceCalls()).toEqual([1, 2, 5]);
    pending[2]!.answer.resolve(priceFor(5));
    await flush();
    expect(p.child.getSnapshot().context.quote).toMatchObject({ quantity: 5, total: 3750 });
  });

  it('asks nothing for a quantity below 1, not whole or not a number', async () => {
    const p = startPurchase({ seatPrice: (body) => priceFor(body.seatQuantity as number) });
    await flush();
    for (const [value, error] of [['0', 'min'], ['', 'min'], ['abc', 'min'], ['-2', 'min'], ['1.5', 'whole'], ['501', 'max']] as const) {
      p.child.send({ type: 'user.quantity', value });
      await p.tick(3_000);
      expect(p.child.getSnapshot().context.quantityError).toBe(error);
      expect(p.child.getSnapshot().hasTag('quantityInvalid')).toBe(true);
    }
    expect(p.priceCalls()).toEqual([1]);
  });

  it('shakes Pay while the checkbox is unchecked and calls nothing; checked, it pays at once', async () => {
    const p = startPurchase(
      { seatPrice: (body) => priceFor(body.seatQuantity as number), seatPayment: () => okResult({ success: true, url: null, checkoutId: null }) },
      { planCode: PLAN, quantity: 2 },
    );
    await flush();
    p.child.send({ type: 'user.pay' });
    expect(p.child.getSnapshot().hasTag('shake')).toBe(true);
    expect(p.child.getSnapshot().context.confirmMissing).toBe(true);
    await p.tick(600);
    expect(p.child.getSnapshot().hasTag('shake')).toBe(false);
    // The checkbox's error stays until it is checked.
    expect(p.child.getSnapshot().context.confirmMissing).toBe(true);
    expect(p.payCalls()).toEqual([]);
    p.child.send({ type: 'user.confirm', checked: true });
    expect(p.child.getSnapshot().context.confirmMissing).toBe(false);
    p.child.send({ type: 'user.pay' });
    await flush();
    expect(p.payCalls()).toEqual([{ planId: 'starter', seatQuantity: 2, prorationDate: QUOTE.prorationDate }]);
    expect(p.child.getSnapshot().status).toBe('done');
    expect(p.told).toContainEqual(expect.objectContaining({ type: 'xstate.done.actor.child', output: { paid: true, seatsAdded: 2 } }));
    expect(p.sent).toEqual([{ systemId: 'account', event: { type: 'account.refresh' } }]);
  });

  it('follows a checkout in a new tab, asking its status every 2 s, to paid', async () => {
    const statuses = ['pending', 'pending', 'paid'] as const;
    const p = startPurchase({
      seatPrice: (body) => priceFor(body.seatQuantity as number),
      seatPayment: () => okResult({ success: false, url: CHECKOUT_URL, checkoutId: 'c1' }),
      checkoutStatus: () => okResult(status(statuses[Math.min(p.calls.filter((c) => c.name === 'checkoutStatus').length - 1, 2)]!).data),
    });
    await flush();
    p.child.send({ type: 'user.confirm', checked: true });
    p.child.send({ type: 'user.pay' });
    await flush();
    expect(p.opened).toEqual([{ url: CHECKOUT_URL, newTab: true }]);
    expect(p.child.getSnapshot().hasTag('waiting')).toBe(true);
    expect(p.child.getSnapshot().context.checkoutUrl).toBe(CHECKOUT_URL);
    const statusCalls = () => p.calls.filter((c) => c.name === 'checkoutStatus').map((c) => c.body);
    await p.tick(1_999);
    expect(statusCalls()).toEqual([]);
    await p.tick(1);
    expect(statusCalls()).toEqual([{ checkoutId: 'c1' }]);
    await p.tick(2_000);
    expect(statusCalls()).toHaveLength(2);
    expect(p.child.getSnapshot().status).toBe('active');
    await p.tick(2_000);
    expect(statusCalls()).toHaveLength(3);
    expect(p.child.getSnapshot().status).toBe('done');
    expect(p.child.getSnapshot().output).toEqual({ paid: true, seatsAdded: 1 });
    expect(p.sent).toEqual([{ systemId: 'account', event: { type: 'account.refresh' } }]);
  });

  it('a declined card: back to the confirmation with the provider’s words, priced again, nothing added', async () => {
    const p = startPurchase({
      seatPrice: (body) => priceFor(body.seatQuantity as number),
      seatPayment: () => okResult({ success: false, url: CHECKOUT_URL, checkoutId: 'c1' }),
      checkoutStatus: () => okResult(status('failed', 'Your card was declined.').data),
    });
    await flush();
    p.child.send({ type: 'user.confirm', checked: true });
    p.child.send({ type: 'user.pay' });
    await flush();
    await p.tick(2_000);
    const s = p.child.getSnapshot();
    expect(s.status).toBe('active');
    expect(s.context.error).toEqual({ kind: 'payment', message: 'Your card was declined.' });
    expect(s.hasTag('waiting')).toBe(false);
    // The price call 2 s ago is within the window: the new price comes when it opens.
    expect(p.priceCalls()).toEqual([1]);
    await p.tick(1_000);
    expect(p.priceCalls()).toEqual([1, 1]);
    expect(p.sent).toEqual([]);
  });

  it('a refused payment shows the server’s message and prices again; a second Pay within 3 s does nothing', async () => {
    let refuse = true;
    const p = startPurchase({
      seatPrice: (body) => priceFor(body.seatQuantity as number),
      seatPayment: () => (refuse ? failResult(Code.VALIDATION, 'The price has changed, please check it again') : okResult({ success: true, url: null, checkoutId: null })),
    });
    await flush();
    p.child.send({ type: 'user.confirm', checked: true });
    await p.tick(3_000);
    p.child.send({ type: 'user.pay' });
    await flush();
    expect(p.child.getSnapshot().context.error).toEqual({ kind: 'server', code: Code.VALIDATION, message: 'The price has changed, please check it again' });
    // The price window was open: priced again at once.
    expect(p.priceCalls()).toEqual([1, 1]);
    expect(p.child.getSnapshot().hasTag('priced')).toBe(true);
    refuse = false;
    p.child.send({ type: 'user.pay' });
    await p.tick(2_999);
    expect(p.payCalls()).toHaveLength(1);
    p.child.send({ type: 'user.pay' });
    await p.tick(1);
    expect(p.payCalls()).toHaveLength(1);
    p.child.send({ type: 'user.pay' });
    await flush();
    expect(p.payCalls()).toHaveLength(2);
    expect(p.child.getSnapshot().output).toEqual({ paid: true, seatsAdded: 1 });
  });

  it('shows the server’s message when the price is refused, and asks again on retry', async () => {
    let refuse = true;
    const p = startPurchase({
      seatPrice: (body) => (refuse ? failResult(Code.RATE_LIMITED, 'Too many attempts, please try again later') : priceFor(body.seatQuantity as number)),
    });
    await flush();
    expect(p.child.getSnapshot().hasTag('priceFailed')).toBe(true);
    expect(p.child.getSnapshot().context.priceError).toEqual({ kind: 'server', code: Code.RATE_LIMITED, message: 'Too many attempts, please try again later' });
    refuse = false;
    p.child.send({ type: 'user.retry' });
    await p.tick(3_000);
    expect(p.priceCalls()).toEqual([1, 1]);
    expect(p.child.getSnapshot().hasTag('priced')).toBe(true);
  });

  it('closing ends it unpaid; Cancel while following stops asking', async () => {
    const p = startPurchase({
      seatPrice: (body) => priceFor(body.seatQuantity as number),
      seatPayment: () => okResult({ success: false, url: CHECKOUT_URL, checkoutId: 'c1' }),
      checkoutStatus: () => okResult(status('pending').data),
    });
    await flush();
    p.child.send({ type: 'user.confirm', checked: true });
    p.child.send({ type: 'user.pay' });
    await flush();
    await p.tick(2_000);
    p.child.send({ type: 'user.cancel' });
    expect(p.child.getSnapshot().context.notice).toBe('stopped');
    await p.tick(10_000);
    expect(p.calls.filter((c) => c.name === 'checkoutStatus')).toHaveLength(1);
    p.child.send({ type: 'user.close' });
    expect(p.child.getSnapshot().output).toEqual({ paid: false, seatsAdded: 0 });
  });
});
