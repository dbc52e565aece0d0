/**
 * Pinned chats on the conversations screen (SPEC §2 assistant tools, pin chats) in the real app
 * on a fake API answering by the server's rules (src/contract/pins.ts): the pinned chats first,
 * most recently pinned first, with a pressed pin toggle; pinning and unpinning at once, by mouse
 * and by keyboard (Tab from the row to its toggle); a refused pin (the limit) or a failed unpin
 * undone with its toast; an admin reading a member's conversations sees the member's pins without
 * toggles; pins that could not be loaded, and their retry; the toggle's name in Chinese and Arabic.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Chat } from '../../../src/contract/chats';
import { Code } from '../../../src/contract/codes';
import { PIN_LIMIT_MESSAGE, type ChatPin } from '../../../src/contract/pins';
import { ApiError } from '../../../src/services/api/client';
import { toaster } from '../../../src/ui/components/toaster';
import { adminUser } from '../../support/fixtures';
import { accountApi } from '../fake-account';
import { failResult, okResult, renderApp } from '../harness';
import { chatOf } from './chat-fixtures';

vi.setConfig({ testTimeout: 30_000 });

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
  toaster.remove();
});

const chats: Chat[] = [chatOf('c1', { name: 'Alice Smith' }, 9_000), chatOf('c2', { name: 'Bob Brown' }, 8_000), chatOf('c3', { name: 'Carla Diaz' }, 7_000)];

type PinServer = { pins: ChatPin[]; refuseNextPin?: boolean; failNextUnpin?: boolean; failNextList?: boolean };

const pinOf = (chatId: string, pinnedAt: number): ChatPin => ({ chatId, number: '15550001111', chatWhatsappId: `${chatId}@c.us`, pinnedAt });

const open = async (server: PinServer, options: { storage?: Record<string, string> } = {}) => {
  let clock = 1_000;
  const page = () => okResult({ rows: chats, totalCount: chats.length, hasNext: false, timestamp: 50_000 });
  const api = accountApi({
    user: adminUser,
    extra: {
      adminConversationListByPage: page,
      adminConversationListByInc: () => okResult({ rows: [], timestamp: 60_000 }),
      pinList: () => {
        if (server.failNextList) {
          server.failNextList = false;
          throw new ApiError('network', 'pinList', 'offline');
        }
        return okResult({ pins: [...server.pins].sort((a, b) => b.pinnedAt - a.pinnedAt), limit: 50 });
      },
      pinAdd: (body) => {
        if (server.refuseNextPin) {
          server.refuseNextPin = false;
          return failResult(Code.VALIDATION, PIN_LIMIT_MESSAGE);
        }
        const pin = server.pins.find((p) => p.chatId === body!.chatId) ?? pinOf(body!.chatId, (clock += 1_000));
        server.pins = [pin, ...server.pins.filter((p) => p.chatId !== pin.chatId)];
        return okResult(pin);
      },
      pinRemove: (body) => {
        if (server.failNextUnpin) {
          server.failNextUnpin = false;
          throw new ApiError('network', 'pinRemove', 'offline');
        }
        server.pins = server.pins.filter((p) => p.chatId !== body!.chatId);
        return okResult(null);
      },
    },
  });
  const app = await renderApp({ path: '/conversation', api, storage: { accessToken: 'tok', ...options.storage } });
  await screen.findByTestId('conversation-page', {}, { timeout: 10_000 });
  await waitFor(() => expect(rowIds()).toHaveLength(3));
  const calls = (name: string) => api.calls.filter((c) => c.name === name).map((c) => c.body);
  return { app, api, calls };
};

const rowIds = () => screen.queryAllByTestId(/^chat-row-/).map((r) => r.getAttribute('data-testid')!.slice('chat-row-'.length));
const toggle = (id: string) => screen.getByTestId(`chat-pin-${id}`);
const pressed = () => rowIds().filter((id) => toggle(id).getAttribute('aria-pressed') === 'true');

describe('pinned chats on the conversations screen', () => {
  it('shows the pinned chats first, most recently pinned first, each toggle pressed or not', async () => {
    await open({ pins: [pinOf('c3', 500), pinOf('c2', 900)] });
    await waitFor(() => expect(rowIds()).toEqual(['c2', 'c3', 'c1']));
    expect(pressed()).toEqual(['c2', 'c3']);
    expect(toggle('c1').getAttribute('aria-label')).toBe('Pin Alice Smith');
    expect(toggle('c1').getAttribute('title')).toBe('Pin to the top');
    expect(toggle('c2').getAttribute('title')).toBe('Unpin');
  });

  it('pins with a click: the chat goes first at once and the pin is saved; the row does not open', async () => {
    const { calls } = await open({ pins: [pinOf('c3', 500)] });
    await waitFor(() => expect(rowIds()).toEqual(['c3', 'c1', 'c2']));
    const user = userEvent.setup();
    await user.click(toggle('c2'));
    expect(rowIds()).toEqual(['c2', 'c3', 'c1']);
    await waitFor(() => expect(calls('pinAdd')).toEqual([{ chatId: 'c2' }]));
    await waitFor(() => expect(toggle('c2').hasAttribute('disabled')).toBe(false));
    expect(pressed()).toEqual(['c2', 'c3']);
    expect(screen.queryByTestId('chat-view')).toBeNull();
  });

  it('unpins from the keyboard: Tab from the row reaches its toggle, Enter unpins', async () => {
    const { calls } = await open({ pins: [pinOf('c3', 500)] });
    await waitFor(() => expect(rowIds()).toEqual(['c3', 'c1', 'c2']));
    const user = userEvent.setup();
    screen.getByTestId('chat-row-c3').focus();
    await user.tab();
    expect(document.activeElement).toBe(toggle('c3'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls('pinRemove')).toEqual([{ chatId: 'c3' }]));
    await waitFor(() => expect(rowIds()).toEqual(['c1', 'c2', 'c3']));
    expect(pressed()).toEqual([]);
  });

  it('undoes a pin the server refuses for the limit, with the limit toast', async () => {
    const { calls } = await open({ pins: [], refuseNextPin: true });
    const user = userEvent.setup();
    await user.click(toggle('c3'));
    expect(await screen.findByText('You can pin up to 50 chats. Unpin one first.')).toBeTruthy();
    expect(calls('pinAdd')).toEqual([{ chatId: 'c3' }]);
    await waitFor(() => expect(rowIds()).toEqual(['c1', 'c2', 'c3']));
    expect(pressed()).toEqual([]);
  });

  it('puts a pin back when its unpin fails, with a toast', async () => {
    await open({ pins: [pinOf('c3', 500), pinOf('c2', 900)], failNextUnpin: true });
    await waitFor(() => expect(rowIds()).toEqual(['c2', 'c3', 'c1']));
    const user = userEvent.setup();
    await user.click(toggle('c2'));
    expect(await screen.findByText('The chat could not be unpinned.')).toBeTruthy();
    await waitFor(() => expect(rowIds()).toEqual(['c2', 'c3', 'c1']));
    expect(pressed()).toEqual(['c2', 'c3']);
  });

  it('says when the pins could not be loaded (the list unpinned, no toggles), and a retry loads them', async () => {
    const { calls } = await open({ pins: [pinOf('c3', 500)], failNextList: true });
    const failed = await screen.findByTestId('pins-failed');
    expect(failed.textContent).toContain('Pinned chats could not be loaded.');
    expect(rowIds()).toEqual(['c1', 'c2', 'c3']);
    expect(screen.queryAllByTestId(/^chat-pin-/)).toEqual([]);
    const user = userEvent.setup();
    await user.click(within(failed).getByTestId('pins-retry'));
    await waitFor(() => expect(rowIds()).toEqual(['c3', 'c1', 'c2']));
    expect(screen.queryByTestId('pins-failed')).toBeNull();
    expect(pressed()).toEqual(['c3']);
    expect(calls('pinList')).toHaveLength(2);
  });

  it("shows an admin the member's pins without toggles while reading the member's conversations", async () => {
    const { calls } = await open({ pins: [pinOf('c2', 900)] }, { storage: { selectedMember: 'u-member' } });
    await waitFor(() => expect(rowIds()).toEqual(['c2', 'c1', 'c3']));
    expect(screen.queryAllByTestId(/^chat-pin-/)).toEqual([]);
    const mark = within(screen.getByTestId('chat-row-c2')).getByTestId('chat-pinned-c2');
    expect(mark.textContent).toBe('Pinned');
    expect(calls('pinList')).toHaveLength(1);
  });
});

describe('pinned chats in other languages', () => {
  it('names the toggle in Chinese', async () => {
    await open({ pins: [] }, { storage: { language: 'zh-CN' } });
    await waitFor(() => expect(toggle('c1').getAttribute('aria-label')).toBe('置顶 Alice Smith'));
    expect(toggle('c1').getAttribute('title')).toBe('置顶');
  });

  it('names the toggle in Arabic', async () => {
    await open({ pins: [] }, { storage: { language: 'ar' } });
    await waitFor(() => expect(toggle('c1').getAttribute('aria-label')).toBe('تثبيت Alice Smith'));
    expect(toggle('c1').getAttribute('title')).toBe('تثبيت في الأعلى');
  });
});
