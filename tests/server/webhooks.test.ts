/**
 * Webhooks (SPEC §3 Webhook settings, §5 webhook permission, §6, §7 Webhook and integrations;
 * src/contract/integrations.ts): the settings with their secret shown once and rotated, the URL
 * rules at save time, the plan's custom_webhook bit, the permission per member and what each role
 * reads of it; events made only for permitted members' new messages in the configured directions,
 * one id per message; delivery to a local receiver signed the Standard Webhooks way (checked with
 * the library's own verifier), retries with backoff until `failed`, no redirect followed, a replay
 * with the same id, and the delivery log.
 *
 * Each test starts from the same team world (team-world.ts: workspace W on the pro plan); the
 * receiver runs on 127.0.0.1, let through by the test configuration's allow-list
 * (WEBHOOK_ALLOWED_HOSTS). Time is the app's fake clock: retries are due when the test moves it.
 */
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, webhookConfigs, webhookEvents, workspaces } from '../../server/db/schema';
import { EVENT_RETENTION_MS, LEASE_MS, purgeFinishedEvents, RETRY_DELAYS_MS, USER_AGENT } from '../../server/webhooks/delivery';
import { webhookRateRules } from '../../server/webhooks/rate-limits';
import { webhookEventId } from '../../server/webhooks/events';
import { Code } from '../../src/contract/codes';
import { WEBHOOK_RETRIES } from '../../src/contract/integrations';
import { chatsClient, NUMBER, single, text, group } from './support/chats-world';
import { useTeamWorld } from './support/team-suite';
import type { World } from './support/team-world';
import { CLOCK_START, type TestApp } from './support/test-app';
import { startReceiver, type Receiver } from './support/webhook-receiver';
import { webhooksClient } from './support/webhooks-client';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });
const c = chatsClient(
  () => t,
  () => w,
);
const h = webhooksClient(
  () => t,
  () => w,
);

let receiver: Receiver;
let other: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  other = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await other.close();
});
beforeEach(async () => {
  // Only the receiver's port is allowed: `other` stands for an internal service.
  t.rebuild({ config: { webhookAllowedHosts: [{ host: '127.0.0.1', port: receiver.port }] } });
  await t.db.delete(rateLimits);
  receiver.requests.length = 0;
  other.requests.length = 0;
  receiver.reply({ status: 200, body: 'ok' });
  other.reply({ status: 200, body: 'ok' });
});

const T0 = CLOCK_START.getTime() - 60 * 60 * 1000;
const ALICE = '4915112345678@c.us';
const BOB = '8613800138000@c.us';
const TEAM = '4915100000000-1700000000@g.us';
const chatsOf = () => [single('4915112345678', 'Alice Wong'), single('8613800138000', 'Bob'), group('4915100000000-1700000000', 'Sales team')];

const headersOf = (r: { headers: Record<string, string> }) => ({
  'webhook-id': r.headers['webhook-id']!,
  'webhook-timestamp': r.headers['webhook-timestamp']!,
  'webhook-signature': r.headers['webhook-signature']!,
});

/** Settings with a received URL (and a sent one when asked), the member permitted; the secret. */
const setUp = async (options: { sent?: boolean; received?: boolean } = {}) => {
  const saved = await h.save({ receivedUrl: options.received === false ? null : receiver.url('/in'), sentUrl: options.sent ? receiver.url('/out') : null });
  await h.permit('member');
  return saved.secret!;
};

