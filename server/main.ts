/**
 * `npm run server` (tsx server/main.ts): the API and the built front end on one port.
 * Environment: PORT (8787), HOST (127.0.0.1), DATA_DIR (./.data, embedded PGlite), DATABASE_URL
 * (a PostgreSQL server instead), SMTP_URL (else the outbox table + log), MAIL_FROM,
 * GOOGLE_CLIENT_ID (enables Google sign-in), PUBLIC_URL (https => Secure cookies).
 */
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { systemClock } from './clock';
import { readAppConfig, readServerEnv } from './config';
import { openDatabase } from './db/client';
import { createConsoleLogger } from './logger';
import { createMailer } from './mail';

const main = async () => {
  const env = readServerEnv();
  const logger = createConsoleLogger();
  const config = readAppConfig(process.env, resolve('dist'));
  const database = await openDatabase(env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir });
  logger.info('[db] ready', {
    driver: database.driver,
    where: env.databaseUrl ? 'DATABASE_URL' : resolve(env.dataDir),
  });
  const mailer = createMailer({ smtpUrl: env.smtpUrl, from: config.mailFrom, db: database.db, clock: systemClock, logger });
  const app = createApp({ db: database.db, clock: systemClock, mailer, config, logger });

  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    console.log(`Listening on http://${env.host}:${info.port}/crm/`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('[server] stopping', { signal });
    server.close(() => {
      void database.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
};

main().catch((error: unknown) => {
  console.error('[server] failed to start:', error);
  process.exit(1);
});
