import { describe, expect, it } from 'vitest';
import { assign, createActor, enqueueActions, forwardTo, getInitialSnapshot, getNextSnapshot, sendTo, setup, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
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
  type MachinePath,
  type PathStep,
  planMachinePaths,
  prepareForPaths,
  replayPath,
  sentTo,
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

  /**
   * A parent that tells its children: a child it invokes, children it spawns (their ids in
   * context), a sendTo, a forwardTo and an enqueueActions that sends to each spawned one.
   */
  const parent = setup({
    types: {
      context: {} as { kids: string[] },
      events: {} as { type: 'add'; id: string } | { type: 'ping' } | { type: 'relay'; n: number } | { type: 'all' },
    },
    actors: { worker: actorNotProvided<void, { n: number }>('worker'), kid: actorNotProvided<void, { id: string }>('kid') },
  })
    .extend({
      actions: {
        tellKids: enqueueActions(({ context, enqueue }) => {
          for (const id of context.kids) enqueue.sendTo(id, { type: 'kid.hello', to: id });
        }),
      },
    })
    .createMachine({
      id: 'parent',
      context: { kids: [] },
      invoke: { id: 'worker', src: 'worker', input: { n: 1 } },
      on: {
        add: {
          actions: enqueueActions(({ context, enqueue, event }) => {
            enqueue.spawnChild('kid', { id: event.id, input: { id: event.id } });
            enqueue.assign({ kids: [...context.kids, event.id] });
          }),
        },
        ping: { actions: sendTo('worker', { type: 'worker.ping' }) },
        relay: { actions: forwardTo('worker') },
        all: { actions: 'tellKids' },
      },
    });

  it('records the events a machine sends its invoked and spawned children, checked only on request', () => {
    const history = [{ type: 'add', id: 'k1' }, { type: 'add', id: 'k2' }, { type: 'ping' }, { type: 'relay', n: 7 }, { type: 'all' }];
    const want = (step: EffectStep) => {
      switch (step.event.type) {
        case 'xstate.init':
          return [actorRan('worker', { n: 1 })];
        case 'add':
          return [actorRan('kid', { id: step.event.id })];
        case 'ping':
          return [sentTo('worker', { type: 'worker.ping' })];
        case 'relay':
          return [sentTo('worker', { type: 'relay', n: 7 })];
        case 'all':
          return [sentTo('k1', { type: 'kid.hello', to: 'k1' }), sentTo('k2', { type: 'kid.hello', to: 'k2' })];
        default:
          return [];
      }
    };
    // A path written by hand: the events in order, each step's state as the machine computes it.
    const machine = prepareForPaths(parent);
    const steps: PathStep[] = [{ event: { type: 'xstate.init' }, state: getInitialSnapshot(machine) as AnyMachineSnapshot }];
    for (const event of history) steps.push({ event, state: getNextSnapshot(machine as AnyStateMachine, steps.at(-1)!.state, event) as AnyMachineSnapshot });
    const path: MachinePath = {
      variant: '',
      machine,
      input: undefined,
      steps,
      description: 'by hand',
      serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
      events: () => [],
      effects: want,
      checkSentEvents: true,
    };
    const result = assertPath(path);
    expect(result.effects).toEqual([
      [actorRan('worker', { n: 1 })],
      [actorRan('kid', { id: 'k1' })],
      [actorRan('kid', { id: 'k2' })],
      [sentTo('worker', { type: 'worker.ping' })],
      [sentTo('worker', { type: 'relay', n: 7 })],
      [sentTo('k1', { type: 'kid.hello', to: 'k1' }), sentTo('k2', { type: 'kid.hello', to: 'k2' })],
    ]);
    // A wrong event, a wrong child or a missing send fails the step.
    const wrongEvent = (s: EffectStep) => (s.event.type === 'all' ? [sentTo('k1', { type: 'kid.hello', to: 'k2' }), sentTo('k2', { type: 'kid.hello', to: 'k2' })] : want(s));
    expect(() => assertPath({ ...path, effects: wrongEvent })).toThrow(/step 5 \(all\): effects that ran/);
    const wrongChild = (s: EffectStep) => (s.event.type === 'ping' ? [sentTo('k1', { type: 'worker.ping' })] : want(s));
    expect(() => assertPath({ ...path, effects: wrongChild })).toThrow(/step 3 \(ping\): effects that ran/);
    const missing = (s: EffectStep) => (s.event.type === 'relay' ? [] : want(s));
    expect(() => assertPath({ ...path, effects: missing })).toThrow(/step 4 \(relay .*\): effects that ran/);
    // Without checkSentEvents the sends are recorded but a step compares actors and actions only (the other suites' API).
    const { checkSentEvents: _dropped, ...unchecked } = path;
    expect(assertPath({ ...unchecked, effects: (s) => want(s).filter((e) => !('sent' in e)) }).mismatch).toBeNull();
    expect(() => assertPath({ ...unchecked, effects: (s) => [...want(s), actionRan('never')] })).toThrow(/effects that ran/);
  });

  it('checks sent events in a suite run (planMachinePaths with checkSentEvents)', () => {
    const events = [{ type: 'add', id: 'k1' }, { type: 'ping' }, { type: 'all' }];
    const want = (step: EffectStep) => {
      const kids = (step.before?.context as { kids: string[] } | undefined)?.kids ?? [];
      if (step.event.type === 'xstate.init') return [actorRan('worker', { n: 1 })];
      if (step.event.type === 'add') return [actorRan('kid', { id: 'k1' })];
      if (step.event.type === 'ping') return [sentTo('worker', { type: 'worker.ping' })];
      return kids.map((id) => sentTo(id, { type: 'kid.hello', to: id }));
    };
    // 'all' only once a kid is there: the only path with it tells k1 (an edge path added for coverage).
    const tried = (s: AnyMachineSnapshot) => ((s.context as { kids: string[] }).kids.length > 0 ? events.slice(1) : events.slice(0, 1));
    const plan = planMachinePaths(parent, { events: tried, effects: want, checkSentEvents: true });
    expect(plan.results.map((r) => r.mismatch)).toEqual(plan.results.map(() => null));
    expect(plan.results.flatMap((r) => r.effects.flat()).filter((e) => 'sent' in e)).toContainEqual(sentTo('k1', { type: 'kid.hello', to: 'k1' }));
    const wrong = planMachinePaths(parent, { events: tried, effects: (s) => want(s).filter((e) => !('sent' in e)), checkSentEvents: true });
    expect(wrong.results.some((r) => r.mismatch?.kind === 'effects')).toBe(true);
  });
});