describe('settings: the secret is shown once, sealed at rest, rotated', () => {
  it('reads empty settings, makes the secret on the first save only, and keeps it sealed', async () => {
    expect(await h.config()).toEqual({ receivedUrl: null, sentUrl: null, hasSecret: false, secretCreatedAt: null, secretHint: null, updatedAt: null });
    const first = await h.save({ receivedUrl: receiver.url('/in'), sentUrl: '' });
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(first.secret!.slice(6), 'base64')).toHaveLength(24);
    expect(first).toMatchObject({ receivedUrl: receiver.url('/in'), sentUrl: null, hasSecret: true, secretCreatedAt: CLOCK_START.getTime(), secretHint: first.secret!.slice(-4) });

    // Never again: the settings and a second save say only that one exists, and its last four characters.
    const read = await h.config();
    expect(read).toEqual({ receivedUrl: receiver.url('/in'), sentUrl: null, hasSecret: true, secretCreatedAt: CLOCK_START.getTime(), secretHint: first.secret!.slice(-4), updatedAt: CLOCK_START.getTime() });
    expect(JSON.stringify(read)).not.toContain(first.secret!.slice(6));
    t.clock.advance(60_000);
    const second = await h.save({ receivedUrl: receiver.url('/in2'), sentUrl: receiver.url('/out') });
    expect(second.secret).toBeNull();
    expect(second).toMatchObject({ secretHint: first.secret!.slice(-4), secretCreatedAt: CLOCK_START.getTime(), updatedAt: CLOCK_START.getTime() + 60_000 });

    const [row] = await t.db.select().from(webhookConfigs).where(eq(webhookConfigs.workspaceId, w.W));
    expect(row!.secretSealed).toMatch(/^v1\./);
    expect(row!.secretSealed).not.toContain(first.secret!.slice(6));
    expect(row!.updatedBy).toBe(w.who.admin.userId);
  });

  it('a manager may save; a manager and the owner read the same settings', async () => {
    const saved = await h.save({ receivedUrl: receiver.url('/m'), sentUrl: null }, 'manager');
    expect(saved.secret).toMatch(/^whsec_/);
    expect(await h.config('admin')).toEqual(await h.config('manager'));
  });

  it('rotation answers a new secret once; deliveries are then signed with it, not the old one', async () => {
    const old = await setUp();
    t.clock.advance(5 * 60_000);
    const rotated = await h.rotate();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(old);
    expect(rotated).toMatchObject({ secretCreatedAt: t.clock.now().getTime(), secretHint: rotated.secret.slice(-4) });
    expect(await h.config()).toMatchObject({ hasSecret: true, secretHint: rotated.secret.slice(-4), secretCreatedAt: t.clock.now().getTime(), receivedUrl: receiver.url('/in') });

    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    expect(await h.worker().runDue()).toBe(1);
    const [got] = receiver.requests;
    expect(new Webhook(rotated.secret).verify(got!.body, headersOf(got!))).toMatchObject({ type: 'message.received' });
    expect(() => new Webhook(old).verify(got!.body, headersOf(got!))).toThrow('No matching signature found');
  });

  it('rotating before any save makes the secret (and no URL)', async () => {
    const rotated = await h.rotate();
    expect(await h.config()).toMatchObject({ receivedUrl: null, sentUrl: null, hasSecret: true, secretHint: rotated.secret.slice(-4) });
  });
});

describe('settings: URLs that would reach the server, its network or a metadata service are refused at save', () => {
  const refused: [string, string][] = [
    ['http://127.0.0.1/hook', 'loopback'],
    ['http://localhost:8080/hook', 'local host name'],
    ['http://[::1]/hook', 'loopback'],
    ['http://2130706433/hook', 'loopback'],
    ['http://0x7f.0.0.1/hook', 'loopback'],
    ['http://10.1.2.3/hook', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'metadata'],
    ['http://metadata.google.internal/computeMetadata/v1', 'metadata'],
    ['http://[fd00:ec2::254]/', 'unique-local'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped'],
    ['http://user:pass@example.com/hook', 'user name or password'],
  ];
  for (const [url, why] of refused) {
    it(`${url}: VALIDATION naming the field (${why}); nothing saved`, async () => {
      const res = await h.raw('webhookConfigSave', 'admin', { receivedUrl: url, sentUrl: null });
      expect(res.code).toBe(Code.VALIDATION);
      expect(res.message).toMatch(/^received_url: The address /);
      expect(res.message).toContain(why);
      const sent = await h.raw('webhookConfigSave', 'admin', { receivedUrl: null, sentUrl: url });
      expect(sent.message).toMatch(/^sent_url: The address /);
      expect(await t.db.select().from(webhookConfigs)).toEqual([]);
    });
  }

  it('other schemes are refused by the contract itself', async () => {
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'gopher://example.com/']) {
      const res = await h.raw('webhookConfigSave', 'admin', { receivedUrl: url, sentUrl: null });
      expect(res.code, url).toBe(Code.VALIDATION);
    }
    expect(await t.db.select().from(webhookConfigs)).toEqual([]);
  });

  it('keeps a public name that does not resolve from here (each delivery checks it again), and the allowed receiver', async () => {
    const saved = await h.save({ receivedUrl: 'https://hooks.example.invalid/in', sentUrl: receiver.url('/out') });
    expect(saved).toMatchObject({ receivedUrl: 'https://hooks.example.invalid/in', sentUrl: receiver.url('/out') });
  });
});

