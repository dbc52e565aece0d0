/**
 * Authorization matrix for every schedule endpoint (SPEC §6; src/contract/schedules.ts): the
 * schedule list, save (new and an edit), delete, retry, and the chat page's claim and confirm,
 * each called by every kind of caller: anonymous, signed in without a workspace, the member on
 * their own data, the member's extension session, another member, a manager, the owner, an admin
 * of another workspace; then with the source-user header: a manager and the owner acting for the
 * member (honoured on the schedule calls, refused on the /member send calls, which act on the
 * caller only), the member or their extension naming someone else, the owner naming someone of
 * another workspace, and another workspace's admin naming the member.
 *
 * Outcomes: the call acts on the member's schedules (the answer or the rows show it), or on the
 * caller's own (an id of the member's is unknown there: NOT_FOUND; a list or claim without the
 * member's; a confirm that changes nothing), or it is refused and writes nothing at all.
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { schedules, scheduleSends } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { chatsEndpoints, eclientGrantData } from '../../src/contract/chats';
import { Code } from '../../src/contract/codes';
import { scheduleListData, sendsClaimData } from '../../src/contract/schedules';
import { MINUTE, ok, schedulesClient, type Caller, type ScheduleCall } from './support/schedules-client';
import { useTeamWorld } from './support/team-suite';
import type { Person, World } from './support/team-world';
import type { Answer, TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });
const s = schedulesClient(
  () => t,
  () => w,
);

const OK = Code.OK;
const F = Code.FORBIDDEN;
const NF = Code.NOT_FOUND;

/** The member's extension session (granted once: sessions outlive the world's rebuild). */
let extensionToken: string | null = null;
/** The member's schedules: one failed (retry), one with a waiting send (claim), one with a claimed send (confirm). */
let failedId: string;
let waitingId: string;
let claimedId: string;
let claimedSendId: string;

