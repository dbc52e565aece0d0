/**
 * Scheduled messages (SPEC §2 schedule message panel, §3 Schedule message, §4 Schedule, §5
 * Schedule; src/contract/schedules.ts): a member's schedules, and the sends their companion
 * extension claims and confirms.
 *
 * The member the request acts for owns the schedules (an admin or manager acts for a member with
 * the source-user header, SPEC §6); the send calls act on the caller only (their chat page). The
 * rules here:
 * - Save: the time zone must be one Intl knows (stored by its canonical name); the start may not
 *   lie more than START_SLACK_MS in the past, except the unchanged start of a recurring schedule
 *   being edited (its next due time is then the first after now); a schedule with no due time
 *   left is refused (NEVER_DUE_MESSAGE). Saving puts the schedule back to pending at its first due
 *   time and drops its sends that are not in flight; while one is in flight (claimed, not timed
 *   out) the edit is refused. A member keeps at most MAX_SCHEDULES.
 * - Delete removes the schedule and its sends; retry puts a failed schedule back to pending, due
 *   now. Save and retry need the plan's `calender` bit (PLAN_LIMIT otherwise); listing and
 *   deleting stay open.
 * - Claim records that the caller's chat page is open (chat_page_polls, at most every few seconds) and hands it the sends
 *   waiting, or claimed longer than CLAIM_TIMEOUT_MS ago without a confirmation, marking them
 *   claimed. Confirm marks each claimed send sent or failed: a once-only schedule then ends
 *   completed or failed (with the extension's error); a recurring one keeps going and records the
 *   failure in lastError (a success clears it). Ids that are not the caller's claimed sends are
 *   ignored (a repeated confirm changes nothing).
 * - The list says why a send waits: 'chatPageClosed' while one is due or waiting and the chat page
 *   has not asked for sends within CHAT_PAGE_IDLE_MS.
 *
 * The sends themselves are made by the executor (server/schedules/executor.ts). Texts are stored
 * as given (NUL is refused for every body by the route helper) and shown inert by the client.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { EPOCH_MS_MAX } from '../../src/contract/bounds';
import { Code } from '../../src/contract/codes';
import { canonicalTimeZone, nextDueAfter } from '../../src/contract/recurrence';
import {
  CHAT_PAGE_IDLE_MS,
  CLAIM_TIMEOUT_MS,
  MAX_CLAIMED_SENDS,
  MAX_SCHEDULES,
  NEVER_DUE_MESSAGE,
  START_IN_PAST_MESSAGE,
  START_SLACK_MS,
  scheduleEndpoints,
  type Recipient,
  type Schedule,
} from '../../src/contract/schedules';
import type { WorkspaceScope } from '../auth/scope';
import type { Db } from '../db/client';
import { inWorkspace, scoped, type Owner } from '../db/scoped';
import { chatPagePolls, schedules, scheduleSends } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import { requirePlanPermission } from '../workspace/plans';

type ScheduleRow = typeof schedules.$inferSelect;
type WaitReason = Schedule['waitReason'];

/** What a failed send records when the extension gave no reason. */
const SEND_FAILED = 'The message could not be sent';
/** How stale the recorded poll of a chat page may get (well inside CHAT_PAGE_IDLE_MS). */
const POLL_RECORD_MS = 5_000;
const IN_FLIGHT = 'This message is being sent right now; try again in a moment';

const ownerOf = (scope: WorkspaceScope): Owner => ({ workspaceId: scope.workspaceId, userId: scope.actingUserId });
const ownSchedules = (owner: Owner, ...conditions: (SQL | undefined)[]) => inWorkspace(schedules, owner, eq(schedules.ownerId, owner.userId), ...conditions);
const ownSends = (owner: Owner, ...conditions: (SQL | undefined)[]) => inWorkspace(scheduleSends, owner, eq(scheduleSends.ownerId, owner.userId), ...conditions);

const toWire = (row: ScheduleRow, waitReason: WaitReason): Schedule => ({
  id: row.id,
  recipients: row.recipients,
  title: row.title,
  message: row.message,
  startTime: row.startAt.getTime(),
  timeZone: row.timeZone,
  recurrence: row.recurrence,
  status: row.status,
  nextRunTime: row.nextRunAt ? row.nextRunAt.getTime() : null,
  runCount: row.runCount,
  lastError: row.lastError,
  waitReason,
  updatedAt: row.updatedAt.getTime(),
});

