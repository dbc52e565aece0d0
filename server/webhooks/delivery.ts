/**
 * Webhook delivery (SPEC §7 Webhook and integrations): the worker that posts each pending event to
 * its workspace's URL, signed the Standard Webhooks way, and retries with backoff.
 *
 * The `webhook_events` table is the queue, as the schedules table is the schedule executor's
 * (server/schedules/executor.ts): the upload inserts a row `pending` and due in its own
 * transaction, and a pass of any server process claims due rows (`status = 'pending' AND
 * next_attempt_at <= now`, the partial index webhook_events_due_idx) with `FOR UPDATE SKIP LOCKED`
 * in one statement that also counts the attempt and moves `next_attempt_at` a lease ahead
 * (LEASE_MS). So two processes never deliver one event at the same time (a claimed row is locked,
 * then no longer due), a process that dies mid-attempt leaves the row to be claimed again after the
 * lease, and a delivered or failed row is never claimed again. The attempt's result is written
 * only while the row is still as the claim left it (attempts and lease unchanged: a replay or a
 * later claim wins).
 *
 * Exactly once per event id, as far as a network allows: one id per message (events.ts), one
 * delivery per id while nothing crashes, and across a graceful restart (stop() waits for the
 * attempts under way and records them). A process killed between the receiver's 2xx and the write
 * of `delivered` makes the next claim send that id again: receivers deduplicate by `webhook-id`,
 * which is what the Standard Webhooks id is for.
 *
 * One attempt: POST of the payload (JSON) to the URL of the event's direction as configured now
 * (`last_url` records it), through safeRequest (server/webhooks/safe-http.ts: the address checks,
 * no redirects, WEBHOOK_TIMEOUT_MS for the whole exchange), with `webhook-id`, `webhook-timestamp`
 * and `webhook-signature` made by the `standardwebhooks` package with the workspace's secret,
 * Content-Type application/json and a User-Agent naming the product. A 2xx answer is delivered;
 * anything else (3xx included), a refused address, a time-out or a network failure is a failed
 * attempt, retried after RETRY_DELAYS_MS[n] (1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 10 h: the
 * contract's WEBHOOK_RETRIES after the first attempt, about 38 hours in all) with ±10 % jitter,
 * then `failed`. Every attempt writes attempts, last_status_code, last_error, last_url and
 * next_attempt_at.
 *
 * Why the table is the queue rather than one pg-boss job per event: the row exists anyway (it is
 * the delivery log and what a replay sends again), so it holds the queue state too and a status
 * never disagrees between two stores; an upload writes its events in one INSERT (a job each would
 * be a statement each, inside the upload's transaction); the retry plan above is not pg-boss's
 * doubling backoff, and due times follow the app's Clock, so tests move time instead of waiting;
 * and the routes need no job queue (AppDeps is unchanged). The job runtime owns the worker
 * (server/jobs/runtime.ts: started and stopped with the queue; the hourly purge drops finished
 * events after EVENT_RETENTION_MS).
 *
 * The signature's timestamp is the wall clock's (receivers compare it with theirs, the library
 * allows five minutes); due times and backoff follow the app's Clock (tests move it).
 */
import { and, inArray, lt, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RETRIES, WEBHOOK_TIMEOUT_MS, type WebhookEventType } from '../../src/contract/integrations';
import { isoOf, msOf, rowsOf, textArray } from '../chats/sql';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { workspaceRowOf } from '../db/scoped';
import { webhookConfigs, webhookEvents, workspaces } from '../db/schema';
import type { Logger } from '../logger';
import { safeRequest, SafeRequestError, type Resolver } from './safe-http';
import { createSecretBoxSource, type SecretBoxSource } from './secrets';
import { planAllows, urlFor } from './settings';

/** Waits before each retry (WEBHOOK_RETRIES of them): over 24 hours in all. */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, 36_000_000];
if (RETRY_DELAYS_MS.length !== WEBHOOK_RETRIES) throw new Error('RETRY_DELAYS_MS must hold WEBHOOK_RETRIES delays');
/** Each delay is moved by up to this share either way, so retries of many events do not arrive together. */
export const RETRY_JITTER = 0.1;
/** A claimed event is claimed again after this long if its attempt never reported (its process died). */
export const LEASE_MS = WEBHOOK_TIMEOUT_MS + 50_000;
/** Attempts under way in one process at most. */
export const DELIVERY_CONCURRENCY = 16;
/** The longest wait between passes of an idle process. */
export const DELIVERY_POLL_MS = 250;
/** Delivered and failed events are kept this long in the log, then purged. */
export const EVENT_RETENTION_MS = 30 * 24 * 3_600_000;
export const USER_AGENT = 'Chat-CRM-Webhooks/1.0 (+Standard Webhooks)';
/** How much of a refusing answer's body the log keeps. */
const ERROR_BODY_CHARS = 200;

