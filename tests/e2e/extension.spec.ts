/**
 * The companion extension in Chromium against the real server (the demo team is seeded): its chat
 * page (log in with a number, generated chats, a message and the simulated answer), and the SPEC
 * §7 messages a workspace page sends it, through a session of its own (eclientGrant, as the
 * /crm/eclient/auth page does), to a finished sync whose chats the workspace lists, kept up to
 * date while the chat page stays open; auto sync when the chat page opens, and a member whose sync
 * is off. The journey through the workspace's own screens is tests/e2e/ (chats journey).
 */
import { expect, test, type Page } from '@playwright/test';
import { accountEndpoints, userInfoData } from '../../src/contract/account';
import { chatCalls, chatsEndpoints } from '../../src/contract/chats';
import { camelKeys, snakeKeys } from '../../src/contract/case';
import { actionReply, configInfoReply, loginInfoReply, syncReply } from '../../src/contract/extension';
import { counterpartAnswers } from '../../extension/src/chat-data';
import { baseUrl, expectAccessible, signIn } from './helpers';
import { findChatPage, launchWithExtension, logInChatPage, messageExtension, openChatPage, type ExtensionSession } from './extension-context';

/** The demo team's people (scripts/seed-demo.ts). */
const demo = {
  admin: { email: 'admin@demo.test', password: 'demo-admin-pass' },
  member1: { email: 'member1@demo.test', password: 'demo-member1-pass' },
  member2: { email: 'member2@demo.test', password: 'demo-member2-pass' },
};

/** A POST to the workspace's API with a bearer token, as the app's client sends it; the answer's data camelCased. */
async function api(token: string, path: string, body: unknown = {}): Promise<{ code: number; data: unknown }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(snakeKeys(body)),
  });
  const envelope = (await response.json()) as { code: number; data: unknown };
  return { code: envelope.code, data: camelKeys(envelope.data) };
}

type SignedIn = { page: Page; userId: string; email: string; accessToken: string };

/**
 * Signs in through the app, keeps its access token and user, then leaves the app for a plain
 * page of the same origin: the extension answers any page there, and the app's own flows (the
 * first-run guidance polls the extension) must not interleave with the messages this test sends.
 */
async function signInAndLeave(ext: ExtensionSession, who: { email: string; password: string }): Promise<SignedIn> {
  const page = await ext.context.newPage();
  await signIn(page, who.email, who.password);
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
  const accessToken = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(accessToken).toBeTruthy();
  const info = await fetch(`${baseUrl()}${accountEndpoints.userInfo.path}`, { headers: { authorization: `Bearer ${accessToken}` } });
  const user = userInfoData.parse(camelKeys(((await info.json()) as { data: unknown }).data));
  await page.goto(`${baseUrl()}/favicon.ico`);
  return { page, userId: user.userId, email: user.email, accessToken: accessToken! };
}

/** What eclientGrant answers the signed-in page, handed to the extension as /crm/eclient/auth does. */
async function connectExtension(ext: ExtensionSession, who: SignedIn) {
  const grant = await api(who.accessToken, chatsEndpoints.eclientGrant.path);
  expect(grant.code).toBe(100000);
  expect(actionReply.parse(await messageExtension(who.page, ext.extensionId, 'eclientAuth', grant.data))).toEqual({ ok: true });
}

/** Polls fetchChatsSyncInfo until the sync finished (SPEC §4: both flags). */
async function expectSyncFinished(ext: ExtensionSession, page: Page) {
  await expect
    .poll(async () => {
      const reply = syncReply.parse(await messageExtension(page, ext.extensionId, 'fetchChatsSyncInfo'));
      return reply.chatSyncFirstBatchFinished && reply.chatSyncFinished;
    }, { timeout: 45_000, intervals: [500] })
    .toBe(true);
}

type ListedChat = { id: string; chatWhatsappId: string; name: string; lastMessage: { text: string | null } | null };

/** The member's synced chats as the workspace lists them (every page; the demo seed gave them chats already). */
async function listedChats(token: string): Promise<ListedChat[]> {
  const rows: ListedChat[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const answer = await api(token, chatCalls.conversationListByPage.member.path, { pageNo, pageSize: 500 });
    expect(answer.code).toBe(100000);
    const page = answer.data as { rows: ListedChat[]; hasNext: boolean };
    rows.push(...page.rows);
    if (!page.hasNext) return rows;
  }
}

/** The chat ids the chat page lists. */
const chatPageIds = async (chat: Page): Promise<string[]> =>
  (await chat.getByTestId('chat-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-chat-id') ?? ''))).sort();

