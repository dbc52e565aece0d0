/**
 * Generated path tests of the payment-issue survey (SPEC §4 payment-issue survey reasons 1 to 4,
 * the 10% coupon and alternate payment methods; §9 the coupon): every state and transition is
 * reached, and each step runs exactly the effects asked for: the failed payment loaded at start
 * (and again on Try again after a failed load), the answer sent with the note only for "Other",
 * the coupon, the payment method, the payment again, the checkout page opened with its address,
 * its status read after each CHECKOUT_POLL_MS tick with its checkout id, and the account told
 * after a payment went through.
 *
 * Then the survey with its real effects on fake services and a simulated clock: the bodies of
 * the calls, the polling every CHECKOUT_POLL_MS until a final status, the checkout page opened in
 * a new tab, the server's refusals kept, and the output (answered or not).
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type { EndpointName } from '../../src/contract/all-endpoints';
import { CHECKOUT_POLL_MS, SURVEY_NOTE_MAX, type PaymentIssue } from '../../src/contract/billing';
import { Code } from '../../src/contract/codes';
import { paymentSurveyMachine, type PaymentSurveyContext } from '../../src/machines/payment-survey.machine';
import { paymentSurveyEffects } from '../../src/services/actors/payment-survey';
import { fakeFlowServices } from '../support/fake-api';
import { flush, hostChild } from '../support/fakes';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const POLL = 'xstate.after.checkoutPoll.paymentSurvey.offers.following.waiting';
const CHECKOUT_URL = 'https://pay.example.test/checkout/co_1';

const issue = (over: Partial<PaymentIssue> = {}): PaymentIssue => ({
  open: true,
  checkoutId: 'co_0',
  kind: 'seats',
  planCode: 'pro',
  seatQuantity: 2,
  failedAt: 1_750_000_000,
  message: 'Your card was declined.',
  couponAvailable: true,
  couponPercentOff: null,
  paymentMethod: 'card',
  ...over,
});
const ok = <T>(data: T) => ({ ok: true as const, data });
const refused = (message: string, code: number = Code.VALIDATION) => ({ ok: false as const, code, message });
// Distinct errors: the graph tells events apart by their JSON.
const lost = { message: 'Network error' };
const status = (s: 'pending' | 'paid' | 'failed' | 'canceled', message: string | null = null) => ({
  checkoutId: 'co_1',
  kind: 'seats' as const,
  status: s,
  planCode: 'pro' as const,
  seatQuantity: 2,
  amount: 4500,
  currency: 'usd',
  message,
});

const ctx = (s: AnyMachineSnapshot) => s.context as PaymentSurveyContext;
/** Offers with nothing shown yet: every offer is tried; after one, only Close (the graph stays small). */
const fresh = (c: PaymentSurveyContext) => c.error === null && c.failure === null && c.notice === null;

