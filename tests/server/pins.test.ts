/**
 * Pinned chats (SPEC §2 assistant tools, pin chats; src/contract/pins.ts, server/routes/pins.ts):
 * pins kept per member, listed most recently pinned first, idempotent pin and unpin, the limit of
 * MAX_PINNED_CHATS (refused, nothing written), deleted chats neither listed nor counted, and
 * two pins at once never passing the limit. Each test starts from the same team world.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatPins, chats } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { chatPin, MAX_PINNED_CHATS, PIN_LIMIT_MESSAGE, pinEndpoints, pinListData } from '../../src/contract/pins';
import { chatsClient, NUMBER, single } from './support/chats-world';
import { useTeamWorld } from './support/team-suite';
import type { Person, World } from './support/team-world';
import { CLOCK_START, type TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });
const c = chatsClient(
  () => t,
  () => w,
);

const ALICE = '4915112345678@c.us';
const BOB = '8613800138000@c.us';

const pin = (who: Person, chatId: string) => c.raw(pinEndpoints.pinAdd.path, who, { chat_id: chatId });
const unpin = (who: Person, chatId: string) => c.raw(pinEndpoints.pinRemove.path, who, { chat_id: chatId });
const list = async (who: Person) => {
  const res = await c.raw(pinEndpoints.pinList.path, who, {});
  expect(res.code, res.message).toBe(Code.OK);
  return pinListData.parse(camelKeys(res.data));
};
const storedPins = () => t.db.select().from(chatPins).orderBy(asc(chatPins.chatWhatsappId));

/** The member's two chats: Alice and Bob. */
const setup = async () => {
  await c.uploaded('member', { number: NUMBER, chats: [single('4915112345678', 'Alice Wong'), single('8613800138000', 'Bob')] });
  return { alice: await c.conversationId('member', ALICE), bob: await c.conversationId('member', BOB) };
};

describe('pinning and unpinning', () => {
  it('pins a chat of the member: the answer and the list say which, when; the row keys it by number and chat id', async () => {
    const { alice } = await setup();
    const res = await pin('member', alice);
    expect(res.code, res.message).toBe(Code.OK);
    expect(chatPin.parse(camelKeys(res.data))).toEqual({ chatId: alice, number: NUMBER, chatWhatsappId: ALICE, pinnedAt: CLOCK_START.getTime() });
    expect(await list('member')).toEqual({ pins: [{ chatId: alice, number: NUMBER, chatWhatsappId: ALICE, pinnedAt: CLOCK_START.getTime() }], limit: MAX_PINNED_CHATS });
    const [row] = await storedPins();
    expect(row).toMatchObject({ workspaceId: w.W, ownerId: w.who.member.userId, number: NUMBER, chatWhatsappId: ALICE });
  });

  it('lists the most recently pinned first', async () => {
    const { alice, bob } = await setup();
    await pin('member', alice);
    t.clock.advance(1000);
    await pin('member', bob);
    expect((await list('member')).pins.map((p) => p.chatId)).toEqual([bob, alice]);
  });

  it('pinning a pinned chat changes nothing and answers its first pin time', async () => {
    const { alice } = await setup();
    await pin('member', alice);
    t.clock.advance(60_000);
    const again = await pin('member', alice);
    expect(again.code).toBe(Code.OK);
    expect(chatPin.parse(camelKeys(again.data)).pinnedAt).toBe(CLOCK_START.getTime());
    expect(await storedPins()).toHaveLength(1);
  });

  it('unpins, and unpinning an unpinned chat succeeds with nothing changed', async () => {
    const { alice, bob } = await setup();
    await pin('member', alice);
    await pin('member', bob);
    const res = await unpin('member', alice);
    expect([res.code, res.data]).toEqual([Code.OK, null]);
    expect((await list('member')).pins.map((p) => p.chatId)).toEqual([bob]);
    expect((await unpin('member', alice)).code).toBe(Code.OK);
    expect((await storedPins()).map((p) => p.chatWhatsappId)).toEqual([BOB]);
  });

  it('keeps pins per member: another member’s list is their own', async () => {
    const { alice } = await setup();
    await c.uploaded('target', { number: '15550004000', chats: [single('4915112345678', 'Alice (target)')] });
    const theirs = await c.conversationId('target', ALICE);
    await pin('member', alice);
    await pin('target', theirs);
    expect((await list('member')).pins.map((p) => p.chatId)).toEqual([alice]);
    expect((await list('target')).pins.map((p) => p.chatId)).toEqual([theirs]);
  });

  it('answers NOT_FOUND for an unknown chat, and writes nothing', async () => {
    await setup();
    for (const res of [await pin('member', 'no-such-chat'), await unpin('member', 'no-such-chat')]) expect(res.code).toBe(Code.NOT_FOUND);
    expect(await storedPins()).toEqual([]);
  });

  it('refuses a chat id that is empty or too long (VALIDATION)', async () => {
    await setup();
    expect((await pin('member', '')).code).toBe(Code.VALIDATION);
    expect((await pin('member', 'x'.repeat(65))).code).toBe(Code.VALIDATION);
    expect(await storedPins()).toEqual([]);
  });
});

