/**
 * The product event log's storage and reads (SPEC §7 Analytics logging; src/contract/product-events.ts):
 *
 * - `storeEventBatch`: a sender's batch, as one INSERT of its rows, written for the session's
 *   member (the body never says who); events outside the accepted time window (older than
 *   LOG_EVENT_MAX_AGE_DAYS, or more than LOG_EVENT_MAX_AHEAD_SECONDS ahead) are left out;
 * - `recordSyncUpload`: the server's own event for a chat sync's upload (`chatSyncUpload`, its
 *   chats counted), written after the upload is stored; a failure to write it is logged and never
 *   fails the upload;
 * - `eventCounts`: events per type and UTC day in a range of days, stored and estimated;
 * - `syncHealth`: per joined member, the last upload's time and the chats of their last sync.
 *
 * Every query names the workspace through server/db/scoped.ts.
 */
import { and, asc, desc, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  CHAT_SYNC_UPLOAD_EVENT,
  COUNTS_DEFAULT_DAYS,
  LOG_EVENT_MAX_AGE_DAYS,
  LOG_EVENT_MAX_AHEAD_SECONDS,
  PRODUCT_EVENT_SOURCE,
  syncUploadStatusOf,
  type EventCounts,
  type ProductEvent,
  type SyncHealth,
} from '../../src/contract/product-events';
import { isoOf, msOf, rowsOf, textArray } from '../chats/sql';
import type { Db } from '../db/client';
import { aliasInWorkspace, inWorkspace, type Owner, type TenantScope } from '../db/scoped';
import { productEvents } from '../db/schema';
import type { Logger } from '../logger';

const DAY_MS = 86_400_000;

/** The events of a batch inside the accepted time window (older than LOG_EVENT_MAX_AGE_DAYS or too far ahead are left out). */
export const eventsInWindow = (events: readonly ProductEvent[], now: Date): ProductEvent[] => {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const oldest = nowSeconds - LOG_EVENT_MAX_AGE_DAYS * 86_400;
  const latest = nowSeconds + LOG_EVENT_MAX_AHEAD_SECONDS;
  return events.filter((e) => e.time >= oldest && e.time <= latest);
};

/**
 * The one INSERT of a batch's rows for their member: each column one array parameter read back with
 * `unnest` (ten parameters whatever the batch's size; a builder's multi-row VALUES costs the server
 * milliseconds of CPU for 50 rows, scripts/bench-event-log.ts).
 */
export const eventRowsInsert = (owner: Owner, events: readonly ProductEvent[], now: Date): SQL => sql`
  INSERT INTO product_events (workspace_id, user_id, event_source, event_type, status, occurred_at, received_at, browser, sample_time, count)
  SELECT ${owner.workspaceId}, ${owner.userId}, ${PRODUCT_EVENT_SOURCE}, v.event_type, v.status, v.occurred_at::timestamptz, ${isoOf(now)}::timestamptz,
    v.browser, v.sample_time::real, v.count::integer
  FROM unnest(
    ${textArray(events.map((e) => e.eventType))},
    ${textArray(events.map((e) => e.status))},
    ${textArray(events.map((e) => isoOf(e.time * 1000)))},
    ${textArray(events.map((e) => (e.browser === '' ? null : e.browser)))},
    ${textArray(events.map((e) => String(e.sampleTime)))},
    ${textArray(events.map((e) => String(e.count)))}
  ) AS v(event_type, status, occurred_at, browser, sample_time, count)`;

/** Stores a batch for its member in one statement; returns how many events were inside the accepted window (and stored). */
export const storeEventBatch = async (db: Db, owner: Owner, events: readonly ProductEvent[], now: Date): Promise<number> => {
  const kept = eventsInWindow(events, now);
  if (kept.length === 0) return 0;
  await db.execute(eventRowsInsert(owner, kept, now));
  return kept.length;
};

/**
 * The server's record of one chat sync upload (every upload is recorded: sample time 1), which
 * the members page's sync-health line reads. Never throws: the upload is stored already.
 */
