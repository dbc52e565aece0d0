/**
 * QA recording (ARCHITECTURE.md "Model-based tests, inspector, replay"). Loaded only with `?record`
 * (src/main.tsx imports it dynamically), so it weighs nothing on a normal page load; it names
 * machines by id and never imports them.
 *
 * The app system passes one inspect callback to its root, so every actor of the app is inspected:
 * the app-wide actors, the long-lived flows, the screen flows and their child flows
 * (src/services/app-system.ts); with `?record` that callback feeds `recorder.inspect`.
 * Rules of the recording (format version 3, `recordingSchema`):
 *
 * - Actors: every actor whose logic is a state machine is recorded (promise and callback actors
 *   are effects: their results reach the machine as events, below). An actor is named by its
 *   systemId, else by its machine id; a second actor under a name already used gets `#2`, `#3`...
 *   It carries its machine id, its parent's name (when its parent is recorded), its input (the
 *   `xstate.init` event's) and its state after the initial transition.
 * - Events: every event the actor processed, in order, as its `@xstate.snapshot` inspection
 *   event reports it: external events (views, the API client, other actors' effects) and
 *   events from its own children (`xstate.done.actor.<id>` with the child's output,
 *   `xstate.error.actor.<id>` with the error as `{name, message}`) and its own delayed events
 *   (`xstate.after.*`). `xstate.init` (replaced by `input`) and `xstate.stop` are not events.
 *   `from` names the sender when it was an actor (a recorded actor's name, else the child's id).
 * - State after each event: the state value, the tags (sorted), the status, the context fields
 *   the machine marks as recordable (`meta: { recordable: [...] }` on its root: the facts a
 *   replay must reach too, such as the filters applied or the moves waiting; `recordable`,
 *   redacted), and the whole context when its redacted JSON is at most `CONTEXT_LIMIT` characters
 *   (for reading only). Replays compare value, tags, status and the recordable fields.
 * - Guards: for each event, the names of the guards on the transitions it took, with the index
 *   of the microstep that took them (from `@xstate.microstep`). A replay answers the guards the
 *   app provided (which read storage or other outside facts) from this list: true where the
 *   recorded run took that guard's transition in that microstep, false elsewhere. Guards written
 *   in the machine are not recorded results; a replay evaluates them itself.
 * - Secrets: input, events and context are copied JSON-safe, then redacted (./redact): no
 *   password, token or verification code leaves the page.
 *
 * `npm run replay -- file.json` (scripts/replay.ts) replays each actor into a fresh actor of the
 * same machine and fails when a state differs.
 */
import { z } from 'zod/mini';
import type { AnyActorRef, AnyEventObject, InspectionEvent } from 'xstate';
import type { InspectFn } from './inspection';
import { redactSecrets } from './redact';

export const RECORDING_VERSION = 3;

/** Contexts longer than this (redacted JSON, characters) are left out of the recording. */
export const CONTEXT_LIMIT = 1_000;

export const recordedStateSchema = z.object({
  value: z.unknown(),
  tags: z.array(z.string()),
  status: z.string(),
  /** The machine's recordable context fields (version 3): compared by a replay. */
  recordable: z.optional(z.record(z.string(), z.unknown())),
  /** The whole context when it is small (for reading). */
  context: z.optional(z.unknown()),
});
export type RecordedState = z.infer<typeof recordedStateSchema>;

export const recordedGuardSchema = z.object({ step: z.number(), name: z.string() });
export type RecordedGuard = z.infer<typeof recordedGuardSchema>;

export const recordedEventSchema = z.object({
  /** Milliseconds since the epoch when the actor had processed the event. */
  at: z.number(),
  event: z.looseObject({ type: z.string().check(z.minLength(1)) }),
  from: z.optional(z.string()),
  guards: z.optional(z.array(recordedGuardSchema)),
  state: recordedStateSchema,
});
export type RecordedEvent = z.infer<typeof recordedEventSchema>;

export const recordedActorSchema = z.object({
  id: z.string().check(z.minLength(1)),
  machine: z.string().check(z.minLength(1)),
  parent: z.optional(z.string()),
  input: z.optional(z.unknown()),
  startedAt: z.number(),
  initial: z.object({ state: recordedStateSchema, guards: z.optional(z.array(recordedGuardSchema)) }),
  events: z.array(recordedEventSchema),
});
export type RecordedActor = z.infer<typeof recordedActorSchema>;

export const recordingSchema = z.object({
  /** 2: states without recordable fields (still replayable); 3: with them. */
  version: z.union([z.literal(2), z.literal(RECORDING_VERSION)]),
  recordedAt: z.string(),
  actors: z.array(recordedActorSchema),
});
export type Recording = z.infer<typeof recordingSchema>;

export type Recorder = {
  inspect: InspectFn;
  /** A copy of what is recorded so far. */
  toJSON(): Recording;
  download(filename?: string): void;
};

/** JSON-safe copy: functions dropped, errors as `{name, message}`; `undefined` when it cannot be serialised. */
export const toJsonSafe = (value: unknown): unknown => {
  try {
    const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof Error ? { name: v.name, message: v.message } : v));
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
};

const clean = (value: unknown): unknown => redactSecrets(toJsonSafe(value));

type MachineLike = { id: string; root: { meta?: unknown } };
const machineOf = (ref: unknown): MachineLike | null => {
  const logic = (ref as { logic?: unknown }).logic;
  if (typeof logic !== 'object' || logic === null) return null;
  const { id, root } = logic as Partial<MachineLike>;
  return typeof id === 'string' && typeof root === 'object' && root !== null ? { id, root } : null;
};

