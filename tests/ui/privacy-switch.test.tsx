/**
 * The header's privacy switch (SPEC §2 assistant tools, privacy tool) in the real app on a fake
 * API: a toggle button named "Privacy mode" in English, Chinese and Arabic; switched on, the
 * page's root carries the mode and every marked name, phone number and message text is blurred by
 * the app's own CSS rule (src/styles.css, applied here as the browser would), while the page's own
 * words are not; the choice is kept in this browser and a new page (a reload) starts with it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Chat } from '../../src/contract/chats';
import { adminUser } from '../support/fixtures';
import { accountApi } from './fake-account';
import { okResult, renderApp } from './harness';
import { chatOf, messagesOf } from './conversation/chat-fixtures';

vi.setConfig({ testTimeout: 30_000 });

/** The privacy rule of the app's stylesheet, as written there. */
const privacyRule = /html\[data-privacy='on'\] \[data-sensitive\] \{[^}]*\}/.exec(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'styles.css'), 'utf8'))?.[0];
const style = document.createElement('style');
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(async () => {
  style.textContent = privacyRule ?? '';
  document.head.append(style);
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroller') ? 400 : 0;
    },
  });
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
  await Promise.all([import('../../src/ui/layout/main-layout'), import('../../src/ui/screens/conversation/conversation-screen'), import('../../src/services/flows/conversations-flow')]);
});
afterAll(() => {
  style.remove();
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  document.documentElement.removeAttribute('data-privacy');
});

const chats: Chat[] = [chatOf('c1', { name: 'Alice Smith', chatWhatsappId: '8613800001111@c.us' }, 9_000), chatOf('c2', { name: 'Bob Brown' }, 8_000)];

const open = async (storage: Record<string, string> = {}) => {
  const api = accountApi({
    user: adminUser,
    extra: {
      adminConversationListByPage: () => okResult({ rows: chats, totalCount: chats.length, hasNext: false, timestamp: 50_000 }),
      adminConversationListByInc: () => okResult({ rows: [], timestamp: 60_000 }),
      messagePageBefore: () => okResult({ rows: messagesOf(3), hasMore: false }),
      messagePageAfter: () => okResult({ rows: [], hasMore: false }),
      pinList: () => okResult({ pins: [], limit: 50 }),
    },
  });
  const app = await renderApp({ path: '/conversation', api, storage: { accessToken: 'tok', ...storage } });
  await screen.findByTestId('conversation-page', {}, { timeout: 10_000 });
  await waitFor(() => expect(screen.queryAllByTestId(/^chat-row-/)).toHaveLength(2));
  return app;
};

const blur = (el: Element) => getComputedStyle(el).filter;
const switchButton = () => screen.getByTestId('privacy-switch');

describe('the privacy switch', () => {
  it('the stylesheet holds the rule the switch relies on', () => {
    expect(privacyRule).toContain('filter: blur(');
  });

  it('blurs the marked names, phone numbers and message text while on; the page’s own words stay readable', async () => {
    const app = await open();
    const user = userEvent.setup();
    expect(switchButton().getAttribute('aria-pressed')).toBe('false');
    expect(switchButton().getAttribute('aria-label')).toBe('Privacy mode');
    expect(switchButton().getAttribute('title')).toBe('Privacy mode is off: turn it on to blur names, phone numbers and messages');
    const row = screen.getByTestId('chat-row-c1');
    const name = within(row).getByText('Alice Smith');
    expect(name.hasAttribute('data-sensitive')).toBe(true);
    expect(blur(name)).not.toMatch(/blur/);

    await user.click(switchButton());
    expect(switchButton().getAttribute('aria-pressed')).toBe('true');
    expect(switchButton().getAttribute('title')).toBe('Privacy mode is on: names, phone numbers and messages are blurred');
    expect(document.documentElement.getAttribute('data-privacy')).toBe('on');
    expect(app.storage.get('privacyMode')).toBe('on');
    expect(blur(name)).toMatch(/^blur\(/);
    expect(blur(within(row).getByTestId('chat-preview'))).toMatch(/^blur\(/);
    // The page's own words are not marked.
    expect(blur(screen.getByRole('heading', { name: 'Conversations' }))).not.toMatch(/blur/);

    // The open chat: its name, its phone and every message's text.
    await user.click(name);
    const title = await screen.findByTestId('chat-title');
    expect(blur(within(title).getByText('Alice Smith'))).toMatch(/^blur\(/);
    expect(blur(screen.getByText('+8613800001111'))).toMatch(/^blur\(/);
    const message = await screen.findByTestId('message-k0001');
    expect(blur(within(message).getByText('text k0001').closest('[data-sensitive]')!)).toMatch(/^blur\(/);

    await user.click(switchButton());
    expect(document.documentElement.hasAttribute('data-privacy')).toBe(false);
    expect(blur(name)).not.toMatch(/blur/);
    expect(app.storage.get('privacyMode')).toBe('off');
  });

  it('a new page starts with the choice kept in this browser', async () => {
    await open({ privacyMode: 'on' });
    expect(switchButton().getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.getAttribute('data-privacy')).toBe('on');
    expect(blur(within(screen.getByTestId('chat-row-c2')).getByText('Bob Brown'))).toMatch(/^blur\(/);
  });
});

describe('the privacy switch in other languages', () => {
  it('is named in Chinese', async () => {
    await open({ language: 'zh-CN' });
    expect(switchButton().getAttribute('aria-label')).toBe('隐私模式');
    expect(switchButton().getAttribute('title')).toBe('隐私模式已关闭：开启后将模糊显示姓名、电话号码和消息');
  });

  it('is named in Arabic', async () => {
    await open({ language: 'ar', privacyMode: 'on' });
    expect(switchButton().getAttribute('aria-label')).toBe('وضع الخصوصية');
    expect(switchButton().getAttribute('title')).toBe('وضع الخصوصية مفعّل: الأسماء وأرقام الهواتف والرسائل مموّهة');
  });
});
