/**
 * Authorization matrix for every invite-link endpoint (SPEC §6; src/contract/share-links.ts): list,
 * create, update, delete, detail and count, each called by every kind of caller: anonymous,
 * signed in without a workspace, the member on their own links, the member's extension session,
 * another member, a manager, the owner, an admin of another workspace; then with the source-user
 * header: a manager and the owner acting for the member (honoured), the member or their extension
 * naming someone else (a spoofed header), the owner naming someone of another workspace, and
 * another workspace's admin naming the member.
 *
 * Outcomes: the call acts on the member's links (the answer or the rows show it), or on the
 * caller's own (an id of the member's is unknown there: NOT_FOUND; a list without the member's
 * links; a creation owned by the caller), or it is refused and writes nothing at all. The public
 * short link needs no session, and a session changes nothing about it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { shareLinkClicks, shareLinks } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { chatsEndpoints, eclientGrantData } from '../../src/contract/chats';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { shareLink, shareLinkCountData, shareLinkDetailData, shareLinkListData } from '../../src/contract/share-links';
import { GROUP_LINKS, ok, shareLinksClient, type Caller, type ShareLinkCall } from './support/share-links-client';
import { useTeamWorld } from './support/team-suite';
import type { Person, World } from './support/team-world';
import type { Answer, TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });
const s = shareLinksClient(
  () => t,
  () => w,
);

const OK = Code.OK;
const F = Code.FORBIDDEN;
const NF = Code.NOT_FOUND;
const DAY = 24 * 3_600_000;

/** The member's extension session (granted once: sessions outlive the world's rebuild). */
let extensionToken: string | null = null;
/** The member's link set (one click yesterday), and another member's. */
let memberLinkId: string;
let targetLinkId: string;

beforeEach(async () => {
  if (extensionToken === null) {
    const res = await t.post(chatsEndpoints.eclientGrant.path, {}, { token: w.who.member.accessToken });
    extensionToken = eclientGrantData.parse(ok(res)).accessToken;
  }
  memberLinkId = (await s.create('member', { name: 'Member set' })).id;
  targetLinkId = (await s.create('target', { name: 'Target set' })).id;
  await t.db.insert(shareLinkClicks).values({
    workspaceId: w.W,
    shareLinkId: memberLinkId,
    linkIndex: 0,
    visitorHash: 'f'.repeat(64),
    clickedAt: new Date(t.clock.now().getTime() - DAY),
  });
  t.logger.lines.length = 0;
});

type Scenario = { label: string; who: Person | 'extension' | null; actFor?: Person };

const scenarios: Scenario[] = [
  { label: 'anonymous', who: null },
  { label: 'signed in without a workspace', who: 'outsider' },
  { label: 'the member', who: 'member' },
  { label: 'the member’s extension session', who: 'extension' },
  { label: 'another member', who: 'target' },
  { label: 'a manager', who: 'manager' },
  { label: 'the owner', who: 'admin' },
  { label: 'an admin of another workspace', who: 'otherAdmin' },
  { label: 'a manager acting for the member', who: 'manager', actFor: 'member' },
  { label: 'the owner acting for the member', who: 'admin', actFor: 'member' },
  { label: 'the member naming another member (a spoofed header)', who: 'member', actFor: 'target' },
  { label: 'the member’s extension naming another member', who: 'extension', actFor: 'target' },
  { label: 'another member naming the member', who: 'target', actFor: 'member' },
  { label: 'the owner naming someone of another workspace', who: 'admin', actFor: 'otherAdmin' },
  { label: 'an admin of another workspace naming the member', who: 'otherAdmin', actFor: 'member' },
];

const callerOf = (who: Scenario['who']): Caller => (who === 'extension' ? { token: extensionToken! } : who);
/** The person whose own data a scenario's call reaches without the header. */
const personOf = (who: Person | 'extension'): Person => (who === 'extension' ? 'member' : who);

const memberRows = async () =>
  JSON.stringify({
    links: await t.db.select().from(shareLinks).where(eq(shareLinks.ownerId, w.who.member.userId)).orderBy(shareLinks.id),
    clicks: await t.db.select().from(shareLinkClicks).where(eq(shareLinkClicks.shareLinkId, memberLinkId)).orderBy(shareLinkClicks.id),
  });
const rowOf = (id: string) => s.row(id);

type Cell = {
  name: ShareLinkCall;
  body: () => unknown;
  /** The answer when the call reaches the caller's own data (the member's ids are unknown there). */
  foreign: number;
  /** Checks that the call acted on the member's links. */
  onMember: (res: Answer) => Promise<void>;
  /** Checks a call on the caller's own data (`who`): the member's are untouched, checked by the matrix. */
  onOwn?: (res: Answer, who: Person) => Promise<void>;
};

const now = () => t.clock.now().getTime();

