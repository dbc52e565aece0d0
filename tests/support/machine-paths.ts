/**
 * The statechart toolkit's path tester (ARCHITECTURE.md "Statecharts": generated path tests).
 *
 * Given a machine (with fakes for its guards), an explicit event list (including
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events with outputs, and
 * `xstate.after.<delay>.<stateId>` if the machine has timers), it
 *
 * 1. generates paths with @xstate/graph (`getShortestPaths`, optionally `getSimplePaths`), with a
 *    state serialiser of the value plus the context that matters;
 * 2. replays each path against a fresh actor (skipping steps[0], the `xstate.init`), asserting
 *    after every event that the actor reached the same serialised state as the graph;
 * 3. reports which state nodes (all ids, nested and parallel) and which transitions (source state,
 *    event, guard, target) no path reached.
 *
 * For the replay the machine is prepared so that nothing happens on its own, and every named
 * effect is recorded: every actor (`machine.implementations.actors`, invoked or spawned) is
 * replaced by a recording fake, a callback actor that notes its name and input when it starts,
 * notes every event the machine sends it (`{ sent: <child id>, event }`: `sendTo`, `forwardTo`,
 * an `enqueueActions` that sends to a child) and never ends (the path's done/error events drive
 * the machine); every named action that is not one of XState's own (assign, raise, sendTo ...) is
 * replaced by a recording fake that notes its name and params, delayed events never fire (a frozen
 * clock), and a guard still on its placeholder is an error (the test must decide it).
 *
 * 4. with `effects` (an expectation written from the event and the states before and after it),
 *    checks after every step that exactly the expected effects ran, with the expected input or
 *    params (order within a step does not count; how many times does). The events sent to
 *    children are part of the check only for a suite that asks for them (`checkSentEvents: true`,
 *    expected with `sentTo(childId, event)`); the other suites compare actors and actions only.
 *
 * `machinePathSuite(name, machine, options)` registers vitest tests: one per selected path (a
 * small set of paths that together reach everything the graph reaches), one that replays every
 * generated path, 'reaches every state and transition' and 'runs every named effect'.
 */
import { getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  getNextSnapshot,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type ContextFrom,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  type StateNode,
} from 'xstate';
import { isNotProvided } from '../../src/machines/not-provided';

type AnyStateNode = StateNode<never, never>;

/** An event to try: any `type` with any payload (done/error/after events included). */
export type PathEvent = EventObject & Record<string, unknown>;
export type PathEvents = readonly PathEvent[] | ((snapshot: AnyMachineSnapshot) => readonly PathEvent[]);

/**
 * A named effect that ran: an invoked or spawned actor with its input, an action with its params,
 * or an event the machine sent to one of its children (by the child's id).
 */
export type Effect = { actor: string; input?: unknown } | { action: string; params?: unknown } | { sent: string; event: unknown };

/** An actor that must have been started, with this input (leave it out for none). */
export const actorRan = (name: string, input?: unknown): Effect => (input === undefined ? { actor: name } : { actor: name, input });
/** An action that must have run, with these params (leave them out for none). */
export const actionRan = (name: string, params?: unknown): Effect =>
  params === undefined ? { action: name } : { action: name, params };
/** An event the machine must have sent to its child `id` (an invoked or spawned actor's id). */
export const sentTo = (id: string, event: { type: string } & Record<string, unknown>): Effect => ({ sent: id, event });

/**
 * One step of a path, as the effect expectation sees it. The graph keeps one snapshot per
 * serialised state, so only what `serializeContext` keeps is reliable in `before`/`after`; take
 * anything else (what a call answered) from `history`.
 */
export type EffectStep = {
  /** 0 for the start (`xstate.init`: entry actions and initial invocations). */
  index: number;
  event: PathEvent;
  /** The path's events up to and including this one (without `xstate.init`). */
  history: readonly PathEvent[];
  /** The state before the event (null at the start). */
  before: AnyMachineSnapshot | null;
  /** The state the path expects after the event. */
  after: AnyMachineSnapshot;
  variant: string;
  input: unknown;
};

/** The effects a step must run, derived from its event and states (not a recorded snapshot). */
export type ExpectEffects = (step: EffectStep) => readonly Effect[];

/** True when the step entered the state node `id` (active after it, not before it). */
export const enters = (step: EffectStep, id: string): boolean => {
  const active = (s: AnyMachineSnapshot | null) => (s ? s._nodes.some((n) => n.id === id) : false);
  return active(step.after) && !active(step.before);
};

