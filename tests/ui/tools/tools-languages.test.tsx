/**
 * The member's panels beside the open chat in Chinese and Arabic (SPEC §1 languages; §5 quick
 * reply messages; §8 toasts), in the real app against the real server (./tools-server.tsx): the
 * tabs, the quick reply's preview and its refusals, the auto-reply switch and its toast, in each
 * language; Arabic reads right to left while the user's texts keep their own direction.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chooseReply, openChat, seed, toasts } from './tools-fixtures';
import { renderTools, sentMessages, startToolsServer, type ToolsServer } from './tools-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
let server: ToolsServer;
beforeAll(async () => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroller') ? 400 : 0;
    },
  });
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
  server = await startToolsServer();
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/conversation/conversation-screen'), import('../../../src/services/flows/conversations-flow')]);
});
afterAll(async () => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  await server?.stop();
});
afterEach(async () => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  (await import('../../../src/ui/components/toaster')).toaster.remove();
});

const tabNames = (panel: HTMLElement) => within(panel).getAllByRole('tab').map((t) => t.textContent);

describe('the chat tools in Chinese', () => {
  it('shows the tabs, the preview and its refusals, and the switch in Chinese', async () => {
    const user = userEvent.setup();
    const { bridge } = await renderTools(server, { seed, storage: { language: 'zh-CN' }, sendMessage: () => ({ ok: true }) });
    const panel = await screen.findByTestId('tools-panel');
    expect(tabNames(panel)).toEqual(['快捷回复', '自动回复', '定时消息']);
    expect(within(panel).getByRole('heading', { name: '聊天工具' })).toBeTruthy();
    expect(screen.getByTestId('tools-chat').textContent).toBe('未打开聊天。');

    let detail = await chooseReply(user, 'Greeting');
    await user.click(within(detail).getByTestId('quick-reply-send'));
    expect((await screen.findByTestId('quick-reply-problem')).textContent).toBe('请打开一个聊天。');

    await user.click(screen.getByTestId('quick-reply-back'));
    await openChat(user, 'Alice Smith');
    expect(screen.getByTestId('tools-chat').textContent).toBe('用于 Alice Smith');
    detail = await chooseReply(user, 'Price list');
    expect(within(detail).getByTestId('quick-reply-values').textContent).toBe('保存的名称Alice Smith');
    expect(Array.from(within(detail).getByTestId('quick-reply-attachments').querySelectorAll('li'), (li) => li.textContent)).toEqual([
      'prices.pdf文档 · 2 kB',
      'shop.png图片 · 1.5 MB',
    ]);
    await user.click(within(detail).getByTestId('quick-reply-send'));
    await waitFor(() => expect(toasts()).toContain('快捷回复已发送。'));
    expect(sentMessages(bridge)).toHaveLength(1);

    await user.click(within(panel).getByRole('tab', { name: '自动回复' }));
    const toggle = (await screen.findByTestId('auto-reply-switch')) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(screen.getByText('默认关闭。开启后，配套扩展程序会用下方的有效模板回复收到的消息。')).toBeTruthy();
    await user.click(toggle);
    await waitFor(() => expect(toasts()).toContain('保存成功：自动回复已开启。'));
    expect(within(await screen.findByTestId('auto-reply-list')).getAllByText('关键词 · 包含')).toHaveLength(1);
  });
});

describe('the chat tools in Arabic', () => {
  it('reads right to left in Arabic, the user texts in their own direction', async () => {
    const user = userEvent.setup();
    await renderTools(server, { seed: { ...seed, chats: { member: [{ digits: '971500001234', name: 'سارة أحمد' }] } }, storage: { language: 'ar' } });
    expect(document.documentElement.dir).toBe('rtl');
    const panel = await screen.findByTestId('tools-panel');
    expect(tabNames(panel)).toEqual(['الردود السريعة', 'الرد التلقائي', 'الرسائل المجدولة']);
    await openChat(user, 'سارة أحمد');
    // The page's words and the chat's name, the name isolated (a <bdi>).
    const chat = screen.getByTestId('tools-chat');
    expect(chat.textContent).toBe('إلى سارة أحمد');
    expect(chat.querySelector('bdi')?.textContent).toBe('سارة أحمد');
    const detail = await chooseReply(user, 'Greeting');
    // An English message keeps its order inside the Arabic page; the first name is filled in.
    expect(within(detail).getByTestId('quick-reply-preview').textContent).toBe('Hello سارة, welcome!');
    expect(within(detail).getByTestId('quick-reply-preview').querySelector('bdi')).toBeTruthy();
    expect(within(detail).getByTestId('quick-reply-values').textContent).toBe('الاسم الأول لجهة الاتصالسارة');
    expect(within(detail).getByTestId('quick-reply-send').textContent).toBe('أرسل');
    // No extension answers (none installed): the clear message, in Arabic.
    await user.click(within(detail).getByTestId('quick-reply-send'));
    await waitFor(() => expect(toasts().some((t) => t.startsWith('لم تستجب الإضافة المرافقة.'))).toBe(true));

    await user.click(within(panel).getByRole('tab', { name: 'الرد التلقائي' }));
    const list = await screen.findByTestId('auto-reply-list');
    expect(within(list).getAllByText('كلمات مفتاحية · يحتوي')).toHaveLength(1);
    expect(screen.getByTestId('auto-reply-switch')).toBeTruthy();
  });
});
