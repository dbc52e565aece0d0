/**
 * The chat page ("the chat web page", chat.html): a small chat web app standing in for the chat
 * service. Log in with a number, read the generated chats, send messages that a simulated
 * counterpart answers, make the open chat's contact write (the simulated incoming message), and
 * connect the extension to Chat CRM. Everything it knows lives in chrome.storage.local (state.ts);
 * it re-renders whenever that changes, and tells the service worker when it opened and when it
 * added something (the worker uploads it after a finished sync). One chat page tab also runs the
 * auto replies and the scheduled sends (executors.ts).
 */
import './chat.css';
import { isGroupChatId, type SyncMessage } from '../../../src/contract/chats';
import { chromeApi } from '../chrome-api';
import { generateAccount, mergeAccount, messagesOf, sortChats, type ChatAccount, type SimChat } from '../chat-data';
import { parseChatPageHash } from '../chat-page-link';
import { configOfSession } from '../auto-reply-runner';
import type { NoteKind } from '../internal-messages';
import { syncOf } from '../replies';
import { accountKey, createStore, type AccountRecord, type AutoReplyConfig, type ChatLogin, type CrmSession, type SyncState } from '../state';
import {
  addMessage,
  answeredCount,
  COUNTERPART_DELAY_MS,
  counterpartMessage,
  incomingMessage,
  MAX_MESSAGE_LENGTH,
  newAccountRecord,
  openOrMakeChat,
  readNumber,
  readOrigin,
  sentMessage,
} from './actions';
import { fill, h } from './dom';
import { startExecutors, type ExecutorRole } from './executors';
import { describeMessage, previewOf, safeLink } from './format';
import { pageTexts, pickLocale } from './texts';

/** Where the Connect button goes when the extension has not yet met a workspace page. */
export const DEFAULT_CRM_ORIGIN = 'http://127.0.0.1:8787';

const chrome = chromeApi();
const store = createStore(chrome.storage.local);
const locale = pickLocale(new URLSearchParams(location.search).get('lang'), navigator.languages);
const t = pageTexts[locale];
document.documentElement.lang = locale;
document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
document.title = `${t.title} · ${t.simulated}`;

type PageState = {
  login: ChatLogin | undefined;
  record: AccountRecord | undefined;
  account: ChatAccount | null;
  session: CrmSession | undefined;
  lastPageOrigin: string | undefined;
  sync: SyncState | undefined;
  openChat: string | null;
  /** A chat the workspace asked to open, kept until the page is logged in. */
  pendingChat: string | null;
  guidance: boolean;
  notice: string | null;
  loginError: string | null;
  originError: string | null;
  /** Chats whose counterpart is about to answer. */
  typing: Set<string>;
  autoReplyConfig: AutoReplyConfig | undefined;
  /** Whether this tab runs the auto replies and scheduled sends (one tab does). */
  executorRole: ExecutorRole;
};

const state: PageState = {
  login: undefined,
  record: undefined,
  account: null,
  session: undefined,
  lastPageOrigin: undefined,
  sync: undefined,
  openChat: null,
  pendingChat: null,
  guidance: false,
  notice: null,
  loginError: null,
  originError: null,
  typing: new Set(),
  autoReplyConfig: undefined,
  executorRole: 'pending',
};

const notify = (kind: NoteKind) => {
  // The worker may be starting: a lost note only delays an upload until the next one.
  chrome.runtime.sendMessage({ kind }).catch(() => undefined);
};

const randomId = () => `3EB0${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase()}`;

// Generating an account takes a few milliseconds: once per number and anchor.
let generated: { key: string; account: ChatAccount } | null = null;
const accountOf = (number: string, record: AccountRecord): ChatAccount => {
  const key = `${number}:${record.anchor}`;
  if (generated?.key !== key) generated = { key, account: generateAccount(number, record.anchor) };
  return mergeAccount(generated.account, record.extraChats, record.extraMessages);
};

const load = async () => {
  const [login, session, lastPageOrigin, sync, autoReplyConfig] = await Promise.all([
    store.get('chatLogin'),
    store.get('crmSession'),
    store.get('lastPageOrigin'),
    store.get('sync'),
    store.get('autoReplyConfig'),
  ]);
  const record = login ? await store.getAccount(login.number) : undefined;
  Object.assign(state, { login, session, lastPageOrigin, sync, record, autoReplyConfig, account: login && record ? accountOf(login.number, record) : null });
  if (!login) state.openChat = null;
};

