/**
 * The schedule executor (SPEC §4 Schedule): turns each due pending schedule into one send (a
 * schedule_sends row the member's companion extension claims and confirms), exactly once per
 * occurrence, however many server processes run it and across restarts.
 *
 * The schedules table is the queue: a pass claims due rows (`status = 'pending' AND next_run_at <=
 * now`, the partial index schedules_due_idx) in batches with `FOR UPDATE SKIP LOCKED`, the way
 * pg-boss claims its jobs, and in the same transaction writes their sends and advances them: a
 * recurring schedule to its next due time (still pending), a once-only one to 'sending' until the
 * extension confirms. Two processes never claim the same row (SKIP LOCKED), and a row once
 * advanced is no longer due; the unique (schedule_id, due_at) index is the last guard. A process
 * that dies mid-pass rolls its batch back, and the next pass (any process) takes it.
 *
 * Each process runs a pass at the earliest due time it knows of, and at least every
 * SCHEDULE_POLL_MS (250 ms), for schedules another process saved meanwhile: a schedule saved well
 * ahead is taken at its due time, one saved for "now" within a quarter second (an idle pass is two
 * index probes). The job queue's cron runs a pass each minute as a backstop (server/jobs/runtime.ts).
 *
 * A recurring schedule's send that still waits when its next due time comes is not sent late
 * beside the new one: it ends as failed (SUPERSEDED_ERROR). Occurrences missed while no server ran (a night's hourly sends) are sent once, not once each:
 * the send carries the earliest missed due time and the schedule moves to its next due time after
 * now.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { nextDueAfter } from '../../src/contract/recurrence';
import { isoOf, textArray } from '../chats/sql';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { schedules, scheduleSends } from '../db/schema';
import type { Logger } from '../logger';

/** Schedules one transaction claims. */
export const SCHEDULE_BATCH = 250;
/** What a waiting send that the schedule's next due time overtook records. */
export const SUPERSEDED_ERROR = 'Not sent: the chat page stayed closed until the next due time';
/** The longest wait between passes of one process. */
export const SCHEDULE_POLL_MS = 250;
/** The shortest (a due schedule another process holds is being sent: not a busy loop). */
const MIN_WAIT_MS = 10;

export type ScheduleExecutor = {
  /** One pass: every schedule due now becomes its send. Returns how many sends it made. */
  runDue(): Promise<number>;
  /** Passes until `stop`: at the earliest due time, at least every SCHEDULE_POLL_MS (never two at once in this process). */
  start(): void;
  /** Stops the passes and waits for a running one. */
  stop(): Promise<void>;
};

export type ScheduleExecutorDeps = { db: Db; clock: Clock; logger: Logger; pollMs?: number; batchSize?: number };

