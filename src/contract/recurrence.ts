/**
 * Due times of a scheduled message (SPEC §3 Schedule message: once, or every hour, day, week,
 * month or quarter), computed in the member's IANA time zone with date-fns and @date-fns/tz, so
 * the client's preview and the server's executor agree on every due time.
 *
 * The rules:
 * - The n-th due time is computed from the start, never from the previous one, so nothing drifts.
 * - Hourly means every real hour (start + n hours): across a daylight-saving change the local
 *   clock reading jumps with the change.
 * - Daily, weekly, monthly and quarterly keep the local wall-clock time of the start: a daily
 *   09:00 stays at 09:00 local across both daylight-saving changes. A local time the change skips
 *   (02:30 on a spring-forward night) falls on the same day, shifted forward by the change; a
 *   local time that occurs twice (the fall-back hour) is its later occurrence.
 * - Monthly and quarterly keep the start's day of month; a day the month does not have (the 31st
 *   in a 30-day month, the 29th to 31st in February) falls on the month's last day, and the
 *   months after return to the start's day.
 * - No due time lies after the year 9999 (EPOCH_MS_MAX, the bound of every time on the wire): a
 *   recurrence whose next due time would is over.
 */
import { tz } from '@date-fns/tz';
import { addDays, addMonths, addWeeks } from 'date-fns';
import { EPOCH_MS_MAX } from './bounds';
import type { Recurrence } from './schedules';

export const HOUR_MS = 3_600_000;

/** The canonical name of an IANA time zone Intl knows ('utc' -> 'UTC'), or null for an unknown one. */
export const canonicalTimeZone = (timeZone: string): string | null => {
  // Intl also takes offsets ('+01:00') in newer engines; only names are IANA zones.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

/** Whether Intl knows this IANA time zone (the server refuses a schedule in any other). */
export const isValidTimeZone = (timeZone: string): boolean => canonicalTimeZone(timeZone) !== null;

/** The average length of one step, for a first guess at how many steps lie between two times. */
const approxStepMs: Record<Exclude<Recurrence, 'once'>, number> = {
  hour: HOUR_MS,
  day: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
  month: 30.436875 * 24 * HOUR_MS,
  quarter: 3 * 30.436875 * 24 * HOUR_MS,
};

const within = (ms: number): number | null => (Number.isFinite(ms) && ms <= EPOCH_MS_MAX ? ms : null);

/**
 * The n-th due time (n = 0 is the start) of a schedule starting at `startMs` (unix ms) in
 * `timeZone`, or null when there is none (a once-only schedule after its start; a time past the
 * year 9999).
 */
export const occurrence = (startMs: number, recurrence: Recurrence, timeZone: string, n: number): number | null => {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`occurrence: n must be a whole number from 0, not ${n}`);
  if (n === 0) return within(startMs);
  const options = { in: tz(timeZone) };
  switch (recurrence) {
    case 'once':
      return null;
    case 'hour':
      return within(startMs + n * HOUR_MS);
    case 'day':
      return within(addDays(startMs, n, options).getTime());
    case 'week':
      return within(addWeeks(startMs, n, options).getTime());
    case 'month':
      return within(addMonths(startMs, n, options).getTime());
    case 'quarter':
      return within(addMonths(startMs, 3 * n, options).getTime());
  }
};

/** A due time that comes after the year 9999 counts as later than any time. */
const at = (startMs: number, recurrence: Recurrence, timeZone: string, n: number): number => occurrence(startMs, recurrence, timeZone, n) ?? Infinity;

/**
 * The first due time strictly after `afterMs`, with its index n, or null when the schedule has no
 * further due time.
 */
export const nextOccurrenceAfter = (startMs: number, recurrence: Recurrence, timeZone: string, afterMs: number): { n: number; at: number } | null => {
  if (startMs > afterMs) return startMs <= EPOCH_MS_MAX ? { n: 0, at: startMs } : null;
  if (recurrence === 'once') return null;
  // A first guess from the average step, then exact steps: due times grow with n.
  let n = Math.max(1, Math.floor((afterMs - startMs) / approxStepMs[recurrence]));
  while (n > 1 && at(startMs, recurrence, timeZone, n - 1) > afterMs) n -= 1;
  while (at(startMs, recurrence, timeZone, n) <= afterMs) n += 1;
  const next = occurrence(startMs, recurrence, timeZone, n);
  return next === null ? null : { n, at: next };
};

/** The first due time strictly after `afterMs`, or null when there is none. */
export const nextDueAfter = (startMs: number, recurrence: Recurrence, timeZone: string, afterMs: number): number | null =>
  nextOccurrenceAfter(startMs, recurrence, timeZone, afterMs)?.at ?? null;
