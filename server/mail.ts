/**
 * Outgoing email. With SMTP_URL: nodemailer over SMTP. Without: the outbox table, and the server
 * log prints `[mail] to=... subject=... code=...` (or `link=<url>` for an invitation) so a person on a
 * fresh machine can read a code or follow a link.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Clock } from './clock';
import type { Db } from './db/client';
import { outbox } from './db/schema';
import type { Logger } from './logger';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The verification code the mail carries, if any (printed by the outbox mailer's log line). */
  code?: string;
  /** The link the mail carries, if any (an invitation): printed in full by the log line. */
  link?: string;
};

const logFields = (mail: Mail) =>
  mail.link && !mail.code
    ? { to: mail.to, subject: mail.subject, link: mail.link }
    : { to: mail.to, subject: mail.subject, code: mail.code ?? '-' };

export type Mailer = { send(mail: Mail): Promise<void> };

export const createOutboxMailer = (deps: { db: Db; clock: Clock; logger: Logger }): Mailer => ({
  async send(mail) {
    await deps.db.insert(outbox).values({
      id: randomUUID(),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      createdAt: deps.clock.now(),
    });
    deps.logger.info('[mail]', logFields(mail));
  },
});

export const createSmtpMailer = (deps: { smtpUrl: string; from: string; logger: Logger }): Mailer => {
  const transport = nodemailer.createTransport(deps.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: deps.from, to: mail.to, subject: mail.subject, text: mail.text });
      deps.logger.info('[mail] sent by smtp', mail.link ? { to: mail.to, subject: mail.subject, link: mail.link } : { to: mail.to, subject: mail.subject });
    },
  };
};

export const createMailer = (deps: {
  smtpUrl: string | null;
  from: string;
  db: Db;
  clock: Clock;
  logger: Logger;
}): Mailer =>
  deps.smtpUrl
    ? createSmtpMailer({ smtpUrl: deps.smtpUrl, from: deps.from, logger: deps.logger })
    : createOutboxMailer(deps);
