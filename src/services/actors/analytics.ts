/**
 * The analytics screen's effects (src/machines/analytics.machine.ts; SPEC §7 Analytics and the
 * lead status counts of §7 Workspace, through src/contract/analytics.ts): the clock, the number
 * calls by real role (/admin for the owner and managers, with the source-user header of the member
 * chosen in the selector, which the API client adds; /member for a member), the way to a chat on
 * the conversations screen, and the follow-up form (the schedules flow with its own effects).
 * Built only from the flow services.
 */
import { fromPromise, sendParent } from 'xstate';
import { analyticsCalls, type RankingRow, type TrendPoint } from '../../contract/analytics';
import { forRole, type RolePair } from '../../contract/role-pair';
import type { RealRole } from '../../contract/roles';
import type { LoadPerTabInput, LoadRankingInput, LoadSummaryInput, LoadTrendInput, PerTab, Summary, analyticsMachine } from '../../machines/analytics.machine';
import { chatPath } from '../../machines/constants';
import { schedulesMachine, type LoadSchedulesInput, type SchedulesPage } from '../../machines/schedule.machine';
import type { ApiClient } from '../api/client';
import { dataOf } from '../answer';
import type { FlowEffects, FlowServices, Implementations } from '../flow-services';
import { schedulesEffects, scheduleToastOf } from './schedules';
import type { z } from 'zod/mini';

type Pair = RolePair<z.ZodMiniType, z.ZodMiniType>;

/** One analytics call by real role; a refusal or a failure rejects (the part offers a retry). */
const call = async <P extends Pair>(api: ApiClient, pair: P, realRole: RealRole, body: z.input<P['admin']['request']>, signal: AbortSignal) =>
  dataOf(await api.call(forRole(pair, realRole), body, { signal }), 'Analytics') as z.output<P['admin']['answer']>;

/** The follow-up form shows no list of schedules: its list answers empty without a call (the form and its chats are the real ones). */
const noList = fromPromise<SchedulesPage, LoadSchedulesInput>(async () => ({ items: [], total: 0 }));

/**
 * The schedules flow as the follow-up form. Its one notice there is `saved` (no list: nothing to
 * delete or retry), told to the analytics flow (`followUp.saved`), which closes the form and
 * raises the toast itself.
 */
const followUpFormEffects = (services: FlowServices): Implementations<typeof schedulesMachine> => ({
  actors: { ...schedulesEffects(services).actors, loadSchedules: noList },
  actions: { notify: sendParent({ type: 'followUp.saved' }) },
});

export const analyticsEffects: FlowEffects<typeof analyticsMachine> = (services) => ({
  actors: {
    readClock: fromPromise<number, void>(async () => Date.now()),
    loadSummary: fromPromise<Summary, LoadSummaryInput>(async ({ input, signal }) => {
      const { realRole, periods } = input;
      const [total, month, week, day, status, sync] = await Promise.all([
        call(services.api, analyticsCalls.analysisTotal, realRole, {}, signal),
        call(services.api, analyticsCalls.analysisMonth, realRole, periods.month, signal),
        call(services.api, analyticsCalls.analysisWeek, realRole, periods.week, signal),
        call(services.api, analyticsCalls.analysisDay, realRole, periods.day, signal),
        call(services.api, analyticsCalls.leadsStatusCount, realRole, {}, signal),
        call(services.api, analyticsCalls.analysisSyncHealth, realRole, {}, signal),
      ]);
      return { totalFollow: total.totalFollow, month, week, day, status, sync };
    }),
    loadPerTab: fromPromise<PerTab, LoadPerTabInput>(async ({ input, signal }) => {
      const { realRole, range } = input;
      const [awaiting, pending] = await Promise.all([
        call(services.api, analyticsCalls.analysisAwaiting, realRole, { startLastTime: range.begin, endLastTime: range.end }, signal),
        call(services.api, analyticsCalls.analysisPending, realRole, { startCreateTime: range.begin, endCreateTime: range.end }, signal),
      ]);
      return { awaiting: awaiting.items, pending: pending.items };
    }),
    loadRanking: fromPromise<RankingRow[], LoadRankingInput>(async ({ input, signal }) => {
      const { realRole, range, tabId } = input;
      const body = { startLastTime: range.begin, endLastTime: range.end, ...(tabId === null ? {} : { tabId }) };
      return (await call(services.api, analyticsCalls.analysisRanking, realRole, body, signal)).items;
    }),
    loadTrend: fromPromise<TrendPoint[], LoadTrendInput>(async ({ input, signal }) => {
      const { realRole, range, timeZone, bucket } = input;
      return (await call(services.api, analyticsCalls.analysisTrend, realRole, { beginTime: range.begin, endTime: range.end, timeZone, bucket }, signal)).points;
    }),
    followUpForm: schedulesMachine.provide(followUpFormEffects(services)),
  },
  actions: {
    /** SPEC §8 'Successfully saved' for the follow-up schedule (the schedules' own toast). */
    notifySaved: () => services.toasts.show(...scheduleToastOf({ kind: 'saved' })),
    openChat: (_, params: { chatWhatsappId: string }) => services.navigate(chatPath(params.chatWhatsappId)),
  },
});
