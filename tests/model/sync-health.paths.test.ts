/**
 * Generated path tests of the members page's sync-health lines (SPEC §7 Analytics logging;
 * src/machines/sync-health.machine.ts): every state and transition is reached; the lines are read
 * at start and, after a failure, again when the retry delay is over, three reads at most; then
 * they are given up. `syncLineOf` gives a member's line: nothing before the read, "never" for a
 * member without an upload, else the last sync with the server's clock.
 */
import { describe, expect, it } from 'vitest';
import type { SyncHealth } from '../../src/contract/product-events';
import { syncHealthMachine, syncLineOf } from '../../src/machines/sync-health.machine';
import { actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const health: SyncHealth = { now: 1_736_942_400_000, self: 'u1', allMembers: true, items: [{ userId: 'u2', lastSyncAt: 1_736_931_600_000, chats: 42 }] };
const RETRY = 'xstate.after.retryDelay.syncHealth.waiting';

const events = [
  { type: 'xstate.done.actor.loadSyncHealth', output: health },
  { type: 'xstate.error.actor.loadSyncHealth', error: new Error('network') },
  { type: RETRY },
];

const effects = (step: EffectStep): Effect[] => {
  if (step.index === 0) return [actorRan('loadSyncHealth')];
  return step.event.type === RETRY && step.before?.matches('waiting') ? [actorRan('loadSyncHealth')] : [];
};

machinePathSuite('sync health machine paths', syncHealthMachine, {
  events,
  effects,
  serializeContext: (c) => ({ tries: c.tries, read: c.health !== null }),
});

describe('a member’s sync line', () => {
  it('shows nothing before the read or for a member the caller does not see, "never" without an upload, else the last sync', () => {
    expect(syncLineOf({ health: null }, 'u2')).toBeNull();
    expect(syncLineOf({ health }, '')).toBeNull();
    expect(syncLineOf({ health }, 'u3')).toEqual({ kind: 'never' });
    expect(syncLineOf({ health }, 'u2')).toEqual({ kind: 'synced', lastSyncAt: 1_736_931_600_000, chats: 42, now: 1_736_942_400_000 });
    // A member sees their own line only: the others show nothing.
    const own: SyncHealth = { ...health, self: 'u3', allMembers: false, items: [] };
    expect(syncLineOf({ health: own }, 'u3')).toEqual({ kind: 'never' });
    expect(syncLineOf({ health: own }, 'u2')).toBeNull();
  });
});
