/**
 * `npm run server` (tsx server/main.ts): the API and the built front end on one port, and the
 * job queue's workers (mail delivery, the hourly purge; server/jobs/runtime.ts) in the same process.
 *
 * Environment:
 * - PORT (8787), HOST (127.0.0.1).
 * - DATA_DIR (./.data): the embedded PGlite database; DATABASE_URL: a PostgreSQL server instead
 *   (several server processes may share it: sessions, rate limits and jobs live in it).
 * - PUBLIC_URL: the origin links in emails are built from (never a request's Host header); https
 *   makes cookies Secure. Default http://HOST:PORT, only locally: with DATABASE_URL set, or HOST
 *   not a loopback address, the server refuses to start without it.
 * - SMTP_URL (nodemailer URL), MAIL_FROM. MAIL_TRANSPORT=smtp|log: without SMTP_URL, mail goes
 *   to the log transport (codes and links printed in the log, kept in the outbox table), allowed
 *   only for the local embedded default or an explicit MAIL_TRANSPORT=log; otherwise the server
 *   refuses to start.
 * - OUTBOX_RETENTION_DAYS (7): delivered outbox rows are deleted after this many days.
 * - GOOGLE_CLIENT_ID (enables Google sign-in), INVITE_SECRET.
 * - FILE_STORE=disk|s3 (SPEC §7 Files): FILES_DIR (DATA_DIR/files) for the disk; S3_BUCKET,
 *   S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE for S3.
 *   STORAGE_SECRET signs storage tokens and disk URLs (default: a key kept in the database).
 * - WEBHOOK_ALLOWED_HOSTS: hosts outgoing webhooks may reach although local or private (a local
 *   test receiver); empty by default (server/webhooks/safe-http.ts).
 */
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { systemClock } from './clock';
import { ConfigError, readAppConfig, readServerEnv, resolveMailTransport } from './config';
import { openDatabase } from './db/client';
import { createFileStore } from './files/store';
import { createJobRuntime } from './jobs/runtime';
import { createConsoleLogger } from './logger';
import { createLogTransport, createSmtpTransport } from './mail';

let stopping = false;

const main = async () => {
  const env = readServerEnv();
  const logger = createConsoleLogger();
  // DIST_DIR: another build of the front end to serve (several checkouts or builds side by side).
  const config = readAppConfig(process.env, resolve(process.env.DIST_DIR || 'dist'));
  const transportKind = resolveMailTransport(env);
  const database = await openDatabase(env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir });
  logger.info('[db] ready', {
    driver: database.driver,
    where: env.databaseUrl ? 'DATABASE_URL' : resolve(env.dataDir),
  });
  const transport =
    transportKind === 'smtp' && env.smtpUrl
      ? createSmtpTransport({ smtpUrl: env.smtpUrl, from: config.mailFrom, logger })
      : createLogTransport({ logger });
  // One file store for the API and the purge (which removes uploads never finished).
  const files = createFileStore({ db: database.db, clock: systemClock, logger, config });
  logger.info('[files] store ready', { kind: files.kind, where: config.fileStore.kind === 'disk' ? config.fileStore.dir : config.fileStore.bucket });
  const jobs = createJobRuntime({ db: database.db, clock: systemClock, logger, config, transport, files });
  const app = createApp({ db: database.db, clock: systemClock, mailer: jobs.mailer, config, logger, files, jobs: jobs.queue });

  // The queue starts before the server listens: on PGlite its start-up (schema check, advisory
  // lock, schedules) shares the one connection with requests, and a request whose transaction
  // queued mail while the queue was still starting waited on it forever.
  await jobs.start();
  logger.info('[jobs] started', { mail: transport.kind });

  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    console.log(`Listening on http://${env.host}:${info.port}/crm/`);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('[server] stopping', { signal });
    setTimeout(() => process.exit(0), 8000).unref();
    server.close(() => {
      void jobs
        .stop(4000)
        .catch((error: unknown) => logger.error('[jobs] stop failed', { message: String(error) }))
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`[server] refusing to start: ${error.message}`);
  else console.error('[server] failed to start:', error);
  process.exit(1);
});
