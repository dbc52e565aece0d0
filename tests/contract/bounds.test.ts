/**
 * The contract's bounds (src/contract/bounds.ts): ids within PostgreSQL `integer`, times within the
 * years 1970 to 9999, no fraction or non-finite number; text limits stated in their messages. The
 * server-side fuzz (tests/server/contract-fuzz.test.ts) checks every field of every endpoint uses them.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { byteCount, DB_INT_MAX, dbId, EPOCH_MS_MAX, epochMs, maxChars, pageNumber, PAGE_NUMBER_MAX, tabIdSchema } from '../../src/contract/bounds';
import { leadAddRequest } from '../../src/contract/leads';

const takes = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('contract bounds', () => {
  it('ids stay within PostgreSQL integer; tab 0 is No tabs', () => {
    expect(DB_INT_MAX).toBe(2 ** 31 - 1);
    for (const v of [1, DB_INT_MAX]) expect(takes(dbId(), v), String(v)).toBe(true);
    for (const v of [0, -1, DB_INT_MAX + 1, 2 ** 53, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1']) expect(takes(dbId(), v), String(v)).toBe(false);
    expect(takes(tabIdSchema, 0)).toBe(true);
    expect(takes(tabIdSchema, DB_INT_MAX + 1)).toBe(false);
  });

  it('times run from 1970 to the last moment of 9999 in any time zone', () => {
    expect(new Date(EPOCH_MS_MAX).toISOString()).toBe('+010000-01-01T11:59:59.999Z');
    // 31 December 9999, 23:59 local, in the latest time zone (UTC−12), as the lead form sends it.
    expect(takes(epochMs, Date.UTC(9999, 11, 31, 23, 59) + 12 * 3_600_000)).toBe(true);
    for (const v of [0, Date.UTC(2025, 0, 15)]) expect(takes(epochMs, v)).toBe(true);
    for (const v of [-1, EPOCH_MS_MAX + 1, 9e15, 8.64e15 + 1]) expect(takes(epochMs, v), String(v)).toBe(false);
  });

  it('page numbers and byte counts have upper bounds too', () => {
    expect(takes(pageNumber, PAGE_NUMBER_MAX)).toBe(true);
    expect(takes(pageNumber, PAGE_NUMBER_MAX + 1)).toBe(false);
    expect(takes(byteCount, 2 ** 40)).toBe(true);
    expect(takes(byteCount, 2 ** 53)).toBe(false);
  });

  it('a text over its limit is refused with a message that states the limit, also where the field has its own required text', () => {
    const issue = z.string().check(maxChars(3)).safeParse('abcd').error?.issues[0];
    expect(issue?.message).toBe('at most 3 characters');
    const name = leadAddRequest.safeParse({ name: 'x'.repeat(5000) }).error?.issues[0];
    expect(name).toMatchObject({ path: ['name'], code: 'too_big', message: 'at most 100 characters' });
    // An empty name keeps SPEC §5's text.
    expect(leadAddRequest.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe('You have to enter the "Name"');
  });
});