beforeEach(async () => {
  await s.keepSessions();
  if (extensionToken === null) {
    const res = await t.post(chatsEndpoints.eclientGrant.path, {}, { token: w.who.member.accessToken });
    extensionToken = eclientGrantData.parse(ok(res)).accessToken;
  }
  const at = t.clock.now().getTime() + MINUTE;
  failedId = (await s.save('member', { title: 'Failed one', startTime: at })).id;
  waitingId = (await s.save('member', { title: 'Waiting one', startTime: at + 1 })).id;
  claimedId = (await s.save('member', { title: 'Claimed one', startTime: at + 2 })).id;
  t.clock.advance(2 * MINUTE);
  await s.executor().runDue();
  const claimed = await s.claim('member');
  const sendOf = (id: string) => claimed.find((x) => x.scheduleId === id)!.id;
  ok(await s.confirm('member', [{ id: sendOf(failedId), ok: false, error: 'no chat' }]));
  claimedSendId = sendOf(claimedId);
  // The waiting one's send goes back to waiting (as if the page never took it).
  await t.db.update(scheduleSends).set({ status: 'waiting', claimedAt: null }).where(eq(scheduleSends.scheduleId, waitingId));
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
  { label: 'the member naming another member', who: 'member', actFor: 'target' },
  { label: 'the member’s extension naming another member', who: 'extension', actFor: 'target' },
  { label: 'the owner naming someone of another workspace', who: 'admin', actFor: 'otherAdmin' },
  { label: 'an admin of another workspace naming the member', who: 'otherAdmin', actFor: 'member' },
];

const callerOf = (who: Scenario['who']): Caller => (who === 'extension' ? { token: extensionToken! } : who);
/** The person whose own data a scenario's call reaches without the header. */
const personOf = (who: Person | 'extension'): Person => (who === 'extension' ? 'member' : who);

const memberRows = async () =>
  JSON.stringify({
    schedules: await t.db.select().from(schedules).where(eq(schedules.ownerId, w.who.member.userId)).orderBy(schedules.id),
    sends: await t.db.select().from(scheduleSends).where(eq(scheduleSends.ownerId, w.who.member.userId)).orderBy(scheduleSends.id),
  });
const rowOf = async (id: string) => (await t.db.select().from(schedules).where(eq(schedules.id, id)))[0];

type Cell = {
  name: ScheduleCall;
  /** The send calls act on the caller only: the header is refused there. */
  callerOnly?: boolean;
  body: () => unknown;
  /** The answer when the call reaches the caller's own data (the member's ids are unknown there). */
  foreign: number;
  /** Checks that the call acted on the member's schedules. */
  onMember: (res: Answer) => Promise<void>;
  /** Checks a call on the caller's own data (`who`): the member's are untouched, checked by the matrix. */
  onOwn?: (res: Answer, who: Person) => Promise<void>;
};

const cells: Record<string, Cell> = {
  scheduleList: {
    name: 'scheduleList',
    body: () => ({}),
    foreign: OK,
    onMember: async (res) => expect(scheduleListData.parse(camelKeys(res.data)).items.map((x) => x.title).sort()).toEqual(['Claimed one', 'Failed one', 'Waiting one']),
    onOwn: async (res) => expect(scheduleListData.parse(camelKeys(res.data)).items).toEqual([]),
  },
  'scheduleSave (new)': {
    name: 'scheduleSave',
    body: () => s.body({ title: 'Brand new' }),
    foreign: OK,
    onMember: async () => {
      const [row] = await t.db.select().from(schedules).where(eq(schedules.title, 'Brand new'));
      expect(row?.ownerId).toBe(w.who.member.userId);
    },
    onOwn: async (_, who) => {
      const [row] = await t.db.select().from(schedules).where(eq(schedules.title, 'Brand new'));
      expect(row?.ownerId).toBe(w.who[who].userId);
    },
  },
  'scheduleSave (edit)': {
    name: 'scheduleSave',
    body: () => s.body({ id: waitingId, title: 'Edited' }),
    foreign: NF,
    onMember: async () => expect((await rowOf(waitingId))?.title).toBe('Edited'),
  },
  scheduleDelete: {
    name: 'scheduleDelete',
    body: () => ({ id: waitingId }),
    foreign: NF,
    onMember: async () => expect(await rowOf(waitingId)).toBeUndefined(),
  },
  scheduleRetry: {
    name: 'scheduleRetry',
    body: () => ({ id: failedId }),
    foreign: NF,
    onMember: async () => expect((await rowOf(failedId))?.status).toBe('pending'),
  },
  scheduleSendsClaim: {
    name: 'scheduleSendsClaim',
    callerOnly: true,
    body: () => ({}),
    foreign: OK,
    onMember: async (res) => expect(sendsClaimData.parse(camelKeys(res.data)).items.map((x) => x.scheduleId)).toEqual([waitingId]),
    onOwn: async (res) => expect(sendsClaimData.parse(camelKeys(res.data)).items).toEqual([]),
  },
  scheduleSendsConfirm: {
    name: 'scheduleSendsConfirm',
    callerOnly: true,
    body: () => ({ results: [{ id: claimedSendId, ok: true }] }),
    foreign: OK,
    onMember: async () => {
      const [send] = await t.db.select().from(scheduleSends).where(and(eq(scheduleSends.id, claimedSendId), eq(scheduleSends.status, 'sent')));
      expect(send).toBeDefined();
      expect((await rowOf(claimedId))?.status).toBe('completed');
    },
  },
};

type Reach = 'member' | 'own' | number;

const isAdminSide = (p: Scenario['who']) => p === 'admin' || p === 'manager' || p === 'otherAdmin';

/** The outcome the contract's access and source-user rules give a scenario. */
const reachOf = (cell: Cell, sc: Scenario): Reach => {
  if (sc.who === null) return Code.TOKEN_INVALID;
  if (sc.who === 'outsider') return Code.NO_WORKSPACE;
  if (!sc.actFor) return personOf(sc.who) === 'member' ? 'member' : 'own';
  if (cell.callerOnly || !isAdminSide(sc.who)) return F;
  return sc.who !== 'otherAdmin' && sc.actFor !== 'otherAdmin' ? 'member' : F;
};

const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

describe('schedule calls by every kind of caller (SPEC §6)', () => {
  for (const [label, cell] of Object.entries(cells)) {
    describe(label, () => {
      for (const sc of scenarios) {
        const reach = reachOf(cell, sc);
        const expected = reach === 'member' ? OK : reach === 'own' ? cell.foreign : reach;
        it(`${sc.label} -> ${expected}${reach === 'member' ? ' on the member’s schedules' : reach === 'own' ? ' on their own' : ''}`, async () => {
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
