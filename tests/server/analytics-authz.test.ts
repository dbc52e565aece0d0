/**
 * Authorization matrix for every analytics call (SPEC §6, §7 Analytics, §7 Workspace status counts)
 * under both role prefixes: each call is made by every kind of caller: anonymous, no workspace,
 * the member on /member, the member on /admin, the member spoofing the source-user header,
 * another member, a manager and the admin with and without the header, the admin on /member, the
 * admin naming someone of another workspace, and an admin of another workspace with and without it.
 *
 * Everybody has the same kind of pipeline, so whose numbers an answer shows can be told: the member
 * has three leads in their tab "Member tab" (and a sync of seven chats), every other person one lead in
 * No tabs; each lead made and won on 2025-01-10, open, awaiting a reply since then.
 *
 * Outcomes: the call answers the member's numbers, or the caller's own (then nothing of the
 * member's shows), or it is refused; nothing is ever written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { chatSyncStates, leads } from '../../server/db/schema';
import { analyticsCalls } from '../../src/contract/analytics';
import { camelKeys, snakeKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { usePipelineWorld, type Prefix } from './support/leads-world';
import type { Person, World } from './support/team-world';
import type { TestApp } from './support/test-app';

let t: TestApp;
let w: World;
const p = usePipelineWorld((app, world) => ([t, w] = [app, world]));

type CallName = keyof typeof analyticsCalls;
const T = (iso: string): number => Date.parse(iso);
const F = Code.FORBIDDEN;

let memberTab: number;
const madeAt = new Date('2025-01-10T00:00:00Z');

beforeAll(async () => {
  memberTab = await p.insertTab('member', 'Member tab');
  const fields = { createdAt: madeAt, stage: 'closedWon' as const, stageChangedAt: madeAt, awaitingReply: true, lastMessageAt: madeAt };
  for (const n of [1, 2, 3]) await p.insertLead('member', { name: `Member lead ${n}`, tabId: memberTab, ...fields });
  for (const who of ['admin', 'manager', 'target', 'otherAdmin'] as const) await p.insertLead(who, { name: `${who} lead`, ...fields });
  await t.db.insert(chatSyncStates).values({ workspaceId: w.W, userId: w.who.member.userId, lastSyncAt: madeAt, syncedChatCount: 7, updatedAt: madeAt });
});

/** What a call answers for a pipeline of `n` leads, in the member's tab or in No tabs. */
type Cell = { body: Record<string, unknown>; answer: (n: number, isMember: boolean) => unknown };
const tabItems = (n: number, isMember: boolean) =>
  isMember
    ? [
        { tabId: 0, tabName: 'No tabs', count: 0 },
        { tabId: memberTab, tabName: 'Member tab', count: n },
      ]
    : [{ tabId: 0, tabName: 'No tabs', count: n }];

const matrix: Record<CallName, Cell> = {
  analysisTotal: { body: {}, answer: (n) => ({ totalFollow: n }) },
  analysisMonth: {
    body: { monthBeginTime: T('2025-01-01T00:00:00Z'), monthEndTime: T('2025-02-01T00:00:00Z') },
    answer: (n) => ({ monthNew: n, monthWon: n, monthLost: 0 }),
  },
  analysisWeek: {
    body: {
      lastWeekBeginTime: T('2025-01-06T00:00:00Z'),
      lastWeekEndTime: T('2025-01-13T00:00:00Z'),
      weekBeginTime: T('2025-01-13T00:00:00Z'),
      weekEndTime: T('2025-01-20T00:00:00Z'),
    },
    answer: (n) => ({ newLastWeek: n, newThisWeek: 0 }),
  },
  analysisDay: {
    body: {
      yesterdayBeginTime: T('2025-01-10T00:00:00Z'),
      yesterdayEndTime: T('2025-01-11T00:00:00Z'),
      todayBeginTime: T('2025-01-11T00:00:00Z'),
      todayEndTime: T('2025-01-12T00:00:00Z'),
    },
    answer: (n) => ({ newYesterday: n, newToday: 0 }),
  },
  analysisAwaiting: {
    body: { startLastTime: T('2025-01-01T00:00:00Z'), endLastTime: T('2025-02-01T00:00:00Z') },
    answer: (n, isMember) => ({ items: tabItems(n, isMember) }),
  },
  analysisPending: {
    body: { startCreateTime: T('2025-01-01T00:00:00Z'), endCreateTime: T('2025-02-01T00:00:00Z') },
    answer: (n, isMember) => ({ items: tabItems(n, isMember) }),
  },
  analysisRanking: {
    body: { startLastTime: T('2025-01-01T00:00:00Z'), endLastTime: T('2025-02-01T00:00:00Z') },
    // The clock stands at 2025-01-15T09:00Z: 5 days and 9 hours after the last message.
    answer: (n, isMember) => ({
      items: Array.from({ length: n }, () => ({ tabId: isMember ? memberTab : 0, lastMessageTime: madeAt.getTime(), waitingHours: 129, chatWhatsappId: null })),
    }),
  },
  analysisTrend: {
    body: { beginTime: T('2025-01-10T00:00:00Z'), endTime: T('2025-01-11T00:00:00Z'), timeZone: 'UTC', bucket: 'day' },
    answer: (n) => ({ points: [{ time: T('2025-01-10T00:00:00Z'), new: n, won: n, lost: 0 }] }),
  },
  analysisSyncHealth: {
    body: {},
    answer: (_, isMember) => ({ syncType: 'manual', lastSyncAt: isMember ? madeAt.getTime() : null, lastMessageAt: null, syncedChatCount: isMember ? 7 : 0 }),
  },
  leadsStatusCount: {
    body: {},
    answer: (n) => ({
      total: n,
      open: n,
      closed: 0,
      stages: { initialContact: 0, discussions: 0, decisionMaking: 0, contractDiscussion: 0, closedWon: n, closedLost: 0, none: 0 },
    }),
  },
};

