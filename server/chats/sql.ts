/**
 * Small SQL helpers of the chat writes: column arrays passed as one parameter each (read back with
 * `unnest`, one parameter per column instead of one per cell, as the lead import does), and the
 * rows of a raw statement whichever driver ran it.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * A text array parameter. Every column goes as text and is cast per element in the statement
 * (`v.from_me::boolean`), the one array type both drivers pass alike.
 */
export const textArray = (values: readonly (string | null | undefined)[]): SQL => sql`${sql.param(values.map((v) => v ?? null))}::text[]`;

/** The rows of `db.execute(...)`: PGlite and node-postgres both answer `{ rows }`. */
export const rowsOf = <R>(result: unknown): R[] => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as R[];

/** A time as the timestamptz columns read it (ISO text reads the same on both drivers). */
export const isoOf = (ms: number | Date): string => new Date(ms).toISOString();

/** A timestamptz read by a raw statement: a Date (node-postgres) or text / Date (PGlite). */
export const msOf = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  return new Date(String(value)).getTime();
};
