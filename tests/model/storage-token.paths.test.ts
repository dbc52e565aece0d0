/**
 * The storage token (SPEC §7 Files, §9: refreshed every 30 minutes): generated paths reach every
 * state and transition, each step running exactly its effects: the fetch at start, after the
 * 30-minute refresh, after a retry's pause and when the parent asks; the token announced to the
 * parent with each one that arrives, never after a failure. Then the same flow with its real
 * effects under a parent on a simulated clock: the fetches at 0 and 30 minutes, the retries'
 * pauses (10 s, then 20 s), what the parent hears.
 */
import { SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes';
import type { EndpointName } from '../../src/contract/all-endpoints';
import { retryDelayOf, storageTokenMachine } from '../../src/machines/storage-token.machine';
import { storageTokenEffects } from '../../src/services/actors/storage';
import { fakeFlowServices } from '../support/fake-api';
import { flush, hostChild } from '../support/fakes';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const T0 = 1_750_000_000_000;
const issued = { token: 'v1.tok-1.sig', expiresAt: T0 + 35 * 60_000, refreshInMs: 30 * 60_000 };
const failure = new Error('Network error');

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const failures = (s.context as { failures: number }).failures;
  return [
    { type: 'xstate.done.actor.fetchToken', output: issued },
    // Two failures in a row are enough to show the pause growing; more would make the graph endless.
    ...(failures < 2 ? [{ type: 'xstate.error.actor.fetchToken', error: failure }] : []),
    { type: 'xstate.after.refreshAfter.storageToken.ready' },
    { type: 'xstate.after.retryAfter.storageToken.retrying' },
    { type: 'storage.refresh' },
  ];
};

const effects = (step: EffectStep): Effect[] => {
  if (step.index === 0) return [actorRan('fetchToken')];
  switch (step.event.type) {
    case 'xstate.done.actor.fetchToken':
      return [actionRan('announceToken', { token: 'v1.tok-1.sig', expiresAt: T0 + 35 * 60_000 })];
    case 'xstate.after.refreshAfter.storageToken.ready':
    case 'xstate.after.retryAfter.storageToken.retrying':
    case 'storage.refresh':
      return [actorRan('fetchToken')];
    default:
      return [];
  }
};

machinePathSuite('storage token machine paths', storageTokenMachine, {
  events,
  effects,
  serializeContext: (c) => c,
});

describe('the storage token with its effects, on a simulated clock', () => {
  const MIN = 60_000;

  it('fetches at once and every 30 minutes, and tells the parent each token', async () => {
    let n = 0;
    const s = fakeFlowServices((name: EndpointName) => {
      expect(name).toBe('storageToken');
      n += 1;
      return { ok: true, raw: false, code: Code.OK, message: 'success', data: { token: `tok-${n}`, expiresAt: T0 + n, refreshInMs: 30 * MIN } };
    });
    const clock = new SimulatedClock();
    const { child, told } = hostChild(storageTokenMachine.provide(storageTokenEffects(s.services)), undefined, { clock });
    await flush();
    expect(s.calls).toEqual([{ name: 'storageToken', body: {} }]);
    expect(told).toEqual([{ type: 'storage.token', token: 'tok-1', expiresAt: T0 + 1 }]);
    clock.increment(30 * MIN - 1);
    await flush();
    expect(s.calls).toHaveLength(1);
    clock.increment(1);
    await flush();
    expect(s.calls).toHaveLength(2);
    expect(told.at(-1)).toEqual({ type: 'storage.token', token: 'tok-2', expiresAt: T0 + 2 });
    expect(child.getSnapshot().context).toEqual({ expiresAt: T0 + 2, failures: 0 });
    // The parent asks for one at once.
    child.send({ type: 'storage.refresh' });
    await flush();
    expect(told.map((e) => (e as { token?: string }).token)).toEqual(['tok-1', 'tok-2', 'tok-3']);
  });

  it('tries a failed fetch again after 10 s, then 20 s, announcing nothing until one arrives', async () => {
    let fail = 2;
    const s = fakeFlowServices(() => {
      if (fail-- > 0) throw new Error('Network error');
      return { ok: true, raw: false, code: Code.OK, message: 'success', data: issued };
    });
    const clock = new SimulatedClock();
    const { child, told } = hostChild(storageTokenMachine.provide(storageTokenEffects(s.services)), undefined, { clock });
    await flush();
    expect(child.getSnapshot().hasTag('failed')).toBe(true);
    expect(child.getSnapshot().context.failures).toBe(1);
    clock.increment(10_000 - 1);
    await flush();
    expect(s.calls).toHaveLength(1);
    clock.increment(1);
    await flush();
    expect(s.calls).toHaveLength(2);
    expect(child.getSnapshot().context.failures).toBe(2);
    clock.increment(20_000);
    await flush();
    expect(s.calls).toHaveLength(3);
    expect(told).toEqual([{ type: 'storage.token', token: issued.token, expiresAt: issued.expiresAt }]);
    expect(child.getSnapshot().context.failures).toBe(0);
  });

  it('a refused token call is a failure too, and the pause stops growing at 5 minutes', async () => {
    const s = fakeFlowServices(() => ({ ok: false, raw: false, code: Code.NO_WORKSPACE, message: 'You have no workspace yet', data: null }));
    const { child, told } = hostChild(storageTokenMachine.provide(storageTokenEffects(s.services)));
    await flush();
    expect(child.getSnapshot().hasTag('failed')).toBe(true);
    expect(told).toEqual([]);
    expect([1, 2, 3, 5, 6, 20].map(retryDelayOf)).toEqual([10_000, 20_000, 40_000, 160_000, 300_000, 300_000]);
  });

  it('stops with its parent: no fetch after', async () => {
    const s = fakeFlowServices(() => ({ ok: true, raw: false, code: Code.OK, message: 'success', data: issued }));
    const clock = new SimulatedClock();
    const { host } = hostChild(storageTokenMachine.provide(storageTokenEffects(s.services)), undefined, { clock });
    await flush();
    host.stop();
    clock.increment(60 * MIN);
    await flush();
    expect(s.calls).toHaveLength(1);
  });
});