/** Whose numbers a caller gets: the member's, their own, or a refusal code. */
type Reach = 'member' | 'own' | number;
type Scenario = { label: string; who: Person | null; prefix: Prefix; actFor?: Person; reach: Reach; logged?: boolean };

const scenarios: Scenario[] = [
  { label: 'anonymous', who: null, prefix: 'member', reach: Code.TOKEN_INVALID },
  { label: 'anonymous on /admin', who: null, prefix: 'admin', reach: Code.TOKEN_INVALID },
  { label: 'signed in without a workspace', who: 'outsider', prefix: 'member', reach: Code.NO_WORKSPACE },
  { label: 'the member on /member', who: 'member', prefix: 'member', reach: 'member' },
  { label: 'the member on /admin', who: 'member', prefix: 'admin', reach: F },
  { label: 'the member on /admin with the header for themselves', who: 'member', prefix: 'admin', actFor: 'member', reach: F },
  { label: 'the member spoofing the header for the admin', who: 'member', prefix: 'member', actFor: 'admin', reach: F, logged: true },
  { label: 'the member spoofing the header for another member', who: 'member', prefix: 'member', actFor: 'target', reach: F, logged: true },
  { label: 'another member of the workspace', who: 'target', prefix: 'member', reach: 'own' },
  { label: 'another member spoofing the header for the member', who: 'target', prefix: 'member', actFor: 'member', reach: F, logged: true },
  { label: 'a manager without the header', who: 'manager', prefix: 'admin', reach: 'own' },
  { label: 'a manager acting for the member', who: 'manager', prefix: 'admin', actFor: 'member', reach: 'member' },
  { label: 'the admin without the header', who: 'admin', prefix: 'admin', reach: 'own' },
  { label: 'the admin acting for the member', who: 'admin', prefix: 'admin', actFor: 'member', reach: 'member' },
  { label: 'the admin on /member', who: 'admin', prefix: 'member', reach: 'own' },
  { label: 'the admin on /member with the header', who: 'admin', prefix: 'member', actFor: 'member', reach: F, logged: true },
  { label: 'the admin naming someone of another workspace', who: 'admin', prefix: 'admin', actFor: 'otherAdmin', reach: F, logged: true },
  { label: 'an admin of another workspace', who: 'otherAdmin', prefix: 'admin', reach: 'own' },
  { label: 'an admin of another workspace naming the member', who: 'otherAdmin', prefix: 'admin', actFor: 'member', reach: F, logged: true },
];

const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

describe('analytics calls by every kind of caller (SPEC §6)', () => {
  for (const [name, cell] of Object.entries(matrix) as [CallName, Cell][]) {
    describe(name, () => {
      for (const s of scenarios) {
        const expected = typeof s.reach === 'number' ? s.reach : Code.OK;
        it(`${s.label} (${s.prefix}) -> ${expected}`, async () => {
          t.logger.lines.length = 0;
          const before = await p.snapshot();
          const headers: Record<string, string> = s.actFor ? { [SOURCE_USER_HEADER]: w.who[s.actFor].userId } : {};
          const res = await t.post(analyticsCalls[name][s.prefix].path, snakeKeys(cell.body), {
            ...(s.who ? { token: w.who[s.who].accessToken } : {}),
            headers,
          });
          expect(res.code, res.message).toBe(expected);
          if (typeof s.reach === 'number') {
            expect(res.data).toBeNull();
          } else {
            const answer = camelKeys(res.data) as { items?: { leadId?: string; name?: string }[] };
            // The ranking's names are checked apart from its numbers (equal waits go by lead id).
            const names = answer.items?.map((i) => i.name).filter((x) => x !== undefined);
            if (name === 'analysisRanking') answer.items = answer.items!.map(({ leadId: _, name: __, ...rest }) => rest);
            if (s.reach === 'member') {
              expect(answer).toEqual(cell.answer(3, true));
              if (name === 'analysisRanking') expect([...names!].sort()).toEqual(['Member lead 1', 'Member lead 2', 'Member lead 3']);
            } else {
              expect(answer).toEqual(cell.answer(1, false));
              if (name === 'analysisRanking') expect(names).toEqual([`${s.who} lead`]);
              expect(JSON.stringify(res.data)).not.toMatch(/Member (lead|tab)/);
            }
          }
          // Nothing is written by any of them.
          expect(await p.snapshot()).toBe(before);
          expect(refusals()).toHaveLength(s.logged ? 1 : 0);
        });
      }
    });
  }
});

it('covers every analytics call, over the fixture it claims', async () => {
  expect(Object.keys(matrix).sort()).toEqual(Object.keys(analyticsCalls).sort());
  expect(await t.db.select().from(leads)).toHaveLength(7);
});
