/**
 * Generated path tests of the product event log's counts page (SPEC §7 Analytics logging;
 * src/machines/product-events.machine.ts): every state and transition is reached, and each step
 * reads exactly the counts it should: the default range at start, the range chosen (or the default
 * again when it is cleared) from any state, the same range again on a retry; a range longer than
 * 92 days reads nothing and is marked; an answer without rows is `empty`.
 */
import type { EventCounts } from '../../src/contract/product-events';
import { productEventsMachine } from '../../src/machines/product-events.machine';
import { actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const week = { from: '2025-01-09', to: '2025-01-15' };
/** 93 days: one more than the counts call takes. */
const tooLong = { from: '2024-10-15', to: '2025-01-15' };
const withRows: EventCounts = { ...week, today: '2025-01-15', rows: [{ day: '2025-01-15', eventType: 'chatSync', events: 2, estimated: 40 }] };
const noRows: EventCounts = { ...week, today: '2025-01-15', rows: [] };

const events = [
  { type: 'user.range', range: week },
  { type: 'user.range', range: null },
  { type: 'user.range', range: tooLong },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadCounts', output: withRows },
  { type: 'xstate.done.actor.loadCounts', output: noRows },
  { type: 'xstate.error.actor.loadCounts', error: new Error('network') },
];

type Ctx = { range: { from: string; to: string } | null };

const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  if (step.index === 0) return [actorRan('loadCounts', { range: null })];
  switch (event.type) {
    case 'user.range':
      // Up to 92 days is asked for, from any state; longer is not.
      return event.range === tooLong ? [] : [actorRan('loadCounts', { range: event.range })];
    case 'user.retry':
      return step.before?.matches('failed') ? [actorRan('loadCounts', { range: (step.before.context as Ctx).range })] : [];
    default:
      return [];
  }
};

machinePathSuite('product events machine paths', productEventsMachine, {
  events,
  effects,
  serializeContext: (c) => ({ range: c.range, tooLong: c.rangeTooLong, rows: c.counts?.rows.length ?? null }),
});
