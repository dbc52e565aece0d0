/**
 * Analytics numbers (SPEC §3 Analytics numbers, §7 Analytics, §7 Workspace status counts; the
 * definitions in src/contract/analytics.ts) against a hand-made pipeline whose every expected
 * number is written out below, worked out by hand from the fixture's times, not by the server's
 * code. Ranges are half-open [begin, end); the day, week and month ranges the client would send
 * are written out in UTC and in Asia/Shanghai (UTC+8), and the trend's buckets in Asia/Shanghai,
 * UTC (weeks from Monday) and America/New_York across both daylight-saving changes.
 *
 * The clock stands at 2025-01-15T09:00Z (a Wednesday), the "now" of the ranking's waiting hours.
 *
 * The member's pipeline (tabs Hot, then Cold; tab 0 is No tabs):
 *
 *   lead     tab   created (UTC)             open  stage, changed at (UTC)               awaiting, last message (UTC)
 *   Alice    Hot   2025-01-03 10:00          no    closedWon  2025-01-10 12:00            -
 *   Bob      Hot   2024-12-20 08:00          no    closedLost 2025-01-02 00:00            -
 *   Carol    Cold  2024-12-31 23:30          yes   discussions 2025-01-01 00:00           yes, 2025-01-14 09:00 (source: a chat id)
 *   Dave     0     2025-01-14 23:30          yes   -                                      yes, 2025-01-15 06:30
 *   Erin     Hot   2025-01-06 10:00 (Mon)    yes   initialContact 2025-01-06 10:00        yes, 2025-01-13 09:00 (a linked chat)
 *   Frank    Cold  2024-12-15 10:00          no    closedWon  2024-12-31 23:59:59.999     -
 *   Gina     Hot   2025-01-13 00:00 (Mon)    yes   closedWon  2025-01-14 08:00            no (answered), 2025-01-14 10:00
 *   Hank     Cold  2025-01-12 23:59:59.999   no    closedLost 2025-02-01 00:00            flag left on, 2025-01-11 09:00
 *   Ivy      0     2025-01-15 08:00          yes   -                                      yes, 2025-01-15 08:00 (a deleted chat)
 *   Queue 1..8  0  2024-11-20 12:00          yes   -                                      yes, 2025-01-14 12:00 (1 and 2), 13:00 ... 18:00 (3 ... 8)
 *
 * Around it: the admin's and the target's own leads (same workspace, other owners), and a lead in
 * another workspace whose owner id is the member's: none of them may count for the member.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chats, chatSyncStates, leads, workspaceMembers } from '../../server/db/schema';
import { analyticsCalls, TREND_MAX_POINTS } from '../../src/contract/analytics';
import { camelKeys, snakeKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { usePipelineWorld, type Prefix } from './support/leads-world';
import type { Person, World } from './support/team-world';
import { CLOCK_START, type Answer, type TestApp } from './support/test-app';

let t: TestApp;
let w: World;
const p = usePipelineWorld((app, world) => ([t, w] = [app, world]));

type CallName = keyof typeof analyticsCalls;
const T = (iso: string): number => Date.parse(iso);
const at = (iso: string): Date => new Date(iso);

const call = (name: CallName, who: Person, body: Record<string, unknown> = {}, options: { prefix?: Prefix; actFor?: Person } = {}): Promise<Answer> => {
  const prefix = options.prefix ?? (who === 'admin' || who === 'manager' || who === 'otherAdmin' ? 'admin' : 'member');
  const headers: Record<string, string> = options.actFor ? { [SOURCE_USER_HEADER]: w.who[options.actFor].userId } : {};
  return t.post(analyticsCalls[name][prefix].path, snakeKeys(body), { token: w.who[who].accessToken, headers });
};
const data = async (name: CallName, who: Person, body: Record<string, unknown> = {}, options: { prefix?: Prefix; actFor?: Person } = {}) => {
  const res = await call(name, who, body, options);
  expect(res.code, res.message).toBe(Code.OK);
  return camelKeys(res.data) as Record<string, unknown>;
};

/** The member's tab ids. */
let hot: number;
let cold: number;
/** The target's tab. */
let targetTab: number;

