import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyMachineSnapshot } from 'xstate';
import { actionNotProvided, actorNotProvided, guardNotProvided, isNotProvided } from '../../src/machines/not-provided';
import {
  actionRan,
  actorRan,
  assertPath,
  enters,
  type EffectStep,
  generateMachinePaths,
  listStateIds,
  listTransitions,
  machineCoverage,
  planMachinePaths,
  prepareForPaths,
  replayPath,
} from './machine-paths';

/**
 * A small machine with an invoke, a delay, a parallel state, named effects (one of them only on
 * the unreachable state) and a deliberately unreachable state.
 */
const demo = setup({
  types: { events: {} as { type: 'go' } | { type: 'stop' }, context: {} as { tries: number } },
  actors: { load: actorNotProvided<number, { attempt: number }>('load') },
  actions: {
    notify: actionNotProvided<{ what: string }>('notify'),
    forget: actionNotProvided('forget'),
    count: assign({ tries: ({ context }) => Math.min(context.tries + 1, 2) }),
  },
  guards: { allowed: guardNotProvided('allowed') },
  delays: { pollInterval: 1000 },
}).createMachine({
  id: 'demo',
  context: { tries: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        go: [
          { guard: 'allowed', target: 'loading', actions: ['count', { type: 'notify', params: ({ context }) => ({ what: `try ${context.tries}` }) }] },
          { target: 'refused' },
        ],
      },
    },
    refused: {},
    loading: {
      invoke: { id: 'load', src: 'load', input: ({ context }) => ({ attempt: context.tries }), onDone: 'both', onError: 'idle' },
      after: { pollInterval: 'idle' },
    },
    both: {
      type: 'parallel',
      states: { a: { initial: 'a1', states: { a1: { on: { stop: 'a2' } }, a2: {} } }, b: {} },
    },
    orphan: { on: { stop: { target: 'idle', actions: 'forget' } } },
  },
});

const events = [
  { type: 'go' },
  { type: 'stop' },
  { type: 'xstate.done.actor.load', output: 1 },
  { type: 'xstate.error.actor.load', error: 'x' },
  { type: 'xstate.after.pollInterval.demo.loading' },
];

