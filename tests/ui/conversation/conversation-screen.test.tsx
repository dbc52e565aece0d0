/**
 * The conversations screen (SPEC §2 /conversation and the standalone /chats; §4 Chat list loading;
 * §6 an admin reading a member's conversations; §9) in the real app on a fake API: the chat list
 * loads page after page and stays virtualized, the filters, the keyboard (arrows, Enter opens),
 * the chat view with older messages on request, the loading, empty (sync introduction) and error
 * states with their retries, the member chosen inside the screen (the header's selector hidden),
 * one pane at a time on a phone (a back button), and the screen in Chinese and Arabic.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Chat, Message } from '../../../src/contract/chats';
import { ApiError } from '../../../src/services/api/client';
import { adminUser, memberUser } from '../../support/fixtures';
import { accountApi } from '../fake-account';
import { okResult, renderApp, type ApiHandlers } from '../harness';
import { chatOf, chatsOf, messageOf, messagesOf } from './chat-fixtures';

vi.setConfig({ testTimeout: 30_000 });

// jsdom has no layout: the list's scrolling area gets a 400px viewport (TanStack Virtual reads clientHeight).
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(async () => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroller') ? 400 : 0;
    },
  });
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/conversation/conversation-screen'), import('../../../src/services/flows/conversations-flow')]);
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

type Server = {
  /** Chats per member (by user id) in the list's order. */
  chats: Record<string, Chat[]>;
  /** Messages per conversation, oldest first. */
  messages: Record<string, Message[]>;
  /** Calls fail on the way while this is above 0 (one per call). */
  offline: { list: number; messages: number };
};

/** The chat calls answered from `server` by the server's rules (pages of the size asked, keyset message pages). */
const chatHandlers = (server: Server, whose: () => string): ApiHandlers => {
  const page = (body: { pageNo?: number; pageSize?: number } | undefined) => {
    if (server.offline.list > 0) {
      server.offline.list -= 1;
      throw new ApiError('network', 'list', 'offline');
    }
    const rows = server.chats[whose()] ?? [];
    const size = body?.pageSize ?? 500;
    const from = ((body?.pageNo ?? 1) - 1) * size;
    return okResult({ rows: rows.slice(from, from + size), totalCount: rows.length, hasNext: from + size < rows.length, timestamp: 50_000 });
  };
  const before = (body: { conversationId: string; sendTime?: number; msgKey?: string; pageSize?: number } | undefined) => {
    if (server.offline.messages > 0) {
      server.offline.messages -= 1;
      throw new ApiError('network', 'messages', 'offline');
    }
    const all = server.messages[body!.conversationId] ?? [];
    const end = body?.sendTime === undefined ? all.length : all.findIndex((m) => m.msgKey === body.msgKey);
    const start = Math.max(0, end - (body?.pageSize ?? 50));
    return okResult({ rows: all.slice(start, end), hasMore: start > 0 });
  };
  return {
    adminConversationListByPage: page,
    memberConversationListByPage: page,
    adminConversationListByInc: () => okResult({ rows: [], timestamp: 60_000 }),
    memberConversationListByInc: () => okResult({ rows: [], timestamp: 60_000 }),
    messagePageBefore: before,
    messagePageAfter: () => okResult({ rows: [], hasMore: false }),
  };
};

const open = async (options: { path?: string; user?: typeof adminUser; server: Server; storage?: Record<string, string> }) => {
  const user = options.user ?? adminUser;
  let selected = user.userId;
  const api = accountApi({ user, extra: chatHandlers(options.server, () => selected) });
  const app = await renderApp({ path: options.path ?? '/conversation', api, storage: { accessToken: 'tok', ...options.storage } });
  await screen.findByTestId('conversation-page', {}, { timeout: 10_000 });
  const calls = (name: string) => api.calls.filter((c) => c.name === name).map((c) => c.body);
  return { app, api, calls, select: (userId: string) => (selected = userId) };
};

const rows = () => screen.queryAllByTestId(/^chat-row-/);

const world = (): Server => ({
  chats: {
    'u-admin': [
      chatOf('c1', { name: 'Alice Smith', chatWhatsappId: '8613800001111@c.us', leadId: 'l1' }, 9_000),
      chatOf('c2', { name: 'سارة أحمد', chatWhatsappId: '971500001234@c.us', lastMessage: { sendTime: 8_000, type: 'image', text: null, fromMe: true } }, 8_000),
      chatOf('c3', { name: 'Team 2024', chatWhatsappId: '120363-1700000000@g.us', isGroup: true, lastMessage: { sendTime: 7_000, type: 'call_log', text: null, fromMe: false } }, 7_000),
    ],
    'u-member': [],
  },
  messages: { c1: messagesOf(70, 1) },
  offline: { list: 0, messages: 0 },
});

