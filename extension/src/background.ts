/**
 * The service worker: answers the workspace page's messages (SPEC §7 Extension messaging), runs
 * the sync (sync-engine.ts), and opens or focuses the chat page. Chrome starts it for each event
 * and stops it when idle, so it keeps nothing in memory that must last (state.ts), and resumes a
 * sync that was under way when it was stopped.
 */
import { chromeApi, type ExtensionContext } from './chrome-api';
import { chatPageHash, type ChatPageTarget } from './chat-page-link';
import { createCrmClient } from './crm-client';
import { answerProxyCall } from './crm-proxy';
import { chatsEndpoints } from '../../src/contract/chats';
import { internalMessage, isFromChatPage } from './internal-messages';
import { handlePageRequest, type ChatPageControl } from './page-handlers';
import { routePageMessage } from './routing';
import { createStore, memoryArea, type CrmSession } from './state';
import { createSyncEngine } from './sync-engine';

const chrome = chromeApi();
const CHAT_PAGE = 'chat.html';
const chatPageUrl = chrome.runtime.getURL(CHAT_PAGE);
const log = (text: string) => console.info(`[chat-crm companion] ${text}`);

const store = createStore(chrome.storage.local);
const client = createCrmClient({ store, fetch: (url, init) => fetch(url, init), now: Date.now, requestId: () => crypto.randomUUID() });
const sync = createSyncEngine({ store, client, now: Date.now, log });

const chatTabs = async (): Promise<ExtensionContext[]> =>
  (await chrome.runtime.getContexts({ contextTypes: ['TAB'] })).filter((c) => c.documentUrl?.startsWith(chatPageUrl) && c.tabId >= 0);

/** A session handed over by a page works if its workspace answers the sync status with it. */
const verifySession = async (session: CrmSession): Promise<boolean> => {
  const probe = createCrmClient({ store: createStore(memoryArea({ crmSession: session })), fetch: (url, init) => fetch(url, init), now: Date.now, requestId: () => crypto.randomUUID() });
  return (await probe.call(chatsEndpoints.syncStatus, {})).kind === 'ok';
};

let nonce = 0;
const chatPage: ChatPageControl = {
  isOpen: async () => (await chatTabs()).length > 0,
  open: async (target: ChatPageTarget) => {
    const hash = chatPageHash(target, Date.now() + nonce++);
    const url = `${chatPageUrl}${hash}`;
    const [tab] = await chatTabs();
    if (!tab) {
      await chrome.tabs.create({ url, active: true });
      return true;
    }
    await chrome.tabs.update(tab.tabId, hash ? { url, active: true } : { active: true });
    // A window may refuse focus (no window manager, a headless browser): the tab is still active.
    await chrome.windows.update(tab.windowId, { focused: true }).catch(() => undefined);
    return true;
  },
};

chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  const request = routePageMessage(message, sender);
  if (!request) return undefined;
  handlePageRequest(request, { store, chatPage, verifySession, now: Date.now, schedule: (mode) => void sync.schedule(mode) })
    .then(sendResponse)
    .catch((error: unknown) => {
      log(`${request.type} failed: ${error instanceof Error ? error.message : String(error)}`);
      sendResponse(undefined);
    });
  return true;
});

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (!isFromChatPage(sender, chrome.runtime.id, chatPageUrl)) return undefined;
  const parsed = internalMessage.safeParse(message);
  if (!parsed.success) return undefined;
  const note = parsed.data;
  // The chat page's executors' workspace calls: made with the worker's one client.
  if (note.kind === 'crm.call') {
    answerProxyCall(client, note.call, note.body).then(sendResponse, (error: unknown) =>
      sendResponse({ kind: 'unreachable', message: error instanceof Error ? error.message : String(error) }),
    );
    return true;
  }
  // The page does not wait for a sync: it follows the progress through storage.
  if (note.kind === 'chatPage.opened') void sync.chatPageOpened().catch((error: unknown) => log(`on open: ${String(error)}`));
  if (note.kind === 'chatPage.changed') void sync.schedule('topUp');
  if (note.kind !== 'crm.disconnect') {
    sendResponse({ ok: true });
    return undefined;
  }
  void (async () => {
    // Ends the extension's session on the server too; forgotten here whatever the answer.
    if (await store.get('crmSession')) await client.call(chatsEndpoints.eclientRevoke, {});
    await store.remove('crmSession');
  })().then(
    () => sendResponse({ ok: true }),
    (error: unknown) => sendResponse({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
  return true;
});

chrome.action.onClicked.addListener(() => void chatPage.open({}));

// Chrome stopped the worker in the middle of a sync: carry on from the next batch.
void sync.schedule('resume');