describe('limits', () => {
  it('saves and rotations are rate-limited per workspace (they resolve hosts and make secrets)', async () => {
    const { limit } = webhookRateRules.settingsWorkspace;
    for (let i = 0; i < limit; i++) expect((await h.raw(i % 2 ? 'webhookSecretRotate' : 'webhookConfigSave', 'admin', { receivedUrl: null, sentUrl: null })).code).toBe(Code.OK);
    expect((await h.raw('webhookConfigSave', 'admin', { receivedUrl: receiver.url('/late'), sentUrl: null })).code).toBe(Code.RATE_LIMITED);
    expect((await h.config()).receivedUrl).toBeNull();
    // Another workspace has its own allowance.
    expect((await h.raw('webhookConfigSave', 'otherAdmin', { receivedUrl: null, sentUrl: null })).code).toBe(Code.OK);
  });

  it('the hourly purge drops delivered and failed events after EVENT_RETENTION_MS, never pending ones', async () => {
    await setUp();
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false), text(ALICE, 'a2', T0 + 1, false), text(ALICE, 'a3', T0 + 2, false)] });
    const [a, b] = await h.events();
    await t.db.update(webhookEvents).set({ status: 'delivered' }).where(eq(webhookEvents.id, a!.id));
    await t.db.update(webhookEvents).set({ status: 'failed' }).where(eq(webhookEvents.id, b!.id));
    expect(await purgeFinishedEvents(t.db, new Date(t.clock.now().getTime() + EVENT_RETENTION_MS))).toBe(0);
    expect(await purgeFinishedEvents(t.db, new Date(t.clock.now().getTime() + EVENT_RETENTION_MS + 1))).toBe(2);
    expect((await h.events()).map((e) => e.status)).toEqual(['pending']);
  });
});

describe('the plan’s custom_webhook bit (SPEC §2 feature-limit dialog)', () => {
  it('a plan without it: saving, rotating and replaying answer PLAN_LIMIT; the workspace permission says so', async () => {
    await w.rebuild({ planW: 'starter' });
    expect((await h.raw('webhookConfigSave', 'admin', { receivedUrl: receiver.url(), sentUrl: null })).code).toBe(Code.PLAN_LIMIT);
    expect((await h.raw('webhookSecretRotate', 'admin')).code).toBe(Code.PLAN_LIMIT);
    expect((await h.raw('webhookDeliveryReplay', 'admin', { id: 'msg_x' })).code).toBe(Code.PLAN_LIMIT);
    expect(await t.db.select().from(webhookConfigs)).toEqual([]);
    expect(await h.workspacePermission('member')).toEqual({ integration: false, customWebhook: false, ownWebhook: false, members: [] });
    await w.rebuild({ planW: 'pro' });
    expect(await h.workspacePermission('member')).toMatchObject({ integration: true, customWebhook: true });
  });

  it('a workspace that lost the bit makes no events, and an event queued before is not sent', async () => {
    await setUp();
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    await t.db.update(workspaces).set({ planCode: 'free' }).where(eq(workspaces.id, w.W));
    await c.uploaded('member', { number: NUMBER, messages: [text(ALICE, 'a2', T0 + 1, false)] });
    expect((await h.events()).map((e) => e.eventKey.split(':')[1])).toEqual(['a1']);
    await h.worker().runDue();
    expect(receiver.requests).toEqual([]);
    expect((await h.events())[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: "The workspace's plan does not include custom webhooks" });
  });
});

