/**
 * The analytics screen's ranges and rules (src/machines/analytics-ranges.ts, the analytics machine's
 * selectors, its effects): SPEC §9's quick ranges cut in the member's time zone (Asia/Shanghai,
 * America/New_York across both daylight-saving changes, a Monday week start), whole custom days,
 * the trend's bucket limit, the sync-health warning, and the calls the effects make with the cut
 * ranges (the paths test reaches every state). Expected instants are written out in UTC.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { RankingRow, TrendPoint } from '../../src/contract/analytics';
import { Code } from '../../src/contract/codes';
import {
  bucketCount,
  customRangeIn,
  fittingBucket,
  isValidChoice,
  periodsOf,
  quickRangeIn,
  rangeDaysOf,
  rangeOf,
} from '../../src/machines/analytics-ranges';
import {
  analyticsMachine,
  recipientOf,
  selectFollowUp,
  syncGapOf,
  tabsOf,
  type LoadPerTabInput,
  type LoadRankingInput,
  type LoadSummaryInput,
  type LoadTrendInput,
  type PerTab,
  type Summary,
} from '../../src/machines/analytics.machine';
import { analyticsEffects } from '../../src/services/actors/analytics';
import { fakeFlowServices } from '../support/fake-api';
import { controllable, flush } from '../support/fakes';

const utc = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min);
const HOUR = 3_600_000;

describe('quick ranges in Asia/Shanghai (UTC+8)', () => {
  const zone = 'Asia/Shanghai';
  // Sunday 10 March 2024, 23:00 in Shanghai.
  const sundayNight = utc(2024, 3, 10, 15);

  it('cuts today, yesterday, this week and this month at local midnight (16:00 UTC the day before)', () => {
    expect(quickRangeIn('today', sundayNight, zone)).toEqual({ begin: utc(2024, 3, 9, 16), end: utc(2024, 3, 10, 16) });
    expect(quickRangeIn('yesterday', sundayNight, zone)).toEqual({ begin: utc(2024, 3, 8, 16), end: utc(2024, 3, 9, 16) });
    // Monday 4 to Sunday 10 March: a Sunday belongs to the week that began on the Monday before.
    expect(quickRangeIn('thisWeek', sundayNight, zone)).toEqual({ begin: utc(2024, 3, 3, 16), end: utc(2024, 3, 10, 16) });
    expect(quickRangeIn('thisMonth', sundayNight, zone)).toEqual({ begin: utc(2024, 2, 29, 16), end: utc(2024, 3, 31, 16) });
  });

  it('moves to the next day (and week) at local midnight, while UTC is still on the day before', () => {
    // 16:30 UTC on Sunday is 00:30 on Monday 11 March in Shanghai: a new day and a new week.
    const mondayEarly = utc(2024, 3, 10, 16, 30);
    expect(quickRangeIn('today', mondayEarly, zone)).toEqual({ begin: utc(2024, 3, 10, 16), end: utc(2024, 3, 11, 16) });
    expect(quickRangeIn('yesterday', mondayEarly, zone)).toEqual({ begin: utc(2024, 3, 9, 16), end: utc(2024, 3, 10, 16) });
    expect(quickRangeIn('thisWeek', mondayEarly, zone)).toEqual({ begin: utc(2024, 3, 10, 16), end: utc(2024, 3, 17, 16) });
    // The first instant of a day is in it; the last millisecond before belongs to the day before.
    expect(quickRangeIn('today', utc(2024, 3, 10, 16), zone).begin).toBe(utc(2024, 3, 10, 16));
    expect(quickRangeIn('today', utc(2024, 3, 10, 16) - 1, zone).begin).toBe(utc(2024, 3, 9, 16));
  });

  it('cuts the cards’ periods: this and last week follow each other, yesterday ends where today begins', () => {
    expect(periodsOf(sundayNight, zone)).toEqual({
      month: { monthBeginTime: utc(2024, 2, 29, 16), monthEndTime: utc(2024, 3, 31, 16) },
      week: { lastWeekBeginTime: utc(2024, 2, 25, 16), lastWeekEndTime: utc(2024, 3, 3, 16), weekBeginTime: utc(2024, 3, 3, 16), weekEndTime: utc(2024, 3, 10, 16) },
      day: { yesterdayBeginTime: utc(2024, 3, 8, 16), yesterdayEndTime: utc(2024, 3, 9, 16), todayBeginTime: utc(2024, 3, 9, 16), todayEndTime: utc(2024, 3, 10, 16) },
    });
  });

  it('takes the month of a new year at its first local instant (31 December 16:00 UTC)', () => {
    expect(quickRangeIn('thisMonth', utc(2023, 12, 31, 16, 5), zone)).toEqual({ begin: utc(2023, 12, 31, 16), end: utc(2024, 1, 31, 16) });
    expect(quickRangeIn('thisMonth', utc(2023, 12, 31, 15, 59), zone)).toEqual({ begin: utc(2023, 11, 30, 16), end: utc(2023, 12, 31, 16) });
  });
});

describe('quick ranges in America/New_York across daylight saving', () => {
  const zone = 'America/New_York';

  it('gives the spring-forward week 167 hours and its Sunday 23 (clocks went forward on 10 March 2024)', () => {
    const sunday = utc(2024, 3, 10, 15); // 11:00 EDT
    const week = quickRangeIn('thisWeek', sunday, zone);
    // Monday 4 March 00:00 EST (UTC-5) to Monday 11 March 00:00 EDT (UTC-4).
    expect(week).toEqual({ begin: utc(2024, 3, 4, 5), end: utc(2024, 3, 11, 4) });
    expect(week.end - week.begin).toBe(167 * HOUR);
    const today = quickRangeIn('today', sunday, zone);
    expect(today).toEqual({ begin: utc(2024, 3, 10, 5), end: utc(2024, 3, 11, 4) });
    expect(today.end - today.begin).toBe(23 * HOUR);
    // Last week was all standard time.
    const last = periodsOf(sunday, zone).week;
    expect([last.lastWeekBeginTime, last.lastWeekEndTime]).toEqual([utc(2024, 2, 26, 5), utc(2024, 3, 4, 5)]);
  });

  it('gives the fall-back week 169 hours and its Sunday 25 (clocks went back on 3 November 2024)', () => {
    const sunday = utc(2024, 11, 3, 18); // 13:00 EST
    const week = quickRangeIn('thisWeek', sunday, zone);
    expect(week).toEqual({ begin: utc(2024, 10, 28, 4), end: utc(2024, 11, 4, 5) });
    expect(week.end - week.begin).toBe(169 * HOUR);
    expect(quickRangeIn('today', sunday, zone)).toEqual({ begin: utc(2024, 11, 3, 4), end: utc(2024, 11, 4, 5) });
    // The day after the change is a normal 24 hours, and yesterday is the long Sunday.
    const monday = utc(2024, 11, 4, 12);
    expect(quickRangeIn('yesterday', monday, zone)).toEqual({ begin: utc(2024, 11, 3, 4), end: utc(2024, 11, 4, 5) });
    expect(quickRangeIn('today', monday, zone)).toEqual({ begin: utc(2024, 11, 4, 5), end: utc(2024, 11, 5, 5) });
  });

  it('starts every week on Monday, whatever the locale (a Monday at 00:00 starts its own week)', () => {
    const mondayMidnight = utc(2024, 3, 11, 4); // 00:00 EDT
    expect(quickRangeIn('thisWeek', mondayMidnight, zone).begin).toBe(mondayMidnight);
    expect(quickRangeIn('thisWeek', mondayMidnight - 1, zone).begin).toBe(utc(2024, 3, 4, 5));
    // Saturday 16 March belongs to the week of Monday 11.
    expect(quickRangeIn('thisWeek', utc(2024, 3, 16, 20), zone)).toEqual({ begin: utc(2024, 3, 11, 4), end: utc(2024, 3, 18, 4) });
  });
});

describe('custom days', () => {
  it('takes whole days in the zone, both ends included, across a daylight-saving change', () => {
    expect(customRangeIn('2024-03-09', '2024-03-10', 'America/New_York')).toEqual({ begin: utc(2024, 3, 9, 5), end: utc(2024, 3, 11, 4) });
    expect(customRangeIn('2024-03-01', '2024-03-01', 'Asia/Shanghai')).toEqual({ begin: utc(2024, 2, 29, 16), end: utc(2024, 3, 1, 16) });
  });

  it('refuses days that are none and days in the wrong order', () => {
    expect(customRangeIn('2024-02-30', '2024-03-01', 'UTC')).toBeNull();
    expect(customRangeIn('2024-03-05', '2024-03-01', 'UTC')).toBeNull();
    expect(customRangeIn('5 March', '2024-03-06', 'UTC')).toBeNull();
    expect(isValidChoice({ kind: 'custom', from: '2024-04-31', to: '2024-05-01' })).toBe(false);
    expect(isValidChoice({ kind: 'custom', from: '2024-02-29', to: '2024-02-29' })).toBe(true);
    expect(isValidChoice({ kind: 'quick', id: 'yesterday' })).toBe(true);
  });

  it('gives a range back as its first and last day on the zone’s calendar (the date picker’s value)', () => {
    const week = rangeOf({ kind: 'quick', id: 'thisWeek' }, utc(2024, 3, 10, 15), 'America/New_York')!;
    expect(rangeDaysOf(week, 'America/New_York')).toEqual({ from: '2024-03-04', to: '2024-03-10' });
    expect(rangeDaysOf(customRangeIn('2024-12-30', '2025-01-02', 'Asia/Shanghai')!, 'Asia/Shanghai')).toEqual({ from: '2024-12-30', to: '2025-01-02' });
  });
});

describe('trend buckets', () => {
  const threeYears = customRangeIn('2021-01-01', '2023-12-31', 'UTC')!;

  it('counts the points a range gives and keeps within the server’s limit', () => {
    expect(bucketCount(customRangeIn('2024-03-01', '2024-03-31', 'UTC')!, 'day')).toBe(31);
    expect(bucketCount(threeYears, 'day')).toBe(1095);
    expect(fittingBucket(threeYears, 'day')).toBe('week');
    expect(fittingBucket(threeYears, 'month')).toBe('month');
    expect(fittingBucket(customRangeIn('2024-03-01', '2024-03-31', 'UTC')!, 'day')).toBe('day');
  });

  it('moves a day trend of a long custom range to weeks, and refuses days for it', async () => {
    const loadTrend = controllable<TrendPoint[], LoadTrendInput>();
    const actor = createActor(
      analyticsMachine.provide({
        actors: {
          readClock: fromPromise(async () => utc(2024, 3, 10, 15)),
          loadSummary: fromPromise<Summary, LoadSummaryInput>(() => new Promise(() => undefined)),
          loadPerTab: fromPromise<PerTab, LoadPerTabInput>(() => new Promise(() => undefined)),
          loadRanking: fromPromise<RankingRow[], LoadRankingInput>(() => new Promise(() => undefined)),
          loadTrend: loadTrend.logic,
        },
      }),
      { input: { realRole: 'member', timeZone: 'UTC' } },
    ).start();
    await flush();
    expect(loadTrend.calls.map((c) => c.bucket)).toEqual(['day']);
    actor.send({ type: 'user.range', choice: { kind: 'custom', from: '2021-01-01', to: '2023-12-31' } });
    await flush();
    expect(loadTrend.calls.map((c) => c.bucket)).toEqual(['day', 'week']);
    actor.send({ type: 'user.bucket', bucket: 'day' });
    expect(actor.getSnapshot().context.bucket).toBe('week');
    expect(loadTrend.calls).toHaveLength(2);
    actor.send({ type: 'user.bucket', bucket: 'month' });
    expect(loadTrend.calls.map((c) => c.bucket)).toEqual(['day', 'week', 'month']);
    actor.stop();
  });
});

describe('what the view shows', () => {
  const sync = { syncType: 'auto' as const, lastSyncAt: utc(2024, 3, 10), lastMessageAt: null, syncedChatCount: 3 };

  it('warns about the sync when the last one is over a day old, never happened or sync is off', () => {
    expect(syncGapOf(sync, utc(2024, 3, 10, 23))).toEqual({ gapMs: 23 * HOUR, warn: false });
    expect(syncGapOf(sync, utc(2024, 3, 11, 0, 1))).toEqual({ gapMs: 24 * HOUR + 60_000, warn: true });
    expect(syncGapOf({ ...sync, lastSyncAt: null }, utc(2024, 3, 10))).toEqual({ gapMs: null, warn: true });
    expect(syncGapOf({ ...sync, syncType: 'off' }, utc(2024, 3, 10, 1)).warn).toBe(true);
  });

  it('offers the tabs the counts name, each once, and a row’s chat as a schedule’s recipient', () => {
    const perTab: PerTab = {
      awaiting: [
        { tabId: 2, tabName: 'Hot', count: 3 },
        { tabId: 0, tabName: '', count: 1 },
      ],
      pending: [
        { tabId: 5, tabName: 'Cold', count: 1 },
        { tabId: 2, tabName: 'Hot', count: 0 },
      ],
    };
    expect(tabsOf(perTab)).toEqual([
      { tabId: 2, tabName: 'Hot' },
      { tabId: 0, tabName: '' },
      { tabId: 5, tabName: 'Cold' },
    ]);
    expect(tabsOf(null)).toEqual([]);
    expect(recipientOf({ chatWhatsappId: '861@c.us', name: 'x'.repeat(250) })).toEqual({ chatWhatsappId: '861@c.us', name: 'x'.repeat(200) });
    expect(recipientOf({ chatWhatsappId: null, name: 'Ann' })).toBeNull();
  });
});

describe('analytics effects', () => {
  const answers: Record<string, unknown> = {
    AnalysisTotal: { totalFollow: 7 },
    AnalysisMonth: { monthNew: 3, monthWon: 1, monthLost: 2 },
    AnalysisWeek: { newLastWeek: 1, newThisWeek: 2 },
    AnalysisDay: { newYesterday: 0, newToday: 1 },
    LeadsStatusCount: { total: 9, open: 7, closed: 2, stages: { initialContact: 7, discussions: 0, decisionMaking: 0, contractDiscussion: 0, closedWon: 1, closedLost: 1, none: 0 } },
    AnalysisSyncHealth: { syncType: 'manual', lastSyncAt: null, lastMessageAt: null, syncedChatCount: 0 },
    AnalysisAwaiting: { items: [{ tabId: 2, tabName: 'Hot', count: 3 }] },
    AnalysisPending: { items: [{ tabId: 2, tabName: 'Hot', count: 1 }] },
    AnalysisRanking: { items: [] },
    AnalysisTrend: { points: [] },
  };
  const ok = (data: unknown) => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });
  const fake = () => fakeFlowServices((name) => ok(answers[name.replace(/^(admin|member)/, '')]));

  it('calls /admin for the owner and managers and /member for a member, with the ranges cut at the clock', async () => {
    for (const realRole of ['admin', 'member'] as const) {
      const f = fake();
      const actor = createActor(
        analyticsMachine.provide({ ...analyticsEffects(f.services), actors: { ...analyticsEffects(f.services).actors, readClock: fromPromise(async () => utc(2024, 3, 10, 15)) } }),
        { input: { realRole, timeZone: 'Asia/Shanghai' } },
      ).start();
      await flush();
      actor.send({ type: 'user.tab', tabId: 2 });
      await flush();
      const month = { begin: utc(2024, 2, 29, 16), end: utc(2024, 3, 31, 16) };
      expect(f.calls.map((c) => [c.name, c.body])).toEqual([
        [`${realRole}AnalysisTotal`, {}],
        [`${realRole}AnalysisMonth`, { monthBeginTime: month.begin, monthEndTime: month.end }],
        [`${realRole}AnalysisWeek`, { lastWeekBeginTime: utc(2024, 2, 25, 16), lastWeekEndTime: utc(2024, 3, 3, 16), weekBeginTime: utc(2024, 3, 3, 16), weekEndTime: utc(2024, 3, 10, 16) }],
        [`${realRole}AnalysisDay`, { yesterdayBeginTime: utc(2024, 3, 8, 16), yesterdayEndTime: utc(2024, 3, 9, 16), todayBeginTime: utc(2024, 3, 9, 16), todayEndTime: utc(2024, 3, 10, 16) }],
        [`${realRole}LeadsStatusCount`, {}],
        [`${realRole}AnalysisSyncHealth`, {}],
        [`${realRole}AnalysisAwaiting`, { startLastTime: month.begin, endLastTime: month.end }],
        [`${realRole}AnalysisPending`, { startCreateTime: month.begin, endCreateTime: month.end }],
        [`${realRole}AnalysisRanking`, { startLastTime: month.begin, endLastTime: month.end }],
        [`${realRole}AnalysisTrend`, { beginTime: month.begin, endTime: month.end, timeZone: 'Asia/Shanghai', bucket: 'day' }],
        [`${realRole}AnalysisRanking`, { startLastTime: month.begin, endLastTime: month.end, tabId: 2 }],
      ]);
      const s = actor.getSnapshot();
      expect(s.context.summary?.totalFollow).toBe(7);
      expect(s.hasTag('rankingEmpty')).toBe(true);
      expect(s.hasTag('trendEmpty')).toBe(true);
      expect(s.hasTag('busy')).toBe(false);
      actor.stop();
    }
  });

  it('opens the chat on the conversations screen, and saves a follow-up for the row’s chat', async () => {
    const f = fakeFlowServices((name, body) => (name === 'scheduleSave' ? ok({ id: 's1', ...(body as object) }) : name === 'memberConversationListByPage' ? ok({ rows: [], totalCount: 0, hasNext: false, timestamp: 1 }) : ok(answers[name.replace(/^(admin|member)/, '')])));
    const actor = createActor(analyticsMachine.provide(analyticsEffects(f.services)), { input: { realRole: 'member', timeZone: 'UTC' } }).start();
    await flush();
    actor.send({ type: 'user.openChat', chatWhatsappId: '8613800000001@c.us' });
    expect(f.navigations).toEqual([{ to: '/conversation?chat=8613800000001%40c.us', replace: undefined }]);

    const row: RankingRow = { leadId: 'l1', name: 'Ann', tabId: 2, lastMessageTime: 1, waitingHours: 3, chatWhatsappId: '8613800000001@c.us' };
    actor.send({ type: 'user.followUp', row });
    const form = selectFollowUp(actor.getSnapshot())!;
    expect(form.getSnapshot().context.draft?.recipients).toEqual([{ chatWhatsappId: '8613800000001@c.us', name: 'Ann' }]);
    form.send({ type: 'user.change', patch: { title: 'Follow up', message: 'Any news?', when: '2999-01-01T09:00' } });
    form.send({ type: 'user.save' });
    await flush();
    await flush();
    expect(f.calls.filter((c) => c.name === 'scheduleSave').map((c) => c.body)).toEqual([
      { recipients: [{ chatWhatsappId: '8613800000001@c.us', name: 'Ann' }], title: 'Follow up', message: 'Any news?', startTime: Date.UTC(2999, 0, 1, 9), timeZone: 'UTC', recurrence: 'once' },
    ]);
    // Saved: the form closes and the saved toast shows (once: the form's own is the flow's).
    expect(actor.getSnapshot().hasTag('followUp')).toBe(false);
    expect(selectFollowUp(actor.getSnapshot())).toBeUndefined();
    expect(f.shown.map((t) => t.text)).toEqual(['Successfully saved']);
    // The form listed no schedules: no list call was made.
    expect(f.calls.some((c) => c.name === 'scheduleList')).toBe(false);
    actor.stop();
  });
});
