/**
 * Chat sync and the conversation lists (SPEC §4 Chat sync flow, Chat list loading; §7 Chats; §8,
 * §9): idempotent uploads, leads made and updated from single chats, the number limit and the sync
 * type, the page and incremental lists, keyset message pages, validation, and all-or-nothing
 * uploads. Each test starts from the same team world (team-world.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatBuckets, chatRateRules } from '../../server/chats/rate-limits';
import { changedSinceQuery, chatPageQuery, INC_OVERLAP_MS, messagePageQuery } from '../../server/chats/lists';
import { chatNumbers, chats, chatSyncStates, leads, messages, rateLimits, workspaceMembers } from '../../server/db/schema';
import { phoneKey } from '../../server/leads/phone-key';
import { MAX_CHAT_NUMBERS, SYNC_BATCH_MAX_MESSAGES, SYNC_BODY_LIMIT, type Message } from '../../src/contract/chats';
import { Code, codeMessage } from '../../src/contract/codes';
import { NO_TAB_ID } from '../../src/contract/leads';
import { chatsClient, group, NUMBER, single, text, type MessageIn } from './support/chats-world';
import { pipelineClient } from './support/leads-world';
import { useTeamWorld } from './support/team-suite';
import type { World } from './support/team-world';
import { CLOCK_START, type TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });
const c = chatsClient(
  () => t,
  () => w,
);
const p = pipelineClient(
  () => t,
  () => w,
);

const T0 = CLOCK_START.getTime() - 24 * 60 * 60 * 1000;
const MIN = 60 * 1000;
const ALICE = '4915112345678@c.us';
const BOB = '8613800138000@c.us';
const TEAM = '4915100000000-1700000000@g.us';

/** Alice (three messages, her last one waiting for a reply), Bob (one, the member's), a group (two, with senders). */
const firstBatch = () => ({
  number: NUMBER,
  firstBatch: true,
  chats: [single('4915112345678', 'Alice Wong'), single('8613800138000', '王伟'), group('4915100000000-1700000000', 'Sales team')],
  messages: [
    text(ALICE, 'a1', T0, false),
    text(ALICE, 'a2', T0 + MIN, true),
    text(ALICE, 'a3', T0 + 2 * MIN, false, { type: 'image', text: 'the sample', fileName: 'sample.jpg', fileSize: 204800, mimeType: 'image/jpeg' }),
    text(BOB, 'b1', T0 + 3 * MIN, true),
    text(TEAM, 'g1', T0 + 4 * MIN, false, { senderName: 'Omar' }),
    text(TEAM, 'g2', T0 + 5 * MIN, false, { senderName: 'Lina', type: 'location', text: null, meta: { location: { lat: 25.2, lng: 55.27, name: 'Dubai Mall' } } }),
  ],
});

const count = async (table: typeof chats | typeof messages | typeof leads | typeof chatNumbers) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const memberLeads = () => t.db.select().from(leads).where(eq(leads.ownerId, w.who.member.userId));
const memberChats = () => t.db.select().from(chats).where(eq(chats.ownerId, w.who.member.userId));

