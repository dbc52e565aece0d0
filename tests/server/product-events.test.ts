/**
 * The product event log (SPEC §7 Analytics logging; server/events/, server/routes/product-events.ts):
 * the beacon endpoint (the session cookie; refused from other sites; JSON and text/plain; its own
 * body limit, a streamed body counted too; nested, huge and malformed bodies; the rate limits per
 * account and per address; the redaction rule; the session's user written, never the body's; no
 * workspace stores nothing; the accepted time window), the server's record of each chat sync
 * upload, the counts per type and UTC day, and the members' sync health. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSession, revokeSession } from '../../server/auth/sessions';
import { productEvents, rateLimits } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import {
  CHAT_SYNC_UPLOAD_EVENT,
  EVENT_BATCH_MAX,
  eventCountsData,
  LOG_EVENTS_BODY_LIMIT,
  LOG_EVENTS_PATH,
  productEventEndpoints,
  syncHealthData,
} from '../../src/contract/product-events';
import { chatsClient, NUMBER, single } from './support/chats-world';
import type { Person, World } from './support/team-world';
import { useTeamWorld } from './support/team-suite';
import { CLOCK_START, type TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });
const chats = chatsClient(
  () => t,
  () => w,
);

beforeEach(async () => {
  // The rate-limit windows outlive the world's rebuild (the clock starts over each test).
  await t.db.delete(rateLimits);
});

const NOW_S = Math.floor(CLOCK_START.getTime() / 1000);
const DAY_S = 86_400;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.2210.91 Safari/537.36';

/** One event as the sender puts it on the wire (snake_case). */
const wireEvent = (over: Record<string, unknown> = {}) => ({
  event_source: 7,
  event_type: 'chatSync',
  time: NOW_S,
  status: 'manual',
  browser: UA,
  sample_time: 0.05,
  count: 1,
  ...over,
});

type BeaconOptions = { cookie?: string | null; contentType?: string; headers?: Record<string, string> };

/** A beacon as the browser sends it: the session cookie, a text/plain body (sendBeacon with a string). */
const beacon = (who: Person | null, body: unknown, o: BeaconOptions = {}) =>
  t.request('POST', LOG_EVENTS_PATH, {
    raw: typeof body === 'string' ? body : JSON.stringify(body),
    ...(o.cookie === null ? {} : { cookie: o.cookie ?? (who ? w.who[who].cookie : undefined) }),
    headers: { 'content-type': o.contentType ?? 'text/plain;charset=UTF-8', ...o.headers },
  });

const stored = () => t.db.select().from(productEvents).orderBy(asc(productEvents.id));
const call = (who: Person, name: keyof typeof productEventEndpoints, body: unknown = {}) =>
  t.post(productEventEndpoints[name].path, body, { token: w.who[who].accessToken });

