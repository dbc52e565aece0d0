/** The data and helpers the chat tools view tests share (tools-panel.test.tsx, tools-languages.test.tsx). */
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ToolsSeed } from './tools-server';

type User = ReturnType<typeof userEvent.setup>;

export const HOSTILE_TITLE = '<img src=x onerror="alert(1)">\u202Egnp.exe';
export const HOSTILE_MESSAGE = '<script>alert("x")</script> {firstName}';

export const seed: ToolsSeed = {
  chats: {
    member: [
      { digits: '15550100', name: 'Alice Smith' },
      { digits: '120363-1700000000', name: 'Team 2024', group: true },
    ],
    admin: [{ digits: '15550200', name: 'Bob Admin-Side' }],
  },
  quickReplies: [
    { title: 'Greeting', message: 'Hello {firstName}, welcome!' },
    {
      title: 'Price list',
      message: 'Our prices, {savedName}',
      attachments: [
        { name: 'prices.pdf', mimeType: 'application/pdf', kind: 'document', size: 2048 },
        { name: 'shop.png', mimeType: 'image/png', kind: 'image', size: 1_572_864 },
      ],
    },
    { title: 'Group hello', message: 'Hi all in {groupName}' },
    { title: 'Group only', message: '{groupName}' },
  ],
  autoReplies: [
    { name: 'Opening hours', type: 'keyword', keywords: ['hours', 'open'], matchMode: 'fuzzy', reply: 'We are open 9 to 5, {firstName}.' },
    { name: 'Holiday', type: 'keyword', keywords: ['holiday'], reply: 'Closed for the holiday.', status: 'paused' },
    { name: 'Away', type: 'replyAll', reply: 'Thanks, we will answer soon.' },
  ],
};

/** Opens the chat whose row shows `name` (a click on the row) and waits until the tools panel names it. */
export const openChat = async (user: User, name: string) => {
  const row = (await screen.findAllByTestId(/^chat-row-/)).find((r) => r.textContent?.includes(name));
  if (!row) throw new Error(`no chat ${name}`);
  await user.click(row.firstElementChild!);
  await waitFor(() => expect(screen.getByTestId('tools-chat').textContent).toContain(name));
};

/** Chooses the quick reply whose button shows `title`; answers its detail. */
export const chooseReply = async (user: User, title: string) => {
  const list = await screen.findByTestId('quick-reply-list', {}, { timeout: 10_000 });
  const button = within(list)
    .getAllByRole('button')
    .find((b) => b.textContent?.includes(title));
  if (!button) throw new Error(`no quick reply ${title}`);
  await user.click(button);
  return screen.findByTestId('quick-reply-detail');
};

/** The texts of the toasts on screen. */
export const toasts = () => screen.queryAllByTestId('toast').map((t) => t.textContent ?? '');
