/**
 * Invite links (SPEC §3 Invite link, §5 Invite links, §7 Share links, §9; src/contract/share-links.ts):
 * the link rules, list, create, update, delete, detail and count, the click counts (yesterday,
 * last week, last month) in the caller's time zone, the public short link (distribution, what it
 * stores of a visitor, what it does not count), and the funnel through a synced chat message.
 * Each test starts from the same team world (team-world.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { leads, rateLimits, shareLinkClicks, shareLinkLeads, shareLinks } from '../../server/db/schema';
import { CODE_LENGTH } from '../../server/share-links/codes';
import { CLICK_RATE } from '../../server/share-links/redirect';
import { MAX_LINKS_PER_MEMBER, TOO_MANY_LINKS_MESSAGE } from '../../server/share-links/repository';
import { Code } from '../../src/contract/codes';
import {
  CHAT_LINK_MESSAGE,
  GROUP_LINK_MESSAGE,
  MAX_LINKS,
  MAX_LINKS_MESSAGE,
  MIN_GROUP_LINKS_MESSAGE,
  SHARE_LINKS_PAGE_SIZE,
} from '../../src/contract/share-links';
import { chatsClient, group, NUMBER, single, text } from './support/chats-world';
import { BROWSER, CHAT_LINKS, GROUP_LINKS, shareLinksClient } from './support/share-links-client';
import { useTeamWorld } from './support/team-suite';
import type { World } from './support/team-world';
import type { TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });
const s = shareLinksClient(
  () => t,
  () => w,
);
const c = chatsClient(
  () => t,
  () => w,
);

beforeEach(async () => {
  // Visits name their client address in X-Forwarded-For, believed from one proxy hop.
  t.rebuild({ config: { trustProxy: { hops: 1 } } });
  await t.db.delete(rateLimits);
  await s.keepSessions();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A link row written directly (for counts at chosen times). */
const insertClick = (linkId: string, at: string, linkIndex = 0) =>
  t.db.insert(shareLinkClicks).values({ workspaceId: w.W, shareLinkId: linkId, linkIndex, visitorHash: 'x'.repeat(64), clickedAt: new Date(at) });

