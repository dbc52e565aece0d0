/**
 * The member's panels beside the open chat (SPEC §2 quick reply, auto reply and schedule message
 * panels; §5 'Please open a chat.', 'Enter a message.'; §6 auto replies off by default, switched on
 * by each member, an admin acting for a member; §7 Files and Extension messaging; §8 toasts) in the
 * real app against the real server (./tools-server.tsx): the quick replies loaded, searched and
 * previewed for the open chat with their fill-in values and attachments, sent through the
 * extension with signed links (and what the extension's refusal or silence shows), the auto-reply
 * switch saved in the member's config, the admin setting a member's switch, the loading, empty and
 * error states, the keyboard, the sheet on a phone, and hostile text shown inert.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTO_REPLY_SWITCH_KEY } from '../../../src/contract/templates';
import { ApiError } from '../../../src/services/api/client';
import { chooseReply, HOSTILE_MESSAGE, HOSTILE_TITLE, openChat, seed, toasts } from './tools-fixtures';
import { renderTools, sentMessages, startToolsServer, type ToolsSeed, type ToolsServer } from './tools-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

// jsdom has no layout: the chat list's scroller gets a 400px viewport (TanStack Virtual reads clientHeight).
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
  // The app's one toaster outlives a test (at most 3 show at once): each test starts with none.
  (await import('../../../src/ui/components/toaster')).toaster.remove();
});

describe('the quick reply panel', () => {
  it('lists, searches and previews a quick reply for the open chat, then sends it with signed links through the extension', async () => {
    const user = userEvent.setup();
    const { bridge, bodies, world } = await renderTools(server, { seed, sendMessage: () => ({ ok: true }) });
    // Open beside the chat on a wide screen, on the quick reply tab.
    const panel = await screen.findByTestId('tools-panel');
    expect(screen.getByTestId('tools-toggle').getAttribute('aria-expanded')).toBe('true');
    expect(within(panel).getByRole('tab', { name: 'Quick replies' }).getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByTestId('quick-reply-list', {}, { timeout: 10_000 });
    expect(within(list).getAllByRole('button').map((b) => b.querySelector('bdi')?.textContent).sort()).toEqual(['Greeting', 'Group hello', 'Group only', 'Price list']);
    expect(screen.getByTestId('tools-chat').textContent).toBe('No chat is open.');

    // The search filters by title or message, case ignored.
    await user.type(screen.getByTestId('quick-reply-search'), 'PRICES');
    expect(within(screen.getByTestId('quick-reply-list')).getAllByRole('button')).toHaveLength(1);
    await user.clear(screen.getByTestId('quick-reply-search'));
    await user.type(screen.getByTestId('quick-reply-search'), 'nothing like it');
    expect(screen.getByTestId('quick-reply-no-match').textContent).toContain('nothing like it');
    await user.clear(screen.getByTestId('quick-reply-search'));

    await openChat(user, 'Alice Smith');
    const detail = await chooseReply(user, 'Price list');
    // The message as it goes out, with the values it was filled in with (SPEC §3 dynamic variables).
    expect(within(detail).getByTestId('quick-reply-preview').textContent).toBe('Our prices, Alice Smith');
    expect(within(detail).getByTestId('quick-reply-values').textContent).toBe('Name as savedAlice Smith');
    const files = within(detail).getByTestId('quick-reply-attachments');
    expect(Array.from(files.querySelectorAll('li'), (li) => li.textContent)).toEqual(['prices.pdfDocument · 2 kB', 'shop.pngImage · 1.5 MB']);
    // Focus moved to the chosen reply's title (the button pressed is gone).
    expect(document.activeElement?.id).toBe('quick-reply-title');

    await user.click(within(detail).getByTestId('quick-reply-send'));
    await waitFor(() => expect(toasts()).toContain('Quick reply sent.'));
    expect(bodies('storageDownloadUrls')).toEqual([{ fileIds: [world.fileIds['prices.pdf'], world.fileIds['shop.png']] }]);
    const [payload] = sentMessages(bridge) as { chatWhatsappId: string; text: string; attachments: { name: string; url: string }[] }[];
    expect(payload).toMatchObject({
      chatWhatsappId: '15550100@c.us',
      text: 'Our prices, Alice Smith',
      attachments: [
        { name: 'prices.pdf', mimeType: 'application/pdf', kind: 'document', size: 2048 },
        { name: 'shop.png', mimeType: 'image/png', kind: 'image', size: 1_572_864 },
      ],
    });
    // Whole links the extension can fetch from its own origin, each to its file.
    for (const [i, name] of ['prices.pdf', 'shop.png'].entries()) {
      expect(payload!.attachments[i]!.url).toMatch(/^https?:\/\//);
      expect(payload!.attachments[i]!.url).toContain(world.fileIds[name]!);
    }
  });

  it("says 'Please open a chat.' without an open chat and 'Enter a message.' when the message fills in empty, and sends nothing", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderTools(server, { seed, sendMessage: () => ({ ok: true }) });
    let detail = await chooseReply(user, 'Greeting');
    // Without a chat the variables stay empty in the preview.
    expect(within(detail).getByTestId('quick-reply-preview').textContent).toBe('Hello , welcome!');
    await user.click(within(detail).getByTestId('quick-reply-send'));
    expect((await screen.findByTestId('quick-reply-problem')).textContent).toBe('Please open a chat.');

    await user.click(screen.getByTestId('quick-reply-back'));
    await openChat(user, 'Alice Smith');
    detail = await chooseReply(user, 'Group only');
    expect(within(detail).getByTestId('quick-reply-values').textContent).toBe('Group name(empty)');
    await user.click(within(detail).getByTestId('quick-reply-send'));
    expect((await screen.findByTestId('quick-reply-problem')).textContent).toBe('Enter a message.');

    // In the group the same reply has its text: the open chat reached the panel through its parents.
    await user.click(screen.getByTestId('quick-reply-back'));
    await openChat(user, 'Team 2024');
    detail = await chooseReply(user, 'Group only');
    expect(within(detail).getByTestId('quick-reply-preview').textContent).toBe('Team 2024');
    expect(screen.queryByTestId('quick-reply-problem')).toBeNull();
    expect(sentMessages(bridge)).toEqual([]);
  });

  it("shows the extension's refusal with its reason, and a clear message when no extension answers", async () => {
    const user = userEvent.setup();
    let answer: unknown = { ok: false, message: 'The chat page is not open' };
    const { bridge } = await renderTools(server, { seed, sendMessage: () => answer });
    await openChat(user, 'Alice Smith');
    const detail = await chooseReply(user, 'Greeting');
    await user.click(within(detail).getByTestId('quick-reply-send'));
    await waitFor(() => expect(toasts()).toContain('The extension could not send the message: The chat page is not open'));
    expect(sentMessages(bridge)).toEqual([{ chatWhatsappId: '15550100@c.us', text: 'Hello Alice, welcome!', attachments: [] }]);

    // No extension: the bridge reads that as no answer (SPEC §7).
    answer = undefined;
    await waitFor(() => expect(screen.getByTestId('quick-reply-send').hasAttribute('disabled')).toBe(false));
    await user.click(screen.getByTestId('quick-reply-send'));
    await waitFor(() => expect(toasts().some((t) => t.startsWith('The companion extension did not answer.'))).toBe(true));
    expect(sentMessages(bridge)).toHaveLength(2);
  });

  it('shows a failing list with a retry, and the empty team', async () => {
    const user = userEvent.setup();
    let fail = true;
    await renderTools(server, {
      seed,
      overrides: {
        quickReplyList: (_body, real) => {
          if (fail) throw new ApiError('network', 'quickReplyList', 'offline');
          return real();
        },
      },
    });
    const failed = await screen.findByTestId('quick-reply-failed', {}, { timeout: 10_000 });
    expect(failed.getAttribute('role')).toBe('alert');
    fail = false;
    await user.click(within(failed).getByTestId('quick-reply-retry'));
    expect(await screen.findByTestId('quick-reply-list')).toBeTruthy();

    await renderToolsAgain({ ...seed, quickReplies: [] });
    expect((await screen.findByTestId('quick-reply-empty', {}, { timeout: 10_000 })).textContent).toContain('no quick replies');
  });

  it('shows hostile titles, messages and file names as inert text', async () => {
    const user = userEvent.setup();
    const hostile: ToolsSeed = {
      ...seed,
      chats: { member: [{ digits: '15550100', name: '<b>Alice</b>' }] },
      quickReplies: [{ title: HOSTILE_TITLE, message: HOSTILE_MESSAGE, attachments: [{ name: '<svg onload=alert(1)>.pdf', mimeType: 'application/pdf', kind: 'document', size: 10 }] }],
    };
    await renderTools(server, { seed: hostile });
    await openChat(user, '<b>Alice</b>');
    const list = await screen.findByTestId('quick-reply-list', {}, { timeout: 10_000 });
    expect(list.querySelector('img, script, svg[onload]')).toBeNull();
    const detail = await chooseReply(user, '<img');
    expect(document.querySelector('script, img[onerror], svg[onload], b')).toBeNull();
    // The right-to-left override is shown as a mark, not obeyed; the text is isolated.
    expect(detail.querySelector('#quick-reply-title bdi')!.textContent).toBe('<img src=x onerror="alert(1)">[U+202E]gnp.exe');
    expect(within(detail).getByTestId('quick-reply-preview').textContent).toBe('<script>alert("x")</script> <b>Alice</b>');
    expect(within(detail).getByTestId('quick-reply-attachments').textContent).toContain('<svg onload=alert(1)>.pdf');
  });
});

/** Renders the app again on a new world (the previous render is left by the test's cleanup). */
const renderToolsAgain = async (next: ToolsSeed) => {
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  return renderTools(server, { seed: next });
};

