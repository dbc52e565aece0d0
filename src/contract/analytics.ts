/**
 * Analytics (SPEC §2 /analytics, §3 Analytics numbers, §7 Analytics and the lead status counts of
 * §7 Workspace): the numbers of one member's pipeline (the caller's own, or, for an admin, the
 * member chosen in the member selector: the /admin calls honour the source-user header).
 *
 * Ranges are half-open `[begin, end)` in unix milliseconds, computed by the client in the user's
 * time zone (today, yesterday, this week Monday to Sunday, this month: SPEC §9 quick ranges), so
 * the server never guesses a day's boundaries. Calls that cut a range into days, weeks or months
 * (the trend) also carry the IANA time zone, checked by the server with Intl.
 *
 * Definitions (the README repeats them for users):
 * - totalFollow: the member's open leads (not closed), whenever made;
 * - new: leads created in the range; won / lost: leads whose stage became closedWon / closedLost in
 *   the range (`stage_changed_at`) and still is;
 * - awaiting reply: open leads whose last message (in the range, by last message time) is from the
 *   customer and not answered yet, per tab; pending: open leads created in the range, per tab;
 * - the awaiting-reply ranking: the ten open awaiting-reply leads that have waited longest
 *   (SPEC §9: top 10 by waiting hours), optionally in one tab.
 */
import { z } from 'zod/mini';
import { emptyRequest } from './account';
import { epochMs, tabIdSchema } from './bounds';
import { byRole, flattenRolePairs } from './role-pair';
import { salesStages } from './leads';
import { timeZoneSchema } from './schedules';

/** SPEC §9: the ranking lists the top 10 waiting-hours leads. */
export const RANKING_SIZE = 10;
/** The trend's longest range: two years of days. */
export const TREND_MAX_POINTS = 731;
export const trendBuckets = ['day', 'week', 'month'] as const;
export type TrendBucket = (typeof trendBuckets)[number];

export const totalData = z.object({ totalFollow: z.int() });

export const monthRequest = z.object({ monthBeginTime: epochMs, monthEndTime: epochMs });
export const monthData = z.object({ monthNew: z.int(), monthWon: z.int(), monthLost: z.int() });

export const weekRequest = z.object({ lastWeekBeginTime: epochMs, lastWeekEndTime: epochMs, weekBeginTime: epochMs, weekEndTime: epochMs });
export const weekData = z.object({ newLastWeek: z.int(), newThisWeek: z.int() });

export const dayRequest = z.object({ yesterdayBeginTime: epochMs, yesterdayEndTime: epochMs, todayBeginTime: epochMs, todayEndTime: epochMs });
export const dayData = z.object({ newYesterday: z.int(), newToday: z.int() });

/** A count in one tab (tab 0 is No tabs). */
export const tabCount = z.object({ tabId: z.int(), tabName: z.string(), count: z.int() });
export type TabCount = z.infer<typeof tabCount>;
export const perTabData = z.object({ items: z.array(tabCount) });

export const awaitingRequest = z.object({ startLastTime: epochMs, endLastTime: epochMs });
export const pendingRequest = z.object({ startCreateTime: epochMs, endCreateTime: epochMs });

export const rankingRequest = z.object({ startLastTime: epochMs, endLastTime: epochMs, tabId: z.optional(z.nullable(tabIdSchema)) });
export const rankingRow = z.object({
  leadId: z.string(),
  name: z.string(),
  tabId: z.int(),
  /** The customer's unanswered last message (unix ms). */
  lastMessageTime: z.int(),
  /** Whole hours waited until the answer was made (the server's clock). */
  waitingHours: z.int(),
  /** The synced chat the lead came from, when there is one (opens the chat, schedules a follow-up). */
  chatWhatsappId: z.nullable(z.string()),
});
export type RankingRow = z.infer<typeof rankingRow>;
export const rankingData = z.object({ items: z.array(rankingRow) });

export const trendRequest = z.object({ beginTime: epochMs, endTime: epochMs, timeZone: timeZoneSchema, bucket: z.enum(trendBuckets) });
/** One bucket of the trend: its start (unix ms, the bucket's first instant in the time zone) and its counts. */
export const trendPoint = z.object({ time: z.int(), new: z.int(), won: z.int(), lost: z.int() });
export type TrendPoint = z.infer<typeof trendPoint>;
export const trendData = z.object({ points: z.array(trendPoint) });

/**
 * Sync health of the member the numbers are about: the awaiting-reply and last-message numbers are
 * only as fresh as the last chat sync.
 */
export const syncHealthData = z.object({
  syncType: z.enum(['off', 'manual', 'auto']),
  /** The last finished sync (unix ms), null when never synced. */
  lastSyncAt: z.nullable(z.int()),
  /** The newest synced message (unix ms), null when none. */
  lastMessageAt: z.nullable(z.int()),
  syncedChatCount: z.int(),
});
export type SyncHealth = z.infer<typeof syncHealthData>;

const stageCounts = z.object(Object.fromEntries(salesStages.map((s) => [s, z.int()])) as Record<(typeof salesStages)[number], z.ZodMiniInt>);
/** SPEC §7 Workspace /leads/status-count/stats: open and closed leads, and leads per sales stage (no stage: `none`). */
export const statusCountData = z.object({ total: z.int(), open: z.int(), closed: z.int(), stages: z.extend(stageCounts, { none: z.int() }) });
export type StatusCount = z.infer<typeof statusCountData>;

const pairs = {
  analysisTotal: byRole('/analysis/statistic-numbers/total', emptyRequest, totalData),
  analysisMonth: byRole('/analysis/statistic-numbers/month', monthRequest, monthData),
  analysisWeek: byRole('/analysis/statistic-numbers/week', weekRequest, weekData),
  analysisDay: byRole('/analysis/statistic-numbers/day', dayRequest, dayData),
  /** SPEC §7 spells it `awaiting-replay`. */
  analysisAwaiting: byRole('/analysis/awaiting-replay/', awaitingRequest, perTabData),
  analysisPending: byRole('/analysis/pending/', pendingRequest, perTabData),
  analysisRanking: byRole('/analysis/awaiting-reply-rank/', rankingRequest, rankingData),
  /** New, won and lost per day, week or month of a range (the charts). */
  analysisTrend: byRole('/analysis/trend/', trendRequest, trendData),
  analysisSyncHealth: byRole('/analysis/sync-health/', emptyRequest, syncHealthData),
  leadsStatusCount: byRole('/leads/status-count/stats', emptyRequest, statusCountData),
};

/** The pairs by call, for the client (`forRole(analyticsCalls.analysisTotal, realRole)`). */
export const analyticsCalls = pairs;
export const analyticsEndpoints = flattenRolePairs(pairs);
