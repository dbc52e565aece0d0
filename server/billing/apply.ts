/**
 * Applying a verified payment callback (server/billing/callbacks.ts stores it and enqueues this job
 * in one transaction): placeholder until the billing server lands.
 */
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../logger';

export const BILLING_APPLY_JOB = 'billing.apply';

export type BillingWorkerDeps = { db: Db; clock: Clock; logger: Logger };

export const registerBillingWorker = (queue: JobQueue, deps: BillingWorkerDeps): void => {
  queue.work<{ provider: string; eventId: string }>(BILLING_APPLY_JOB, async (payload) => {
    deps.logger.info('[billing] apply', payload);
  });
};