export type PathVariant<TMachine extends AnyStateMachine> = {
  /** Shown in test names. */
  name: string;
  /** The machine with this variant's fakes (default: the suite's machine). */
  machine?: TMachine;
  /** Input for this variant (default: the suite's input). */
  input?: InputFrom<TMachine>;
};

export type MachinePathOptions<TMachine extends AnyStateMachine> = {
  /** Every event to try in every state (done/error/after events included). */
  events: PathEvents;
  input?: InputFrom<TMachine>;
  /** The part of the context that tells two snapshots apart (default: the whole context). */
  serializeContext?: (context: ContextFrom<TMachine>) => unknown;
  /** Path generator: shortest paths (default), or shortest plus simple paths (can be many). */
  generator?: 'shortest' | 'shortest+simple';
  /** Runs of the same machine with other fakes or inputs; coverage is their union. */
  variants?: readonly PathVariant<TMachine>[];
  /** Traversal limit (@xstate/graph `limit`), against runaway state spaces. */
  limit?: number;
  /**
   * Try only events the snapshot handles (`snapshot.can(event)`), so unhandled events do not
   * multiply the graph. Default true.
   */
  onlyHandledEvents?: boolean;
  /**
   * Shortest paths reach every state once, so an edge into an already reached state (A -e-> B)
   * may take a transition no shortest path takes. When coverage is short, paths made of the
   * shortest path to A plus e are added (those whose event selects a missed transition first)
   * until nothing more is gained. Default true.
   */
  coverTransitions?: boolean;
  /** The effects each step must run; without it effects are recorded but not checked. */
  effects?: ExpectEffects;
  /**
   * Check the events sent to children too (`sentTo(id, event)` in `effects`). Default false: the
   * events are recorded but a step's check compares only actors and actions.
   */
  checkSentEvents?: boolean;
};

export type PathStep = { event: EventObject; state: AnyMachineSnapshot };

export type MachinePath = {
  variant: string;
  /** The prepared machine the path was generated from and replays against. */
  machine: AnyStateMachine;
  input: unknown;
  /** steps[0] is `xstate.init` with the initial snapshot; each later step is an event and the state it leads to. */
  steps: PathStep[];
  description: string;
  serialize: (snapshot: AnyMachineSnapshot) => string;
  /** The events tried in a snapshot (for extending the path by one edge). */
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  /** The effects each step must run (unchecked when absent). */
  effects?: ExpectEffects;
  /** Whether the events sent to children are part of the check. */
  checkSentEvents?: boolean;
};

export type CoverageItems = { all: string[]; reached: string[]; missed: string[] };
export type MachineCoverage = { states: CoverageItems; transitions: CoverageItems; effects: CoverageItems };

// ---------------------------------------------------------------------------------------------
// Preparing a machine

const noop = (): void => undefined;

/** Where the recording fakes of a replay write: one list per actor system (one per replay). */
const effectSinks = new WeakMap<object, Effect[]>();
const record = (system: unknown, effect: Effect): void => {
  if (typeof system === 'object' && system !== null) effectSinks.get(system)?.push(effect);
};

/** XState's own actions (assign, raise, sendTo, emit, enqueueActions ...) carry a `resolve`. */
const isBuiltInAction = (impl: unknown): boolean => typeof impl === 'function' && 'resolve' in impl;

/** The named effects of a machine: its actors and its actions that are not XState's own. */
export const namedEffects = (machine: AnyStateMachine): { actors: string[]; actions: string[] } => ({
  actors: Object.keys(machine.implementations.actors),
  actions: Object.entries(machine.implementations.actions)
    .filter(([, a]) => !isBuiltInAction(a))
    .map(([name]) => name),
});

const effectKey = (effect: Effect): string =>
  'actor' in effect ? `actor ${effect.actor}` : 'action' in effect ? `action ${effect.action}` : `sent ${effect.sent}`;

/**
 * The machine with every actor replaced by a recording one that never ends (it notes its start
 * and every event it receives) and every named action that is not XState's own replaced by a
 * recording no-op. Throws when a guard is still unprovided.
 */