describe('the beacon endpoint', () => {
  it('stores a text/plain batch for the session cookie’s member, whatever user or email the body names', async () => {
    const res = await beacon('member', {
      events: [
        wireEvent({ user_id: w.who.admin.userId, email: 'someone@else.test' }),
        wireEvent({ event_type: 'firstRunGuide', status: 'close1', time: NOW_S - 60 }),
      ],
    });
    expect(res.code, res.message).toBe(Code.OK);
    expect(camelKeys(res.data)).toEqual({ stored: 2 });
    const rows = await stored();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      workspaceId: w.W,
      userId: w.who.member.userId,
      eventSource: 7,
      eventType: 'chatSync',
      status: 'manual',
      occurredAt: CLOCK_START,
      receivedAt: CLOCK_START,
      browser: UA,
      count: 1,
      chats: null,
    });
    expect(rows[0]!.sampleTime).toBeCloseTo(0.05);
    expect(rows[1]).toMatchObject({ userId: w.who.member.userId, eventType: 'firstRunGuide', status: 'close1', occurredAt: new Date((NOW_S - 60) * 1000) });
  });

  it('takes a JSON body too, and a same-origin Origin header', async () => {
    const res = await beacon('admin', { events: [wireEvent()] }, { contentType: 'application/json', headers: { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' } });
    expect(res.code, res.message).toBe(Code.OK);
    expect((await stored()).map((r) => r.userId)).toEqual([w.who.admin.userId]);
  });

  it('is refused without a live session cookie (none, unknown, revoked), and a bearer token is no cookie', async () => {
    const body = { events: [wireEvent()] };
    expect((await beacon(null, body, { cookie: null })).code).toBe(Code.NO_ACTIVE_ACCOUNT);
    expect((await beacon(null, body, { cookie: 'not-a-session' })).code).toBe(Code.NO_ACTIVE_ACCOUNT);
    const bearerOnly = await t.request('POST', LOG_EVENTS_PATH, { raw: JSON.stringify(body), token: w.who.member.accessToken, headers: { 'content-type': 'text/plain' } });
    expect(bearerOnly.code).toBe(Code.NO_ACTIVE_ACCOUNT);
    // A session of its own, revoked (the world's sessions serve the other tests).
    const revoked = await createSession(t.db, w.who.target.userId, t.clock.now(), t.config);
    expect((await beacon(null, body, { cookie: revoked.refreshToken })).code).toBe(Code.OK);
    await revokeSession(t.db, revoked.sessionId, t.clock.now());
    expect((await beacon(null, body, { cookie: revoked.refreshToken })).code).toBe(Code.NO_ACTIVE_ACCOUNT);
    // The extension's session is no cookie of the page.
    const extension = await createSession(t.db, w.who.target.userId, t.clock.now(), t.config, 'extension');
    expect((await beacon(null, body, { cookie: extension.refreshToken })).code).toBe(Code.NO_ACTIVE_ACCOUNT);
    await t.db.delete(productEvents);
    expect(await stored()).toEqual([]);
  });

  it('refuses what the browser marks as coming from another site (a cross-site form can post text/plain)', async () => {
    const body = { events: [wireEvent()] };
    const crossSite: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }, { origin: 'null' }];
    for (const headers of crossSite) {
      const res = await beacon('member', body, { headers });
      expect(res.code, JSON.stringify(headers)).toBe(Code.FORBIDDEN);
    }
    expect(await stored()).toEqual([]);
  });

  it('reads JSON and text/plain only (a form encoding is refused)', async () => {
    for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/html']) {
      expect((await beacon('member', { events: [wireEvent()] }, { contentType })).code, contentType).toBe(Code.MALFORMED_JSON);
    }
    expect((await beacon('member', '{"events": [', {})).code).toBe(Code.MALFORMED_JSON);
    expect(await stored()).toEqual([]);
  });

  it('keeps its own body limit: declared or streamed', async () => {
    const big = JSON.stringify({ events: [wireEvent({ status: 'x'.repeat(LOG_EVENTS_BODY_LIMIT) })] });
    expect((await beacon('member', big)).code).toBe(Code.BODY_TOO_LARGE);
    // Chunked, without a Content-Length: counted as it arrives.
    const chunk = new TextEncoder().encode(' '.repeat(4096));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 9) return controller.close();
        controller.enqueue(chunk);
      },
    });
    const res = await t.app.request(LOG_EVENTS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: `crm_session=${w.who.member.cookie}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(((await res.json()) as { code: number }).code).toBe(Code.BODY_TOO_LARGE);
    // A full batch of the longest events the rule allows fits.
    const full = { events: Array.from({ length: EVENT_BATCH_MAX }, () => wireEvent({ status: `s${'a'.repeat(39)}`, browser: 'b'.repeat(200) })) };
    expect(JSON.stringify(full).length).toBeLessThan(LOG_EVENTS_BODY_LIMIT);
    expect((await beacon('member', full)).code).toBe(Code.OK);
    expect(await stored()).toHaveLength(EVENT_BATCH_MAX);
  });

  it('refuses nested, oversized and malformed batches as a whole (VALIDATION, nothing stored)', async () => {
    let nested: unknown = 'deep';
    for (let i = 0; i < 40; i++) nested = { a: nested };
    const cases: [string, unknown][] = [
      ['nested', { events: [wireEvent({ status: nested })] }],
      ['nested outside', nested],
      ['too many', { events: Array.from({ length: EVENT_BATCH_MAX + 1 }, () => wireEvent()) }],
      ['empty', { events: [] }],
      ['no events', {}],
      ['not a list', { events: 'chatSync' }],
      ['other source', { events: [wireEvent({ event_source: 8 })] }],
      ['a fraction of a second', { events: [wireEvent({ time: NOW_S + 0.5 })] }],
      ['sample time 0', { events: [wireEvent({ sample_time: 0 })] }],
      ['NUL', { events: [wireEvent({ status: 'man\u0000ual' })] }],
    ];
    for (const [name, body] of cases) expect((await beacon('member', body)).code, name).toBe(Code.VALIDATION);
    expect(await stored()).toEqual([]);
  });

  it('refuses anything that looks like a password, code, token, email or message text (the whole batch)', async () => {
    const refused: Record<string, unknown>[] = [
      { status: 'mia@example.com' },
      { status: 'hello, see you at 5' },
      { status: 'my password' },
      { status: 'password1' },
      { status: 'resetCode123456' },
      { status: '482913' },
      { status: 'tok_9fA2kLmQ8rT5vX1z' },
      { status: 'eyJhbGciOiJIUzI1NiJ9x' },
      { status: 'bearerAbc' },
      { status: 'a'.repeat(41) },
      { status: '' },
      { event_type: 'hello there' },
      { event_type: 'sendMessage' },
      // The server records sync uploads itself: a sender cannot.
      { event_type: CHAT_SYNC_UPLOAD_EVENT },
      { browser: 'Mozilla/5.0 mia@example.com' },
      { browser: 'Mozilla/5.0 token=abc' },
      { browser: 'Mozilla/5.0\n(X11)' },
    ];
    for (const over of refused) {
      const res = await beacon('member', { events: [wireEvent(), wireEvent(over)] });
      expect(res.code, JSON.stringify(over)).toBe(Code.VALIDATION);
      expect(res.message).toMatch(/^events\.1\./);
    }
    expect(await stored()).toEqual([]);
  });

  it('stores nothing for a session without a workspace, and answers success', async () => {
    const res = await beacon('outsider', { events: [wireEvent()] });
    expect(res.code).toBe(Code.OK);
    expect(camelKeys(res.data)).toEqual({ stored: 0 });
    expect(await stored()).toEqual([]);
  });

  it('leaves out events older than 7 days or more than 5 minutes ahead', async () => {
    const res = await beacon('member', {
      events: [
        wireEvent({ time: NOW_S - 7 * DAY_S - 1, status: 'tooOld' }),
        wireEvent({ time: NOW_S - 7 * DAY_S, status: 'oldest' }),
        wireEvent({ time: NOW_S + 300, status: 'ahead' }),
        wireEvent({ time: NOW_S + 301, status: 'tooFar' }),
      ],
    });
    expect(camelKeys(res.data)).toEqual({ stored: 2 });
    expect((await stored()).map((r) => r.status)).toEqual(['oldest', 'ahead']);
  });

  it('limits batches per account and per client address', async () => {
    t.rebuild({ config: { rateLimits: { ...t.config.rateLimits, eventsUser: { limit: 2, windowSeconds: 600 }, eventsAddress: { limit: 4, windowSeconds: 600 } } } });
    const body = { events: [wireEvent()] };
    expect((await beacon('member', body)).code).toBe(Code.OK);
    expect((await beacon('member', body)).code).toBe(Code.OK);
    expect((await beacon('member', body)).code).toBe(Code.RATE_LIMITED);
    // Another account from the same address: its own allowance, the address's last one (a refused batch counted too).
    expect((await beacon('admin', body)).code).toBe(Code.OK);
    expect((await beacon('manager', body)).code).toBe(Code.RATE_LIMITED);
    expect(await stored()).toHaveLength(3);
    // The next window opens again.
    t.clock.advance(600_000);
    expect((await beacon('member', body)).code).toBe(Code.OK);
  });
});

describe('chat sync uploads recorded by the server', () => {
  const upload = (who: Person, chatCount: number, flags: { firstBatch?: boolean; final?: boolean }) =>
    chats.uploaded(who, { number: NUMBER, chats: Array.from({ length: chatCount }, (_, i) => single(`1555000${String(i).padStart(4, '0')}`, `Chat ${i}`)), ...flags });

  it('records each upload with its chats; the sync health sums the uploads of the last sync', async () => {
    await upload('member', 3, { firstBatch: true });
    t.clock.advance(1000);
    await upload('member', 2, {});
    t.clock.advance(1000);
    await upload('member', 0, { final: true });
    const rows = await t.db.select().from(productEvents).where(eq(productEvents.eventType, CHAT_SYNC_UPLOAD_EVENT)).orderBy(asc(productEvents.id));
    expect(rows.map((r) => [r.userId, r.status, r.chats, r.sampleTime])).toEqual([
      [w.who.member.userId, 'started', 3, 1],
      [w.who.member.userId, 'batch', 2, 1],
      [w.who.member.userId, 'finished', 0, 1],
    ]);
    // A later sync in one batch: the line shows it alone.
    t.clock.advance(30 * 60_000);
    await upload('admin', 4, { firstBatch: true, final: true });
    t.clock.advance(10 * 60_000);
    const health = syncHealthData.parse(camelKeys((await call('manager', 'syncHealth')).data));
    expect(health.now).toBe(t.clock.now().getTime());
    expect([health.self, health.allMembers]).toEqual([w.who.manager.userId, true]);
    expect(health.items).toEqual(
      [
        { userId: w.who.member.userId, lastSyncAt: CLOCK_START.getTime() + 2000, chats: 5 },
        { userId: w.who.admin.userId, lastSyncAt: CLOCK_START.getTime() + 2000 + 30 * 60_000, chats: 4 },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    // A new sync of the member starts over.
    await upload('member', 7, { firstBatch: true });
    const again = syncHealthData.parse(camelKeys((await call('admin', 'syncHealth')).data));
    expect(again.items.find((i) => i.userId === w.who.member.userId)).toEqual({ userId: w.who.member.userId, lastSyncAt: t.clock.now().getTime(), chats: 7 });
  });

  it('a member reads their own line only; another workspace’s uploads never show', async () => {
    await upload('member', 1, { firstBatch: true, final: true });
    await upload('target', 2, { firstBatch: true, final: true });
    await upload('otherAdmin', 9, { firstBatch: true, final: true });
    const own = syncHealthData.parse(camelKeys((await call('member', 'syncHealth')).data));
    expect(own.items).toEqual([{ userId: w.who.member.userId, lastSyncAt: CLOCK_START.getTime(), chats: 1 }]);
    expect([own.self, own.allMembers]).toEqual([w.who.member.userId, false]);
    const all = syncHealthData.parse(camelKeys((await call('admin', 'syncHealth')).data));
    expect(all.items.map((i) => i.userId).sort()).toEqual([w.who.member.userId, w.who.target.userId].sort());
    const other = syncHealthData.parse(camelKeys((await call('otherAdmin', 'syncHealth')).data));
    expect(other.items).toEqual([{ userId: w.who.otherAdmin.userId, lastSyncAt: CLOCK_START.getTime(), chats: 9 }]);
  });

  it('a refused upload records nothing', async () => {
    const res = await chats.upload('outsider', { number: NUMBER, chats: [single('15550000001', 'A')] });
    expect(res.code).toBe(Code.NO_WORKSPACE);
    expect(await stored()).toEqual([]);
  });
});

describe('counts per type and UTC day', () => {
  const counts = async (who: Person, body: unknown = {}) => eventCountsData.parse(camelKeys((await call(who, 'eventCounts', body)).data));

  it('counts the workspace’s events per type and day, stored and estimated, newest day first', async () => {
    expect((await beacon('member', { events: [wireEvent(), wireEvent(), wireEvent({ event_type: 'firstRunGuide', status: 'noAction' })] })).code).toBe(Code.OK);
    expect((await beacon('admin', { events: [wireEvent({ time: NOW_S - DAY_S }), wireEvent({ time: NOW_S - 2 * DAY_S, sample_time: 1 })] })).code).toBe(Code.OK);
    // Another workspace's events are never counted.
    expect((await beacon('otherAdmin', { events: [wireEvent(), wireEvent()] })).code).toBe(Code.OK);
    await chats.uploaded('member', { number: NUMBER, chats: [single('15550000001', 'A')], firstBatch: true, final: true });
    const answer = await counts('admin');
    expect(answer).toEqual({
      from: '2025-01-02',
      to: '2025-01-15',
      today: '2025-01-15',
      rows: [
        { day: '2025-01-15', eventType: 'chatSync', events: 2, estimated: 40 },
        { day: '2025-01-15', eventType: CHAT_SYNC_UPLOAD_EVENT, events: 1, estimated: 1 },
        { day: '2025-01-15', eventType: 'firstRunGuide', events: 1, estimated: 20 },
        { day: '2025-01-14', eventType: 'chatSync', events: 1, estimated: 20 },
        { day: '2025-01-13', eventType: 'chatSync', events: 1, estimated: 1 },
      ],
    });
    expect(await counts('manager')).toEqual(answer);
    expect((await counts('otherAdmin')).rows).toEqual([{ day: '2025-01-15', eventType: 'chatSync', events: 2, estimated: 40 }]);
  });

  it('takes a range of UTC days, at most 92, both ends or neither', async () => {
    expect((await beacon('member', { events: [wireEvent({ time: NOW_S - DAY_S }), wireEvent({ time: NOW_S - 3 * DAY_S })] })).code).toBe(Code.OK);
    expect(await counts('admin', { from: '2025-01-14', to: '2025-01-14' })).toEqual({
      from: '2025-01-14',
      to: '2025-01-14',
      today: '2025-01-15',
      rows: [{ day: '2025-01-14', eventType: 'chatSync', events: 1, estimated: 20 }],
    });
    expect((await counts('admin', { from: '2024-10-16', to: '2025-01-15' })).rows).toHaveLength(2);
    for (const body of [
      { from: '2024-10-15', to: '2025-01-15' },
      { from: '2025-01-15', to: '2025-01-14' },
      { from: '2025-01-14' },
      { to: '2025-01-14' },
      { from: '2025-02-30', to: '2025-03-01' },
      { from: '14/01/2025', to: '2025-01-15' },
    ]) {
      expect((await call('admin', 'eventCounts', body)).code, JSON.stringify(body)).toBe(Code.VALIDATION);
    }
  });
});
