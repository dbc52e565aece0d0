/**
 * The analytics screen (/analytics, SPEC §2, §3 Analytics numbers, §7 Analytics, §9 quick ranges
 * and the top 10) rendered in the real app on fake services (the analytics server answers are fakes
 * written here until the end-to-end journey runs it against the real server): one member's number
 * cards, the awaiting-reply numbers per tab with the sync health beside them, the trend, the ranking
 * and its row actions (open the chat, schedule a follow-up in the schedule form); the period, the
 * ranking's tab and the trend's bucket as the calls carry them; loading, failed with a retry and
 * empty; another member chosen in the header; the screen in Arabic and Chinese.
 *
 * jsdom cannot draw on a canvas: each chart shows its table of values instead, which the tests read.
 * The clock is fixed at Sunday 10 March 2024, 23:00 in Asia/Shanghai, the browser's time zone here.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RankingRow } from '../../src/contract/analytics';
import { Code } from '../../src/contract/codes';
import { ApiError } from '../../src/services/api/client';
import { adminUser, memberUser } from '../support/fixtures';
import { accountApi } from './fake-account';
import { failResult, okResult, renderApp, type ApiHandlers } from './harness';
import { pickOption } from './server-worker';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000 });

const NOW = Date.UTC(2024, 2, 10, 15);
const zoneBefore = process.env.TZ;
beforeAll(async () => {
  process.env.TZ = 'Asia/Shanghai';
  await Promise.all([import('../../src/ui/layout/main-layout'), import('../../src/ui/screens/analytics/analytics-screen')]);
});
afterAll(() => {
  process.env.TZ = zoneBefore;
});
afterEach(() => {
  vi.useRealTimers();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

/** This month in Shanghai (1 March 00:00 +08:00 to 1 April), and today (10 March). */
const MONTH = { begin: Date.UTC(2024, 1, 29, 16), end: Date.UTC(2024, 2, 31, 16) };
const TODAY = { begin: Date.UTC(2024, 2, 9, 16), end: Date.UTC(2024, 2, 10, 16) };

const ann: RankingRow = { leadId: 'l1', name: 'Ann Lee', tabId: 1, lastMessageTime: Date.UTC(2024, 2, 9, 1), waitingHours: 30, chatWhatsappId: '8613800000001@c.us' };
const bo: RankingRow = { leadId: 'l2', name: 'Bo', tabId: 0, lastMessageTime: Date.UTC(2024, 2, 10, 2), waitingHours: 5, chatWhatsappId: null };

/** The analytics answers of one member, for the /admin or /member calls. */
const analyticsHandlers = (prefix: 'admin' | 'member', o: { leads?: number; ranking?: RankingRow[]; lastSyncAt?: number | null } = {}): ApiHandlers => {
  const leads = o.leads ?? 14;
  const all = {
    AnalysisTotal: () => okResult({ totalFollow: leads === 0 ? 0 : 12 }),
    AnalysisMonth: () => okResult({ monthNew: 5, monthWon: 2, monthLost: 1 }),
    AnalysisWeek: () => okResult({ newLastWeek: 4, newThisWeek: 3 }),
    AnalysisDay: () => okResult({ newYesterday: 2, newToday: 1 }),
    LeadsStatusCount: () =>
      okResult({
        total: leads,
        open: leads === 0 ? 0 : 12,
        closed: leads === 0 ? 0 : 2,
        stages: { initialContact: leads === 0 ? 0 : 9, discussions: 0, decisionMaking: 0, contractDiscussion: 0, closedWon: leads === 0 ? 0 : 2, closedLost: 0, none: leads === 0 ? 0 : 3 },
      }),
    AnalysisSyncHealth: () => okResult({ syncType: 'auto' as const, lastSyncAt: o.lastSyncAt === undefined ? NOW - 30 * 3_600_000 : o.lastSyncAt, lastMessageAt: null, syncedChatCount: 4 }),
    AnalysisAwaiting: () =>
      okResult({
        items:
          leads === 0
            ? []
            : [
                { tabId: 1, tabName: 'Hot', count: 3 },
                { tabId: 0, tabName: '', count: 1 },
              ],
      }),
    AnalysisPending: () => okResult({ items: leads === 0 ? [] : [{ tabId: 1, tabName: 'Hot', count: 2 }] }),
    AnalysisRanking: () => okResult({ items: o.ranking ?? [ann, bo] }),
    AnalysisTrend: () =>
      okResult({
        points:
          leads === 0
            ? [{ time: MONTH.begin, new: 0, won: 0, lost: 0 }]
            : [
                { time: Date.UTC(2024, 2, 1, 16), new: 2, won: 1, lost: 0 },
                { time: Date.UTC(2024, 2, 2, 16), new: 3, won: 1, lost: 1 },
              ],
      }),
  };
  return Object.fromEntries(Object.entries(all).map(([name, h]) => [`${prefix}${name}`, h])) as ApiHandlers;
};

