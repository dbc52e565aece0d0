/**
 * Properties of a schedule's due times (src/contract/recurrence.ts; SPEC §3 Schedule message):
 * daily, weekly, monthly and quarterly schedules keep the local wall-clock time across both
 * daylight-saving changes in zones north and south of the equator; hourly ones step by real hours
 * across them; a monthly schedule on the 31st falls on the last day of a shorter month and returns
 * to the 31st; due times only grow; `nextDueAfter` is the first due time after a given time.
 */
import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EPOCH_MS_MAX } from '../../src/contract/bounds';
import { canonicalTimeZone, HOUR_MS, isValidTimeZone, nextDueAfter, nextOccurrenceAfter, occurrence } from '../../src/contract/recurrence';
import { recurrences, type Recurrence } from '../../src/contract/schedules';

/** Zones with daylight saving in both hemispheres (Sydney's summer is Berlin's winter), and one without. */
const dstZones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney'] as const;
const zones = [...dstZones, 'Asia/Shanghai', 'Asia/Kolkata', 'UTC'] as const;

/** The local wall-clock reading of a time in a zone, written out with Intl (not with the code under test). */
const local = (ms: number, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { year: +get('year'), month: +get('month'), day: +get('day'), hour: +get('hour'), minute: +get('minute'), weekday: get('weekday') };
};

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** UTC offset in minutes of a zone at a time. */
const offsetAt = (ms: number, timeZone: string) => -new TZDate(ms, timeZone).getTimezoneOffset();

const zone = fc.constantFrom(...zones);
const dstZone = fc.constantFrom(...dstZones);
/** A local time of day that every day has (no zone here changes its clock between 04:00 and 23:59). */
const safeHour = fc.integer({ min: 4, max: 23 });
const minute = fc.integer({ min: 0, max: 59 });
/** A start between 2020 and 2035. */
const startDate = fc.record({ year: fc.integer({ min: 2020, max: 2035 }), month: fc.integer({ min: 0, max: 11 }), day: fc.integer({ min: 1, max: 28 }) });

const startIn = (timeZone: string, d: { year: number; month: number; day: number }, hour: number, min: number) =>
  new TZDate(d.year, d.month, d.day, hour, min, 0, 0, timeZone).getTime();

describe('time zones', () => {
  it('knows IANA names, in any case, and refuses the rest', () => {
    for (const z of zones) expect(isValidTimeZone(z), z).toBe(true);
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    for (const bad of ['', 'Mars/Olympus', 'Europe/Berlin ', '<script>', '+01:00', 'Europe/../UTC', 'x'.repeat(64)]) {
      expect(isValidTimeZone(bad), bad).toBe(false);
    }
  });
});

