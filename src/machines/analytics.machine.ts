import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { z } from 'zod/mini';
import type { dayData, monthData, RankingRow, StatusCount, SyncHealth, TabCount, TrendBucket, TrendPoint, weekData } from '../contract/analytics';
import type { RealRole } from '../contract/roles';
import type { Recipient } from '../contract/schedules';
import {
  bucketFits,
  DEFAULT_RANGE,
  fittingBucket,
  isValidChoice,
  periodsOf,
  rangeOf,
  type Periods,
  type RangeChoice,
  type TimeRange,
} from './analytics-ranges';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { schedulesMachine, type SchedulesActorRef } from './schedule.machine';

/**
 * The analytics screen (/analytics, SPEC §2; §3 Analytics numbers; §7 Analytics and the lead
 * status counts of §7 Workspace; §9 quick ranges and the top 10 ranking): the numbers of one
 * member's pipeline, the caller's own or, for the owner and managers, the member chosen in the
 * member selector (the /admin calls carry the source-user header; a member calls /member).
 * A screen flow: the app system starts it while /analytics is on screen, with the viewer's real
 * role and the member's IANA time zone (src/contract/analytics.ts says what each number counts).
 *
 * The machine owns its filters: the date range (a SPEC §9 quick range or whole days, cut in the
 * time zone by the pure helpers of src/machines/analytics-ranges.ts), the ranking's tab (null: all
 * tabs) and the trend's bucket (day, week or month; a bucket that would give more than the
 * server's TREND_MAX_POINTS is refused, and a longer range moves to the next coarser one).
 *
 * Two regions side by side:
 * - `board`: first the time now is read (`readClock`, a named actor: tests fix the clock), which
 *   cuts the number cards' periods (today and yesterday, this and last week, this month) and the
 *   chosen range. Then four parts load side by side, each with its loading, failed (a retry) and
 *   empty states: `summary` (total, month, week, day, the lead status counts and the sync health
 *   of the member: one actor, its calls side by side), `perTab` (awaiting reply and pending per
 *   tab in the range), `ranking` (the ten leads waiting longest in the range, in the chosen tab)
 *   and `trend` (new, won and lost per bucket of the range). Another member chosen in the selector
 *   (`member.selected`, the app's broadcast), another range or a refresh reads the clock again and
 *   reloads everything (the numbers of before are forgotten for another member); another tab
 *   reloads only the ranking, another bucket only the trend.
 * - `followUp`: "Schedule follow-up" on a ranking row with a synced chat opens the schedule form
 *   (the schedules flow, src/machines/schedule.machine.ts, started as the child `followUp` and
 *   asked at once for a new schedule with the row's chat as its recipient); it closes when the
 *   person closes it, when the child tells it saved (`followUp.saved`, through the child's
 *   provided `notify`; the saved toast is raised here) or for another member. The save is the
 *   schedules call for the member the request acts for.
 * "Open chat" on such a row goes to the conversations screen with that chat (`openChat`).
 *
 * Tags for the view: busy (anything loading), summaryLoading / summaryFailed / summaryEmpty, and
 * the same for tabs, ranking and trend; followUp (the form is open).
 */

export type MonthNumbers = z.infer<typeof monthData>;
export type WeekNumbers = z.infer<typeof weekData>;
export type DayNumbers = z.infer<typeof dayData>;

/** The number cards of one member. */
export type Summary = {
  totalFollow: number;
  month: MonthNumbers;
  week: WeekNumbers;
  day: DayNumbers;
  status: StatusCount;
  sync: SyncHealth;
};
/** Awaiting reply and pending per tab, in the range. */
export type PerTab = { awaiting: TabCount[]; pending: TabCount[] };

export type LoadSummaryInput = { realRole: RealRole; periods: Periods };
export type LoadPerTabInput = { realRole: RealRole; range: TimeRange };
export type LoadRankingInput = { realRole: RealRole; range: TimeRange; tabId: number | null };
export type LoadTrendInput = { realRole: RealRole; range: TimeRange; timeZone: string; bucket: TrendBucket };

