/**
 * The embedded database's template (server/db/pglite-template.ts) with the job queue's schema and
 * the app's queues installed, as the job runtime makes them at start (creating a queue makes its
 * partition table). It lives here, beside the runtime, so that opening a database (which copies
 * the template) never imports pg-boss or the mailer.
 */
import { systemClock } from '../clock';
import { defaultConfig } from '../config';
import { buildPgliteTemplate } from '../db/pglite-template';
import { createLogTransport } from '../mail';
import { createJobRuntime } from './runtime';

const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Builds the template, migrated and with the queue's schema, when it is missing. Returns its path. */
export const buildTemplate = (): Promise<string> =>
  buildPgliteTemplate(async (db) => {
    const jobs = createJobRuntime({ db, clock: systemClock, logger: silentLogger, config: defaultConfig, transport: createLogTransport({ logger: silentLogger }) });
    await jobs.init();
    await jobs.stop();
  });
