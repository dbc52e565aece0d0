/**
 * QA replay: each actor of a recording (src/services/recorder.ts, format versions 2 and 3) is
 * replayed into a fresh actor of the same machine, and its state after every event is compared
 * with the recorded one. Used by `npm run replay -- file.json` (scripts/replay.ts), the end-to-end
 * journey that records a real session (tests/e2e/recorded-session.spec.ts) and
 * tests/model/replay.test.ts. It imports every machine (./replay-machines), so the app never
 * imports this module.
 *
 * Rules:
 * - The machine is found by the recorded machine id in src/services/replay-machines.ts; an
 *   unknown id fails the replay (nothing of that actor can be checked).
 * - No effect runs. Every actor the machine invokes or spawns by name becomes an inert callback
 *   actor that never settles and ignores what it is sent, so the recorded
 *   `xstate.done.actor.*` / `xstate.error.actor.*` events (with their recorded outputs) are the
 *   only answers the replayed actor gets. Actions the app provides (the machines' placeholders,
 *   src/machines/not-provided.ts) do nothing; actions written in the machine (assign, raise,
 *   sendTo ...) run as usual. Timers run on a SimulatedClock that never moves: delayed events
 *   happen only when the recording has them (`xstate.after.*`).
 * - Guards the app provides (placeholders such as `hasStoredToken`, which read storage) answer
 *   from the recording: true where the recorded run took that guard's transition in that
 *   microstep, false elsewhere. Guards written in the machine are evaluated for real.
 * - Redacted secrets (`[redacted]`) get stand-ins that pass the forms' checks (`withStandIns`).
 * - Actors replay one by one, not wired to each other: every message an actor received from
 *   another is itself one of its recorded events.
 * - Compared after the initial transition and after each event: state value, tags and status, and
 *   the context fields the machine marks as recordable (`meta.recordable` on its root, recorded
 *   as `recordable` since version 3; both sides redacted alike, so stand-ins compare equal). The
 *   rest of the context is recorded for reading only. An actor's replay stops at its first
 *   difference (later ones follow from it).
 * - A replay passes when every actor was replayed, no state differs, and at least one event was
 *   compared; "nothing to compare" is a failure, not a pass.
 */
import { createActor, fromCallback, SimulatedClock, type AnyActorRef, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { z } from 'zod/mini';
import { RoleLevel } from '../contract/roles';
import { isNotProvided } from '../machines/not-provided';
import { isSecretKey, redactSecrets, REDACTED } from './redact';
import { recordableFieldsOf, recordingSchema, toJsonSafe, type RecordedActor, type RecordedGuard, type RecordedState, type Recording } from './recorder';
import { replayMachines } from './replay-machines';

// zod/mini registers no locale; `npm run replay` prints `error.message` of a file that is not a recording.
z.config(z.locales.en());

export { recordingSchema, type Recording };

/** Stand-ins for redacted fields, chosen to pass the forms' checks like a real value would. */
export const standInFor = (key: string): string => {
  const k = key.toLowerCase();
  if (k.includes('password')) return 'Replay-passw0rd';
  if (k === 'code') return '123456';
  if (k === 'credential') return 'replay-credential';
  return 'replay-token';
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The value with every redacted secret replaced by a stand-in. A redacted role item's `code` is
 * recovered from its level (src/contract/roles.ts), as a role code is no secret.
 */
export const withStandIns = <T>(value: T): T => {
  const walk = (v: unknown, key: string | null, parent: Record<string, unknown> | null): unknown => {
    if (v === REDACTED && key !== null && isSecretKey(key)) {
      if (key === 'code' && parent && typeof parent.level === 'number') return parent.level === RoleLevel.member ? 'member' : 'admin';
      return standInFor(key);
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, key, parent));
    if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k, v)]));
    return v;
  };
  return walk(value, null, null) as T;
};

/** The compared part of a state. */
export type ComparedState = Pick<RecordedState, 'value' | 'tags' | 'status' | 'recordable'>;
const compared = (s: RecordedState): ComparedState => ({
  value: s.value,
  tags: [...s.tags].sort(),
  status: s.status,
  ...(s.recordable === undefined ? {} : { recordable: s.recordable }),
});

const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) => (isRecord(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x));
const sameState = (a: ComparedState, b: ComparedState): boolean => stable(a) === stable(b);

export type ReplayMismatch = {
  actor: string;
  machine: string;
  /** Index of the event in the actor's recorded events; -1 for the initial state. */
  index: number;
  event: string;
  expected: ComparedState;
  got: ComparedState;
  /** The replayed actor's error, when it failed instead of reaching a state. */
  error?: string;
};