export type AnalyticsInput = { realRole: RealRole; timeZone: string };

export type AnalyticsContext = AnalyticsInput & {
  /** The time the numbers were cut at (unix ms; null before the clock was read). */
  now: number | null;
  choice: RangeChoice;
  /** The chosen range at `now` (null before the clock was read). */
  range: TimeRange | null;
  tabId: number | null;
  bucket: TrendBucket;
  summary: Summary | null;
  perTab: PerTab | null;
  ranking: RankingRow[] | null;
  trend: TrendPoint[] | null;
  /** The chat the follow-up form was opened for. */
  followUp: Recipient | null;
};

export type AnalyticsEvent =
  | { type: 'user.range'; choice: RangeChoice }
  | { type: 'user.tab'; tabId: number | null }
  | { type: 'user.bucket'; bucket: TrendBucket }
  | { type: 'user.retry' }
  | { type: 'user.refresh' }
  | { type: 'user.openChat'; chatWhatsappId: string | null }
  | { type: 'user.followUp'; row: RankingRow }
  | { type: 'user.closeFollowUp' }
  /** From the follow-up form's flow (its provided `notify`, whose one notice there is saved): the schedule was saved. */
  | { type: 'followUp.saved' }
  | { type: 'member.selected'; userId: string };

export type AnalyticsTag =
  | 'busy'
  | 'summaryLoading'
  | 'summaryFailed'
  | 'summaryEmpty'
  | 'tabsLoading'
  | 'tabsFailed'
  | 'tabsEmpty'
  | 'rankingLoading'
  | 'rankingFailed'
  | 'rankingEmpty'
  | 'trendLoading'
  | 'trendFailed'
  | 'trendEmpty'
  | 'followUp';

/** The longest recipient name a schedule takes (src/contract/schedules.ts). */
const MAX_RECIPIENT_NAME = 200;

/** A ranking row's chat as a schedule's recipient (null when the lead has no synced chat). */
export const recipientOf = (row: Pick<RankingRow, 'chatWhatsappId' | 'name'>): Recipient | null =>
  row.chatWhatsappId ? { chatWhatsappId: row.chatWhatsappId, name: row.name.slice(0, MAX_RECIPIENT_NAME) } : null;

/** The bucket may be chosen for the range on screen (the view disables the others). */
export const bucketAllowed = (context: Pick<AnalyticsContext, 'range'>, bucket: TrendBucket): boolean =>
  context.range === null || bucketFits(context.range, bucket);

/** Every count of a per-tab list is zero (or it has none). */
const noCounts = (items: readonly TabCount[]) => items.every((i) => i.count === 0);

/** A day: the sync is late when the last one finished longer ago (SPEC §7 sync health beside the awaiting numbers). */
export const SYNC_LATE_MS = 86_400_000;

/** The sync health as the view shows it: how long ago the last sync finished, and whether to warn. */
export const syncGapOf = (sync: SyncHealth, nowMs: number): { gapMs: number | null; warn: boolean } => {
  const gapMs = sync.lastSyncAt === null ? null : Math.max(0, nowMs - sync.lastSyncAt);
  return { gapMs, warn: sync.syncType === 'off' || gapMs === null || gapMs > SYNC_LATE_MS };
};

/** The tabs the ranking can be narrowed to: every tab the per-tab counts name, in their order. */
export const tabsOf = (perTab: PerTab | null): { tabId: number; tabName: string }[] => {
  if (!perTab) return [];
  const seen = new Map<number, string>();
  for (const item of [...perTab.awaiting, ...perTab.pending]) if (!seen.has(item.tabId)) seen.set(item.tabId, item.tabName);
  return [...seen].map(([tabId, tabName]) => ({ tabId, tabName }));
};