describe('link rules (SPEC §5)', () => {
  const refused = async (input: Record<string, unknown>) => {
    const before = await s.snapshot();
    const res = await s.raw('shareLinkCreate', 'member', s.body(input));
    expect(res.code).toBe(Code.VALIDATION);
    expect(await s.snapshot()).toBe(before);
    return res.message;
  };

  it('takes only group links in a group set and chat links in a chat set, each with its "please enter again" message', async () => {
    expect(await refused({ links: [GROUP_LINKS[0], 'https://chat.whatsapp.com/short'] })).toBe(`links.1: ${GROUP_LINK_MESSAGE}`);
    expect(await refused({ links: [CHAT_LINKS[0], GROUP_LINKS[0]] })).toBe(`links.0: ${GROUP_LINK_MESSAGE}`);
    expect(await refused({ links: ['http://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv', GROUP_LINKS[1]] })).toBe(`links.0: ${GROUP_LINK_MESSAGE}`);
    expect(await refused({ type: 'chat', links: [GROUP_LINKS[0]] })).toBe(`links.0: ${CHAT_LINK_MESSAGE}`);
    expect(await refused({ type: 'chat', links: ['https://wa.me/12ab'] })).toBe(`links.0: ${CHAT_LINK_MESSAGE}`);
    expect(await refused({ type: 'chat', links: ['https://evil.example/wa.me/4915112345678'] })).toBe(`links.0: ${CHAT_LINK_MESSAGE}`);
    // The rules hold on update too.
    const set = await s.create('member');
    const res = await s.raw('shareLinkUpdate', 'member', { ...s.body({ links: [GROUP_LINKS[0]!, CHAT_LINKS[0]!] }), id: set.id });
    expect([res.code, res.message]).toEqual([Code.VALIDATION, `links.1: ${GROUP_LINK_MESSAGE}`]);
    expect((await s.row(set.id))?.links).toEqual(GROUP_LINKS.slice(0, 2));
  });

  it('needs at least two group links, and takes at most ten links per submission', async () => {
    expect(await refused({ links: [GROUP_LINKS[0]] })).toBe(`links: ${MIN_GROUP_LINKS_MESSAGE}`);
    const eleven = Array.from({ length: MAX_LINKS + 1 }, () => GROUP_LINKS[0]!);
    expect(await refused({ links: eleven })).toBe(`links: ${MAX_LINKS_MESSAGE}`);
    expect(await refused({ type: 'chat', links: Array.from({ length: MAX_LINKS + 1 }, () => CHAT_LINKS[0]!) })).toBe(`links: ${MAX_LINKS_MESSAGE}`);
    expect(await refused({ type: 'chat', links: [] })).toBe('links: Add a link');
    expect(await refused({ name: '   ' })).toBe('name: Enter a name');
    // One chat link is enough; ten group links are taken.
    expect((await s.create('member', { type: 'chat', links: [CHAT_LINKS[0]!] })).linkCount).toBe(1);
    expect((await s.create('member', { links: Array.from({ length: MAX_LINKS }, () => GROUP_LINKS[2]!) })).linkCount).toBe(MAX_LINKS);
  });

  it(`keeps at most ${MAX_LINKS_PER_MEMBER} sets per member, saying so`, async () => {
    const now = t.clock.now();
    await t.db.insert(shareLinks).values(
      Array.from({ length: MAX_LINKS_PER_MEMBER }, (_, i) => ({
        id: randomUUID(),
        workspaceId: w.W,
        ownerId: w.who.member.userId,
        type: 'group' as const,
        name: `Set ${i}`,
        links: GROUP_LINKS.slice(0, 2),
        distribution: 'roundRobin' as const,
        code: `Limit${String(i).padStart(5, '0')}`,
        createdAt: now,
        updatedAt: now,
      })),
    );
    expect(await refused({})).toBe(TOO_MANY_LINKS_MESSAGE);
    // Another member is not held to the member's count.
    expect((await s.create('target')).name).toBe('Trade fair');
  });

  it('refuses a time zone Intl does not know', async () => {
    const set = await s.create('member');
    for (const [name, body] of [
      ['shareLinkList', { type: 'group', timeZone: 'Mars/Olympus' }],
      ['shareLinkDetail', { id: set.id, timeZone: 'Mars/Olympus' }],
      ['shareLinkCount', { id: set.id, beginTime: 0, endTime: DAY, timeZone: '+01:00' }],
      ['shareLinkUpdate', { ...s.body(), id: set.id, timeZone: 'Nowhere' }],
      ['shareLinkCreate', { ...s.body(), timeZone: 'Nowhere' }],
    ] as const) {
      const res = await s.raw(name, 'member', body);
      expect([name, res.code, res.message]).toEqual([name, Code.VALIDATION, 'time_zone: Unknown time zone']);
    }
  });
});