const JANUARY_UTC = { monthBeginTime: T('2025-01-01T00:00:00Z'), monthEndTime: T('2025-02-01T00:00:00Z') };
/** January in Asia/Shanghai: 2025-01-01 00:00+08 to 2025-02-01 00:00+08. */
const JANUARY_SHANGHAI = { monthBeginTime: T('2024-12-31T16:00:00Z'), monthEndTime: T('2025-01-31T16:00:00Z') };
/** The whole fixture's last-message times (awaiting, ranking). */
const ALL_JANUARY_LAST = { startLastTime: T('2025-01-01T00:00:00Z'), endLastTime: T('2025-01-16T00:00:00Z') };

beforeAll(async () => {
  t.clock.set(CLOCK_START);
  hot = await p.insertTab('member', 'Hot', 0);
  cold = await p.insertTab('member', 'Cold', 1);
  targetTab = await p.insertTab('target', 'Target tab', 0);
  const lead = (name: string, fields: Partial<typeof leads.$inferInsert>) =>
    p.insertLead('member', { name, tabId: 0, isClosed: false, editedAt: fields.createdAt ?? CLOCK_START, ...fields });
  await lead('Alice', { tabId: hot, createdAt: at('2025-01-03T10:00:00Z'), isClosed: true, stage: 'closedWon', stageChangedAt: at('2025-01-10T12:00:00Z') });
  await lead('Bob', { tabId: hot, createdAt: at('2024-12-20T08:00:00Z'), isClosed: true, stage: 'closedLost', stageChangedAt: at('2025-01-02T00:00:00Z') });
  await lead('Carol', {
    tabId: cold,
    createdAt: at('2024-12-31T23:30:00Z'),
    stage: 'discussions',
    stageChangedAt: at('2025-01-01T00:00:00Z'),
    awaitingReply: true,
    lastMessageAt: at('2025-01-14T09:00:00Z'),
    sourceId: '8613800000001@c.us',
  });
  await lead('Dave', { createdAt: at('2025-01-14T23:30:00Z'), awaitingReply: true, lastMessageAt: at('2025-01-15T06:30:00Z') });
  const erin = await lead('Erin', {
    tabId: hot,
    createdAt: at('2025-01-06T10:00:00Z'),
    stage: 'initialContact',
    stageChangedAt: at('2025-01-06T10:00:00Z'),
    awaitingReply: true,
    lastMessageAt: at('2025-01-13T09:00:00Z'),
    sourceId: '447700900999@c.us',
  });
  await lead('Frank', {
    tabId: cold,
    createdAt: at('2024-12-15T10:00:00Z'),
    isClosed: true,
    stage: 'closedWon',
    stageChangedAt: at('2024-12-31T23:59:59.999Z'),
  });
  await lead('Gina', {
    tabId: hot,
    createdAt: at('2025-01-13T00:00:00Z'),
    stage: 'closedWon',
    stageChangedAt: at('2025-01-14T08:00:00Z'),
    lastMessageAt: at('2025-01-14T10:00:00Z'),
  });
  await lead('Hank', {
    tabId: cold,
    createdAt: at('2025-01-12T23:59:59.999Z'),
    isClosed: true,
    stage: 'closedLost',
    stageChangedAt: at('2025-02-01T00:00:00Z'),
    awaitingReply: true,
    lastMessageAt: at('2025-01-11T09:00:00Z'),
  });
  const ivy = await lead('Ivy', { createdAt: at('2025-01-15T08:00:00Z'), awaitingReply: true, lastMessageAt: at('2025-01-15T08:00:00Z') });
  const queueTimes = ['12:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00'];
  // Queue 1 and 2 wait equally long: the one with the smaller id comes first (Queue 2's).
  const queueIds = ['lead-z1', 'lead-a2', 'lead-q3', 'lead-q4', 'lead-q5', 'lead-q6', 'lead-q7', 'lead-q8'];
  for (const [i, time] of queueTimes.entries()) {
    await lead(`Queue ${i + 1}`, {
      id: queueIds[i],
      createdAt: at('2024-11-20T12:00:00Z'),
      awaitingReply: true,
      lastMessageAt: at(`2025-01-14T${time}:00Z`),
      sourceId: 'typed by hand',
    });
  }

  // Erin's chat (linked, newer than her source) and a deleted chat of Ivy's.
  const chat = (id: string, fields: Partial<typeof chats.$inferInsert> & { chatWhatsappId: string }) =>
    t.db
      .insert(chats)
      .values({
        id,
        workspaceId: w.W,
        ownerId: w.who.member.userId,
        number: '8613900000000',
        name: id,
        isGroup: false,
        createdAt: CLOCK_START,
        updatedAt: CLOCK_START,
        ...fields,
      });
  await chat('chat-erin', { chatWhatsappId: '447700900123@c.us', leadId: erin, lastMessageAt: at('2025-01-13T09:00:00Z') });
  await chat('chat-ivy', { chatWhatsappId: '8613700000002@c.us', leadId: ivy, isDel: true, lastMessageAt: at('2025-01-15T09:30:00Z') });
  await chat('chat-group', { chatWhatsappId: '1203630000-1@g.us', isGroup: true, lastMessageAt: at('2025-01-15T07:00:00Z') });

  // Leads that are not the member's: the admin's and the target's (same workspace), and one in
  // another workspace carrying the member's user id as its owner.
  const busy = {
    createdAt: at('2025-01-10T00:00:00Z'),
    stage: 'closedWon' as const,
    stageChangedAt: at('2025-01-10T00:00:00Z'),
    awaitingReply: true,
    lastMessageAt: at('2025-01-02T00:00:00Z'),
  };
  await p.insertLead('admin', { name: 'Admin lead', ...busy });
  await t.db.insert(leads).values({ id: randomUUID(), workspaceId: w.W2, ownerId: w.who.member.userId, name: 'Elsewhere', editedAt: CLOCK_START, ...busy });
  // The target's leads: around the daylight-saving changes of America/New_York.
  for (const [name, created] of [
    ['Spring A', '2025-03-09T04:30:00Z'],
    ['Spring B', '2025-03-10T03:30:00Z'],
    ['Spring C', '2025-03-10T04:30:00Z'],
    ['Fall A', '2024-11-04T04:30:00Z'],
  ] as const) {
    await p.insertLead('target', { name, tabId: targetTab, createdAt: at(created), editedAt: at(created) });
  }
});

