/**
 * Fixed-window rate limits kept in the database (table rate_limits), so every server process
 * sharing one PostgreSQL counts together. One upsert per check; old windows of the bucket are
 * removed as it goes.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { RateRule } from '../config';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { fail } from '../http/respond';
import { Code } from '../../src/contract/codes';

export type RateCheck = { bucket: string; rule: RateRule };

/** Counts one hit in the bucket's current window; true while the count stays within the limit. */
export const hitRateLimit = async (db: Db, check: RateCheck, now: Date): Promise<boolean> => {
  const windowMs = check.rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: check.bucket, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if (row && row.count === 1) {
    await db.delete(rateLimits).where(and(eq(rateLimits.bucket, check.bucket), lt(rateLimits.windowStart, windowStart)));
  }
  return (row?.count ?? 1) <= check.rule.limit;
};

/** Counts a hit in every bucket; throws RATE_LIMITED when any is over its limit. */
export const enforceRateLimits = async (db: Db, checks: RateCheck[], now: Date): Promise<void> => {
  let allowed = true;
  for (const check of checks) {
    if (!(await hitRateLimit(db, check, now))) allowed = false;
  }
  if (!allowed) throw fail(Code.RATE_LIMITED);
};
