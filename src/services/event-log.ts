/**
 * The product event log's sender (SPEC §7 Analytics logging), an injected service of the app
 * system (`FlowServices.eventLog`): the flows log an event's type and status (`logEvent` actions of
 * src/machines/chat-sync.machine.ts and first-run-guide.machine.ts), and the sender batches them in
 * memory and sends them to the log endpoint (src/contract/product-events.ts LOG_EVENTS_PATH) with
 * the Beacon API.
 *
 * - What an event carries: source 7, its type, the time in unix seconds, its status, the browser
 *   (the user agent, printable, cut to BROWSER_TEXT_MAX), sample time 0.05 and count 1. The user
 *   id and email of SPEC §7 are not sent: the server takes them from the session cookie the beacon
 *   carries (a body naming a user is never believed).
 * - Sampling (SPEC §7 "sample time 0.05, count 1"): the sample time is the share of page loads
 *   that log. When the sender is made (once per page load) it draws `random()`; below
 *   EVENT_SAMPLE_TIME the page is sampled in and every event it logs is sent, each with sample
 *   time 0.05 and count 1; otherwise the page logs nothing. A whole page's events go together (a
 *   sequence of steps reads as it happened), and an estimate of every page's events is each
 *   count ÷ its sample time (the counts page shows both). The server's own records (a chat
 *   sync's uploads) are not sampled.
 * - Batching: events wait in memory; a batch goes when it holds EVENT_BATCH_MAX events, and
 *   whatever waits goes when the page is hidden (`visibilitychange` to hidden, `pagehide`), in
 *   batches of at most EVENT_BATCH_MAX. A beacon the browser refuses (its queue is full) keeps its
 *   events for the next try, at most EVENT_QUEUE_MAX waiting (the oldest go first).
 * - Never blocking: `log` is synchronous and cheap (no await, no network on the UI path):
 *   `sendBeacon` only queues the body for the browser to send, even as the page goes away.
 * - Never sending secrets: an event whose type is not one the app logs (`clientEventTypes`) or
 *   whose type or status the contract's rule refuses (`sensitiveReason`: passwords, codes,
 *   tokens, emails, message text) is dropped before it is queued; the server refuses the same.
 * - One sender per app system; `clear` (the session ended) forgets what waits, so one person's
 *   events never go with the next person's cookie.
 *
 * The browser is injected (`beacon`, `document`, `window`, `random`, `now`, `browser`), so the
 * sender is tested without one; `browserEventLog()` wires the real ones.
 */
import { snakeKeys } from '../contract/case';
import {
  BROWSER_TEXT_MAX,
  browserReason,
  clientEventTypes,
  EVENT_BATCH_MAX,
  LOG_EVENTS_PATH,
  PRODUCT_EVENT_SOURCE,
  SENDER_SAMPLE_TIME,
  sensitiveReason,
  type ProductEvent,
} from '../contract/product-events';

/** SPEC §7: the event source of the web app. */
export const EVENT_SOURCE = PRODUCT_EVENT_SOURCE;
/** SPEC §7: the sample time, the share of page loads whose events are sent. */
export const EVENT_SAMPLE_TIME = SENDER_SAMPLE_TIME;
/** SPEC §7: each sent event counts once. */
export const EVENT_SAMPLE_COUNT = 1;
/** Events waiting at most (a browser refusing beacons for long); the oldest go first. */
export const EVENT_QUEUE_MAX = 4 * EVENT_BATCH_MAX;

/** What a flow logs: the event's type and status (SPEC §7). */
export type LogEventParams = { event: string; status: string };

/** An event as it is sent (src/contract/product-events.ts `productEvent`). */
export type AnalyticsEvent = ProductEvent;

export type EventLog = {
  /** Logs an event: queued when the page is sampled in and the rule lets it through (returns it), else dropped (null). */
  log(params: LogEventParams): AnalyticsEvent | null;
  /** The events waiting to be sent, oldest first. */
  events(): readonly AnalyticsEvent[];
  /** Sends whatever waits now (the page is being hidden). */
  flush(): void;
  /** Forgets whatever waits (the session ended). */
  clear(): void;
  /** Stops listening to the page (a test, an app system torn down). */
  dispose(): void;
};