describe('totals and ranges (SPEC §3 Analytics numbers)', () => {
  it('counts the open leads as totalFollow, whenever made', async () => {
    // Carol, Dave, Erin, Gina, Ivy and the eight queue leads.
    expect(await data('analysisTotal', 'member')).toEqual({ totalFollow: 13 });
  });

  it('counts a month: new by create time, won and lost by when the stage changed, half-open', async () => {
    // New: Alice, Dave, Erin, Gina, Hank, Ivy (Carol was made on Dec 31 in UTC). Won: Alice, Gina
    // (Frank changed 1 ms before January). Lost: Bob (Hank changed at the month's end, excluded).
    expect(await data('analysisMonth', 'member', JANUARY_UTC)).toEqual({ monthNew: 6, monthWon: 2, monthLost: 1 });
    // In Asia/Shanghai January starts 8 hours earlier: Carol (Jan 1, 07:30 there) is new, Frank won.
    expect(await data('analysisMonth', 'member', JANUARY_SHANGHAI)).toEqual({ monthNew: 7, monthWon: 3, monthLost: 1 });
  });

  it('counts new leads of this and last week, Monday to Monday', async () => {
    const week = {
      lastWeekBeginTime: T('2025-01-06T00:00:00Z'),
      lastWeekEndTime: T('2025-01-13T00:00:00Z'),
      weekBeginTime: T('2025-01-13T00:00:00Z'),
      weekEndTime: T('2025-01-20T00:00:00Z'),
    };
    // Last week: Erin, Hank (Sunday 23:59:59.999). This week: Gina (Monday 00:00), Dave, Ivy.
    expect(await data('analysisWeek', 'member', week)).toEqual({ newLastWeek: 2, newThisWeek: 3 });
  });

  it('counts new leads of today and yesterday in the user time zone', async () => {
    const utc = {
      yesterdayBeginTime: T('2025-01-14T00:00:00Z'),
      yesterdayEndTime: T('2025-01-15T00:00:00Z'),
      todayBeginTime: T('2025-01-15T00:00:00Z'),
      todayEndTime: T('2025-01-16T00:00:00Z'),
    };
    // UTC: Dave (Jan 14, 23:30) yesterday, Ivy today.
    expect(await data('analysisDay', 'member', utc)).toEqual({ newYesterday: 1, newToday: 1 });
    // Asia/Shanghai: Dave was made on Jan 15 at 07:30 there, today with Ivy; nobody yesterday.
    const shanghai = {
      yesterdayBeginTime: T('2025-01-13T16:00:00Z'),
      yesterdayEndTime: T('2025-01-14T16:00:00Z'),
      todayBeginTime: T('2025-01-14T16:00:00Z'),
      todayEndTime: T('2025-01-15T16:00:00Z'),
    };
    expect(await data('analysisDay', 'member', shanghai)).toEqual({ newYesterday: 0, newToday: 2 });
  });

  it('refuses a range that does not begin before it ends', async () => {
    for (const [name, body] of [
      ['analysisMonth', { monthBeginTime: T('2025-01-01T00:00:00Z'), monthEndTime: T('2025-01-01T00:00:00Z') }],
      ['analysisWeek', { lastWeekBeginTime: 2, lastWeekEndTime: 1, weekBeginTime: 1, weekEndTime: 2 }],
      ['analysisDay', { yesterdayBeginTime: 1, yesterdayEndTime: 2, todayBeginTime: 5, todayEndTime: 3 }],
      ['analysisAwaiting', { startLastTime: 10, endLastTime: 10 }],
      ['analysisPending', { startCreateTime: 10, endCreateTime: 9 }],
      ['analysisRanking', { startLastTime: 10, endLastTime: 9 }],
      ['analysisTrend', { beginTime: 10, endTime: 10, timeZone: 'UTC', bucket: 'day' }],
    ] as const) {
      const res = await call(name, 'member', body);
      expect(res.code, name).toBe(Code.VALIDATION);
    }
  });
});

