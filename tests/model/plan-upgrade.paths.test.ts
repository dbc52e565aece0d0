/**
 * Generated path tests of the plan upgrade (SPEC §2 plan upgrade; §3 plan tiers with yearly
 * variants; §7 subscription preview and update; §8 'Your package has been successfully
 * upgraded.'): every state and transition is reached, and each step runs exactly its effects: the
 * preview of the plan chosen (only an upgrade of the current plan can be chosen, only a period that
 * offers one shown), again before the quote runs out; the update with the quote's prorationDate
 * (never a price); the checkout page opened in a new tab with the server's address (and again on
 * request), its status read at every CHECKOUT_POLL tick with the checkout's id until it is final;
 * the app told the plan changed when the upgrade went through (at once or once paid), and nothing
 * when it was refused, failed, canceled or expired. From the highest plan nothing can be chosen.
 *
 * The last suite runs the real flow on a simulated clock: the checkout is asked about every
 * CHECKOUT_POLL_MS, not before, and the flow ends with the plan upgraded to.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { CHECKOUT_POLL_MS, type CheckoutStart, type CheckoutStatusInfo, type SubscriptionPreview } from '../../src/contract/billing';
import { Code } from '../../src/contract/codes';
import type { Answer } from '../../src/machines/answer';
import { planUpgradeMachine, type PreviewInput, type StartUpgradeInput } from '../../src/machines/plan-upgrade.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const QUOTE = 'xstate.after.QUOTE_REFRESH.planUpgrade.confirming';
const POLL = 'xstate.after.CHECKOUT_POLL.planUpgrade.checkout.waiting';
const CHECKOUT_URL = 'https://pay.example.test/checkout/chk_1';
const networkDown = new Error('Network error');

const preview = (planCode: string, currentPlanCode: string): SubscriptionPreview =>
  ({
    planCode,
    currentPlanCode,
    seats: 50,
    subtotal: 225_000,
    credit: 1_250,
    discount: 0,
    amountDue: 223_750,
    currency: 'usd',
    prorationDate: 1_750_000_000,
    periodEnd: 1_752_592_000,
  }) as SubscriptionPreview;
const status = (s: CheckoutStatusInfo['status'], message: string | null = null): { ok: true; data: CheckoutStatusInfo } => ({
  ok: true,
  data: { checkoutId: 'chk_1', kind: 'plan', status: s, planCode: 'growth', seatQuantity: null, amount: 223_750, currency: 'usd', message },
});
const refusal = { ok: false, code: Code.VALIDATION, message: 'The quote has expired' };

type Ctx = { currentPlanCode: string; planCode: string | null; period: string; checkoutId: string | null; checkoutUrl: string | null };
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  if (s.matches('highest') || s.matches('succeeded')) return [{ type: 'user.close' }];
  if (s.matches('choosing')) {
    return [
      { type: 'user.period', period: 'monthly' },
      { type: 'user.period', period: 'yearly' },
      // Growth is above every plan but Growth yearly; Free is never an upgrade.
      { type: 'user.choose', planCode: 'growth' },
      { type: 'user.choose', planCode: 'free' },
      { type: 'user.close' },
    ];
  }
  if (s.matches('previewing')) {
    return [
      { type: 'xstate.done.actor.previewUpgrade', output: { ok: true, data: preview(c.planCode ?? '', c.currentPlanCode) } },
      { type: 'xstate.done.actor.previewUpgrade', output: refusal },
      { type: 'xstate.error.actor.previewUpgrade', error: networkDown },
      { type: 'user.back' },
      { type: 'user.close' },
    ];
  }
  if (s.matches('confirming')) return [{ type: 'user.pay' }, { type: 'user.back' }, { type: 'user.close' }, { type: QUOTE }];
  if (s.matches('paying')) {
    return [
      { type: 'xstate.done.actor.startUpgrade', output: { ok: true, data: { success: true, url: null, checkoutId: null } } },
      { type: 'xstate.done.actor.startUpgrade', output: { ok: true, data: { success: false, url: CHECKOUT_URL, checkoutId: 'chk_1' } } },
      { type: 'xstate.done.actor.startUpgrade', output: refusal },
      { type: 'xstate.error.actor.startUpgrade', error: networkDown },
    ];
  }
  const following: PathEvent[] = [{ type: 'user.reopen' }, { type: 'user.cancel' }];
  if (s.matches({ checkout: 'waiting' })) return [{ type: POLL }, ...following];
  if (s.matches({ checkout: 'polling' })) {
    return [
      { type: 'xstate.done.actor.checkoutStatus', output: status('pending') },
      { type: 'xstate.done.actor.checkoutStatus', output: status('paid') },
      { type: 'xstate.done.actor.checkoutStatus', output: status('failed', 'Your card was declined.') },
      { type: 'xstate.done.actor.checkoutStatus', output: status('expired') },
      { type: 'xstate.done.actor.checkoutStatus', output: { ok: false, code: Code.NOT_FOUND, message: 'No such checkout' } },
      { type: 'xstate.error.actor.checkoutStatus', error: networkDown },
      ...following,
    ];
  }
  return [];
};

/** The plans a choice may go to, written out: Growth is an upgrade of Free and Pro. */
const upgradeOf = (current: string, target: string) => target === 'growth' && (current === 'free' || current === 'pro');

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0) return [];
  const c = ctx(before!);
  switch (event.type) {
    case 'user.choose':
      return before!.matches('choosing') && upgradeOf(c.currentPlanCode, event.planCode as string) ? [actorRan('previewUpgrade', { planId: event.planCode })] : [];
    case QUOTE:
      return [actorRan('previewUpgrade', { planId: c.planCode })];
    case 'user.pay':
      return [actorRan('startUpgrade', { planId: c.planCode, prorationDate: 1_750_000_000 })];
    case 'xstate.done.actor.startUpgrade': {
      const output = event.output as { ok: boolean; data?: CheckoutStart };
      if (!output.ok) return [];
      return output.data!.success ? [actionRan('announceUpgrade', { planCode: c.planCode })] : [actionRan('openCheckout', { url: CHECKOUT_URL })];
    }
    case POLL:
      return [actorRan('checkoutStatus', { checkoutId: 'chk_1' })];
    case 'user.reopen':
      return [actionRan('openCheckout', { url: CHECKOUT_URL })];
    case 'xstate.done.actor.checkoutStatus': {
      const output = event.output as { ok: boolean; data?: CheckoutStatusInfo };
      return output.ok && output.data!.status === 'paid' ? [actionRan('announceUpgrade', { planCode: c.planCode })] : [];
    }
    default:
      return [];
  }
};

