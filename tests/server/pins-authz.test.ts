/**
 * Authorization matrix for every pins endpoint (SPEC §6; src/contract/pins.ts): each called by
 * every kind of caller (tests/server/support/authz-callers.ts: signed out, member, manager, owner,
 * an admin of another workspace, a signed-in person without a workspace, the member's and the
 * owner's extension sessions) on the member's pinned chat; then the source-user header (the list
 * honours it for the owner and managers; pinning and unpinning refuse it from anyone), and the
 * ids of another member and of another workspace.
 *
 * World: the member has chat M (pinned), the target member chat T, the owner chat A (W), and the
 * admin of W2 chat O. A refused call, or one that names a chat that is not the caller's, writes
 * nothing.
 */
import { asc } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatPins } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { pinEndpoints, pinListData } from '../../src/contract/pins';
import { callerTokens, callers, row, type Caller } from './support/authz-callers';
import { chatsClient, NUMBER, single } from './support/chats-world';
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
const tokens = callerTokens(
  () => t,
  () => w,
);
beforeAll(() => tokens.reset());

const OK = Code.OK;
const ANON = Code.TOKEN_INVALID;
const F = Code.FORBIDDEN;
const NF = Code.NOT_FOUND;
const NW = Code.NO_WORKSPACE;

const M = '447700900111@c.us';
const T = '447700900222@c.us';
const A = '447700900333@c.us';
const O = '447700900444@c.us';
/** Wire ids of the chats above. */
const ids = { M: '', T: '', A: '', O: '' };

beforeEach(async () => {
  await w.rebuild();
  await c.uploaded('member', { number: NUMBER, chats: [single('447700900111', 'Member chat')] });
  await c.uploaded('target', { number: '15550004000', chats: [single('447700900222', 'Target chat')] });
  await c.uploaded('admin', { number: '15550002000', chats: [single('447700900333', 'Admin chat')] });
  await c.uploaded('otherAdmin', { number: '15550003000', chats: [single('447700900444', 'Other workspace chat')] });
  ids.M = await c.conversationId('member', M);
  ids.T = await c.conversationId('target', T);
  ids.A = await c.conversationId('admin', A);
  ids.O = await c.conversationId('otherAdmin', O);
  expect((await c.raw(pinEndpoints.pinAdd.path, 'member', { chat_id: ids.M })).code).toBe(OK);
  t.logger.lines.length = 0;
});

const snapshot = async () => JSON.stringify(await t.db.select().from(chatPins).orderBy(asc(chatPins.ownerId), asc(chatPins.chatWhatsappId)));
const refusals = () => t.logger.lines.filter((l) => l.line.startsWith('[scope] source-user refused'));
const pinnedIds = (res: Answer) => pinListData.parse(camelKeys(res.data)).pins.map((p) => p.chatId);

type Name = keyof typeof pinEndpoints;
const call = async (name: Name, caller: Caller, body: unknown, actFor?: Person) => {
  const headers: Record<string, string> = actFor ? { [SOURCE_USER_HEADER]: w.who[actFor].userId } : {};
  return tokens.post(pinEndpoints[name].path, caller, body, headers);
};

/** Each endpoint on the member's pinned chat M: only the member (page or extension) reaches it; others' chats are theirs. */
const onMembersChat = row(ANON, OK, NF, NF, NF, NW, OK, NF);
const matrix: Record<Name, { body: () => unknown; expect: Record<Caller, number> }> = {
  pinList: { body: () => ({}), expect: row(ANON, OK, OK, OK, OK, NW, OK, OK) },
  pinAdd: { body: () => ({ chat_id: ids.M }), expect: onMembersChat },
  pinRemove: { body: () => ({ chat_id: ids.M }), expect: onMembersChat },
};