describe('a disbanded workspace', () => {
  it('sends nothing more: its pending events fail their attempts', async () => {
    await setUp();
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    await t.db.update(workspaces).set({ disbandedAt: t.clock.now() }).where(eq(workspaces.id, w.W));
    await h.worker().runDue();
    expect(receiver.requests).toEqual([]);
    expect((await h.events())[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'The workspace was disbanded' });
  });
});

describe('webhook permission per member (SPEC §5: applies after a refresh)', () => {
  it('is off until a manager turns it on; members read only their own, managers every joined member', async () => {
    expect((await h.workspacePermission('member')).ownWebhook).toBe(false);
    await h.permit('member', true, 'manager');
    expect(await h.workspacePermission('member')).toEqual({ integration: true, customWebhook: true, ownWebhook: true, members: [] });
    const seen = await h.workspacePermission('manager');
    expect(seen.ownWebhook).toBe(false);
    expect(seen.members.map((m) => [m.email, m.level, m.webhook])).toEqual([
      [w.who.admin.email, 'admin', false],
      [w.who.manager.email, 'manager', false],
      [w.who.member.email, 'member', true],
      [w.who.target.email, 'member', false],
    ]);
    expect(seen.members.find((m) => m.email === w.who.member.email)!.userId).toBe(w.who.member.userId);
    expect((await h.workspacePermission('admin')).members).toEqual(seen.members);
    await h.permit('member', false);
    expect((await h.workspacePermission('member')).ownWebhook).toBe(false);
  });

  it('is saved for a joined member of the caller’s workspace only', async () => {
    for (const userId of [w.who.otherAdmin.userId, w.who.outsider.userId, 'no-such-user']) {
      const res = await h.raw('webhookPermissionSave', 'admin', { userId, enabled: true });
      expect(res.code, userId).toBe(Code.NOT_FOUND);
    }
    await h.permit('admin', true);
    expect((await h.workspacePermission('admin')).ownWebhook).toBe(true);
  });
});