/** The wait before the retry after `attempts` attempts, or null when that was the last. */
export const retryDelayMs = (attempts: number, random: () => number = Math.random): number | null => {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()));
};

export type AttemptResult = { ok: boolean; statusCode: number | null; error: string | null; url: string | null };

type Claimed = { id: string; workspaceId: string; type: WebhookEventType; payload: unknown; attempts: number; lease: Date };

/** Claims up to `limit` due events (see the module comment). */
export const claimDue = async (db: Db, now: Date, limit: number): Promise<Claimed[]> => {
  if (limit <= 0) return [];
  const lease = new Date(now.getTime() + LEASE_MS);
  const result = await db.execute(sql`
    UPDATE webhook_events e SET attempts = e.attempts + 1, next_attempt_at = ${isoOf(lease)}::timestamptz
    FROM (
      SELECT id FROM webhook_events
      WHERE status = 'pending' AND next_attempt_at <= ${isoOf(now)}::timestamptz
      ORDER BY next_attempt_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE e.id = due.id
    RETURNING e.id, e.workspace_id, e.type, e.payload, e.attempts`);
  return rowsOf<{ id: string; workspace_id: string; type: WebhookEventType; payload: unknown; attempts: number }>(result).map((r) => ({
    id: r.id,
    workspaceId: r.workspace_id,
    type: r.type,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload,
    attempts: Number(r.attempts),
    lease,
  }));
};

/** An attempt's result to write: the event as claimed, what happened. */
export type AttemptRecord = { event: Claimed; result: AttemptResult };

/**
 * Writes attempts' results in one statement, each only if its row is still as its claim left it
 * (pending, the same attempt count and lease). Returns the ids written.
 */
export const recordAttempts = async (db: Db, records: readonly AttemptRecord[], now: Date, random: () => number = Math.random): Promise<Set<string>> => {
  if (records.length === 0) return new Set();
  const rows = records.map(({ event, result }) => {
    const retryIn = result.ok ? null : retryDelayMs(event.attempts, random);
    return {
      id: event.id,
      attempts: String(event.attempts),
      lease: isoOf(event.lease),
      status: result.ok ? 'delivered' : retryIn === null ? 'failed' : 'pending',
      code: result.statusCode === null ? null : String(result.statusCode),
      error: result.error,
      url: result.url,
      next: retryIn === null ? null : isoOf(now.getTime() + retryIn),
      delivered: result.ok ? isoOf(now) : null,
    };
  });
  const col = (read: (r: (typeof rows)[number]) => string | null) => textArray(rows.map(read));
  const written = await db.execute(sql`
    UPDATE webhook_events e SET status = v.status, last_status_code = v.code::int, last_error = v.error, last_url = v.url,
      next_attempt_at = v.next::timestamptz, delivered_at = v.delivered::timestamptz
    FROM unnest(${col((r) => r.id)}, ${col((r) => r.attempts)}, ${col((r) => r.lease)}, ${col((r) => r.status)}, ${col((r) => r.code)},
      ${col((r) => r.error)}, ${col((r) => r.url)}, ${col((r) => r.next)}, ${col((r) => r.delivered)})
      AS v(id, attempts, lease, status, code, error, url, next, delivered)
    WHERE e.id = v.id AND e.status = 'pending' AND e.attempts = v.attempts::int AND e.next_attempt_at = v.lease::timestamptz
    RETURNING e.id`);
  return new Set(rowsOf<{ id: string }>(written).map((r) => r.id));
};

/** One attempt's result (recordAttempts for one). Returns whether it was written. */
export const recordAttempt = async (db: Db, event: Claimed, result: AttemptResult, now: Date, random: () => number = Math.random): Promise<boolean> =>
  (await recordAttempts(db, [{ event, result }], now, random)).has(event.id);

export type DeliveryDeps = {
  db: Db;
  clock: Clock;
  logger: Logger;
  config: Pick<AppConfig, 'webhookAllowedHosts'>;
  /** The signature's clock (default: the wall clock; see the module comment). */
  wallClock?: () => Date;
  resolve?: Resolver;
  timeoutMs?: number;
  concurrency?: number;
  pollMs?: number;
  random?: () => number;
  secrets?: SecretBoxSource;
};

