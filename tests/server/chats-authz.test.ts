/**
 * Authorization matrix for every chats endpoint (SPEC §6, §7 Chats; src/contract/chats.ts): the
 * conversation lists under both role prefixes, the message pages, the upload and the sync status,
 * each called by every kind of caller: anonymous, no workspace, the member on their own data, the
 * member on /admin, the member spoofing the source-user header, another member, a manager and the
 * admin with and without the header, the admin on /member with it, the admin naming someone of
 * another workspace, and an admin of another workspace with and without it.
 *
 * Outcomes: the call reads the member's chats (the answer shows them), or the caller's own (the
 * member's conversation is unknown there: NOT_FOUND, or a list without it; an upload stores the
 * caller's own chats), or it is refused and writes nothing at all.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { chats } from '../../server/db/schema';
import { chatCalls, chatsEndpoints, conversationIncData, conversationPageData, messagePageData, syncStatusData } from '../../src/contract/chats';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { chatsClient, NUMBER, single, text, type Prefix } from './support/chats-world';
import { useTeamWorld } from './support/team-suite';
import type { Person, World } from './support/team-world';
import type { Answer, TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]));
const c = chatsClient(
  () => t,
  () => w,
);

const OK = Code.OK;
const F = Code.FORBIDDEN;
const NF = Code.NOT_FOUND;
const T0 = Date.UTC(2025, 0, 10);
const MEMBER_CHAT = '447700900111@c.us';

/** The member's conversation every call names. */
let conversationId: string;

beforeEach(async () => {
  await w.rebuild();
  await c.uploaded('member', { number: NUMBER, chats: [single('447700900111', 'Member chat')], messages: [text(MEMBER_CHAT, 'm1', T0, false)] });
  await c.uploaded('admin', { number: '15550002000', chats: [single('447700900222', 'Admin chat')], messages: [text('447700900222@c.us', 'a1', T0, false)] });
  await c.uploaded('otherAdmin', { number: '15550003000', chats: [single('447700900333', 'Other workspace chat')] });
  conversationId = await c.conversationId('member', MEMBER_CHAT);
});

const names = (res: Answer, schema: typeof conversationPageData | typeof conversationIncData) => schema.parse(camelKeys(res.data)).rows.map((r) => r.name);

type Kind = 'pair' | 'public' | 'self';
type Cell = {
  kind: Kind;
  call: (who: Person | null, prefix: Prefix, actFor?: Person) => Promise<Answer>;
  /** The answer when the call works on the caller's own chats with the member's conversation. */
  foreign: number;
  /** Checks that a call for the member (theirs, or acting for them) did read the member's chats (absent: `onOwn` as the member). */
  onMember?: (res: Answer) => void;
  /** Checks an answer on the caller's own chats (they must not show the member's). */
  onOwn: (res: Answer, who: Person) => Promise<void> | void;
};

const matrix: Record<string, Cell> = {
  conversationListByPage: {
    kind: 'pair',
    call: (who, prefix, actFor) => c.raw(chatCalls.conversationListByPage[prefix].path, who, {}, actFor),
    foreign: OK,
    onMember: (res) => expect(names(res, conversationPageData)).toEqual(['Member chat']),
    onOwn: (res) => expect(names(res, conversationPageData)).not.toContain('Member chat'),
  },
  conversationListByInc: {
    kind: 'pair',
    call: (who, prefix, actFor) => c.raw(chatCalls.conversationListByInc[prefix].path, who, { timestamp: 0 }, actFor),
    foreign: OK,
    onMember: (res) => expect(names(res, conversationIncData)).toEqual(['Member chat']),
    onOwn: (res) => expect(names(res, conversationIncData)).not.toContain('Member chat'),
  },
  messagePageBefore: {
    kind: 'public',
    call: (who, _, actFor) => c.messages('before', who, { conversation_id: conversationId }, actFor),
    foreign: NF,
    onMember: (res) => expect(messagePageData.parse(camelKeys(res.data)).rows.map((m) => m.msgKey)).toEqual(['m1']),
    onOwn: () => undefined,
  },
  messagePageAfter: {
    kind: 'public',
    call: (who, _, actFor) => c.messages('after', who, { conversation_id: conversationId, send_time: 0 }, actFor),
    foreign: NF,
    onMember: (res) => expect(messagePageData.parse(camelKeys(res.data)).rows.map((m) => m.msgKey)).toEqual(['m1']),
    onOwn: () => undefined,
  },
  syncUpload: {
    kind: 'self',
    call: (who, _, actFor) => c.upload(who as Person, { number: '15550009000', chats: [single('447700900999', 'Uploaded')] }, actFor),
    foreign: OK,
    onOwn: async (_, who) => {
      const [row] = await t.db.select().from(chats).where(eq(chats.name, 'Uploaded'));
      expect(row?.ownerId).toBe(w.who[who].userId);
    },
  },
  syncStatus: {
    kind: 'self',
    call: (who, _, actFor) => c.raw(chatsEndpoints.syncStatus.path, who, {}, actFor),
    foreign: OK,
    onMember: (res) => expect(syncStatusData.parse(camelKeys(res.data)).numbers).toEqual([NUMBER]),
    onOwn: (res) => expect(syncStatusData.parse(camelKeys(res.data)).numbers).not.toContain(NUMBER),
  },
};