/** The wait reasons of some of the owner's schedules: a send due or waiting while the chat page is closed. */
const waitReasonsOf = async (conn: Db, owner: Owner, rows: ScheduleRow[], now: Date): Promise<Map<string, WaitReason>> => {
  const reasons = new Map<string, WaitReason>();
  if (rows.length === 0) return reasons;
  const poll = await scoped(conn, owner).first(chatPagePolls, eq(chatPagePolls.userId, owner.userId));
  if (poll && now.getTime() - poll.polledAt.getTime() <= CHAT_PAGE_IDLE_MS) return reasons;
  const unsent = await conn
    .selectDistinct({ scheduleId: scheduleSends.scheduleId })
    .from(scheduleSends)
    .where(
      ownSends(
        owner,
        inArray(
          scheduleSends.scheduleId,
          rows.map((r) => r.id),
        ),
        inArray(scheduleSends.status, ['waiting', 'claimed']),
      ),
    );
  const waiting = new Set(unsent.map((s) => s.scheduleId));
  for (const row of rows) {
    const due = row.status === 'pending' && row.nextRunAt !== null && row.nextRunAt <= now;
    if (due || waiting.has(row.id)) reasons.set(row.id, 'chatPageClosed');
  }
  return reasons;
};

const wireOne = async (conn: Db, owner: Owner, row: ScheduleRow, now: Date): Promise<Schedule> =>
  toWire(row, (await waitReasonsOf(conn, owner, [row], now)).get(row.id) ?? null);

/** The owner's schedule, locked until the transaction ends (the executor skips it meanwhile); NOT_FOUND when there is none. */
const lockSchedule = async (tx: Db, owner: Owner, id: string): Promise<ScheduleRow> => {
  const [row] = await tx.select().from(schedules).where(ownSchedules(owner, eq(schedules.id, id))).for('update');
  if (!row) throw fail(Code.NOT_FOUND, 'No such schedule');
  return row;
};

/** A claimed send the extension may still confirm. */
const inFlight = (now: Date) => and(eq(scheduleSends.status, 'claimed'), gte(scheduleSends.claimedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS)));

/** One recipient per chat (the first one named). */
const distinctRecipients = (recipients: Recipient[]): Recipient[] => [...new Map(recipients.map((r) => [r.chatWhatsappId, r] as const).reverse()).values()].reverse();