describe('uploads are idempotent', () => {
  it('stores a batch once: the same batch again stores nothing and answers 0 stored', async () => {
    expect(await c.uploaded('member', firstBatch())).toEqual({ chatsStored: 3, messagesStored: 6, leadsCreated: 2, leadsUpdated: 0 });
    const before = await c.snapshot();
    expect(await c.uploaded('member', firstBatch())).toEqual({ chatsStored: 0, messagesStored: 0, leadsCreated: 0, leadsUpdated: 0 });
    expect(await c.snapshot()).toBe(before);
    expect([await count(chats), await count(messages), await count(leads)]).toEqual([3, 6, 2]);
  });

  it('stores each message of overlapping batches once, and a message repeated within a batch once', async () => {
    await c.uploaded('member', { number: NUMBER, chats: [single('4915112345678', 'Alice Wong')] });
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => text(ALICE, `m${from + i}`, T0 + (from + i) * 1000, (from + i) % 2 === 0));
    expect((await c.uploaded('member', { number: NUMBER, messages: range(1, 30) })).messagesStored).toBe(30);
    expect((await c.uploaded('member', { number: NUMBER, messages: [...range(20, 50), text(ALICE, 'm50', T0 + 50 * 1000, true)] })).messagesStored).toBe(20);
    expect(await count(messages)).toBe(50);
    // The chat's last message is its newest, whatever order the batches came in.
    const [chat] = await memberChats();
    expect([chat!.lastMessageKey, chat!.lastMessageAt?.getTime(), chat!.lastMessageFromMe]).toEqual(['m50', T0 + 50 * 1000, true]);
    expect((await c.uploaded('member', { number: NUMBER, messages: range(1, 5) })).messagesStored).toBe(0);
    expect((await memberChats())[0]!.lastMessageKey).toBe('m50');
  });

  it('keeps the last entry of a chat named twice in a batch, and updates a chat whose name, avatar or deletion changed', async () => {
    await c.uploaded('member', { number: NUMBER, chats: [single('4915112345678', 'Alice'), single('4915112345678', 'Alice Wong', { avatarUrl: 'https://pps.example/a.jpg' })] });
    expect((await memberChats()).map((r) => [r.name, r.avatarUrl])).toEqual([['Alice Wong', 'https://pps.example/a.jpg']]);
    // An absent avatar keeps the stored one; null clears it.
    await c.uploaded('member', { number: NUMBER, chats: [single('4915112345678', 'Alice W.')] });
    expect((await memberChats()).map((r) => [r.name, r.avatarUrl])).toEqual([['Alice W.', 'https://pps.example/a.jpg']]);
    await c.uploaded('member', { number: NUMBER, chats: [single('4915112345678', 'Alice W.', { avatarUrl: null, isDel: true })] });
    expect((await memberChats()).map((r) => [r.avatarUrl, r.isDel])).toEqual([[null, true]]);
  });
});

describe('single chats become leads of the member', () => {
  it('makes a lead of each single chat in No tabs, never of a group, and links the chat to it', async () => {
    await c.uploaded('member', firstBatch());
    const rows = await memberLeads();
    const byName = new Map(rows.map((l) => [l.name, l]));
    expect([...byName.keys()].sort()).toEqual(['Alice Wong', '王伟']);
    expect(byName.get('Alice Wong')).toMatchObject({
      phone: '+4915112345678',
      phoneKey: '+4915112345678',
      tabId: NO_TAB_ID,
      workspaceId: w.W,
      sourceId: ALICE,
      awaitingReply: true,
      lastMessageAt: new Date(T0 + 2 * MIN),
    });
    // Bob's last message is the member's own: nothing awaits a reply.
    expect(byName.get('王伟')).toMatchObject({ phone: '+8613800138000', awaitingReply: false, lastMessageAt: new Date(T0 + 3 * MIN) });
    const chatRows = await memberChats();
    const leadOf = new Map(chatRows.map((r) => [r.chatWhatsappId, r.leadId]));
    expect(leadOf.get(ALICE)).toBe(byName.get('Alice Wong')!.id);
    expect(leadOf.get(BOB)).toBe(byName.get('王伟')!.id);
    expect(leadOf.get(TEAM)).toBeNull();
    // The lead shows in the member's pipeline, in No tabs.
    const listed = await p.list('member', { tab_id: NO_TAB_ID });
    expect(listed.rows.map((l) => l.name).sort()).toEqual(['Alice Wong', '王伟']);
    expect(listed.rows.find((l) => l.name === 'Alice Wong')).toMatchObject({ awaitReply: true, lastMessageTime: T0 + 2 * MIN });
  });

  it('updates the member’s lead with the same phone (written another way), which keeps its tab, name and edit time', async () => {
    const tabId = await p.insertTab('member', 'Hot');
    const leadId = await p.insertLead('member', { name: 'Alice (trade fair)', phone: '+49 151 1234 5678', phoneKey: phoneKey('+49 151 1234 5678'), tabId });
    const [before] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(await c.uploaded('member', firstBatch())).toMatchObject({ leadsCreated: 1, leadsUpdated: 1 });
    const [after] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(after).toMatchObject({ name: 'Alice (trade fair)', tabId, awaitingReply: true, lastMessageAt: new Date(T0 + 2 * MIN), editedAt: before!.editedAt });
    expect((await memberChats()).find((r) => r.chatWhatsappId === ALICE)?.leadId).toBe(leadId);

    // The member answers: nothing awaits a reply any more.
    expect(await c.uploaded('member', { number: NUMBER, messages: [text(ALICE, 'a4', T0 + 10 * MIN, true)] })).toMatchObject({ leadsCreated: 0, leadsUpdated: 1 });
    expect((await t.db.select().from(leads).where(eq(leads.id, leadId)))[0]).toMatchObject({ awaitingReply: false, lastMessageAt: new Date(T0 + 10 * MIN) });
    // An older message arriving late changes nothing.
    expect(await c.uploaded('member', { number: NUMBER, messages: [text(ALICE, 'a0', T0 - MIN, false)] })).toMatchObject({ messagesStored: 1, leadsUpdated: 0 });
    expect((await t.db.select().from(leads).where(eq(leads.id, leadId)))[0]).toMatchObject({ awaitingReply: false, lastMessageAt: new Date(T0 + 10 * MIN) });
  });

  it('names a new lead apart from the member’s existing names (ignoring case), and from the batch’s own', async () => {
    await p.insertLead('member', { name: 'alice wong' });
    await p.insertLead('target', { name: 'Carol' });
    await c.uploaded('member', {
      number: NUMBER,
      chats: [single('4915112345678', 'Alice Wong'), single('447700900001', 'Carol'), single('447700900002', 'Carol'), single('447700900003', '  ')],
    });
    const names = (await memberLeads()).map((l) => l.name).sort();
    // Another member's 'Carol' is no clash; two chats named alike in one batch are told apart; a chat without a name is its phone.
    expect(names).toEqual(['+447700900003', 'Alice Wong (+4915112345678)', 'Carol', 'Carol (+447700900002)', 'alice wong']);
  });

  it('gives a closed lead no reply to wait for, and shares one lead between two numbers’ chats with one person', async () => {
    const tabId = await p.insertTab('member', 'Done');
    const leadId = await p.insertLead('member', { name: 'Bob', phone: '+86 138 0013 8000', phoneKey: phoneKey('+86 138 0013 8000'), tabId, isClosed: true, closedReason: 'won' });
    await c.uploaded('member', { number: NUMBER, chats: [single('8613800138000', 'Bob')], messages: [text(BOB, 'b1', T0, false)] });
    await c.uploaded('member', { number: '15550002000', chats: [single('8613800138000', 'Bob W')], messages: [text(BOB, 'x1', T0 + MIN, false)] });
    expect(await memberLeads()).toHaveLength(1);
    expect((await memberChats()).map((r) => r.leadId)).toEqual([leadId, leadId]);
    expect((await t.db.select().from(leads).where(eq(leads.id, leadId)))[0]).toMatchObject({ isClosed: true, awaitingReply: false, lastMessageAt: new Date(T0 + MIN) });
  });
});

