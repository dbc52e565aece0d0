/**
 * The product event log (SPEC §7 Analytics logging): the web app's sender posts batches of events
 * (source 7) to the log endpoint; admins read counts per type and day, and the members page reads
 * each member's sync health from the same log.
 *
 * The batch (`logEventsRequest`) goes to LOG_EVENTS_PATH with `navigator.sendBeacon`, which cannot
 * set an Authorization header: the endpoint is not a `defineRoute` endpoint of this area but its
 * own handler (server/routes/product-events.ts), authenticated by the httpOnly session cookie and
 * refused from other sites, taking a JSON or text/plain body (what sendBeacon sends for a string).
 *
 * What an event carries (SPEC §7): the source (7), its type, the time in unix seconds, a status,
 * the browser, the sample time and the count. The user id and email of SPEC §7 are the session's:
 * the server writes the signed-in user of the cookie, never what a body says (a body naming a
 * user or an email has those keys dropped), and the sender leaves them out.
 *
 * What may never be logged (passwords, codes, tokens, emails, message text): an event's type is
 * one of the types the app logs (`clientEventTypes`, an allow-list); its status and type are short
 * identifiers (`EVENT_TEXT_PATTERN`) that `sensitiveReason` does not refuse; the browser text is
 * printable, short, and refused when `browserReason` finds an email or a secret's name in it. The
 * sender drops an event the rule refuses; the server refuses the whole batch (VALIDATION, nothing
 * stored).
 */
import { z } from 'zod/mini';
import { boundedInt, EPOCH_MS_MAX, epochMs } from './bounds';
import { endpoint } from './endpoint';
import { maxChars } from './text-bounds';

/** SPEC §7: the event source of the web app. */
export const PRODUCT_EVENT_SOURCE = 7;
/**
 * SPEC §7 "sample time 0.05": the share of page loads whose events the sender sends (each with this
 * sample time and count 1; src/services/event-log.ts says why page loads and not single events).
 */
export const SENDER_SAMPLE_TIME = 0.05;
/** The log endpoint the sender beacons to (its own handler: cookie session, same origin, JSON or text/plain). */
export const LOG_EVENTS_PATH = '/api/web/v1/log/events';
/** Events in one batch at most (the sender sends a full batch at once). */
export const EVENT_BATCH_MAX = 50;
/** The log endpoint's own body limit: a full batch of the longest events fits with room to spare. */
export const LOG_EVENTS_BODY_LIMIT = 32 * 1024;
/** The longest event type or status. */
export const EVENT_TEXT_MAX = 40;
/** The longest browser text (the user agent, cut by the sender). */
export const BROWSER_TEXT_MAX = 200;

/**
 * The event types the web app logs (the `event` of the machines' `logEvent` params), and only
 * these: a new one is added here with the machine that logs it (a unit test collects the machines'
 * types and fails on one missing here).
 * - chatSync: a chat sync the page started (status: its trigger, manual or auto);
 * - firstRunGuide: the first-run guidance closed (status: how, SPEC §4).
 */
export const clientEventTypes = ['chatSync', 'firstRunGuide'] as const;
export type ClientEventType = (typeof clientEventTypes)[number];
/**
 * Recorded by the server itself, never accepted from a sender: one upload of a chat sync (its
 * chats in `chats`), which the members page's sync-health line reads.
 */
export const CHAT_SYNC_UPLOAD_EVENT = 'chatSyncUpload';
/**
 * The status of a chat sync's upload event: the first batch of a sync (`started`), a middle one
 * (`batch`), the last (`finished`), or a sync in one batch (`complete`).
 */
export const syncUploadStatuses = ['started', 'batch', 'finished', 'complete'] as const;
export type SyncUploadStatus = (typeof syncUploadStatuses)[number];
export const syncUploadStatusOf = (batch: { firstBatch: boolean; final: boolean }): SyncUploadStatus =>
  batch.firstBatch ? (batch.final ? 'complete' : 'started') : batch.final ? 'finished' : 'batch';

/** An event type or status: a short identifier (no spaces, no @, nothing a sentence would hold). */
export const EVENT_TEXT_PATTERN = /^[A-Za-z][A-Za-z0-9_.:-]*$/;

export type SensitiveReason = 'email' | 'messageText' | 'secretWord' | 'code' | 'token';

