import type { JWTVerifyGetKey } from 'jose';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { FileStore } from './files/store';
import type { Logger } from './logger';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail';
import type { PaymentProvider } from './billing/provider';

/** Everything the app factory is given (tests inject fakes: in-memory DB, fake clock, outbox). */
export type AppDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: AppConfig;
  logger: Logger;
  /** Key set for Google ID tokens; defaults to Google's published keys when a client id is configured. */
  googleKeys?: JWTVerifyGetKey;
  /** The file store (SPEC §7 Files); default: the one the configuration names (server/files/store.ts). */
  files?: FileStore;
  /**
   * The job queue, for routes that hand work to a worker inside their transaction (payment
   * callbacks: server/billing/). main.ts and the test app give the runtime's queue.
   */
  jobs?: Pick<JobQueue, 'enqueue'>;
  /** The payment provider; default: the one the configuration names (server/billing/providers.ts). */
  payments?: PaymentProvider;
};