describe('list, create, update, delete, detail', () => {
  it('creates a set with a short link on the configured origin, lists it by type, updates and deletes it', async () => {
    const group1 = await s.create('member', { name: '  Fair  ', links: [` ${GROUP_LINKS[0]} `, GROUP_LINKS[1]!] });
    expect(group1).toMatchObject({ type: 'group', name: 'Fair', links: GROUP_LINKS.slice(0, 2), distribution: 'roundRobin', linkCount: 2, clicks: { yesterday: 0, lastWeek: 0, lastMonth: 0 } });
    expect(group1.code).toMatch(new RegExp(`^[A-Za-z0-9]{${CODE_LENGTH}}$`));
    expect(group1.shortUrl).toBe(`${t.config.publicUrl}/l/${group1.code}`);
    const chat = await s.create('member', { type: 'chat', name: 'Website', links: CHAT_LINKS, distribution: 'random' });
    expect(chat.code).not.toBe(group1.code);

    expect((await s.list('member', { type: 'group' })).items.map((x) => x.id)).toEqual([group1.id]);
    expect(await s.list('member', { type: 'chat' })).toMatchObject({ total: 1, items: [{ id: chat.id, distribution: 'random', links: CHAT_LINKS }] });
    // Another member sees none of them.
    expect(await s.list('target', { type: 'group' })).toEqual({ items: [], total: 0 });

    t.clock.advance(60_000);
    const updated = await s.update('member', group1.id, { name: 'Fair 2025', links: GROUP_LINKS, distribution: 'random' });
    expect(updated).toMatchObject({ id: group1.id, code: group1.code, name: 'Fair 2025', links: GROUP_LINKS, linkCount: 3, distribution: 'random', createdAt: group1.createdAt });
    expect(updated.updatedAt).toBe(group1.createdAt + 60_000);

    const detail = await s.detail('member', group1.id);
    expect(detail).toMatchObject({ id: group1.id, name: 'Fair 2025', perLink: GROUP_LINKS.map((url) => ({ url, clicks: 0 })), funnel: { clicks: 0, leads: 0, won: 0 } });

    expect((await s.raw('shareLinkDelete', 'member', { id: group1.id })).code).toBe(Code.OK);
    expect(await s.row(group1.id)).toBeUndefined();
    for (const name of ['shareLinkDelete', 'shareLinkDetail'] as const) expect((await s.raw(name, 'member', { id: group1.id })).code).toBe(Code.NOT_FOUND);
    expect((await s.raw('shareLinkUpdate', 'member', { ...s.body(), id: group1.id })).code).toBe(Code.NOT_FOUND);
    expect((await s.raw('shareLinkCount', 'member', { id: group1.id, beginTime: 0, endTime: DAY, timeZone: 'UTC' })).code).toBe(Code.NOT_FOUND);
    // Its short link is gone with it.
    expect((await s.visit(group1.code)).status).toBe(404);
  });

  it('deletes a set with its clicks', async () => {
    const set = await s.create('member');
    await s.visit(set.code, { address: '198.51.100.1' });
    expect(await s.clicks(set.id)).toHaveLength(1);
    expect((await s.raw('shareLinkDelete', 'member', { id: set.id })).code).toBe(Code.OK);
    expect(await s.clicks(set.id)).toEqual([]);
  });

  it(`pages the list by ${SHARE_LINKS_PAGE_SIZE}, newest first, with the total`, async () => {
    for (let i = 0; i < 25; i++) {
      await s.create('member', { name: `Set ${String(i).padStart(2, '0')}` });
      t.clock.advance(1000);
    }
    await s.create('member', { type: 'chat', links: CHAT_LINKS, name: 'Not a group' });
    const first = await s.list('member');
    expect(first.total).toBe(25);
    expect(first.items.map((x) => x.name)).toEqual(Array.from({ length: SHARE_LINKS_PAGE_SIZE }, (_, i) => `Set ${String(24 - i).padStart(2, '0')}`));
    const second = await s.list('member', { pageNo: 2 });
    expect(second).toMatchObject({ total: 25 });
    expect(second.items.map((x) => x.name)).toEqual(['Set 04', 'Set 03', 'Set 02', 'Set 01', 'Set 00']);
    expect((await s.list('member', { pageNo: 3 })).items).toEqual([]);
    expect((await s.list('member', { pageSize: 7 })).items).toHaveLength(7);
  });
});