/** Changes the stored account of the logged-in number (read fresh, so another tab's writes are kept). */
const updateAccount = async (change: (record: AccountRecord) => AccountRecord): Promise<AccountRecord | null> => {
  const login = await store.get('chatLogin');
  if (!login) return null;
  const current = (await store.getAccount(login.number)) ?? newAccountRecord(Date.now());
  const next = change(current);
  await store.setAccount(login.number, next);
  return next;
};

// ---- actions -------------------------------------------------------------------------------

const logIn = async (input: string) => {
  const number = readNumber(input);
  if (!number) {
    state.loginError = t.numberInvalid;
    render();
    return;
  }
  state.loginError = null;
  if (!(await store.getAccount(number))) await store.setAccount(number, newAccountRecord(Date.now()));
  await store.set('chatLogin', { number });
  notify('chatPage.opened');
};

const logOut = async () => {
  state.openChat = null;
  await store.remove('chatLogin');
};

const openChat = (chatId: string | null) => {
  state.openChat = chatId;
  state.notice = null;
  render();
  if (chatId) document.getElementById('composer-input')?.focus();
};

/** The chat the workspace asked for (startChat): opened, made when it is a new number. */
const applyPendingChat = async () => {
  const chatId = state.pendingChat;
  if (!chatId || !state.login || !state.account || !state.record) return;
  state.pendingChat = null;
  const outcome = openOrMakeChat(state.record, state.account, chatId);
  if (outcome.kind === 'notFound') {
    state.notice = t.chatNotFound;
    render();
    return;
  }
  if (outcome.record !== state.record) {
    await updateAccount(() => outcome.record);
    notify('chatPage.changed');
  }
  openChat(outcome.chatId);
};

const send = async (chat: SimChat, text: string) => {
  const body = text.trim();
  if (!body) return;
  await updateAccount((record) => addMessage(record, sentMessage(chat.chatWhatsappId, body, Date.now(), randomId())));
  notify('chatPage.changed');
  state.typing.add(chat.chatWhatsappId);
  render();
  setTimeout(() => {
    void (async () => {
      state.typing.delete(chat.chatWhatsappId);
      await updateAccount((record) => addMessage(record, counterpartMessage(chat, answeredCount(record, chat.chatWhatsappId), Date.now(), randomId())));
      notify('chatPage.changed');
      render();
    })();
  }, COUNTERPART_DELAY_MS);
};

/** The open chat's contact writes `text` now (the executor in the running tab may answer it). */
const receive = async (chat: SimChat, text: string) => {
  const body = text.trim();
  if (!body) return;
  await updateAccount((record) => addMessage(record, incomingMessage(chat, body, answeredCount(record, chat.chatWhatsappId), Date.now(), randomId())));
  notify('chatPage.changed');
};

const connectOrigin = (): string | null => state.session?.origin ?? state.lastPageOrigin ?? null;

const connect = (typed: string | null) => {
  const origin = typed === null ? connectOrigin() : readOrigin(typed);
  if (!origin) {
    state.originError = t.crmAddressInvalid;
    render();
    return;
  }
  state.originError = null;
  window.open(`${origin}/crm/eclient/auth`, '_blank', 'noopener');
};

// ---- view ----------------------------------------------------------------------------------

const timeFormat = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
const when = (time: number): string => {
  const d = new Date(time);
  return d.toDateString() === new Date().toDateString() ? timeFormat.format(d) : dateFormat.format(d);
};
const fullTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
const memberList = new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' });
/** Keeps a value's own direction inside a sentence (an address in an Arabic line). */
const isolate = (value: string) => `\u2068${value}\u2069`;

