/**
 * Periodic purges (job `maintenance.purge`, hourly across all processes): delivered outbox mail
 * after its retention (codes and links must not pile up in plain text), rate-limit windows that
 * have ended, sessions and verification codes some days after they ended.
 */
import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { outbox, sessions, verificationCodes } from '../db/schema';
import { purgeExpiredRateLimits } from '../auth/rate-limit';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Outbox rows older than the retention: delivered ones, and undelivered ones twice as old (their
 * job has long given up: retries end within hours).
 */
export const purgeOutbox = async (db: Db, now: Date, retentionDays: number): Promise<number> => {
  const cutoff = daysBefore(now, retentionDays);
  const gone = await db
    .delete(outbox)
    .where(
      or(
        and(isNotNull(outbox.deliveredAt), lt(outbox.createdAt, cutoff)),
        and(isNull(outbox.deliveredAt), lt(outbox.createdAt, daysBefore(now, 2 * retentionDays))),
      ),
    )
    .returning({ id: outbox.id });
  return gone.length;
};

/** Sessions that expired or were revoked more than `retentionDays` ago (their retired tokens go with them). */
export const purgeEndedSessions = async (db: Db, now: Date, retentionDays: number): Promise<number> => {
  const cutoff = daysBefore(now, retentionDays);
  const gone = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)))
    .returning({ id: sessions.id });
  return gone.length;
};

/** Verification codes that expired more than `retentionDays` ago (used or not). */
export const purgeExpiredCodes = async (db: Db, now: Date, retentionDays: number): Promise<number> => {
  const gone = await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.expiresAt, daysBefore(now, retentionDays)))
    .returning({ id: verificationCodes.id });
  return gone.length;
};

export type PurgeCounts = { outbox: number; rateLimits: number; sessions: number; codes: number };

/** Every purge, once. */
export const purgeAll = async (db: Db, now: Date, config: Pick<AppConfig, 'outboxRetentionDays' | 'expiredRetentionDays'>): Promise<PurgeCounts> => ({
  outbox: await purgeOutbox(db, now, config.outboxRetentionDays),
  rateLimits: await purgeExpiredRateLimits(db, now),
  sessions: await purgeEndedSessions(db, now, config.expiredRetentionDays),
  codes: await purgeExpiredCodes(db, now, config.expiredRetentionDays),
});
