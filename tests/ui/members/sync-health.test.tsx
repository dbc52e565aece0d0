/**
 * The sync-health line under each member on the members page (SPEC §7 Analytics logging: the chat
 * sync's uploads in the product event log; src/ui/screens/team/sync-health-line.tsx), in the real
 * app against the real server (./team-server.tsx): a member's upload shows under their row for the
 * owner, the others read "Never synced", an invitation has no line; a member reads their own line
 * only; the wording in English, Chinese and Arabic ("3 hours ago" from the server's clock, the
 * chats counted in the language's plural); a failed read shows no line and leaves the list as it is.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatsEndpoints } from '../../../src/contract/chats';
import type { SyncHealth } from '../../../src/contract/product-events';
import { ApiError } from '../../../src/services/api/client';
import { okResult } from '../harness';
import { emails, renderMembers, rowCells, startTeamServer, type TeamServer } from './team-server';

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

const { admin, manager, member, target, pending } = emails;
const line = (email: string) => screen.queryByTestId(`member-sync-health-${email}`)?.textContent ?? null;

/** The member uploads a sync of `chats` chats through the API, as the extension does. */
const uploadAs = async (token: string, chats: number) => {
  const res = await server.fetch(`http://test${chatsEndpoints.syncUpload.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      number: '15550001000',
      chats: Array.from({ length: chats }, (_, i) => ({ chat_whatsapp_id: `1555000000${i}@c.us`, name: `Chat ${i}` })),
      messages: [],
      first_batch: true,
      final: true,
    }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(100000);
};

const HOUR = 3_600_000;
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

describe('the sync-health line', () => {
  it('shows the owner each joined member’s last sync from the log, "Never synced" for the others, nothing for an invitation', async () => {
    const world = await server.reset();
    const { bodies } = await renderMembers(server, {
      overrides: {
        // The member's sync arrives before the lines are read.
        syncHealth: async (_body, real) => {
          await uploadAs(world.who.member.accessToken, 2);
          return real();
        },
      },
    });
    await waitFor(() => expect(line(member)).toBe('Last sync now · 2 chats'));
    expect(bodies('syncHealth')).toEqual([{}]);
    expect(line(admin)).toBe('Never synced');
    expect(line(manager)).toBe('Never synced');
    expect(line(target)).toBe('Never synced');
    expect(line(pending)).toBeNull();
    // The line sits under the email, apart from the cell's own text.
    expect(rowCells(member)[0]).toBe(member);
    expect(screen.getByTestId(`member-row-${member}`).querySelector('td')?.contains(screen.getByTestId(`member-sync-health-${member}`))).toBe(true);
  });

  it('a member reads their own line only', async () => {
    const world = await server.reset();
    await renderMembers(server, {
      as: 'member',
      overrides: {
        syncHealth: async (_body, real) => {
          await uploadAs(world.who.manager.accessToken, 1);
          return real();
        },
      },
    });
    await waitFor(() => expect(line(member)).toBe('Never synced'));
    // The manager synced, but a member sees nobody else's line.
    expect(line(manager)).toBeNull();
    expect(line(admin)).toBeNull();
  });

  const threeHoursAgo = (userId: string): SyncHealth => ({ now: NOW, self: userId, allMembers: true, items: [{ userId, lastSyncAt: NOW - 3 * HOUR - 5 * 60_000, chats: 42 }] });
  const cases = [
    { language: 'en', synced: 'Last sync 3 hours ago · 42 chats', never: 'Never synced' },
    { language: 'zh-CN', synced: '上次同步 3小时前 · 42 个聊天', never: '从未同步' },
    { language: 'ar', synced: 'آخر مزامنة قبل 3 ساعات · 42 محادثة', never: 'لم تتم المزامنة قط' },
  ] as const;

  for (const c of cases) {
    it(`reads in ${c.language}: how long ago from the server’s clock, the chats in the language’s plural`, async () => {
      const world = await server.reset();
      await renderMembers(server, {
        storage: { language: c.language },
        overrides: { syncHealth: () => okResult(threeHoursAgo(world.who.member.userId)) },
      });
      await waitFor(() => expect(line(member)).toBe(c.synced));
      expect(line(admin)).toBe(c.never);
      expect(screen.getByTestId(`member-sync-health-${member}`).getAttribute('title')).toBe(new Date(NOW - 3 * HOUR - 5 * 60_000).toLocaleString(c.language));
    });
  }

  it('counts one chat in the singular, and days for a sync more than two days back', async () => {
    const world = await server.reset();
    await renderMembers(server, {
      overrides: { syncHealth: () => okResult({ now: NOW, self: world.who.admin.userId, allMembers: true, items: [{ userId: world.who.member.userId, lastSyncAt: NOW - 30 * HOUR, chats: 1 }, { userId: world.who.manager.userId, lastSyncAt: NOW - 5 * 24 * HOUR, chats: 0 }] }) },
    });
    await waitFor(() => expect(line(member)).toBe('Last sync 30 hours ago · 1 chat'));
    expect(line(manager)).toBe('Last sync 5 days ago · 0 chats');
  });

  it('shows no line when the lines cannot be read; the list stays as it is', async () => {
    let asked = 0;
    await renderMembers(server, {
      overrides: {
        syncHealth: () => {
          asked += 1;
          throw new ApiError('network', '/public/log/sync-health', 'Network error');
        },
      },
    });
    await waitFor(() => expect(asked).toBe(1));
    expect(line(member)).toBeNull();
    expect(line(admin)).toBeNull();
    expect(rowCells(member)[0]).toBe(member);
  });
});
