import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, chatSyncStates, leads, messages } from '../../server/db/schema';
import { payInfoData, userInfoData } from '../../src/contract/account';
import { camelKeys } from '../../src/contract/case';
import { leadAddRequest, leadListData, NO_TAB_ID, userTabsData, type Lead } from '../../src/contract/leads';
import { decodePerms } from '../../src/contract/permissions';
import { DEMO_INVITEE, DEMO_WORKSPACE_NAME, demoTagTypes, demoUsers, sampleImportTable, seedDemo } from '../../scripts/seed-demo';
import { LONG_CHAT_MESSAGES, UNKNOWN_DEMO_TYPE } from '../../scripts/seed/demo-chats';
import { chatsEndpoints, conversationPageData, MAX_CHAT_FILE_BYTES, messagePageData, messageTypes, phoneOfChatId, syncStatusData } from '../../src/contract/chats';
import { rowErrors } from '../../src/contract/import-rows';
import { phoneKey } from '../../server/leads/phone-key';
import { signUp } from './support/accounts';
import { setupTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

describe('seed:demo', () => {
  it('runs on the driver the suite was asked for', () => {
    expect(t.driver).toBe(process.env.TEST_DATABASE_URL ? 'node-postgres' : 'pglite');
  });

  it('creates the demo workspace on the pro plan with four people, and re-running duplicates nothing', async () => {
    const first = await seedDemo(t.db, t.clock);
    const counted = async () => ({
      users: await t.count('users'),
      workspaces: await t.count('workspaces'),
      members: await t.count('workspaceMembers'),
      tabs: await t.count('tabs'),
      leads: await t.count('leads'),
      tagTypes: await t.count('tagTypes'),
      tags: await t.count('tags'),
      tagValues: await t.count('tagValues'),
      leadTagValues: await t.count('leadTagValues'),
    });
    const counts = await counted();
    const tabTotal = demoUsers.reduce((n, u) => n + u.tabs.length, 0);
    const leadTotal = demoUsers.reduce((n, u) => n + u.leads, 0);
    const tagCount = demoTagTypes.reduce((n, type) => n + type.tags.length, 0);
    const valueCount = demoTagTypes.reduce((n, type) => n + type.tags.reduce((m, tag) => m + tag.values.length, 0), 0);
    expect(counts).toMatchObject({ users: 4, workspaces: 1, members: 5, tabs: tabTotal, leads: leadTotal, tagTypes: demoTagTypes.length, tags: tagCount, tagValues: valueCount });
    // About a third of the leads carry tag values.
    expect(counts.leadTagValues).toBeGreaterThan(leadTotal / 5);
    expect(first.tagValues).toBe(valueCount);
    expect(await t.count('invitations')).toBe(2);
    expect(first.pipelines).toEqual(Object.fromEntries(demoUsers.map((u) => [u.email, { tabs: u.tabs.length, leads: u.leads }])));
    const second = await seedDemo(t.db, t.clock);
    expect(second).toEqual(first);
    expect(await counted()).toEqual(counts);
    expect(await t.count('invitations')).toBe(2);
  }, 60000);

  it('lets every demo user sign in with the printed password, with the right role', async () => {
    const expected = { admin: [{ code: 'admin', level: 1 }], manager: [{ code: 'admin', level: 3 }], member: [{ code: 'member', level: 2 }] };
    for (const u of demoUsers) {
      const login = await t.post('/api/wp/user/login', { email: u.email, password: u.password });
      expect(login.code, u.email).toBe(100000);
      const token = (login.data as { access_token: string }).access_token;
      const info = userInfoData.parse(camelKeys((await t.request('GET', '/api/crm/v2/user/info/', { token })).data));
      expect(info.roles).toEqual(expected[u.level]);
      const ws = await t.post('/public/workspace/info', {}, { token });
      expect(ws.data).toMatchObject({ workspace_name: DEMO_WORKSPACE_NAME, member_count: 4 });
      const pay = payInfoData.parse(camelKeys((await t.post('/api/pay/v1/plan/info', {}, { token })).data));
      expect(pay.planCode).toBe('pro');
      expect(decodePerms(pay.perms, info.userId).button_message).toBe(true);
    }
  });

  it('gives each person a living pipeline: their tabs, and leads in three languages over No tabs and every tab', async () => {
    const all: Lead[] = [];
    for (const u of demoUsers) {
      const login = await t.post('/api/wp/user/login', { email: u.email, password: u.password });
      const token = (login.data as { access_token: string }).access_token;
      const prefix = u.level === 'member' ? '/member' : '/admin';
      const tabs = userTabsData.parse(camelKeys((await t.post(`${prefix}/user/tabs/`, {}, { token })).data)).tabs;
      expect(tabs.map((tab) => tab.name)).toEqual(['No tabs', ...u.tabs]);
      expect(u.tabs.length).toBeGreaterThanOrEqual(3);
      expect(u.tabs.length).toBeLessThanOrEqual(5);
      const rows: Lead[] = [];
      for (let page = 1; rows.length < u.leads; page++) {
        const answer = await t.post(`${prefix}/leads/list`, { show_closed_leads: true, page, page_size: 200 }, { token });
        const list = leadListData.parse(camelKeys(answer.data));
        expect(list.totalCount, u.email).toBe(u.leads);
        expect(list.rows.length, `${u.email} page ${page}`).toBeGreaterThan(0);
        rows.push(...list.rows);
      }
      // Every tab of the person holds some of their leads, and so does No tabs.
      expect(new Set(rows.map((r) => r.tabId))).toEqual(new Set(tabs.map((tab) => tab.id)));
      expect(new Set(rows.map((r) => r.name.toLowerCase())).size, 'names are unique per owner, ignoring case').toBe(rows.length);
      const open = leadListData.parse(camelKeys((await t.post(`${prefix}/leads/list`, { page_size: 1 }, { token })).data));
      expect(open.totalCount).toBe(rows.filter((r) => !r.isClosed).length);
      all.push(...rows);
    }
    expect(all.length).toBeGreaterThanOrEqual(300);

    const share = (test: (r: Lead) => boolean) => all.filter(test).length / all.length;
    expect(share((r) => /^[A-Za-z]/.test(r.name))).toBeGreaterThan(0.3);
    expect(share((r) => /^\p{Script=Han}/u.test(r.name))).toBeGreaterThan(0.15);
    expect(share((r) => /^\p{Script=Arabic}/u.test(r.name))).toBeGreaterThan(0.1);
    expect(share((r) => /\p{Script=Han}/u.test(r.companyName ?? ''))).toBeGreaterThan(0.1);
    expect(share((r) => /\p{Script=Arabic}/u.test(r.companyName ?? ''))).toBeGreaterThan(0.05);
    expect(share((r) => r.tabId === NO_TAB_ID)).toBeGreaterThan(0.1);
    for (const field of ['phone', 'email', 'country', 'companyName', 'notes', 'birthday', 'followUpTime'] as const) {
      expect(share((r) => r[field] !== null), field).toBeGreaterThan(0.1);
    }
    for (const field of ['stage', 'level', 'source', 'activity'] as const) {
      expect(new Set(all.map((r) => r[field]).filter(Boolean)).size, field).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(all.map((r) => r.country)).size).toBeGreaterThan(10);

    const now = t.clock.now().getTime();
    const day = 24 * 60 * 60 * 1000;
    for (const r of all) {
      expect(r.createTime, r.name).toBeGreaterThanOrEqual(now - 90 * day);
      expect(r.createTime, r.name).toBeLessThanOrEqual(now);
      if (r.lastMessageTime !== null) expect(r.lastMessageTime).toBeGreaterThanOrEqual(r.createTime);
      if (r.lastMessageTime !== null) expect(r.lastMessageTime).toBeLessThanOrEqual(now);
      // Closing needs a custom tab (SPEC §5); a closed lead has its reason and waits for no reply.
      if (r.isClosed) expect([r.tabId !== NO_TAB_ID, r.closedReason !== null, r.awaitReply, r.stage?.startsWith('closed')]).toEqual([true, true, false, true]);
      if (r.awaitReply) expect(r.lastMessageTime).not.toBeNull();
      // What a person would be allowed to save in the lead form.
      const { id: _id, isClosed: _c, closedReason: _r, awaitReply: _a, editTime: _e, createTime: _t, lastMessageTime: _l, ...form } = r;
      const parsed = leadAddRequest.safeParse(form);
      expect(parsed.success, `${r.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    expect(share((r) => r.lastMessageTime !== null)).toBeGreaterThan(0.4);
    expect(share((r) => r.awaitReply)).toBeGreaterThan(0.1);
    expect(share((r) => r.isClosed)).toBeGreaterThan(0.04);
    expect(Math.min(...all.map((r) => r.createTime))).toBeLessThan(now - 60 * day);
  }, 60000);

  it('gives each person synced chats: every message type in three languages, groups with senders, a long chat, single chats linked to their leads', async () => {
    const seed = await seedDemo(t.db, t.clock);
    for (const u of demoUsers) {
      const ownerId = seed.userIds[u.email]!;
      const login = await t.post('/api/wp/user/login', { email: u.email, password: u.password });
      const token = (login.data as { access_token: string }).access_token;
      const prefix = u.level === 'member' ? '/member' : '/admin';
      const page = conversationPageData.parse(camelKeys((await t.post(`${prefix}/workspace/conversation/list/by-page`, {}, { token })).data));
      expect(page.totalCount, u.email).toBe(seed.chats[u.email]!.chats);
      expect(page.totalCount).toBeGreaterThan(30);
      expect(seed.chats[u.email]!.messages).toBeGreaterThan(LONG_CHAT_MESSAGES);
      // Newest first, each with its last message.
      const times = page.rows.map((r) => r.lastMessage?.sendTime ?? 0);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(page.rows.every((r) => r.lastMessage !== null && r.number === u.number)).toBe(true);

      const own = and(eq(chats.ownerId, ownerId), eq(chats.workspaceId, seed.workspaceId));
      const chatRows = await t.db.select().from(chats).where(own);
      const singles = chatRows.filter((r) => !r.isGroup);
      expect(chatRows.filter((r) => r.isGroup).length).toBeGreaterThanOrEqual(2);
      // Every single chat is one of the person's leads, found by its phone, which the sync left as the pipeline seed made it.
      const leadRows = await t.db.select().from(leads).where(eq(leads.ownerId, ownerId));
      const byId = new Map(leadRows.map((l) => [l.id, l]));
      for (const chat of singles) {
        const lead = byId.get(chat.leadId ?? '');
        expect(lead, chat.chatWhatsappId).toBeDefined();
        expect(phoneKey(lead!.phone)).toBe(phoneKey(phoneOfChatId(chat.chatWhatsappId)));
        expect(lead!.lastMessageAt?.getTime()).toBe(chat.lastMessageAt?.getTime());
        expect(lead!.awaitingReply).toBe(!lead!.isClosed && chat.lastMessageFromMe === false);
      }

      const stats = async (column: ReturnType<typeof sql>) =>
        (await t.db.execute(sql`SELECT ${column} AS v FROM messages m JOIN chats c ON c.id = m.conversation_id WHERE c.owner_id = ${ownerId} GROUP BY 1`)) as unknown;
      const valuesOf = async (column: ReturnType<typeof sql>) => {
        const result = await stats(column);
        return ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { v: unknown }[]).map((r) => r.v);
      };
      const types = await valuesOf(sql`m.type`);
      expect(new Set(types), u.email).toEqual(new Set([...messageTypes, UNKNOWN_DEMO_TYPE]));
      for (const kind of ['location', 'vcard', 'poll', 'order', 'payment', 'interactive', 'durationSec']) {
        expect((await valuesOf(sql`m.meta ? ${kind}`)).includes(true), kind).toBe(true);
      }
      expect((await valuesOf(sql`m.file_size > ${MAX_CHAT_FILE_BYTES}`)).includes(true)).toBe(true);
      const texts = (await valuesOf(sql`m.text`)).filter((v): v is string => typeof v === 'string');
      for (const script of [/[A-Za-z]/, /\p{Script=Han}/u, /\p{Script=Arabic}/u]) expect(texts.some((x) => script.test(x)), String(script)).toBe(true);
      const groupSenders = await t.db
        .select({ name: messages.senderName })
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.conversationId))
        .where(and(own, eq(chats.isGroup, true), eq(messages.fromMe, false)));
      expect(groupSenders.length).toBeGreaterThan(0);
      expect(groupSenders.every((m) => m.name)).toBe(true);

      // The long chat, read by message pages from its newest.
      const [long] = await t.db
        .select({ id: chats.id, n: sql<number>`count(*)::int` })
        .from(chats)
        .innerJoin(messages, eq(messages.conversationId, chats.id))
        .where(own)
        .groupBy(chats.id)
        .orderBy(sql`count(*) desc`)
        .limit(1);
      expect(long!.n).toBe(LONG_CHAT_MESSAGES);
      const latest = messagePageData.parse(camelKeys((await t.post(chatsEndpoints.messagePageBefore.path, { conversation_id: long!.id }, { token })).data));
      expect([latest.rows.length, latest.hasMore]).toEqual([50, true]);

      const status = syncStatusData.parse(camelKeys((await t.post(chatsEndpoints.syncStatus.path, {}, { token })).data));
      expect(status).toMatchObject({ numbers: [u.number], syncType: u.syncType, syncedChatCount: page.totalCount, lastSyncTime: t.clock.now().getTime() });
    }
  }, 60000);

  it('makes the same chats again from its fixed seed, and only for a person who has none', async () => {
    const seed = await seedDemo(t.db, t.clock);
    const ownerId = seed.userIds['member1@demo.test']!;
    const ofMember1 = async () => {
      const rows = await t.db
        .select({ chat: chats.chatWhatsappId, name: chats.name, key: messages.msgKey, at: messages.sendTime, type: messages.type, text: messages.text, meta: messages.meta })
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.conversationId))
        .where(eq(chats.ownerId, ownerId))
        .orderBy(asc(chats.chatWhatsappId), asc(messages.msgKey));
      return JSON.stringify(rows);
    };
    const before = await ofMember1();
    const others = await t.count('messages');
    // A person with chats keeps exactly those.
    await seedDemo(t.db, t.clock);
    expect(await ofMember1()).toBe(before);
    expect(await t.count('messages')).toBe(others);
    // A person with none gets the demo chats again, the very same ones.
    await t.db.delete(chats).where(eq(chats.ownerId, ownerId));
    await t.db.delete(chatSyncStates).where(eq(chatSyncStates.userId, ownerId));
    const again = await seedDemo(t.db, t.clock);
    expect(await ofMember1()).toBe(before);
    expect(again.chats).toEqual(seed.chats);
    expect(await t.count('messages')).toBe(others);
  }, 60000);

  it('makes the same leads again from its fixed seed, and only for a person who has none', async () => {
    const seed = await seedDemo(t.db, t.clock);
    const ownerId = seed.userIds['member2@demo.test']!;
    const ofMember2 = () => t.db.select().from(leads).where(and(eq(leads.workspaceId, seed.workspaceId), eq(leads.ownerId, ownerId))).orderBy(asc(leads.id));
    const before = await ofMember2();
    const others = (await t.count('leads')) - before.length;
    // A person with leads of their own keeps exactly those.
    await t.db.delete(leads).where(eq(leads.id, before[0]!.id));
    await seedDemo(t.db, t.clock);
    expect(await ofMember2()).toEqual(before.slice(1));
    // A person with none gets the demo leads again, the very same ones.
    await t.db.delete(leads).where(eq(leads.ownerId, ownerId));
    const again = await seedDemo(t.db, t.clock);
    expect(await ofMember2()).toEqual(before);
    expect(again.pipelines['member2@demo.test']).toEqual({ tabs: 4, leads: before.length });
    expect(await t.count('leads')).toBe(others + before.length);
  }, 60000);

  it('prints links the server accepts: the pending email invitation and the public link', async () => {
    const seed = await seedDemo(t.db, t.clock, { origin: 'http://127.0.0.1:8787' });
    expect(seed.emailInviteUrl).toMatch(/^http:\/\/127\.0\.0\.1:8787\/crm\/workspace\/grant-access\?invite_token=[\w-]{43}$/);
    expect(seed.publicInviteUrl).toMatch(/^http:\/\/127\.0\.0\.1:8787\/crm\/workspace\/invitation\?invite_token=[\w-]{43}$/);
    const token = (url: string) => new URL(url).searchParams.get('invite_token');
    const invitee = await signUp(t, DEMO_INVITEE);
    const info = await t.post('/public/workspace/invitation/info', { invite_token: token(seed.emailInviteUrl) }, { token: invitee.accessToken });
    expect(info.data).toEqual({ workspace_name: DEMO_WORKSPACE_NAME, kind: 'email', email: DEMO_INVITEE, status: 'valid' });
    const pub = await t.post('/public/workspace/invitation/info', { invite_token: token(seed.publicInviteUrl) }, { token: invitee.accessToken });
    expect(pub.data).toMatchObject({ kind: 'public', status: 'valid' });
    const joined = await t.post('/public/workspace/join', { email: DEMO_INVITEE, invite_token: token(seed.emailInviteUrl) }, { token: invitee.accessToken });
    expect(joined.data).toMatchObject({ workspace_name: DEMO_WORKSPACE_NAME, member_count: 5 });
  }, 60000);

  it('leaves a sample import with new people, the admin\'s people written another way, a repeated row and every row error', async () => {
    const seed = await seedDemo(t.db, t.clock);
    const [header, ...rows] = seed.sampleImport;
    expect(header).toEqual(['Name', 'Phone', 'Email', 'Company', 'Address', 'Website']);
    const relation = { name: 0, phone: 1, email: 2, companyName: 3, companyAddress: 4, companyWebsite: 5 };
    const errors = rows.map((row) => rowErrors(row, relation));
    expect(errors.flat().sort()).toEqual(['emailInvalid', 'nameEmpty', 'phoneEmpty', 'phoneInvalid']);
    const adminId = seed.userIds[demoUsers[0].email]!;
    const own = await t.db.select({ phoneKey: leads.phoneKey }).from(leads).where(eq(leads.ownerId, adminId));
    const ownKeys = new Set(own.map((l) => l.phoneKey));
    const keys = rows.filter((_, i) => errors[i]!.length === 0).map((row) => phoneKey(row[1]));
    // Three rows are people the admin has, written another way; one key repeats (the same person twice).
    expect(keys.filter((k) => ownKeys.has(k))).toHaveLength(3);
    expect(new Set(keys).size).toBe(keys.length - 1);
  }, 60000);

  it('writes the person\'s own people in the sample so each reads as theirs, whichever country comes first', () => {
    const own = [
      { name: 'Lim Wei', phone: '+65 2667 0978' },
      { name: 'Ann Lee', phone: '+1 415 555 0100' },
      { name: 'Oliver Grant', phone: '+44 20 7946 0000' },
    ];
    const ownKeys = new Set(own.map((l) => phoneKey(l.phone)));
    const theirs = sampleImportTable(own).filter((row) => own.some((l) => l.name === row[0]));
    expect(theirs).toHaveLength(3);
    expect(theirs.map((row) => row[1])).not.toEqual(own.map((l) => l.phone));
    for (const row of theirs) expect(ownKeys.has(phoneKey(row[1])), row[1]).toBe(true);
  });
});
