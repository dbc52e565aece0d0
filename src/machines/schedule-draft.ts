/**
 * A scheduled message as its form holds it (SPEC §3 Schedule message, §5 Schedule: message, title
 * and recipient not empty, the schedule time valid), and the rules the form shows: the contract's
 * (src/contract/schedules.ts `scheduleInput`, its messages read as problem kinds the view words in
 * the person's language), the start time read in the schedule's time zone
 * (src/contract/recurrence.ts), and the server's refusals put on their fields. Pure: the schedule
 * statechart (schedule.machine.ts), its effects and the view use them alike; the time "now" and
 * the browser's time zone come from the effects, never from here.
 */
import { TZDate } from '@date-fns/tz';
import { canonicalTimeZone } from '../contract/recurrence';
import {
  NEVER_DUE_MESSAGE,
  START_IN_PAST_MESSAGE,
  START_SLACK_MS,
  scheduleInput,
  type Recipient,
  type Recurrence,
  type Schedule,
  type scheduleSaveRequest,
} from '../contract/schedules';
import type { z } from 'zod/mini';

export type ScheduleSaveBody = z.input<typeof scheduleSaveRequest>;

/** The form's fields. `when` is the start, 'YYYY-MM-DDThh:mm' on the schedule's time zone's clock. */
export type ScheduleDraft = {
  /** The schedule being edited, null for a new one. */
  id: string | null;
  recipients: Recipient[];
  title: string;
  message: string;
  when: string;
  recurrence: Recurrence;
  /** The IANA zone `when` is read in: the browser's for a new schedule, the schedule's own when editing. */
  timeZone: string;
  /** An edited recurring schedule keeps its start however long ago it was (the server's rule): its start as saved. */
  keptStart: number | null;
};

export type DraftField = 'recipients' | 'title' | 'message' | 'when' | 'recurrence';
export const draftFields: readonly DraftField[] = ['recipients', 'title', 'message', 'when', 'recurrence'];

/**
 * What is wrong with a field, as the view words it: `required` (SPEC §5 not empty), `tooLong` /
 * `tooMany` (with the limit), `past` (the start is in the past), `noTime` (no valid date and
 * time), `neverDue` (no due time left), `invalid` (anything else: the contract's or the server's
 * own words in `message`).
 */
export type FieldProblem = { kind: 'required' | 'tooLong' | 'tooMany' | 'past' | 'noTime' | 'neverDue' | 'invalid'; message: string; limit?: number };
export type FieldErrors = Partial<Record<DraftField, FieldProblem>>;

/** The outcome of checking a draft: the save request, or the problems per field. */
export type DraftCheck = { ok: true; request: ScheduleSaveBody } | { ok: false; errors: FieldErrors };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A time as the form shows it on a zone's clock: 'YYYY-MM-DDThh:mm'. */
export const localWhen = (ms: number, timeZone: string): string => {
  const d = new TZDate(ms, timeZone);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const WHEN = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant a 'YYYY-MM-DDThh:mm' stands for on a zone's clock, or null when it is no date and
 * time (an impossible date such as 31 April counts as none). A time a daylight-saving change skips
 * is read shifted forward by the change, as the recurrence reads it.
 */
export const startTimeOf = (when: string, timeZone: string): number | null => {
  const m = WHEN.exec(when);
  if (!m || canonicalTimeZone(timeZone) === null) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  const ms = new TZDate(y, mo - 1, d, h, mi, 0, 0, timeZone).getTime();
  return Number.isFinite(ms) ? ms : null;
};

/** A new schedule's form: once, no time chosen yet, the default recipient when there is one. */
export const newDraft = (timeZone: string, recipient: Recipient | null = null): ScheduleDraft => ({
  id: null,
  recipients: recipient ? [recipient] : [],
  title: '',
  message: '',
  when: '',
  recurrence: 'once',
  timeZone,
  keptStart: null,
});

/** The form of a saved schedule: its start on its own zone's clock. */
export const draftOf = (s: Schedule): ScheduleDraft => ({
  id: s.id,
  recipients: s.recipients,
  title: s.title,
  message: s.message,
  when: localWhen(s.startTime, s.timeZone),
  recurrence: s.recurrence,
  timeZone: s.timeZone,
  keptStart: s.recurrence === 'once' ? null : s.startTime,
});

/** A recipient added once (by chat). */
export const withRecipient = (recipients: readonly Recipient[], r: Recipient): Recipient[] =>
  recipients.some((x) => x.chatWhatsappId === r.chatWhatsappId) ? [...recipients] : [...recipients, r];

/** The field a request path names (the contract's camelCase, or the server's snake_case in its message). */
const fieldOfPath = (name: string): DraftField | null => {
  switch (name) {
    case 'recipients':
      return 'recipients';
    case 'title':
      return 'title';
    case 'message':
      return 'message';
    case 'startTime':
    case 'start_time':
    case 'timeZone':
    case 'time_zone':
      return 'when';
    case 'recurrence':
      return 'recurrence';
    default:
      return null;
  }
};

const LIMIT = /^at most (\d+) (characters|recipients)$/;

/** A contract or server message as a problem kind (the limit read from "at most N ..."). */
export const problemOf = (message: string): FieldProblem => {
  if (message === START_IN_PAST_MESSAGE) return { kind: 'past', message };
  if (message === NEVER_DUE_MESSAGE) return { kind: 'neverDue', message };
  if (message === 'Enter a title' || message === 'Enter a message.' || message === 'Choose a recipient') return { kind: 'required', message };
  const limit = LIMIT.exec(message);
  if (limit) return { kind: limit[2] === 'recipients' ? 'tooMany' : 'tooLong', message, limit: Number(limit[1]) };
  return { kind: 'invalid', message };
};

/**
 * A server refusal's message ('start_time: Choose a time in the future') on its field, or null
 * when it names none of the form's fields (the form shows it as a whole).
 */
export const fieldErrorOfMessage = (message: string): { field: DraftField; problem: FieldProblem } | null => {
  const m = /^([a-z_]+)(?:\.[\w.]+)?: (.+)$/.exec(message);
  if (!m) return null;
  const field = fieldOfPath(m[1]!);
  return field ? { field, problem: problemOf(m[2]!) } : null;
};

/**
 * Checks a draft at `nowMs` with the contract's rules: the request to save, or the problems per
 * field (the first per field). The start must be a date and time on the zone's clock, not more
 * than START_SLACK_MS in the past, except an edited recurring schedule's unchanged start.
 */
export const checkDraft = (draft: ScheduleDraft, nowMs: number): DraftCheck => {
  const errors: FieldErrors = {};
  const startTime = startTimeOf(draft.when, draft.timeZone);
  const request: ScheduleSaveBody = {
    ...(draft.id ? { id: draft.id } : {}),
    recipients: draft.recipients,
    title: draft.title,
    message: draft.message,
    startTime: startTime ?? 0,
    timeZone: draft.timeZone,
    recurrence: draft.recurrence,
  };
  const parsed = scheduleInput.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(String(issue.path[0] ?? ''));
      if (field && !errors[field]) errors[field] = problemOf(issue.message);
    }
  }
  if (startTime === null) errors.when = { kind: 'noTime', message: 'Choose a date and time' };
  else {
    const kept = draft.keptStart !== null && draft.recurrence !== 'once' && startTime === draft.keptStart;
    if (!kept && startTime < nowMs - START_SLACK_MS) errors.when = { kind: 'past', message: START_IN_PAST_MESSAGE };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: { ...request, title: draft.title.trim(), message: draft.message.trim() } };
};