describe('machine-paths toolkit', () => {
  it('lists every state node id, nested and parallel ones included', () => {
    expect(listStateIds(demo)).toEqual([
      'demo',
      'demo.idle',
      'demo.refused',
      'demo.loading',
      'demo.both',
      'demo.both.a',
      'demo.both.a.a1',
      'demo.both.a.a2',
      'demo.both.b',
      'demo.orphan',
    ]);
  });

  it('labels guarded candidates, invoke results and delays as separate transitions', () => {
    expect(listTransitions(demo)).toEqual(
      expect.arrayContaining([
        'demo.idle: go [allowed] #1 -> demo.loading',
        'demo.idle: go #2 -> demo.refused',
        'demo.loading: xstate.done.actor.load -> demo.both',
        'demo.loading: xstate.error.actor.load -> demo.idle',
        'demo.loading: xstate.after.pollInterval.demo.loading -> demo.idle',
      ]),
    );
  });

  it('refuses a machine whose guards are still placeholders', () => {
    expect(() => prepareForPaths(demo)).toThrow(/guards allowed/);
  });

  it('reports the states and transitions no path reaches', () => {
    const machine = demo.provide({ guards: { allowed: () => true } });
    const plan = planMachinePaths(machine, { events });
    expect(plan.coverage.states.missed).toEqual(['demo.refused', 'demo.orphan']);
    expect(plan.coverage.transitions.missed).toEqual(['demo.idle: go #2 -> demo.refused', 'demo.orphan: stop -> demo.idle']);
    expect(plan.coverage.transitions.reached).toContain('demo.loading: xstate.after.pollInterval.demo.loading -> demo.idle');
  });

  it('merges the coverage of variants', () => {
    const plan = planMachinePaths(demo, {
      events,
      variants: [
        { name: 'allowed', machine: demo.provide({ guards: { allowed: () => true } }) },
        { name: 'refused', machine: demo.provide({ guards: { allowed: () => false } }) },
      ],
    });
    expect(plan.coverage.states.missed).toEqual(['demo.orphan']);
    expect(plan.selected.length).toBeLessThanOrEqual(plan.paths.length);
  });

  it('replaces every actor by one that never settles, so only the path drives done/error', async () => {
    const machine = demo.provide({ guards: { allowed: () => true } });
    const prepared = prepareForPaths(machine);
    expect(isNotProvided(prepared.implementations.actors.load)).toBe(false);
    const actor = createActor(prepared).start();
    actor.send({ type: 'go' });
    await new Promise((r) => setTimeout(r, 10));
    // The placeholder would have rejected (back to idle); the stand-in keeps loading.
    expect(actor.getSnapshot().value).toBe('loading');
    actor.stop();
    const [path] = generateMachinePaths(machine, { events: [{ type: 'go' }] });
    expect(path!.steps.map((s) => s.event.type)).toEqual(['xstate.init', 'go']);
    expect(replayPath(path!).mismatch).toBeNull();
    expect(machineCoverage(machine, [path!]).states.reached).toEqual(['demo', 'demo.idle', 'demo.loading']);
  });

  it('adds simple paths on request', () => {
    const machine = demo.provide({ guards: { allowed: () => true } });
    const shortest = generateMachinePaths(machine, { events });
    const both = generateMachinePaths(machine, { events, generator: 'shortest+simple' });
    expect(both.length).toBeGreaterThanOrEqual(shortest.length);
    for (const p of both) expect(replayPath(p).mismatch).toBeNull();
  });

  it('fails a replay whose state differs from the graph', () => {
    const machine = demo.provide({ guards: { allowed: () => true } });
    const [path] = generateMachinePaths(machine, { events }).filter((p) => p.steps.length > 1);
    const wrong = { ...path!, steps: path!.steps.map((s, i) => (i === 1 ? { ...s, state: path!.steps[0]!.state as AnyMachineSnapshot } : s)) };
    expect(() => assertPath(wrong)).toThrow(/expected .*"idle"/);
  });

  /** What the demo's steps must run, from the event and the states (the rules of the chart above). */
  const demoEffects = (step: EffectStep) => [
    ...(step.event.type === 'go' && enters(step, 'demo.loading')
      ? [actionRan('notify', { what: `try ${(step.after.context as { tries: number }).tries}` })]
      : []),
    ...(enters(step, 'demo.loading') ? [actorRan('load', { attempt: (step.after.context as { tries: number }).tries })] : []),
  ];

  it('records the named actors and actions each step ran, with their input and params', () => {
    const machine = demo.provide({ guards: { allowed: () => true } });
    const [path] = generateMachinePaths(machine, { events: [{ type: 'go' }] });
    const result = replayPath(path!);
    expect(result.effects).toEqual([[], [actionRan('notify', { what: 'try 1' }), actorRan('load', { attempt: 1 })]]);
    // Built-in actions (the assign 'count') are not effects; their work shows in the state.
    expect(result.effects.flat().some((e) => 'action' in e && e.action === 'count')).toBe(false);
  });

  it('checks every step against the effect expectation', () => {
    const machine = demo.provide({ guards: { allowed: () => true } });
    const plan = planMachinePaths(machine, { events, effects: demoEffects });
    expect(plan.results.map((r) => r.mismatch)).toEqual(plan.results.map(() => null));
    // Every path into loading (go, and back after an error or a timeout) started one load.
    expect(plan.results.flatMap((r) => r.effects.flat()).filter((e) => 'actor' in e).length).toBeGreaterThan(0);
  });

  it('fails a path whose effects differ from the expectation (wrong input, missing or extra effect)', () => {
    const machine = demo.provide({ guards: { allowed: () => true } });
    const [path] = generateMachinePaths(machine, { events: [{ type: 'go' }] });
    const wrongInput = { ...path!, effects: (s: EffectStep) => demoEffects(s).map((e) => ('actor' in e ? actorRan('load', { attempt: 7 }) : e)) };
    expect(() => assertPath(wrongInput)).toThrow(/step 1 \(go\): effects that ran[\s\S]*"attempt":7[\s\S]*"attempt":1/);
    const missing = { ...path!, effects: (s: EffectStep) => demoEffects(s).filter((e) => 'actor' in e) };
    expect(() => assertPath(missing)).toThrow(/effects that ran/);
    const extra = { ...path!, effects: (s: EffectStep) => [...demoEffects(s), actionRan('forget')] };
    expect(() => assertPath(extra)).toThrow(/effects that ran/);
    expect(assertPath({ ...path!, effects: demoEffects }).mismatch).toBeNull();
  });

  it('reports the named effects no path runs', () => {
    const machine = demo.provide({ guards: { allowed: () => true } });
    const plan = planMachinePaths(machine, { events, effects: demoEffects });
    expect(plan.coverage.effects.all).toEqual(['actor load', 'action notify', 'action forget']);
    expect(plan.coverage.effects.missed).toEqual(['action forget']);
  });
});
