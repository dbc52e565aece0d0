/**
 * The date ranges of the analytics screen (SPEC §3 Analytics numbers, §7 Analytics, §9 quick
 * ranges: today, yesterday, this week Monday to Sunday, this month), cut in the member's IANA time
 * zone with date-fns and @date-fns/tz as src/contract/recurrence.ts does, so a day is the member's
 * day wherever the browser or the server runs. Pure: the time now and the zone are arguments (the
 * analytics machine reads the clock through a named actor and gets the zone in its input).
 *
 * Every range is half-open `[begin, end)` in unix milliseconds (src/contract/analytics.ts): a day
 * runs from its first instant to the next day's first instant, so a 23- or 25-hour day across a
 * daylight-saving change is still one whole day, and two ranges that follow each other share
 * their boundary without a gap or an overlap.
 */
import { TZDate, tz } from '@date-fns/tz';
import { addDays, addMonths, addWeeks, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { TREND_MAX_POINTS, trendBuckets, type TrendBucket } from '../contract/analytics';

export const quickRangeIds = ['today', 'yesterday', 'thisWeek', 'thisMonth'] as const;
export type QuickRangeId = (typeof quickRangeIds)[number];

/** A range as the person chose it: a quick range, or whole days 'YYYY-MM-DD' (first and last, both included) on the zone's calendar. */
export type RangeChoice = { kind: 'quick'; id: QuickRangeId } | { kind: 'custom'; from: string; to: string };

/** A half-open range `[begin, end)` in unix ms. */
export type TimeRange = { begin: number; end: number };

/** The fixed periods of the number cards (SPEC §7 month, week and day calls), as their requests. */
export type Periods = {
  month: { monthBeginTime: number; monthEndTime: number };
  week: { lastWeekBeginTime: number; lastWeekEndTime: number; weekBeginTime: number; weekEndTime: number };
  day: { yesterdayBeginTime: number; yesterdayEndTime: number; todayBeginTime: number; todayEndTime: number };
};

/** The first quick range shown: this month (a trend of a month's days, the month's awaiting replies). */
export const DEFAULT_RANGE: RangeChoice = { kind: 'quick', id: 'thisMonth' };

/** SPEC §9: weeks start on Monday, whatever the locale's habit. */
const MONDAY = 1;
const DAY_MS = 86_400_000;

const inZone = (timeZone: string) => ({ in: tz(timeZone) });

/** The day `now` falls on in the zone, as a range. */
const dayOf = (nowMs: number, timeZone: string): TimeRange => {
  const start = startOfDay(nowMs, inZone(timeZone));
  return { begin: start.getTime(), end: addDays(start, 1, inZone(timeZone)).getTime() };
};

/** The Monday-to-Sunday week `now` falls in, in the zone. */
const weekOf = (nowMs: number, timeZone: string): TimeRange => {
  const start = startOfWeek(nowMs, { weekStartsOn: MONDAY, ...inZone(timeZone) });
  return { begin: start.getTime(), end: addWeeks(start, 1, inZone(timeZone)).getTime() };
};

const monthOf = (nowMs: number, timeZone: string): TimeRange => {
  const start = startOfMonth(nowMs, inZone(timeZone));
  return { begin: start.getTime(), end: addMonths(start, 1, inZone(timeZone)).getTime() };
};

/** A quick range at `nowMs` in the zone. */
export const quickRangeIn = (id: QuickRangeId, nowMs: number, timeZone: string): TimeRange => {
  switch (id) {
    case 'today':
      return dayOf(nowMs, timeZone);
    case 'yesterday':
      // Half a day before today's first instant is yesterday, however long either day is.
      return dayOf(dayOf(nowMs, timeZone).begin - DAY_MS / 2, timeZone);
    case 'thisWeek':
      return weekOf(nowMs, timeZone);
    case 'thisMonth':
      return monthOf(nowMs, timeZone);
  }
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first instant of a calendar day 'YYYY-MM-DD' in the zone, or null when it is no day (31 April). */
const dayStart = (day: string, timeZone: string): TZDate | null => {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  // Noon exists on every day in every zone; its day's start is then the zone's own midnight (or
  // the first instant after a change that skips midnight).
  return startOfDay(new TZDate(y, mo - 1, d, 12, 0, 0, 0, timeZone), inZone(timeZone));
};

/** Whole days `from` to `to` (both included) in the zone, or null when either is no day or they are in the wrong order. */
export const customRangeIn = (from: string, to: string, timeZone: string): TimeRange | null => {
  const first = dayStart(from, timeZone);
  const last = dayStart(to, timeZone);
  if (!first || !last || last.getTime() < first.getTime()) return null;
  return { begin: first.getTime(), end: addDays(last, 1, inZone(timeZone)).getTime() };
};

/** The range a choice stands for at `nowMs` in the zone (null for days that are none). */
export const rangeOf = (choice: RangeChoice, nowMs: number, timeZone: string): TimeRange | null =>
  choice.kind === 'quick' ? quickRangeIn(choice.id, nowMs, timeZone) : customRangeIn(choice.from, choice.to, timeZone);

/** A choice the machine takes: a quick range, or two real days in order. */
export const isValidChoice = (choice: RangeChoice): boolean => rangeOf(choice, 0, 'UTC') !== null;

/** Today and yesterday, this week and last week, this month: the number cards' periods at `nowMs`. */
export const periodsOf = (nowMs: number, timeZone: string): Periods => {
  const today = dayOf(nowMs, timeZone);
  const yesterday = quickRangeIn('yesterday', nowMs, timeZone);
  const week = weekOf(nowMs, timeZone);
  const lastWeek = weekOf(week.begin - DAY_MS / 2, timeZone);
  const month = monthOf(nowMs, timeZone);
  return {
    month: { monthBeginTime: month.begin, monthEndTime: month.end },
    week: { lastWeekBeginTime: lastWeek.begin, lastWeekEndTime: lastWeek.end, weekBeginTime: week.begin, weekEndTime: week.end },
    day: { yesterdayBeginTime: yesterday.begin, yesterdayEndTime: yesterday.end, todayBeginTime: today.begin, todayEndTime: today.end },
  };
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayText = (d: TZDate) => `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The range's first and last day on the zone's calendar ('YYYY-MM-DD'), for the date picker. */
export const rangeDaysOf = (range: TimeRange, timeZone: string): { from: string; to: string } => ({
  from: dayText(new TZDate(range.begin, timeZone)),
  to: dayText(new TZDate(Math.max(range.begin, range.end - 1), timeZone)),
});

/**
 * How many trend points a range cut into buckets gives at most (a day is counted as 24 hours, a
 * week as 7 days and a month as 28 days, so daylight-saving days and partial buckets at both ends
 * never make it too low).
 */
export const bucketCount = (range: TimeRange, bucket: TrendBucket): number => {
  const days = Math.ceil((range.end - range.begin) / DAY_MS);
  switch (bucket) {
    case 'day':
      return days;
    case 'week':
      return Math.ceil(days / 7) + 1;
    case 'month':
      return Math.ceil(days / 28) + 1;
  }
};

/** The trend's server limit (TREND_MAX_POINTS) allows this bucket for the range. */
export const bucketFits = (range: TimeRange, bucket: TrendBucket): boolean => bucketCount(range, bucket) <= TREND_MAX_POINTS;

/** The bucket kept for a range: the one chosen when it fits, else the next coarser one that does. */
export const fittingBucket = (range: TimeRange, bucket: TrendBucket): TrendBucket =>
  trendBuckets.slice(trendBuckets.indexOf(bucket)).find((b) => bucketFits(range, b)) ?? 'month';
