/**
 * The schedules panel (SPEC §2 schedule message panel, §3 Schedule message, §4 Schedule: pending
 * to completed, plus failed and retry, §5 Schedule messages, §8 success toasts) on the schedules
 * flow with its real effects, against the real server (./schedules-server.tsx): the empty list; a
 * schedule made with the open chat as its recipient, another chat added from the member's synced
 * chats, a start on the member's clock and a recurrence; the SPEC §5 problems on their fields; a
 * due schedule that waits for the chat page and turns completed at the next poll without a
 * reload; a failure shown with the extension's words, inert, and retried after a confirmation; a
 * deletion after a confirmation; a list that could not be loaded; paging; and the panel in Chinese
 * and in Arabic (right to left).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULES_POLL_MS } from '../../../src/machines/schedule.machine';
import { ApiError } from '../../../src/services/api/client';
import { ALICE, chatPageSends, pickOption, renderPanel, saveAs, SALES, startSchedulesServer, type SchedulesServer } from './schedules-server';
import type { SchedulesWorld } from './schedules-server-protocol';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let server: SchedulesServer;
let world: SchedulesWorld;
beforeAll(async () => {
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
  server = await startSchedulesServer();
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(async () => {
  world = await server.reset();
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

/** The server's clock after a reset (tests/server/support/test-app.ts CLOCK_START). */
const SERVER_START = Date.UTC(2025, 0, 15, 9);
/** 15 January 2030, 09:30 in Berlin (08:30 UTC). */
const START = Date.UTC(2030, 0, 15, 8, 30);
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const card = (id: string) => screen.getByTestId(`schedule-${id}`);
const statusOf = (id: string) => screen.getByTestId(`schedule-status-${id}`).textContent;
/** The list's next poll (the simulated clock), and the answer it brings. */
const poll = async (clock: { increment(ms: number): void }) => {
  await act(async () => clock.increment(SCHEDULES_POLL_MS));
};