export const prepareForPaths = <TMachine extends AnyStateMachine>(machine: TMachine): TMachine => {
  const impl = machine.implementations;
  const missingGuards = Object.entries(impl.guards)
    .filter(([, g]) => isNotProvided(g))
    .map(([name]) => name);
  if (missingGuards.length) {
    throw new Error(`Provide fakes for the guards ${missingGuards.join(', ')} before generating paths.`);
  }
  const { actors: actorNames, actions: actionNames } = namedEffects(machine);
  const actors = Object.fromEntries(
    actorNames.map((name) => [
      name,
      fromCallback<EventObject, unknown>(({ input, system, self, receive }) => {
        record(system, actorRan(name, input));
        receive((event) => record(system, sentTo(self.id, event)));
      }),
    ]),
  );
  const actions = Object.fromEntries(
    actionNames.map((name) => [name, ({ system }: { system: unknown }, params: unknown) => record(system, actionRan(name, params))]),
  );
  return machine.provide({ actors, actions }) as TMachine;
};

/** A clock whose timers never fire: delayed events only happen when a path sends them. */
const frozenClock = { setTimeout: (): number => 0, clearTimeout: noop };

// ---------------------------------------------------------------------------------------------
// States and transitions of a machine

const childNodes = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states) as AnyStateNode[];

const allNodes = (machine: AnyStateMachine): AnyStateNode[] => {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode): void => {
    out.push(node);
    childNodes(node).forEach(walk);
  };
  walk(machine.root as unknown as AnyStateNode);
  return out;
};

/** Every state node id of the machine (root included), nested and parallel ones too. */
export const listStateIds = (machine: AnyStateMachine): string[] => allNodes(machine).map((n) => n.id);

const guardName = (guard: unknown): string | null => {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'guard';
};

/** Stable label of one transition candidate: `source: event [guard] -> targets`. */
const transitionLabel = (t: AnyTransitionDefinition, index: number, count: number): string => {
  const event = t.eventType === '' ? 'always' : String(t.eventType);
  const guard = guardName(t.guard);
  const targets = t.target?.length ? t.target.map((n) => n.id).join(', ') : '(stay)';
  const nth = count > 1 ? ` #${index + 1}` : '';
  return `${t.source.id}: ${event}${guard ? ` [${guard}]` : ''}${nth} -> ${targets}`;
};

const labelCache = new WeakMap<AnyStateMachine, Map<AnyTransitionDefinition, string>>();

const transitionLabels = (machine: AnyStateMachine): Map<AnyTransitionDefinition, string> => {
  const cached = labelCache.get(machine);
  if (cached) return cached;
  const labels = new Map<AnyTransitionDefinition, string>();
  labelCache.set(machine, labels);
  for (const node of allNodes(machine)) {
    const groups: AnyTransitionDefinition[][] = [...(node.transitions.values() as Iterable<AnyTransitionDefinition[]>)];
    if (node.always) groups.push([...(node.always as AnyTransitionDefinition[])]);
    for (const group of groups) group.forEach((t, i) => labels.set(t, transitionLabel(t, i, group.length)));
  }
  return labels;
};

/** Every transition candidate of the machine, labelled `source: event [guard] -> targets`. */
export const listTransitions = (machine: AnyStateMachine): string[] => [...transitionLabels(machine).values()];

// ---------------------------------------------------------------------------------------------
// Generating paths

const formatEvent = (event: EventObject): string => {
  const { type, ...rest } = event;
  const payload = Object.keys(rest).length ? JSON.stringify(rest) : '';
  return payload ? `${type} ${payload.length > 60 ? `${payload.slice(0, 57)}...` : payload}` : type;
};

const describePath = (variant: string, steps: PathStep[]): string => {
  const events = steps.slice(1).map((s) => formatEvent(s.event));
  const last = steps[steps.length - 1];
  const end = last ? JSON.stringify(last.state.value) : '?';
  return `${variant ? `[${variant}] ` : ''}${events.length ? events.join(' → ') : '(initial)'} ⇒ ${end}`;
};

export const snapshotSerializer =
  <TMachine extends AnyStateMachine>(serializeContext?: (context: ContextFrom<TMachine>) => unknown) =>
  (snapshot: AnyMachineSnapshot): string =>
    JSON.stringify({
      value: snapshot.value,
      context: serializeContext ? serializeContext(snapshot.context as ContextFrom<TMachine>) : snapshot.context,
    });