export type ActorReport = {
  actor: string;
  machine: string;
  events: number;
  /** Events whose state was compared and found the same. */
  same: number;
  outcome: 'same' | 'differs' | 'unknown machine';
};

export type ReplayReport = {
  actors: ActorReport[];
  mismatches: ReplayMismatch[];
  /** Events compared in all (the same or not). */
  compared: number;
  ok: boolean;
};

/** A never-settling stand-in for every invoked or spawned actor: the recorded done/error events answer instead. */
const inert = fromCallback(() => undefined);

/** The guards of the current event that the recorded run took, by microstep. */
type GuardTape = { guards: readonly RecordedGuard[]; step: number };

const replayableMachine = (machine: AnyStateMachine, tape: GuardTape): AnyStateMachine => {
  const impl = machine.implementations as {
    actors: Record<string, unknown>;
    actions: Record<string, unknown>;
    guards: Record<string, unknown>;
  };
  const actors = Object.fromEntries(Object.keys(impl.actors).map((name) => [name, inert]));
  const actions = Object.fromEntries(
    Object.entries(impl.actions)
      .filter(([, a]) => isNotProvided(a))
      .map(([name]) => [name, () => undefined]),
  );
  const guards = Object.fromEntries(
    Object.entries(impl.guards)
      .filter(([, g]) => isNotProvided(g))
      .map(([name]) => [name, () => tape.guards.some((g) => g.step === tape.step && g.name === name)]),
  );
  return machine.provide({ actors, actions, guards } as never);
};

type SnapshotLike = { value: unknown; tags: Iterable<string>; status: string; error?: unknown; context?: unknown };
/** The replayed actor's state, with its recordable fields when the recording compares them. */
const stateNow = (actor: AnyActorRef, fields: readonly string[] | null): ComparedState => {
  const s = actor.getSnapshot() as SnapshotLike;
  const state: ComparedState = { value: JSON.parse(JSON.stringify(s.value ?? null)) as unknown, tags: [...s.tags].sort(), status: s.status };
  if (fields === null) return state;
  const context = (s.context ?? {}) as Record<string, unknown>;
  return { ...state, recordable: redactSecrets(toJsonSafe(Object.fromEntries(fields.map((f) => [f, context[f] ?? null])))) as Record<string, unknown> };
};
const errorOf = (actor: AnyActorRef): string | undefined => {
  const s = actor.getSnapshot() as SnapshotLike;
  if (s.status !== 'error') return undefined;
  return s.error instanceof Error ? s.error.message : String(s.error);
};

const replayActor = (recorded: RecordedActor, machines: ReadonlyMap<string, AnyStateMachine>): { report: ActorReport; mismatch?: ReplayMismatch; compared: number } => {
  const base = { actor: recorded.id, machine: recorded.machine, events: recorded.events.length };
  const machine = machines.get(recorded.machine);
  if (!machine) return { report: { ...base, same: 0, outcome: 'unknown machine' }, compared: 0 };

  const tape: GuardTape = { guards: recorded.initial.guards ?? [], step: 0 };
  let self: AnyActorRef | null = null;
  const inspect = (ev: InspectionEvent): void => {
    if (ev.type === '@xstate.microstep' && ev.actorRef === self) tape.step++;
  };
  const actor = createActor(replayableMachine(machine, tape), {
    ...(recorded.input === undefined ? {} : { input: withStandIns(recorded.input) }),
    clock: new SimulatedClock(),
    inspect,
  });
  self = actor;
  // A replayed actor's own errors show as a differing state; they must not reach the console as unhandled.
  actor.subscribe({ error: () => undefined });

  // Compared when the recording holds them (version 3), by the fields the machine marks now.
  const fields = recorded.initial.state.recordable === undefined ? null : recordableFieldsOf(machine);
  const differs = (index: number, event: string, expected: RecordedState): ReplayMismatch | null => {
    const got = stateNow(actor, expected.recordable === undefined ? null : fields);
    const want = compared(expected);
    if (sameState(want, got)) return null;
    const error = errorOf(actor);
    return { actor: recorded.id, machine: recorded.machine, index, event, expected: want, got, ...(error ? { error } : {}) };
  };

  try {
    actor.start();
    const initial = differs(-1, 'xstate.init', recorded.initial.state);
    if (initial) return { report: { ...base, same: 0, outcome: 'differs' }, mismatch: initial, compared: 0 };
    let same = 0;
    for (const [index, step] of recorded.events.entries()) {
      tape.guards = step.guards ?? [];
      tape.step = 0;
      actor.send(withStandIns(step.event));
      const mismatch = differs(index, step.event.type, step.state);
      if (mismatch) return { report: { ...base, same, outcome: 'differs' }, mismatch, compared: same + 1 };
      same++;
    }
    return { report: { ...base, same, outcome: 'same' }, compared: same };
  } finally {
    actor.stop();
  }
};