describe('wall-clock recurrences across daylight saving', () => {
  it('a daily 09:00 stays at 09:00 local on every day of a year, through both changes', () => {
    for (const z of dstZones) {
      const start = startIn(z, { year: 2025, month: 0, day: 1 }, 9, 0);
      const offsets = new Set<number>();
      for (let n = 0; n < 366; n++) {
        const due = occurrence(start, 'day', z, n)!;
        const l = local(due, z);
        expect({ hour: l.hour, minute: l.minute }, `${z} day ${n}`).toEqual({ hour: 9, minute: 0 });
        offsets.add(offsetAt(due, z));
      }
      // The year did cross both changes: two offsets were seen.
      expect(offsets.size, z).toBe(2);
    }
  });

  it('daily, weekly, monthly and quarterly keep the start’s local time of day (any zone, any start)', () => {
    fc.assert(
      fc.property(zone, startDate, safeHour, minute, fc.constantFrom<Recurrence>('day', 'week', 'month', 'quarter'), fc.integer({ min: 1, max: 60 }), (z, d, h, m, rec, n) => {
        const due = occurrence(startIn(z, d, h, m), rec, z, n)!;
        const l = local(due, z);
        expect({ hour: l.hour, minute: l.minute }).toEqual({ hour: h, minute: m });
      }),
      { numRuns: 400 },
    );
  });

  it('daily steps one calendar day and weekly seven, on the same weekday', () => {
    fc.assert(
      fc.property(zone, startDate, safeHour, minute, fc.integer({ min: 0, max: 400 }), (z, d, h, m, n) => {
        const start = startIn(z, d, h, m);
        const day = local(occurrence(start, 'day', z, n)!, z);
        const expected = new Date(Date.UTC(d.year, d.month, d.day + n));
        expect([day.year, day.month, day.day]).toEqual([expected.getUTCFullYear(), expected.getUTCMonth() + 1, expected.getUTCDate()]);
        const week = local(occurrence(start, 'week', z, n)!, z);
        expect(week.weekday).toBe(local(start, z).weekday);
      }),
      { numRuns: 300 },
    );
  });

  it('a day the spring change skips keeps its day, shifted forward by the change, and the next day is back on time', () => {
    // Europe/Berlin skips 02:00-03:00 on 30 March 2025; New York 02:00-03:00 on 9 March 2025; Sydney on 5 October 2025.
    const cases = [
      { z: 'Europe/Berlin', d: { year: 2025, month: 2, day: 29 } },
      { z: 'America/New_York', d: { year: 2025, month: 2, day: 8 } },
      { z: 'Australia/Sydney', d: { year: 2025, month: 9, day: 4 } },
    ];
    for (const { z, d } of cases) {
      const start = startIn(z, d, 2, 30);
      const skipped = local(occurrence(start, 'day', z, 1)!, z);
      expect({ day: skipped.day, hour: skipped.hour, minute: skipped.minute }, z).toEqual({ day: d.day + 1, hour: 3, minute: 30 });
      const after = local(occurrence(start, 'day', z, 2)!, z);
      expect({ day: after.day, hour: after.hour, minute: after.minute }, z).toEqual({ day: d.day + 2, hour: 2, minute: 30 });
    }
  });

  it('a time the autumn change repeats is sent once that day', () => {
    // Berlin repeats 02:00-03:00 on 26 October 2025.
    const z = 'Europe/Berlin';
    const start = startIn(z, { year: 2025, month: 9, day: 25 }, 2, 30);
    const dues = [0, 1, 2].map((n) => occurrence(start, 'day', z, n)!);
    expect(dues.map((ms) => local(ms, z).day)).toEqual([25, 26, 27]);
    expect(dues.map((ms) => local(ms, z).hour)).toEqual([2, 2, 2]);
    // 25 hours between the first two (the longer day), 24 after.
    expect([dues[1]! - dues[0]!, dues[2]! - dues[1]!]).toEqual([25 * HOUR_MS, 24 * HOUR_MS]);
  });
});

describe('hourly', () => {
  it('is every real hour, across the changes: n hours after the start, whatever the local clock says', () => {
    fc.assert(
      fc.property(dstZone, startDate, fc.integer({ min: 0, max: 23 }), minute, fc.integer({ min: 0, max: 24 * 400 }), (z, d, h, m, n) => {
        const start = startIn(z, d, h, m);
        expect(occurrence(start, 'hour', z, n)).toBe(start + n * HOUR_MS);
      }),
      { numRuns: 300 },
    );
  });

  it('over a spring-forward night the local clock skips an hour, over a fall-back night it repeats one', () => {
    const z = 'America/New_York';
    const spring = startIn(z, { year: 2025, month: 2, day: 9 }, 0, 0);
    expect([0, 1, 2, 3].map((n) => local(occurrence(spring, 'hour', z, n)!, z).hour)).toEqual([0, 1, 3, 4]);
    const autumn = startIn(z, { year: 2025, month: 10, day: 2 }, 0, 0);
    expect([0, 1, 2, 3].map((n) => local(occurrence(autumn, 'hour', z, n)!, z).hour)).toEqual([0, 1, 1, 2]);
  });
});