/** Whose chats a caller reaches: the member's, their own, or a refusal code. */
type Reach = 'member' | 'own' | number;
type Scenario = { label: string; who: Person | null; prefix: Prefix; actFor?: Person };

const scenarios: Scenario[] = [
  { label: 'anonymous', who: null, prefix: 'member' },
  { label: 'signed in without a workspace', who: 'outsider', prefix: 'member' },
  { label: 'the member on /member', who: 'member', prefix: 'member' },
  { label: 'the member on /admin', who: 'member', prefix: 'admin' },
  { label: 'the member spoofing the header for the admin', who: 'member', prefix: 'member', actFor: 'admin' },
  { label: 'the member spoofing the header for another member', who: 'member', prefix: 'member', actFor: 'target' },
  { label: 'another member of the workspace', who: 'target', prefix: 'member' },
  { label: 'another member spoofing the header for the member', who: 'target', prefix: 'member', actFor: 'member' },
  { label: 'a manager without the header', who: 'manager', prefix: 'admin' },
  { label: 'a manager acting for the member', who: 'manager', prefix: 'admin', actFor: 'member' },
  { label: 'the admin without the header', who: 'admin', prefix: 'admin' },
  { label: 'the admin acting for the member', who: 'admin', prefix: 'admin', actFor: 'member' },
  { label: 'the admin on /member', who: 'admin', prefix: 'member' },
  { label: 'the admin on /member with the header', who: 'admin', prefix: 'member', actFor: 'member' },
  { label: 'the admin naming someone of another workspace', who: 'admin', prefix: 'admin', actFor: 'otherAdmin' },
  { label: 'an admin of another workspace', who: 'otherAdmin', prefix: 'admin' },
  { label: 'an admin of another workspace naming the member', who: 'otherAdmin', prefix: 'admin', actFor: 'member' },
];

const isAdminSide = (p: Person) => p === 'admin' || p === 'manager' || p === 'otherAdmin';
const sameWorkspace = (a: Person, b: Person) => (a === 'otherAdmin') === (b === 'otherAdmin');

/** The outcome the contract's access and source-user rules give a scenario on a kind of call. */
const reachOf = (kind: Kind, s: Scenario): Reach => {
  if (!s.who) return Code.TOKEN_INVALID;
  if (s.who === 'outsider') return Code.NO_WORKSPACE;
  if (kind === 'pair' && s.prefix === 'admin' && !isAdminSide(s.who)) return F;
  if (!s.actFor) return s.who === 'member' ? 'member' : 'own';
  // The header is refused on the caller-only calls (/member lists, upload, status), and from anyone but an admin or manager.
  if (kind === 'self' || (kind === 'pair' && s.prefix === 'member') || !isAdminSide(s.who)) return F;
  return sameWorkspace(s.who, s.actFor) ? 'member' : F;
};

const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));

describe('chats calls by every kind of caller (SPEC §6)', () => {
  for (const [name, cell] of Object.entries(matrix)) {
    describe(name, () => {
      // The prefix means nothing to a call with one path: its scenarios on /admin would repeat those on /member.
      const relevant = cell.kind === 'pair' ? scenarios : scenarios.filter((s) => !(s.prefix === 'admin' && s.who !== null && !isAdminSide(s.who)));
      for (const s of relevant) {
        const reach = reachOf(cell.kind, s);
        const expected = reach === 'member' ? OK : reach === 'own' ? cell.foreign : reach;
        it(`${s.label}${cell.kind === 'pair' ? ` (${s.prefix})` : ''} -> ${expected}`, async () => {
          t.logger.lines.length = 0;
          const everything = await c.snapshot();
          const res = await cell.call(s.who, s.prefix, s.actFor);
          expect(res.code, res.message).toBe(expected);
          if (reach === 'member') await (cell.onMember ?? ((r: Answer) => cell.onOwn(r, 'member')))(res);
          else if (reach === 'own') {
            if (res.code === OK) await cell.onOwn(res, s.who!);
            if (cell.kind !== 'self') expect(await c.snapshot()).toBe(everything);
          } else expect(await c.snapshot()).toBe(everything);
          const headerRefused = reach === F && s.actFor !== undefined;
          expect(refusals()).toHaveLength(headerRefused ? 1 : 0);
        });
      }
    });
  }
});

describe('ids of another workspace', () => {
  it('answers NOT_FOUND for another workspace’s conversation, even to its admin’s counterpart', async () => {
    const theirs = await c.conversationId('otherAdmin', '447700900333@c.us');
    for (const direction of ['before', 'after'] as const) {
      const res = await c.messages(direction, 'admin', { conversation_id: theirs, send_time: 0 });
      expect(res.code).toBe(NF);
    }
  });

  it('refuses a list call naming another workspace (FORBIDDEN, logged)', async () => {
    t.logger.lines.length = 0;
    for (const name of ['conversationListByPage', 'conversationListByInc'] as const) {
      const res = await c.list(name, 'admin', { workspace_id: w.W2, timestamp: 0 });
      expect(res.code).toBe(F);
      expect((await c.list(name, 'admin', { workspace_id: w.W, timestamp: 0 })).code).toBe(OK);
    }
    expect(t.logger.lines.filter((l) => l.line.startsWith('[chats] other workspace refused'))).toHaveLength(2);
  });
});