const el = {
  who: h('span', { class: 'who', attrs: { 'data-testid': 'chat-number' } }),
  logout: h('button', { class: 'button quiet', text: t.logout, attrs: { type: 'button', 'data-testid': 'chat-logout' }, on: { click: () => void logOut() } }),
  crmStatus: h('p', { class: 'crm-status', attrs: { 'data-testid': 'crm-status' } }),
  crmActions: h('div', { class: 'crm-actions' }),
  syncStatus: h('p', { class: 'sync-status', attrs: { role: 'status', 'data-testid': 'sync-status' } }),
  autoReplyStatus: h('p', { class: 'sync-status', attrs: { 'data-testid': 'auto-reply-status' } }),
  banner: h('div', { class: 'banner', attrs: { role: 'status', 'data-testid': 'chat-banner' } }),
  loginView: h('main', { class: 'login-view', attrs: { 'aria-labelledby': 'login-heading' } }),
  chatView: h('main', { class: 'layout', attrs: { 'aria-label': t.chats } }),
  chatList: h('ul', { class: 'chat-list', attrs: { 'data-testid': 'chat-list' } }),
  convTitle: h('h2', { class: 'conv-title', attrs: { id: 'conv-title', dir: 'auto', tabindex: '-1' } }),
  convSub: h('p', { class: 'conv-sub' }),
  // Focusable so keyboard users can scroll the messages.
  messages: h('ol', { class: 'messages', attrs: { 'data-testid': 'chat-messages', 'aria-labelledby': 'conv-title', tabindex: '0' } }),
  typing: h('p', { class: 'typing', attrs: { 'aria-live': 'polite', 'data-testid': 'chat-typing' } }),
  composer: h('form', { class: 'composer', attrs: { 'data-testid': 'chat-composer' } }),
  composerInput: h('input', {
    class: 'input',
    attrs: { id: 'composer-input', type: 'text', autocomplete: 'off', dir: 'auto', maxlength: String(MAX_MESSAGE_LENGTH), 'data-testid': 'chat-composer-input' },
  }),
  conversation: h('section', { class: 'conversation', attrs: { 'aria-labelledby': 'conv-title' } }),
  empty: h('p', { class: 'empty', text: t.noChatOpen }),
};

const buildSkeleton = () => {
  const app = document.getElementById('app')!;
  const header = h('header', { class: 'topbar' }, [
    h('h1', { class: 'brand' }, [h('span', { text: t.title }), h('span', { class: 'badge', text: t.simulated })]),
    h('div', { class: 'account' }, [el.who, el.logout]),
  ]);
  const crm = h('section', { class: 'crm', attrs: { 'aria-labelledby': 'crm-heading' } }, [
    h('h2', { class: 'crm-heading', text: t.crmHeading, attrs: { id: 'crm-heading' } }),
    h('div', { class: 'crm-body' }, [el.crmStatus, el.syncStatus, el.autoReplyStatus]),
    el.crmActions,
  ]);

  const numberInput = h('input', {
    class: 'input',
    attrs: { id: 'login-number', type: 'tel', inputmode: 'numeric', autocomplete: 'tel', 'aria-describedby': 'login-hint login-error', 'data-testid': 'chat-login-number' },
  });
  const loginForm = h('form', { class: 'login-card', attrs: { 'data-testid': 'chat-login' }, on: { submit: (e) => (e.preventDefault(), void logIn(numberInput.value)) } }, [
    h('h2', { text: t.loginHeading, attrs: { id: 'login-heading' } }),
    h('p', { class: 'intro', text: t.loginIntro }),
    h('label', { text: t.numberLabel, attrs: { for: 'login-number' } }),
    numberInput,
    h('p', { class: 'hint', text: t.numberHint, attrs: { id: 'login-hint' } }),
    h('p', { class: 'error', attrs: { id: 'login-error', role: 'alert', 'data-testid': 'chat-login-error' } }),
    h('button', { class: 'button primary', text: t.loginButton, attrs: { type: 'submit', 'data-testid': 'chat-login-submit' } }),
  ]);
  el.loginView.append(loginForm);

  const composerLabel = h('label', { class: 'sr-only', text: t.messageLabel, attrs: { for: 'composer-input' } });
  const openChatOf = () => state.account?.chats.find((c) => c.chatWhatsappId === state.openChat);
  // Stands in for the chat service delivering a message: the open chat's contact writes the typed text.
  const simulate = h('button', {
    class: 'button quiet',
    text: t.simulateIncoming,
    attrs: { type: 'button', 'aria-describedby': 'simulate-hint', 'data-testid': 'chat-simulate-incoming' },
    on: {
      click: () => {
        const chat = openChatOf();
        if (!chat || !el.composerInput.value.trim()) {
          el.composerInput.focus();
          return;
        }
        const text = el.composerInput.value;
        el.composerInput.value = '';
        void receive(chat, text);
      },
    },
  });
  el.composer.append(
    composerLabel,
    el.composerInput,
    h('button', { class: 'button primary', text: t.send, attrs: { type: 'submit', 'data-testid': 'chat-send' } }),
    simulate,
    h('span', { class: 'sr-only', text: t.simulateIncomingHint, attrs: { id: 'simulate-hint' } }),
  );
  el.composer.addEventListener('submit', (e) => {
    e.preventDefault();
    const chat = openChatOf();
    if (!chat || !el.composerInput.value.trim()) return;
    const text = el.composerInput.value;
    el.composerInput.value = '';
    void send(chat, text);
  });
  // On phones the list and the open chat take turns: an arrow (mirrored right to left) goes back.
  const back = h('button', { class: 'button quiet back', attrs: { type: 'button', 'aria-label': t.back, title: t.back, 'data-testid': 'chat-back' }, on: { click: () => openChat(null) } }, [
    h('span', { class: 'back-arrow', text: '←', attrs: { 'aria-hidden': 'true' } }),
  ]);
  el.conversation.append(h('header', { class: 'conv-header' }, [back, h('div', { class: 'conv-heading' }, [el.convTitle, el.convSub])]), el.messages, el.typing, el.composer);
  el.chatView.append(
    h('nav', { class: 'list-pane', attrs: { 'aria-labelledby': 'chats-heading' } }, [h('h2', { class: 'list-heading', text: t.chats, attrs: { id: 'chats-heading' } }), el.chatList]),
    el.conversation,
    el.empty,
  );
  app.append(header, crm, el.banner, el.loginView, el.chatView);
};