describe('the auto reply panel', () => {
  it("is off by default; the member's switch is saved in their member config, and the active auto replies are listed read only", async () => {
    const user = userEvent.setup();
    await renderTools(server, { seed });
    await user.click(await screen.findByRole('tab', { name: 'Auto reply' }));
    const panel = await screen.findByTestId('auto-reply-panel');
    const toggle = within(panel).getByTestId('auto-reply-switch') as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    // Only the active ones, with their type, keywords and reply.
    const list = await within(panel).findByTestId('auto-reply-list');
    const cards = Array.from(list.children, (li) => li.textContent);
    expect(cards).toHaveLength(2);
    expect(cards.find((c) => c?.startsWith('Opening hours'))).toBe('Opening hoursKeywords · containshoursopenReplyWe are open 9 to 5, {firstName}.');
    expect(cards.find((c) => c?.startsWith('Away'))).toBe('AwayEvery messageReplyThanks, we will answer soon.');

    await user.click(toggle);
    await waitFor(() => expect(toasts()).toContain('Successfully saved: auto reply is on.'));
    expect(toggle.checked).toBe(true);
    expect(await server.config('member')).toEqual([{ key: AUTO_REPLY_SWITCH_KEY, value: '1' }]);
    await user.click(toggle);
    await waitFor(() => expect(toasts()).toContain('Successfully saved: auto reply is off.'));
    expect(await server.config('member')).toEqual([{ key: AUTO_REPLY_SWITCH_KEY, value: '0' }]);
  });

  it("puts the switch back when the save fails, and lets an admin set a member's switch through the member chooser", async () => {
    const user = userEvent.setup();
    let offline = true;
    const { bodies } = await renderTools(server, {
      seed: { ...seed, switches: { member: '1' } },
      as: 'admin',
      overrides: { memberConfigUpdate: (_body, real) => (offline ? Promise.reject(new ApiError('network', 'memberConfigUpdate', 'offline')) : real()) },
    });
    await user.click(await screen.findByRole('tab', { name: 'Auto reply' }));
    let toggle = (await screen.findByTestId('auto-reply-switch')) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    // The admin's own switch: off, and a failed save puts it back.
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect(toasts()).toContain('The switch could not be saved.'));
    expect(toggle.checked).toBe(false);
    expect(bodies('memberConfigUpdate')).toEqual([{ items: [{ key: AUTO_REPLY_SWITCH_KEY, value: '1' }] }]);

    // The member chosen inside the screen: the panels start afresh with that member's switch.
    await user.click(screen.getByTestId('member-chooser'));
    const option = (await screen.findAllByRole('option')).find((o) => o.textContent?.includes('member@example.com'))!;
    await user.pointer({ keys: '[MouseLeft>]', target: option });
    await user.click(option);
    await user.click(await screen.findByRole('tab', { name: 'Auto reply' }));
    toggle = (await screen.findByTestId('auto-reply-switch')) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(screen.getByTestId('auto-reply-acting-for').textContent).toContain('member@example.com');
    // The admin switches the member's auto replies off: the member's config changes, not the admin's.
    offline = false;
    await user.click(toggle);
    await waitFor(() => expect(toasts()).toContain('Successfully saved: auto reply is off.'));
    expect(await server.config('member')).toEqual([{ key: AUTO_REPLY_SWITCH_KEY, value: '0' }]);
    expect(await server.config('admin')).toEqual([]);
  });
});