const toSteps = (path: StatePath<AnyMachineSnapshot, EventObject>): PathStep[] =>
  path.steps.map((s) => ({ event: s.event, state: s.state }));

/** Paths of every variant, prefix paths removed (a path that another path extends adds nothing). */
export const generateMachinePaths = <TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachinePathOptions<TMachine>,
): MachinePath[] => {
  const serialize = snapshotSerializer<TMachine>(options.serializeContext);
  const variants: PathVariant<TMachine>[] = options.variants?.length ? [...options.variants] : [{ name: '' }];
  const onlyHandled = options.onlyHandledEvents ?? true;
  const out: MachinePath[] = [];
  for (const variant of variants) {
    const prepared = prepareForPaths(variant.machine ?? machine);
    const input = variant.input ?? options.input;
    const events = (snapshot: AnyMachineSnapshot): EventObject[] => {
      const list = typeof options.events === 'function' ? options.events(snapshot) : options.events;
      return onlyHandled ? list.filter((e) => snapshot.can(e)) : [...list];
    };
    const traversal = {
      events,
      input,
      serializeState: (s: AnyMachineSnapshot) => serialize(s),
      ...(options.limit === undefined ? {} : { limit: options.limit }),
    };
    // @xstate/graph's option types follow the machine's own event union; this helper works on any machine.
    const generate = (gen: typeof getShortestPaths) =>
      gen(prepared as AnyStateMachine, traversal as Parameters<typeof getShortestPaths<AnyStateMachine>>[1]);
    const paths = generate(getShortestPaths).map(toSteps);
    if (options.generator === 'shortest+simple') paths.push(...generate(getSimplePaths).map(toSteps));
    const keyOf = (steps: PathStep[]) => steps.slice(1).map((s) => JSON.stringify(s.event));
    const keys = paths.map(keyOf);
    const prefixes = new Set<string>();
    for (const key of keys) for (let n = 0; n < key.length; n++) prefixes.add(key.slice(0, n).join('\n'));
    const seen = new Set<string>();
    paths.forEach((steps, i) => {
      const id = keys[i]!.join('\n');
      if (prefixes.has(id) || seen.has(id)) return;
      seen.add(id);
      out.push({
        variant: variant.name,
        machine: prepared,
        input,
        steps,
        description: describePath(variant.name, steps),
        serialize,
        events,
        ...(options.effects ? { effects: options.effects } : {}),
        ...(options.checkSentEvents ? { checkSentEvents: true } : {}),
      });
    });
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// Replaying paths

export type ReplayResult = {
  states: Set<string>;
  transitions: Set<string>;
  /** The named effects each step ran (index as in `path.steps`). */
  effects: Effect[][];
  /** First step whose state or effects differed (null when the replay matched). */
  mismatch: { step: number; event: EventObject; kind: 'state' | 'effects'; expected: string; actual: string } | null;
};

/** A stable text of a value (object keys sorted), to compare effects whatever their order. */
const stableText = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  ) ?? 'undefined';

const effectText = (effects: readonly Effect[]): string => `[${effects.map(stableText).sort().join(', ')}]`;

/** The effects a step's check compares: without `checkSentEvents`, the events sent to children are left out. */
const checked = (path: MachinePath, effects: readonly Effect[]): readonly Effect[] =>
  path.checkSentEvents ? effects : effects.filter((e) => !('sent' in e));

/**
 * Replays a path on a fresh actor and collects the state nodes and transitions it went through
 * and the named effects each step ran; checks every step's state and, when the path has an
 * expectation, its effects.
 */
export const replayPath = (path: MachinePath): ReplayResult => {
  const labels = transitionLabels(path.machine);
  const states = new Set<string>();
  const transitions = new Set<string>();
  const inspect = (ev: InspectionEvent): void => {
    if (ev.type !== '@xstate.microstep') return;
    const snapshot = ev.snapshot as AnyMachineSnapshot;
    snapshot._nodes.forEach((n) => states.add(n.id));
    for (const t of ev._transitions as AnyTransitionDefinition[]) {
      // The source was active (this also catches transient states, left within the macrostep).
      states.add(t.source.id);
      const label = labels.get(t);
      if (label) transitions.add(label);
    }
  };
  const actor = createActor(path.machine, { input: path.input, clock: frozenClock, inspect });
  const effects: Effect[][] = path.steps.map(() => []);
  const noteStates = () => actor.getSnapshot()._nodes.forEach((n: { id: string }) => states.add(n.id));
  const check = (index: number): ReplayResult['mismatch'] => {
    const step = path.steps[index]!;
    const expected = path.serialize(step.state);
    const actual = path.serialize(actor.getSnapshot());
    if (expected !== actual) return { step: index, event: step.event, kind: 'state', expected, actual };
    if (!path.effects) return null;
    const want = effectText(
      checked(path, path.effects({
        index,
        event: step.event as PathEvent,
        history: path.steps.slice(1, index + 1).map((s) => s.event as PathEvent),
        before: index === 0 ? null : path.steps[index - 1]!.state,
        after: step.state,
        variant: path.variant,
        input: path.input,
      })),
    );
    const got = effectText(checked(path, effects[index]!));
    return want === got ? null : { step: index, event: step.event, kind: 'effects', expected: want, actual: got };
  };
  effectSinks.set(actor.system, effects[0]!);
  actor.start();
  noteStates();
  let mismatch = check(0);
  for (let i = 1; i < path.steps.length && !mismatch; i++) {
    effectSinks.set(actor.system, effects[i]!);
    actor.send(path.steps[i]!.event);
    noteStates();
    mismatch = check(i);
  }
  // What stopping runs (exit actions) belongs to no step.
  effectSinks.delete(actor.system);
  actor.stop();
  return { states, transitions, effects, mismatch };
};

const mismatchMessage = (path: MachinePath, m: NonNullable<ReplayResult['mismatch']>): string =>
  `Path ${path.description}\n  step ${m.step} (${formatEvent(m.event)}): ${m.kind === 'state' ? 'state' : 'effects that ran'}\n  expected ${m.expected}\n  actual   ${m.actual}`;

/** Replays the path and throws on the first state that differs from the graph's. */
export const assertPath = (path: MachinePath): ReplayResult => {
  const result = replayPath(path);
  if (result.mismatch) throw new Error(mismatchMessage(path, result.mismatch));
  return result;
};

/** Which state nodes and transitions of `machine` the paths reach (by replaying them). */
export const machineCoverage = (
  machine: AnyStateMachine,
  paths: readonly MachinePath[],
  results: readonly ReplayResult[] = paths.map(replayPath),
): MachineCoverage => {
  const reachedStates = new Set<string>();
  const reachedTransitions = new Set<string>();
  const ranEffects = new Set<string>();
  for (const r of results) {
    r.states.forEach((s) => reachedStates.add(s));
    r.transitions.forEach((t) => reachedTransitions.add(t));
    r.effects.forEach((step) => step.forEach((e) => ranEffects.add(effectKey(e))));
  }
  const named = namedEffects(machine);
  const items = (all: string[], reached: Set<string>): CoverageItems => ({
    all,
    reached: all.filter((x) => reached.has(x)),
    missed: all.filter((x) => !reached.has(x)),
  });
  return {
    states: items(listStateIds(machine), reachedStates),
    transitions: items(listTransitions(machine), reachedTransitions),
    effects: items([...named.actors.map((a) => `actor ${a}`), ...named.actions.map((a) => `action ${a}`)], ranEffects),
  };
};

/** A small set of paths that together reach every state node and transition the given paths reach. */
export const selectCoveringPaths = (paths: readonly MachinePath[], results: readonly ReplayResult[]): MachinePath[] => {
  const itemsOf = results.map((r) => new Set([...r.states].map((s) => `s:${s}`).concat([...r.transitions].map((t) => `t:${t}`))));
  const covered = new Set<string>();
  const chosen: number[] = [];
  for (;;) {
    let best = -1;
    let bestGain = 0;
    itemsOf.forEach((items, i) => {
      let gain = 0;
      items.forEach((x) => {
        if (!covered.has(x)) gain++;
      });
      if (gain > bestGain) {
        best = i;
        bestGain = gain;
      }
    });
    if (best < 0) break;
    chosen.push(best);
    itemsOf[best]!.forEach((x) => covered.add(x));
  }
  return chosen.sort((a, b) => a - b).map((i) => paths[i]!);
};

export const formatCoverage = (coverage: MachineCoverage): string =>
  [
    `states reached ${coverage.states.reached.length}/${coverage.states.all.length}`,
    ...coverage.states.missed.map((s) => `  missed state ${s}`),
    `transitions reached ${coverage.transitions.reached.length}/${coverage.transitions.all.length}`,
    ...coverage.transitions.missed.map((t) => `  missed transition ${t}`),
    `named effects run ${coverage.effects.reached.length}/${coverage.effects.all.length}`,
    ...coverage.effects.missed.map((e) => `  never ran: ${e}`),
  ].join('\n');

export type PathPlan = {
  /** Generated paths (plus the edge paths added for coverage). */
  paths: MachinePath[];
  results: ReplayResult[];
  /** The covering subset registered as one test each. */
  selected: MachinePath[];
  coverage: MachineCoverage;
};

const missedItems = (coverage: MachineCoverage): Set<string> =>
  new Set([...coverage.states.missed.map((x) => `s:${x}`), ...coverage.transitions.missed.map((x) => `t:${x}`)]);

/**
 * Generates and replays the paths, completes transition coverage with edge paths where the
 * shortest paths fall short, and picks a covering subset.
 */
export const planMachinePaths = <TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachinePathOptions<TMachine>,
): PathPlan => {
  const paths = generateMachinePaths(machine, options);
  const results = paths.map(replayPath);
  let coverage = machineCoverage(machine, paths, results);
  let missed = missedItems(coverage);
  if ((options.coverTransitions ?? true) && missed.size > 0) {
    // Every edge out of every state the paths pass through, those whose event selects a missed
    // transition first, then the rest in path order.
    const candidates: { path: MachinePath; head: PathStep[]; event: EventObject; priority: number }[] = [];
    const seen = new Set<string>();
    for (const path of [...paths]) {
      const labels = transitionLabels(path.machine);
      path.steps.forEach((step, i) => {
        const key = `${path.variant}\n${path.serialize(step.state)}`;
        if (seen.has(key)) return;
        seen.add(key);
        for (const event of path.events(step.state)) {
          const selected = path.machine.getTransitionData(step.state, event) as AnyTransitionDefinition[];
          const hits = selected.some((t) => missed.has(`t:${labels.get(t) ?? ''}`));
          candidates.push({ path, head: path.steps.slice(0, i + 1), event, priority: hits ? 0 : 1 });
        }
      });
    }
    candidates.sort((a, b) => a.priority - b.priority);
    for (const { path, head, event } of candidates) {
      if (missed.size === 0) break;
      const last = head[head.length - 1]!.state;
      const steps = [...head, { event, state: getNextSnapshot(path.machine, last, event) as AnyMachineSnapshot }];
      const edgePath: MachinePath = { ...path, steps, description: describePath(path.variant, steps) };
      const result = replayPath(edgePath);
      const gains = [...result.states].some((x) => missed.has(`s:${x}`)) || [...result.transitions].some((x) => missed.has(`t:${x}`));
      if (!gains && !result.mismatch) continue;
      paths.push(edgePath);
      results.push(result);
      coverage = machineCoverage(machine, paths, results);
      missed = missedItems(coverage);
    }
  }
  return { paths, results, selected: selectCoveringPaths(paths, results), coverage };
};

