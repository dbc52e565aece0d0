/**
 * The date quick ranges of SPEC §9: today, yesterday, this week (Monday to Sunday) and this month,
 * in the browser's local time. Pure: `now` is passed in. A range runs from the first millisecond of
 * its first day to the last millisecond of its last day, so it can be sent as-is as an inclusive
 * start/end pair.
 */
import { endOfDay, endOfMonth, endOfWeek, isSameDay, startOfDay, startOfMonth, startOfWeek, subDays } from 'date-fns';

export const quickRangeIds = ['today', 'yesterday', 'thisWeek', 'thisMonth'] as const;
export type QuickRangeId = (typeof quickRangeIds)[number];

export interface DateRange {
  start: Date;
  end: Date;
}

/** Weeks start on Monday (SPEC §9), whatever the locale's convention. */
const monday = { weekStartsOn: 1 } as const;

export function quickRange(id: QuickRangeId, now: Date): DateRange {
  switch (id) {
    case 'today':
      return { start: startOfDay(now), end: endOfDay(now) };
    case 'yesterday': {
      const day = subDays(now, 1);
      return { start: startOfDay(day), end: endOfDay(day) };
    }
    case 'thisWeek':
      return { start: startOfWeek(now, monday), end: endOfWeek(now, monday) };
    case 'thisMonth':
      return { start: startOfMonth(now), end: endOfMonth(now) };
  }
}

/** The quick range a range covers exactly (same first and last day), if any: the one to show as chosen. */
export function matchQuickRange(range: DateRange | null, now: Date): QuickRangeId | null {
  if (!range) return null;
  return quickRangeIds.find((id) => {
    const q = quickRange(id, now);
    return isSameDay(q.start, range.start) && isSameDay(q.end, range.end);
  }) ?? null;
}

/** Whole days: the start of the first day to the end of the last (a picked pair of calendar days). */
export function wholeDays(first: Date, last: Date): DateRange {
  const [a, b] = first.getTime() <= last.getTime() ? [first, last] : [last, first];
  return { start: startOfDay(a), end: endOfDay(b) };
}

/**
 * A range of whole days as a short text in the app's locale, for a filter's chip: the quick range's
 * name when it is one ("This week"), else the days ("1 Nov – 5 Nov"; one day alone when both ends
 * are the same day; with the year when it is not the year of `now`). Intl's range format places the
 * dash and the order as the locale writes them (right to left in Arabic).
 */
export function dayRangeText(range: DateRange, now: Date, locale: string, quickRangeLabels: Record<QuickRangeId, string>): string {
  const quick = matchQuickRange(range, now);
  if (quick) return quickRangeLabels[quick];
  const thisYear = range.start.getFullYear() === now.getFullYear() && range.end.getFullYear() === now.getFullYear();
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(thisYear ? {} : { year: 'numeric' }) });
  return isSameDay(range.start, range.end) ? format.format(range.start) : format.formatRange(range.start, range.end);
}
