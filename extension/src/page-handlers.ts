/**
 * What the service worker does for each page request (SPEC §7 Extension messaging) and what it
 * answers, with its effects passed in (storage, the sync, the chat page's tab), so the same code
 * runs in Chrome and in the unit tests. Every request remembers the asking page's origin: the chat
 * page's Connect button opens that workspace's sign-in for the extension.
 */
import type { ActionReply, CheckNumbersReply, ConfigInfo, FetchGroupParticipantsReply, FetchGroupsReply, LoginInfoReply, SyncReply } from '../../src/contract/extension';
import type { ChatPageTarget } from './chat-page-link';
import { generateAccount, mergeAccount } from './chat-data';
import { groupParticipantsReply, groupsReply } from './groups';
import { checkNumbersReplyFor } from './number-check';
import { buildLoginInfoReply, buildSyncReply, type ReplyFacts } from './replies';
import type { PageRequest } from './routing';
import { addSent, applySendMessage, SEND_REFUSALS } from './send-message';
import type { CrmSession, Store } from './state';
import { PENDING_SYNC_MS, type SyncMode } from './sync-engine';

export type ChatPageControl = {
  /** Whether a tab shows the chat page. */
  isOpen(): Promise<boolean>;
  /** Focuses the chat page's tab (opening one when there is none) and shows the target there. */
  open(target: ChatPageTarget): Promise<boolean>;
};

export type PageHandlerDeps = {
  store: Store;
  /** Starts (or queues) a sync run; the reply does not wait for it. */
  schedule(mode: SyncMode): void;
  chatPage: ChatPageControl;
  /** Whether the workspace at the session's origin accepts it (one authenticated call). */
  verifySession(session: CrmSession): Promise<boolean>;
  now: () => number;
  /** A new message id (sendMessage); random by default. */
  randomId?: () => string;
};

const defaultRandomId = () => `3EB0${crypto.randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;

export type PageReply = LoginInfoReply | SyncReply | ConfigInfo | ActionReply | FetchGroupsReply | FetchGroupParticipantsReply | CheckNumbersReply;

const facts = async (deps: PageHandlerDeps, origin: string): Promise<ReplyFacts> => {
  const [session, login, sync, chatPageOpen] = await Promise.all([
    deps.store.get('crmSession'),
    deps.store.get('chatLogin'),
    deps.store.get('sync'),
    deps.chatPage.isOpen(),
  ]);
  return { origin, session, login, sync, chatPageOpen };
};

const action = async (done: Promise<boolean>, failure: string): Promise<ActionReply> => {
  try {
    return (await done) ? { ok: true } : { ok: false, message: failure };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : failure };
  }
};

/**
 * sendMessage: only for the workspace the extension's session belongs to (the page's origin, and
 * its workspace when the page names it), into a chat of the number logged in on the chat page. The
 * chat page shows the new messages from storage; the sync uploads them like the page's own.
 */
const sendMessage = async (request: Extract<PageRequest, { type: 'sendMessage' }>, deps: PageHandlerDeps): Promise<ActionReply> => {
  if (!request.message) return { ok: false, message: SEND_REFUSALS.invalid };
  const [session, login] = await Promise.all([deps.store.get('crmSession'), deps.store.get('chatLogin')]);
  if (!session || session.origin !== request.origin) return { ok: false, message: SEND_REFUSALS.notConnected };
  if (request.message.workspaceId !== undefined && request.message.workspaceId !== session.workspaceId) return { ok: false, message: SEND_REFUSALS.otherWorkspace };
  if (!login) return { ok: false, message: SEND_REFUSALS.noNumber };
  const record = await deps.store.getAccount(login.number);
  if (!record) return { ok: false, message: SEND_REFUSALS.noNumber };
  const account = mergeAccount(generateAccount(login.number, record.anchor), record.extraChats, []);
  const outcome = applySendMessage(record, account, request.message, deps.now(), deps.randomId ?? defaultRandomId, request.origin);
  if (outcome.kind === 'refused') return { ok: false, message: outcome.message };
  // Read again just before writing: the chat page may have added a message meanwhile.
  await deps.store.setAccount(login.number, addSent((await deps.store.getAccount(login.number)) ?? record, outcome));
  deps.schedule('topUp');
  return { ok: true };
};

export const handlePageRequest = async (request: PageRequest, deps: PageHandlerDeps): Promise<PageReply> => {
  // Written only when it changes: the chat page re-renders on every change of storage.
  if ((await deps.store.get('lastPageOrigin')) !== request.origin) await deps.store.set('lastPageOrigin', request.origin);
  switch (request.type) {
    case 'fetchLoginInfo':
      return buildLoginInfoReply(await facts(deps, request.origin), request.user);
    case 'fetchChatsSyncInfo':
      return buildSyncReply(await facts(deps, request.origin));
    case 'fetchChatsSync': {
      const known = await facts(deps, request.origin);
      const reply = buildSyncReply(known);
      // Only for the workspace the extension is signed in to, with a number on the chat page; asked
      // before that, the request waits for the chat page's login (the workspace polls meanwhile).
      if (request.start && reply.isLogin && reply.isWhatsappLogin) {
        await deps.store.remove('pendingSync');
        deps.schedule('sync');
      } else if (request.start) {
        await deps.store.set('pendingSync', { origin: request.origin, at: deps.now() });
      }
      return reply;
    }
    case 'loginGuidance':
      return action(deps.chatPage.open({ guidance: 'login' }), 'The chat page could not be opened');
    case 'activateChatWebTab':
      return action(deps.chatPage.open({}), 'The chat page could not be opened');
    case 'startChat':
      if (request.chatId === null) return { ok: false, message: 'Give the chat id or a phone number of 5 to 20 digits' };
      return action(deps.chatPage.open({ chat: request.chatId }), 'The chat page could not be opened');
    case 'findConfigInfo': {
      const login = await deps.store.get('chatLogin');
      return { chatServiceId: login?.number ?? null };
    }
    case 'sendMessage':
      return sendMessage(request, deps);
    case 'fetchGroups':
      return groupsReply(request.origin, deps.store);
    case 'fetchGroupParticipants':
      return groupParticipantsReply(request.origin, request.chatId, deps.store);
    case 'checkNumbers':
      return checkNumbersReplyFor(request.origin, request.phones, deps.store);
    case 'eclientAuth': {
      if (!request.auth) return { ok: false, message: 'The session handed over is not valid' };
      const { accessToken, refreshToken, expiresIn, userId, email, workspaceId } = request.auth;
      // The page that hands over the session is the workspace: its origin is where the API is.
      // Kept only once that workspace accepts it, so a page cannot leave a session that works nowhere.
      const session: CrmSession = { origin: request.origin, accessToken, refreshToken, expiresAt: deps.now() + expiresIn * 1000, userId, email, workspaceId };
      if (!(await deps.verifySession(session))) return { ok: false, message: 'The workspace did not accept this session' };
      await deps.store.set('crmSession', session);
      // A sync the workspace asked for before this session existed starts once the chat page is logged in too.
      const [pending, login] = await Promise.all([deps.store.get('pendingSync'), deps.store.get('chatLogin')]);
      if (pending && login && pending.origin === session.origin && deps.now() - pending.at <= PENDING_SYNC_MS) {
        await deps.store.remove('pendingSync');
        deps.schedule('sync');
      }
      return { ok: true };
    }
  }
};