describe('the tools panel', () => {
  it('collapses and opens from the keyboard, and a tab shows from the keyboard', async () => {
    const user = userEvent.setup();
    await renderTools(server, { seed });
    const toggle = await screen.findByTestId('tools-toggle');
    await screen.findByTestId('tools-panel');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByTestId('tools-panel')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Enter}');
    const panel = await screen.findByTestId('tools-panel');
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    // A tab is a button: Enter on it shows it (the arrow keys between tabs are Ark's, checked in Chromium).
    within(panel).getByRole('tab', { name: 'Auto reply' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(panel).getByRole('tab', { name: 'Auto reply' }).getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByTestId('auto-reply-panel')).toBeTruthy();
    await user.click(within(panel).getByTestId('tools-close'));
    expect(screen.queryByTestId('tools-panel')).toBeNull();
  });

  it("mounts the member's schedules with the open chat as a new schedule's recipient", async () => {
    const user = userEvent.setup();
    const { bodies } = await renderTools(server, { seed });
    await openChat(user, 'Alice Smith');
    await user.click(screen.getByRole('tab', { name: 'Schedules' }));
    const panel = await screen.findByTestId('schedules-panel');
    await waitFor(() => expect(bodies('scheduleList').length).toBeGreaterThan(0));
    await user.click(await within(panel).findByTestId('schedules-create'));
    const form = await screen.findByTestId('schedule-form');
    expect(within(form).getByTestId('schedule-recipient-15550100@c.us').textContent).toContain('Alice Smith');
    // Back to the quick replies: the schedules' flow keeps its form (started once, kept while the panel lives).
    await user.click(screen.getByRole('tab', { name: 'Quick replies' }));
    await user.click(screen.getByRole('tab', { name: 'Schedules' }));
    expect(await screen.findByTestId('schedule-form')).toBeTruthy();
  });

  it('opens as a sheet on a phone, closed at first, and closes after a quick reply went out', async () => {
    const user = userEvent.setup();
    await renderTools(server, { seed, narrow: true, sendMessage: () => ({ ok: true }) });
    expect(screen.queryByTestId('tools-sheet')).toBeNull();
    const row = (await screen.findAllByTestId(/^chat-row-/)).find((r) => r.textContent?.includes('Alice Smith'))!;
    await user.click(row.firstElementChild!);
    await user.click(screen.getByTestId('tools-toggle'));
    const sheet = await screen.findByTestId('tools-sheet');
    expect(within(sheet).getByTestId('tools-chat').textContent).toBe('For Alice Smith');
    expect(sheet.getAttribute('role')).toBe('dialog');
    expect(within(sheet).getByRole('heading', { name: 'Chat tools' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('tools-sheet')).toBeNull());
    await user.click(screen.getByTestId('tools-toggle'));
    await screen.findByTestId('tools-sheet');
    const detail = await chooseReply(user, 'Greeting');
    await user.click(within(detail).getByTestId('quick-reply-send'));
    await waitFor(() => expect(screen.queryByTestId('tools-sheet')).toBeNull());
    await waitFor(() => expect(toasts()).toContain('Quick reply sent.'));
  });
});
