/**
 * The product event log's sender (SPEC §7 Analytics logging; src/services/event-log.ts) with fake
 * browser parts (a recording beacon, a page whose visibility the test sets, a fixed random draw):
 * the sampling of a page load at 0.05, the event's fields, batching (a full batch goes at once),
 * the beacon when the page is hidden or goes away, a refused beacon kept for the next try, and
 * sign-out forgetting what waits. Then the redaction: every event type the app's machines log
 * (collected from their `logEvent` params) with every status they log goes through the sender, and
 * every payload is checked: the contract's schema takes it, it carries no user id or email, and no
 * text in it looks like a password, code, token, email or message text; events that would carry
 * one are dropped.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { camelKeys } from '../../src/contract/case';
import { clientEventTypes, EVENT_BATCH_MAX, LOG_EVENTS_PATH, logEventsRequest, sensitiveReason } from '../../src/contract/product-events';
import type { SyncTrigger } from '../../src/machines/chat-sync.machine';
import type { CloseReason } from '../../src/machines/first-run-guide.machine';
import { browserTextOf, createEventLog, EVENT_QUEUE_MAX, EVENT_SAMPLE_TIME, type EventLogOptions, type LogEventParams } from '../../src/services/event-log';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.2210.91 Safari/537.36';

/** A page whose visibility the test sets, and the beacons it sent (url and body). */
const fakePage = (options: Partial<EventLogOptions> & { refuse?: () => boolean } = {}) => {
  const sent: { url: string; body: string }[] = [];
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const window = new EventTarget();
  let now = 1_736_931_600_700;
  const log = createEventLog({
    beacon: (url, body) => {
      if (options.refuse?.()) return false;
      sent.push({ url, body });
      return true;
    },
    document,
    window,
    random: () => 0,
    now: () => now,
    browser: UA,
    ...options,
  });
  const batches = () => sent.map((s) => JSON.parse(s.body) as { events: Record<string, unknown>[] });
  return {
    log,
    sent,
    batches,
    hide: () => {
      document.visibilityState = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    show: () => {
      document.visibilityState = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    leave: () => window.dispatchEvent(new Event('pagehide')),
    tick: (ms: number) => (now += ms),
  };
};

const sync: LogEventParams = { event: 'chatSync', status: 'manual' };

describe('sampling (SPEC §7 sample time 0.05, count 1)', () => {
  it('a page load is sampled in when its draw is below 0.05: its events are sent with sample time 0.05 and count 1', () => {
    expect(EVENT_SAMPLE_TIME).toBe(0.05);
    const page = fakePage({ random: () => 0.0499 });
    expect(page.log.log(sync)).toEqual({ eventSource: 7, eventType: 'chatSync', time: 1_736_931_600, status: 'manual', browser: UA, sampleTime: 0.05, count: 1 });
    page.hide();
    expect(page.batches()).toEqual([
      { events: [{ event_source: 7, event_type: 'chatSync', time: 1_736_931_600, status: 'manual', browser: UA, sample_time: 0.05, count: 1 }] },
    ]);
  });

  it('a page load drawn at 0.05 or above logs nothing and sends nothing', () => {
    for (const draw of [0.05, 0.5, 0.9999]) {
      const page = fakePage({ random: () => draw });
      expect(page.log.log(sync)).toBeNull();
      expect(page.log.events()).toEqual([]);
      page.hide();
      page.leave();
      expect(page.sent).toEqual([]);
    }
  });

  it('draws once per sender (a page load), not per event', () => {
    let draws = 0;
    const page = fakePage({ random: () => (draws++, 0.01) });
    for (let i = 0; i < 10; i++) page.log.log(sync);
    expect(draws).toBe(1);
    expect(page.log.events()).toHaveLength(10);
  });
});

describe('batching and the beacon', () => {
  it('keeps events in memory until the batch is full, then sends the batch at once', () => {
    const page = fakePage();
    for (let i = 0; i < EVENT_BATCH_MAX - 1; i++) page.log.log(sync);
    expect(page.sent).toEqual([]);
    expect(page.log.events()).toHaveLength(EVENT_BATCH_MAX - 1);
    page.log.log({ event: 'firstRunGuide', status: 'close2' });
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]!.url).toBe(LOG_EVENTS_PATH);
    expect(page.batches()[0]!.events).toHaveLength(EVENT_BATCH_MAX);
    expect(page.batches()[0]!.events.at(-1)).toMatchObject({ event_type: 'firstRunGuide', status: 'close2' });
    expect(page.log.events()).toEqual([]);
  });

  it('sends what waits when the page is hidden or goes away, not when it shows', () => {
    const page = fakePage();
    page.log.log(sync);
    page.show();
    expect(page.sent).toEqual([]);
    page.hide();
    expect(page.batches().map((b) => b.events.length)).toEqual([1]);
    // Nothing waits: no empty beacon.
    page.hide();
    page.leave();
    expect(page.sent).toHaveLength(1);
    page.tick(5_000);
    page.log.log({ event: 'chatSync', status: 'auto' });
    page.leave();
    expect(page.batches()[1]!.events).toEqual([expect.objectContaining({ status: 'auto', time: 1_736_931_605 })]);
  });

  it('sends a long wait in batches of at most 50', () => {
    const refusing = { on: true };
    const page = fakePage({ refuse: () => refusing.on });
    for (let i = 0; i < 120; i++) page.log.log(sync);
    refusing.on = false;
    page.hide();
    expect(page.batches().map((b) => b.events.length)).toEqual([50, 50, 20]);
  });

  it('keeps a batch the browser refused for the next try, at most EVENT_QUEUE_MAX events (the oldest go)', () => {
    const refusing = { on: true };
    const page = fakePage({ refuse: () => refusing.on });
    for (let i = 0; i < EVENT_QUEUE_MAX + 10; i++) {
      page.tick(1000);
      page.log.log(sync);
    }
    expect(page.sent).toEqual([]);
    const waiting = page.log.events();
    expect(waiting).toHaveLength(EVENT_QUEUE_MAX);
    refusing.on = false;
    page.hide();
    const times = page.batches().flatMap((b) => b.events.map((e) => e.time));
    expect(times).toEqual(waiting.map((e) => e.time));
    expect(times[0]).toBe(1_736_931_600 + 11);
  });

  it('sign-out forgets what waits; a disposed sender no longer hears the page', () => {
    const page = fakePage();
    page.log.log(sync);
    page.log.clear();
    page.hide();
    expect(page.sent).toEqual([]);
    page.show();
    page.log.log(sync);
    page.log.dispose();
    page.hide();
    page.leave();
    expect(page.sent).toEqual([]);
    page.log.flush();
    expect(page.sent).toHaveLength(1);
  });

  it('without the Beacon API nothing is sent and nothing fails', () => {
    const log = createEventLog({ beacon: null, random: () => 0, browser: UA });
    expect(log.log(sync)).not.toBeNull();
    expect(() => log.flush()).not.toThrow();
    expect(log.events()).toHaveLength(1);
  });

  it('logging never waits: log returns at once, whatever the beacon does', () => {
    const page = fakePage({ refuse: () => true });
    const result = page.log.log(sync);
    expect(result).not.toBeInstanceOf(Promise);
  });
});

