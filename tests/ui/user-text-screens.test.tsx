/**
 * User and synced text on the screens (docs/security.md, "User text on screen"): a name, a
 * company, a tag, a chat preview or a message carrying a right-to-left override (U+202E) is shown
 * with the override as a visible mark, in an isolating element, on the pipeline's cards, the
 * contacts table and profile, the chat list and the chat pane; the override never reaches the
 * page as a character the browser would obey. On the Arabic page a chat's "You:" label and its
 * preview are two elements, each in its own direction.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Chat, Message } from '../../src/contract/chats';
import TypesafeI18n from '../../src/i18n/i18n-react';
import { loadLocale } from '../../src/i18n/i18n-util.sync';
import { chatViewMachine, type LoadLatestInput, type MessagePage } from '../../src/machines/chat-view.machine';
import { DEFAULT_CHAT_FILTERS } from '../../src/machines/conversations.machine';
import { ChatList } from '../../src/ui/screens/conversation/chat-list';
import { ChatPane } from '../../src/ui/screens/conversation/chat-pane';
import { useChatFormats } from '../../src/ui/screens/conversation/format/use-chat-formats';
import { leadOf } from '../support/lead-fixtures';
import { chatOf, messageOf } from './conversation/chat-fixtures';
import { contactOf, renderContacts } from './contacts/render-contacts';
import { leadStore, renderPipeline } from './pipeline/render-pipeline';
import { okResult } from './harness';

vi.setConfig({ testTimeout: 60_000 });
loadLocale('en');
loadLocale('ar');

const RLO = '\u202e';
const anyControl = /[\u202a-\u202e\u2066-\u2069]/u;
/** The element's text, with no bidi control in it, shown inside an isolating <bdi>. */
const expectIsolatedMark = (el: Element, want: string) => {
  const bdi = el.tagName === 'BDI' ? el : el.querySelector('bdi');
  expect(bdi, `a <bdi> in ${el.outerHTML.slice(0, 120)}`).not.toBeNull();
  expect(bdi!.textContent).toBe(want);
};

// jsdom has no layout: virtual lists get a viewport (TanStack Virtual reads clientHeight).
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroller') ? 600 : 0;
    },
  });
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('the pipeline', () => {
  it('shows a lead name and company with an override as marks, isolated; its menu is named with the mark', async () => {
    const evil = leadOf('l9', { name: `evil${RLO}gnp.exe`, companyName: `${RLO}evil name`, tabId: 1, createTime: Date.UTC(2025, 0, 20) });
    await renderPipeline({ store: leadStore({ leads: [evil] }) });
    const open = await screen.findByTestId('lead-open-l9', {}, { timeout: 10_000 });
    expectIsolatedMark(open, 'evil[U+202E]gnp.exe');
    const card = open.closest('article')!;
    expect(card.textContent).toContain('[U+202E]evil name');
    expect([...card.querySelectorAll('bdi')].map((b) => b.textContent)).toContain('[U+202E]evil name');
    expect(screen.getByTestId('lead-actions-l9').getAttribute('aria-label')).toBe('Actions for evil[U+202E]gnp.exe');
    expect(anyControl.test(card.textContent ?? '')).toBe(false);
  });
});