test('the chat page: log in with a number, its chats, a message and the simulated answer', async () => {
  test.setTimeout(120_000);
  const ext = await launchWithExtension();
  try {
    const chat = await openChatPage(ext);
    await expect(chat.getByTestId('chat-login')).toBeVisible();
    await expectAccessible(chat, 'chat page login');
    await chat.getByTestId('chat-login-number').fill('12');
    await chat.getByTestId('chat-login-submit').click();
    await expect(chat.getByTestId('chat-login-error')).toHaveText('Enter 5 to 20 digits.');

    await logInChatPage(chat, '+1 415 555 0100');
    await expect(chat.getByTestId('chat-number')).toHaveText('Logged in as +14155550100');
    await expect(chat.getByTestId('chat-item')).toHaveCount(46);
    const listText = (await chat.getByTestId('chat-list').textContent()) ?? '';
    expect(listText).toMatch(/\p{Script=Han}/u);
    expect(listText).toMatch(/\p{Script=Arabic}/u);
    const names = await chat.locator('.chat-name').allTextContents();

    // Open the first chat, read it, write to it: the counterpart answers in the chat's language.
    const first = chat.getByTestId('chat-item').first();
    const chatId = (await first.getAttribute('data-chat-id'))!;
    await first.click();
    await expect(chat.getByTestId('chat-messages').getByTestId('chat-message').first()).toBeVisible();
    await expectAccessible(chat, 'chat page conversation');
    const before = await chat.getByTestId('chat-message').count();
    const text = 'Hello from the journey <b>not bold</b>';
    await chat.getByTestId('chat-composer-input').fill(text);
    await chat.getByTestId('chat-composer-input').press('Enter');
    const sent = chat.getByTestId('chat-message').nth(before);
    await expect(sent).toHaveAttribute('data-from-me', 'true');
    await expect(sent.locator('.text')).toHaveText(text);
    await expect(sent.locator('b')).toHaveCount(0);
    const answer = chat.getByTestId('chat-message').nth(before + 1);
    await expect(answer).toHaveAttribute('data-from-me', 'false', { timeout: 10_000 });
    const answers = Object.values(counterpartAnswers).flat();
    expect(answers).toContain(await answer.locator('.text').textContent());

    // The same number shows the same chats again (with what was written); another number others.
    await chat.getByTestId('chat-logout').click();
    await logInChatPage(chat, '8613800138000');
    expect(await chat.locator('.chat-name').allTextContents()).not.toEqual(names);
    await chat.getByTestId('chat-logout').click();
    await logInChatPage(chat, '14155550100');
    const again = await chat.locator('.chat-name').allTextContents();
    expect([...again].sort()).toEqual([...names].sort());
    await expect(chat.getByTestId('chat-item').first()).toHaveAttribute('data-chat-id', chatId);
  } finally {
    await ext.close();
  }
});