describe('numbers and sync type', () => {
  it(`registers up to ${MAX_CHAT_NUMBERS} numbers per account; a sixth is refused with the SPEC §8 text and stores nothing`, async () => {
    for (let i = 1; i <= MAX_CHAT_NUMBERS; i++) await c.uploaded('member', { number: `1555000100${i}`, chats: [single(`4477009000${i}`, `Chat ${i}`)] });
    const before = await c.snapshot();
    const sixth = await c.upload('member', { number: '15550001006', chats: [single('447700900099', 'Too many')], messages: [text('447700900099@c.us', 'k', T0, false)] });
    expect([sixth.code, sixth.message]).toEqual([Code.SYNC_LIMIT, 'You can add up to 5 chat-service numbers for each account.']);
    expect(sixth.message).toBe(codeMessage[Code.SYNC_LIMIT]);
    expect(await c.snapshot()).toBe(before);
    // A number already registered still syncs; another member has their own five.
    expect((await c.uploaded('member', { number: '15550001003', chats: [single('447700900050', 'Still fine')] })).chatsStored).toBe(1);
    expect((await c.uploaded('target', { number: '15550001006', chats: [single('447700900099', 'Mine')] })).chatsStored).toBe(1);
    const status = await c.status('member');
    expect(status).toMatchObject({ limit: MAX_CHAT_NUMBERS, numbers: ['15550001001', '15550001002', '15550001003', '15550001004', '15550001005'] });
    // The member list shows the number last synced from.
    expect((await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, w.who.member.userId)))[0]?.number).toBe('15550001003');
  });

  it('refuses uploads when the member’s sync type is off (SYNC_OFF), writing nothing', async () => {
    await t.db.update(workspaceMembers).set({ syncType: 'off' }).where(eq(workspaceMembers.userId, w.who.member.userId));
    const before = await c.snapshot();
    const res = await c.upload('member', firstBatch());
    expect(res.code).toBe(Code.SYNC_OFF);
    expect(await c.snapshot()).toBe(before);
    expect(await c.status('member')).toMatchObject({ syncType: 'off', numbers: [], lastSyncTime: null, syncedChatCount: 0 });
  });

  it('new members sync manually by default', async () => {
    const rows = await t.db.select({ syncType: workspaceMembers.syncType }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, w.W));
    expect(new Set(rows.map((r) => r.syncType))).toEqual(new Set(['manual']));
    expect((await c.status('member')).syncType).toBe('manual');
  });

  it('keeps the sync state: first batch, final batch, the count of live chats', async () => {
    await c.uploaded('member', firstBatch());
    expect(await c.status('member')).toMatchObject({ lastSyncTime: null, syncedChatCount: 3, numbers: [NUMBER] });
    t.clock.advance(MIN);
    await c.uploaded('member', { number: NUMBER, final: true, chats: [single('4915112345678', 'Alice Wong', { isDel: true }), single('447700900001', 'Dave')] });
    expect(await c.status('member')).toMatchObject({ lastSyncTime: CLOCK_START.getTime() + MIN, syncedChatCount: 3 });
    const [state] = await t.db.select().from(chatSyncStates).where(eq(chatSyncStates.userId, w.who.member.userId));
    expect(state?.syncStartedAt?.getTime()).toBe(CLOCK_START.getTime());
  });

  it('rate-limits uploads per account', async () => {
    const windowMs = chatRateRules.uploadUser.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(t.clock.now().getTime() / windowMs) * windowMs);
    const full = { count: chatRateRules.uploadUser.limit };
    await t.db
      .insert(rateLimits)
      .values({ bucket: chatBuckets.uploadUser(w.who.member.userId), windowStart, expiresAt: new Date(windowStart.getTime() + windowMs), ...full })
      .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.windowStart], set: full });
    try {
      expect((await c.upload('member', firstBatch())).code).toBe(Code.RATE_LIMITED);
      expect(await count(chats)).toBe(0);
      expect((await c.upload('target', firstBatch())).code).toBe(Code.OK);
    } finally {
      await t.db.delete(rateLimits).where(eq(rateLimits.bucket, chatBuckets.uploadUser(w.who.member.userId)));
    }
  });
});