const renderCrm = () => {
  const session = state.session;
  el.crmStatus.textContent = session ? t.crmConnected(isolate(session.email), isolate(session.origin)) : t.crmNotConnected;
  const known = connectOrigin();
  const children: Node[] = [];
  if (session) {
    children.push(h('button', { class: 'button quiet', text: t.disconnect, attrs: { type: 'button', 'data-testid': 'crm-disconnect' }, on: { click: () => notify('crm.disconnect') } }));
  } else if (known) {
    children.push(h('button', { class: 'button primary', text: t.connect, attrs: { type: 'button', 'data-testid': 'crm-connect' }, on: { click: () => connect(null) } }));
  } else {
    const input = h('input', { class: 'input', attrs: { id: 'crm-origin', type: 'url', value: DEFAULT_CRM_ORIGIN, 'aria-describedby': 'crm-origin-error', 'data-testid': 'crm-origin' } });
    children.push(
      h('form', { class: 'crm-form', on: { submit: (e) => (e.preventDefault(), connect(input.value)) } }, [
        h('label', { text: t.crmAddress, attrs: { for: 'crm-origin' } }),
        input,
        h('button', { class: 'button primary', text: t.connect, attrs: { type: 'submit', 'data-testid': 'crm-connect' } }),
        h('p', { class: 'error', text: state.originError, attrs: { id: 'crm-origin-error', role: 'alert' } }),
      ]),
    );
  }
  // Keep a typed address while re-rendering for other reasons.
  const typed = el.crmActions.querySelector<HTMLInputElement>('#crm-origin');
  fill(el.crmActions, children);
  const input = el.crmActions.querySelector<HTMLInputElement>('#crm-origin');
  if (typed && input) input.value = typed.value;

  const sync = syncOf({ session, login: state.login, sync: state.sync });
  let text = session && state.login ? t.syncNone : '';
  if (sync) {
    if (sync.reachLimit) text = t.syncLimit;
    else if (sync.syncOff) text = t.syncOff;
    else if (sync.phase === 'running') text = sync.firstBatchFinished ? t.syncFirstBatch : t.syncRunning;
    else if (sync.finished) text = t.syncFinished(isolate(fullTime.format(new Date(sync.lastSyncTime ?? Date.now()))));
    else if (sync.phase === 'failed') text = t.syncFailed(isolate(sync.lastError ?? ''));
  }
  el.syncStatus.textContent = text;
  el.syncStatus.dataset.phase = sync?.finished ? 'finished' : (sync?.phase ?? 'none');

  const config = configOfSession(state.autoReplyConfig, session);
  el.autoReplyStatus.textContent =
    !session || !state.login ? '' : state.executorRole === 'elsewhere' ? t.executorsElsewhere : config ? (config.enabled ? t.autoReplyOn(config.items.length) : t.autoReplyOff) : '';
  el.autoReplyStatus.dataset.state = config?.enabled ? 'on' : 'off';
};