export const recordSyncUpload = async (
  deps: { db: Db; logger: Logger },
  owner: Owner,
  batch: { chats: readonly unknown[]; firstBatch: boolean; final: boolean },
  now: Date,
): Promise<void> => {
  try {
    await deps.db.insert(productEvents).values({
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      eventSource: PRODUCT_EVENT_SOURCE,
      eventType: CHAT_SYNC_UPLOAD_EVENT,
      status: syncUploadStatusOf(batch),
      occurredAt: now,
      receivedAt: now,
      browser: null,
      sampleTime: 1,
      count: 1,
      chats: batch.chats.length,
    });
  } catch (error) {
    deps.logger.warn('[events] the sync upload could not be recorded', { user: owner.userId, error: error instanceof Error ? error.message : String(error) });
  }
};

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const startOfUtcDay = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The range asked for, or the last COUNTS_DEFAULT_DAYS UTC days up to today. */
export const countsRange = (range: { from?: string; to?: string }, now: Date): { from: string; to: string } => {
  if (range.from !== undefined && range.to !== undefined) return { from: range.from, to: range.to };
  const today = startOfUtcDay(dayOf(now.getTime()));
  return { from: dayOf(today - (COUNTS_DEFAULT_DAYS - 1) * DAY_MS), to: dayOf(today) };
};

/**
 * Events per type and UTC day of the workspace in `[from, to]` (whole UTC days): `events` sums the
 * stored counts, `estimated` each count divided by its sample time (what every session together
 * would have logged). Newest day first, then by type.
 */
export const eventCounts = async (db: Db, scope: TenantScope, range: { from?: string; to?: string }, now: Date): Promise<EventCounts> => {
  const { from, to } = countsRange(range, now);
  const day = sql<string>`to_char(${productEvents.occurredAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      eventType: productEvents.eventType,
      events: sql<number>`sum(${productEvents.count})::int`,
      estimated: sql<number>`round(sum(${productEvents.count}::float8 / coalesce(${productEvents.sampleTime}, 1)::float8))::int`,
    })
    .from(productEvents)
    .where(
      inWorkspace(
        productEvents,
        scope,
        and(gte(productEvents.occurredAt, new Date(startOfUtcDay(from))), lt(productEvents.occurredAt, new Date(startOfUtcDay(to) + DAY_MS))),
      ),
    )
    .groupBy(day, productEvents.eventType)
    .orderBy(desc(day), asc(productEvents.eventType));
  return { from, to, today: dayOf(now.getTime()), rows: rows.map((r) => ({ day: r.day, eventType: r.eventType, events: Number(r.events), estimated: Number(r.estimated) })) };
};

type HealthRow = { user_id: string; last_at: unknown; chats: number | null };

/**
 * Per joined member of the workspace who ever uploaded (only `onlyUserId` when given): the time of
 * their last upload, and the chats of their last sync: the uploads from the latest that started a
 * sync (`started` or `complete`) on, or the last upload alone when none did. Each member's rows are
 * read newest first along the (workspace, user, type, time) index.
 */
export const syncHealth = async (db: Db, scope: TenantScope & { userId: string }, onlyUserId: string | null, now: Date): Promise<SyncHealth> => {
  const type = CHAT_SYNC_UPLOAD_EVENT;
  const onlyOne = onlyUserId === null ? sql`` : sql`AND m.user_id = ${onlyUserId}`;
  const result = await db.execute(sql`
    SELECT m.user_id, lu.occurred_at AS last_at, tot.chats
    FROM workspace_members m
    CROSS JOIN LATERAL (
      SELECT e.occurred_at, e.id FROM product_events e
      WHERE ${aliasInWorkspace('e', scope)} AND e.user_id = m.user_id AND e.event_type = ${type}
      ORDER BY e.occurred_at DESC, e.id DESC LIMIT 1
    ) lu
    LEFT JOIN LATERAL (
      SELECT s.occurred_at, s.id FROM product_events s
      WHERE ${aliasInWorkspace('s', scope)} AND s.user_id = m.user_id AND s.event_type = ${type} AND s.status IN ('started', 'complete')
      ORDER BY s.occurred_at DESC, s.id DESC LIMIT 1
    ) ls ON true
    CROSS JOIN LATERAL (
      SELECT sum(c.chats)::int AS chats FROM product_events c
      WHERE ${aliasInWorkspace('c', scope)} AND c.user_id = m.user_id AND c.event_type = ${type}
        AND (c.occurred_at, c.id) >= (coalesce(ls.occurred_at, lu.occurred_at), coalesce(ls.id, lu.id))
    ) tot
    WHERE ${aliasInWorkspace('m', scope)} AND m.status = 'joined' AND m.user_id IS NOT NULL ${onlyOne}
    ORDER BY m.user_id
  `);
  const items = rowsOf<HealthRow>(result).map((r) => ({ userId: r.user_id, lastSyncAt: msOf(r.last_at) ?? 0, chats: Number(r.chats ?? 0) }));
  return { now: now.getTime(), self: scope.userId, allMembers: onlyUserId === null, items };
};
