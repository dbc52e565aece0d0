/**
 * The analytics event log (SPEC §7 Analytics logging), an injected service of the app system
 * (`FlowServices.eventLog`): events with source 7, a type, the time in seconds, a status, the
 * user's id and email and the browser, kept in memory (the last EVENT_LOG_LIMIT) for the log
 * service to collect. One log per app system, emptied when the session ends (the app system's
 * `forgetSession`), so one person's events never sit beside the next person's.
 */
import type { AppStorage } from './storage';

/** SPEC §7: the event source of the web app. */
export const EVENT_SOURCE = 7;
/** SPEC §7: the log service's sampling (sample time 0.05, count 1), carried with each event. */
export const EVENT_SAMPLE_TIME = 0.05;
export const EVENT_SAMPLE_COUNT = 1;
/** Events kept in memory (the oldest go first). */
export const EVENT_LOG_LIMIT = 200;

/** What a flow logs: the event's type and status (SPEC §7). */
export type LogEventParams = { event: string; status: string };

export type AnalyticsEvent = {
  eventSource: typeof EVENT_SOURCE;
  eventType: string;
  /** Unix seconds. */
  time: number;
  status: string;
  userId: string | null;
  email: string | null;
  browser: string;
  sampleTime: number;
  count: number;
};

export type EventLog = {
  log(params: LogEventParams): AnalyticsEvent;
  /** The events kept, oldest first. */
  events(): readonly AnalyticsEvent[];
  clear(): void;
};

const browserInfo = (): string => (typeof navigator === 'undefined' ? 'unknown' : navigator.userAgent);

/** A log reading the signed-in user from the stored user info (SPEC §3 storage keys). */
export const createEventLog = (options: { storage: Pick<AppStorage, 'get'>; now?: () => number; limit?: number }): EventLog => {
  const now = options.now ?? Date.now;
  const limit = options.limit ?? EVENT_LOG_LIMIT;
  const kept: AnalyticsEvent[] = [];
  return {
    log: (params) => {
      const user = options.storage.get('userInfo');
      const event: AnalyticsEvent = {
        eventSource: EVENT_SOURCE,
        eventType: params.event,
        time: Math.floor(now() / 1000),
        status: params.status,
        userId: user?.userId ?? null,
        email: user?.email ?? null,
        browser: browserInfo(),
        sampleTime: EVENT_SAMPLE_TIME,
        count: EVENT_SAMPLE_COUNT,
      };
      kept.push(event);
      if (kept.length > limit) kept.splice(0, kept.length - limit);
      return event;
    },
    events: () => [...kept],
    clear: () => {
      kept.length = 0;
    },
  };
};