export const registerScheduleRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock } = deps;

  defineRoute(app, deps, scheduleEndpoints.scheduleList, async ({ scope, body }) => {
    const owner = ownerOf(scope);
    const now = clock.now();
    const total = await scoped(db, owner).count(schedules, eq(schedules.ownerId, owner.userId));
    const rows = await db
      .select()
      .from(schedules)
      .where(ownSchedules(owner))
      .orderBy(desc(schedules.createdAt), desc(schedules.id))
      .limit(body.pageSize)
      .offset((body.page - 1) * body.pageSize);
    const reasons = await waitReasonsOf(db, owner, rows, now);
    return { items: rows.map((r) => toWire(r, reasons.get(r.id) ?? null)), total };
  });

  defineRoute(app, deps, scheduleEndpoints.scheduleSave, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'calender');
    const owner = ownerOf(scope);
    const timeZone = canonicalTimeZone(body.timeZone);
    if (!timeZone) throw fail(Code.VALIDATION, 'time_zone: Unknown time zone');
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const existing = body.id ? await lockSchedule(tx, owner, body.id) : null;
      // A recurring schedule being edited keeps its start, however long ago it was.
      const keepsStart = existing !== null && body.recurrence !== 'once' && existing.startAt.getTime() === body.startTime;
      const fresh = body.startTime >= now.getTime() - START_SLACK_MS;
      if (!fresh && !keepsStart) throw fail(Code.VALIDATION, `start_time: ${START_IN_PAST_MESSAGE}`);
      const firstDue = fresh ? body.startTime : nextDueAfter(body.startTime, body.recurrence, timeZone, now.getTime() - 1);
      if (firstDue === null || firstDue > EPOCH_MS_MAX) throw fail(Code.VALIDATION, `recurrence: ${NEVER_DUE_MESSAGE}`);
      const values = {
        recipients: distinctRecipients(body.recipients),
        title: body.title,
        message: body.message,
        startAt: new Date(body.startTime),
        timeZone,
        recurrence: body.recurrence,
        nextRunAt: new Date(firstDue),
        status: 'pending' as const,
        lastError: null,
        updatedAt: now,
      };
      if (existing) {
        if (await scoped(tx, owner).first(scheduleSends, eq(scheduleSends.scheduleId, existing.id), inFlight(now))) throw fail(Code.VALIDATION, IN_FLIGHT);
        await scoped(tx, owner).delete(scheduleSends, eq(scheduleSends.scheduleId, existing.id));
        const [updated] = await scoped(tx, owner).update(schedules, values, eq(schedules.id, existing.id)).returning();
        return updated as ScheduleRow;
      }
      if ((await scoped(tx, owner).count(schedules, eq(schedules.ownerId, owner.userId))) >= MAX_SCHEDULES) {
        throw fail(Code.VALIDATION, `A member keeps at most ${MAX_SCHEDULES} schedules`);
      }
      const [inserted] = await tx
        .insert(schedules)
        .values({ id: randomUUID(), workspaceId: owner.workspaceId, ownerId: owner.userId, ...values, runCount: 0, createdAt: now })
        .returning();
      return inserted!;
    });
    return wireOne(db, owner, row, now);
  });

  defineRoute(app, deps, scheduleEndpoints.scheduleDelete, async ({ scope, body }) => {
    const owner = ownerOf(scope);
    await db.transaction(async (tx) => {
      const row = await lockSchedule(tx, owner, body.id);
      await scoped(tx, owner).delete(scheduleSends, eq(scheduleSends.scheduleId, row.id));
      await scoped(tx, owner).delete(schedules, eq(schedules.id, row.id));
    });
    return null;
  });

  defineRoute(app, deps, scheduleEndpoints.scheduleRetry, async ({ scope, body }) => {
    await requirePlanPermission(db, scope.workspaceId, 'calender');
    const owner = ownerOf(scope);
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const current = await lockSchedule(tx, owner, body.id);
      if (current.status !== 'failed') throw fail(Code.VALIDATION, 'Only a failed schedule can be retried');
      await scoped(tx, owner).delete(scheduleSends, eq(scheduleSends.scheduleId, current.id));
      const [updated] = await scoped(tx, owner)
        .update(schedules, { status: 'pending', nextRunAt: now, lastError: null, updatedAt: now }, eq(schedules.id, current.id))
        .returning();
      return updated as ScheduleRow;
    });
    return wireOne(db, owner, row, now);
  });

  defineRoute(app, deps, scheduleEndpoints.scheduleSendsClaim, async ({ scope }) => {
    const owner = ownerOf(scope);
    const now = clock.now();
    // Written at most every POLL_RECORD_MS: a page claiming every few seconds does not write on each claim.
    await db
      .insert(chatPagePolls)
      .values({ workspaceId: owner.workspaceId, userId: owner.userId, polledAt: now })
      .onConflictDoUpdate({
        target: [chatPagePolls.workspaceId, chatPagePolls.userId],
        set: { polledAt: now },
        setWhere: lt(chatPagePolls.polledAt, new Date(now.getTime() - POLL_RECORD_MS)),
      });
    // One statement claims them: the sends waiting (or claimed too long ago), oldest first, those
    // another claim holds skipped. The choice is a CTE, as pg-boss claims its jobs: read once,
    // never rescanned by the update.
    const expired = new Date(now.getTime() - CLAIM_TIMEOUT_MS);
    const picked = db.$with('picked').as(
      db
        .select({ id: scheduleSends.id })
        .from(scheduleSends)
        .where(ownSends(owner, or(eq(scheduleSends.status, 'waiting'), and(eq(scheduleSends.status, 'claimed'), lt(scheduleSends.claimedAt, expired)))))
        .orderBy(scheduleSends.dueAt, scheduleSends.id)
        .limit(MAX_CLAIMED_SENDS)
        .for('update', { skipLocked: true }),
    );
    const rows = await db
      .with(picked)
      .update(scheduleSends)
      .set({ status: 'claimed', claimedAt: now })
      .where(inWorkspace(scheduleSends, owner, inArray(scheduleSends.id, db.select({ id: picked.id }).from(picked))))
      .returning();
    const claimed = rows.sort(
      (a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.id.localeCompare(b.id),
    );
    return { items: claimed.map((s) => ({ id: s.id, scheduleId: s.scheduleId, dueTime: s.dueAt.getTime(), recipients: s.recipients, message: s.message })) };
  });

  defineRoute(app, deps, scheduleEndpoints.scheduleSendsConfirm, async ({ scope, body }) => {
    const owner = ownerOf(scope);
    const now = clock.now();
    // The last word on a send counts, if one is named twice.
    const results = new Map(body.results.map((r) => [r.id, r] as const));
    await db.transaction(async (tx) => {
      const sends = await tx
        .select()
        .from(scheduleSends)
        .where(ownSends(owner, inArray(scheduleSends.id, [...results.keys()]), eq(scheduleSends.status, 'claimed')))
        .orderBy(scheduleSends.dueAt, scheduleSends.id)
        .for('update');
      for (const send of sends) {
        const result = results.get(send.id)!;
        const error = result.ok ? null : result.error?.trim() || SEND_FAILED;
        await scoped(tx, owner).update(
          scheduleSends,
          { status: result.ok ? 'sent' : 'failed', sentAt: result.ok ? now : null, error },
          eq(scheduleSends.id, send.id),
        );
        const [schedule] = await tx.select().from(schedules).where(ownSchedules(owner, eq(schedules.id, send.scheduleId))).for('update');
        if (!schedule) continue;
        // 'sending': the schedule's last send is out (a once-only one, or a recurrence with no due time left).
        const ends = schedule.status === 'sending';
        await scoped(tx, owner).update(
          schedules,
          {
            runCount: schedule.runCount + 1,
            lastError: error,
            ...(ends ? { status: result.ok ? ('completed' as const) : ('failed' as const), nextRunAt: null } : {}),
            updatedAt: now,
          },
          eq(schedules.id, schedule.id),
        );
      }
    });
    return null;
  });
};

