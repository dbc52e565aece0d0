/**
 * Periodic purges (job `maintenance.purge`, hourly across all processes): delivered outbox mail
 * after its retention (codes and links must not pile up in plain text), rate-limit windows that
 * have ended, sessions and verification codes some days after they ended, and uploads never
 * finished (SPEC §7 Files: pending stored_files rows and their objects) a day after they began.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { outbox, sessions, storedFiles, verificationCodes } from '../db/schema';
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

/** Uploads left pending this long are given up (an upload URL lives minutes, a storage token 35). */
export const PENDING_FILE_MAX_AGE_MS = DAY_MS;
const PENDING_FILE_BATCH = 500;

/**
 * Pending uploads older than a day, across every workspace: each object goes from the store
 * (any there may be: a PUT that landed without its completion), then the rows. At most a batch
 * per run; the next hourly run takes the rest.
 */
export const purgePendingFiles = async (db: Db, now: Date, files: { remove(key: string): Promise<void> }): Promise<number> => {
  const cutoff = new Date(now.getTime() - PENDING_FILE_MAX_AGE_MS);
  const rows = await db
    .select({ id: storedFiles.id, objectKey: storedFiles.objectKey })
    .from(storedFiles)
    .where(and(eq(storedFiles.status, 'pending'), lt(storedFiles.createdAt, cutoff)))
    .orderBy(asc(storedFiles.createdAt))
    .limit(PENDING_FILE_BATCH);
  const removed: string[] = [];
  for (const row of rows) {
    try {
      await files.remove(row.objectKey);
      removed.push(row.id);
    } catch {
      // The store is unreachable: the row stays, and the next run tries again.
    }
  }
  if (removed.length > 0) await db.delete(storedFiles).where(and(inArray(storedFiles.id, removed), eq(storedFiles.status, 'pending')));
  return removed.length;
};