describe('awaiting reply and pending per tab', () => {
  it('counts open leads awaiting a reply by last message time, every tab listed', async () => {
    // Tab 0: Dave, Ivy, Queue 1-8; Hot: Erin; Cold: Carol (Hank is closed, Gina answered).
    expect(await data('analysisAwaiting', 'member', ALL_JANUARY_LAST)).toEqual({
      items: [
        { tabId: 0, tabName: 'No tabs', count: 10 },
        { tabId: hot, tabName: 'Hot', count: 1 },
        { tabId: cold, tabName: 'Cold', count: 1 },
      ],
    });
    // From Carol's 09:00 (included) to the queue's 12:00 (excluded).
    expect(await data('analysisAwaiting', 'member', { startLastTime: T('2025-01-14T09:00:00Z'), endLastTime: T('2025-01-14T12:00:00Z') })).toEqual({
      items: [
        { tabId: 0, tabName: 'No tabs', count: 0 },
        { tabId: hot, tabName: 'Hot', count: 0 },
        { tabId: cold, tabName: 'Cold', count: 1 },
      ],
    });
  });

  it('counts open leads created in the range as pending', async () => {
    // UTC January: tab 0 Dave, Ivy; Hot Erin, Gina; Cold none (Carol is Dec 31, Hank closed).
    expect(await data('analysisPending', 'member', { startCreateTime: JANUARY_UTC.monthBeginTime, endCreateTime: JANUARY_UTC.monthEndTime })).toEqual({
      items: [
        { tabId: 0, tabName: 'No tabs', count: 2 },
        { tabId: hot, tabName: 'Hot', count: 2 },
        { tabId: cold, tabName: 'Cold', count: 0 },
      ],
    });
    // Shanghai January: Carol too.
    expect(await data('analysisPending', 'member', { startCreateTime: JANUARY_SHANGHAI.monthBeginTime, endCreateTime: JANUARY_SHANGHAI.monthEndTime })).toEqual(
      {
        items: [
          { tabId: 0, tabName: 'No tabs', count: 2 },
          { tabId: hot, tabName: 'Hot', count: 2 },
          { tabId: cold, tabName: 'Cold', count: 1 },
        ],
      },
    );
  });
});