const renderBanner = () => {
  let text: string | null = state.notice;
  if (!text && state.guidance) text = !state.login ? t.guidanceLogin : !state.session ? t.guidanceConnect : null;
  el.banner.hidden = !text;
  fill(el.banner, text ? [h('span', { text }), h('button', { class: 'button quiet', text: t.close, attrs: { type: 'button' }, on: { click: () => ((state.guidance = false), (state.notice = null), render()) } })] : []);
};

const viaText = { workspace: t.viaWorkspace, autoReply: t.viaAutoReply, schedule: t.viaSchedule } as const;

/** An attachment sent from the workspace: its link (an image also as a thumbnail), never markup. */
const renderLink = (m: SyncMessage, url: string | null): HTMLElement | null => {
  if (!url) return null;
  const attrs = { href: url, target: '_blank', rel: 'noopener noreferrer', referrerpolicy: 'no-referrer', 'data-testid': 'chat-message-link' };
  return h('p', { class: 'attachment' }, [
    m.type === 'image'
      ? h('a', { class: 'thumb-link', attrs: { ...attrs, 'data-testid': 'chat-message-thumb' } }, [
          h('img', { class: 'thumb', attrs: { src: url, alt: m.fileName ?? t.photo, loading: 'lazy', referrerpolicy: 'no-referrer' } }),
        ])
      : null,
    h('a', { text: t.openFile, attrs }),
  ]);
};

const renderMessage = (m: SyncMessage, isGroup: boolean): HTMLElement => {
  const shape = describeMessage(m, t, locale);
  const detail = state.record?.details?.[m.msgKey];
  const quote = detail?.quote;
  return h('li', { class: `msg ${m.fromMe ? 'out' : 'in'}${shape.tooLarge ? ' too-large' : ''}`, attrs: { 'data-testid': 'chat-message', 'data-type': m.type, 'data-from-me': String(m.fromMe), 'data-via': detail?.via } }, [
    isGroup && !m.fromMe && m.senderName ? h('p', { class: 'sender', text: m.senderName, attrs: { dir: 'auto' } }) : null,
    detail?.via ? h('p', { class: 'via', text: viaText[detail.via] }) : null,
    quote
      ? h('blockquote', { class: 'quote', attrs: { 'aria-label': t.quoted, 'data-testid': 'chat-message-quote' } }, [
          quote.senderName ? h('p', { class: 'sender', text: quote.senderName, attrs: { dir: 'auto' } }) : null,
          h('p', { text: quote.text ?? '', attrs: { dir: 'auto' } }),
        ])
      : null,
    shape.label ? h('p', { class: 'label', text: shape.label }) : null,
    shape.tooLarge ? h('p', { class: 'placeholder', text: t.fileTooLarge }) : null,
    shape.text ? h('p', { class: 'text', text: shape.text, attrs: { dir: 'auto' } }) : null,
    shape.details.length ? h('ul', { class: 'details' }, shape.details.map((d) => h('li', { text: d, attrs: { dir: 'auto' } }))) : null,
    shape.buttons.length ? h('div', { class: 'msg-buttons' }, shape.buttons.map((b) => h('span', { class: 'msg-button', text: b, attrs: { dir: 'auto' } }))) : null,
    renderLink(m, safeLink(detail?.url)),
    h('time', { text: when(m.sendTime), attrs: { datetime: new Date(m.sendTime).toISOString(), title: fullTime.format(new Date(m.sendTime)) } }),
  ]);
};

let shownChat: string | null = null;
let shownCount = 0;

