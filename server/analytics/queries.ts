/**
 * The analytics numbers of one member's pipeline (SPEC §3 Analytics numbers, §7 Analytics and the
 * lead status counts of §7 Workspace; definitions in src/contract/analytics.ts). Every query goes
 * through server/db/scoped.ts (the workspace) and names the owner.
 *
 * Ranges are half-open, `[begin, end)`. Each number is a count over an index of leads
 * (server/db/schema.ts), read without touching the table (index-only, once VACUUM has marked the
 * pages all-visible):
 * - open leads (totalFollow) and the status counts: `leads_owner_status_idx` (open or closed, stage:
 *   small, as its keys repeat);
 * - pending per tab: `leads_owner_open_created_idx`, partial on open leads, by create time, with the tab;
 * - new leads: `leads_owner_created_idx`, by create time;
 * - won and lost: `leads_owner_stage_changed_idx` (stage, when it changed);
 * - awaiting reply and its ranking: `leads_owner_awaiting_idx`, partial on open leads awaiting a
 *   reply, by last message time.
 * The partial indexes' predicates are written as SQL, not parameters, so the planner sees that a
 * query's conditions imply them. Several counts of one call go in one statement (one round trip),
 * each its own index range.
 */
import { tz } from '@date-fns/tz';
import { addDays, addMonths, addWeeks, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  RANKING_SIZE,
  TREND_MAX_POINTS,
  type RankingRow,
  type StatusCount,
  type SyncHealth,
  type TabCount,
  type TrendBucket,
  type TrendPoint,
} from '../../src/contract/analytics';
import { CHAT_ID_PATTERN } from '../../src/contract/chats';
import { NO_TAB_ID, NO_TAB_NAME, salesStages } from '../../src/contract/leads';
import { HOUR_MS } from '../../src/contract/recurrence';
import { rowsOf, textArray } from '../chats/sql';
import type { Db } from '../db/client';
import { inWorkspace, scoped, workspaceFilter, type Owner } from '../db/scoped';
import { chats, chatSyncStates, leads, tabs, workspaceMembers } from '../db/schema';

/** A half-open range of unix milliseconds. */
export type Range = { begin: number; end: number };

/** A time as the timestamptz columns compare it (ISO text reads the same on both drivers). */
const at = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;

/** The owner's leads (the workspace and the owner), and more conditions. */
const ownLeads = (owner: Owner, ...conditions: (SQL | undefined)[]): SQL => inWorkspace(leads, owner, eq(leads.ownerId, owner.userId), ...conditions);

/** Open leads: the predicate of the partial indexes, as SQL the planner can match. */
const isOpen = sql`not ${leads.isClosed}`;
/** Open leads awaiting a reply (leads_owner_awaiting_idx's predicate). */
const isAwaiting = sql`${leads.awaitingReply} and not ${leads.isClosed}`;

const within = (column: AnyPgColumn, range: Range): SQL => and(gte(column, at(range.begin)), lt(column, at(range.end))) as SQL;

/** `count(*)` of the owner's leads matching the conditions, as a subquery. */
const countOf = (db: Db, owner: Owner, ...conditions: SQL[]) =>
  db
    .select({ n: count() })
    .from(leads)
    .where(ownLeads(owner, ...conditions));

/** Several counts in one statement: `SELECT (sub)::int AS a, (sub)::int AS b`. */
const counts = async <K extends string>(db: Db, subqueries: Record<K, ReturnType<typeof countOf>>): Promise<Record<K, number>> => {
  const entries = Object.entries(subqueries) as [K, ReturnType<typeof countOf>][];
  const result = await db.execute(
    sql`SELECT ${sql.join(
      entries.map(([name, q]) => sql`(${q})::int AS ${sql.identifier(name)}`),
      sql`, `,
    )}`,
  );
  const row = rowsOf<Record<K, number>>(result)[0]!;
  return Object.fromEntries(entries.map(([name]) => [name, Number(row[name])])) as Record<K, number>;
};

/** Leads created in the range (new). */
export const createdIn = (db: Db, owner: Owner, range: Range) => countOf(db, owner, within(leads.createdAt, range));

/** Leads whose stage became `stage` in the range and still is (won, lost). */
export const stageReachedIn = (db: Db, owner: Owner, stage: 'closedWon' | 'closedLost', range: Range) =>
  countOf(db, owner, eq(leads.stage, stage), within(leads.stageChangedAt, range));

/** totalFollow: the owner's open leads, whenever made. */
export const totalFollow = async (db: Db, owner: Owner): Promise<number> => (await counts(db, { totalFollow: countOf(db, owner, isOpen) })).totalFollow;

export const monthNumbers = (db: Db, owner: Owner, month: Range) =>
  counts(db, {
    monthNew: createdIn(db, owner, month),
    monthWon: stageReachedIn(db, owner, 'closedWon', month),
    monthLost: stageReachedIn(db, owner, 'closedLost', month),
  });