type Target = { receivedUrl: string | null; sentUrl: string | null; secret: string | null; planCode: string; disbanded: boolean };

/** The workspaces' settings for a batch of claimed events, with their secrets opened. */
const targetsOf = async (deps: DeliveryDeps, secrets: SecretBoxSource, workspaceIds: string[]): Promise<Map<string, Target>> => {
  const rows = await deps.db
    .select({
      workspaceId: workspaces.id,
      planCode: workspaces.planCode,
      disbandedAt: workspaces.disbandedAt,
      receivedUrl: webhookConfigs.receivedUrl,
      sentUrl: webhookConfigs.sentUrl,
      secretSealed: webhookConfigs.secretSealed,
    })
    .from(workspaces)
    .leftJoin(webhookConfigs, workspaceRowOf(webhookConfigs))
    .where(inArray(workspaces.id, workspaceIds));
  const box = await secrets.get();
  return new Map(
    rows.map((r) => {
      let secret: string | null = null;
      try {
        secret = r.secretSealed ? box.open(r.secretSealed, r.workspaceId) : null;
      } catch {
        deps.logger.error('[webhooks] a workspace secret does not open (server key changed?)', { workspace: r.workspaceId });
      }
      return [r.workspaceId, { receivedUrl: r.receivedUrl, sentUrl: r.sentUrl, secret, planCode: r.planCode, disbanded: r.disbandedAt !== null }];
    }),
  );
};

/** One attempt of one event; never throws. */
export const attemptDelivery = async (deps: DeliveryDeps, event: Pick<Claimed, 'id' | 'type' | 'payload'>, target: Target | undefined): Promise<AttemptResult> => {
  const url = target ? urlFor(target, event.type) : null;
  if (!target || !url) return { ok: false, statusCode: null, error: `No webhook URL is set for ${event.type === 'message.sent' ? 'sent' : 'received'} messages`, url: null };
  if (target.disbanded) return { ok: false, statusCode: null, error: 'The workspace was disbanded', url };
  if (!planAllows(target.planCode, 'custom_webhook')) return { ok: false, statusCode: null, error: "The workspace's plan does not include custom webhooks", url };
  if (!target.secret) return { ok: false, statusCode: null, error: 'The webhook signing secret is missing: rotate it in the webhook settings', url };
  const body = JSON.stringify(event.payload);
  const signedAt = (deps.wallClock ?? (() => new Date()))();
  const signature = new Webhook(target.secret).sign(event.id, signedAt, body);
  try {
    const res = await safeRequest({
      url,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      maxResponseBytes: 4096,
      allowedHosts: deps.config.webhookAllowedHosts,
      resolve: deps.resolve,
    });
    if (res.status >= 200 && res.status < 300) return { ok: true, statusCode: res.status, error: null, url };
    const redirect = res.status >= 300 && res.status < 400 ? ` (redirects are not followed${res.headers.location ? `: ${String(res.headers.location).slice(0, 120)}` : ''})` : '';
    const text = res.body.trim().slice(0, ERROR_BODY_CHARS);
    return { ok: false, statusCode: res.status, error: `HTTP ${res.status}${redirect}${text ? `: ${text}` : ''}`, url };
  } catch (error) {
    const message = error instanceof SafeRequestError && error.kind === 'refused' ? `The address ${error.message}` : error instanceof Error ? error.message : String(error);
    return { ok: false, statusCode: null, error: message.slice(0, 500), url };
  }
};

export type WebhookDelivery = {
  /** Claims and attempts every event due now (tests, scripts); resolves when their results are written. Returns how many were attempted. */
  runDue(): Promise<number>;
  /** Passes until `stop`: at least every DELIVERY_POLL_MS, and again as soon as an attempt ends. */
  start(): void;
  /** Stops claiming and waits for the attempts under way (their results are written). */
  stop(): Promise<void>;
};

