/**
 * Generated path tests of the analytics screen's machine and its filters (SPEC §2 /analytics, §3
 * Analytics numbers, §7 Analytics, §9 quick ranges and the top 10): every state and transition is
 * reached, and each step runs exactly the effects it should, with their inputs written out: the
 * clock first (at the start, for another range, a refresh, another member, a retry after it
 * failed); then the four parts side by side, cut at that time in the member's time zone (the
 * cards' periods; the range: this month by default, today, or whole days); the ranking alone for
 * another tab, the trend alone for another bucket; a failed part again on retry; "Open chat" on a
 * row with a chat; the follow-up form's flow started with the role and zone and asked for a new
 * schedule to the row's chat, and the saved toast when it tells saved.
 *
 * The clock reads 2024-03-10 15:00 UTC, a Sunday, 23:00 in Asia/Shanghai (UTC+8, no daylight
 * saving): today is 10 March there, the week Monday 4 to Sunday 10 March.
 *
 * The graph is a star around the resting screen (every part on screen, the form closed): the parts
 * settle in order (summary, per tab, ranking, trend), and only one of them may end empty or failed
 * on a path; from rest every choice is tried.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { RankingRow } from '../../src/contract/analytics';
import { analyticsMachine, type AnalyticsContext } from '../../src/machines/analytics.machine';
import { actionRan, actorRan, machinePathSuite, sentTo, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const ZONE = 'Asia/Shanghai';
const NOW = Date.UTC(2024, 2, 10, 15, 0);
const failure = { message: 'Network error' };

/** The cards' periods at NOW in Shanghai (midnight there is 16:00 UTC the day before). */
const PERIODS = {
  month: { monthBeginTime: Date.UTC(2024, 1, 29, 16), monthEndTime: Date.UTC(2024, 2, 31, 16) },
  week: {
    lastWeekBeginTime: Date.UTC(2024, 1, 25, 16),
    lastWeekEndTime: Date.UTC(2024, 2, 3, 16),
    weekBeginTime: Date.UTC(2024, 2, 3, 16),
    weekEndTime: Date.UTC(2024, 2, 10, 16),
  },
  day: {
    yesterdayBeginTime: Date.UTC(2024, 2, 8, 16),
    yesterdayEndTime: Date.UTC(2024, 2, 9, 16),
    todayBeginTime: Date.UTC(2024, 2, 9, 16),
    todayEndTime: Date.UTC(2024, 2, 10, 16),
  },
};

/** The ranges the paths choose, at NOW in Shanghai. */
const RANGES: Record<string, { begin: number; end: number }> = {
  thisMonth: { begin: Date.UTC(2024, 1, 29, 16), end: Date.UTC(2024, 2, 31, 16) },
  today: { begin: Date.UTC(2024, 2, 9, 16), end: Date.UTC(2024, 2, 10, 16) },
  // 1 to 5 March, both days whole.
  custom: { begin: Date.UTC(2024, 1, 29, 16), end: Date.UTC(2024, 2, 5, 16) },
};

const ctx = (s: AnyMachineSnapshot) => s.context as AnalyticsContext;
const choiceKey = (c: Pick<AnalyticsContext, 'choice'>) => (c.choice.kind === 'quick' ? c.choice.id : 'custom');

const withChat: RankingRow = { leadId: 'l1', name: 'Ann', tabId: 2, lastMessageTime: Date.UTC(2024, 2, 9), waitingHours: 30, chatWhatsappId: '8613800000001@c.us' };
const otherChat: RankingRow = { leadId: 'l2', name: 'Bo', tabId: 0, lastMessageTime: Date.UTC(2024, 2, 8), waitingHours: 50, chatWhatsappId: '8613800000002@c.us' };
const noChat: RankingRow = { ...withChat, leadId: 'l3', chatWhatsappId: null };

const summary = (total: number) => ({
  totalFollow: total,
  month: { monthNew: 3, monthWon: 1, monthLost: 1 },
  week: { newLastWeek: 2, newThisWeek: 1 },
  day: { newYesterday: 0, newToday: 1 },
  status: { total, open: total, closed: 0, stages: { initialContact: total, discussions: 0, decisionMaking: 0, contractDiscussion: 0, closedWon: 0, closedLost: 0, none: 0 } },
  sync: { syncType: 'auto', lastSyncAt: NOW - 3_600_000, lastMessageAt: NOW - 7_200_000, syncedChatCount: 4 },
});
const perTab = (count: number) => ({ awaiting: [{ tabId: 2, tabName: 'Hot', count }], pending: [{ tabId: 2, tabName: 'Hot', count: 0 }] });
const trend = (won: number) => [{ time: Date.UTC(2024, 2, 3, 16), new: 0, won, lost: 0 }];

/** A part's answers: on screen, nothing to show, failed. */
const parts = [
  { region: 'summary', id: 'loadSummary', ready: summary(5), empty: summary(0) },
  { region: 'perTab', id: 'loadPerTab', ready: perTab(2), empty: perTab(0) },
  { region: 'ranking', id: 'loadRanking', ready: [withChat, noChat], empty: [] },
  { region: 'trend', id: 'loadTrend', ready: trend(1), empty: trend(0) },
] as const;

const partAt = (s: AnyMachineSnapshot, region: string, state: string) => s.matches({ board: { shown: { [region]: state } } });
const atRest = (s: AnyMachineSnapshot) => parts.every((p) => partAt(s, p.region, 'ready')) && s.matches({ followUp: 'closed' });