/** Names of secrets: a text naming one is refused whatever follows it. */
const SECRET_WORD = /passw|pwd|secret|token|bearer|cookie|credential|api[-_]?key/i;
/** Four digits in a row: a verification code, a phone number, a card number. */
const DIGIT_RUN = /\d{4,}/;
/** Sixteen or more word characters in a row mixing letters and digits: a token or a key. */
const TOKEN_RUN = /[A-Za-z0-9_-]{16,}/g;

/**
 * Why an event's type or status may not be logged, or null when it may (the one rule, applied by
 * the sender before queueing and by the server before storing):
 * - `email`: it holds an @;
 * - `secretWord`: it names a password, a token, a secret, a cookie or a key;
 * - `code`: it holds four digits in a row (a code, a phone or card number);
 * - `token`: it holds 16 or more letters and digits mixed in a row (a token, a key, a hash);
 * - `messageText`: it holds white space, anything but letters, digits and `_ . : -`, does not
 *   start with a letter, or is longer than EVENT_TEXT_MAX (a sentence, a message).
 */
export const sensitiveReason = (text: string): SensitiveReason | null => {
  if (text.includes('@')) return 'email';
  if (/\s/.test(text)) return 'messageText';
  if (SECRET_WORD.test(text)) return 'secretWord';
  if (DIGIT_RUN.test(text)) return 'code';
  for (const run of text.match(TOKEN_RUN) ?? []) if (/\d/.test(run) && /[A-Za-z]/.test(run)) return 'token';
  if (text.length > EVENT_TEXT_MAX || !EVENT_TEXT_PATTERN.test(text)) return 'messageText';
  return null;
};

/**
 * Why a browser text may not be logged (null: it may): printable ASCII within BROWSER_TEXT_MAX,
 * without an @ (`email`) or a secret's name (`secretWord`). A user agent has digit runs (build
 * numbers), so the code and token rules do not apply to it.
 */
export const browserReason = (text: string): 'email' | 'secretWord' | 'messageText' | null => {
  if (text.includes('@')) return 'email';
  if (text.length > BROWSER_TEXT_MAX || !/^[\x20-\x7e]*$/.test(text)) return 'messageText';
  if (SECRET_WORD.test(text)) return 'secretWord';
  return null;
};

const reasonText: Record<SensitiveReason, string> = {
  email: 'must not hold an email',
  messageText: `must be a short identifier (letters, digits, _ . : -, at most ${EVENT_TEXT_MAX} characters)`,
  secretWord: 'must not name a password, code, token or key',
  code: 'must not hold a code or number',
  token: 'must not hold a token',
};

/** An event type or status the rule lets through. */
const eventText = z.string().check(
  z.superRefine((value, ctx) => {
    const reason = sensitiveReason(value);
    if (reason) ctx.addIssue({ code: 'custom', message: reasonText[reason], input: value });
  }),
);

const browserText = z.string().check(
  z.superRefine((value, ctx) => {
    const reason = browserReason(value);
    if (reason) ctx.addIssue({ code: 'custom', message: reason === 'messageText' ? `printable text of at most ${BROWSER_TEXT_MAX} characters` : reasonText[reason], input: value });
  }),
);

/** Unix seconds, from 1970 to the end of 9999. */
const epochSeconds = boundedInt(0, Math.floor(EPOCH_MS_MAX / 1000));

/** One event of a batch (SPEC §7). Unknown keys (a user id, an email) are dropped: the session says who. */
export const productEvent = z.object({
  eventSource: z.literal(PRODUCT_EVENT_SOURCE),
  eventType: z.enum(clientEventTypes),
  /** When it happened, unix seconds (the server keeps events of the last LOG_EVENT_MAX_AGE_DAYS and up to 5 minutes ahead). */
  time: epochSeconds,
  status: eventText,
  browser: z._default(browserText, ''),
  /** The sampling the sender ran under (SPEC §7: 0.05): the share of page loads that send their events. */
  sampleTime: z.number().check(z.minimum(0.001), z.maximum(1)),
  /** SPEC §7: 1 (each event counts once among the sampled ones). */
  count: boundedInt(1, 100),
});
export type ProductEvent = z.infer<typeof productEvent>;