describe('authorization matrix (SPEC §6)', () => {
  it('covers every pins endpoint, each for joined members, the list honouring the source-user header and the changes refusing it', () => {
    expect(Object.keys(matrix).sort()).toEqual(Object.keys(pinEndpoints).sort());
    for (const e of Object.values(pinEndpoints)) expect(e.access).toBe('member');
    expect([pinEndpoints.pinList.sourceUser, pinEndpoints.pinAdd.sourceUser, pinEndpoints.pinRemove.sourceUser]).toEqual(['honoured', 'refused', 'refused']);
  });

  for (const name of Object.keys(matrix) as Name[]) {
    const cell = matrix[name];
    for (const caller of callers) {
      const expected = cell.expect[caller];
      it(`${name} as ${caller} -> ${expected}`, async () => {
        const before = await snapshot();
        const res = await call(name, caller, cell.body());
        expect(res.code, res.message).toBe(expected);
        const memberSide = caller === 'member' || caller === 'memberExtension';
        if (name === 'pinList' && expected === OK) {
          // Everyone reads their own pins: only the member's list holds M.
          expect(pinnedIds(res)).toEqual(memberSide ? [ids.M] : []);
        }
        if (name === 'pinRemove' && expected === OK) expect(await snapshot()).toBe(JSON.stringify([]));
        else expect(await snapshot()).toBe(before);
        expect(refusals()).toHaveLength(0);
      });
    }
  }
});

describe('the source-user header', () => {
  it('the owner and a manager acting for the member read the member’s pins', async () => {
    for (const caller of ['admin', 'manager'] as const) {
      const res = await call('pinList', caller, {}, 'member');
      expect(res.code, res.message).toBe(OK);
      expect(pinnedIds(res)).toEqual([ids.M]);
    }
    expect(refusals()).toHaveLength(0);
  });

  it('pinning and unpinning for the member are refused to the owner and a manager (FORBIDDEN, logged, nothing written)', async () => {
    const before = await snapshot();
    for (const caller of ['admin', 'manager'] as const) {
      for (const name of ['pinAdd', 'pinRemove'] as const) expect((await call(name, caller, { chat_id: ids.M }, 'member')).code).toBe(F);
    }
    expect(await snapshot()).toBe(before);
    expect(refusals()).toHaveLength(4);
  });

  const refusedEverywhere: { label: string; caller: Caller; actFor: Person }[] = [
    { label: 'the member naming the owner', caller: 'member', actFor: 'admin' },
    { label: 'the member naming another member', caller: 'member', actFor: 'target' },
    { label: 'the member’s extension naming another member', caller: 'memberExtension', actFor: 'target' },
    { label: 'the owner naming someone of another workspace', caller: 'admin', actFor: 'otherAdmin' },
    { label: 'an admin of another workspace naming the member', caller: 'otherAdmin', actFor: 'member' },
  ];
  for (const s of refusedEverywhere) {
    it(`${s.label}: every pins call is FORBIDDEN, logged, nothing written`, async () => {
      const before = await snapshot();
      for (const name of Object.keys(matrix) as Name[]) {
        const res = await call(name, s.caller, matrix[name].body(), s.actFor);
        expect(res.code, `${name}: ${res.message}`).toBe(F);
      }
      expect(await snapshot()).toBe(before);
      expect(refusals()).toHaveLength(3);
    });
  }
});

describe('ids of another member and of another workspace', () => {
  it('answers NOT_FOUND for a chat of another member or another workspace, and writes nothing', async () => {
    const before = await snapshot();
    const cases: [Caller, string][] = [
      ['member', ids.T],
      ['member', ids.A],
      ['member', ids.O],
      ['admin', ids.O],
      ['admin', ids.T],
      ['otherAdmin', ids.A],
    ];
    for (const [caller, chatId] of cases) {
      for (const name of ['pinAdd', 'pinRemove'] as const) expect((await call(name, caller, { chat_id: chatId })).code, `${caller} ${name}`).toBe(NF);
    }
    expect(await snapshot()).toBe(before);
  });

  it('each pins their own chats only: the owner’s pin of A is not the member’s, and W2 sees none of W', async () => {
    expect((await call('pinAdd', 'admin', { chat_id: ids.A })).code).toBe(OK);
    expect((await call('pinAdd', 'otherAdmin', { chat_id: ids.O })).code).toBe(OK);
    expect(pinnedIds(await call('pinList', 'member', {}))).toEqual([ids.M]);
    expect(pinnedIds(await call('pinList', 'admin', {}))).toEqual([ids.A]);
    expect(pinnedIds(await call('pinList', 'otherAdmin', {}))).toEqual([ids.O]);
    expect(pinnedIds(await call('pinList', 'admin', {}, 'member'))).toEqual([ids.M]);
  });
});
