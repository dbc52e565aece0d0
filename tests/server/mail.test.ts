/**
 * Mail through the job queue (server/mail.ts): `send` only writes the outbox row and the job; a
 * worker delivers it once. A reset request does not wait on the transport, so a known address
 * answers like an unknown one. The log transport prints codes and links; SMTP never does, and
 * its delivered rows keep no text.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { makeConfig } from '../../server/config';
import { outbox, users } from '../../server/db/schema';
import { mailInvitations } from '../../server/invitations';
import { createJobRuntime, type JobRuntime } from '../../server/jobs/runtime';
import { MAIL_JOB, createLogTransport, type Mail, type MailTransport, type Mailer } from '../../server/mail';
import { setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
const runtimes: JobRuntime[] = [];
beforeAll(async () => {
  t = await setupTestApp();
});
afterEach(async () => {
  for (const r of runtimes.splice(0)) {
    await r.queue.clear();
    await r.stop();
  }
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

/** A transport that records deliveries; `hang` makes every delivery wait forever. */
const recordingTransport = (kind: MailTransport['kind'], options: { hang?: boolean; failTimes?: number } = {}) => {
  const delivered: Mail[] = [];
  let failures = options.failTimes ?? 0;
  const transport: MailTransport = {
    kind,
    deliver: (mail) => {
      if (options.hang) return new Promise<void>(() => undefined);
      if (failures > 0) {
        failures -= 1;
        return Promise.reject(new Error('smtp: 421 try again later'));
      }
      delivered.push(mail);
      if (kind === 'log') t.logger.info('[mail]', { to: mail.to, subject: mail.subject, code: mail.code ?? '-' });
      return Promise.resolve();
    },
  };
  return { transport, delivered };
};

const runtimeWith = async (transport: MailTransport) => {
  const runtime = createJobRuntime({ db: t.db, clock: t.clock, logger: t.logger, config: t.config, transport });
  runtimes.push(runtime);
  await runtime.init();
  return runtime;
};

const mail: Mail = { to: 'someone@example.com', subject: 'Your code', text: 'Your code is 123456.', code: '123456' };

describe('queued mailer', () => {
  it('queues the mail without delivering it; the worker delivers it once and marks the row delivered', async () => {
    const { transport, delivered } = recordingTransport('log');
    const runtime = await runtimeWith(transport);
    await runtime.mailer.send(mail);
    expect(delivered).toEqual([]);
    const [queued] = await t.db.select().from(outbox);
    expect(queued).toMatchObject({ to: mail.to, subject: mail.subject, text: mail.text, deliveredAt: null });
    expect(await runtime.queue.count(MAIL_JOB, 'created')).toBe(1);

    expect(await runtime.runDue()).toBe(1);
    expect(delivered).toEqual([{ to: mail.to, subject: mail.subject, text: mail.text, code: '123456' }]);
    const [after] = await t.db.select().from(outbox);
    expect(after?.deliveredAt).toEqual(t.clock.now());
    expect(after?.text).toBe(mail.text);
    expect(await runtime.runDue()).toBe(0);
    expect(delivered).toHaveLength(1);
  });

  it('queues inside the caller transaction: a rolled-back transaction sends nothing', async () => {
    const { transport, delivered } = recordingTransport('log');
    const runtime = await runtimeWith(transport);
    await expect(
      t.db.transaction(async (tx) => {
        await runtime.mailer.send(mail, { tx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await t.count('outbox')).toBe(0);
    expect(await runtime.runDue()).toBe(0);
    expect(delivered).toEqual([]);
  });

  it('retries a failed delivery later (backoff) and delivers once it succeeds', async () => {
    const { transport, delivered } = recordingTransport('smtp', { failTimes: 1 });
    const runtime = await runtimeWith(transport);
    await runtime.mailer.send(mail);
    await runtime.runDue();
    expect(delivered).toEqual([]);
    expect(await runtime.runDue()).toBe(0);
    expect(await runtime.queue.count(MAIL_JOB, 'retry')).toBe(1);
    expect(t.logger.lines.some((l) => l.level === 'warn' && l.line.includes('[jobs] failed, will retry') && l.line.includes('421'))).toBe(true);
    await runtime.runDue({ includeDelayed: true });
    expect(delivered.map((m) => m.to)).toEqual([mail.to]);
  });

  it('over SMTP: the job carries no code or link, the log shows neither, and the delivered row keeps no text', async () => {
    const { transport, delivered } = recordingTransport('smtp');
    const runtime = await runtimeWith(transport);
    await runtime.mailer.send({ ...mail, link: 'http://127.0.0.1:8787/crm/workspace/grant-access?invite_token=secret-token' });
    await runtime.runDue();
    expect(delivered[0]).toEqual({ to: mail.to, subject: mail.subject, text: mail.text, code: undefined, link: undefined });
    const [row] = await t.db.select().from(outbox);
    expect(row?.text).toBe('');
    expect(row?.deliveredAt).not.toBeNull();
    const log = t.logger.lines.map((l) => l.line).join('\n');
    expect(log).not.toContain('123456');
    expect(log).not.toContain('secret-token');
  });

  it('the log transport prints the code (local use)', async () => {
    const runtime = await runtimeWith(createLogTransport({ logger: t.logger }));
    await runtime.mailer.send(mail);
    await runtime.runDue();
    expect(t.logger.lines.map((l) => l.line)).toContain('[mail] to=someone@example.com subject="Your code" code=123456');
  });
});

describe('reset request timing (mail from the queue)', () => {
  it('answers for a known address while the transport never finishes, like for an unknown one', async () => {
    const { transport } = recordingTransport('smtp', { hang: true });
    let deliveries = 0;
    const counting: MailTransport = {
      kind: transport.kind,
      deliver: (m) => {
        deliveries += 1;
        return transport.deliver(m);
      },
    };
    const runtime = await runtimeWith(counting);
    await t.db.insert(users).values({ id: 'known', email: 'known@example.com', createdAt: t.clock.now() });
    const app = createApp({ db: t.db, clock: t.clock, mailer: runtime.mailer, config: t.config, logger: t.logger });
    const ask = async (email: string) => {
      const res = await app.request('/api/wp/user/password/reset-request', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      return { status: res.status, body: (await res.json()) as { code: number } };
    };
    const known = await ask('known@example.com');
    const unknown = await ask('unknown@example.com');
    expect(known).toEqual(unknown);
    expect(known.body.code).toBe(100000);
    // The request only queued the mail: nothing was handed to the (hanging) transport.
    expect(deliveries).toBe(0);
    const rows = await t.db.select().from(outbox).where(eq(outbox.to, 'known@example.com'));
    expect(rows).toHaveLength(1);
    expect(await runtime.queue.count(MAIL_JOB, 'created')).toBe(1);
  });
});

describe('invitation links', () => {
  it('come from the configured origin only, whatever origin a caller passes', async () => {
    const sent: Mail[] = [];
    const mailer: Mailer = {
      send: async (m) => {
        sent.push(m);
      },
    };
    await mailInvitations(
      { mailer, logger: t.logger, config: makeConfig({ publicUrl: 'https://crm.example.com' }) },
      { origin: 'http://evil.example', workspaceName: 'Team', inviter: 'Ann', issued: [{ email: 'b@example.com', token: 'tok', expiresAt: t.clock.now() }] },
    );
    expect(sent[0]?.link).toBe('https://crm.example.com/crm/workspace/grant-access?invite_token=tok');
    expect(sent[0]?.text).toContain('https://crm.example.com/crm/workspace/grant-access?invite_token=tok');
    expect(sent[0]?.text).not.toContain('evil.example');
  });
});