const loadReplies = (id: 'loadIssue' | 'reloadIssue'): PathEvent[] => [
  { type: `xstate.done.actor.${id}`, output: ok(issue()) },
  { type: `xstate.done.actor.${id}`, output: ok(issue({ open: false })) },
  { type: `xstate.done.actor.${id}`, output: refused('Not yours to see', Code.FORBIDDEN) },
  { type: `xstate.error.actor.${id}`, error: lost },
];

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  const close: PathEvent = { type: 'user.close' };
  if (s.matches('loading')) {
    // A coupon taken before and another method: the offers start from them.
    return [...loadReplies('loadIssue'), { type: 'xstate.done.actor.loadIssue', output: ok(issue({ couponAvailable: false, couponPercentOff: 10, paymentMethod: 'bank' })) }];
  }
  if (s.matches('loadFailed')) return [{ type: 'user.reload' }, close];
  if (s.matches('reloading')) return [...loadReplies('reloadIssue'), close];
  if (s.matches('asking')) {
    const notes: PathEvent[] =
      c.reason === 4 && c.formError === null ? [{ type: 'user.note', note: 'Card declined twice' }, { type: 'user.note', note: 'x'.repeat(SURVEY_NOTE_MAX + 1) }] : [];
    return [{ type: 'user.reason', reason: 1 }, { type: 'user.reason', reason: 4 }, ...notes, { type: 'user.submit' }, close];
  }
  if (s.matches('submitting')) {
    return [
      { type: 'xstate.done.actor.submitSurvey', output: { ok: true, data: null } },
      { type: 'xstate.done.actor.submitSurvey', output: refused('Too many attempts', Code.RATE_LIMITED) },
      { type: 'xstate.error.actor.submitSurvey', error: lost },
      close,
    ];
  }
  if (s.matches({ offers: 'choosing' })) {
    if (!fresh(c)) return [close];
    return [{ type: 'user.coupon' }, { type: 'user.method', method: 'bank' }, { type: 'user.method', method: 'card' }, { type: 'user.retry' }, close];
  }
  if (s.matches({ offers: 'applyingCoupon' })) {
    return [
      { type: 'xstate.done.actor.applyCoupon', output: ok({ percentOff: 10 }) },
      { type: 'xstate.done.actor.applyCoupon', output: refused('The coupon was already used.') },
      { type: 'xstate.error.actor.applyCoupon', error: lost },
      close,
    ];
  }
  if (s.matches({ offers: 'savingMethod' })) {
    return [
      { type: 'xstate.done.actor.saveMethod', output: { ok: true, data: null } },
      { type: 'xstate.done.actor.saveMethod', output: refused('Not available') },
      { type: 'xstate.error.actor.saveMethod', error: lost },
      close,
    ];
  }
  if (s.matches({ offers: 'retrying' })) {
    return [
      { type: 'xstate.done.actor.retryPayment', output: ok({ success: true, url: null, checkoutId: null }) },
      { type: 'xstate.done.actor.retryPayment', output: ok({ success: false, url: CHECKOUT_URL, checkoutId: 'co_1' }) },
      { type: 'xstate.done.actor.retryPayment', output: ok({ success: false, url: null, checkoutId: null }) },
      { type: 'xstate.done.actor.retryPayment', output: refused('Nothing to pay again', Code.NOT_FOUND) },
      { type: 'xstate.error.actor.retryPayment', error: lost },
      close,
    ];
  }
  if (s.matches({ offers: { following: 'waiting' } })) return [{ type: POLL }, { type: 'user.back' }, close];
  if (s.matches({ offers: { following: 'checking' } })) {
    return [
      { type: 'xstate.done.actor.loadCheckout', output: ok(status('pending')) },
      { type: 'xstate.done.actor.loadCheckout', output: ok(status('paid')) },
      { type: 'xstate.done.actor.loadCheckout', output: ok(status('failed', 'Insufficient funds')) },
      { type: 'xstate.done.actor.loadCheckout', output: ok(status('canceled')) },
      { type: 'xstate.done.actor.loadCheckout', output: refused('Not found', Code.NOT_FOUND) },
      { type: 'xstate.error.actor.loadCheckout', error: lost },
      { type: 'user.back' },
      close,
    ];
  }
  if (s.matches('paid')) return [close];
  return [];
};

const effects = (step: EffectStep): Effect[] => {
  const { event, before, after } = step;
  if (step.index === 0 || !before) return [actorRan('loadIssue')];
  const c = ctx(before);
  const output = event.output as { ok: boolean; data?: { success?: boolean; url?: string | null; status?: string } } | undefined;
  switch (event.type) {
    case 'user.reload':
      return [actorRan('loadIssue')];
    case 'user.submit': {
      if (!after.matches('submitting')) return [];
      // The note goes only with "Other", trimmed, and only when one was written.
      if (c.reason === 1) return [actorRan('submitSurvey', { reason: 1 })];
      return [actorRan('submitSurvey', c.note === '' ? { reason: 4 } : { reason: 4, note: 'Card declined twice' })];
    }
    case 'user.coupon':
      return [actorRan('applyCoupon')];
    case 'user.method':
      // Only another method than the workspace's is saved (the chosen one, from the event).
      return event.method !== c.method ? [actorRan('saveMethod', { method: event.method })] : [];
    case 'user.retry':
      return [actorRan('retryPayment')];
    case 'xstate.done.actor.retryPayment':
      if (output?.ok && output.data?.success) return [actionRan('paymentSettled')];
      if (output?.ok && output.data?.url) return [actionRan('openCheckout', { url: CHECKOUT_URL })];
      return [];
    case POLL:
      return [actorRan('loadCheckout', { checkoutId: 'co_1' })];
    case 'xstate.done.actor.loadCheckout':
      return output?.ok && output.data?.status === 'paid' ? [actionRan('paymentSettled')] : [];
    default:
      return [];
  }
};