describe('the day of month', () => {
  it('a monthly schedule on the 31st falls on the last day of shorter months and returns to the 31st', () => {
    const z = 'Europe/Berlin';
    const start = startIn(z, { year: 2024, month: 0, day: 31 }, 9, 0);
    const days = Array.from({ length: 14 }, (_, n) => local(occurrence(start, 'month', z, n)!, z)).map((l) => `${l.month}/${l.day}`);
    expect(days).toEqual(['1/31', '2/29', '3/31', '4/30', '5/31', '6/30', '7/31', '8/31', '9/30', '10/31', '11/30', '12/31', '1/31', '2/28']);
  });

  it('monthly and quarterly: the start’s day when the month has it, else its last day', () => {
    fc.assert(
      fc.property(
        zone,
        fc.record({ year: fc.integer({ min: 2020, max: 2035 }), month: fc.integer({ min: 0, max: 11 }), day: fc.integer({ min: 1, max: 31 }) }),
        safeHour,
        fc.constantFrom<Recurrence>('month', 'quarter'),
        fc.integer({ min: 0, max: 80 }),
        (z, d, h, rec, n) => {
          const day = Math.min(d.day, daysInMonth(d.year, d.month + 1));
          const start = startIn(z, { ...d, day }, h, 0);
          const months = rec === 'month' ? n : 3 * n;
          const target = d.month + months;
          const year = d.year + Math.floor(target / 12);
          const month = (target % 12) + 1;
          const l = local(occurrence(start, rec, z, n)!, z);
          expect([l.year, l.month, l.day]).toEqual([year, month, Math.min(day, daysInMonth(year, month))]);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('order and the next due time', () => {
  const anyStart = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) });

  it('due times only grow', () => {
    fc.assert(
      fc.property(zone, anyStart, fc.constantFrom<Recurrence>('hour', 'day', 'week', 'month', 'quarter'), fc.integer({ min: 0, max: 500 }), (z, start, rec, n) => {
        expect(occurrence(start, rec, z, n + 1)!).toBeGreaterThan(occurrence(start, rec, z, n)!);
      }),
      { numRuns: 400 },
    );
  });

  it('nextDueAfter is a due time, after the given time, with no due time between', () => {
    fc.assert(
      fc.property(zone, anyStart, fc.constantFrom(...recurrences), fc.integer({ min: -5 * 24 * HOUR_MS, max: 3 * 365 * 24 * HOUR_MS }), (z, start, rec, delta) => {
        const after = start + delta;
        const next = nextOccurrenceAfter(start, rec, z, after);
        if (rec === 'once') {
          expect(next).toEqual(start > after ? { n: 0, at: start } : null);
          return;
        }
        expect(next).not.toBeNull();
        expect(next!.at).toBeGreaterThan(after);
        expect(next!.at).toBe(occurrence(start, rec, z, next!.n));
        if (next!.n > 0) expect(occurrence(start, rec, z, next!.n - 1)!).toBeLessThanOrEqual(after);
        expect(nextDueAfter(start, rec, z, after)).toBe(next!.at);
      }),
      { numRuns: 500 },
    );
  });

  it('a once-only schedule is due at its start and never again', () => {
    const start = Date.UTC(2025, 5, 1, 8);
    expect(occurrence(start, 'once', 'UTC', 0)).toBe(start);
    expect(occurrence(start, 'once', 'UTC', 1)).toBeNull();
    expect(nextDueAfter(start, 'once', 'UTC', start - 1)).toBe(start);
    expect(nextDueAfter(start, 'once', 'UTC', start)).toBeNull();
  });

  it('no due time after the year 9999: the recurrence ends there', () => {
    const start = Date.UTC(9999, 11, 31, 13);
    expect(occurrence(start, 'day', 'UTC', 0)).toBe(start);
    expect(occurrence(start, 'day', 'UTC', 1)).toBeNull();
    expect(nextDueAfter(start, 'quarter', 'UTC', start)).toBeNull();
    expect(nextDueAfter(EPOCH_MS_MAX + 1, 'once', 'UTC', 0)).toBeNull();
    expect(() => occurrence(start, 'day', 'UTC', -1)).toThrow(RangeError);
  });
});