describe('the conversations screen', () => {
  it('loads the list, opens a chat from the keyboard, loads older messages and goes back', async () => {
    const server = world();
    const { calls } = await open({ server });
    await waitFor(() => expect(rows()).toHaveLength(3));
    // SPEC §2: the header's member selector is hidden here; the screen has its own chooser.
    expect(screen.queryByTestId('member-selector')).toBeNull();
    expect(screen.getByTestId('member-chooser')).toBeTruthy();
    expect(calls('adminConversationListByPage')).toEqual([{ pageNo: 1, pageSize: 500 }]);
    expect(screen.getByTestId('conversation-count').textContent).toBe('3 conversations');
    // The label and the preview are elements of their own, each in its direction.
    expect(within(screen.getByTestId('chat-row-c2')).getByTestId('chat-preview-you').textContent).toBe('You:');
    expect(within(screen.getByTestId('chat-row-c2')).getByTestId('chat-preview').textContent).toBe('Photo');
    expect(screen.getByTestId('chat-row-c1').textContent).toContain('Awaiting reply');
    // A kind the page does not show reads as a message, not as its type's code.
    expect(screen.getByTestId('chat-row-c3').textContent).toContain('Message');
    expect(screen.getByTestId('chat-row-c3').textContent).not.toContain('call_log');
    expect(screen.getByTestId('chat-placeholder').textContent).toBe('Choose a conversation to read it.');

    // Arrow keys move between chats, Enter opens one.
    const user = userEvent.setup();
    screen.getByTestId('chat-row-c1').focus();
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    const view = await screen.findByTestId('chat-view');
    expect(within(view).getByTestId('chat-title').textContent).toBe('Alice Smith');
    expect(view.textContent).toContain('+8613800001111');
    expect(view.textContent).toContain('In your pipeline as a lead');
    await waitFor(() => expect(within(view).getAllByTestId(/^message-k/)).toHaveLength(50));
    expect(calls('messagePageBefore')).toEqual([{ conversationId: 'c1', pageSize: 50 }]);
    expect(screen.getByTestId('chat-row-c1').firstElementChild!.getAttribute('aria-current')).toBe('true');

    await user.click(within(view).getByTestId('chat-load-older'));
    await waitFor(() => expect(within(view).getAllByTestId(/^message-k/)).toHaveLength(70));
    expect(calls('messagePageBefore')[1]).toEqual({ conversationId: 'c1', sendTime: 21_000, msgKey: 'k0021', pageSize: 50 });
    expect(within(view).getByTestId('chat-start').textContent).toBe('Start of the conversation');
    // Oldest first, each once.
    const keys = within(view).getAllByTestId(/^message-k/).map((m) => m.getAttribute('data-testid'));
    expect(keys[0]).toBe('message-k0001');
    expect(new Set(keys).size).toBe(70);

    // On a phone the chat replaces the list; its back button returns to the list.
    expect(document.querySelector('[data-chat-open]')).not.toBeNull();
    await user.click(within(view).getByTestId('chat-back'));
    await waitFor(() => expect(screen.queryByTestId('chat-view')).toBeNull());
    expect(document.querySelector('[data-chat-open]')).toBeNull();
  });

  it('filters by name or number, single chats or groups, and awaiting a reply', async () => {
    const server = world();
    await open({ server });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const user = userEvent.setup();
    await user.type(screen.getByTestId('chat-search'), '1234');
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-key'))).toEqual(['c2']));
    await user.clear(screen.getByTestId('chat-search'));
    await user.click(screen.getByTestId('chat-kind-group'));
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-key'))).toEqual(['c3']));
    expect(screen.getByTestId('chat-kind-group').getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByTestId('chat-kind-all'));
    await user.click(screen.getByText('Awaiting reply only'));
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-key'))).toEqual(['c1', 'c3']));
    await user.type(screen.getByTestId('chat-search'), 'nobody');
    expect(await screen.findByTestId('chat-no-match')).toBeTruthy();
    await user.click(screen.getByTestId('chat-clear-filters'));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('keeps 2,000 chats in pages of 500 and renders only a window of them', async () => {
    const server = world();
    server.chats['u-admin'] = chatsOf('c', 2_000, 10_000_000);
    const { calls } = await open({ server });
    await waitFor(() => expect(screen.getByTestId('conversation-count').textContent).toBe('2,000 conversations'));
    expect(calls('adminConversationListByPage').map((b) => (b as { pageNo: number }).pageNo)).toEqual([1, 2, 3, 4]);
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().length).toBeLessThan(30);
    expect(screen.getByTestId('chat-list').querySelector('[role="list"]')!.getAttribute('aria-label')).toBe('Conversations');
  });

  it('shows a failing list with a retry, and a failing chat with a retry', async () => {
    const server = world();
    server.offline.list = 1;
    await open({ server });
    const failed = await screen.findByTestId('chat-list-failed', {}, { timeout: 10_000 });
    expect(failed.textContent).toContain('The conversations could not be loaded.');
    fireEvent.click(within(failed).getByTestId('chat-list-retry'));
    await waitFor(() => expect(rows()).toHaveLength(3));

    server.offline.messages = 1;
    fireEvent.click(screen.getByTestId('chat-row-c1').firstElementChild!);
    const chatFailed = await screen.findByTestId('chat-failed');
    expect(chatFailed.textContent).toContain('The messages could not be loaded.');
    fireEvent.click(within(chatFailed).getByTestId('chat-retry'));
    await waitFor(() => expect(screen.getAllByTestId(/^message-k/)).toHaveLength(50));
  });

  it('introduces the sync to a member without synced chats, with the way to the pipeline', async () => {
    const server = world();
    const { calls } = await open({ server, user: memberUser });
    const intro = await screen.findByTestId('sync-intro', {}, { timeout: 10_000 });
    expect(intro.textContent).toContain('Sync your chats');
    expect(intro.textContent).toContain('Install the companion browser extension');
    expect(within(intro).getByTestId('sync-intro-pipeline').getAttribute('href')).toBe('/crm/pipeline');
    expect(calls('memberConversationListByPage')).toEqual([{ pageNo: 1, pageSize: 500 }]);
    expect(screen.queryByTestId('member-chooser')).toBeNull();
  });

  it("lets an admin read another member's conversations, chosen inside the screen", async () => {
    const server = world();
    server.chats['u-other'] = [chatOf('o1', { name: 'Olga' })];
    const { app, calls, select } = await open({ server });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const user = userEvent.setup();
    select('u-member');
    await user.click(screen.getByTestId('member-chooser'));
    const option = screen.getAllByRole('option').find((o) => o.textContent?.includes('Mia Member'))!;
    // As chooseItem does: pressed first, so Ark highlights it whatever an earlier test left.
    await user.pointer({ keys: '[MouseLeft>]', target: option });
    await user.click(option);
    await waitFor(() => expect(screen.getByTestId('sync-intro-other').textContent).toBe('This member has not synced any chats yet.'));
    expect(app.storage.get('selectedMember')).toBe('u-member');
    expect(calls('adminConversationListByPage')).toHaveLength(2);
  });

  it('serves the same chat view standalone at /chats', async () => {
    const server = world();
    await open({ server, path: '/chats' });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByTestId('main-layout')).toBeNull();
  });
});

