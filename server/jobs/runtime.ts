/**
 * The server's background work in one place: the job queue with its workers (mail delivery,
 * the hourly purge, the CRM contact auto-sync every minute) and the mailer routes use; the
 * schedule executor; and webhook delivery, whose
 * queue is its own table (webhook_events: the chat upload inserts an event in its transaction, no
 * route needs the job queue for it; server/webhooks/delivery.ts says why). main.ts starts it (`start`) and stops it on
 * SIGTERM; tests build it over their database and drain it with `runDue` instead of polling.
 */
import { registerBillingWorker } from '../billing/apply';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { createAutosyncContext, runContactAutosync } from '../integrations/autosync';
import type { Logger } from '../logger';
import { createQueuedMailer, registerMailWorker, type Mailer, type MailTransport } from '../mail';
import { createScheduleExecutor, purgeFinishedSends, type ScheduleExecutor } from '../schedules/executor';
import type { FileStore } from '../files/store';
import { createWebhookDelivery, purgeFinishedEvents, type DeliveryDeps, type WebhookDelivery } from '../webhooks/delivery';
import { purgeAll, purgePendingFiles } from './purge';
import { createJobQueue, type JobQueue } from './queue';

export const PURGE_JOB = 'maintenance.purge';
/** Hourly, at minute 17 (UTC), once across every process. */
export const PURGE_CRON = '17 * * * *';
/** The schedule executor's backstop pass (each process also passes every 250 ms: server/schedules/executor.ts). */
export const SCHEDULES_JOB = 'schedules.due';
export const SCHEDULES_CRON = '* * * * *';
/** Upserts leads edited since the last run to CRMs with "Sync contacts automatically" on (server/integrations/autosync.ts). */
export const AUTOSYNC_JOB = 'integrations.autosync';
export const AUTOSYNC_CRON = '* * * * *';

export type JobRuntime = {
  queue: JobQueue;
  /** Enqueues mail (see server/mail.ts): give it to createApp as `mailer`. */
  mailer: Mailer;
  /** Turns due schedules into sends (SPEC §4 Schedule): polled by `start`, run by hand in tests (`schedules.runDue()`). */
  schedules: ScheduleExecutor;
  /** Posts webhook events to their URLs (server/webhooks/delivery.ts; its queue is the webhook_events table): polled by `start`, run by hand in tests (`webhooks.runDue()`). */
  webhooks: WebhookDelivery;
  /** Installs the queue's schema and queues without polling (tests: then `runDue`). */
  init(): Promise<void>;
  /** Workers poll, the purge is scheduled, the schedule executor polls. */
  start(): Promise<void>;
  stop(timeoutMs?: number): Promise<void>;
  /** Runs the jobs due now once, in this process; returns how many ran. */
  runDue(options?: { includeDelayed?: boolean }): Promise<number>;
};

export type JobRuntimeDeps = {
  db: Db;
  clock: Clock;
  logger: Logger;
  config: Pick<AppConfig, 'outboxRetentionDays' | 'expiredRetentionDays' | 'webhookAllowedHosts' | 'integrations'>;
  transport: MailTransport;
  pollingIntervalSeconds?: number;
  /** The file store: the purge removes the objects of uploads never finished (without it, none are purged). */
  files?: Pick<FileStore, 'remove'>;
  /** Webhook delivery settings for tests and benchmarks (resolver, concurrency, poll interval). */
  webhooks?: Partial<Omit<DeliveryDeps, 'db' | 'clock' | 'logger' | 'config'>>;
};

export const createJobRuntime = (deps: JobRuntimeDeps): JobRuntime => {
  const queue = createJobQueue({ db: deps.db, logger: deps.logger, pollingIntervalSeconds: deps.pollingIntervalSeconds });
  registerMailWorker(queue, { db: deps.db, clock: deps.clock, transport: deps.transport });
  queue.work(PURGE_JOB, async () => {
    const now = deps.clock.now();
    const counts = await purgeAll(deps.db, now, deps.config);
    const pendingFiles = deps.files ? await purgePendingFiles(deps.db, now, deps.files) : 0;
    const scheduleSends = await purgeFinishedSends(deps.db, now);
    const webhookEvents = await purgeFinishedEvents(deps.db, now);
    deps.logger.info('[jobs] purged', { ...counts, pendingFiles, scheduleSends, webhookEvents });
  });
  queue.schedule(PURGE_JOB, PURGE_CRON);
  const schedules = createScheduleExecutor({ db: deps.db, clock: deps.clock, logger: deps.logger });
  queue.work(SCHEDULES_JOB, async () => {
    await schedules.runDue();
  });
  queue.schedule(SCHEDULES_JOB, SCHEDULES_CRON);
  const autosync = createAutosyncContext(deps);
  // Not retried: the next minute's pass sends what this one did not (a failure is recorded per connection).
  queue.work(AUTOSYNC_JOB, async () => {
    await runContactAutosync(autosync);
  }, { retryLimit: 0 });
  queue.schedule(AUTOSYNC_JOB, AUTOSYNC_CRON);
  registerBillingWorker(queue, { db: deps.db, clock: deps.clock, logger: deps.logger });
  const webhooks = createWebhookDelivery({ ...deps.webhooks, db: deps.db, clock: deps.clock, logger: deps.logger, config: deps.config });
  return {
    queue,
    mailer: createQueuedMailer({ db: deps.db, clock: deps.clock, queue, transport: deps.transport }),
    schedules,
    webhooks,
    init: () => queue.init(),
    start: async () => {
      await queue.start();
      schedules.start();
      webhooks.start();
    },
    stop: async (timeoutMs) => {
      await webhooks.stop();
      await schedules.stop();
      await queue.stop(timeoutMs);
    },
    runDue: (options) => queue.runDue(options),
  };
};