/** Every machine source under src/machines. */
const machineSources = (dir = 'src/machines'): { path: string; text: string }[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return machineSources(path);
    return name.endsWith('.ts') ? [{ path, text: readFileSync(path, 'utf8') }] : [];
  });

/** The `{ event, status }` literals of every `logEvent` action in the machines (a status computed from context is null). */
const loggedByMachines = () =>
  machineSources().flatMap(({ path, text }) =>
    [...text.matchAll(/type: 'logEvent',\s*params:[^\n]*?event: '([^']+)'(?:, status: '([^']+)')?/g)].map((m) => ({ path, event: m[1]!, status: m[2] ?? null })),
  );

/** Statuses the machines compute: each list is checked complete against its type (a missing member fails to compile). */
const syncTriggers = ['manual', 'auto'] as const satisfies readonly SyncTrigger[];
const closeReasons = ['noAction', 'close1', 'close2', 'overtimeClose2', 'checkInstallationClose', 'openSyncButtonMask'] as const satisfies readonly CloseReason[];
type Complete<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
const triggersComplete: Complete<SyncTrigger, (typeof syncTriggers)[number]> = true;
const reasonsComplete: Complete<CloseReason, (typeof closeReasons)[number]> = true;
const computedStatuses: Record<string, readonly string[]> = { chatSync: syncTriggers, firstRunGuide: closeReasons };