describe('the awaiting-reply ranking (SPEC §9: top 10 by waiting hours)', () => {
  const row = (name: string, tabId: number, last: string, waitingHours: number, chatWhatsappId: string | null = null) => ({
    name,
    tabId,
    lastMessageTime: T(last),
    waitingHours,
    chatWhatsappId,
  });
  const rows = async (body: Record<string, unknown>) => {
    t.clock.set(CLOCK_START);
    return (await data('analysisRanking', 'member', body)).items as { leadId: string; name: string }[];
  };
  const strip = <R extends { leadId: string }>(items: R[]) => items.map(({ leadId: _, ...rest }) => rest);

  it('lists the ten longest waiting, oldest message first, ties by id', async () => {
    const items = await rows(ALL_JANUARY_LAST);
    expect(strip(items)).toEqual([
      row('Erin', hot, '2025-01-13T09:00:00Z', 48, '447700900123@c.us'),
      row('Carol', cold, '2025-01-14T09:00:00Z', 24, '8613800000001@c.us'),
      row('Queue 2', 0, '2025-01-14T12:00:00Z', 21),
      row('Queue 1', 0, '2025-01-14T12:00:00Z', 21),
      row('Queue 3', 0, '2025-01-14T13:00:00Z', 20),
      row('Queue 4', 0, '2025-01-14T14:00:00Z', 19),
      row('Queue 5', 0, '2025-01-14T15:00:00Z', 18),
      row('Queue 6', 0, '2025-01-14T16:00:00Z', 17),
      row('Queue 7', 0, '2025-01-14T17:00:00Z', 16),
      row('Queue 8', 0, '2025-01-14T18:00:00Z', 15),
    ]);
    expect(items.slice(2, 4).map((i) => i.leadId)).toEqual(['lead-a2', 'lead-z1']);
  });

  it('ranks within one tab, and within the range', async () => {
    expect(strip(await rows({ ...ALL_JANUARY_LAST, tabId: hot }))).toEqual([row('Erin', hot, '2025-01-13T09:00:00Z', 48, '447700900123@c.us')]);
    const noTabs = strip(await rows({ ...ALL_JANUARY_LAST, tabId: 0 }));
    expect(noTabs.map((r) => r.name)).toEqual(['Queue 2', 'Queue 1', 'Queue 3', 'Queue 4', 'Queue 5', 'Queue 6', 'Queue 7', 'Queue 8', 'Dave', 'Ivy']);
    // Dave waited 2.5 hours (whole hours: 2); Ivy's chat is deleted, so no chat.
    expect(noTabs.slice(8)).toEqual([row('Dave', 0, '2025-01-15T06:30:00Z', 2), row('Ivy', 0, '2025-01-15T08:00:00Z', 1)]);
    expect(strip(await rows({ startLastTime: T('2025-01-15T00:00:00Z'), endLastTime: T('2025-01-16T00:00:00Z'), tabId: null })).map((r) => r.name)).toEqual([
      'Dave',
      'Ivy',
    ]);
    expect(await rows({ ...ALL_JANUARY_LAST, tabId: targetTab })).toEqual([]);
  });
});

