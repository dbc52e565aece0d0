/**
 * Authorization matrix for every lead and tab call (SPEC §6, §7 Leads, Tabs) under both role
 * prefixes: each call is made with the ids of one member's pipeline (their lead and their tab) by
 * every kind of caller: anonymous, no workspace, the member on /member, the member on /admin, the
 * member spoofing the source-user header, another member, a manager and the admin with and
 * without the header, the admin on /member, the admin naming someone of another workspace, and an
 * admin of another workspace with and without it.
 *
 * Outcomes: the call acts on the member's pipeline (and the answer and rows show it), or on the
 * caller's own (then the member's ids are unknown there: NOT_FOUND, or a list without them, and
 * the member's rows are untouched), or it is refused and writes nothing at all.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { leads, tabs } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { leadCountData, type LeadCallName } from '../../src/contract/leads';
import { usePipelineWorld, type Prefix } from './support/leads-world';
import type { Person, World } from './support/team-world';
import type { Answer, TestApp } from './support/test-app';

let t: TestApp;
let w: World;
const p = usePipelineWorld((app, world) => ([t, w] = [app, world]));

const OK = Code.OK;
const F = Code.FORBIDDEN;
const NF = Code.NOT_FOUND;

/** The member's pipeline every call names. */
type Fixture = { leadId: string; editTime: number; tabId: number };
let f: Fixture;

beforeEach(async () => {
  await w.rebuild();
  const tabId = await p.insertTab('member', 'Member tab');
  const leadId = await p.insertLead('member', { name: 'Member lead', tabId });
  await p.insertLead('admin', { name: 'Admin lead' });
  await p.insertLead('target', { name: 'Target lead' });
  await p.insertLead('otherAdmin', { name: 'Other workspace lead' });
  f = { leadId, editTime: t.clock.now().getTime(), tabId };
});

const memberLead = async () => (await t.db.select().from(leads).where(eq(leads.id, f.leadId)))[0];
const memberTab = async () => (await t.db.select().from(tabs).where(eq(tabs.id, f.tabId)))[0];

type Cell = {
  body: () => unknown;
  /** The answer when the call works on someone else's pipeline with the member's ids. */
  foreign: number;
  /** Checks that a call acting for the member did act on the member's pipeline. */
  onMember: (res: Answer) => Promise<void>;
  /** Whether an answer on someone else's pipeline shows the member's data (it must not). */
  shows?: (res: Answer) => boolean;
};

const showsMemberNames = (res: Answer) => JSON.stringify(res.data).includes('Member ');

const matrix: Record<LeadCallName, Cell> = {
  leadsList: {
    body: () => ({ show_closed_leads: true }),
    foreign: OK,
    onMember: async (res) => expect((res.data as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(['Member lead']),
  },
  leadsCount: {
    body: () => ({}),
    foreign: OK,
    onMember: async (res) => expect(leadCountData.parse(camelKeys(res.data)).items.map((i) => i.tabId)).toEqual([0, f.tabId]),
    shows: (res) => leadCountData.parse(camelKeys(res.data)).items.some((i) => i.tabId === f.tabId),
  },
  leadsAdd: {
    body: () => ({ name: 'New lead', tab_id: f.tabId }),
    foreign: NF,
    onMember: async () => {
      const [row] = await t.db.select().from(leads).where(eq(leads.name, 'New lead'));
      expect(row).toMatchObject({ ownerId: w.who.member.userId, workspaceId: w.W, tabId: f.tabId });
    },
  },
  leadsUpdate: {
    body: () => ({ id: f.leadId, edit_time: f.editTime, notes: 'changed' }),
    foreign: NF,
    onMember: async () => expect((await memberLead())?.notes).toBe('changed'),
  },
  leadsDelete: {
    body: () => ({ id: f.leadId }),
    foreign: NF,
    onMember: async () => expect(await memberLead()).toBeUndefined(),
  },
  leadsClose: {
    body: () => ({ id: f.leadId, closed_reason: 'bought elsewhere' }),
    foreign: NF,
    onMember: async () => expect(await memberLead()).toMatchObject({ isClosed: true, closedReason: 'bought elsewhere' }),
  },
  userTabs: {
    body: () => ({}),
    foreign: OK,
    onMember: async (res) => expect((res.data as { tabs: { id: number }[] }).tabs.map((x) => x.id)).toEqual([0, f.tabId]),
  },
  tabUpdateBase: {
    body: () => ({ tab_id: f.tabId, tab_name: 'Renamed' }),
    foreign: NF,
    onMember: async () => expect((await memberTab())?.name).toBe('Renamed'),
  },
  tabAdd: {
    body: () => ({ tab_name: 'New tab' }),
    foreign: OK,
    onMember: async () => {
      const [row] = await t.db.select().from(tabs).where(eq(tabs.name, 'New tab'));
      expect(row).toMatchObject({ ownerId: w.who.member.userId, workspaceId: w.W });
    },
  },
  tabDelete: {
    body: () => ({ tab_id: f.tabId }),
    foreign: NF,
    onMember: async () => {
      expect(await memberTab()).toBeUndefined();
      expect((await memberLead())?.tabId).toBe(0);
    },
  },
  tabReorder: {
    body: () => ({ tab_ids: [f.tabId] }),
    foreign: Code.VALIDATION,
    onMember: async (res) => expect((res.data as { tabs: { id: number }[] }).tabs.map((x) => x.id)).toEqual([0, f.tabId]),
  },
};

/** Whose pipeline a caller reaches: the member's, their own, or a refusal code. */
type Reach = 'member' | 'own' | number;
type Scenario = { label: string; who: Person | null; prefix: Prefix; actFor?: Person; reach: Reach; logged?: boolean };

const scenarios: Scenario[] = [
  { label: 'anonymous', who: null, prefix: 'member', reach: Code.TOKEN_INVALID },
  { label: 'signed in without a workspace', who: 'outsider', prefix: 'member', reach: Code.NO_WORKSPACE },
  { label: 'the member on /member', who: 'member', prefix: 'member', reach: 'member' },
  { label: 'the member on /admin', who: 'member', prefix: 'admin', reach: F },
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

describe('lead and tab calls by every kind of caller (SPEC §6)', () => {
  for (const [name, cell] of Object.entries(matrix) as [LeadCallName, Cell][]) {
    describe(name, () => {
      for (const s of scenarios) {
        const expected = s.reach === 'member' ? OK : s.reach === 'own' ? cell.foreign : s.reach;
        it(`${s.label} (${s.prefix}) -> ${expected}`, async () => {
          const everything = await p.snapshot();
          const members = await p.snapshot('member');
          const res = await p.call(name, s.who, cell.body(), { prefix: s.prefix, ...(s.actFor ? { actFor: s.actFor } : {}) });
          expect(res.code, res.message).toBe(expected);
          if (s.reach === 'member') {
            await cell.onMember(res);
          } else if (s.reach === 'own') {
            // The caller's own pipeline: the member's rows are untouched and not shown.
            expect(await p.snapshot('member')).toBe(members);
            if (res.code === OK) expect((cell.shows ?? showsMemberNames)(res)).toBe(false);
          } else {
            // Refused: nothing written anywhere.
            expect(await p.snapshot()).toBe(everything);
          }
          expect(refusals()).toHaveLength(s.logged ? 1 : 0);
        });
      }
    });
  }
});