describe('the conversation lists', () => {
  /** Five chats: four with messages a minute apart (the last newest), one without, and a sixth deleted. */
  const fiveChats = async () => {
    const ids = ['447700900001', '447700900002', '447700900003', '447700900004', '447700900005', '447700900006'];
    await c.uploaded('member', {
      number: NUMBER,
      chats: ids.map((d, i) => single(d, `Chat ${i + 1}`, { isDel: i === 5 })),
      messages: ids.slice(0, 4).map((d, i) => text(`${d}@c.us`, `k${i}`, T0 + i * MIN, false)),
    });
  };

  it('pages chats newest last message first, chats without messages last, deleted ones left out', async () => {
    await fiveChats();
    const first = await c.page('member', { page_no: 1, page_size: 2 });
    expect([first.rows.map((r) => r.name), first.totalCount, first.hasNext]).toEqual([['Chat 4', 'Chat 3'], 5, true]);
    expect(first.rows[0]!.lastMessage).toEqual({ sendTime: T0 + 3 * MIN, type: 'chat', text: 'message k3', fromMe: false });
    const third = await c.page('member', { page_no: 3, page_size: 2 });
    expect([third.rows.map((r) => r.name), third.hasNext]).toEqual([['Chat 5'], false]);
    expect(third.rows[0]!.lastMessage).toBeNull();
    const all = await c.page('member');
    expect([all.rows.length, all.hasNext, all.timestamp]).toEqual([5, false, CLOCK_START.getTime() - INC_OVERLAP_MS]);
    // Another member sees none of them.
    expect((await c.page('target')).totalCount).toBe(0);
  });

  it('answers by increment the chats changed since (deleted ones with isDel), nothing when nothing changed', async () => {
    await fiveChats();
    const start = (await c.page('member')).timestamp;
    t.clock.advance(20000);
    const quiet = await c.inc('member', start + INC_OVERLAP_MS);
    expect(quiet.rows).toEqual([]);
    expect(quiet.timestamp).toBe(t.clock.now().getTime() - INC_OVERLAP_MS);

    t.clock.advance(20000);
    await c.uploaded('member', { number: NUMBER, chats: [single('447700900002', 'Chat 2', { isDel: true })], messages: [text('447700900001@c.us', 'new', T0 + 9 * MIN, true)] });
    t.clock.advance(20000);
    const changed = await c.inc('member', quiet.timestamp);
    expect(changed.rows.map((r) => [r.name, r.isDel]).sort()).toEqual([
      ['Chat 1', false],
      ['Chat 2', true],
    ]);
    expect(changed.rows.find((r) => r.name === 'Chat 1')?.lastMessage).toMatchObject({ sendTime: T0 + 9 * MIN, fromMe: true });
    expect(changed.rows.every((r) => r.updateTime > quiet.timestamp)).toBe(true);
    t.clock.advance(20000);
    expect((await c.inc('member', changed.timestamp)).rows).toEqual([]);
    // Re-sending the same batch changes no row: nothing to send.
    await c.uploaded('member', { number: NUMBER, chats: [single('447700900002', 'Chat 2', { isDel: true })], messages: [text('447700900001@c.us', 'new', T0 + 9 * MIN, true)] });
    t.clock.advance(20000);
    expect((await c.inc('member', changed.timestamp)).rows).toEqual([]);
  });

  it('sends a chat again, without its lead, after that lead is deleted (one by one, or in a batch from the contacts)', async () => {
    await c.uploaded('member', firstBatch());
    const linked = (await memberChats()).filter((chat) => chat.leadId !== null);
    expect(linked).toHaveLength(2);
    const start = (await c.page('member')).timestamp;
    t.clock.advance(20000);
    expect((await p.call('leadsDelete', 'member', { id: linked[0]!.leadId })).code).toBe(Code.OK);
    t.clock.advance(20000);
    const after = await c.inc('member', start + INC_OVERLAP_MS);
    expect(after.rows.map((r) => [r.id, r.leadId])).toEqual([[linked[0]!.id, null]]);
    const batch = await t.request('POST', '/member/contacts/batch-delete', { body: { selection: { mode: 'page', ids: [linked[1]!.leadId] } }, token: w.who.member.accessToken });
    expect(batch.code).toBe(Code.OK);
    t.clock.advance(20000);
    expect((await c.inc('member', after.timestamp)).rows.map((r) => [r.id, r.leadId])).toEqual([[linked[1]!.id, null]]);
  });

  it('does not lose a change stamped a little before a read that missed it (the next timestamp lies behind the read)', async () => {
    await fiveChats();
    t.clock.advance(60000);
    const read = await c.inc('member', CLOCK_START.getTime());
    // A change stamped by a process whose clock is 2 s behind, committing after that read.
    t.clock.advance(-2000);
    await c.uploaded('member', { number: NUMBER, messages: [text('447700900003@c.us', 'late', T0 + 20 * MIN, false)] });
    t.clock.advance(22000);
    expect((await c.inc('member', read.timestamp)).rows.map((r) => r.name)).toEqual(['Chat 3']);
  });
});

