/**
 * The periods invite-link clicks are counted by (SPEC §3 Invite link: yesterday, last week, last
 * month), cut in the caller's time zone with date-fns and @date-fns/tz (calendar days, so a day
 * across a daylight-saving change is 23 or 25 hours long):
 * - yesterday: the local day before today;
 * - last week: the previous Monday to Sunday week (SPEC §9: weeks run Monday to Sunday);
 * - last month: the previous calendar month.
 * Each is a half-open range of instants [start, end); the database counts within them.
 */
import { tz } from '@date-fns/tz';
import { addDays, format, startOfDay, startOfMonth, startOfWeek, subDays, subMonths, subWeeks } from 'date-fns';
import { Code } from '../../src/contract/codes';
import { canonicalTimeZone } from '../../src/contract/recurrence';
import { fail } from '../http/respond';

export type Period = { start: Date; end: Date };
export type ClickPeriods = { yesterday: Period; lastWeek: Period; lastMonth: Period };

/** A count range covers at most this many local days (a year and a little, for a yearly chart). */
export const MAX_COUNT_DAYS = 400;

/** The canonical name of the request's time zone; an unknown one is refused (VALIDATION). */
export const requireTimeZone = (timeZone: string): string => {
  const zone = canonicalTimeZone(timeZone);
  if (!zone) throw fail(Code.VALIDATION, 'time_zone: Unknown time zone');
  return zone;
};

const span = (start: Date, end: Date): Period => ({ start: new Date(start.getTime()), end: new Date(end.getTime()) });

/** Yesterday, last week and last month as of `now`, in `zone` (a canonical IANA name). */
export const clickPeriods = (now: Date, zone: string): ClickPeriods => {
  const options = { in: tz(zone) };
  const today = startOfDay(now, options);
  const week = startOfWeek(now, { ...options, weekStartsOn: 1 });
  const month = startOfMonth(now, options);
  return {
    yesterday: span(subDays(today, 1, options), today),
    lastWeek: span(subWeeks(week, 1, options), week),
    lastMonth: span(subMonths(month, 1, options), month),
  };
};

/** The earliest start and latest end of the periods (the one index range the count reads). */
export const periodsBounds = (p: ClickPeriods): Period => ({
  start: new Date(Math.min(p.yesterday.start.getTime(), p.lastWeek.start.getTime(), p.lastMonth.start.getTime())),
  end: new Date(Math.max(p.yesterday.end.getTime(), p.lastWeek.end.getTime(), p.lastMonth.end.getTime())),
});

export type LocalDay = { day: string; start: Date; end: Date };

/**
 * The local days a range touches, whole: from the day of `beginMs` to the last day starting before
 * `endMs` (so an end at midnight, the exclusive end of the day before, adds no empty day; an end
 * at 23:59:59.999 keeps its day). Refused (VALIDATION) when the end lies before the beginning or
 * the range covers more than MAX_COUNT_DAYS days.
 */
export const localDays = (beginMs: number, endMs: number, zone: string): LocalDay[] => {
  if (endMs < beginMs) throw fail(Code.VALIDATION, 'end_time: must not lie before begin_time');
  const options = { in: tz(zone) };
  const days: LocalDay[] = [];
  let start = startOfDay(beginMs, options);
  do {
    if (days.length >= MAX_COUNT_DAYS) throw fail(Code.VALIDATION, `end_time: a range covers at most ${MAX_COUNT_DAYS} days`);
    const end = addDays(start, 1, options);
    days.push({ day: format(start, 'yyyy-MM-dd', options), start: new Date(start.getTime()), end: new Date(end.getTime()) });
    start = end;
  } while (start.getTime() < endMs);
  return days;
};
