/**
 * Analytics (SPEC §2 /analytics, §3 Analytics numbers, §7 Analytics, and the lead status counts of
 * §7 Workspace), each served under /admin and /member (src/contract/analytics.ts, whose header
 * defines every number).
 *
 * Whose numbers: one member's pipeline, its owner: the caller, or on the /admin path the member an
 * admin or manager acts for through the source-user header (checked by buildScope,
 * server/auth/scope.ts); the /member path refuses the header. The queries (server/analytics/
 * queries.ts) go through server/db/scoped.ts and name the owner, so no number counts another
 * member's or another workspace's leads.
 *
 * Ranges are half-open `[begin, end)` in unix ms, cut by the client in the user's time zone (SPEC
 * §9 quick ranges); a range whose begin is not before its end is refused (VALIDATION). The trend
 * cuts its range into the days, weeks (Monday first) or months of an IANA time zone known to Intl
 * (else VALIDATION), at most TREND_MAX_POINTS of them (else VALIDATION), every bucket listed.
 *
 * Not rate-limited: every call is a few index range counts of one member's leads (no hashing, no
 * mail, nothing written), and the trend's work is bounded by TREND_MAX_POINTS.
 */
import type { Hono } from 'hono';
import { analyticsCalls, TREND_MAX_POINTS } from '../../src/contract/analytics';
import { Code } from '../../src/contract/codes';
import { canonicalTimeZone } from '../../src/contract/recurrence';
import {
  awaitingPerTab,
  awaitingRanking,
  bucketStarts,
  monthNumbers,
  newLeadCounts,
  pendingPerTab,
  statusCounts,
  syncHealth,
  totalFollow,
  trendPoints,
  type Range,
} from '../analytics/queries';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRolePair } from '../http/role-pair';
import type { AppEnv } from '../http/route';

/** A range of the request, refused when it is empty or backwards. */
const rangeOf = (begin: number, end: number, what: string): Range => {
  if (begin >= end) throw fail(Code.VALIDATION, `The ${what} must begin before it ends`);
  return { begin, end };
};

export const registerAnalyticsRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock } = deps;

  defineRolePair(app, deps, analyticsCalls.analysisTotal, async ({ owner }) => ({ totalFollow: await totalFollow(db, owner) }));

  defineRolePair(app, deps, analyticsCalls.analysisMonth, async ({ owner, body }) =>
    monthNumbers(db, owner, rangeOf(body.monthBeginTime, body.monthEndTime, 'month')),
  );

  defineRolePair(app, deps, analyticsCalls.analysisWeek, async ({ owner, body }) =>
    newLeadCounts(db, owner, {
      newLastWeek: rangeOf(body.lastWeekBeginTime, body.lastWeekEndTime, 'last week'),
      newThisWeek: rangeOf(body.weekBeginTime, body.weekEndTime, 'week'),
    }),
  );

  defineRolePair(app, deps, analyticsCalls.analysisDay, async ({ owner, body }) =>
    newLeadCounts(db, owner, {
      newYesterday: rangeOf(body.yesterdayBeginTime, body.yesterdayEndTime, 'yesterday'),
      newToday: rangeOf(body.todayBeginTime, body.todayEndTime, 'day'),
    }),
  );

  defineRolePair(app, deps, analyticsCalls.analysisAwaiting, async ({ owner, body }) => ({
    items: await awaitingPerTab(db, owner, rangeOf(body.startLastTime, body.endLastTime, 'range')),
  }));

  defineRolePair(app, deps, analyticsCalls.analysisPending, async ({ owner, body }) => ({
    items: await pendingPerTab(db, owner, rangeOf(body.startCreateTime, body.endCreateTime, 'range')),
  }));

  defineRolePair(app, deps, analyticsCalls.analysisRanking, async ({ owner, body }) => ({
    items: await awaitingRanking(db, owner, rangeOf(body.startLastTime, body.endLastTime, 'range'), body.tabId, clock.now()),
  }));

  defineRolePair(app, deps, analyticsCalls.analysisTrend, async ({ owner, body }) => {
    const timeZone = canonicalTimeZone(body.timeZone);
    if (!timeZone) throw fail(Code.VALIDATION, 'Unknown time zone');
    const range = rangeOf(body.beginTime, body.endTime, 'range');
    const starts = bucketStarts(range, timeZone, body.bucket);
    if (!starts) throw fail(Code.VALIDATION, `A trend has at most ${TREND_MAX_POINTS} points`);
    return { points: await trendPoints(db, owner, range, starts) };
  });

  defineRolePair(app, deps, analyticsCalls.analysisSyncHealth, async ({ owner }) => syncHealth(db, owner));

  defineRolePair(app, deps, analyticsCalls.leadsStatusCount, async ({ owner }) => statusCounts(db, owner));
};