/** `navigator.sendBeacon` with a string body (sent as text/plain): true when the browser queued it. */
export type Beacon = (url: string, body: string) => boolean;
type Listenable = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export type EventLogOptions = {
  /** Sends a batch (null: this browser has no Beacon API, nothing is sent). */
  beacon: Beacon | null;
  /** The page's document: `visibilitychange` to hidden sends what waits. */
  document?: (Listenable & { readonly visibilityState: DocumentVisibilityState }) | null;
  /** The page's window: `pagehide` sends what waits. */
  window?: Listenable | null;
  /** Draws the sampling once (default Math.random). */
  random?: () => number;
  now?: () => number;
  /** The browser's user agent. */
  browser?: string;
  /** Where batches go (default LOG_EVENTS_PATH on the page's origin). */
  url?: string;
  /** The share of page loads that log (default EVENT_SAMPLE_TIME). */
  sampleTime?: number;
};

const knownTypes: ReadonlySet<string> = new Set(clientEventTypes);

/** The user agent as the contract takes it: printable ASCII, at most BROWSER_TEXT_MAX characters, '' when the rule refuses it. */
export const browserTextOf = (userAgent: string): string => {
  const text = userAgent.replace(/[^\x20-\x7e]/g, '').slice(0, BROWSER_TEXT_MAX);
  return browserReason(text) === null ? text : '';
};

/** Whether the event may be sent: a type the app logs, a type and status the contract's rule lets through. */
export const mayLog = (params: LogEventParams): boolean =>
  knownTypes.has(params.event) && sensitiveReason(params.event) === null && sensitiveReason(params.status) === null;

export const createEventLog = (options: EventLogOptions): EventLog => {
  const now = options.now ?? Date.now;
  const url = options.url ?? LOG_EVENTS_PATH;
  const sampleTime = options.sampleTime ?? EVENT_SAMPLE_TIME;
  const sampledIn = (options.random ?? Math.random)() < sampleTime;
  const browser = browserTextOf(options.browser ?? '');
  let queue: AnalyticsEvent[] = [];

  const flush = () => {
    const beacon = options.beacon;
    if (!beacon) return;
    while (queue.length > 0) {
      const batch = queue.slice(0, EVENT_BATCH_MAX);
      if (!beacon(url, JSON.stringify(snakeKeys({ events: batch })))) return;
      queue = queue.slice(batch.length);
    }
  };

  const onVisibility = () => {
    if (options.document?.visibilityState === 'hidden') flush();
  };
  // A page sampled out never has anything to send: it does not listen.
  if (sampledIn) {
    options.document?.addEventListener('visibilitychange', onVisibility);
    options.window?.addEventListener('pagehide', flush);
  }

  return {
    log: (params) => {
      if (!sampledIn || !mayLog(params)) return null;
      const event: AnalyticsEvent = {
        eventSource: PRODUCT_EVENT_SOURCE,
        eventType: params.event as AnalyticsEvent['eventType'],
        time: Math.floor(now() / 1000),
        status: params.status,
        browser,
        sampleTime,
        count: EVENT_SAMPLE_COUNT,
      };
      queue.push(event);
      if (queue.length > EVENT_QUEUE_MAX) queue = queue.slice(queue.length - EVENT_QUEUE_MAX);
      if (queue.length >= EVENT_BATCH_MAX) flush();
      return event;
    },
    events: () => [...queue],
    flush,
    clear: () => {
      queue = [];
    },
    dispose: () => {
      options.document?.removeEventListener('visibilitychange', onVisibility);
      options.window?.removeEventListener('pagehide', flush);
    },
  };
};

/** The sender on this browser's Beacon API, page and user agent (absent outside a browser: nothing is sent). */
export const browserEventLog = (): EventLog => {
  const nav = typeof navigator === 'undefined' ? null : navigator;
  return createEventLog({
    beacon: nav && typeof nav.sendBeacon === 'function' ? (url, body) => nav.sendBeacon(url, body) : null,
    document: typeof document === 'undefined' ? null : document,
    window: typeof window === 'undefined' ? null : window,
    browser: nav?.userAgent ?? '',
  });
};