machinePathSuite('payment-issue survey machine paths', paymentSurveyMachine, {
  events,
  effects,
  serializeContext: (c) => ({
    reason: c.reason,
    note: c.note.length,
    formError: c.formError,
    answered: c.answered,
    coupon: [c.couponAvailable, c.percentOff],
    method: [c.method, c.choosing],
    checkout: c.checkout?.checkoutId ?? null,
    status: c.status?.status ?? null,
    failure: c.failure,
    error: c.error,
    notice: c.notice,
  }),
  limit: 20_000,
});

// --- With the real effects, on a simulated clock ---

type Reply = (body: unknown) => unknown;
const result = (data: unknown) => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });
const failure = (code: number, message: string) => ({ ok: false, raw: false, code, data: null, message });

/** The survey as the first-run guidance starts it, on fake services answering from `replies`. */
const run = (replies: Partial<Record<EndpointName, Reply | Reply[]>>) => {
  const queues = new Map(Object.entries(replies).map(([name, r]) => [name, Array.isArray(r) ? [...r] : r]));
  const fake = fakeFlowServices((name, body) => {
    const r = queues.get(name);
    if (!r) throw new Error(`no answer for ${name}`);
    const reply = Array.isArray(r) ? (r.length > 1 ? r.shift()! : r[0]!) : r;
    return reply(body);
  });
  const opened: string[] = [];
  fake.services.openUrl = (url) => opened.push(url);
  const clock = new SimulatedClock();
  const { child, host } = hostChild(paymentSurveyMachine.provide(paymentSurveyEffects(fake.services)), undefined, { clock });
  const names = () => fake.calls.map((call) => call.name);
  const bodies = (name: EndpointName) => fake.calls.filter((call) => call.name === name).map((call) => call.body);
  return { fake, opened, clock, child, host, names, bodies };
};

