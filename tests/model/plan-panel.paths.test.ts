/**
 * Generated path tests of the plan panel on the members page (SPEC §2 add seats, plan upgrade; §3
 * Plan / pay info; §4 the payment-issue survey's answers; §6 the owner and managers only): every
 * state and transition is reached, and each step runs exactly its effects: for the owner and
 * managers the pay info at start and on a retry; "Add seats" only on a paid plan, starting the seat
 * purchase with the plan on screen; "Upgrade plan" starting the plan upgrade from the plan on
 * screen; the pay info read again when a child ends paid or upgraded, and not when it ends without;
 * the payment feedback read each time its list opens and on a retry. A member's panel calls nothing.
 *
 * Regions run side by side: while the pay info loads only its answers are tried, and the feedback
 * list is tried only while no dialog is open (see `events`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { PayInfo } from '../../src/contract/account';
import { planPanelMachine } from '../../src/machines/plan-panel.machine';
import { actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const payInfo = (planCode: string, planName: string, inviteLimit: number): PayInfo => ({
  planCode,
  planName,
  planPriceTitle: planCode === 'free' ? 'Free' : '$25/seat/month',
  inviteLimit,
  inviteCount: 3,
  planStart: 1_740_000_000,
  planEnd: planCode === 'free' ? 0 : 1_742_592_000,
  planGroup: planCode,
  perms: 'enc',
});
const pro = payInfo('pro', 'Pro', 10);
const free = payInfo('free', 'Free', 1);
const answer = { id: 's1', reason: 2, note: 'Our card is blocked abroad', email: 'owner@example.test', createdAt: 1_741_000_000 };
const networkDown = new Error('Network error');

type Ctx = { payInfo: PayInfo | null; feedback: unknown[] | null };
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;
const at = (s: AnyMachineSnapshot, region: string, state: string | object) => s.matches({ shown: { [region]: state } });

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  if (!s.matches('shown')) return [];
  if (at(s, 'info', 'loading')) {
    return [
      { type: 'xstate.done.actor.loadPayInfo', output: pro },
      { type: 'xstate.done.actor.loadPayInfo', output: free },
      { type: 'xstate.error.actor.loadPayInfo', error: networkDown },
    ];
  }
  const out: PathEvent[] = [];
  if (at(s, 'info', 'failed')) out.push({ type: 'user.retry' });
  if (at(s, 'action', 'idle')) out.push({ type: 'user.addSeats' }, { type: 'user.upgrade' });
  if (at(s, 'action', 'addingSeats')) {
    return [
      { type: 'xstate.done.actor.seatPurchase', output: { paid: true, seatsAdded: 2 } },
      { type: 'xstate.done.actor.seatPurchase', output: { paid: false, seatsAdded: 0 } },
      { type: 'xstate.error.actor.seatPurchase', error: networkDown },
    ];
  }
  if (at(s, 'action', 'upgrading')) {
    return [
      { type: 'xstate.done.actor.planUpgrade', output: { upgraded: true, planCode: 'growth' } },
      { type: 'xstate.done.actor.planUpgrade', output: { upgraded: false, planCode: null } },
      { type: 'xstate.error.actor.planUpgrade', error: networkDown },
    ];
  }
  out.push({ type: 'user.toggleFeedback' });
  if (at(s, 'feedback', { open: 'loading' })) {
    out.push(
      { type: 'xstate.done.actor.loadFeedback', output: [answer] },
      { type: 'xstate.done.actor.loadFeedback', output: [] },
      { type: 'xstate.error.actor.loadFeedback', error: networkDown },
    );
  }
  if (at(s, 'feedback', { open: 'failed' })) out.push({ type: 'user.retryFeedback' });
  return out;
};

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  const manages = (step.input as { role: string }).role !== 'member';
  const payInfoRead = [actorRan('loadPayInfo')];
  if (step.index === 0) return manages ? payInfoRead : [];
  const c = ctx(before!);
  const idle = at(before!, 'action', 'idle');
  switch (event.type) {
    case 'user.retry':
      return at(before!, 'info', 'failed') ? payInfoRead : [];
    case 'user.addSeats':
      // Seats are bought on a paid plan only (Free upgrades instead).
      return idle && c.payInfo?.planCode === 'pro' ? [actorRan('seatPurchase', { planCode: 'pro' })] : [];
    case 'user.upgrade':
      return idle && c.payInfo ? [actorRan('planUpgrade', { currentPlanCode: c.payInfo.planCode })] : [];
    case 'xstate.done.actor.seatPurchase':
      return (event.output as { paid: boolean }).paid ? payInfoRead : [];
    case 'xstate.done.actor.planUpgrade':
      return (event.output as { upgraded: boolean }).upgraded ? payInfoRead : [];
    case 'user.toggleFeedback':
      return at(before!, 'feedback', 'collapsed') ? [actorRan('loadFeedback')] : [];
    case 'user.retryFeedback':
      return [actorRan('loadFeedback')];
    default:
      return [];
  }
};

machinePathSuite('plan panel machine paths', planPanelMachine, {
  events,
  effects,
  serializeContext: (c) => ({ plan: c.payInfo?.planCode ?? null, feedback: c.feedback?.length ?? null }),
  variants: [
    { name: 'owner', input: { role: 'admin' } },
    { name: 'manager', input: { role: 'manager' } },
    { name: 'member', input: { role: 'member' } },
  ],
});
