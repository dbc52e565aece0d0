/**
 * The statechart toolkit's path tester (issue 2 §6).
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
 * For the replay the machine is prepared so that nothing happens on its own: every actor is
 * replaced by one that never settles (the path's done/error events drive the machine), every
 * action still on its "not provided" placeholder becomes a no-op, delayed events never fire (a
 * frozen clock), and a guard still on its placeholder is an error (the test must decide it).
 *
 * `machinePathSuite(name, machine, options)` registers vitest tests: one per selected path (a
 * small set of paths that together reach everything the graph reaches), one that replays every
 * generated path, and 'reaches every state and transition'.
 */
import { getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
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
};

export type CoverageItems = { all: string[]; reached: string[]; missed: string[] };
export type MachineCoverage = { states: CoverageItems; transitions: CoverageItems };

// ---------------------------------------------------------------------------------------------
// Preparing a machine

const pending = fromPromise<never, unknown>(() => new Promise<never>(() => undefined));
const noop = (): void => undefined;

/**
 * The machine with every actor replaced by a never-settling one and every unprovided action
 * made a no-op. Throws when a guard is still unprovided.
 */
export const prepareForPaths = <TMachine extends AnyStateMachine>(machine: TMachine): TMachine => {
  const impl = machine.implementations;
  const missingGuards = Object.entries(impl.guards)
    .filter(([, g]) => isNotProvided(g))
    .map(([name]) => name);
  if (missingGuards.length) {
    throw new Error(`Provide fakes for the guards ${missingGuards.join(', ')} before generating paths.`);
  }
  const actors = Object.fromEntries(Object.keys(impl.actors).map((name) => [name, pending]));
  const actions = Object.fromEntries(
    Object.entries(impl.actions)
      .filter(([, a]) => isNotProvided(a))
      .map(([name]) => [name, noop]),
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
      out.push({ variant: variant.name, machine: prepared, input, steps, description: describePath(variant.name, steps), serialize, events });
    });
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// Replaying paths

export type ReplayResult = {
  states: Set<string>;
  transitions: Set<string>;
  /** First step whose state differed (null when the replay matched). */
  mismatch: { step: number; event: EventObject; expected: string; actual: string } | null;
};

/** Replays a path on a fresh actor and collects the state nodes and transitions it went through. */
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
  const noteStates = () => actor.getSnapshot()._nodes.forEach((n: { id: string }) => states.add(n.id));
  actor.start();
  noteStates();
  const check = (index: number): ReplayResult['mismatch'] => {
    const step = path.steps[index]!;
    const expected = path.serialize(step.state);
    const actual = path.serialize(actor.getSnapshot());
    return expected === actual ? null : { step: index, event: step.event, expected, actual };
  };
  let mismatch = check(0);
  for (let i = 1; i < path.steps.length && !mismatch; i++) {
    actor.send(path.steps[i]!.event);
    noteStates();
    mismatch = check(i);
  }
  actor.stop();
  return { states, transitions, mismatch };
};

const mismatchMessage = (path: MachinePath, m: NonNullable<ReplayResult['mismatch']>): string =>
  `Path ${path.description}\n  step ${m.step} (${formatEvent(m.event)})\n  expected ${m.expected}\n  actual   ${m.actual}`;

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
  for (const r of results) {
    r.states.forEach((s) => reachedStates.add(s));
    r.transitions.forEach((t) => reachedTransitions.add(t));
  }
  const items = (all: string[], reached: Set<string>): CoverageItems => ({
    all,
    reached: all.filter((x) => reached.has(x)),
    missed: all.filter((x) => !reached.has(x)),
  });
  return {
    states: items(listStateIds(machine), reachedStates),
    transitions: items(listTransitions(machine), reachedTransitions),
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
 * generated path, and 'reaches every state and transition'.
 */
export const machinePathSuite = <TMachine extends AnyStateMachine>(
  name: string,
  machine: TMachine,
  options: MachinePathOptions<TMachine>,
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
  });
};