describe('the schedules panel', () => {
  it('starts empty; a new schedule has the open chat as recipient, takes another chat, a start on the member’s clock and a recurrence, and is listed pending', async () => {
    const { bodies, shown } = await renderPanel(server, world);
    expect(screen.getByTestId('schedules-empty').textContent).toBe('No scheduled messages yet.');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('schedules-create'));
    const form = screen.getByTestId('schedule-form');
    expect(within(form).getByRole('heading').textContent).toBe('New scheduled message');
    expect(within(screen.getByTestId('schedule-recipients')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Alice Chen']);
    expect(screen.getByTestId('schedule-zone').textContent).toBe('Times are on the clock of Europe/Berlin.');

    await pickOption(user, 'schedule-add-recipient', 'Sales team');
    await user.type(input('schedule-title'), 'Weekly check-in');
    await user.type(screen.getByTestId('schedule-message'), 'Hello, any news?');
    await user.type(input('schedule-when'), '01/15/2030{Enter}');
    await waitFor(() => expect(input('schedule-when-time').value).toBe('00:00'));
    await user.clear(input('schedule-when-time'));
    await user.type(input('schedule-when-time'), '09:30');
    await pickOption(user, 'schedule-recurrence', 'Every day');
    await user.click(screen.getByTestId('schedule-save'));

    await waitFor(() => expect(screen.queryByTestId('schedule-form')).toBeNull());
    expect(bodies('scheduleSave')).toEqual([
      { recipients: [ALICE, SALES], title: 'Weekly check-in', message: 'Hello, any news?', startTime: START, timeZone: 'Europe/Berlin', recurrence: 'day' },
    ]);
    expect(shown).toEqual([{ text: 'Successfully saved', type: 'success' }]);
    const [saved] = await waitFor(() => {
      const items = screen.getByTestId('schedules-list').querySelectorAll('li[data-testid^="schedule-"]');
      expect(items).toHaveLength(1);
      return Array.from(items);
    });
    const id = saved!.getAttribute('data-testid')!.slice('schedule-'.length);
    expect(statusOf(id)).toBe('Pending');
    expect(screen.getByTestId(`schedule-when-${id}`).textContent).toBe('Every day · Next: Jan 15, 2030, 9:30 AM');
    expect(card(id).textContent).toContain('To: Alice Chen, Sales team');
  });

  it('shows the SPEC §5 problems on their fields, and a start in the past, without saving', async () => {
    const { bodies } = await renderPanel(server, world, { defaultRecipient: null });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('schedules-create'));
    await user.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(screen.getByTestId('schedule-title-error').textContent).toBe('Enter a title'));
    expect(screen.getByTestId('schedule-message-error').textContent).toBe('Enter a message.');
    expect(screen.getByTestId('schedule-recipients-error').textContent).toBe('Choose a recipient');
    expect(screen.getByTestId('schedule-when-error').textContent).toBe('Choose a date and a time (hh:mm)');
    // A changed field loses its problem.
    await user.type(input('schedule-title'), 'T');
    expect(screen.queryByTestId('schedule-title-error')).toBeNull();
    await user.type(input('schedule-when'), '01/15/2020{Enter}');
    await user.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(screen.getByTestId('schedule-when-error').textContent).toBe('Choose a time in the future'));
    expect(bodies('scheduleSave')).toEqual([]);
    await user.click(screen.getByTestId('schedule-cancel'));
    expect(screen.queryByTestId('schedule-form')).toBeNull();
    expect(screen.getByTestId('schedules-empty')).toBeTruthy();
  });

  it('a due schedule waits for the chat page (the list says why), then turns completed at the next poll, without a reload', async () => {
    const saved = await saveAs(server, world, 'member', { startTime: START });
    const { clock, bodies } = await renderPanel(server, world);
    expect(statusOf(saved.id)).toBe('Pending');
    await server.clock(START + 60_000);
    expect(await server.runDue()).toBe(1);
    await poll(clock);
    await waitFor(() => expect(statusOf(saved.id)).toBe('Sending'));
    expect(screen.getByTestId(`schedule-wait-${saved.id}`).textContent).toBe('Waiting to be sent: open the chat page with the extension, which sends it there.');
    // Its send is out: nothing to edit.
    expect(screen.queryByTestId(`schedule-edit-${saved.id}`)).toBeNull();
    expect(await chatPageSends(server, world, true)).toHaveLength(1);
    await poll(clock);
    await waitFor(() => expect(statusOf(saved.id)).toBe('Completed'));
    expect(screen.queryByTestId(`schedule-wait-${saved.id}`)).toBeNull();
    expect(screen.getByTestId(`schedule-when-${saved.id}`).textContent).toBe('Once · Start: Jan 15, 2030, 9:30 AM · Sent 1 time');
    expect(bodies('scheduleList')).toEqual([
      { page: 1, pageSize: 20 },
      { page: 1, pageSize: 20 },
      { page: 1, pageSize: 20 },
    ]);
  });

  it('shows a failure in the extension’s words, inert; retry after a confirmation puts it back to pending', async () => {
    const saved = await saveAs(server, world, 'member', { startTime: START, title: '<script>alert(1)</script>' });
    await server.clock(START + 60_000);
    await server.runDue();
    await chatPageSends(server, world, false, '<img src=x onerror=alert(1)> \u202Eblocked');
    const { shown, bodies } = await renderPanel(server, world);
    expect(statusOf(saved.id)).toBe('Failed');
    const error = screen.getByTestId(`schedule-error-${saved.id}`);
    expect(error.textContent).toContain('Last failure: <img src=x onerror=alert(1)>');
    expect(error.querySelector('img')).toBeNull();
    expect(error.querySelector('bdi')).not.toBeNull();
    expect(card(saved.id).querySelector('script')).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId(`schedule-retry-${saved.id}`));
    const dialog = await screen.findByTestId('schedules-confirm');
    expect(within(dialog).getByRole('heading').textContent).toBe('Send “<script>alert(1)</script>” again?');
    await user.click(screen.getByTestId('schedules-confirm-ok'));
    await waitFor(() => expect(statusOf(saved.id)).toBe('Pending'));
    expect(screen.queryByTestId(`schedule-error-${saved.id}`)).toBeNull();
    expect(bodies('scheduleRetry')).toEqual([{ id: saved.id }]);
    expect(shown).toEqual([{ text: 'The schedule is pending again and goes out now', type: 'success' }]);
  });

  it('deletes after the confirmation; cancelling keeps it; a refusal is said', async () => {
    const kept = await saveAs(server, world, 'member', { startTime: START, title: 'Kept' });
    const gone = await saveAs(server, world, 'member', { startTime: START, title: 'Gone' });
    let refuse = true;
    const { bodies } = await renderPanel(server, world, {
      override: (name) => (name === 'scheduleDelete' && refuse ? Promise.resolve({ ok: false, raw: false, code: 100031, data: null, message: 'No such schedule' }) : null),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId(`schedule-delete-${kept.id}`));
    await screen.findByTestId('schedules-confirm');
    await user.click(screen.getByTestId('schedules-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('schedules-confirm')).toBeNull());
    await user.click(screen.getByTestId(`schedule-delete-${gone.id}`));
    await user.click(await screen.findByTestId('schedules-confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('schedules-action-error').textContent).toBe('Request failed: No such schedule'));
    refuse = false;
    await user.click(screen.getByTestId(`schedule-delete-${gone.id}`));
    await user.click(await screen.findByTestId('schedules-confirm-ok'));
    await waitFor(() => expect(screen.queryByTestId(`schedule-${gone.id}`)).toBeNull());
    expect(screen.getByTestId(`schedule-${kept.id}`)).toBeTruthy();
    expect(bodies('scheduleDelete')).toEqual([{ id: gone.id }, { id: gone.id }]);
  });

  it('says when the list could not be loaded, and tries again', async () => {
    await saveAs(server, world, 'member', { startTime: START, title: 'Later' });
    let fail = true;
    await renderPanel(server, world, { override: (name) => (name === 'scheduleList' && fail ? Promise.reject(new ApiError('network', 'scheduleList', 'offline')) : null) });
    expect(screen.getByTestId('schedules-failed').textContent).toContain('The schedules could not be loaded.');
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByTestId('schedules-retry'));
    await waitFor(() => expect(screen.getByTestId('schedules-list').textContent).toContain('Later'));
  });

  it('pages the list 20 at a time, newest first', async () => {
    for (let i = 0; i < 21; i++) {
      // A second apart on the server's clock, so "newest" means something.
      await server.clock(SERVER_START + i * 1000);
      await saveAs(server, world, 'member', { startTime: START + i * 60_000, title: `S${i}` });
    }
    const { bodies } = await renderPanel(server, world);
    expect(screen.getByTestId('schedules-list').querySelectorAll('li[data-testid^="schedule-"]')).toHaveLength(20);
    await userEvent.setup({ delay: null }).click(screen.getByTestId('pagination-page-2'));
    await waitFor(() => expect(screen.getByTestId('schedules-list').querySelectorAll('li[data-testid^="schedule-"]')).toHaveLength(1));
    expect(screen.getByTestId('schedules-list').textContent).toContain('S0');
    expect(bodies('scheduleList')).toEqual([
      { page: 1, pageSize: 20 },
      { page: 2, pageSize: 20 },
    ]);
  });
});

/** axe-core's structural WCAG 2.1 A/AA rules on the panel (contrast is the design's, not checked in jsdom). */
const violations = async () => {
  const result = await axe.run(screen.getByTestId('schedules-panel'), {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

describe('accessibility', () => {
  it('the list and the form with its problems pass axe’s structural rules', async () => {
    await saveAs(server, world, 'member', { startTime: START, title: 'Check' });
    await renderPanel(server, world);
    expect(await violations()).toEqual([]);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('schedules-create'));
    await user.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(screen.getByTestId('schedule-title-error')).toBeTruthy());
    expect(await violations()).toEqual([]);
  });
});

describe('in Chinese and in Arabic', () => {
  it('shows the list and the form’s problems in Chinese', async () => {
    const saved = await saveAs(server, world, 'member', { startTime: START, recurrence: 'week' });
    await renderPanel(server, world, { locale: 'zh-CN', defaultRecipient: null });
    expect(statusOf(saved.id)).toBe('待发送');
    expect(screen.getByTestId(`schedule-when-${saved.id}`).textContent).toContain('每周 · 下次：');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('schedules-create'));
    await user.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(screen.getByTestId('schedule-title-error').textContent).toBe('请输入标题'));
    expect(screen.getByTestId('schedule-recipients-error').textContent).toBe('请选择收件人');
    expect(screen.getByTestId('schedule-zone').textContent).toBe('时间按 Europe/Berlin 的时钟计算。');
  });

  it('shows the list and the form’s problems in Arabic, right to left', async () => {
    const saved = await saveAs(server, world, 'member', { startTime: START });
    await renderPanel(server, world, { locale: 'ar' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(statusOf(saved.id)).toBe('قيد الانتظار');
    expect(screen.getByTestId('schedules-create').textContent).toBe('جدولة رسالة');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('schedules-create'));
    await user.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(screen.getByTestId('schedule-message-error').textContent).toBe('أدخل رسالة.'));
    expect(screen.getByTestId('schedule-when-error').textContent).toBe('اختر تاريخًا ووقتًا (ساعة:دقيقة)');
    expect(within(screen.getByTestId('schedule-recipients')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Alice Chen']);
  });
});