describe('events: one per new message of a permitted member, in the configured directions', () => {
  it('received messages only while only the received URL is set; none for a member without permission', async () => {
    await setUp();
    await c.uploaded('member', {
      number: NUMBER,
      chats: chatsOf(),
      messages: [text(ALICE, 'a1', T0, false), text(ALICE, 'a2', T0 + 1000, true), text(TEAM, 'g1', T0 + 2000, false, { senderName: 'Omar' })],
    });
    await c.uploaded('target', { number: '15550002000', chats: chatsOf(), messages: [text(BOB, 'b1', T0, false)] });
    const events = await h.events();
    const aliceChat = await c.conversationId('member', ALICE);
    const teamChat = await c.conversationId('member', TEAM);
    const byKey = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(events.map((e) => [e.eventKey, e.type, e.status, e.attempts, e.userId]).sort(byKey)).toEqual(
      [
        [`${aliceChat}:a1`, 'message.received', 'pending', 0, w.who.member.userId],
        [`${teamChat}:g1`, 'message.received', 'pending', 0, w.who.member.userId],
      ].sort(byKey),
    );
    for (const e of events) {
      expect(e.id).toBe(webhookEventId(w.W, e.eventKey));
      expect(e.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(e.nextAttemptAt).toEqual(t.clock.now());
    }
    const g1 = events.find((e) => e.eventKey.endsWith(':g1'))!;
    expect(g1.payload).toEqual({
      type: 'message.received',
      timestamp: CLOCK_START.toISOString(),
      data: {
        workspaceId: w.W,
        member: { userId: w.who.member.userId, email: w.who.member.email },
        chat: { id: teamChat, chatId: TEAM, name: 'Sales team', isGroup: true },
        message: { msgKey: 'g1', sendTime: T0 + 2000, fromMe: false, type: 'chat', text: 'message g1', senderName: 'Omar', fileName: null, fileSize: null, mimeType: null, meta: null },
      },
    });
  });

  it('sent messages once the sent URL is set; only sent ones when only it is set', async () => {
    await setUp({ sent: true, received: false });
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false), text(ALICE, 'a2', T0 + 1000, true)] });
    expect((await h.events()).map((e) => [e.eventKey.split(':')[1], e.type])).toEqual([['a2', 'message.sent']]);
  });

  it('exactly one event per message: a batch sent again, overlapping batches and a key repeated in a batch make none twice', async () => {
    await setUp({ sent: true });
    const batch = { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false), text(ALICE, 'a2', T0 + 1, true)] };
    await c.uploaded('member', batch);
    await c.uploaded('member', batch);
    await c.uploaded('member', {
      number: NUMBER,
      messages: [text(ALICE, 'a2', T0 + 1, true), text(ALICE, 'a3', T0 + 2, false), text(ALICE, 'a3', T0 + 3, false, { text: 'again' })],
    });
    const events = await h.events();
    expect(events.map((e) => e.eventKey.split(':')[1]).sort()).toEqual(['a1', 'a2', 'a3']);
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    // The repeated key's event is the message the upload stored (its first occurrence).
    expect((events.find((e) => e.eventKey.endsWith(':a3'))!.payload as { data: { message: { text: string } } }).data.message.text).toBe('message a3');
  });

  it('messages stored while the permission was off never get an event later', async () => {
    await h.save({ receivedUrl: receiver.url('/in'), sentUrl: null });
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    await h.permit('member');
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false), text(ALICE, 'a2', T0 + 1, false)] });
    expect((await h.events()).map((e) => e.eventKey.split(':')[1])).toEqual(['a2']);
  });

  it('a refused upload makes no event (its transaction rolls back)', async () => {
    await setUp();
    const res = await c.upload('member', { number: NUMBER, messages: [text('999@c.us', 'x1', T0, false)] });
    expect(res.code).toBe(Code.VALIDATION);
    expect(await h.events()).toEqual([]);
  });
});