/**
 * Registers the path tests of a machine: one test per selected path, one replaying every
 * generated path, 'reaches every state and transition' and 'runs every named actor and action'.
 * Every path's steps are checked against `effects`.
 */
export const machinePathSuite = <TMachine extends AnyStateMachine>(
  name: string,
  machine: TMachine,
  options: MachinePathOptions<TMachine> & { effects: ExpectEffects },
): void => {
  describe(name, () => {
    const { paths, results, selected, coverage } = planMachinePaths(machine, options);

    it('generates paths', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    for (const path of selected) {
      it(path.description, () => {
        const result = assertPath(path);
        expect(result.mismatch).toBeNull();
      });
    }

    it(`replays all ${paths.length} generated paths`, () => {
      const failures = paths.flatMap((p, i) => {
        const m = results[i]!.mismatch;
        return m ? [mismatchMessage(p, m)] : [];
      });
      expect(failures, failures.join('\n\n')).toEqual([]);
    });

    it('reaches every state and transition', () => {
      const missed = [
        ...coverage.states.missed.map((s) => `state ${s}`),
        ...coverage.transitions.missed.map((t) => `transition ${t}`),
      ];
      expect(missed, formatCoverage(coverage)).toEqual([]);
    });

    it('runs every named actor and action on some path', () => {
      expect(coverage.effects.missed, formatCoverage(coverage)).toEqual([]);
    });
  });
};
