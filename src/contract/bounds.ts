/**
 * The bounds every number and text of a request keeps, stated once for the whole contract, so a
 * bad value is refused as VALIDATION before it reaches the database (which would otherwise fail
 * the request with 109500: an id past PostgreSQL `integer`, a time no date can hold, NUL ...).
 *
 * - Every integer has a lower and an upper bound: ids within PostgreSQL `integer`, times within
 *   the years 1970 to 9999, page numbers and counts within what the database takes. `z.int()`
 *   already refuses fractions, NaN and ±Infinity (which JSON reads from 1e400).
 * - Every text with a maximum length says the limit in its message ("at most 100 characters";
 *   the server puts the field's name in front: "name: at most 100 characters").
 *
 * The text rules live in ./text-bounds.ts (re-exported here), which the areas the login page
 * loads (account, workspace) import alone: the number bounds load with the areas that use them.
 */
import { z } from 'zod/mini';

export { maxChars, textId } from './text-bounds';

/** The largest PostgreSQL `integer`: every numeric id column (tabs, tag types, tags, tag values) is one. */
export const DB_INT_MAX = 2_147_483_647;
/**
 * The last millisecond of the year 9999 in the latest time zone (UTC−12), so any local time of
 * that year is taken (the lead form's dates have four-digit years) and no later one.
 */
export const EPOCH_MS_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 12 * 3_600_000;
/**
 * The highest page number a list takes: with the largest page size (500) the row offset stays far
 * inside PostgreSQL `integer` (500,000,000), and no list has a million pages.
 */
export const PAGE_NUMBER_MAX = 1_000_000;

/** An integer from `min` to `max` (by default, up to the largest PostgreSQL `integer`). */
export const boundedInt = (min: number, max: number = DB_INT_MAX, minMessage?: string) =>
  z.int().check(z.minimum(min, minMessage), z.maximum(max));

/** The numeric id of a row (tab, tag type, tag, tag value): 1 to the largest PostgreSQL `integer`. */
export const dbId = (message?: string) => boundedInt(1, DB_INT_MAX, message);

/** A tab id (SPEC §3 Tab): 0 is "No tabs", any other the id of a custom tab. */
export const tabIdSchema = boundedInt(0);

/** A time as unix milliseconds, from 1970 to the end of 9999. */
export const epochMs = boundedInt(0, EPOCH_MS_MAX);

/** A page number, from 1. */
export const pageNumber = boundedInt(1, PAGE_NUMBER_MAX);

/** A count (items, seconds ...), from 0 to the largest PostgreSQL `integer`. */
export const countSchema = boundedInt(0);

/** A length in bytes (a file's size): from 0 to the largest integer a JSON number carries exactly (a `bigint` column holds it). */
export const byteCount = boundedInt(0, Number.MAX_SAFE_INTEGER);