const renderAnalytics = async (options: { user?: typeof adminUser; extra?: ApiHandlers; language?: string; waitForNumbers?: boolean } = {}) => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  const user = options.user ?? adminUser;
  const prefix = user === memberUser ? 'member' : 'admin';
  const api = accountApi({ user, extra: { ...analyticsHandlers(prefix), ...options.extra } });
  const app = await renderApp({ path: '/analytics', api, storage: { accessToken: 'tok', ...(options.language ? { language: options.language } : {}) } });
  const page = await screen.findByTestId('analytics-page', {}, { timeout: 10_000 });
  if (options.waitForNumbers !== false) await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
  const bodies = (name: string) => api.calls.filter((c) => c.name === name).map((c) => c.body);
  return { app, api, page, bodies };
};

/** A chart's table (its text alternative) as rows of cells. */
const tableOf = (testId: string) =>
  Array.from(screen.getByTestId(`${testId}-table`).querySelectorAll('tr'), (tr) => Array.from(tr.querySelectorAll('th, td'), (c) => c.textContent));
const cellsOf = (row: HTMLElement) => Array.from(row.querySelectorAll('td'), (td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim());

describe('the analytics screen', () => {
  it('shows one member’s numbers for this month in the browser’s time zone, with the sync health beside the awaiting replies', async () => {
    const { bodies, app } = await renderAnalytics();
    expect(app.location()).toBe('/analytics');
    expect(screen.getByTestId('menu-analytics').textContent).toBe('Analytics');
    expect(screen.getByTestId('member-selector')).toBeTruthy();

    expect(screen.getByTestId('analytics-total').textContent).toBe('12');
    expect(['new', 'won', 'lost'].map((k) => screen.getByTestId(`analytics-month-${k}`).textContent)).toEqual(['5', '2', '1']);
    expect(screen.getByTestId('analytics-week-new').textContent).toBe('3');
    expect(screen.getByTestId('analytics-week-last').textContent).toBe('Last week: 4');
    expect(screen.getByTestId('analytics-day-new').textContent).toBe('1');
    expect(screen.getByTestId('analytics-day-yesterday').textContent).toBe('Yesterday: 2');
    expect([screen.getByTestId('analytics-status-open').textContent, screen.getByTestId('analytics-status-closed').textContent]).toEqual(['12', '2']);
    expect(screen.getByTestId('analytics-stage-none').textContent).toBe('3');

    expect(screen.getByTestId('analytics-awaiting-totals').textContent).toBe('Awaiting reply: 4 · Pending: 2');
    // Tab 0 is No tab; the per-tab bars are readable as their table (no canvas here).
    expect(tableOf('analytics-awaiting-chart')).toEqual([
      ['Tab', 'Awaiting reply', 'Pending'],
      ['Hot', '3', '2'],
      ['No tab', '1', '0'],
    ]);
    const sync = screen.getByTestId('analytics-sync');
    expect(sync.textContent).toContain('Chat sync: Last synced 30 hours ago');
    expect(screen.getByTestId('analytics-sync-warning').textContent).toContain('the chats were last synced more than a day ago');

    expect(tableOf('analytics-trend-chart')).toEqual([
      ['Date', 'New', 'Won', 'Lost'],
      ['Mar 2', '2', '1', '0'],
      ['Mar 3', '3', '1', '1'],
    ]);
    expect(screen.getByTestId('analytics-trend-chart').getAttribute('aria-label')).toBe('New, won and lost');

    expect(cellsOf(screen.getByTestId('ranking-row-l1')).slice(0, 4)).toEqual(['Ann Lee', 'Hot', '30 hours', 'Mar 9, 2024, 9:00 AM']);
    expect(cellsOf(screen.getByTestId('ranking-row-l2')).slice(0, 4)).toEqual(['Bo', 'No tab', '5 hours', 'Mar 10, 2024, 10:00 AM']);
    expect(screen.getByTestId('ranking-no-chat-l2').textContent).toBe('No synced chat');
    expect(within(screen.getByTestId('ranking-row-l1')).getByRole('group').getAttribute('aria-label')).toBe('Actions for Ann Lee');

    // The ranges are cut in Shanghai: 1 March 00:00 +08:00 is 29 February 16:00 UTC.
    expect(bodies('adminAnalysisMonth')).toEqual([{ monthBeginTime: MONTH.begin, monthEndTime: MONTH.end }]);
    expect(bodies('adminAnalysisDay')).toEqual([{ yesterdayBeginTime: Date.UTC(2024, 2, 8, 16), yesterdayEndTime: TODAY.begin, todayBeginTime: TODAY.begin, todayEndTime: TODAY.end }]);
    expect(bodies('adminAnalysisWeek')).toEqual([
      { lastWeekBeginTime: Date.UTC(2024, 1, 25, 16), lastWeekEndTime: Date.UTC(2024, 2, 3, 16), weekBeginTime: Date.UTC(2024, 2, 3, 16), weekEndTime: TODAY.end },
    ]);
    expect(bodies('adminAnalysisAwaiting')).toEqual([{ startLastTime: MONTH.begin, endLastTime: MONTH.end }]);
    expect(bodies('adminAnalysisPending')).toEqual([{ startCreateTime: MONTH.begin, endCreateTime: MONTH.end }]);
    expect(bodies('adminAnalysisRanking')).toEqual([{ startLastTime: MONTH.begin, endLastTime: MONTH.end }]);
    expect(bodies('adminAnalysisTrend')).toEqual([{ beginTime: MONTH.begin, endTime: MONTH.end, timeZone: 'Asia/Shanghai', bucket: 'day' }]);
    expect(bodies('adminLeadsStatusCount')).toEqual([{}]);
    expect(bodies('adminAnalysisSyncHealth')).toEqual([{}]);
    expect(screen.getByTestId('date-range-thisMonth').getAttribute('aria-pressed')).toBe('true');
  });

  it('calls /member for a member, whose selector is off', async () => {
    const { bodies } = await renderAnalytics({ user: memberUser });
    expect(screen.getByTestId('analytics-total').textContent).toBe('12');
    expect(bodies('memberAnalysisTotal')).toEqual([{}]);
    expect(bodies('adminAnalysisTotal')).toEqual([]);
    expect(screen.getByTestId('member-selector').hasAttribute('disabled')).toBe(true);
  });

  it('reloads for another period, only the ranking for another tab and only the trend for another bucket', async () => {
    const user = userEvent.setup();
    const { bodies, page } = await renderAnalytics();
    await user.click(screen.getByTestId('date-range-today'));
    await waitFor(() => expect(bodies('adminAnalysisTrend')).toHaveLength(2));
    await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'));
    expect(bodies('adminAnalysisAwaiting').at(-1)).toEqual({ startLastTime: TODAY.begin, endLastTime: TODAY.end });
    expect(bodies('adminAnalysisRanking').at(-1)).toEqual({ startLastTime: TODAY.begin, endLastTime: TODAY.end });
    expect(bodies('adminAnalysisTrend').at(-1)).toEqual({ beginTime: TODAY.begin, endTime: TODAY.end, timeZone: 'Asia/Shanghai', bucket: 'day' });
    expect(screen.getByTestId('date-range-today').getAttribute('aria-pressed')).toBe('true');
    expect(bodies('adminAnalysisMonth')).toHaveLength(2);

    await pickOption(user, 'analytics-ranking-tab', 'Hot');
    await waitFor(() => expect(bodies('adminAnalysisRanking')).toHaveLength(3));
    expect(bodies('adminAnalysisRanking').at(-1)).toEqual({ startLastTime: TODAY.begin, endLastTime: TODAY.end, tabId: 1 });
    expect(bodies('adminAnalysisTrend')).toHaveLength(2);

    await user.click(screen.getByTestId('analytics-bucket-week'));
    await waitFor(() => expect(bodies('adminAnalysisTrend')).toHaveLength(3));
    expect(bodies('adminAnalysisTrend').at(-1)).toEqual({ beginTime: TODAY.begin, endTime: TODAY.end, timeZone: 'Asia/Shanghai', bucket: 'week' });
    expect(screen.getByTestId('analytics-bucket-week').getAttribute('aria-pressed')).toBe('true');
    expect(bodies('adminAnalysisRanking')).toHaveLength(3);
    expect(bodies('adminAnalysisMonth')).toHaveLength(2);
  });

  it('loads everything again for another member chosen in the header', async () => {
    const user = userEvent.setup();
    const { bodies, page } = await renderAnalytics();
    await user.click(screen.getByTestId('member-selector'));
    await user.click(await screen.findByTestId('member-option-u-other'));
    await waitFor(() => expect(bodies('adminAnalysisTotal')).toHaveLength(2));
    await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'));
    expect(bodies('adminAnalysisRanking')).toHaveLength(2);
    expect(bodies('adminAnalysisTrend')).toHaveLength(2);
  });

  it('opens a ranked lead’s chat on the conversations screen', async () => {
    const user = userEvent.setup();
    const { app } = await renderAnalytics();
    await user.click(screen.getByTestId('ranking-open-l1'));
    await waitFor(() => expect(app.location()).toBe('/conversation?chat=8613800000001%40c.us'));
  });

  it('schedules a follow-up to a ranked lead’s chat in the schedule form, and closes it', async () => {
    const user = userEvent.setup();
    await renderAnalytics({ extra: { adminConversationListByPage: () => okResult({ rows: [], totalCount: 0, hasNext: false, timestamp: NOW }) } });
    await user.click(screen.getByTestId('ranking-follow-up-l1'));
    const dialog = await screen.findByTestId('analytics-follow-up');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Follow-up message to Ann Lee');
    expect(within(dialog).getByTestId('schedule-recipient-8613800000001@c.us').textContent).toBe('Ann Lee');
    expect(within(dialog).getByTestId('schedule-zone').textContent).toContain('Asia/Shanghai');
    // Saving checks the form first (SPEC §5: title and message not empty).
    await user.click(within(dialog).getByTestId('schedule-save'));
    expect((await within(dialog).findByTestId('schedule-title-error')).textContent).toBe('Enter a title');
    await user.click(within(dialog).getByTestId('schedule-cancel'));
    await waitFor(() => expect(screen.queryByTestId('analytics-follow-up')).toBeNull());
    // Escape closes it too.
    await user.click(screen.getByTestId('ranking-follow-up-l1'));
    await screen.findByTestId('analytics-follow-up');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('analytics-follow-up')).toBeNull());
  });

  it('shows what failed with a retry, and the numbers once it works', async () => {
    const user = userEvent.setup();
    let up = false;
    const down = () => {
      if (!up) throw new ApiError('network', 'adminAnalysisAwaiting', 'offline');
      return okResult({ items: [{ tabId: 1, tabName: 'Hot', count: 3 }] });
    };
    await renderAnalytics({ extra: { adminAnalysisAwaiting: down, adminAnalysisRanking: () => failResult(Code.INTERNAL, 'broken') } });
    expect(screen.getByTestId('analytics-failed').textContent).toContain('Some numbers could not be loaded.');
    expect(screen.getByTestId('table-error-row').textContent).toContain('Some numbers could not be loaded.');
    expect(screen.queryByTestId('analytics-awaiting-totals')).toBeNull();
    // The parts that loaded are on screen.
    expect(screen.getByTestId('analytics-total').textContent).toBe('12');
    up = true;
    await user.click(screen.getByTestId('analytics-retry'));
    await waitFor(() => expect(screen.getByTestId('analytics-awaiting-totals').textContent).toBe('Awaiting reply: 3 · Pending: 2'));
    expect(screen.getByTestId('analytics-failed')).toBeTruthy();
  });

  it('says so when the member has no leads, nothing awaits a reply and nothing waits', async () => {
    const handlers = analyticsHandlers('admin', { leads: 0, ranking: [], lastSyncAt: null });
    await renderAnalytics({ extra: handlers });
    expect(screen.getByTestId('analytics-no-leads').textContent).toContain('This member has no leads yet');
    expect(screen.getByTestId('analytics-total').textContent).toBe('0');
    expect(screen.getByTestId('analytics-awaiting-empty').textContent).toBe('No lead awaits a reply or is pending in this period.');
    expect(screen.getByTestId('analytics-trend-empty').textContent).toBe('No lead was created, won or lost in this period.');
    expect(screen.getByTestId('table-empty-row').textContent).toBe('No lead is waiting for a reply in this period.');
    expect(screen.getByTestId('analytics-sync').textContent).toContain('Never synced');
    expect(screen.getByTestId('analytics-sync-warning').textContent).toContain('never synced');
  });

  it('shows skeletons while the numbers load', async () => {
    const never = () => new Promise<never>(() => undefined);
    const { page } = await renderAnalytics({ extra: { adminAnalysisTotal: never, adminAnalysisTrend: never }, waitForNumbers: false });
    await screen.findByTestId('analytics-total-loading');
    expect(page.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('analytics-trend-loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('analytics-awaiting-totals')).toBeTruthy());
  });
});

describe('in other languages', () => {
  it('reads right to left in Arabic, with the locale’s numbers and the charts’ tables in the page’s direction', async () => {
    await renderAnalytics({ language: 'ar' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('التحليلات');
    // Numbers as Arabic writes them in this runtime's CLDR (Latin or Arabic-Indic digits).
    const ar = new Intl.NumberFormat('ar');
    expect(screen.getByTestId('analytics-total').textContent).toBe(ar.format(12));
    expect(tableOf('analytics-awaiting-chart')[0]).toEqual(['التبويب', 'بانتظار الرد', 'قيد الانتظار']);
    expect(tableOf('analytics-awaiting-chart')[1]).toEqual(['Hot', ar.format(3), ar.format(2)]);
    // The chart's figure carries no direction of its own: its legend and table follow the page.
    expect(screen.getByTestId('analytics-awaiting-chart').closest('[dir]')?.getAttribute('dir') ?? 'rtl').not.toBe('ltr');
    expect(cellsOf(screen.getByTestId('ranking-row-l1'))[2]).toBe('30 ساعة');
    expect(screen.getByTestId('menu-analytics').textContent).toBe('التحليلات');
  });

  it('reads in Chinese', async () => {
    await renderAnalytics({ language: 'zh-CN' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('数据分析');
    expect(screen.getByTestId('analytics-awaiting-totals').textContent).toBe('待回复：4 · 待处理：2');
    expect(screen.getByTestId('ranking-follow-up-l1').textContent).toBe('安排跟进消息');
  });
});