const renderChats = () => {
  const account = state.account;
  if (!account) return;
  const summaries = sortChats(account.chats, account.messages);
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.chatId : undefined;
  fill(
    el.chatList,
    summaries.length === 0
      ? [h('li', { class: 'empty', text: t.noChats })]
      : summaries.map(({ chat, last }) => {
          const flags = state.record?.chatFlags?.[chat.chatWhatsappId];
          return h('li', {}, [
            h(
              'button',
              {
                class: 'chat-item',
                attrs: { type: 'button', 'data-testid': 'chat-item', 'data-chat-id': chat.chatWhatsappId, 'aria-current': chat.chatWhatsappId === state.openChat ? 'true' : 'false' },
                on: { click: () => openChat(chat.chatWhatsappId) },
              },
              [
                h('span', { class: `avatar${chat.isGroup ? ' group' : ''}`, text: Array.from(chat.name.replace(/^\+/, ''))[0] ?? '?', attrs: { 'aria-hidden': 'true' } }),
                // The name and preview keep their own direction (bdi) but line up with the page's.
                h('span', { class: 'chat-name' }, [h('bdi', { text: chat.name })]),
                last ? h('span', { class: 'chat-time', text: when(last.sendTime) }) : null,
                h('span', { class: 'chat-preview' }, [h('bdi', { text: last ? previewOf(last, t, locale) : '' })]),
                flags?.archived || flags?.blocked
                  ? h('span', { class: 'chat-flags' }, [
                      flags.archived ? h('span', { class: 'flag', text: t.archived, attrs: { 'data-testid': 'chat-flag-archived' } }) : null,
                      flags.blocked ? h('span', { class: 'flag', text: t.blocked, attrs: { 'data-testid': 'chat-flag-blocked' } }) : null,
                    ])
                  : null,
              ],
            ),
          ]);
        }),
  );
  // Re-rendering must not lose the keyboard's place in the list.
  if (focused) el.chatList.querySelector<HTMLElement>(`[data-chat-id="${CSS.escape(focused)}"]`)?.focus();

  const chat = account.chats.find((c) => c.chatWhatsappId === state.openChat);
  el.chatView.dataset.open = chat ? 'chat' : 'list';
  el.conversation.hidden = !chat;
  el.empty.hidden = Boolean(chat);
  if (!chat) {
    shownChat = null;
    return;
  }
  const messages = messagesOf(account.messages, chat.chatWhatsappId);
  el.convTitle.textContent = chat.name;
  const flags = state.record?.chatFlags?.[chat.chatWhatsappId];
  const flagText = [flags?.archived ? t.archived : null, flags?.blocked ? t.blocked : null].filter(Boolean).join(' · ');
  const sub = chat.isGroup ? `${t.group} · ${memberList.format(chat.members)}` : `+${chat.chatWhatsappId.slice(0, chat.chatWhatsappId.indexOf('@'))}`;
  el.convSub.textContent = flagText ? `${sub} · ${flagText}` : sub;
  fill(el.messages, messages.map((m) => renderMessage(m, isGroupChatId(chat.chatWhatsappId))));
  el.typing.textContent = state.typing.has(chat.chatWhatsappId) ? `${chat.name} · ${t.typing}` : '';
  if (shownChat !== chat.chatWhatsappId || messages.length !== shownCount) el.messages.scrollTop = el.messages.scrollHeight;
  shownChat = chat.chatWhatsappId;
  shownCount = messages.length;
};

function render() {
  const loggedIn = Boolean(state.login && state.account);
  el.who.textContent = state.login ? t.loggedInAs(state.login.number) : '';
  el.logout.hidden = !state.login;
  el.loginView.hidden = loggedIn;
  el.chatView.hidden = !loggedIn;
  const error = el.loginView.querySelector('#login-error');
  if (error) error.textContent = state.loginError ?? '';
  renderCrm();
  renderBanner();
  renderChats();
}

// ---- start ---------------------------------------------------------------------------------

const applyHash = () => {
  const target = parseChatPageHash(location.hash);
  if (target.guidance) state.guidance = true;
  if (target.chat) state.pendingChat = target.chat;
};

const refresh = async () => {
  await load();
  render();
  await applyPendingChat();
};

buildSkeleton();
applyHash();
void refresh().then(() => notify('chatPage.opened'));

window.addEventListener('hashchange', () => {
  applyHash();
  void refresh();
});

chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local') return;
  const keys = Object.keys(changes);
  const watched = ['chatLogin', 'crmSession', 'lastPageOrigin', 'sync', 'autoReplyConfig', ...(state.login ? [accountKey(state.login.number)] : [])];
  if (keys.some((k) => watched.includes(k))) void refresh();
});

startExecutors({
  store,
  chrome,
  notify,
  log: (text) => console.info(`[chat page] ${text}`),
  onRole: (role) => {
    state.executorRole = role;
    render();
  },
});
