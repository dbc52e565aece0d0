/**
 * QA recording (ARCHITECTURE.md "Model-based tests, inspector, replay").
 *
 * With `?record` in the URL the app passes `recorder.inspect` to its root actors. The recorder keeps only
 * the external events sent to root actors: `@xstate.event` inspection events with no source actor, whose
 * target is a root actor, and whose type is not `xstate.*`. Secrets are redacted before anything is kept.
 * `npm run replay -- file.json` reads the JSON back with `recordingSchema`.
 */
import { z } from 'zod/mini';
import { redactSecrets } from './redact';
import type { InspectFn } from './inspection';

// The page's entry imports these from ./inspection, so the recorder itself loads only with `?record`.
export { combineInspectors, shouldRecord, type InspectFn, type InspectLike } from './inspection';

export const RECORDING_VERSION = 1;

export const recordedEventSchema = z.object({
  /** The target root actor's system id, else its session id. */
  actor: z.string().check(z.minLength(1)),
  event: z.looseObject({ type: z.string().check(z.minLength(1)) }),
  /** Milliseconds since the epoch when the event was sent. */
  at: z.number(),
});
export type RecordedEvent = z.infer<typeof recordedEventSchema>;

export const recordingSchema = z.object({
  version: z.literal(RECORDING_VERSION),
  recordedAt: z.string(),
  events: z.array(recordedEventSchema),
});
export type Recording = z.infer<typeof recordingSchema>;

export type Recorder = {
  inspect: InspectFn;
  events(): RecordedEvent[];
  toJSON(): Recording;
  download(filename?: string): void;
};

const actorName = (ref: unknown, sessionId: string): string => {
  const systemId = (ref as { systemId?: unknown }).systemId;
  return typeof systemId === 'string' && systemId !== '' ? systemId : sessionId;
};

/** JSON-safe copy (functions dropped, cycles cut); `undefined` when the value cannot be serialised. */
const toJsonSafe = (value: unknown): unknown => {
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return undefined;
  }
};

export const createRecorder = ({ now = Date.now }: { now?: () => number } = {}): Recorder => {
  const recordedAt = new Date(now()).toISOString();
  const recorded: RecordedEvent[] = [];

  const inspect: InspectFn = (ev) => {
    if (ev.type !== '@xstate.event') return;
    if (ev.sourceRef !== undefined) return;
    const target = ev.actorRef;
    if (target.sessionId !== ev.rootId) return;
    const type = ev.event.type;
    if (typeof type !== 'string' || type.startsWith('xstate.')) return;
    const safe = toJsonSafe(redactSecrets(ev.event));
    const event = recordedEventSchema.shape.event.safeParse(safe);
    recorded.push({
      actor: actorName(target, target.sessionId),
      event: event.success ? event.data : { type },
      at: now(),
    });
  };

  const toJSON = (): Recording => ({
    version: RECORDING_VERSION,
    recordedAt,
    events: recorded.map((e) => ({ ...e })),
  });

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

  return { inspect, events: () => recorded.map((e) => ({ ...e })), toJSON, download };
};