machinePathSuite('plan upgrade machine paths', planUpgradeMachine, {
  events,
  effects,
  serializeContext: (c) => ({
    period: c.period,
    planCode: c.planCode,
    preview: c.preview !== null,
    checkoutId: c.checkoutId,
    error: c.error ? (c.error.kind === 'server' ? c.error.code : c.error.kind === 'payment' ? c.error.status : c.error.kind) : null,
    upgradedTo: c.upgradedTo,
  }),
  variants: [
    { name: 'from Free, Pro suggested', input: { currentPlanCode: 'free', suggested: 'pro' } },
    { name: 'from Pro monthly', input: { currentPlanCode: 'pro' } },
    { name: 'from Growth yearly', input: { currentPlanCode: 'growth_yearly' } },
  ],
});

describe('the plan upgrade on a simulated clock', () => {
  it('asks about the checkout every CHECKOUT_POLL_MS until it is paid, then ends upgraded', async () => {
    const clock = new SimulatedClock();
    const polls: string[] = [];
    const answers = [status('pending'), status('paid')];
    const opened: string[] = [];
    const announced: string[] = [];
    const started: StartUpgradeInput[] = [];
    const machine = planUpgradeMachine.provide({
      actors: {
        previewUpgrade: fromPromise<Answer<SubscriptionPreview>, PreviewInput>(async () => ({ ok: true, data: preview('growth', 'pro') })),
        startUpgrade: fromPromise<Answer<CheckoutStart>, StartUpgradeInput>(async ({ input }) => {
          started.push(input);
          return { ok: true, data: { success: false, url: CHECKOUT_URL, checkoutId: 'chk_1' } };
        }),
        checkoutStatus: fromPromise<Answer<CheckoutStatusInfo>, { checkoutId: string }>(async ({ input }) => {
          polls.push(input.checkoutId);
          return answers.shift()!;
        }),
      },
      actions: {
        openCheckout: (_, params) => void opened.push(params.url),
        announceUpgrade: (_, params) => void announced.push(params.planCode),
      },
    });
    const actor = createActor(machine, { input: { currentPlanCode: 'pro' }, clock }).start();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.period).toBe('monthly');
    actor.send({ type: 'user.choose', planCode: 'growth' });
    await settle();
    expect(actor.getSnapshot().hasTag('confirm')).toBe(true);
    actor.send({ type: 'user.pay' });
    await settle();
    expect(started).toEqual([{ planId: 'growth', prorationDate: 1_750_000_000 }]);
    expect(opened).toEqual([CHECKOUT_URL]);
    expect(actor.getSnapshot().hasTag('checkout')).toBe(true);

    clock.increment(CHECKOUT_POLL_MS - 1);
    await settle();
    expect(polls).toEqual([]);
    clock.increment(1);
    await settle();
    expect(polls).toEqual(['chk_1']);
    expect(actor.getSnapshot().hasTag('checkout')).toBe(true);
    clock.increment(CHECKOUT_POLL_MS);
    await settle();
    expect(polls).toEqual(['chk_1', 'chk_1']);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    expect(announced).toEqual(['growth']);

    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ upgraded: true, planCode: 'growth' });
  });

  it('ends without an upgrade when closed from the plans', () => {
    const actor = createActor(planUpgradeMachine, { input: { currentPlanCode: 'starter_yearly', suggested: 'free' } }).start();
    // Free is no upgrade: nothing is suggested; the yearly plans come first for a yearly plan.
    expect(actor.getSnapshot().context.suggested).toBeNull();
    expect(actor.getSnapshot().context.period).toBe('yearly');
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().output).toEqual({ upgraded: false, planCode: null });
  });
});