describe('message pages', () => {
  /** 120 messages of Alice: two a second apart share each send time, so ties sit on page edges. */
  const all: MessageIn[] = Array.from({ length: 120 }, (_, i) => text(ALICE, `k${String(i).padStart(3, '0')}`, T0 + Math.floor(i / 2) * 1000, i % 3 === 0));
  const keysOf = (rows: Message[]) => rows.map((m) => m.msgKey);

  it('pages before and after by (send time, key): the latest 50 first, every message once, oldest first in each page', async () => {
    await c.uploaded('member', { number: NUMBER, chats: [single('4915112345678', 'Alice')], messages: [...all].reverse() });
    const conversationId = await c.conversationId('member', ALICE);
    const latest = await c.messagePage('before', 'member', { conversation_id: conversationId });
    expect([latest.rows.length, latest.hasMore]).toEqual([50, true]);
    expect(keysOf(latest.rows)).toEqual(all.slice(70).map((m) => m.msgKey));
    const second = await c.messagePage('before', 'member', { conversation_id: conversationId, send_time: latest.rows[0]!.sendTime, msg_key: latest.rows[0]!.msgKey });
    expect(keysOf(second.rows)).toEqual(all.slice(20, 70).map((m) => m.msgKey));
    const last = await c.messagePage('before', 'member', { conversation_id: conversationId, send_time: second.rows[0]!.sendTime, msg_key: second.rows[0]!.msgKey });
    expect([keysOf(last.rows), last.hasMore]).toEqual([all.slice(0, 20).map((m) => m.msgKey), false]);
    expect(await c.messagePage('before', 'member', { conversation_id: conversationId, send_time: T0, msg_key: 'k000' })).toEqual({ rows: [], hasMore: false });

    const newest = latest.rows[latest.rows.length - 1]!;
    expect(await c.messagePage('after', 'member', { conversation_id: conversationId, send_time: newest.sendTime, msg_key: newest.msgKey })).toEqual({ rows: [], hasMore: false });
    const forward = await c.messagePage('after', 'member', { conversation_id: conversationId, send_time: T0, msg_key: 'k000' });
    expect([keysOf(forward.rows), forward.hasMore]).toEqual([all.slice(1, 51).map((m) => m.msgKey), true]);
    const rest = await c.messagePage('after', 'member', { conversation_id: conversationId, send_time: forward.rows[49]!.sendTime, msg_key: forward.rows[49]!.msgKey, page_size: 50 });
    const tail = await c.messagePage('after', 'member', { conversation_id: conversationId, send_time: rest.rows[49]!.sendTime, msg_key: rest.rows[49]!.msgKey });
    expect([keysOf(tail.rows), tail.hasMore]).toEqual([all.slice(101).map((m) => m.msgKey), false]);
    // Without a key, a send time alone: strictly before or after it.
    expect(keysOf((await c.messagePage('after', 'member', { conversation_id: conversationId, send_time: T0 + 58 * 1000 })).rows)).toEqual(['k118', 'k119']);
  });

  it('answers every field of a message, meta included', async () => {
    await c.uploaded('member', firstBatch());
    const page = await c.messagePage('before', 'member', { conversation_id: await c.conversationId('member', TEAM) });
    expect(page.rows.map((m) => [m.msgKey, m.senderName, m.type])).toEqual([
      ['g1', 'Omar', 'chat'],
      ['g2', 'Lina', 'location'],
    ]);
    expect(page.rows[1]).toMatchObject({ text: null, meta: { location: { lat: 25.2, lng: 55.27, name: 'Dubai Mall' } }, fromMe: false, sendTime: T0 + 5 * MIN });
    const alice = await c.messagePage('before', 'member', { conversation_id: await c.conversationId('member', ALICE), page_size: 1 });
    expect([alice.rows[0], alice.hasMore]).toEqual([
      expect.objectContaining({ msgKey: 'a3', type: 'image', text: 'the sample', fileName: 'sample.jpg', fileSize: 204800, mimeType: 'image/jpeg', meta: null }),
      true,
    ]);
  });

  it('answers NOT_FOUND for a conversation that is not the member’s', async () => {
    await c.uploaded('target', firstBatch());
    const theirs = await c.conversationId('target', ALICE);
    expect((await c.messages('before', 'member', { conversation_id: theirs })).code).toBe(Code.NOT_FOUND);
    expect((await c.messages('before', 'member', { conversation_id: 'no-such-chat' })).code).toBe(Code.NOT_FOUND);
  });
});