describe('the conversations screen in other languages', () => {
  it('reads right to left in Arabic, each message in its own direction', async () => {
    const server = world();
    server.messages.c2 = [messageOf('a1', 1_000, { text: 'مرحبا *world*' }), messageOf('a2', 2_000, { type: 'ptt', text: null, meta: { durationSec: 65 } })];
    await open({ server, storage: { language: 'ar' } });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { name: 'المحادثات' })).toBeTruthy();
    expect(screen.getByTestId('chat-search').closest('[role="search"]')!.getAttribute('aria-label')).toBe('تصفية المحادثات');
    fireEvent.click(screen.getByTestId('chat-row-c2').firstElementChild!);
    const bubble = await screen.findByTestId('message-a1');
    expect(bubble.querySelector('[dir="auto"]')!.textContent).toBe('مرحبا world');
    expect(bubble.querySelector('strong')!.textContent).toBe('world');
    expect(screen.getByTestId('message-a2').textContent).toContain('رسالة صوتية');
    expect(screen.getByTestId('message-a2').textContent).toContain('1:05');
    expect(screen.getByTestId('chat-back').getAttribute('aria-label')).toBe('العودة إلى المحادثات');
  });

  it('speaks Chinese', async () => {
    const server = world();
    server.messages.c3 = [messageOf('z1', 1_000, { type: 'document', fileName: '报价.pdf', fileSize: 1536, senderName: '王伟' })];
    await open({ server, storage: { language: 'zh-CN' } });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('heading', { name: '会话' })).toBeTruthy();
    expect(screen.getByTestId('conversation-count').textContent).toBe('3 个会话');
    expect(screen.getByTestId('chat-kind-group').textContent).toBe('群组');
    await act(async () => {
      fireEvent.click(screen.getByTestId('chat-row-c3').firstElementChild!);
    });
    const bubble = await screen.findByTestId('message-z1');
    expect(bubble.textContent).toContain('王伟');
    expect(bubble.textContent).toContain('报价.pdf');
    expect(bubble.textContent).toContain('1.5 kB');
  });
});