describe('deleted chats', () => {
  it('a deleted chat cannot be pinned; its pin is neither listed nor counted, may be removed, and shows again if the chat comes back', async () => {
    const { alice, bob } = await setup();
    await pin('member', alice);
    await c.uploaded('member', { number: NUMBER, chats: [single('4915112345678', 'Alice Wong', { isDel: true })] });
    expect((await list('member')).pins).toEqual([]);
    expect((await pin('member', alice)).code).toBe(Code.NOT_FOUND);
    // Still stored: the chat may come back.
    expect(await storedPins()).toHaveLength(1);
    await c.uploaded('member', { number: NUMBER, chats: [single('4915112345678', 'Alice Wong', { isDel: false })] });
    expect((await list('member')).pins.map((p) => p.chatId)).toEqual([alice]);
    await c.uploaded('member', { number: NUMBER, chats: [single('4915112345678', 'Alice Wong', { isDel: true })] });
    expect((await unpin('member', alice)).code).toBe(Code.OK);
    expect(await storedPins()).toEqual([]);
    expect((await pin('member', bob)).code).toBe(Code.OK);
  });
});

describe(`at most ${MAX_PINNED_CHATS} pins per member`, () => {
  const manyChats = async (n: number) => {
    const list = Array.from({ length: n }, (_, i) => single(`44770090${String(i).padStart(4, '0')}`, `Chat ${i}`));
    await c.uploaded('member', { number: NUMBER, chats: list });
    const rows = await t.db.select({ id: chats.id, chatWhatsappId: chats.chatWhatsappId }).from(chats).where(eq(chats.ownerId, w.who.member.userId)).orderBy(asc(chats.chatWhatsappId));
    return rows.map((r) => r.id);
  };

  it(`refuses a pin beyond ${MAX_PINNED_CHATS} with its message and writes nothing; an unpin makes room; a pinned one may be pinned again`, async () => {
    const ids = await manyChats(MAX_PINNED_CHATS + 1);
    for (const id of ids.slice(0, MAX_PINNED_CHATS)) expect((await pin('member', id)).code).toBe(Code.OK);
    const before = JSON.stringify(await storedPins());
    const refused = await pin('member', ids[MAX_PINNED_CHATS]!);
    expect([refused.code, refused.message]).toEqual([Code.VALIDATION, PIN_LIMIT_MESSAGE]);
    expect(JSON.stringify(await storedPins())).toBe(before);
    // At the limit, pinning a pinned chat is still the same success (nothing new).
    expect((await pin('member', ids[0]!)).code).toBe(Code.OK);
    expect((await list('member')).pins).toHaveLength(MAX_PINNED_CHATS);
    await unpin('member', ids[0]!);
    expect((await pin('member', ids[MAX_PINNED_CHATS]!)).code).toBe(Code.OK);
    expect((await list('member')).pins).toHaveLength(MAX_PINNED_CHATS);
  });

  it('two pins at once at one below the limit: exactly one passes', async () => {
    const ids = await manyChats(MAX_PINNED_CHATS + 1);
    for (const id of ids.slice(0, MAX_PINNED_CHATS - 1)) await pin('member', id);
    const [a, b] = await Promise.all([pin('member', ids[MAX_PINNED_CHATS - 1]!), pin('member', ids[MAX_PINNED_CHATS]!)]);
    expect([a.code, b.code].sort()).toEqual([Code.OK, Code.VALIDATION].sort());
    expect(await storedPins()).toHaveLength(MAX_PINNED_CHATS);
  });

  it('deleted chats’ pins do not count toward the limit', async () => {
    const ids = await manyChats(MAX_PINNED_CHATS + 1);
    for (const id of ids.slice(0, MAX_PINNED_CHATS)) await pin('member', id);
    const [first] = await t.db.select().from(chats).where(eq(chats.id, ids[0]!));
    await c.uploaded('member', { number: NUMBER, chats: [{ chatWhatsappId: first!.chatWhatsappId, name: first!.name, isDel: true }] });
    expect((await pin('member', ids[MAX_PINNED_CHATS]!)).code).toBe(Code.OK);
  });
});