describe('delivery to a local receiver', () => {
  it('posts the event signed the Standard Webhooks way, verified by the library’s own verifier', async () => {
    const secret = await setUp();
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    const [event] = await h.events();
    expect(await h.worker().runDue()).toBe(1);

    expect(receiver.requests).toHaveLength(1);
    const got = receiver.requests[0]!;
    expect(got).toMatchObject({ method: 'POST', path: '/in' });
    expect(got.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': USER_AGENT, 'webhook-id': event!.id });
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    const verified = new Webhook(secret).verify(got.body, headersOf(got));
    expect(verified).toEqual(event!.payload);
    // A body changed on the way, or another id, fails the check.
    expect(() => new Webhook(secret).verify(got.body.replace('message a1', 'message b1'), headersOf(got))).toThrow();
    expect(() => new Webhook(secret).verify(got.body, { ...headersOf(got), 'webhook-id': 'msg_other' })).toThrow();

    expect(await h.event(event!.id)).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null, lastUrl: receiver.url('/in'), nextAttemptAt: null, deliveredAt: t.clock.now() });
    // Delivered is final: nothing is due any more.
    expect(await h.worker().runDue()).toBe(0);
    expect(receiver.requests).toHaveLength(1);
  });

  it('sent messages go to the sent URL', async () => {
    await setUp({ sent: true });
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false), text(ALICE, 'a2', T0 + 1, true)] });
    await h.worker().runDue();
    expect(receiver.requests.map((r) => [r.path, (JSON.parse(r.body) as { type: string }).type]).sort()).toEqual([
      ['/in', 'message.received'],
      ['/out', 'message.sent'],
    ]);
  });

  it('retries a failing receiver with backoff (8 retries over more than 24 hours), then marks the event failed', async () => {
    await setUp();
    receiver.reply({ status: 503, body: 'busy' });
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    const id = (await h.events())[0]!.id;
    const worker = h.worker();
    const started = t.clock.now().getTime();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= WEBHOOK_RETRIES + 1; attempt++) {
      expect(await worker.runDue(), `attempt ${attempt}`).toBe(1);
      const row = await h.event(id);
      expect(row).toMatchObject({ attempts: attempt, lastStatusCode: 503, lastError: 'HTTP 503: busy', lastUrl: receiver.url('/in') });
      if (attempt <= WEBHOOK_RETRIES) {
        expect(row.status).toBe('pending');
        const wait = row.nextAttemptAt!.getTime() - t.clock.now().getTime();
        waits.push(wait);
        // Not due before its time.
        t.clock.advance(wait - 1000);
        expect(await worker.runDue()).toBe(0);
        t.clock.advance(1000);
      } else {
        expect(row).toMatchObject({ status: 'failed', nextAttemptAt: null, deliveredAt: null });
      }
    }
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
    expect(waits.length).toBeGreaterThanOrEqual(7);
    expect(t.clock.now().getTime() - started).toBeGreaterThanOrEqual(24 * 3_600_000);
    // Every attempt carried the same event id; a failed event is not tried again.
    expect(receiver.ids()).toEqual(Array(WEBHOOK_RETRIES + 1).fill(id));
    t.clock.advance(48 * 3_600_000);
    expect(await worker.runDue()).toBe(0);
  });

  it('jitter moves each wait by at most a tenth', async () => {
    await setUp();
    receiver.reply({ status: 500 });
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    for (const [random, factor] of [
      [0, 0.9],
      [1, 1.1],
    ] as const) {
      await t.db.update(webhookEvents).set({ status: 'pending', attempts: 0, nextAttemptAt: t.clock.now() });
      await h.worker({ random: () => random }).runDue();
      const [row] = await h.events();
      expect(row!.nextAttemptAt!.getTime() - t.clock.now().getTime()).toBe(Math.round(RETRY_DELAYS_MS[0]! * factor));
    }
  });

  it('does not follow a redirect (to an internal address): a 3xx is a failed attempt', async () => {
    await setUp();
    receiver.reply({ status: 302, headers: { location: other.url('/internal') } });
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    await h.worker().runDue();
    expect(receiver.requests).toHaveLength(1);
    expect(other.requests).toEqual([]);
    const [row] = await h.events();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 302 });
    expect(row!.lastError).toContain('redirects are not followed');
  });

  it('a receiver that does not answer in time is a failed attempt', async () => {
    await setUp();
    receiver.reply('hang');
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    await h.worker({ timeoutMs: 300 }).runDue();
    const [row] = await h.events();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: 'no answer within 300 ms' });
  });

  it('an address refused at delivery (the URL was saved while allowed) is a failed attempt, and nothing is sent', async () => {
    await setUp();
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    await h.worker({ config: { webhookAllowedHosts: [] } }).runDue();
    expect(receiver.requests).toEqual([]);
    const [row] = await h.events();
    expect(row!.lastError).toMatch(/^The address points to a loopback address/);
  });

  it('an event whose attempt never reported (its process died) is claimed again after the lease, and its late result is dropped', async () => {
    await setUp();
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    const { claimDue, recordAttempt } = await import('../../server/webhooks/delivery');
    const [lost] = await claimDue(t.db, t.clock.now(), 10);
    expect(await h.worker().runDue()).toBe(0);
    t.clock.advance(LEASE_MS);
    expect(await h.worker().runDue()).toBe(1);
    expect(await recordAttempt(t.db, lost!, { ok: false, statusCode: 500, error: 'late', url: null }, t.clock.now())).toBe(false);
    expect((await h.events())[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
  });
});