describe('validation', () => {
  it.each([
    ['a chat id without the user or group suffix', { number: NUMBER, chats: [{ chatWhatsappId: '4915112345678', name: 'x' }] }],
    ['a chat id with letters', { number: NUMBER, chats: [{ chatWhatsappId: 'abc@c.us', name: 'x' }] }],
    ['another service’s suffix', { number: NUMBER, chats: [{ chatWhatsappId: '4915112345678@s.whatsapp.net', name: 'x' }] }],
    ['a number with a plus', { number: '+15550001000', chats: [] }],
    ['a message without its key', { number: NUMBER, chats: [single('4915112345678', 'A')], messages: [{ ...text(ALICE, 'k', T0, false), msgKey: '' }] }],
  ])('refuses %s (VALIDATION), nothing stored', async (_, body) => {
    const before = await c.snapshot();
    const res = await c.upload('member', body as never);
    expect(res.code).toBe(Code.VALIDATION);
    expect(await c.snapshot()).toBe(before);
  });

  it(`refuses more than ${SYNC_BATCH_MAX_MESSAGES} messages in a batch`, async () => {
    const many = Array.from({ length: SYNC_BATCH_MAX_MESSAGES + 1 }, (_, i) => ({ chatWhatsappId: ALICE, msgKey: `${i}`, sendTime: T0 + i, fromMe: true, type: 'chat' }));
    const res = await c.upload('member', { number: NUMBER, chats: [single('4915112345678', 'A')], messages: many });
    expect([res.code, res.message]).toEqual([Code.VALIDATION, expect.stringMatching(/^messages: /)]);
    expect(await count(messages)).toBe(0);
  });

  it('refuses a body over the upload limit (BODY_TOO_LARGE) before reading it', async () => {
    const huge = 'x'.repeat(60000);
    const messagesOf = Array.from({ length: Math.ceil(SYNC_BODY_LIMIT / huge.length) + 1 }, (_, i) => text(ALICE, `${i}`, T0 + i, true, { text: huge }));
    const res = await c.upload('member', { number: NUMBER, chats: [single('4915112345678', 'A')], messages: messagesOf });
    expect(res.code).toBe(Code.BODY_TOO_LARGE);
    expect(await count(chats)).toBe(0);
  });

  it('refuses messages of a chat neither in the batch nor uploaded before, storing nothing of the batch', async () => {
    const res = await c.upload('member', { number: NUMBER, chats: [single('4915112345678', 'A')], messages: [text(ALICE, 'a', T0, false), text(BOB, 'b', T0, false)] });
    expect([res.code, res.message]).toEqual([Code.VALIDATION, `messages: no chat ${BOB} was uploaded (send the chat in this batch or an earlier one)`]);
    expect([await count(chats), await count(messages), await count(chatNumbers)]).toEqual([0, 0, 0]);
  });
});