/** The context fields a machine marks as recordable (`meta: { recordable: [...] }` on its root). */
export const recordableFieldsOf = (machine: { root: { meta?: unknown } }): readonly string[] => {
  const fields = (machine.root.meta as { recordable?: unknown } | undefined)?.recordable;
  return Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [];
};

type SnapshotLike = { value?: unknown; tags?: Iterable<string>; status?: unknown; context?: unknown };
const stateOf = (snapshot: unknown, fields: readonly string[]): RecordedState => {
  const s = snapshot as SnapshotLike;
  const state: RecordedState = { value: toJsonSafe(s.value) ?? null, tags: [...(s.tags ?? [])].sort(), status: String(s.status) };
  const whole = (s.context ?? {}) as Record<string, unknown>;
  state.recordable = (clean(Object.fromEntries(fields.map((f) => [f, whole[f] ?? null]))) ?? {}) as Record<string, unknown>;
  const context = clean(s.context);
  if (context !== undefined && JSON.stringify(context).length <= CONTEXT_LIMIT) state.context = context;
  return state;
};

/** The guard named on a transition (`'hasStoredToken'` or `{type: 'hasStoredToken', params}`); null for inline functions. */
const guardName = (guard: unknown): string | null => {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && typeof (guard as { type?: unknown }).type === 'string') return (guard as { type: string }).type;
  return null;
};

type Live = {
  record: RecordedActor | null;
  ref: AnyActorRef;
  /** The parent's session id (named when the recording is written: a child starts before its parent's first snapshot). */
  parent: string | undefined;
  machine: string;
  /** Its recordable context fields. */
  fields: readonly string[];
  /** Microsteps seen since the last processed event, and the guards they took. */
  step: number;
  guards: RecordedGuard[];
};

export const createRecorder = ({ now = Date.now }: { now?: () => number } = {}): Recorder => {
  const recordedAt = new Date(now()).toISOString();
  /** Every machine actor in the order they were created. */
  const order: Live[] = [];
  const live = new Map<string, Live>();
  const taken = new Set<string>();
  /** Who sent an event object (filled by `@xstate.event`, read when the snapshot reports it). */
  const senders = new WeakMap<object, string>();

  const liveOf = (ref: AnyActorRef): Live | null => {
    const existing = live.get(ref.sessionId);
    if (existing) return existing;
    const machine = machineOf(ref);
    if (!machine) return null;
    const parent = (ref as { _parent?: AnyActorRef })._parent;
    const entry: Live = { record: null, ref, parent: parent?.sessionId, machine: machine.id, fields: recordableFieldsOf(machine), step: 0, guards: [] };
    live.set(ref.sessionId, entry);
    order.push(entry);
    return entry;
  };

  /** The actor's name, fixed at its first processed event (its systemId is set by then). */
  const nameFor = (ref: AnyActorRef, machine: string): string => {
    const systemId = (ref as { systemId?: unknown }).systemId;
    const base = typeof systemId === 'string' && systemId !== '' ? systemId : machine;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}#${n}`;
    taken.add(name);
    return name;
  };

  const senderName = (ref: AnyActorRef): string => live.get(ref.sessionId)?.record?.id ?? (ref.id || ref.sessionId);

  const guardsOf = (entry: Live): { guards?: RecordedGuard[] } => (entry.guards.length ? { guards: entry.guards } : {});

  const inspect: InspectFn = (ev: InspectionEvent) => {
    try {
      if (ev.type === '@xstate.actor') {
        liveOf(ev.actorRef as AnyActorRef);
      } else if (ev.type === '@xstate.event') {
        if (ev.sourceRef && typeof ev.event === 'object') senders.set(ev.event, senderName(ev.sourceRef as AnyActorRef));
      } else if (ev.type === '@xstate.microstep') {
        const entry = liveOf(ev.actorRef as AnyActorRef);
        if (!entry) return;
        for (const t of ev._transitions) {
          const name = guardName(t.guard);
          if (name !== null) entry.guards.push({ step: entry.step, name });
        }
        entry.step++;
      } else if (ev.type === '@xstate.snapshot') {
        const entry = liveOf(ev.actorRef as AnyActorRef);
        if (!entry) return;
        const event: AnyEventObject = ev.event;
        if (event.type === 'xstate.init' && entry.record === null) {
          const input = clean((event as { input?: unknown }).input);
          entry.record = {
            id: nameFor(entry.ref, entry.machine),
            machine: entry.machine,
            ...(input === undefined ? {} : { input }),
            startedAt: now(),
            initial: { state: stateOf(ev.snapshot, entry.fields), ...guardsOf(entry) },
            events: [],
          };
        } else if (entry.record && event.type !== 'xstate.init' && event.type !== 'xstate.stop') {
          const copy = recordedEventSchema.shape.event.safeParse(clean(event));
          const from = senders.get(event);
          entry.record.events.push({
            at: now(),
            event: copy.success ? copy.data : { type: event.type },
            ...(from ? { from } : {}),
            ...guardsOf(entry),
            state: stateOf(ev.snapshot, entry.fields),
          });
        }
        entry.step = 0;
        entry.guards = [];
      }
    } catch {
      // Recording must never break the app.
    }
  };

  const toJSON = (): Recording => {
    const actors = order.flatMap(({ record, parent }) => {
      if (!record) return [];
      const parentName = parent === undefined ? undefined : live.get(parent)?.record?.id;
      const { id, machine, ...rest } = record;
      return [{ id, machine, ...(parentName ? { parent: parentName } : {}), ...rest }];
    });
    return JSON.parse(JSON.stringify({ version: RECORDING_VERSION, recordedAt, actors })) as Recording;
  };

  const download = (filename = `crm-recording-${recordedAt.replace(/[:.]/g, '-')}.json`): void => {
    const blob = new Blob([JSON.stringify(toJSON(), null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return { inspect, toJSON, download };
};
