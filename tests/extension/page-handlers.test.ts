/** What the service worker does for each page request, and that its replies are the contract's. */
import { describe, expect, it } from 'vitest';
import { actionReply, configInfoReply, loginInfoReply, syncReply } from '../../src/contract/extension';
import type { ChatPageTarget } from '../../extension/src/chat-page-link';
import { generateAccount, mergeAccount } from '../../extension/src/chat-data';
import { newAccountRecord } from '../../extension/src/chat-page/actions';
import { SEND_REFUSALS } from '../../extension/src/send-message';
import { handlePageRequest, type PageHandlerDeps } from '../../extension/src/page-handlers';
import { routePageMessage, type PageRequest } from '../../extension/src/routing';
import { createStore, memoryArea, type AccountRecord, type CrmSession } from '../../extension/src/state';
import type { SyncMode } from '../../extension/src/sync-engine';

const origin = 'http://127.0.0.1:8787';
const NOW = 1_750_000_000_000;
const session: CrmSession = { origin, accessToken: 'a', refreshToken: 'r', expiresAt: NOW + 900_000, userId: 'u1', email: 'mia@example.test', workspaceId: 'w1' };

const setup = (initial: Record<string, unknown> = {}, open = false, accepts = true) => {
  const area = memoryArea(initial);
  const verified: CrmSession[] = [];
  const scheduled: SyncMode[] = [];
  const opened: ChatPageTarget[] = [];
  let ids = 0;
  const deps: PageHandlerDeps = {
    store: createStore(area),
    schedule: (mode) => void scheduled.push(mode),
    chatPage: { isOpen: async () => open, open: async (target) => (opened.push(target), true) },
    verifySession: async (candidate) => (verified.push(candidate), accepts),
    now: () => NOW,
    randomId: () => `ID${++ids}`,
  };
  const ask = (type: string, payload?: unknown) => {
    const request = routePageMessage({ sender: 'crm-web', target: 'background', type, payload }, { origin, url: `${origin}/crm/conversation` });
    if (!request) throw new Error(`${type} was ignored`);
    return handlePageRequest(request as PageRequest, deps);
  };
  return { area, scheduled, opened, verified, ask };
};