describe('replay and the delivery log', () => {
  const failOne = async () => {
    receiver.reply({ status: 500 });
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    const id = (await h.events())[0]!.id;
    await t.db.update(webhookEvents).set({ attempts: WEBHOOK_RETRIES }).where(eq(webhookEvents.id, id));
    await h.worker().runDue();
    expect((await h.event(id)).status).toBe('failed');
    return id;
  };

  it('sends a failed event again with the same id', async () => {
    const secret = await setUp();
    const id = await failOne();
    receiver.reply({ status: 204 });
    t.clock.advance(60_000);
    const replayed = await h.replay(id);
    expect(replayed).toMatchObject({ id, status: 'pending', attempts: 0, nextAttemptAt: t.clock.now().getTime(), lastStatusCode: 500, userEmail: w.who.member.email });
    expect(await h.worker().runDue()).toBe(1);
    expect(await h.event(id)).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204 });
    expect(receiver.ids()).toEqual([id, id]);
    const last = receiver.requests[1]!;
    expect(new Webhook(secret).verify(last.body, headersOf(last))).toEqual((await h.event(id)).payload);
  });

  it('replays a delivered event too (same id), and refuses when no URL is set for its direction', async () => {
    await setUp();
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    await h.worker().runDue();
    const id = (await h.events())[0]!.id;
    await h.replay(id);
    await h.worker().runDue();
    expect(receiver.ids()).toEqual([id, id]);

    await h.save({ receivedUrl: null, sentUrl: receiver.url('/out') });
    const res = await h.raw('webhookDeliveryReplay', 'admin', { id });
    expect(res.code).toBe(Code.VALIDATION);
    expect(res.message).toBe('No webhook URL is set for received messages: save one before replaying');
    expect((await h.event(id)).status).toBe('delivered');
  });

  it('an unknown id, or another workspace’s, is NOT_FOUND', async () => {
    await setUp();
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    const id = (await h.events())[0]!.id;
    expect((await h.raw('webhookDeliveryReplay', 'admin', { id: 'msg_unknown' })).code).toBe(Code.NOT_FOUND);
    expect((await h.raw('webhookDeliveryReplay', 'otherAdmin', { id })).code).toBe(Code.NOT_FOUND);
  });

  it('lists the events newest first, paged, filtered by status, with the member’s email', async () => {
    await setUp({ sent: true });
    await c.uploaded('member', { number: NUMBER, chats: chatsOf(), messages: [text(ALICE, 'a1', T0, false)] });
    t.clock.advance(1000);
    await c.uploaded('member', { number: NUMBER, messages: [text(ALICE, 'a2', T0 + 1, true)] });
    t.clock.advance(1000);
    await c.uploaded('member', { number: NUMBER, messages: [text(BOB, 'b1', T0 + 2, false)] });
    receiver.reply((r) => (r.path === '/out' ? { status: 410, body: 'gone' } : { status: 200 }));
    await h.worker().runDue();
    const keyOf = async (id: string) => (await h.event(id)).eventKey.split(':')[1];

    const all = await h.deliveries();
    expect(all.total).toBe(3);
    expect(await Promise.all(all.items.map((d) => keyOf(d.id)))).toEqual(['b1', 'a2', 'a1']);
    expect(all.items.map((d) => [d.type, d.status, d.attempts, d.lastStatusCode, d.userEmail])).toEqual([
      ['message.received', 'delivered', 1, 200, w.who.member.email],
      ['message.sent', 'pending', 1, 410, w.who.member.email],
      ['message.received', 'delivered', 1, 200, w.who.member.email],
    ]);
    expect(all.items[1]).toMatchObject({ lastError: 'HTTP 410: gone', lastUrl: receiver.url('/out'), deliveredAt: null, nextAttemptAt: t.clock.now().getTime() + RETRY_DELAYS_MS[0]! });
    expect(all.items[0]!.createdAt).toBe(CLOCK_START.getTime() + 2000);

    const page2 = await h.deliveries({ pageNo: 2, pageSize: 2 });
    expect(page2.total).toBe(3);
    expect(await Promise.all(page2.items.map((d) => keyOf(d.id)))).toEqual(['a1']);
    const pending = await h.deliveries({ status: 'pending' });
    expect([pending.total, pending.items.map((d) => d.type)]).toEqual([1, ['message.sent']]);
    expect((await h.deliveries({ status: 'failed' })).total).toBe(0);
    // Another workspace sees none of them.
    expect((await h.deliveries({}, 'otherAdmin')).total).toBe(0);
  });
});