describe('click counts in the caller’s time zone (SPEC §3: yesterday, last week, last month)', () => {
  /**
   * Now: Monday 2025-03-03 02:30 UTC = Monday 11:30 in Tokyo (UTC+9) = Sunday 2025-03-02 18:30 in
   * Los Angeles (UTC-8, before its daylight-saving change of 9 March). Clicks a to g at times
   * that fall on either side of the three zones' day, week and month boundaries.
   */
  const NOW = '2025-03-03T02:30:00Z';
  const clicks = {
    a: '2025-03-02T23:00:00Z', // UTC Sun 2 Mar; Tokyo Mon 3 Mar 08:00 (today); LA Sun 2 Mar 15:00 (today)
    b: '2025-03-01T10:00:00Z', // UTC Sat 1 Mar; Tokyo Sat 1 Mar 19:00; LA Sat 1 Mar 02:00 (yesterday)
    c: '2025-02-28T20:00:00Z', // UTC Fri 28 Feb; Tokyo Sat 1 Mar 05:00 (not February); LA Fri 28 Feb 12:00 (this week)
    d: '2025-02-20T12:00:00Z', // UTC Thu 20 Feb; Tokyo Thu 20 Feb 21:00; LA Thu 20 Feb 04:00 (the week before)
    e: '2025-01-31T23:30:00Z', // UTC January; Tokyo Sat 1 Feb 08:30 (February); LA January
    f: '2025-03-03T01:00:00Z', // today everywhere (LA: Sun 2 Mar 17:00)
    g: '2025-03-02T05:00:00Z', // UTC Sun 2 Mar; Tokyo Sun 2 Mar 14:00; LA Sat 1 Mar 21:00
  };
  const expected = {
    UTC: { yesterday: 2, lastWeek: 4, lastMonth: 2 }, // a g | a b c g | c d
    'Asia/Tokyo': { yesterday: 1, lastWeek: 3, lastMonth: 2 }, // g | b c g | d e
    'America/Los_Angeles': { yesterday: 2, lastWeek: 1, lastMonth: 2 }, // b g | d | c d
  };

  it('counts each period by the calendar of the zone asked for, in the list, the detail and an update’s answer', async () => {
    const set = await s.create('member');
    const other = await s.create('member', { name: 'Quiet' });
    for (const at of Object.values(clicks)) await insertClick(set.id, at);
    await insertClick(other.id, clicks.a);
    t.clock.set(new Date(NOW));
    for (const [timeZone, counts] of Object.entries(expected)) {
      const list = await s.list('member', { timeZone });
      expect(list.items.find((x) => x.id === set.id)?.clicks, timeZone).toEqual(counts);
      expect((await s.detail('member', set.id, timeZone)).clicks, timeZone).toEqual(counts);
      expect((await s.update('member', set.id, { timeZone })).clicks, timeZone).toEqual(counts);
    }
    expect((await s.list('member', { timeZone: 'UTC' })).items.find((x) => x.id === other.id)?.clicks).toEqual({ yesterday: 1, lastWeek: 1, lastMonth: 0 });
    // Without a zone: UTC.
    expect((await s.list('member')).items.find((x) => x.id === set.id)?.clicks).toEqual(expected.UTC);
  });

  it('takes the previous calendar month across a year, and the week before a Monday', async () => {
    const set = await s.create('member');
    await insertClick(set.id, '2024-12-01T00:00:00Z'); // first instant of December
    await insertClick(set.id, '2024-12-31T23:59:59Z'); // last second of December
    await insertClick(set.id, '2024-11-30T23:59:59Z'); // November
    await insertClick(set.id, '2024-12-30T00:00:00Z'); // Monday 30 Dec: the week before Mon 6 Jan
    await insertClick(set.id, '2025-01-05T23:59:59Z'); // Sunday 5 Jan: yesterday, and last week
    t.clock.set(new Date('2025-01-06T08:00:00Z'));
    expect((await s.detail('member', set.id)).clicks).toEqual({ yesterday: 1, lastWeek: 3, lastMonth: 3 });
  });

  it('counts clicks per local day of a range with its empty days, the total and the range’s funnel', async () => {
    const set = await s.create('member');
    for (const at of Object.values(clicks)) await insertClick(set.id, at);
    t.clock.set(new Date(NOW));
    // Thursday 27 February to Sunday 2 March in Tokyo, the end given as the last millisecond.
    const count = await s.count('member', {
      id: set.id,
      beginTime: Date.parse('2025-02-26T15:00:00Z'),
      endTime: Date.parse('2025-03-02T14:59:59.999Z'),
      timeZone: 'Asia/Tokyo',
    });
    expect(count.days).toEqual([
      { day: '2025-02-27', time: Date.parse('2025-02-26T15:00:00Z'), clicks: 0 },
      { day: '2025-02-28', time: Date.parse('2025-02-27T15:00:00Z'), clicks: 0 },
      { day: '2025-03-01', time: Date.parse('2025-02-28T15:00:00Z'), clicks: 2 }, // b, c
      { day: '2025-03-02', time: Date.parse('2025-03-01T15:00:00Z'), clicks: 1 }, // g
    ]);
    expect(count.total).toBe(3);
    expect(count.funnel).toEqual({ clicks: 3, leads: 0, won: 0 });
    // The same range in UTC cuts other days.
    const utc = await s.count('member', { id: set.id, beginTime: Date.parse('2025-02-27T00:00:00Z'), endTime: Date.parse('2025-03-03T00:00:00Z'), timeZone: 'UTC' });
    expect(utc.days.map((d) => [d.day, d.clicks])).toEqual([
      ['2025-02-27', 0],
      ['2025-02-28', 1],
      ['2025-03-01', 1],
      ['2025-03-02', 2],
    ]);
  });

  it('cuts a daylight-saving day as the zone has it (23 hours), and refuses a reversed or too long range', async () => {
    const set = await s.create('member');
    await insertClick(set.id, '2025-03-10T06:30:00Z'); // Sun 9 Mar 23:30 in Los Angeles (PDT)
    const count = await s.count('member', { id: set.id, beginTime: Date.parse('2025-03-08T08:00:00Z'), endTime: Date.parse('2025-03-10T07:00:00Z'), timeZone: 'America/Los_Angeles' });
    expect(count.days).toEqual([
      { day: '2025-03-08', time: Date.parse('2025-03-08T08:00:00Z'), clicks: 0 },
      { day: '2025-03-09', time: Date.parse('2025-03-09T08:00:00Z'), clicks: 1 },
    ]);
    const reversed = await s.raw('shareLinkCount', 'member', { id: set.id, beginTime: DAY, endTime: 0, timeZone: 'UTC' });
    expect([reversed.code, reversed.message]).toEqual([Code.VALIDATION, 'end_time: must not lie before begin_time']);
    const long = await s.raw('shareLinkCount', 'member', { id: set.id, beginTime: 0, endTime: 401 * DAY, timeZone: 'UTC' });
    expect([long.code, long.message]).toEqual([Code.VALIDATION, 'end_time: a range covers at most 400 days']);
    expect((await s.count('member', { id: set.id, beginTime: 0, endTime: 400 * DAY, timeZone: 'UTC' })).days).toHaveLength(400);
  });
});

