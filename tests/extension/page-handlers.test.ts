/** What the service worker does for each page request, and that its replies are the contract's. */
import { describe, expect, it } from 'vitest';
import { actionReply, configInfoReply, loginInfoReply, syncReply } from '../../src/contract/extension';
import type { ChatPageTarget } from '../../extension/src/chat-page-link';
import { handlePageRequest, type PageHandlerDeps } from '../../extension/src/page-handlers';
import { routePageMessage, type PageRequest } from '../../extension/src/routing';
import { createStore, memoryArea, type CrmSession } from '../../extension/src/state';
import type { SyncMode } from '../../extension/src/sync-engine';

const origin = 'http://127.0.0.1:8787';
const NOW = 1_750_000_000_000;
const session: CrmSession = { origin, accessToken: 'a', refreshToken: 'r', expiresAt: NOW + 900_000, userId: 'u1', email: 'mia@example.test', workspaceId: 'w1' };

const setup = (initial: Record<string, unknown> = {}, open = false, accepts = true) => {
  const area = memoryArea(initial);
  const verified: CrmSession[] = [];
  const scheduled: SyncMode[] = [];
  const opened: ChatPageTarget[] = [];
  const deps: PageHandlerDeps = {
    store: createStore(area),
    schedule: (mode) => void scheduled.push(mode),
    chatPage: { isOpen: async () => open, open: async (target) => (opened.push(target), true) },
    verifySession: async (candidate) => (verified.push(candidate), accepts),
    now: () => NOW,
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
});