describe('the payment-issue survey with its effects', () => {
  it('sends the reason with the note of "Other", takes the coupon, saves the bank method, and follows a retried checkout every CHECKOUT_POLL_MS until paid', async () => {
    const t = run({
      paymentIssue: () => result(issue()),
      surveySubmit: () => result(null),
      couponApply: () => result({ percentOff: 10 }),
      paymentMethodSave: () => result(null),
      paymentIssueRetry: () => result({ success: false, url: CHECKOUT_URL, checkoutId: 'co_1' }),
      checkoutStatus: [() => result(status('pending')), () => result(status('pending')), () => result(status('paid'))],
    });
    await flush();
    expect(t.names()).toEqual(['paymentIssue']);
    expect(t.bodies('paymentIssue')).toEqual([{}]);
    expect(t.child.getSnapshot().hasTag('asking')).toBe(true);
    t.child.send({ type: 'user.reason', reason: 4 });
    t.child.send({ type: 'user.note', note: '  Card declined twice  ' });
    t.child.send({ type: 'user.submit' });
    await flush();
    expect(t.bodies('surveySubmit')).toEqual([{ reason: 4, note: 'Card declined twice' }]);
    expect(t.child.getSnapshot().hasTag('offers')).toBe(true);

    t.child.send({ type: 'user.coupon' });
    await flush();
    expect(t.bodies('couponApply')).toEqual([{}]);
    expect(t.child.getSnapshot().context).toMatchObject({ percentOff: 10, couponAvailable: false, notice: 'couponTaken' });

    t.child.send({ type: 'user.method', method: 'bank' });
    await flush();
    expect(t.bodies('paymentMethodSave')).toEqual([{ method: 'bank' }]);
    expect(t.child.getSnapshot().context.method).toBe('bank');

    t.child.send({ type: 'user.retry' });
    await flush();
    expect(t.bodies('paymentIssueRetry')).toEqual([{}]);
    expect(t.opened).toEqual([CHECKOUT_URL]);
    expect(t.child.getSnapshot().hasTag('following')).toBe(true);
    // Nothing is asked before the first tick.
    t.clock.increment(CHECKOUT_POLL_MS - 1);
    await flush();
    expect(t.bodies('checkoutStatus')).toEqual([]);
    t.clock.increment(1);
    await flush();
    expect(t.bodies('checkoutStatus')).toEqual([{ checkoutId: 'co_1' }]);
    t.clock.increment(CHECKOUT_POLL_MS);
    await flush();
    expect(t.bodies('checkoutStatus')).toHaveLength(2);
    expect(t.child.getSnapshot().hasTag('following')).toBe(true);
    t.clock.increment(CHECKOUT_POLL_MS);
    await flush();
    expect(t.bodies('checkoutStatus')).toHaveLength(3);
    expect(t.child.getSnapshot().hasTag('paid')).toBe(true);
    expect(t.child.getSnapshot().context.status?.amount).toBe(4500);
    // The account reads the workspace again.
    expect(t.fake.sent).toEqual([{ systemId: 'account', event: { type: 'account.refresh' } }]);
    // Final: no more polls.
    t.clock.increment(CHECKOUT_POLL_MS * 3);
    await flush();
    expect(t.bodies('checkoutStatus')).toHaveLength(3);
    t.child.send({ type: 'user.close' });
    await flush();
    expect(t.child.getSnapshot().status).toBe('done');
    expect(t.child.getSnapshot().output).toEqual({ answered: true });
  });

  it('closing before answering sends nothing and ends unanswered', async () => {
    const t = run({ paymentIssue: () => result(issue()) });
    await flush();
    t.child.send({ type: 'user.reason', reason: 2 });
    t.child.send({ type: 'user.close' });
    await flush();
    expect(t.names()).toEqual(['paymentIssue']);
    expect(t.child.getSnapshot().output).toEqual({ answered: false });
  });

  it('a failed checkout shows the provider’s words and the offers again; a used coupon keeps the server’s message', async () => {
    const t = run({
      paymentIssue: () => result(issue()),
      surveySubmit: () => result(null),
      couponApply: () => failure(Code.VALIDATION, 'The coupon was already used.'),
      paymentIssueRetry: () => result({ success: false, url: '/pay/sandbox/checkout/co_1', checkoutId: 'co_1' }),
      checkoutStatus: () => result(status('failed', 'Insufficient funds')),
    });
    await flush();
    t.child.send({ type: 'user.reason', reason: 1 });
    t.child.send({ type: 'user.submit' });
    await flush();
    expect(t.bodies('surveySubmit')).toEqual([{ reason: 1 }]);
    t.child.send({ type: 'user.coupon' });
    await flush();
    expect(t.child.getSnapshot().context.error).toEqual({ kind: 'server', code: Code.VALIDATION, message: 'The coupon was already used.' });
    t.child.send({ type: 'user.retry' });
    await flush();
    expect(t.opened).toEqual(['/pay/sandbox/checkout/co_1']);
    t.clock.increment(CHECKOUT_POLL_MS);
    await flush();
    const snap = t.child.getSnapshot();
    expect(snap.hasTag('offers') && !snap.hasTag('following')).toBe(true);
    expect(snap.context.failure).toEqual({ status: 'failed', message: 'Insufficient funds' });
    expect(t.fake.sent).toEqual([]);
  });

  it('a failed load shows the server’s refusal; Try again loads again; nothing open ends at once', async () => {
    const t = run({ paymentIssue: [() => failure(Code.FORBIDDEN, 'Not yours to see'), () => result(issue({ open: false }))] });
    await flush();
    expect(t.child.getSnapshot().hasTag('loadFailed')).toBe(true);
    expect(t.child.getSnapshot().context.error).toEqual({ kind: 'server', code: Code.FORBIDDEN, message: 'Not yours to see' });
    t.child.send({ type: 'user.reload' });
    await flush();
    expect(t.names()).toEqual(['paymentIssue', 'paymentIssue']);
    expect(t.child.getSnapshot().status).toBe('done');
    expect(t.child.getSnapshot().output).toEqual({ answered: false });
  });

  it('never opens an address that is not a web page or a path of this server', async () => {
    const t = run({
      paymentIssue: () => result(issue()),
      surveySubmit: () => result(null),
      paymentIssueRetry: () => result({ success: false, url: 'javascript:alert(1)', checkoutId: 'co_1' }),
    });
    await flush();
    t.child.send({ type: 'user.reason', reason: 3 });
    t.child.send({ type: 'user.submit' });
    await flush();
    t.child.send({ type: 'user.retry' });
    await flush();
    expect(t.opened).toEqual([]);
  });
});