test('a workspace page and the extension: login info, the chat page, a session of its own, a sync kept up to date', async () => {
  test.setTimeout(180_000);
  const ext = await launchWithExtension();
  try {
    const crm = await signInAndLeave(ext, demo.member1);
    const ask = (type: string, payload?: unknown) => messageExtension(crm.page, ext.extensionId, type, payload);

    // Messages the app never sends get no answer at all.
    expect(await ask('deleteEverything')).toHaveProperty('noAnswer');
    expect(await messageExtension(crm.page, ext.extensionId, '', undefined, { sender: 'evil', target: 'background', type: 'fetchLoginInfo' })).toHaveProperty('noAnswer');

    // Nothing logged in, the chat page closed.
    expect(loginInfoReply.parse(await ask('fetchLoginInfo', { userId: crm.userId, email: crm.email }))).toEqual({
      isWhatsappLogin: false,
      isLogin: false,
      chatSyncFinished: false,
      isReachSyncLimit: false,
      isWhatsappOpen: false,
      chatSyncFirstBatchFinished: false,
      isOpenWhatsapp: false,
    });
    expect(configInfoReply.parse(await ask('findConfigInfo'))).toEqual({ chatServiceId: null });

    // activateChatWebTab opens the chat page; then the page says it is open.
    expect(actionReply.parse(await ask('activateChatWebTab'))).toEqual({ ok: true });
    await expect.poll(() => findChatPage(ext) !== undefined).toBe(true);
    const chat = findChatPage(ext)!;
    expect(loginInfoReply.parse(await ask('fetchLoginInfo', { userId: crm.userId, email: crm.email }))).toMatchObject({ isOpenWhatsapp: true, isWhatsappOpen: true });

    // loginGuidance shows the banner asking to log in; logging in gives the chat-service id.
    expect(await ask('loginGuidance')).toEqual({ ok: true });
    await expect(chat.getByTestId('chat-banner')).toHaveText(/Log in here with your phone number/);
    const number = '447700900123';
    await logInChatPage(chat, number);
    expect(await ask('findConfigInfo')).toEqual({ chatServiceId: number });
    expect(await ask('fetchLoginInfo', { userId: crm.userId, email: crm.email })).toMatchObject({ isWhatsappLogin: true, isLogin: false });
    await expect(chat.getByTestId('chat-banner')).toHaveText(/Connect this page to Chat CRM/);

    // startChat with a number the account has no chat with makes that chat and opens it.
    expect(await ask('startChat', { phone: '+86 139 1234 5678' })).toEqual({ ok: true });
    await expect(chat.locator('#conv-title')).toHaveText('+8613912345678');
    expect(await ask('startChat', { phone: 'not a phone' })).toMatchObject({ ok: false });

    // Before the extension has a session, a sync request starts nothing.
    expect(syncReply.parse(await ask('fetchChatsSync', { isSyncData: true }))).toMatchObject({ isLogin: false, chatSyncFinished: false });

    // The extension's own session: signed in as this user, not as another.
    await connectExtension(ext, crm);
    // The address and email sit in direction isolates (U+2068 ... U+2069) for right-to-left pages.
    await expect.poll(async () => (await chat.getByTestId('crm-status').textContent())?.replace(/[\u2068\u2069]/g, '')).toBe(`Connected as ${demo.member1.email} (${baseUrl()})`);
    expect(await ask('fetchLoginInfo', { userId: crm.userId, email: crm.email })).toMatchObject({ isLogin: true, isWhatsappLogin: true });
    expect(await ask('fetchLoginInfo', { userId: 'someone-else', email: 'x@y.z' })).toMatchObject({ isLogin: false });

    // The sync: the reply comes at once, the flags follow; the workspace lists the chats.
    const started = syncReply.parse(await ask('fetchChatsSync', { isSyncData: true }));
    expect(started).toMatchObject({ isLogin: true, isWhatsappLogin: true, isReachSyncLimit: false });
    await expectSyncFinished(ext, crm.page);
    await expect(chat.getByTestId('sync-status')).toHaveAttribute('data-phase', 'finished');
    const ids = await chatPageIds(chat);
    expect(ids).toHaveLength(47);
    expect(ids).toContain('8613912345678@c.us');
    const listed = new Set((await listedChats(crm.accessToken)).map((r) => r.chatWhatsappId));
    expect(ids.filter((id) => !listed.has(id))).toEqual([]);

    // While the chat page stays open, what is written there reaches the workspace by itself.
    const target = chat.getByTestId('chat-item').nth(3);
    const targetId = (await target.getAttribute('data-chat-id'))!;
    await target.click();
    const text = `Live after the sync ${Date.now()}`;
    await chat.getByTestId('chat-composer-input').fill(text);
    await chat.getByTestId('chat-send').click();
    const conversationId = (await listedChats(crm.accessToken)).find((r) => r.chatWhatsappId === targetId)!.id;
    await expect
      .poll(async () => {
        const row = { id: conversationId };
        const page = await api(crm.accessToken, chatsEndpoints.messagePageBefore.path, { conversationId: row.id });
        const texts = (page.data as { rows: { text: string | null; fromMe: boolean }[] }).rows;
        return texts.some((m) => m.fromMe && m.text === text) && !texts.at(-1)!.fromMe;
      }, { timeout: 20_000 })
      .toBe(true);
    await expectAccessible(chat, 'chat page connected');
  } finally {
    await ext.close();
  }
});

test('auto sync starts when the chat page opens; a member whose sync is off is refused', async () => {
  test.setTimeout(180_000);
  const ext = await launchWithExtension();
  try {
    // The admin's sync type is auto (the demo seed): connecting and opening the chat page is enough.
    const admin = await signInAndLeave(ext, demo.admin);
    const chat = await openChatPage(ext);
    await logInChatPage(chat, '971501234567');
    await connectExtension(ext, admin);
    await chat.reload();
    await expectSyncFinished(ext, admin.page);
    const listed = new Set((await listedChats(admin.accessToken)).map((r) => r.chatWhatsappId));
    expect((await chatPageIds(chat)).filter((id) => !listed.has(id))).toEqual([]);

    // The second demo member's sync is off: the upload is refused and the chat page says so.
    const off = await signInAndLeave(ext, demo.member2);
    await connectExtension(ext, off);
    expect(syncReply.parse(await messageExtension(off.page, ext.extensionId, 'fetchChatsSync', { isSyncData: true }))).toMatchObject({ isLogin: true, chatSyncFinished: false });
    await expect(chat.getByTestId('sync-status')).toHaveText('Chat sync is turned off for this member.', { timeout: 20_000 });
    expect(syncReply.parse(await messageExtension(off.page, ext.extensionId, 'fetchChatsSyncInfo'))).toMatchObject({ chatSyncFinished: false, chatSyncFirstBatchFinished: false });
    await expectAccessible(chat, 'chat page sync off');
  } finally {
    await ext.close();
  }
});