/** Toggles of the filters (another value each time, so the graph stays finite). */
const filterEvents = (c: AnalyticsContext): PathEvent[] => [
  { type: 'user.tab', tabId: c.tabId === null ? 2 : null },
  { type: 'user.bucket', bucket: c.bucket === 'day' ? 'week' : 'day' },
];

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  if (s.matches({ board: 'clock' })) {
    return [{ type: 'xstate.done.actor.readClock', output: NOW }, { type: 'xstate.error.actor.readClock', error: failure }, ...filterEvents(c)];
  }
  if (s.matches({ board: 'failed' })) return [{ type: 'user.retry' }, ...filterEvents(c)];
  if (s.matches({ followUp: 'open' })) {
    return [
      { type: 'followUp.saved' },
      { type: 'user.closeFollowUp' },
      { type: 'xstate.done.actor.followUp' },
      { type: 'xstate.error.actor.followUp', error: failure },
      { type: 'user.followUp', row: otherChat },
      { type: 'member.selected', userId: 'u2' },
    ];
  }
  const loadingIndex = parts.findIndex((p) => partAt(s, p.region, 'loading'));
  if (loadingIndex >= 0) {
    const part = parts[loadingIndex]!;
    const earlierReady = parts.slice(0, loadingIndex).every((p) => partAt(s, p.region, 'ready'));
    return [
      { type: `xstate.done.actor.${part.id}`, output: part.ready },
      ...(earlierReady ? [{ type: `xstate.done.actor.${part.id}`, output: part.empty }, { type: `xstate.error.actor.${part.id}`, error: failure }] : []),
    ];
  }
  if (!atRest(s)) return [{ type: 'user.retry' }, { type: 'member.selected', userId: 'u2' }];
  return [
    ...(choiceKey(c) === 'thisMonth' ? [{ type: 'user.range', choice: { kind: 'quick', id: 'today' } }] : []),
    ...(choiceKey(c) === 'today' ? [{ type: 'user.range', choice: { kind: 'custom', from: '2024-03-01', to: '2024-03-05' } }] : []),
    // Days in the wrong order, and a day that is none: refused.
    { type: 'user.range', choice: { kind: 'custom', from: '2024-03-05', to: '2024-03-01' } },
    { type: 'user.range', choice: { kind: 'custom', from: '2024-04-31', to: '2024-05-01' } },
    ...filterEvents(c),
    { type: 'user.refresh' },
    { type: 'member.selected', userId: 'u2' },
    { type: 'user.openChat', chatWhatsappId: withChat.chatWhatsappId },
    { type: 'user.openChat', chatWhatsappId: null },
    { type: 'user.followUp', row: withChat },
    { type: 'user.followUp', row: noChat },
  ];
};

// ---------------------------------------------------------------------------------------------
// The effects each step must run

type Seen = Pick<AnalyticsContext, 'realRole' | 'choice' | 'tabId' | 'bucket'>;

const loadsOf = (c: Seen, only?: readonly string[]): Effect[] => {
  const range = RANGES[choiceKey(c)]!;
  const all: Record<string, Effect> = {
    summary: actorRan('loadSummary', { realRole: c.realRole, periods: PERIODS }),
    perTab: actorRan('loadPerTab', { realRole: c.realRole, range }),
    ranking: actorRan('loadRanking', { realRole: c.realRole, range, tabId: c.tabId }),
    trend: actorRan('loadTrend', { realRole: c.realRole, range, timeZone: ZONE, bucket: c.bucket }),
  };
  return (only ?? Object.keys(all)).map((k) => all[k]!);
};

const followUpOpens = (c: Seen, row: RankingRow): Effect[] => [
  actorRan('followUpForm', { realRole: c.realRole, timeZone: ZONE }),
  sentTo('followUp', { type: 'user.create', recipient: { chatWhatsappId: row.chatWhatsappId, name: row.name } }),
];

const effects = (step: EffectStep): Effect[] => {
  const { event, before, after } = step;
  if (step.index === 0 || !before) return [actorRan('readClock')];
  const c = before.context as Seen;
  const now = after.context as Seen;
  const shown = before.matches({ board: 'shown' });
  switch (event.type) {
    case 'xstate.done.actor.readClock':
      return loadsOf(now);
    case 'user.retry':
      if (before.matches({ board: 'failed' })) return [actorRan('readClock')];
      return loadsOf(c, parts.filter((p) => partAt(before, p.region, 'failed')).map((p) => p.region));
    case 'user.range': {
      const choice = event.choice as { kind: string; from?: string; to?: string };
      const valid = choice.kind === 'quick' || (choice.from === '2024-03-01' && choice.to === '2024-03-05');
      return valid ? [actorRan('readClock')] : [];
    }
    case 'user.refresh':
      return [actorRan('readClock')];
    case 'member.selected':
      return [actorRan('readClock')];
    case 'user.tab':
      return shown ? loadsOf(now, ['ranking']) : [];
    case 'user.bucket':
      return shown ? loadsOf(now, ['trend']) : [];
    case 'user.openChat':
      return event.chatWhatsappId ? [actionRan('openChat', { chatWhatsappId: event.chatWhatsappId })] : [];
    case 'user.followUp': {
      const row = event.row as RankingRow;
      return row.chatWhatsappId ? followUpOpens(c, row) : [];
    }
    case 'followUp.saved':
      return [actionRan('notifySaved')];
    default:
      return [];
  }
};

machinePathSuite('analytics machine paths', analyticsMachine, {
  events,
  effects,
  checkSentEvents: true,
  serializeContext: (c) => ({
    realRole: c.realRole,
    choice: choiceKey(c),
    tabId: c.tabId,
    bucket: c.bucket,
    followUp: c.followUp?.chatWhatsappId ?? null,
  }),
  variants: [
    { name: 'owner or manager', input: { realRole: 'admin', timeZone: ZONE } },
    { name: 'member', input: { realRole: 'member', timeZone: ZONE } },
  ],
});