/** Replays every actor of the recording and compares its states (synchronous: no effect runs, no timer fires). */
export const replayRecording = (
  recording: Recording,
  { machines = replayMachines }: { machines?: ReadonlyMap<string, AnyStateMachine> } = {},
): ReplayReport => {
  const actors: ActorReport[] = [];
  const mismatches: ReplayMismatch[] = [];
  let total = 0;
  for (const recorded of recording.actors) {
    const { report, mismatch, compared: n } = replayActor(recorded, machines);
    actors.push(report);
    if (mismatch) mismatches.push(mismatch);
    total += n;
  }
  const ok = mismatches.length === 0 && actors.every((a) => a.outcome !== 'unknown machine') && total > 0;
  return { actors, mismatches, compared: total, ok };
};

/** Reads a recording's JSON text; older formats and other files get a message saying why not. */
export const parseRecording = (text: string): { ok: true; recording: Recording } | { ok: false; message: string } => {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (err) {
    return { ok: false, message: `not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  const version = isRecord(json) ? json.version : undefined;
  if (typeof version === 'number' && version < 2) {
    return { ok: false, message: `a version ${version} recording (events only, no states): nothing to compare; record it again` };
  }
  const parsed = recordingSchema.safeParse(json);
  return parsed.success ? { ok: true, recording: parsed.data } : { ok: false, message: `not a recording: ${parsed.error.message}` };
};

const show = (s: ComparedState): string =>
  `${JSON.stringify(s.value)} tags ${JSON.stringify(s.tags)}${s.status === 'active' ? '' : ` (${s.status})`}${s.recordable === undefined ? '' : ` context ${JSON.stringify(s.recordable)}`}`;

/** One line per mismatch: actor, event index, event, expected and got. */
export const describeMismatch = (m: ReplayMismatch): string =>
  `actor '${m.actor}' (machine ${m.machine}) ${m.index < 0 ? 'initial state' : `event #${m.index} ${m.event}`}: expected ${show(m.expected)}, got ${show(m.got)}${m.error ? ` [error: ${m.error}]` : ''}`;

/** The per-actor summary `npm run replay` prints, and the verdict. */
export const formatReplay = (report: ReplayReport, recording?: Recording): string => {
  const width = Math.max(5, ...report.actors.map((a) => a.actor.length));
  const mwidth = Math.max(7, ...report.actors.map((a) => a.machine.length));
  const lines = [`${'actor'.padEnd(width)}  ${'machine'.padEnd(mwidth)}  events  result`];
  for (const a of report.actors) {
    const result =
      a.outcome === 'same'
        ? 'same states'
        : a.outcome === 'unknown machine'
          ? 'NOT REPLAYED: no machine with this id (src/services/replay-machines.ts)'
          : `DIFFERS after ${a.same} matching event(s)`;
    lines.push(`${a.actor.padEnd(width)}  ${a.machine.padEnd(mwidth)}  ${String(a.events).padStart(6)}  ${result}`);
  }
  for (const m of report.mismatches) lines.push(`MISMATCH ${describeMismatch(m)}`);
  const events = recording ? recording.actors.reduce((n, a) => n + a.events.length, 0) : report.compared;
  if (report.compared === 0 && report.mismatches.length === 0) lines.push('FAILED: nothing to compare (the recording holds no events of a replayable actor)');
  else if (report.ok) lines.push(`OK: ${report.actors.length} actors, ${report.compared} events replayed, every state the same`);
  else lines.push(`FAILED: ${report.mismatches.length} actor(s) differ, ${report.actors.filter((a) => a.outcome === 'unknown machine').length} not replayable (${report.compared} of ${events} events compared)`);
  return lines.join('\n');
};

/** Every event with the state it led to (`npm run replay -- file.json --steps`). */
export const formatSteps = (recording: Recording): string =>
  recording.actors
    .flatMap((a) => [
      `${a.id} (${a.machine}) starts in ${JSON.stringify(a.initial.state.value)}`,
      ...a.events.map((e, i) => `  #${String(i).padStart(3, '0')} ${e.event.type.padEnd(34)} -> ${JSON.stringify(e.state.value)}${e.from ? ` (from ${e.from})` : ''}`),
    ])
    .join('\n');
