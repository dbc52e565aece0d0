/**
 * Auto sync on the members page below the Pro plan (SPEC §1: "Some features are limited to the Pro
 * plan (button messages, auto-sync)"; §8 100008), rendered in the real app against the real server
 * (./team-server.tsx): the `auto` option shows disabled with the note, nothing is sent for it, off
 * and manual still go through; when the plan could not be read, the server's PLAN_LIMIT shows the
 * same note; on the Pro plan there is no note. In English, Chinese and Arabic.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api/client';
import { emails, renderMembers, rowCells, startTeamServer, type TeamServer } from './team-server';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/team/members-screen')]);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const member = emails.member;

/** Opens a row's sync-type select; answers its options by label with whether each is disabled. */
const openSync = async (user: ReturnType<typeof userEvent.setup>, email: string) => {
  const trigger = screen.getByTestId(`member-sync-${email}`);
  await user.click(trigger);
  await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'));
  const listbox = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error('no listbox');
  return Array.from(listbox.querySelectorAll<HTMLElement>('[role="option"]'));
};
const disabledOf = (options: HTMLElement[]) => Object.fromEntries(options.map((o) => [o.textContent?.trim(), o.hasAttribute('data-disabled')]));

describe('auto sync below the Pro plan', () => {
  it('shows auto disabled with the note; choosing it sends nothing, off still goes through', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies } = await renderMembers(server, { plan: 'starter' });
    const note = await screen.findByTestId('members-auto-sync-note', {}, { timeout: 10_000 });
    expect(note.textContent).toBe('Auto sync comes with the Pro plan');
    const options = await openSync(user, member);
    expect(disabledOf(options)).toEqual({
      Off: false,
      Manual: false,
      Auto: true,
    });
    await user.click(options.find((o) => o.textContent?.trim() === 'Auto')!);
    expect(bodies('syncTypeUpdate')).toEqual([]);
    // A disabled option cannot be chosen: the list stays open until Escape.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId(`member-sync-${member}`).getAttribute('aria-expanded')).toBe('false'));
    expect(rowCells(member)[3]).toBe('Manual');
    const again = await openSync(user, member);
    await user.click(again.find((o) => o.textContent?.trim() === 'Off')!);
    await waitFor(() => expect(bodies('syncTypeUpdate')).toEqual([expect.objectContaining({ syncType: 'off' })]));
    await waitFor(() => expect(rowCells(member)[3]).toBe('Off'), {
      timeout: 10_000,
    });
  });

  it('shows the same note on the server’s PLAN_LIMIT when the plan could not be read, and no error', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodies, page } = await renderMembers(server, {
      plan: 'starter',
      overrides: {
        payInfo: () => {
          throw new ApiError('network', 'payInfo', 'offline');
        },
      },
    });
    expect(screen.queryByTestId('members-auto-sync-note')).toBeNull();
    const options = await openSync(user, member);
    expect(disabledOf(options).Auto).toBe(false);
    await user.click(options.find((o) => o.textContent?.trim() === 'Auto')!);
    expect((await screen.findByTestId('members-auto-sync-note', {}, { timeout: 10_000 })).textContent).toBe('Auto sync comes with the Pro plan');
    expect(bodies('syncTypeUpdate')).toEqual([expect.objectContaining({ syncType: 'auto' })]);
    await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByTestId('members-error')).toBeNull();
    expect(rowCells(member)[3]).toBe('Manual');
    expect((await server.members()).find((m) => m.email === member)?.syncType).toBe('manual');
  });

  it('on the Pro plan auto is offered with no note', async () => {
    const user = userEvent.setup({ delay: null });
    await renderMembers(server, { plan: 'pro' });
    const options = await openSync(user, member);
    expect(disabledOf(options).Auto).toBe(false);
    expect(screen.queryByTestId('members-auto-sync-note')).toBeNull();
  });

  it.each([
    ['zh-CN', '自动同步仅适用于专业版套餐'],
    ['ar', 'المزامنة التلقائية متاحة مع باقة Pro'],
  ])('says so in %s', async (language, text) => {
    await renderMembers(server, { plan: 'free', storage: { language } });
    expect((await screen.findByTestId('members-auto-sync-note', {}, { timeout: 10_000 })).textContent).toBe(text);
  });
});