export const newLeadCounts = <K extends string>(db: Db, owner: Owner, ranges: Record<K, Range>) =>
  counts(
    db,
    Object.fromEntries(Object.entries<Range>(ranges).map(([name, range]) => [name, createdIn(db, owner, range)])) as Record<K, ReturnType<typeof countOf>>,
  );

/** The owner's tabs as the pipeline lists them: No tabs (0), then theirs by position. */
const tabsOf = async (db: Db, owner: Owner): Promise<{ id: number; name: string }[]> => {
  const own = await db
    .select({ id: tabs.id, name: tabs.name })
    .from(tabs)
    .where(inWorkspace(tabs, owner, eq(tabs.ownerId, owner.userId)))
    .orderBy(asc(tabs.position), asc(tabs.id));
  return [{ id: NO_TAB_ID, name: NO_TAB_NAME }, ...own];
};

/** Counts per tab of the owner's leads matching `where`: every tab of the owner listed, with 0 when none. */
const perTab = async (db: Db, owner: Owner, where: SQL): Promise<TabCount[]> => {
  const [counted, ownTabs] = await Promise.all([
    db.select({ tabId: leads.tabId, n: count() }).from(leads).where(ownLeads(owner, where)).groupBy(leads.tabId),
    tabsOf(db, owner),
  ]);
  const byTab = new Map(counted.map((c) => [c.tabId, Number(c.n)]));
  return ownTabs.map((t) => ({ tabId: t.id, tabName: t.name, count: byTab.get(t.id) ?? 0 }));
};

/** Awaiting reply per tab: open leads awaiting a reply whose last message is in the range. */
export const awaitingPerTab = (db: Db, owner: Owner, range: Range) => perTab(db, owner, and(isAwaiting, within(leads.lastMessageAt, range)) as SQL);

/** Pending per tab: open leads created in the range. */
export const pendingPerTab = (db: Db, owner: Owner, range: Range) => perTab(db, owner, and(isOpen, within(leads.createdAt, range)) as SQL);

/**
 * The awaiting-reply ranking: the open awaiting leads (last message in the range, in one tab when
 * given) that have waited longest, oldest unanswered message first (then by id, so ties keep one
 * order), RANKING_SIZE at most. Their chat: the newest live chat linked to the lead, else the
 * lead's source when it is a chat id.
 */
export const awaitingRanking = async (db: Db, owner: Owner, range: Range, tabId: number | null | undefined, now: Date): Promise<RankingRow[]> => {
  const linkedChat = db
    .select({ id: chats.chatWhatsappId })
    .from(chats)
    .where(workspaceFilter(chats, leads.workspaceId, eq(chats.ownerId, leads.ownerId), eq(chats.leadId, leads.id), sql`not ${chats.isDel}`))
    .orderBy(sql`${chats.lastMessageAt} desc nulls last`, desc(chats.id))
    .limit(1);
  const rows = await db
    .select({
      id: leads.id,
      name: leads.name,
      tabId: leads.tabId,
      lastMessageAt: leads.lastMessageAt,
      sourceId: leads.sourceId,
      chatId: sql<string | null>`(${linkedChat})`,
    })
    .from(leads)
    .where(ownLeads(owner, isAwaiting, within(leads.lastMessageAt, range), tabId === null || tabId === undefined ? undefined : eq(leads.tabId, tabId)))
    .orderBy(asc(leads.lastMessageAt), asc(leads.id))
    .limit(RANKING_SIZE);
  return rows.map((r) => {
    const last = r.lastMessageAt!.getTime();
    const source = r.sourceId !== null && CHAT_ID_PATTERN.test(r.sourceId) ? r.sourceId : null;
    return {
      leadId: r.id,
      name: r.name,
      tabId: r.tabId,
      lastMessageTime: last,
      waitingHours: Math.max(0, Math.floor((now.getTime() - last) / HOUR_MS)),
      chatWhatsappId: r.chatId ?? source,
    };
  });
};

/** SPEC §7 Workspace status counts: the owner's leads, open and closed, and per stage (`none`: no stage). */
export const statusCounts = async (db: Db, owner: Owner): Promise<StatusCount> => {
  // Grouped in the index's order (open or closed, then stage): no hashing.
  const rows = await db
    .select({ isClosed: leads.isClosed, stage: leads.stage, n: count() })
    .from(leads)
    .where(ownLeads(owner))
    .groupBy(leads.isClosed, leads.stage);
  const stages = { ...(Object.fromEntries(salesStages.map((s) => [s, 0])) as Record<(typeof salesStages)[number], number>), none: 0 };
  let total = 0;
  let closed = 0;
  for (const r of rows) {
    const n = Number(r.n);
    stages[r.stage ?? 'none'] += n;
    total += n;
    if (r.isClosed) closed += n;
  }
  return { total, open: total - closed, closed, stages };
};