describe('the trend (new, won and lost per day, week or month of a time zone)', () => {
  const point = (time: string, n: number, won: number, lost: number) => ({ time: T(time), new: n, won, lost });
  const trend = async (who: Person, body: Record<string, unknown>, options: { prefix?: Prefix; actFor?: Person } = {}) =>
    (await data('analysisTrend', who, body, options)).points;

  it('cuts days at midnight of the time zone: 23:30 UTC is the next day in Asia/Shanghai', async () => {
    // Jan 1 to Jan 5 in Shanghai: Carol (Dec 31 23:30 UTC) new and Frank won (Dec 31 23:59:59.999
    // UTC) on Jan 1, Bob lost on Jan 2, Alice new on Jan 3, Jan 4 empty.
    expect(
      await trend('member', { beginTime: T('2024-12-31T16:00:00Z'), endTime: T('2025-01-04T16:00:00Z'), timeZone: 'Asia/Shanghai', bucket: 'day' }),
    ).toEqual([
      point('2024-12-31T16:00:00Z', 1, 1, 0),
      point('2025-01-01T16:00:00Z', 0, 0, 1),
      point('2025-01-02T16:00:00Z', 1, 0, 0),
      point('2025-01-03T16:00:00Z', 0, 0, 0),
    ]);
    // The same days in UTC: Carol and Frank fall before the range.
    expect(await trend('member', { beginTime: T('2025-01-01T00:00:00Z'), endTime: T('2025-01-05T00:00:00Z'), timeZone: 'UTC', bucket: 'day' })).toEqual([
      point('2025-01-01T00:00:00Z', 0, 0, 0),
      point('2025-01-02T00:00:00Z', 0, 0, 1),
      point('2025-01-03T00:00:00Z', 1, 0, 0),
      point('2025-01-04T00:00:00Z', 0, 0, 0),
    ]);
  });

  it('starts weeks on Monday, the first bucket counting from the range begin', async () => {
    // Week of Dec 30 (from Jan 1): Alice new, Bob lost. Week of Jan 6: Erin and Hank (Sunday
    // 23:59:59.999) new, Alice won. Week of Jan 13: Gina (Monday 00:00), Dave, Ivy new, Gina won.
    expect(await trend('member', { beginTime: T('2025-01-01T00:00:00Z'), endTime: T('2025-01-20T00:00:00Z'), timeZone: 'Etc/UTC', bucket: 'week' })).toEqual([
      point('2024-12-30T00:00:00Z', 1, 0, 1),
      point('2025-01-06T00:00:00Z', 2, 1, 0),
      point('2025-01-13T00:00:00Z', 3, 1, 0),
    ]);
  });

  it('cuts months of the time zone, and agrees with the month call', async () => {
    expect(
      await trend('member', { beginTime: T('2024-11-30T16:00:00Z'), endTime: T('2025-02-28T16:00:00Z'), timeZone: 'Asia/Shanghai', bucket: 'month' }),
    ).toEqual([
      // December: Frank and Bob new (Carol is January there); Frank's win is Jan 1, 07:59 there.
      point('2024-11-30T16:00:00Z', 2, 0, 0),
      point('2024-12-31T16:00:00Z', 7, 3, 1),
      // Hank lost on Feb 1, 08:00 there.
      point('2025-01-31T16:00:00Z', 0, 0, 1),
    ]);
  });

  it('keeps days whole across daylight-saving changes in America/New_York', async () => {
    // Spring forward on 2025-03-09: that day lasts 23 hours, from 05:00Z to 04:00Z the next day.
    expect(
      await trend(
        'admin',
        { beginTime: T('2025-03-08T05:00:00Z'), endTime: T('2025-03-11T04:00:00Z'), timeZone: 'America/New_York', bucket: 'day' },
        { actFor: 'target' },
      ),
    ).toEqual([point('2025-03-08T05:00:00Z', 1, 0, 0), point('2025-03-09T05:00:00Z', 1, 0, 0), point('2025-03-10T04:00:00Z', 1, 0, 0)]);
    // Fall back on 2024-11-03: 25 hours, from 04:00Z to 05:00Z the next day (Fall A at 23:30 EST).
    expect(
      await trend('target', { beginTime: T('2024-11-03T04:00:00Z'), endTime: T('2024-11-05T05:00:00Z'), timeZone: 'America/New_York', bucket: 'day' }),
    ).toEqual([point('2024-11-03T04:00:00Z', 1, 0, 0), point('2024-11-04T05:00:00Z', 0, 0, 0)]);
  });

  it(`refuses an unknown time zone and more than ${TREND_MAX_POINTS} buckets`, async () => {
    const day = 86_400_000;
    const begin = T('2023-01-01T00:00:00Z');
    for (const timeZone of ['Mars/Olympus_Mons', '+08:00', 'Asia/Shanghai; drop']) {
      expect((await call('analysisTrend', 'member', { beginTime: begin, endTime: begin + day, timeZone, bucket: 'day' })).code, timeZone).toBe(Code.VALIDATION);
    }
    expect(
      (await call('analysisTrend', 'member', { beginTime: begin, endTime: begin + (TREND_MAX_POINTS + 1) * day, timeZone: 'UTC', bucket: 'day' })).code,
    ).toBe(Code.VALIDATION);
    const longest = await trend('member', { beginTime: begin, endTime: begin + TREND_MAX_POINTS * day, timeZone: 'UTC', bucket: 'day' });
    expect(longest).toHaveLength(TREND_MAX_POINTS);
    // 2023-01-01 plus 730 days is 2024-12-31 (2024 has 366 days).
    expect((longest as { time: number }[]).at(-1)!.time).toBe(T('2024-12-31T00:00:00Z'));
  });
});