describe('all or nothing', () => {
  it('leaves nothing half-written when a write fails mid-upload (a failure injected into the lead insert)', async () => {
    await c.uploaded('member', { number: NUMBER, chats: [single('447700900001', 'Before')], messages: [text('447700900001@c.us', 'x', T0, false)] });
    const before = await c.snapshot();
    await t.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION chats_boom() RETURNS trigger AS $$ BEGIN IF NEW.name = 'Boom' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`),
    );
    await t.db.execute(sql.raw('CREATE TRIGGER chats_boom BEFORE INSERT ON leads FOR EACH ROW EXECUTE FUNCTION chats_boom()'));
    try {
      const res = await c.upload('member', {
        number: NUMBER,
        final: true,
        chats: [single('447700900002', 'Fine'), single('447700900003', 'Boom'), single('447700900001', 'Renamed')],
        messages: [text('447700900002@c.us', 'y', T0, false), text('447700900001@c.us', 'z', T0 + 1, true)],
      });
      expect(res.code).toBe(Code.INTERNAL);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER chats_boom ON leads'));
      await t.db.execute(sql.raw('DROP FUNCTION chats_boom()'));
    }
    expect(await c.snapshot()).toBe(before);
  });
});

describe('query plans', () => {
  it('reads the page list, the increments and the message pages in index order (no sort step, no table scan)', async () => {
    await c.uploaded('member', firstBatch());
    const owner = { workspaceId: w.W, userId: w.who.member.userId };
    const conversationId = await c.conversationId('member', ALICE);
    const planOf = async (query: (tx: typeof t.db) => { getSQL(): ReturnType<typeof sql> }) =>
      t.db.transaction(async (tx) => {
        // A tiny table would be read whole; with sequential scans, bitmaps and sorts priced out,
        // the plan shows whether an index gives the rows in the asked order.
        for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await tx.execute(sql`SELECT set_config(${setting}, 'off', true)`);
        const result = await tx.execute(sql`EXPLAIN ${query(tx).getSQL()}`);
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    const expectIndex = (plan: string, index: string) => {
      expect(plan, plan).toMatch(new RegExp(`Index (Only )?Scan( Backward)? using ${index}`));
      expect(plan, plan).not.toMatch(/\bSort\b|Seq Scan/);
    };
    expectIndex(await planOf((tx) => chatPageQuery(tx, owner, 2, 500)), 'chats_owner_last_message_idx');
    expectIndex(await planOf((tx) => changedSinceQuery(tx, owner, new Date(T0).toISOString())), 'chats_owner_updated_idx');
    for (const direction of ['before', 'after'] as const) {
      for (const at of [null, { sendTime: T0 }, { sendTime: T0, msgKey: 'a2' }]) {
        if (direction === 'after' && at === null) continue;
        expectIndex(await planOf((tx) => messagePageQuery(tx, owner, conversationId, direction, at, 50)), 'messages_page_idx');
      }
    }
  });
});