export const analyticsMachine = setup({
  types: {} as { context: AnalyticsContext; events: AnalyticsEvent; input: AnalyticsInput; tags: AnalyticsTag },
  actors: {
    /** The time now (unix ms). */
    readClock: actorNotProvided<number, void>('readClock'),
    loadSummary: actorNotProvided<Summary, LoadSummaryInput>('loadSummary'),
    loadPerTab: actorNotProvided<PerTab, LoadPerTabInput>('loadPerTab'),
    loadRanking: actorNotProvided<RankingRow[], LoadRankingInput>('loadRanking'),
    loadTrend: actorNotProvided<TrendPoint[], LoadTrendInput>('loadTrend'),
    /** The schedule form's flow (provided with its effects by this flow's: its saved toast also tells `followUp.saved`). */
    followUpForm: schedulesMachine,
  },
  actions: {
    /** The toast of a saved follow-up (the form's own toast, raised here: the form's notice closes it). */
    notifySaved: actionNotProvided('notifySaved'),
    /** Goes to the conversations screen with the chat open. */
    openChat: actionNotProvided<{ chatWhatsappId: string }>('openChat'),
    /** The data of another member is not shown while theirs loads. */
    forgetData: assign({ summary: null, perTab: null, ranking: null, trend: null }),
    /** The clock read: the cards' periods and the chosen range at that time, with a bucket that fits it. */
    takeTime: assign(({ context }, now: number) => {
      const range = rangeOf(context.choice, now, context.timeZone) ?? rangeOf(DEFAULT_RANGE, now, context.timeZone)!;
      return { now, range, bucket: fittingBucket(range, context.bucket) };
    }),
  },
  guards: {
    validChoice: (_, choice: RangeChoice) => isValidChoice(choice),
    bucketFits: ({ context }, bucket: TrendBucket) => bucketAllowed(context, bucket),
    hasChat: (_, chatWhatsappId: string | null) => typeof chatWhatsappId === 'string' && chatWhatsappId !== '',
    /** The member has no leads at all. */
    noLeads: (_, summary: Summary) => summary.status.total === 0,
    noTabCounts: (_, perTab: PerTab) => noCounts(perTab.awaiting) && noCounts(perTab.pending),
    noRows: (_, rows: RankingRow[]) => rows.length === 0,
    flatTrend: (_, points: TrendPoint[]) => points.every((p) => p.new === 0 && p.won === 0 && p.lost === 0),
  },
}).createMachine({
  id: 'analytics',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['realRole', 'timeZone', 'now', 'choice', 'range', 'tabId', 'bucket', 'followUp'] },
  context: ({ input }) => ({
    realRole: input.realRole,
    timeZone: input.timeZone,
    now: null,
    choice: DEFAULT_RANGE,
    range: null,
    tabId: null,
    bucket: 'day',
    summary: null,
    perTab: null,
    ranking: null,
    trend: null,
    followUp: null,
  }),
  type: 'parallel',
  on: {
    'user.openChat': {
      guard: { type: 'hasChat', params: ({ event }) => event.chatWhatsappId },
      actions: { type: 'openChat', params: ({ event }) => ({ chatWhatsappId: event.chatWhatsappId ?? '' }) },
    },
  },
  states: {
    board: {
      initial: 'clock',
      on: {
        'member.selected': {
          description: "Another member chosen in the member selector: their numbers, from the clock on (this member's are forgotten).",
          target: '.clock',
          actions: 'forgetData',
        },
        'user.refresh': { description: 'The numbers again, at the time now.', target: '.clock' },
        'user.range': {
          description: 'Another range (a quick range or whole days): cut at the time now, everything reloads.',
          guard: { type: 'validChoice', params: ({ event }) => event.choice },
          target: '.clock',
          actions: assign({ choice: ({ event }) => event.choice }),
        },
      },
      states: {
        clock: {
          description: 'The time now is read: it cuts the periods of the cards (today, this week, this month) and the chosen range in the time zone.',
          tags: ['busy', 'summaryLoading', 'tabsLoading', 'rankingLoading', 'trendLoading'],
          invoke: {
            id: 'readClock',
            src: 'readClock',
            onDone: { target: 'shown', actions: { type: 'takeTime', params: ({ event }) => event.output } },
            onError: 'failed',
          },
          on: {
            // The parts are not running yet: the filters are kept for them.
            'user.tab': { actions: assign({ tabId: ({ event }) => event.tabId }) },
            'user.bucket': { actions: assign({ bucket: ({ event }) => event.bucket }) },
          },
        },
        failed: {
          description: 'The time could not be read: nothing can be cut; the view offers a retry.',
          tags: ['summaryFailed', 'tabsFailed', 'rankingFailed', 'trendFailed'],
          on: {
            'user.retry': 'clock',
            'user.tab': { actions: assign({ tabId: ({ event }) => event.tabId }) },
            'user.bucket': { actions: assign({ bucket: ({ event }) => event.bucket }) },
          },
        },
        shown: {
          type: 'parallel',
          states: {
            summary: {
              initial: 'loading',
              states: {
                loading: {
                  description: 'Total, month, week and day numbers, the lead status counts and the sync health, side by side.',
                  tags: ['busy', 'summaryLoading'],
                  invoke: {
                    id: 'loadSummary',
                    src: 'loadSummary',
                    input: ({ context }) => ({ realRole: context.realRole, periods: periodsOf(context.now!, context.timeZone) }),
                    onDone: [
                      { guard: { type: 'noLeads', params: ({ event }) => event.output }, target: 'empty', actions: assign({ summary: ({ event }) => event.output }) },
                      { target: 'ready', actions: assign({ summary: ({ event }) => event.output }) },
                    ],
                    onError: 'failed',
                  },
                },
                failed: { tags: ['summaryFailed'], on: { 'user.retry': 'loading' } },
                empty: { description: 'The member has no leads yet.', tags: ['summaryEmpty'] },
                ready: {},
              },
            },
            perTab: {
              initial: 'loading',
              states: {
                loading: {
                  description: 'Awaiting reply (last message in the range) and pending (created in the range) per tab.',
                  tags: ['busy', 'tabsLoading'],
                  invoke: {
                    id: 'loadPerTab',
                    src: 'loadPerTab',
                    input: ({ context }) => ({ realRole: context.realRole, range: context.range! }),
                    onDone: [
                      { guard: { type: 'noTabCounts', params: ({ event }) => event.output }, target: 'empty', actions: assign({ perTab: ({ event }) => event.output }) },
                      { target: 'ready', actions: assign({ perTab: ({ event }) => event.output }) },
                    ],
                    onError: 'failed',
                  },
                },
                failed: { tags: ['tabsFailed'], on: { 'user.retry': 'loading' } },
                empty: { description: 'No lead awaits a reply or is pending in the range.', tags: ['tabsEmpty'] },
                ready: {},
              },
            },
            ranking: {
              initial: 'loading',
              on: {
                'user.tab': { description: 'Another tab: only the ranking reloads.', target: '.loading', actions: assign({ tabId: ({ event }) => event.tabId }) },
              },
              states: {
                loading: {
                  description: 'SPEC §9: the ten leads waiting longest for a reply in the range, in the chosen tab (all tabs when none).',
                  tags: ['busy', 'rankingLoading'],
                  invoke: {
                    id: 'loadRanking',
                    src: 'loadRanking',
                    input: ({ context }) => ({ realRole: context.realRole, range: context.range!, tabId: context.tabId }),
                    onDone: [
                      { guard: { type: 'noRows', params: ({ event }) => event.output }, target: 'empty', actions: assign({ ranking: ({ event }) => event.output }) },
                      { target: 'ready', actions: assign({ ranking: ({ event }) => event.output }) },
                    ],
                    onError: 'failed',
                  },
                },
                failed: { tags: ['rankingFailed'], on: { 'user.retry': 'loading' } },
                empty: { description: 'No lead waits for a reply in the range (and tab).', tags: ['rankingEmpty'] },
                ready: {},
              },
            },
            trend: {
              initial: 'loading',
              on: {
                'user.bucket': {
                  description: 'Another bucket, when the range gives no more points than the server allows: only the trend reloads.',
                  guard: { type: 'bucketFits', params: ({ event }) => event.bucket },
                  target: '.loading',
                  actions: assign({ bucket: ({ event }) => event.bucket }),
                },
              },
              states: {
                loading: {
                  description: 'New, won and lost per day, week or month of the range, cut in the time zone by the server.',
                  tags: ['busy', 'trendLoading'],
                  invoke: {
                    id: 'loadTrend',
                    src: 'loadTrend',
                    input: ({ context }) => ({ realRole: context.realRole, range: context.range!, timeZone: context.timeZone, bucket: context.bucket }),
                    onDone: [
                      { guard: { type: 'flatTrend', params: ({ event }) => event.output }, target: 'empty', actions: assign({ trend: ({ event }) => event.output }) },
                      { target: 'ready', actions: assign({ trend: ({ event }) => event.output }) },
                    ],
                    onError: 'failed',
                  },
                },
                failed: { tags: ['trendFailed'], on: { 'user.retry': 'loading' } },
                empty: { description: 'No lead was made, won or lost in the range.', tags: ['trendEmpty'] },
                ready: {},
              },
            },
          },
        },
      },
    },
    followUp: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'user.followUp': {
              guard: { type: 'hasChat', params: ({ event }) => event.row.chatWhatsappId },
              target: 'open',
              actions: assign({ followUp: ({ event }) => recipientOf(event.row) }),
            },
          },
        },
        open: {
          description: "The schedule form for the row's chat: the schedules flow as a child, asked for a new schedule to that chat.",
          tags: ['followUp'],
          invoke: {
            id: 'followUp',
            src: 'followUpForm',
            input: ({ context }) => ({ realRole: context.realRole, timeZone: context.timeZone }),
            onDone: { target: 'closed', actions: assign({ followUp: null }) },
            onError: { target: 'closed', actions: assign({ followUp: null }) },
          },
          initial: 'editing',
          states: {
            editing: {
              // Entered after the child started (its parent's invoke runs first): the form opens with the chat.
              entry: sendTo('followUp', ({ context }) => ({ type: 'user.create' as const, recipient: context.followUp })),
            },
          },
          on: {
            'user.followUp': {
              description: "Another row's follow-up: the form starts again for its chat.",
              guard: { type: 'hasChat', params: ({ event }) => event.row.chatWhatsappId },
              target: 'open',
              reenter: true,
              actions: assign({ followUp: ({ event }) => recipientOf(event.row) }),
            },
            'user.closeFollowUp': { target: 'closed', actions: assign({ followUp: null }) },
            'followUp.saved': { description: 'The schedule was saved (the form told it): closed, with the saved toast.', target: 'closed', actions: [assign({ followUp: null }), 'notifySaved'] },
            'member.selected': { description: 'Another member: a schedule for this one’s chat is not made for them.', target: 'closed', actions: assign({ followUp: null }) },
          },
        },
      },
    },
  },
});

export type AnalyticsActorRef = ActorRefFrom<typeof analyticsMachine>;
export type AnalyticsSnapshot = ReturnType<AnalyticsActorRef['getSnapshot']>;

/** The follow-up form's flow, while it is open (the view renders the schedule form from it). */
export const selectFollowUp = (snapshot: AnalyticsSnapshot): SchedulesActorRef | undefined => snapshot.children.followUp as SchedulesActorRef | undefined;