describe('page requests', () => {
  it('remembers the asking page’s origin, writing it only when it changes', async () => {
    const { area, ask } = setup();
    const writes: string[] = [];
    const set = area.set;
    area.set = async (items) => (writes.push(...Object.keys(items)), set(items));
    await ask('fetchChatsSyncInfo');
    await ask('fetchChatsSyncInfo');
    expect(area.data.lastPageOrigin).toBe(origin);
    expect(writes).toEqual(['lastPageOrigin']);
  });

  it('answers fetchLoginInfo and fetchChatsSyncInfo with the contract’s fields', async () => {
    const { ask } = setup({ crmSession: session, chatLogin: { number: '14155550100' } }, true);
    const info = loginInfoReply.parse(await ask('fetchLoginInfo', { userId: 'u1', email: session.email }));
    expect(info).toMatchObject({ isLogin: true, isWhatsappLogin: true, isOpenWhatsapp: true, chatSyncFinished: false });
    const sync = syncReply.parse(await ask('fetchChatsSyncInfo'));
    expect(sync).toMatchObject({ isLogin: true, isWhatsappLogin: true, isWhatsappOpen: true });
  });

  it('starts a sync for isSyncData only when signed in to this workspace with a number on the chat page', async () => {
    const signedIn = setup({ crmSession: session, chatLogin: { number: '14155550100' } });
    syncReply.parse(await signedIn.ask('fetchChatsSync', { isSyncData: true }));
    expect(signedIn.scheduled).toEqual(['sync']);
    await signedIn.ask('fetchChatsSync', { isSyncData: false });
    expect(signedIn.scheduled).toEqual(['sync']);

    const noNumber = setup({ crmSession: session });
    expect(await noNumber.ask('fetchChatsSync', { isSyncData: true })).toMatchObject({ isWhatsappLogin: false });
    expect(noNumber.scheduled).toEqual([]);

    const otherWorkspace = setup({ crmSession: { ...session, origin: 'http://localhost:9000' }, chatLogin: { number: '14155550100' } });
    expect(await otherWorkspace.ask('fetchChatsSync', { isSyncData: true })).toMatchObject({ isLogin: false });
    expect(otherWorkspace.scheduled).toEqual([]);
  });

  it('remembers a sync asked for before the chat page was logged in, and starts it when the session arrives after the login', async () => {
    const early = setup({ crmSession: session });
    await early.ask('fetchChatsSync', { isSyncData: true });
    expect(early.scheduled).toEqual([]);
    expect(early.area.data.pendingSync).toEqual({ origin, at: NOW });

    // Logged in on the chat page first, connected afterwards: the session's hand-over starts it.
    const payload = { accessToken: 'access-1', refreshToken: 'refresh-1'.padEnd(20, 'x'), expiresIn: 900, userId: 'u1', email: session.email, workspaceId: 'w1' };
    const late = setup({ chatLogin: { number: '14155550100' }, pendingSync: { origin, at: NOW - 1000 } });
    expect(await late.ask('eclientAuth', payload)).toEqual({ ok: true });
    expect(late.scheduled).toEqual(['sync']);
    expect(late.area.data.pendingSync).toBeUndefined();

    // A request once both are there starts at once and forgets an earlier one.
    const ready = setup({ crmSession: session, chatLogin: { number: '14155550100' }, pendingSync: { origin, at: NOW - 1000 } });
    await ready.ask('fetchChatsSync', { isSyncData: true });
    expect(ready.scheduled).toEqual(['sync']);
    expect(ready.area.data.pendingSync).toBeUndefined();
  });

  it('opens the chat page for guidance, activation and a chat', async () => {
    const { ask, opened } = setup();
    expect(actionReply.parse(await ask('loginGuidance'))).toEqual({ ok: true });
    expect(actionReply.parse(await ask('activateChatWebTab'))).toEqual({ ok: true });
    expect(actionReply.parse(await ask('startChat', { phone: '+1 415 555 0134' }))).toEqual({ ok: true });
    expect(opened).toEqual([{ guidance: 'login' }, {}, { chat: '14155550134@c.us' }]);
    expect(actionReply.parse(await ask('startChat', { phone: 'x' }))).toMatchObject({ ok: false });
    expect(opened).toHaveLength(3);
  });

  it('tells the chat-service id: the logged-in number, or null', async () => {
    expect(configInfoReply.parse(await setup().ask('findConfigInfo'))).toEqual({ chatServiceId: null });
    expect(await setup({ chatLogin: { number: '14155550100' } }).ask('findConfigInfo')).toEqual({ chatServiceId: '14155550100' });
  });

  it('keeps the session handed over by eclientAuth, with the sender as the workspace origin, once the workspace accepts it', async () => {
    const { area, ask, verified } = setup();
    const payload = { accessToken: 'access-1', refreshToken: 'refresh-1'.padEnd(20, 'x'), expiresIn: 900, userId: 'u7', email: 'max@example.test', workspaceId: 'w1' };
    expect(await ask('eclientAuth', payload)).toEqual({ ok: true });
    const expected = { origin, accessToken: 'access-1', refreshToken: payload.refreshToken, expiresAt: NOW + 900_000, userId: 'u7', email: 'max@example.test', workspaceId: 'w1' };
    expect(verified).toEqual([expected]);
    expect(area.data.crmSession).toEqual(expected);
    expect(await ask('eclientAuth', { accessToken: 'x' })).toMatchObject({ ok: false });
    expect(verified).toHaveLength(1);
    expect(area.data.crmSession).toMatchObject({ userId: 'u7' });

    const refused = setup({}, false, false);
    expect(await refused.ask('eclientAuth', payload)).toMatchObject({ ok: false });
    expect(refused.area.data.crmSession).toBeUndefined();
  });

  describe('sendMessage', () => {
    const NUMBER = '14155550100';
    const ANCHOR = NOW - 3_600_000;
    const chat = mergeAccount(generateAccount(NUMBER, ANCHOR), [], []).chats.find((c) => !c.isGroup)!;
    const image = { name: 'catalogue.png', mimeType: 'image/png', kind: 'image' as const, size: 48_000, url: `${origin}/files/download/abc?sig=1` };
    const doc = { name: 'prices.pdf', mimeType: 'application/pdf', kind: 'document' as const, size: 120_000, url: 'https://store.example.com/b/prices.pdf?X-Amz-Signature=1' };
    const ready = (extra: Record<string, unknown> = {}) => setup({ crmSession: session, chatLogin: { number: NUMBER }, [`account:${NUMBER}`]: newAccountRecord(ANCHOR), ...extra });
    const account = (area: { data: Record<string, unknown> }) => area.data[`account:${NUMBER}`] as AccountRecord;

    it('adds the text and each attachment to the chat as messages from the number, and uploads them like the page’s own', async () => {
      const { ask, area, scheduled } = ready();
      expect(actionReply.parse(await ask('sendMessage', { workspaceId: 'w1', chatWhatsappId: chat.chatWhatsappId, text: '  Our catalogue  ', attachments: [image, doc] }))).toEqual({ ok: true });
      const record = account(area);
      expect(record.extraMessages.map((m) => [m.type, m.text, m.fileName, m.fileSize, m.mimeType, m.fromMe, m.sendTime])).toEqual([
        ['chat', 'Our catalogue', null, null, null, true, NOW],
        ['image', null, 'catalogue.png', 48_000, 'image/png', true, NOW + 1],
        ['document', null, 'prices.pdf', 120_000, 'application/pdf', true, NOW + 2],
      ]);
      expect(record.extraMessages.every((m) => m.chatWhatsappId === chat.chatWhatsappId && m.msgKey.startsWith(`true_${chat.chatWhatsappId}_ID`))).toBe(true);
      expect(record.extraMessages.map((m) => record.details?.[m.msgKey])).toEqual([{ via: 'workspace' }, { via: 'workspace', url: image.url }, { via: 'workspace', url: doc.url }]);
      expect(scheduled).toEqual(['topUp']);
    });

    it('reads a link of the embedded file store (a path) on the sending page’s origin', async () => {
      const { ask, area } = ready();
      expect(await ask('sendMessage', { chatWhatsappId: chat.chatWhatsappId, text: '', attachments: [{ ...image, url: '/api/files/object/k1?sig=2' }] })).toEqual({ ok: true });
      const [message] = account(area).extraMessages;
      expect(account(area).details?.[message!.msgKey]).toEqual({ via: 'workspace', url: `${origin}/api/files/object/k1?sig=2` });
    });

    it('refuses with a clear message: not connected to this workspace, no number, no such chat, nothing to send, a bad link', async () => {
      const payload = { chatWhatsappId: chat.chatWhatsappId, text: 'Hi', attachments: [] };
      expect(await setup({ chatLogin: { number: NUMBER } }).ask('sendMessage', payload)).toEqual({ ok: false, message: SEND_REFUSALS.notConnected });
      expect(await ready({ crmSession: { ...session, origin: 'http://localhost:9000' } }).ask('sendMessage', payload)).toEqual({ ok: false, message: SEND_REFUSALS.notConnected });
      expect(await ready().ask('sendMessage', { ...payload, workspaceId: 'w2' })).toEqual({ ok: false, message: SEND_REFUSALS.otherWorkspace });
      expect(await setup({ crmSession: session }).ask('sendMessage', payload)).toEqual({ ok: false, message: SEND_REFUSALS.noNumber });
      expect(await ready().ask('sendMessage', { ...payload, chatWhatsappId: '19995550000@c.us' })).toEqual({ ok: false, message: SEND_REFUSALS.noChat });
      expect(await ready().ask('sendMessage', { ...payload, text: '   ' })).toEqual({ ok: false, message: SEND_REFUSALS.empty });
      expect(await ready().ask('sendMessage', { ...payload, attachments: [{ ...image, url: 'javascript:alert(1)' }] })).toEqual({ ok: false, message: SEND_REFUSALS.badLink });
      expect(await ready({ [`account:${NUMBER}`]: { ...newAccountRecord(ANCHOR), chatFlags: { [chat.chatWhatsappId]: { blocked: true } } } }).ask('sendMessage', payload)).toEqual({ ok: false, message: SEND_REFUSALS.blocked });
      expect(await ready().ask('sendMessage', { chatWhatsappId: chat.chatWhatsappId })).toEqual({ ok: false, message: SEND_REFUSALS.invalid });
      const untouched = ready();
      await untouched.ask('sendMessage', { ...payload, chatWhatsappId: '19995550000@c.us' });
      expect(account(untouched.area).extraMessages).toEqual([]);
      expect(untouched.scheduled).toEqual([]);
    });

    it('sends into a chat made on the chat page (a new number)', async () => {
      const made = { chatWhatsappId: '8613912345678@c.us', name: '+8613912345678', isGroup: false };
      const { ask, area } = ready({ [`account:${NUMBER}`]: { ...newAccountRecord(ANCHOR), extraChats: [made] } });
      expect(await ask('sendMessage', { chatWhatsappId: made.chatWhatsappId, text: 'Welcome', attachments: [] })).toEqual({ ok: true });
      expect(account(area).extraMessages.map((m) => m.text)).toEqual(['Welcome']);
      expect(account(area).extraChats).toEqual([made]);
    });
  });
});