describe('status counts and sync health', () => {
  it('counts the leads open and closed, and per stage (SPEC §7 Workspace)', async () => {
    expect(await data('leadsStatusCount', 'member')).toEqual({
      total: 17,
      open: 13,
      closed: 4,
      // Won: Alice, Frank, Gina; lost: Bob, Hank; no stage: Dave, Ivy and the queue.
      stages: { initialContact: 1, discussions: 1, decisionMaking: 0, contractDiscussion: 0, closedWon: 3, closedLost: 2, none: 10 },
    });
  });

  it('tells the sync type, the last sync, the newest live chat message and the synced chats', async () => {
    expect(await data('analysisSyncHealth', 'member')).toEqual({
      syncType: 'manual',
      lastSyncAt: null,
      lastMessageAt: T('2025-01-15T07:00:00Z'),
      syncedChatCount: 0,
    });
    await t.db
      .insert(chatSyncStates)
      .values({
        workspaceId: w.W,
        userId: w.who.member.userId,
        syncStartedAt: at('2025-01-15T08:00:00Z'),
        lastSyncAt: at('2025-01-15T08:05:00Z'),
        syncedChatCount: 3,
        updatedAt: CLOCK_START,
      });
    await t.db.update(workspaceMembers).set({ syncType: 'auto' }).where(eq(workspaceMembers.userId, w.who.member.userId));
    try {
      // Ivy's deleted chat (09:30) is not counted; the group chat's 07:00 is the newest live one.
      expect(await data('analysisSyncHealth', 'member')).toEqual({
        syncType: 'auto',
        lastSyncAt: T('2025-01-15T08:05:00Z'),
        lastMessageAt: T('2025-01-15T07:00:00Z'),
        syncedChatCount: 3,
      });
      expect(await data('analysisSyncHealth', 'admin', {}, { actFor: 'member' })).toEqual({
        syncType: 'auto',
        lastSyncAt: T('2025-01-15T08:05:00Z'),
        lastMessageAt: T('2025-01-15T07:00:00Z'),
        syncedChatCount: 3,
      });
      expect(await data('analysisSyncHealth', 'target')).toEqual({ syncType: 'manual', lastSyncAt: null, lastMessageAt: null, syncedChatCount: 0 });
    } finally {
      await t.db.delete(chatSyncStates);
      await t.db.update(workspaceMembers).set({ syncType: 'manual' }).where(eq(workspaceMembers.userId, w.who.member.userId));
    }
  });
});