/** Sync health of the member (src/contract/analytics.ts syncHealthData). */
export const syncHealth = async (db: Db, owner: Owner): Promise<SyncHealth> => {
  const [member, state, newest] = await Promise.all([
    scoped(db, owner).first(workspaceMembers, eq(workspaceMembers.userId, owner.userId)),
    scoped(db, owner).first(chatSyncStates, eq(chatSyncStates.userId, owner.userId)),
    db
      .select({ at: chats.lastMessageAt })
      .from(chats)
      // chats_owner_last_message_idx: live chats (its predicate), newest message last, read backwards.
      .where(inWorkspace(chats, owner, eq(chats.ownerId, owner.userId), sql`not ${chats.isDel}`, sql`${chats.lastMessageAt} is not null`))
      .orderBy(sql`${chats.lastMessageAt} desc nulls last`)
      .limit(1),
  ]);
  return {
    syncType: member?.syncType ?? 'off',
    lastSyncAt: state?.lastSyncAt?.getTime() ?? null,
    lastMessageAt: newest[0]?.at?.getTime() ?? null,
    syncedChatCount: state?.syncedChatCount ?? 0,
  };
};

const bucketStart: Record<TrendBucket, (ms: number, zone: ReturnType<typeof tz>) => number> = {
  day: (ms, zone) => startOfDay(ms, { in: zone }).getTime(),
  week: (ms, zone) => startOfWeek(ms, { in: zone, weekStartsOn: 1 }).getTime(),
  month: (ms, zone) => startOfMonth(ms, { in: zone }).getTime(),
};
const bucketAdd: Record<TrendBucket, (ms: number, n: number, zone: ReturnType<typeof tz>) => number> = {
  day: (ms, n, zone) => addDays(ms, n, { in: zone }).getTime(),
  week: (ms, n, zone) => addWeeks(ms, n, { in: zone }).getTime(),
  month: (ms, n, zone) => addMonths(ms, n, { in: zone }).getTime(),
};

/**
 * The calendar buckets (days, weeks from Monday, months of `timeZone`) that overlap the range: each
 * one's first instant, in order; null when there would be more than `max`. The n-th is computed
 * from the first (the start of its day, week or month n steps on), so a daylight-saving change
 * makes that day 23 or 25 hours long and never shifts the buckets after it.
 */
export const bucketStarts = (range: Range, timeZone: string, bucket: TrendBucket, max = TREND_MAX_POINTS): number[] | null => {
  const zone = tz(timeZone);
  const first = bucketStart[bucket](range.begin, zone);
  const starts: number[] = [];
  for (let n = 0; ; n++) {
    const start = n === 0 ? first : bucketStart[bucket](bucketAdd[bucket](first, n, zone), zone);
    if (start >= range.end) return starts;
    if (starts.length === max) return null;
    starts.push(start);
  }
};

/**
 * New, won and lost per bucket (`starts` from bucketStarts): each bucket counts its part of the
 * range, `[max(start, begin), min(next start, end))`; every bucket is listed, empty ones with 0.
 * One statement: each bucket's three counts are index range counts (no per-row time zone sums).
 */
export const trendPoints = async (db: Db, owner: Owner, range: Range, starts: readonly number[]): Promise<TrendPoint[]> => {
  if (starts.length === 0) return [];
  const los = starts.map((s) => new Date(Math.max(s, range.begin)).toISOString());
  const his = starts.map((_, i) => new Date(Math.min(starts[i + 1] ?? range.end, range.end)).toISOString());
  const lo = sql.raw('b.lo');
  const hi = sql.raw('b.hi');
  const inBucket = (column: AnyPgColumn) => sql`${column} >= ${lo} and ${column} < ${hi}`;
  const countIn = (...conditions: SQL[]) =>
    db
      .select({ n: count() })
      .from(leads)
      .where(ownLeads(owner, ...conditions));
  const result = await db.execute(sql`
    SELECT b.i::int AS i,
      (${countIn(inBucket(leads.createdAt))})::int AS "new",
      (${countIn(eq(leads.stage, 'closedWon'), inBucket(leads.stageChangedAt))})::int AS won,
      (${countIn(eq(leads.stage, 'closedLost'), inBucket(leads.stageChangedAt))})::int AS lost
    FROM unnest(${textArray(los)}::timestamptz[], ${textArray(his)}::timestamptz[]) WITH ORDINALITY AS b(lo, hi, i)
    ORDER BY b.i`);
  return rowsOf<{ i: number; new: number; won: number; lost: number }>(result).map((r) => ({
    time: starts[Number(r.i) - 1]!,
    new: Number(r.new),
    won: Number(r.won),
    lost: Number(r.lost),
  }));
};