/** One batch in one transaction: claims up to `limit` due schedules, writes their sends, advances them. Returns how many it claimed. */
export const runDueBatch = async (db: Db, now: Date, limit = SCHEDULE_BATCH): Promise<{ claimed: number; sent: number }> =>
  db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: schedules.id,
        workspaceId: schedules.workspaceId,
        ownerId: schedules.ownerId,
        recipients: schedules.recipients,
        message: schedules.message,
        startAt: schedules.startAt,
        timeZone: schedules.timeZone,
        recurrence: schedules.recurrence,
        nextRunAt: schedules.nextRunAt,
      })
      .from(schedules)
      .where(and(eq(schedules.status, 'pending'), lte(schedules.nextRunAt, now)))
      .orderBy(asc(schedules.nextRunAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return { claimed: 0, sent: 0 };
    // A recurring schedule's earlier send still waiting (the chat page stayed closed until this
    // due time) is not sent late beside this one: it ends as failed, saying why.
    await tx.execute(sql`
      UPDATE ${scheduleSends} SET status = 'failed', error = ${SUPERSEDED_ERROR}
      WHERE status = 'waiting' AND schedule_id = ANY(${textArray(due.map((s) => s.id))})`);
    const made = await tx
      .insert(scheduleSends)
      .values(
        due.map((s) => ({
          id: randomUUID(),
          workspaceId: s.workspaceId,
          ownerId: s.ownerId,
          scheduleId: s.id,
          dueAt: s.nextRunAt!,
          recipients: s.recipients,
          message: s.message,
          status: 'waiting' as const,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: scheduleSends.id });
    const next = due.map((s) => (s.recurrence === 'once' ? null : nextDueAfter(s.startAt.getTime(), s.recurrence, s.timeZone, now.getTime())));
    // A once-only schedule waits for the extension ('sending'); a recurring one with no due time
    // left (past the year 9999) has sent its last and waits likewise; the others stay pending.
    await tx.execute(sql`
      UPDATE ${schedules} s SET next_run_at = v.next_run_at::timestamptz, status = v.status, updated_at = ${isoOf(now)}::timestamptz
      FROM unnest(${textArray(due.map((s) => s.id))}, ${textArray(next.map((ms) => (ms === null ? null : isoOf(ms))))},
        ${textArray(next.map((ms) => (ms === null ? 'sending' : 'pending')))}) AS v(id, next_run_at, status)
      WHERE s.id = v.id`);
    return { claimed: due.length, sent: made.length };
  });

/** Sends sent or failed this long ago are purged (the hourly purge): the schedule keeps its count and last error. */
export const FINISHED_SEND_RETENTION_MS = 30 * 24 * 3_600_000;

/**
 * Sent and failed sends older than FINISHED_SEND_RETENTION_MS, across every workspace (an hourly
 * schedule makes 8,760 a year). Exactly-once does not rest on them: a schedule is moved past an
 * occurrence in the transaction that writes its send, and their due times lie in the past.
 */
export const purgeFinishedSends = async (db: Db, now: Date): Promise<number> => {
  const gone = await db
    .delete(scheduleSends)
    .where(and(inArray(scheduleSends.status, ['sent', 'failed']), lt(scheduleSends.createdAt, new Date(now.getTime() - FINISHED_SEND_RETENTION_MS))))
    .returning({ id: scheduleSends.id });
  return gone.length;
};

/** The earliest due time of a pending schedule (the partial index's first entry), or null. */
export const earliestDue = async (db: Db): Promise<Date | null> => {
  const [row] = await db
    .select({ at: schedules.nextRunAt })
    .from(schedules)
    .where(eq(schedules.status, 'pending'))
    .orderBy(asc(schedules.nextRunAt))
    .limit(1);
  return row?.at ?? null;
};

export const createScheduleExecutor = (deps: ScheduleExecutorDeps): ScheduleExecutor => {
  const pollMs = deps.pollMs ?? SCHEDULE_POLL_MS;
  const batchSize = deps.batchSize ?? SCHEDULE_BATCH;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let started = false;

  const runDue = async (): Promise<number> => {
    let sent = 0;
    // Batches until one comes back short: what another process holds is skipped, not waited for.
    for (;;) {
      const batch = await runDueBatch(deps.db, deps.clock.now(), batchSize);
      sent += batch.sent;
      if (batch.claimed < batchSize) break;
    }
    if (sent > 0) deps.logger.info('[schedules] sends made', { count: sent });
    return sent;
  };

  /** A pass, then the next one at the earliest due time known, or after pollMs (a schedule another process saved meanwhile). */
  const pass = async (): Promise<number> => {
    try {
      await runDue();
      const next = await earliestDue(deps.db);
      const wait = next === null ? pollMs : next.getTime() - deps.clock.now().getTime();
      return Math.min(pollMs, Math.max(MIN_WAIT_MS, wait));
    } catch (error) {
      deps.logger.error('[schedules] pass failed', { message: error instanceof Error ? error.message : String(error) });
      return pollMs;
    }
  };

  const loop = (delay: number) => {
    timer = setTimeout(() => {
      timer = null;
      running = pass().then((next) => {
        running = null;
        if (started) loop(next);
      });
    }, delay);
    timer.unref();
  };

  return {
    runDue,
    start() {
      if (started) return;
      started = true;
      loop(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
};
