/**
 * Authorization matrix of the pipeline's exports (SPEC §6; §7 Leads /leads/export and
 * /leads/export/pipeline under both role prefixes): each export is asked for by every kind of
 * caller of tests/server/leads-authz.test.ts: anonymous, no workspace, the member on /member and
 * on /admin, the member spoofing the source-user header, another member, a manager and the admin
 * with and without the header, the admin on /member, the admin naming someone of another
 * workspace, and an admin of another workspace with and without it.
 *
 * Outcomes: the file holds exactly the member's leads (the caller acts for the member), or exactly
 * the caller's own (a member exports only their own leads; an admin without the header their own),
 * or the call is refused with its code (and a spoofed header is logged).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes';
import { fromCsv } from '../../src/contract/csv';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { leadFileCalls } from '../../src/contract/lead-files';
import { usePipelineWorld, type Prefix } from './support/leads-world';
import type { Person, World } from './support/team-world';
import type { Answer, TestApp } from './support/test-app';

let t: TestApp;
let w: World;
const p = usePipelineWorld((app, world) => ([t, w] = [app, world]));

const F = Code.FORBIDDEN;
let memberTab = 0;

/** Each person's leads by name (what their file must hold, and nothing else). */
const leadNames: Partial<Record<Person, string[]>> = {
  member: ['Member first', 'Member second'],
  admin: ['Admin lead'],
  manager: ['Manager lead'],
  target: ['Target lead'],
  otherAdmin: ['Other workspace lead'],
};

beforeEach(async () => {
  await w.rebuild();
  memberTab = await p.insertTab('member', 'Member tab');
  await p.insertLead('member', { name: 'Member first', tabId: memberTab });
  await p.insertLead('member', { name: 'Member second' });
  await p.insertLead('admin', { name: 'Admin lead' });
  await p.insertLead('manager', { name: 'Manager lead' });
  await p.insertLead('target', { name: 'Target lead' });
  await p.insertLead('otherAdmin', { name: 'Other workspace lead' });
});

/** Whose leads the file holds: the member's, the caller's own, or a refusal code. */
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

const exports = { leadsExport: leadFileCalls.leadsExport, leadsExportPipeline: leadFileCalls.leadsExportPipeline } as const;

const ask = (pair: (typeof exports)[keyof typeof exports], s: Scenario, body: unknown): Promise<Answer> =>
  t.post(pair[s.prefix].path, body, {
    ...(s.who ? { token: w.who[s.who].accessToken } : {}),
    headers: s.actFor ? { [SOURCE_USER_HEADER]: w.who[s.actFor].userId } : {},
  });

/** The lead names of an export file (its first column, the header row left out), sorted. */
const namesIn = (res: Answer): string[] =>
  fromCsv(res.text)
    .slice(1)
    .map((r) => r[0] ?? '')
    .sort();

const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

describe('lead exports by every kind of caller (SPEC §6)', () => {
  for (const [name, pair] of Object.entries(exports)) {
    describe(name, () => {
      for (const s of scenarios) {
        it(`${s.label} (${s.prefix}) -> ${typeof s.reach === 'number' ? s.reach : `the ${s.reach} leads`}`, async () => {
          const res = await ask(pair, s, {});
          if (typeof s.reach === 'number') {
            expect(res.code, res.message).toBe(s.reach);
          } else {
            expect(res.headers.get('content-type'), res.text).toMatch(/^text\/csv/);
            const whose = s.reach === 'member' ? 'member' : s.who!;
            expect(namesIn(res)).toEqual([...(leadNames[whose] ?? [])].sort());
          }
          expect(refusals()).toHaveLength(s.logged ? 1 : 0);
        });
      }
    });
  }

  it("exports one tab of the member an admin acts for: that member's tab only", async () => {
    const res = await ask(leadFileCalls.leadsExport, { label: '', who: 'admin', prefix: 'admin', actFor: 'member', reach: 'member' }, { tab_id: memberTab });
    expect(namesIn(res)).toEqual(['Member first']);
    // The same tab id asked by the admin for themself is not theirs: nothing.
    expect(namesIn(await ask(leadFileCalls.leadsExport, { label: '', who: 'admin', prefix: 'admin', reach: 'own' }, { tab_id: memberTab }))).toEqual([]);
  });
});
