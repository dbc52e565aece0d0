/**
 * Generated path tests of the webhook delivery log (SPEC §3 Webhook settings: status, attempts,
 * last response code, replay): every state and transition is reached, and each step runs exactly
 * its effects: the first page of every status at start; the page asked for, the first page of a
 * new status filter, the page on screen again on a refresh and after each 10 s poll (a named
 * delay, a path event here), a retry of the page that failed; a replay only after the person
 * confirms it, with the event's id, said with a toast when it went through.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Delivery } from '../../src/contract/integrations';
import { webhookDeliveriesMachine } from '../../src/machines/webhook-deliveries.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const POLL = 'xstate.after.pollInterval.webhookDeliveries.ready';

const pending: Delivery = {
  id: 'msg_1',
  type: 'message.received',
  status: 'pending',
  attempts: 2,
  lastStatusCode: 503,
  lastError: 'Service Unavailable',
  lastUrl: 'https://hooks.example.com/in',
  userEmail: 'member@example.test',
  createdAt: 1_710_000_000_000,
  deliveredAt: null,
  nextAttemptAt: 1_710_000_060_000,
};
const delivered: Delivery = { ...pending, status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null, deliveredAt: 1_710_000_070_000, nextAttemptAt: null };

type Log = { status: string | null; page: number; loadingPage: number; replayId: string | null };
const ctx = (s: AnyMachineSnapshot) => s.context as Log;
const networkDown = new Error('Network error');

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const browse: PathEvent[] = [
    { type: 'user.filter', status: 'failed' },
    { type: 'user.page', page: 2 },
  ];
  if (s.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadPage', output: { items: [pending], total: 25 } },
      { type: 'xstate.error.actor.loadPage', error: networkDown },
      ...browse,
    ];
  }
  if (s.matches('failed')) return [{ type: 'user.retry' }, ...browse];
  if (s.matches('ready')) return [{ type: POLL }, { type: 'user.refresh' }, { type: 'user.replay', id: 'msg_1' }, ...browse];
  if (s.matches('polling')) {
    return [
      { type: 'xstate.done.actor.poll', output: { items: [delivered], total: 25 } },
      { type: 'xstate.error.actor.poll', error: networkDown },
      { type: 'user.replay', id: 'msg_1' },
      ...browse,
    ];
  }
  if (s.matches('confirming')) return [{ type: 'user.confirm' }, { type: 'user.cancel' }];
  if (s.matches('replaying')) {
    return [
      { type: 'xstate.done.actor.replayDelivery', output: { ok: true, data: delivered } },
      { type: 'xstate.done.actor.replayDelivery', output: { ok: false, code: Code.NOT_FOUND, message: 'Not found' } },
      { type: 'xstate.error.actor.replayDelivery', error: networkDown },
    ];
  }
  return [];
};

/**
 * A load: the first page of the log at start (every status), the first page of a new filter, the
 * asked-for page, the page on screen on a refresh or a poll, the failed page on a retry. A
 * confirmed replay sends the chosen event's id; a replay that went through is said.
 */
const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  const load = (status: string | null, pageNo: number) => [actorRan('loadDeliveries', { status, pageNo })];
  if (step.index === 0) return load(null, 1);
  const c = ctx(before!);
  const browsing = ['loading', 'failed', 'ready', 'polling'].some((state) => before!.matches(state));
  switch (event.type) {
    case 'user.filter':
      return browsing ? load(event.status as string, 1) : [];
    case 'user.page':
      return browsing ? load(c.status, event.page as number) : [];
    case 'user.refresh':
      return before!.matches('ready') ? load(c.status, c.page) : [];
    case 'user.retry':
      return before!.matches('failed') ? load(c.status, c.loadingPage) : [];
    case POLL:
      return load(c.status, c.page);
    case 'user.confirm':
      return before!.matches('confirming') ? [actorRan('replayDelivery', { id: c.replayId })] : [];
    case 'xstate.done.actor.replayDelivery':
      return (event.output as { ok: boolean }).ok ? [actionRan('notify', { kind: 'replayed' })] : [];
    default:
      return [];
  }
};

machinePathSuite('webhook deliveries machine paths', webhookDeliveriesMachine, {
  events,
  effects,
  serializeContext: (c) => ({
    status: c.status,
    page: c.page,
    loadingPage: c.loadingPage,
    replayId: c.replayId,
    error: c.error ? (c.error.kind === 'server' ? c.error.code : c.error.kind) : null,
    stale: c.stale,
    rows: c.items.map((d) => `${d.id}:${d.status}`),
  }),
});