export const logEventsRequest = z.object({
  events: z.array(productEvent).check(z.minLength(1), z.maxLength(EVENT_BATCH_MAX, `at most ${EVENT_BATCH_MAX} events a batch`)),
});
export type LogEventsRequest = z.input<typeof logEventsRequest>;
/** How many events were stored (those outside the accepted time window are left out; none without a workspace). */
export const logEventsData = z.object({ stored: z.int() });

/** Events older than this many days are not stored (a clock far off, a replayed batch). */
export const LOG_EVENT_MAX_AGE_DAYS = 7;
/** Events this far ahead of the server's clock are not stored. */
export const LOG_EVENT_MAX_AHEAD_SECONDS = 5 * 60;

/** The counts page's default range: the last 14 days, today included (UTC days). */
export const COUNTS_DEFAULT_DAYS = 14;
/** The longest range the counts page asks for. */
export const COUNTS_MAX_DAYS = 92;

/** `YYYY-MM-DD` naming a real calendar day (not 2025-02-30). */
export const isCalendarDay = (v: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** A UTC day, `YYYY-MM-DD`, a real calendar day. */
export const daySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD'), z.refine(isCalendarDay, 'not a calendar day'));

/** Both days or neither (the last COUNTS_DEFAULT_DAYS days); `from` not after `to`, at most COUNTS_MAX_DAYS days. */
export const eventCountsRequest = z
  .object({ from: z.optional(daySchema), to: z.optional(daySchema) })
  .check(
    z.superRefine((v, ctx) => {
      if ((v.from === undefined) !== (v.to === undefined)) {
        ctx.addIssue({ code: 'custom', message: 'give both days of the range, or neither', path: [v.from === undefined ? 'from' : 'to'], input: v });
        return;
      }
      // A day that is no calendar day has its own issue already.
      if (v.from === undefined || v.to === undefined || !isCalendarDay(v.from) || !isCalendarDay(v.to)) return;
      const span = (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 + 1;
      if (span < 1) ctx.addIssue({ code: 'custom', message: 'the first day comes after the last', path: ['from'], input: v });
      else if (span > COUNTS_MAX_DAYS) ctx.addIssue({ code: 'custom', message: `at most ${COUNTS_MAX_DAYS} days`, path: ['to'], input: v });
    }),
  );
export type EventCountsRequest = z.input<typeof eventCountsRequest>;

/** Events of one type on one UTC day: stored (`events`, the sum of their counts) and estimated for every session (each count ÷ its sample time). */
export const eventCountRow = z.object({
  day: z.string(),
  eventType: z.string().check(maxChars(EVENT_TEXT_MAX)),
  events: z.int(),
  estimated: z.int(),
});
export type EventCountRow = z.infer<typeof eventCountRow>;
/** The range answered (the default filled in), the server's UTC day today, and the rows, newest day first, then by type. */
export const eventCountsData = z.object({ from: z.string(), to: z.string(), today: z.string(), rows: z.array(eventCountRow) });
export type EventCounts = z.infer<typeof eventCountsData>;

/**
 * One member's sync health, from the chat sync's upload events: when their last upload arrived
 * (unix ms) and how many chats the uploads of their last sync carried (from its first batch on).
 */
export const memberSyncHealth = z.object({ userId: z.string(), lastSyncAt: epochMs, chats: z.int() });
export type MemberSyncHealth = z.infer<typeof memberSyncHealth>;
/**
 * The members who ever synced, among those the caller sees: every joined member for the owner and
 * managers (`allMembers`), the caller (`self`) alone for a member; `now` is the server's clock (unix
 * ms), so "3 h ago" is the server's. A member the caller sees who is not in `items` never synced.
 */
export const syncHealthData = z.object({ now: epochMs, self: z.string(), allMembers: z.boolean(), items: z.array(memberSyncHealth) });
export type SyncHealth = z.infer<typeof syncHealthData>;

export const productEventEndpoints = {
  /** The admin page: counts per type and UTC day (SPEC §6: the owner and managers). */
  eventCounts: endpoint({ path: '/admin/log/events/counts', request: eventCountsRequest, answer: eventCountsData, access: 'manager' }),
  /** The members page's sync-health lines. */
  syncHealth: endpoint({ path: '/public/log/sync-health', request: z.object({}), answer: syncHealthData, access: 'member' }),
} as const;
