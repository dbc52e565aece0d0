/**
 * Outgoing email, through the job queue: `mailer.send(mail)` writes the mail to the `outbox`
 * table and enqueues a `mail.send` job in the same transaction (the caller's, when given), and
 * returns; a worker delivers it through the transport, with retries and exponential backoff. So a
 * request never waits on SMTP (a reset request for a known address answers as fast as for an
 * unknown one) and a mail is sent exactly once by whichever process claims its job.
 *
 * Transports: SMTP (nodemailer, SMTP_URL): the log shows only recipient and subject, and the
 * outbox row's text is cleared once delivered. The log transport (the local embedded default, or
 * MAIL_TRANSPORT=log): the server log prints `[mail] to=... subject=... code=...` (or `link=<url>`
 * for an invitation) and the outbox row keeps the text, so a person on a fresh machine can read a
 * code or follow a link. Delivered rows are purged after OUTBOX_RETENTION_DAYS (server/jobs/purge.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Clock } from './clock';
import type { MailTransportKind } from './config';
import type { Db, Tx } from './db/client';
import { outbox } from './db/schema';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The verification code the mail carries, if any (printed by the log transport only). */
  code?: string;
  /** The link the mail carries, if any (an invitation): printed by the log transport only. */
  link?: string;
};

export type SendOptions = {
  /** Enqueue inside this transaction: the mail is sent only if it commits. */
  tx?: Tx;
};

/** What routes use. `send` resolves once the mail is queued, not when it is delivered. */
export type Mailer = { send(mail: Mail, options?: SendOptions): Promise<void> };

/** Hands one mail to the outside world. */
export type MailTransport = {
  kind: MailTransportKind;
  deliver(mail: Mail): Promise<void>;
};

export const MAIL_JOB = 'mail.send';
/** The job carries the outbox row's id; code and link only for the log transport (it prints them). */
export type MailJob = { outboxId: string; code?: string; link?: string };

const logFields = (mail: Mail) =>
  mail.link && !mail.code
    ? { to: mail.to, subject: mail.subject, link: mail.link }
    : { to: mail.to, subject: mail.subject, code: mail.code ?? '-' };

/** Local only: prints the mail's code or link in the server log (the outbox row keeps the text). */
export const createLogTransport = (deps: { logger: Logger }): MailTransport => ({
  kind: 'log',
  async deliver(mail) {
    deps.logger.info('[mail]', logFields(mail));
  },
});

/** SMTP through nodemailer; logs recipient and subject only, never a code or a link. */
export const createSmtpTransport = (deps: { smtpUrl: string; from: string; logger: Logger }): MailTransport => {
  const transport = nodemailer.createTransport(deps.smtpUrl, {
    // A hung server must fail the attempt well within the job's expiry, so it is retried.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  } as nodemailer.TransportOptions);
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transport.sendMail({ from: deps.from, to: mail.to, subject: mail.subject, text: mail.text });
      deps.logger.info('[mail] sent by smtp', { to: mail.to, subject: mail.subject });
    },
  };
};

/** The app's mailer: outbox row + `mail.send` job, in one transaction. */
export const createQueuedMailer = (deps: { db: Db; clock: Clock; queue: JobQueue; transport: Pick<MailTransport, 'kind'> }): Mailer => {
  const enqueue = async (tx: Tx, mail: Mail) => {
    const id = randomUUID();
    await tx.insert(outbox).values({ id, to: mail.to, subject: mail.subject, text: mail.text, createdAt: deps.clock.now() });
    const job: MailJob = deps.transport.kind === 'log' ? { outboxId: id, code: mail.code, link: mail.link } : { outboxId: id };
    await deps.queue.enqueue(MAIL_JOB, job, { tx });
  };
  return {
    async send(mail, options = {}) {
      if (options.tx) await enqueue(options.tx, mail);
      else await deps.db.transaction((tx) => enqueue(tx, mail));
    },
  };
};

/**
 * The `mail.send` worker: delivers the outbox row once (a row already delivered or purged is
 * skipped), then marks it delivered; SMTP deliveries clear the stored text.
 */
export const registerMailWorker = (queue: JobQueue, deps: { db: Db; clock: Clock; transport: MailTransport }): void => {
  queue.work<MailJob>(
    MAIL_JOB,
    async (job) => {
      const [row] = await deps.db.select().from(outbox).where(eq(outbox.id, job.outboxId));
      if (!row || row.deliveredAt) return;
      await deps.transport.deliver({ to: row.to, subject: row.subject, text: row.text, code: job.code, link: job.link });
      await deps.db
        .update(outbox)
        .set({ deliveredAt: deps.clock.now(), ...(deps.transport.kind === 'smtp' ? { text: '' } : {}) })
        .where(and(eq(outbox.id, row.id), isNull(outbox.deliveredAt)));
    },
    // 10 s, 20 s, 40 s ... (with jitter): eight retries span about 40 minutes, then the job is failed.
    { concurrency: 2, retryLimit: 8, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 180 },
  );
};

/**
 * Writes the outbox row and prints the log line at once, without the queue. Kept for callers
 * that build an app without a job runtime; the app itself uses `createJobRuntime(...).mailer`.
 */
export const createOutboxMailer = (deps: { db: Db; clock: Clock; logger: Logger }): Mailer => ({
  async send(mail, options = {}) {
    const now = deps.clock.now();
    await (options.tx ?? deps.db).insert(outbox).values({ id: randomUUID(), to: mail.to, subject: mail.subject, text: mail.text, createdAt: now, deliveredAt: now });
    deps.logger.info('[mail]', logFields(mail));
  },
});
