/**
 * The server's background work in one place: the job queue with its workers (mail delivery,
 * the hourly purge) and the mailer routes use. main.ts starts it (`start`) and stops it on
 * SIGTERM; tests build it over their database and drain it with `runDue` instead of polling.
 */
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { createQueuedMailer, registerMailWorker, type Mailer, type MailTransport } from '../mail';
import { purgeAll } from './purge';
import { createJobQueue, type JobQueue } from './queue';

export const PURGE_JOB = 'maintenance.purge';
/** Hourly, at minute 17 (UTC), once across every process. */
export const PURGE_CRON = '17 * * * *';

export type JobRuntime = {
  queue: JobQueue;
  /** Enqueues mail (see server/mail.ts): give it to createApp as `mailer`. */
  mailer: Mailer;
  /** Installs the queue's schema and queues without polling (tests: then `runDue`). */
  init(): Promise<void>;
  /** Workers poll, the purge is scheduled. */
  start(): Promise<void>;
  stop(timeoutMs?: number): Promise<void>;
  /** Runs the jobs due now once, in this process; returns how many ran. */
  runDue(options?: { includeDelayed?: boolean }): Promise<number>;
};

export type JobRuntimeDeps = {
  db: Db;
  clock: Clock;
  logger: Logger;
  config: Pick<AppConfig, 'outboxRetentionDays' | 'expiredRetentionDays'>;
  transport: MailTransport;
  pollingIntervalSeconds?: number;
};

export const createJobRuntime = (deps: JobRuntimeDeps): JobRuntime => {
  const queue = createJobQueue({ db: deps.db, logger: deps.logger, pollingIntervalSeconds: deps.pollingIntervalSeconds });
  registerMailWorker(queue, { db: deps.db, clock: deps.clock, transport: deps.transport });
  queue.work(PURGE_JOB, async () => {
    const counts = await purgeAll(deps.db, deps.clock.now(), deps.config);
    deps.logger.info('[jobs] purged', counts);
  });
  queue.schedule(PURGE_JOB, PURGE_CRON);
  return {
    queue,
    mailer: createQueuedMailer({ db: deps.db, clock: deps.clock, queue, transport: deps.transport }),
    init: () => queue.init(),
    start: () => queue.start(),
    stop: (timeoutMs) => queue.stop(timeoutMs),
    runDue: (options) => queue.runDue(options),
  };
};