describe('redaction: every event type the app logs, through the sender', () => {
  const logged = loggedByMachines();

  it('collects the machines’ logEvent params (so the checks below can fail)', () => {
    expect(triggersComplete && reasonsComplete).toBe(true);
    expect(new Set(logged.map((l) => l.event))).toEqual(new Set(['chatSync', 'firstRunGuide']));
    expect(logged.filter((l) => l.status !== null).map((l) => l.status)).toContain('overtimeClose2');
  });

  it('every type a machine logs is one the contract allows (a new one is added there with its machine)', () => {
    for (const { path, event } of logged) expect(clientEventTypes as readonly string[], `${path} logs '${event}'`).toContain(event);
  });

  it('every type with every status goes out whole, and no payload carries a user, an email or a secret', () => {
    const params = [...new Set(logged.map((l) => l.event))].flatMap((event) => {
      const statuses = new Set([...(computedStatuses[event] ?? []), ...logged.filter((l) => l.event === event && l.status !== null).map((l) => l.status!)]);
      return [...statuses].map((status) => ({ event, status }));
    });
    expect(params.length).toBeGreaterThanOrEqual(8);
    const page = fakePage();
    for (const p of params) expect(page.log.log(p), JSON.stringify(p)).not.toBeNull();
    page.hide();
    const bodies = page.sent.map((s) => s.body);
    const sentEvents = page.batches().flatMap((b) => b.events);
    expect(sentEvents.map((e) => [e.event_type, e.status])).toEqual(params.map((p) => [p.event, p.status]));
    for (const body of bodies) {
      expect(logEventsRequest.safeParse(camelKeys(JSON.parse(body))).success).toBe(true);
      expect(body).not.toMatch(/@|user_id|email|passw|token|secret/i);
    }
    for (const e of sentEvents) {
      expect(Object.keys(e).sort()).toEqual(['browser', 'count', 'event_source', 'event_type', 'sample_time', 'status', 'time']);
      expect(sensitiveReason(e.event_type as string)).toBeNull();
      expect(sensitiveReason(e.status as string)).toBeNull();
    }
  });

  it('drops an event whose type or status looks like a password, code, token, email or message text, or is not a type the app logs', () => {
    const page = fakePage();
    const refused: LogEventParams[] = [
      { event: 'chatSync', status: 'mia@example.com' },
      { event: 'chatSync', status: 'Hi Mia, the order ships today' },
      { event: 'chatSync', status: 'password' },
      { event: 'chatSync', status: 'hunter2Password' },
      { event: 'chatSync', status: '482913' },
      { event: 'chatSync', status: 'code482913' },
      { event: 'chatSync', status: 'eyJhbGciOiJIUzI1NiJ9' },
      { event: 'chatSync', status: 'sessionToken' },
      { event: 'chatSync', status: '' },
      { event: 'chatSync', status: 'x'.repeat(41) },
      { event: 'sendMessage', status: 'manual' },
      { event: 'chatSyncUpload', status: 'started' },
      { event: 'mia@example.com', status: 'manual' },
    ];
    for (const p of refused) expect(page.log.log(p), JSON.stringify(p)).toBeNull();
    page.log.log(sync);
    page.hide();
    expect(page.batches()).toEqual([{ events: [expect.objectContaining({ event_type: 'chatSync', status: 'manual' })] }]);
  });

  it('keeps the browser text printable and short, and leaves it out when it holds an email or a secret', () => {
    expect(browserTextOf(UA)).toBe(UA);
    expect(browserTextOf(`${'x'.repeat(300)}`)).toHaveLength(200);
    expect(browserTextOf('Mozilla/5.0\n(X11)\u00e9')).toBe('Mozilla/5.0(X11)');
    expect(browserTextOf('Mozilla/5.0 mia@example.com')).toBe('');
    expect(browserTextOf('Mozilla/5.0 token=abc')).toBe('');
  });
});