describe('the public short link (GET /l/:code)', () => {
  it('hands out a round-robin set’s links in turn, one click row each, with no caching and no referrer', async () => {
    const set = await s.create('member', { links: GROUP_LINKS });
    const locations: (string | null)[] = [];
    for (let i = 0; i < 7; i++) {
      const visit = await s.visit(set.code, { address: `198.51.100.${i + 1}` });
      expect(visit.status).toBe(302);
      expect(visit.headers.get('cache-control')).toBe('no-store');
      expect(visit.headers.get('referrer-policy')).toBe('no-referrer');
      locations.push(visit.location);
    }
    expect(locations).toEqual([0, 1, 2, 0, 1, 2, 0].map((i) => GROUP_LINKS[i]));
    expect((await s.clicks(set.id)).map((x) => x.linkIndex)).toEqual([0, 1, 2, 0, 1, 2, 0]);
    expect((await s.row(set.id))?.nextIndex).toBe(1);
    expect((await s.detail('member', set.id)).perLink.map((x) => x.clicks)).toEqual([3, 2, 2]);
  });

  it('gives each link its turn exactly as often under simultaneous clicks (the cursor moves atomically)', async () => {
    const set = await s.create('member', { links: GROUP_LINKS });
    const visits = await Promise.all(Array.from({ length: 24 }, (_, i) => s.visit(set.code, { address: `198.51.100.${i + 1}` })));
    const handedOut = visits.map((v) => GROUP_LINKS.indexOf(v.location!));
    expect([0, 1, 2].map((i) => handedOut.filter((x) => x === i).length)).toEqual([8, 8, 8]);
    expect((await s.clicks(set.id)).map((x) => x.linkIndex).sort()).toEqual(handedOut.sort());
    expect((await s.row(set.id))?.nextIndex).toBe(0);
  });

  it('starts the turn again when the links change, and keeps it when only the name does', async () => {
    const set = await s.create('member', { links: GROUP_LINKS });
    await s.visit(set.code, { address: '198.51.100.1' });
    await s.update('member', set.id, { links: GROUP_LINKS, name: 'Renamed' });
    expect((await s.visit(set.code, { address: '198.51.100.2' })).location).toBe(GROUP_LINKS[1]);
    await s.update('member', set.id, { links: GROUP_LINKS.slice(1) });
    expect((await s.visit(set.code, { address: '198.51.100.3' })).location).toBe(GROUP_LINKS[1]);
  });

  it('hands out a random set’s links from within the set, the click row naming the link it went to', async () => {
    const set = await s.create('member', { links: GROUP_LINKS, distribution: 'random' });
    const seen: number[] = [];
    for (let i = 0; i < 24; i++) {
      const visit = await s.visit(set.code, { address: `198.51.100.${i + 1}` });
      expect(visit.status).toBe(302);
      const index = GROUP_LINKS.indexOf(visit.location!);
      expect(index).toBeGreaterThanOrEqual(0);
      seen.push(index);
    }
    expect((await s.clicks(set.id)).map((x) => x.linkIndex)).toEqual(seen);
    // 24 draws of three: all the same has a chance of 3 in 3^24.
    expect(new Set(seen).size).toBeGreaterThan(1);
    expect((await s.row(set.id))?.nextIndex).toBe(0);
  });

  it('stores a keyed hash of the visitor, never their address or browser, changing with the day', async () => {
    const set = await s.create('member');
    const address = '203.0.113.77';
    await s.visit(set.code, { address });
    await s.visit(set.code, { address });
    await s.visit(set.code, { address: '203.0.113.78' });
    await s.visit(set.code, { address, userAgent: `${BROWSER} Firefox` });
    t.clock.advance(DAY);
    await s.visit(set.code, { address });
    const rows = await s.clicks(set.id);
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    const [first, again, otherAddress, otherBrowser, nextDay] = rows.map((r) => r.visitorHash);
    expect(again).toBe(first);
    expect(new Set([first, otherAddress, otherBrowser, nextDay]).size).toBe(4);
    // Nothing the visit wrote holds the address or the browser in clear: not the clicks, not the rate limit's buckets.
    const written = JSON.stringify({ clicks: rows, limits: await t.db.select().from(rateLimits) });
    expect(written).not.toContain('203.0.113');
    expect(written).not.toContain('Android');
  });

  it(`counts at most ${CLICK_RATE.limit} clicks of one address in ${CLICK_RATE.windowSeconds / 60} minutes; more still redirect`, async () => {
    const set = await s.create('member', { links: GROUP_LINKS });
    for (let i = 0; i < CLICK_RATE.limit + 5; i++) {
      const visit = await s.visit(set.code, { address: '192.0.2.10' });
      expect([visit.status, GROUP_LINKS.includes(visit.location!)]).toEqual([302, true]);
    }
    expect(await s.clicks(set.id)).toHaveLength(CLICK_RATE.limit);
    // Another address is counted, and the same one again in the next window.
    await s.visit(set.code, { address: '192.0.2.11' });
    expect(await s.clicks(set.id)).toHaveLength(CLICK_RATE.limit + 1);
    t.clock.advance(CLICK_RATE.windowSeconds * 1000);
    await s.visit(set.code, { address: '192.0.2.10' });
    expect(await s.clicks(set.id)).toHaveLength(CLICK_RATE.limit + 2);
  });

  it('redirects link-preview fetchers, bots and HEAD requests without counting them or moving the turn', async () => {
    const set = await s.create('member', { links: GROUP_LINKS });
    const agents = [
      'WhatsApp/2.23.20.0 A',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      '',
      null,
    ];
    for (const [i, userAgent] of agents.entries()) {
      const visit = await s.visit(set.code, { userAgent, address: `198.51.100.${i + 1}` });
      expect([String(userAgent), visit.status, visit.location]).toEqual([String(userAgent), 302, GROUP_LINKS[0]]);
    }
    const head = await s.visit(set.code, { method: 'HEAD', address: '198.51.100.99' });
    expect([head.status, head.location, head.headers.get('cache-control')]).toEqual([302, GROUP_LINKS[0], 'no-store']);
    expect(await s.clicks(set.id)).toEqual([]);
    expect((await s.row(set.id))?.nextIndex).toBe(0);
    expect(await t.db.select().from(rateLimits)).toEqual([]);
    // A browser is counted.
    expect((await s.visit(set.code, { address: '198.51.100.100' })).location).toBe(GROUP_LINKS[0]);
    expect(await s.clicks(set.id)).toHaveLength(1);
  });

  it('answers an unknown code with a small 404 page that does not repeat it', async () => {
    const set = await s.create('member');
    const before = await s.snapshot();
    for (const code of ['ZZZZZZZZZZ', 'short', `${set.code}x`, '%3Cscript%3Ealert(1)%3C%2Fscript%3E', set.code.toLowerCase() === set.code ? set.code.toUpperCase() : set.code.toLowerCase()]) {
      const visit = await s.visit(code, { address: '198.51.100.1' });
      expect([code, visit.status, visit.location]).toEqual([code, 404, null]);
      expect(visit.headers.get('content-type')).toMatch(/^text\/html/);
      expect(visit.headers.get('cache-control')).toBe('no-store');
      expect(visit.text).toContain('Link not found');
      expect(visit.text).not.toContain(decodeURIComponent(code));
      expect(visit.text).not.toContain('<script');
    }
    expect(await s.snapshot()).toBe(before);
  });

  it('prefills a chat link’s message with the set’s reference, keeping a text the link has', async () => {
    const set = await s.create('member', { type: 'chat', links: [...CHAT_LINKS, 'https://wa.me/4915112345678?text=Price%3F'] });
    const [plain, withText, question] = [
      (await s.visit(set.code, { address: '198.51.100.1' })).location!,
      (await s.visit(set.code, { address: '198.51.100.2' })).location!,
      (await s.visit(set.code, { address: '198.51.100.3' })).location!,
    ];
    expect(plain).toBe(`https://wa.me/4915112345678?text=Hi!%20(ref%3A%20${set.code})`);
    expect(withText).toBe(`https://api.whatsapp.com/send?phone=4915112345678&text=Hello%20there%20(ref%3A%20${set.code})`);
    expect(new URL(question).searchParams.get('text')).toBe(`Price? (ref: ${set.code})`);
    expect(new URL(withText).searchParams.get('phone')).toBe('4915112345678');
  });

  it('sends a group link as it was saved', async () => {
    const set = await s.create('member');
    expect((await s.visit(set.code, { address: '198.51.100.1' })).location).toBe(GROUP_LINKS[0]);
  });
});

