/** SPEC §9 date quick ranges, in local time, from a given `now`. */
import { describe, expect, it } from 'vitest';
import { matchQuickRange, quickRange, quickRangeIds, wholeDays } from '../../../src/ui/components/date-ranges';

/** A local date-time (month is 1-based here). */
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, min, s, ms);

describe('quickRange', () => {
  it('today runs from midnight to the last millisecond of the day', () => {
    expect(quickRange('today', at(2024, 3, 14, 15, 30))).toEqual({ start: at(2024, 3, 14), end: at(2024, 3, 14, 23, 59, 59, 999) });
  });

  it('yesterday crosses month and year boundaries', () => {
    expect(quickRange('yesterday', at(2024, 3, 1, 0, 0, 1))).toEqual({ start: at(2024, 2, 29), end: at(2024, 2, 29, 23, 59, 59, 999) });
    expect(quickRange('yesterday', at(2025, 1, 1, 9))).toEqual({ start: at(2024, 12, 31), end: at(2024, 12, 31, 23, 59, 59, 999) });
  });

  it('this week is Monday to Sunday on a weekday', () => {
    // Thursday 14 March 2024.
    expect(quickRange('thisWeek', at(2024, 3, 14, 12))).toEqual({ start: at(2024, 3, 11), end: at(2024, 3, 17, 23, 59, 59, 999) });
  });

  it('this week still starts on the Monday before when today is Sunday', () => {
    // Sunday 17 March 2024: the week is 11 to 17 March, not 17 to 23.
    const r = quickRange('thisWeek', at(2024, 3, 17, 22));
    expect(r.start).toEqual(at(2024, 3, 11));
    expect(r.start.getDay()).toBe(1);
    expect(r.end).toEqual(at(2024, 3, 17, 23, 59, 59, 999));
  });

  it('this week starts today when today is Monday, and can span two months', () => {
    expect(quickRange('thisWeek', at(2024, 4, 1, 0))).toEqual({ start: at(2024, 4, 1), end: at(2024, 4, 7, 23, 59, 59, 999) });
    // Wednesday 31 January 2024: Monday 29 January to Sunday 4 February.
    expect(quickRange('thisWeek', at(2024, 1, 31, 8))).toEqual({ start: at(2024, 1, 29), end: at(2024, 2, 4, 23, 59, 59, 999) });
  });

  it('this month ends on the right last day (leap February, 30- and 31-day months)', () => {
    expect(quickRange('thisMonth', at(2024, 2, 10))).toEqual({ start: at(2024, 2, 1), end: at(2024, 2, 29, 23, 59, 59, 999) });
    expect(quickRange('thisMonth', at(2023, 2, 28, 23, 59))).toEqual({ start: at(2023, 2, 1), end: at(2023, 2, 28, 23, 59, 59, 999) });
    expect(quickRange('thisMonth', at(2024, 4, 30))).toEqual({ start: at(2024, 4, 1), end: at(2024, 4, 30, 23, 59, 59, 999) });
    expect(quickRange('thisMonth', at(2024, 12, 31, 23, 59, 59, 999))).toEqual({ start: at(2024, 12, 1), end: at(2024, 12, 31, 23, 59, 59, 999) });
  });

  it('does not change the given now', () => {
    const now = at(2024, 3, 14, 15);
    for (const id of quickRangeIds) quickRange(id, now);
    expect(now).toEqual(at(2024, 3, 14, 15));
  });
});

describe('matchQuickRange', () => {
  const now = at(2024, 3, 14, 10);
  it('names the quick range a range covers', () => {
    expect(matchQuickRange(quickRange('thisWeek', now), now)).toBe('thisWeek');
    expect(matchQuickRange(quickRange('yesterday', now), now)).toBe('yesterday');
    expect(matchQuickRange(wholeDays(at(2024, 3, 14), at(2024, 3, 14)), now)).toBe('today');
  });
  it('names none for another range or no range', () => {
    expect(matchQuickRange(wholeDays(at(2024, 3, 12), at(2024, 3, 14)), now)).toBeNull();
    expect(matchQuickRange(null, now)).toBeNull();
  });
});

describe('wholeDays', () => {
  it('orders the two days and covers them whole', () => {
    expect(wholeDays(at(2024, 3, 20, 13), at(2024, 3, 2, 8))).toEqual({ start: at(2024, 3, 2), end: at(2024, 3, 20, 23, 59, 59, 999) });
  });
});
