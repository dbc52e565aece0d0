/**
 * Fixed-window rate limits kept in the database (table rate_limits), so every server process
 * sharing one PostgreSQL counts together. One upsert per check; old windows of the bucket are
 * removed as it goes, and `purgeExpiredRateLimits` removes every window that has ended (the
 * periodic purge job calls it).
 *
 * Failures only: a guarded attempt takes its slot up front (so parallel guesses cannot slip past
 * the limit) and gives it back when it succeeded (`refundRateLimits`), so signing in correctly
 * never uses up the allowance.
 */
import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { RateRule } from '../config';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { fail } from '../http/respond';
import { Code } from '../../src/contract/codes';

export type RateCheck = { bucket: string; rule: RateRule };

/** A counted hit: the bucket and the window it was counted in (to give it back). */
export type RateTicket = { bucket: string; windowStart: Date };

const windowOf = (rule: RateRule, now: Date) => {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { windowStart: new Date(start), expiresAt: new Date(start + windowMs) };
};

/** Counts one hit in the bucket's current window; `allowed` while the count stays within the limit. */
export const countRateHit = async (db: Db, check: RateCheck, now: Date): Promise<{ allowed: boolean; ticket: RateTicket }> => {
  const { windowStart, expiresAt } = windowOf(check.rule, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: check.bucket, windowStart, expiresAt, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if (row && row.count === 1) {
    await db.delete(rateLimits).where(and(eq(rateLimits.bucket, check.bucket), lt(rateLimits.windowStart, windowStart)));
  }
  return { allowed: (row?.count ?? 1) <= check.rule.limit, ticket: { bucket: check.bucket, windowStart } };
};

/** Counts one hit in the bucket's current window; true while the count stays within the limit. */
export const hitRateLimit = async (db: Db, check: RateCheck, now: Date): Promise<boolean> =>
  (await countRateHit(db, check, now)).allowed;

/**
 * Counts a hit in every bucket; throws RATE_LIMITED when any is over its limit. Returns the
 * tickets, to give the hits back with `refundRateLimits` when the attempt succeeded.
 */
export const enforceRateLimits = async (db: Db, checks: RateCheck[], now: Date): Promise<RateTicket[]> => {
  let allowed = true;
  const tickets: RateTicket[] = [];
  for (const check of checks) {
    const hit = await countRateHit(db, check, now);
    tickets.push(hit.ticket);
    if (!hit.allowed) allowed = false;
  }
  if (!allowed) throw fail(Code.RATE_LIMITED);
  return tickets;
};

/** Gives back hits counted by `enforceRateLimits` (the attempt succeeded: only failures count). */
export const refundRateLimits = async (db: Db, tickets: RateTicket[]): Promise<void> => {
  for (const t of tickets) {
    await db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(and(eq(rateLimits.bucket, t.bucket), eq(rateLimits.windowStart, t.windowStart), gt(rateLimits.count, 0)));
  }
};

/**
 * Deletes every window that has ended by `now` (rows from before windows carried their end are
 * kept one day past their start). Returns how many rows went. Called by the periodic purge job.
 */
export const purgeExpiredRateLimits = async (db: Db, now: Date): Promise<number> => {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(rateLimits)
    .where(or(lte(rateLimits.expiresAt, now), and(isNull(rateLimits.expiresAt), lt(rateLimits.windowStart, dayAgo))))
    .returning({ bucket: rateLimits.bucket });
  return gone.length;
};