export const createWebhookDelivery = (deps: DeliveryDeps): WebhookDelivery => {
  const secrets = deps.secrets ?? createSecretBoxSource(deps);
  const concurrency = deps.concurrency ?? DELIVERY_CONCURRENCY;
  const pollMs = deps.pollMs ?? DELIVERY_POLL_MS;
  const random = deps.random ?? Math.random;
  const refill = Math.max(1, Math.floor(concurrency / 4));
  const inFlight = new Set<Promise<void>>();
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let pumping: Promise<void> | null = null;
  let again = false;

  // Results are written in batches: each attempt that ends joins the next write, one statement for
  // all that ended meanwhile (on PGlite, one connection, a statement per attempt was the bottleneck).
  type Waiting = AttemptRecord & { done: (written: boolean) => void; failed: (error: unknown) => void };
  let toWrite: Waiting[] = [];
  let writing: Promise<void> | null = null;
  const writeAll = async () => {
    while (toWrite.length > 0) {
      const batch = toWrite;
      toWrite = [];
      try {
        const written = await recordAttempts(deps.db, batch, deps.clock.now(), random);
        for (const w of batch) w.done(written.has(w.event.id));
      } catch (error) {
        for (const w of batch) w.failed(error);
      }
    }
  };
  const startWriting = () => {
    if (writing || toWrite.length === 0) return;
    const current = writeAll().finally(() => {
      if (writing === current) writing = null;
      startWriting();
    });
    writing = current;
  };
  const write = (event: Claimed, result: AttemptResult) =>
    new Promise<boolean>((done, failed) => {
      toWrite.push({ event, result, done, failed });
      startWriting();
    });

  const deliver = async (event: Claimed, target: Target | undefined) => {
    const result = await attemptDelivery(deps, event, target);
    const written = await write(event, result);
    if (!result.ok) deps.logger.warn('[webhooks] attempt failed', { id: event.id, attempt: event.attempts, code: result.statusCode ?? '-', error: result.error ?? '-' });
    if (!written) deps.logger.info('[webhooks] attempt result superseded', { id: event.id });
  };

  /** Claims what this process has room for and starts those attempts. Returns how many it started. */
  const claimAndStart = async (limit: number): Promise<Promise<void>[]> => {
    const claimed = await claimDue(deps.db, deps.clock.now(), limit);
    if (claimed.length === 0) return [];
    const targets = await targetsOf(deps, secrets, [...new Set(claimed.map((e) => e.workspaceId))]);
    return claimed.map((event) => {
      const run = deliver(event, targets.get(event.workspaceId)).catch((error: unknown) =>
        deps.logger.error('[webhooks] attempt could not be recorded', { id: event.id, message: error instanceof Error ? error.message : String(error) }),
      );
      inFlight.add(run);
      void run.finally(() => {
        inFlight.delete(run);
        if (started) void pump();
      });
      return run;
    });
  };

  const pump = async (): Promise<void> => {
    if (pumping) {
      again = true;
      return pumping;
    }
    const pass = async () => {
      try {
        do {
          again = false;
          // Claims when a quarter of the slots (at least one) are free: fewer, larger claims.
          while (started && concurrency - inFlight.size >= refill) {
            const runs = await claimAndStart(concurrency - inFlight.size);
            if (runs.length === 0) break;
          }
        } while (again && started);
      } catch (error) {
        deps.logger.error('[webhooks] pass failed', { message: error instanceof Error ? error.message : String(error) });
      }
    };
    // Cleared in a callback, never inside `pass`: a pass that ends without awaiting would clear
    // it before this assignment and leave it set for good.
    const current = pass().finally(() => {
      if (pumping === current) pumping = null;
    });
    pumping = current;
    return current;
  };

  const tick = () => {
    if (!started) return;
    void pump().finally(() => {
      if (started) timer = setTimeout(tick, pollMs);
    });
  };

  return {
    async runDue() {
      let attempted = 0;
      for (;;) {
        const runs = await claimAndStart(concurrency);
        if (runs.length === 0) break;
        attempted += runs.length;
        await Promise.all(runs);
      }
      return attempted;
    },
    start() {
      if (started) return;
      started = true;
      tick();
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await pumping;
      await Promise.all([...inFlight]);
    },
  };
};

/** Delivered and failed events older than EVENT_RETENTION_MS, across workspaces (the daily purge). Returns how many went. */
export const purgeFinishedEvents = async (db: Db, now: Date): Promise<number> => {
  const gone = await db
    .delete(webhookEvents)
    .where(and(inArray(webhookEvents.status, ['delivered', 'failed']), lt(webhookEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS))))
    .returning({ id: webhookEvents.id });
  return gone.length;
};

/** For the log: an event row's times as unix ms. */
export const eventTimes = (row: { createdAt: unknown; deliveredAt: unknown; nextAttemptAt: unknown }) => ({
  createdAt: msOf(row.createdAt) ?? 0,
  deliveredAt: msOf(row.deliveredAt),
  nextAttemptAt: msOf(row.nextAttemptAt),
});