describe('the funnel: clicks, leads created from those chats, leads won', () => {
  const ALICE = '4915112345678';
  const BOB = '4915187654321';
  const CAROL = '4915111112222';

  it('attributes the lead of a chat whose incoming message carries the reference, once, and counts it won when closedWon', async () => {
    const set = await s.create('member', { type: 'chat', links: CHAT_LINKS });
    const elsewhere = await s.create('otherAdmin', { type: 'chat', links: CHAT_LINKS });
    const group1 = await s.create('member');
    await s.visit(set.code, { address: '198.51.100.1' });
    await s.visit(set.code, { address: '198.51.100.2' });
    const T0 = t.clock.now().getTime() - HOUR;
    const batch = {
      number: NUMBER,
      chats: [single(ALICE, 'Alice'), single(BOB, 'Bob'), single(CAROL, 'Carol'), group('4915100000000-1700000000', 'Team')],
      messages: [
        // Alice opened the chat from the link: attributed.
        text(`${ALICE}@c.us`, 'a1', T0, false, { text: `Hi! (ref: ${set.code})` }),
        text(`${ALICE}@c.us`, 'a2', T0 + 1000, true, { text: 'Welcome!' }),
        // Bob's reference is the member's own message (not the visitor's): not attributed; another workspace's code: not either.
        text(`${BOB}@c.us`, 'b1', T0, true, { text: `Hi! (ref: ${set.code})` }),
        text(`${BOB}@c.us`, 'b2', T0 + 1000, false, { text: `Hello (ref: ${elsewhere.code})` }),
        // Carol names a group set and an unknown code: neither makes a lead of a chat link.
        text(`${CAROL}@c.us`, 'c1', T0, false, { text: `(ref: ${group1.code}) and (ref: Unknown123)` }),
        // A group's message never makes a lead.
        text('4915100000000-1700000000@g.us', 'g1', T0, false, { text: `Hi! (ref: ${set.code})`, senderName: 'Dan' }),
      ],
    };
    expect((await c.uploaded('member', batch)).leadsCreated).toBe(3);
    const aliceLead = (await t.db.select().from(leads).where(eq(leads.phone, `+${ALICE}`)))[0]!;
    expect(await t.db.select({ link: shareLinkLeads.shareLinkId, lead: shareLinkLeads.leadId }).from(shareLinkLeads)).toEqual([{ link: set.id, lead: aliceLead.id }]);
    expect((await s.detail('member', set.id)).funnel).toEqual({ clicks: 2, leads: 1, won: 0 });
    expect((await s.detail('member', group1.id)).funnel).toEqual({ clicks: 0, leads: 0, won: 0 });

    // The same batch again, and a later message with the reference again: still one lead.
    await c.uploaded('member', batch);
    await c.uploaded('member', { number: NUMBER, messages: [text(`${ALICE}@c.us`, 'a3', T0 + 2000, false, { text: `again (ref: ${set.code})` })] });
    expect(await t.db.select().from(shareLinkLeads)).toHaveLength(1);

    await t.db.update(leads).set({ stage: 'closedWon' }).where(eq(leads.id, aliceLead.id));
    expect((await s.detail('member', set.id)).funnel).toEqual({ clicks: 2, leads: 1, won: 1 });
    const now = t.clock.now().getTime();
    expect((await s.count('member', { id: set.id, beginTime: now - DAY, endTime: now, timeZone: 'UTC' })).funnel).toEqual({ clicks: 2, leads: 1, won: 1 });
    // A range before the attribution has neither.
    expect((await s.count('member', { id: set.id, beginTime: now - 10 * DAY, endTime: now - 5 * DAY, timeZone: 'UTC' })).funnel).toEqual({ clicks: 0, leads: 0, won: 0 });
  });

  it('attributes a chat that already had a lead, and no one else’s chats', async () => {
    const set = await s.create('member', { type: 'chat', links: CHAT_LINKS });
    const T0 = t.clock.now().getTime() - HOUR;
    await c.uploaded('member', { number: NUMBER, chats: [single(ALICE, 'Alice')], messages: [text(`${ALICE}@c.us`, 'a1', T0, false)] });
    expect(await t.db.select().from(shareLinkLeads)).toEqual([]);
    await c.uploaded('member', { number: NUMBER, messages: [text(`${ALICE}@c.us`, 'a2', T0 + 1000, false, { text: `I saw your site (ref: ${set.code})` })] });
    expect((await s.detail('member', set.id)).funnel.leads).toBe(1);
    // Another member of the workspace whose visitor names the member's link: the lead is theirs, attributed to the link of the workspace.
    await c.uploaded('target', { number: '15550002000', chats: [single(BOB, 'Bob')], messages: [text(`${BOB}@c.us`, 'b1', T0, false, { text: `Hi! (ref: ${set.code})` })] });
    expect((await s.detail('member', set.id)).funnel.leads).toBe(2);
    const owners = await t.db
      .select({ owner: leads.ownerId })
      .from(shareLinkLeads)
      .innerJoin(leads, eq(leads.id, shareLinkLeads.leadId))
      .orderBy(sql`${leads.phone}`);
    // By phone: Alice's lead (the member's), then Bob's (the other member's).
    expect(owners.map((o) => o.owner)).toEqual([w.who.member.userId, w.who.target.userId]);
  });
});