describe('the contacts', () => {
  const evil = contactOf('c1', `${RLO}evil name`, {
    companyName: `evil${RLO}gnp.exe`,
    email: `a${RLO}b@example.test`,
    tabId: 1,
    tabName: `${RLO}Leads`,
    tags: [{ valueId: 7, value: `${RLO}Machinery`, tagId: 3, tagName: `${RLO}Industry`, tagTypeId: 1 }],
  });

  it('shows the name, the tab and the tags in the table as marks, isolated', async () => {
    await renderContacts({ handlers: { adminContactsList: () => okResult({ rows: [evil], totalCount: 1 }), adminContactsDetail: () => okResult(evil) } });
    const row = screen.getByTestId('contacts-row-c1');
    expectIsolatedMark(screen.getByTestId('contacts-open-c1'), '[U+202E]evil name');
    expect(screen.getByTestId('contacts-open-c1').getAttribute('aria-label')).toBe('Open [U+202E]evil name');
    const isolated = [...row.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(isolated).toEqual(expect.arrayContaining(['[U+202E]Leads', '[U+202E]Industry', '[U+202E]Machinery']));
    expect(anyControl.test(row.textContent ?? '')).toBe(false);
  });

  it('shows them in the profile panel too: name, details, tags', async () => {
    const user = userEvent.setup();
    await renderContacts({ handlers: { adminContactsList: () => okResult({ rows: [evil], totalCount: 1 }), adminContactsDetail: () => okResult(evil) } });
    await user.click(screen.getByTestId('contacts-open-c1'));
    const panel = await screen.findByTestId('profile-panel');
    await waitFor(() => expect(screen.getByTestId('profile-name').textContent).toBe('[U+202E]evil name'));
    expect(screen.getByTestId('profile-name').tagName).toBe('BDI');
    const isolated = [...panel.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(isolated).toEqual(expect.arrayContaining(['evil[U+202E]gnp.exe', 'a[U+202E]b@example.test', '[U+202E]Industry', '[U+202E]Machinery']));
    expect(anyControl.test(panel.textContent ?? '')).toBe(false);
  });

  it('names the Columns dialog’s close button after that dialog, not the profile', async () => {
    const user = userEvent.setup();
    await renderContacts();
    await user.click(screen.getByTestId('contacts-columns'));
    const dialog = await screen.findByTestId('contacts-columns-dialog');
    expect(within(dialog).getByRole('button', { name: 'Close Columns' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /profile/i })).toBeNull();
  });

  it('names the profile’s close button after the contact', async () => {
    const user = userEvent.setup();
    await renderContacts();
    await user.click(screen.getByTestId('contacts-open-c1'));
    const panel = await screen.findByTestId('profile-panel');
    await waitFor(() => expect(screen.getByTestId('profile-name').textContent).toBe('Ann Lee'));
    expect(within(panel).getByRole('button', { name: 'Close Ann Lee' })).toBeTruthy();
  });
});

function List({ chats }: { chats: Chat[] }) {
  const formats = useChatFormats();
  return (
    <ChatList chats={chats} filters={DEFAULT_CHAT_FILTERS} openChatId={null} loadingMore={false} totalCount={chats.length} now={10_000} formats={formats} onFilter={() => undefined} onOpen={() => undefined} />
  );
}

describe('the chat list', () => {
  const mine = chatOf('c1', { name: `evil${RLO}gnp.exe`, lastMessage: { sendTime: 1_000, type: 'chat', text: 'Hi, I sent the quote, let me know what you think.', fromMe: true } });
  const theirs = chatOf('c2', { name: 'Ann', lastMessage: { sendTime: 900, type: 'chat', text: `${RLO}evil name`, fromMe: false } });

  it('shows names and previews as marks, isolated', () => {
    render(
      <TypesafeI18n locale="en">
        <List chats={[mine, theirs]} />
      </TypesafeI18n>,
    );
    const row1 = screen.getByTestId('chat-row-c1');
    const row2 = screen.getByTestId('chat-row-c2');
    expect([...row1.querySelectorAll('bdi')].map((b) => b.textContent)).toContain('evil[U+202E]gnp.exe');
    expect([...row2.querySelectorAll('bdi')].map((b) => b.textContent)).toContain('[U+202E]evil name');
    expect(anyControl.test(row1.textContent! + row2.textContent!)).toBe(false);
  });

  it('on the Arabic page, keeps "You:" and an English preview apart, each in its own direction', () => {
    render(
      <TypesafeI18n locale="ar">
        <List chats={[mine]} />
      </TypesafeI18n>,
    );
    const row = screen.getByTestId('chat-row-c1');
    const label = within(row).getByTestId('chat-preview-you');
    // The label is the page's words with its colon; the preview is an element of its own.
    expect(label.textContent).toBe('أنت:');
    expect(label.querySelector('bdi')).toBeNull();
    const preview = within(row).getByTestId('chat-preview');
    expect(preview.tagName).toBe('BDI');
    expect(preview.textContent).toBe('Hi, I sent the quote, let me know what you think.');
    expect(label.contains(preview) || preview.contains(label)).toBe(false);
    expect(anyControl.test(row.textContent ?? '')).toBe(false);
  });
});

describe('the chat pane', () => {
  it('shows the chat name, a sender and a formatted message as marks, isolated, keeping the formatting', async () => {
    const group = chatOf('g1', { isGroup: true, name: `${RLO}evil name`, chatWhatsappId: '120363-1700000000@g.us' });
    const messages: Message[] = [messageOf('k1', 1_000, { text: `see *evil${RLO}gnp.exe* now`, senderName: `${RLO}Bob` })];
    const machine = chatViewMachine.provide({ actors: { loadLatest: fromPromise<MessagePage, LoadLatestInput>(async () => ({ rows: messages, hasMore: false })) } });
    const chatView = createActor(machine, { input: { conversationId: 'g1' } }).start();
    function Pane() {
      const formats = useChatFormats();
      return <ChatPane chatView={chatView} chat={group} formats={formats} onBack={() => undefined} />;
    }
    render(
      <TypesafeI18n locale="en">
        <Pane />
      </TypesafeI18n>,
    );
    await screen.findByTestId('chat-messages');
    expectIsolatedMark(screen.getByTestId('chat-title'), '[U+202E]evil name');
    expect(screen.getByTestId('chat-messages').getAttribute('aria-label')).toBe('Messages with [U+202E]evil name');
    const bubble = screen.getByTestId('message-k1');
    expect(bubble.querySelector('strong')?.textContent).toBe('evil[U+202E]gnp.exe');
    expect(bubble.textContent).toContain('see evil[U+202E]gnp.exe now');
    expect([...bubble.querySelectorAll('bdi')].map((b) => b.textContent)).toContain('[U+202E]Bob');
    expect(anyControl.test(bubble.textContent ?? '')).toBe(false);
  });
});