const cells: Record<string, Cell> = {
  shareLinkList: {
    name: 'shareLinkList',
    body: () => ({ type: 'group' }),
    foreign: OK,
    onMember: async (res) => expect(shareLinkListData.parse(camelKeys(res.data)).items.map((x) => [x.name, x.clicks.yesterday])).toEqual([['Member set', 1]]),
    onOwn: async (res, who) =>
      expect(shareLinkListData.parse(camelKeys(res.data)).items.map((x) => x.name)).toEqual(who === 'target' ? ['Target set'] : []),
  },
  shareLinkCreate: {
    name: 'shareLinkCreate',
    body: () => s.body({ name: 'Brand new' }),
    foreign: OK,
    onMember: async (res) => {
      const made = shareLink.parse(camelKeys(res.data));
      expect((await rowOf(made.id))?.ownerId).toBe(w.who.member.userId);
    },
    onOwn: async (res, who) => {
      const made = shareLink.parse(camelKeys(res.data));
      expect((await rowOf(made.id))?.ownerId).toBe(w.who[who].userId);
    },
  },
  shareLinkUpdate: {
    name: 'shareLinkUpdate',
    body: () => ({ ...s.body({ name: 'Edited', links: GROUP_LINKS }), id: memberLinkId }),
    foreign: NF,
    onMember: async () => expect((await rowOf(memberLinkId))?.name).toBe('Edited'),
  },
  shareLinkDelete: {
    name: 'shareLinkDelete',
    body: () => ({ id: memberLinkId }),
    foreign: NF,
    onMember: async () => expect(await rowOf(memberLinkId)).toBeUndefined(),
  },
  shareLinkDetail: {
    name: 'shareLinkDetail',
    body: () => ({ id: memberLinkId }),
    foreign: NF,
    onMember: async (res) => expect(shareLinkDetailData.parse(camelKeys(res.data))).toMatchObject({ id: memberLinkId, funnel: { clicks: 1 } }),
  },
  shareLinkCount: {
    name: 'shareLinkCount',
    body: () => ({ id: memberLinkId, beginTime: now() - 2 * DAY, endTime: now(), timeZone: 'UTC' }),
    foreign: NF,
    onMember: async (res) => expect(shareLinkCountData.parse(camelKeys(res.data)).total).toBe(1),
  },
};

type Reach = 'member' | 'own' | number;

const isAdminSide = (p: Scenario['who']) => p === 'admin' || p === 'manager' || p === 'otherAdmin';

/** The outcome the contract's access and source-user rules give a scenario. */
const reachOf = (sc: Scenario): Reach => {
  if (sc.who === null) return Code.TOKEN_INVALID;
  if (sc.who === 'outsider') return Code.NO_WORKSPACE;
  if (!sc.actFor) return personOf(sc.who) === 'member' ? 'member' : 'own';
  if (!isAdminSide(sc.who)) return F;
  return sc.who !== 'otherAdmin' && sc.actFor !== 'otherAdmin' ? 'member' : F;
};

const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

describe('invite-link calls by every kind of caller (SPEC §6)', () => {
  for (const [label, cell] of Object.entries(cells)) {
    describe(label, () => {
      for (const sc of scenarios) {
        const reach = reachOf(sc);
        const expected = reach === 'member' ? OK : reach === 'own' ? cell.foreign : reach;
        it(`${sc.label} -> ${expected}${reach === 'member' ? ' on the member’s links' : reach === 'own' ? ' on their own' : ''}`, async () => {
          const everything = await s.snapshot();
          const members = await memberRows();
          const res = await s.raw(cell.name, callerOf(sc.who), cell.body(), sc.actFor);
          expect(res.code, res.message).toBe(expected);
          if (reach === 'member') await cell.onMember(res);
          else if (reach === 'own') {
            expect(await memberRows()).toBe(members);
            if (res.code === OK) await cell.onOwn?.(res, personOf(sc.who!));
          } else expect(await s.snapshot()).toBe(everything);
          expect(refusals()).toHaveLength(reach === F && sc.actFor !== undefined ? 1 : 0);
        });
      }
    });
  }
});

describe('ids of other members and workspaces', () => {
  it('answers NOT_FOUND for another member’s link, also to a manager acting for the member, and changes nothing', async () => {
    const before = await s.snapshot();
    for (const name of ['shareLinkUpdate', 'shareLinkDelete', 'shareLinkDetail', 'shareLinkCount'] as const) {
      const body = name === 'shareLinkUpdate' ? { ...s.body({ name: 'Hijacked' }), id: targetLinkId } : { id: targetLinkId, beginTime: 0, endTime: DAY, timeZone: 'UTC' };
      for (const [who, actFor] of [['member', undefined], ['manager', 'member']] as const) {
        expect([name, who, (await s.raw(name, who, body, actFor)).code]).toEqual([name, who, NF]);
      }
    }
    expect(await s.snapshot()).toBe(before);
  });

  it('answers NOT_FOUND for another workspace’s link, even to its owner’s peers, and an id never seen', async () => {
    const foreign = await s.create('otherAdmin', { name: 'Other team set' });
    const before = await s.snapshot();
    for (const id of [foreign.id, randomUUID()]) {
      for (const who of ['admin', 'member'] as const) {
        for (const name of ['shareLinkUpdate', 'shareLinkDelete', 'shareLinkDetail', 'shareLinkCount'] as const) {
          const body = name === 'shareLinkUpdate' ? { ...s.body(), id } : { id, beginTime: 0, endTime: DAY, timeZone: 'UTC' };
          expect([name, who, (await s.raw(name, who, body)).code]).toEqual([name, who, NF]);
        }
      }
    }
    expect(await s.snapshot()).toBe(before);
  });
});

describe('the public short link', () => {
  it('needs no session, and a session or a source-user header changes nothing', async () => {
    const row = (await s.row(memberLinkId))!;
    const plain = await t.app.request(`/l/${row.code}`, { headers: { 'user-agent': 'Mozilla/5.0 Test' } });
    const signedIn = await t.app.request(`/l/${row.code}`, {
      headers: { 'user-agent': 'Mozilla/5.0 Test', authorization: `Bearer ${w.who.otherAdmin.accessToken}`, [SOURCE_USER_HEADER]: w.who.target.userId },
    });
    expect([plain.status, plain.headers.get('location')]).toEqual([302, GROUP_LINKS[0]]);
    expect([signedIn.status, signedIn.headers.get('location')]).toEqual([302, GROUP_LINKS[1]]);
    expect(await s.clicks(memberLinkId)).toHaveLength(3);
  });
});