describe('whose numbers', () => {
  it('gives an admin or a manager acting for the member the member numbers, and their own without the header', async () => {
    const member = await data('analysisMonth', 'member', JANUARY_UTC);
    expect(await data('analysisMonth', 'admin', JANUARY_UTC, { actFor: 'member' })).toEqual(member);
    expect(await data('analysisMonth', 'manager', JANUARY_UTC, { actFor: 'member' })).toEqual(member);
    expect(await data('leadsStatusCount', 'manager', {}, { actFor: 'member' })).toMatchObject({ total: 17 });
    // The admin's own lead: made and won on Jan 10.
    expect(await data('analysisMonth', 'admin', JANUARY_UTC)).toEqual({ monthNew: 1, monthWon: 1, monthLost: 0 });
    expect(await data('analysisMonth', 'manager', JANUARY_UTC)).toEqual({ monthNew: 0, monthWon: 0, monthLost: 0 });
    expect(await data('analysisTotal', 'target')).toEqual({ totalFollow: 4 });
  });

  it('never counts the lead of another workspace that carries the member user id', async () => {
    // "Elsewhere" (workspace W2, owner: the member) would be new, won and the longest waiting.
    const [elsewhere] = await t.db.select().from(leads).where(eq(leads.name, 'Elsewhere'));
    expect(elsewhere).toMatchObject({ workspaceId: w.W2, ownerId: w.who.member.userId });
    expect(await data('analysisTotal', 'member')).toEqual({ totalFollow: 13 });
    expect(await data('analysisMonth', 'member', JANUARY_UTC)).toEqual({ monthNew: 6, monthWon: 2, monthLost: 1 });
    const ranking = (await data('analysisRanking', 'member', ALL_JANUARY_LAST)).items as { name: string }[];
    expect(ranking.map((r) => r.name)).not.toContain('Elsewhere');
    expect(ranking.map((r) => r.name)).not.toContain('Admin lead');
    expect(await data('leadsStatusCount', 'member')).toMatchObject({ total: 17 });
    // The other workspace's admin sees none of it either: the lead is not theirs.
    expect(await data('analysisTotal', 'otherAdmin')).toEqual({ totalFollow: 0 });
  });
});

describe('stage_changed_at follows the stage (won and lost count by it)', () => {
  const range = (from: string, to: string) => ({ monthBeginTime: T(from), monthEndTime: T(to) });
  const stageChangedAt = async (id: string) =>
    (await t.db.select({ at: leads.stageChangedAt }).from(leads).where(eq(leads.id, id)))[0]!.at?.toISOString() ?? null;

  it('is set by an add with a stage and by an update that changes it, not by other edits', async () => {
    // The manager's own pipeline (empty so far), within the hour the test sessions last.
    try {
      t.clock.set(at('2025-01-15T09:10:00Z'));
      const plain = await p.add('manager', { name: 'No stage yet' });
      expect(await stageChangedAt(plain.id)).toBeNull();
      const won = await p.add('manager', { name: 'Won at once', stage: 'closedWon' });
      expect(await stageChangedAt(won.id)).toBe('2025-01-15T09:10:00.000Z');
      expect(await data('analysisMonth', 'manager', range('2025-01-15T09:00:00Z', '2025-01-15T09:30:00Z'))).toEqual({ monthNew: 2, monthWon: 1, monthLost: 0 });

      t.clock.set(at('2025-01-15T09:40:00Z'));
      const lost = await p.call('leadsUpdate', 'manager', { id: won.id, edit_time: won.editTime, stage: 'closedLost' });
      expect(lost.code, lost.message).toBe(Code.OK);
      expect(await stageChangedAt(won.id)).toBe('2025-01-15T09:40:00.000Z');
      // No longer won in the first half hour; lost in the second.
      expect(await data('analysisMonth', 'manager', range('2025-01-15T09:00:00Z', '2025-01-15T09:30:00Z'))).toEqual({ monthNew: 2, monthWon: 0, monthLost: 0 });
      expect(await data('analysisMonth', 'manager', range('2025-01-15T09:30:00Z', '2025-01-15T10:00:00Z'))).toEqual({ monthNew: 0, monthWon: 0, monthLost: 1 });

      t.clock.set(at('2025-01-15T09:50:00Z'));
      const noted = await p.call('leadsUpdate', 'manager', {
        id: won.id,
        edit_time: (camelKeys(lost.data) as { editTime: number }).editTime,
        notes: 'called back',
        stage: 'closedLost',
      });
      expect(noted.code, noted.message).toBe(Code.OK);
      expect(await stageChangedAt(won.id)).toBe('2025-01-15T09:40:00.000Z');

      const staged = await p.call('leadsUpdate', 'manager', { id: plain.id, edit_time: plain.editTime, stage: 'discussions' });
      expect(staged.code, staged.message).toBe(Code.OK);
      expect(await stageChangedAt(plain.id)).toBe('2025-01-15T09:50:00.000Z');
    } finally {
      await t.db.delete(leads).where(eq(leads.ownerId, w.who.manager.userId));
      t.clock.set(CLOCK_START);
    }
  });
});
