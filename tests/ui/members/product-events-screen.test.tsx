/**
 * The product event log's counts page (/settings/product-events; SPEC §7 Analytics logging, §6 the
 * owner and managers) in the real app against the real server (the members tests' server worker,
 * ./team-server.tsx): the last 14 days by default, the server's own record of a chat sync upload
 * counted, a quick range asked for and back to the default, the loading, empty and error states
 * with a retry, the side-menu entry for the owner and managers and none for a member (who is sent
 * to 404), and the page in Chinese and Arabic.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatsEndpoints } from '../../../src/contract/chats';
import type { EventCounts } from '../../../src/contract/product-events';
import { ApiError } from '../../../src/services/api/client';
import { okResult } from '../harness';
import { renderMembers, startTeamServer, type Overrides, type TeamServer } from './team-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

const PATH = '/settings/product-events';

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/product-events/product-events-screen')]);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

/** Opens the page as `as` (the owner by default) and waits for it to settle. */
const openPage = async (options: { as?: 'admin' | 'manager' | 'member'; overrides?: Overrides; language?: string } = {}) => {
  const rendered = await renderMembers(server, {
    path: PATH,
    waitForList: false,
    ...(options.as ? { as: options.as } : {}),
    ...(options.overrides ? { overrides: options.overrides } : {}),
    ...(options.language ? { storage: { language: options.language } } : {}),
  });
  // The page's frame shows busy until its flow runs, then the view replaces it: read the page anew.
  await waitFor(() => expect(screen.getByTestId('product-events-page').getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
  return { ...rendered, page: screen.getByTestId('product-events-page') };
};

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td'), (td) => (td.textContent ?? '').trim());
const headers = (page: HTMLElement) => Array.from(page.querySelectorAll('thead th'), (h) => (h.textContent ?? '').trim());

/** The member uploads a sync of one chat through the API, as the extension does (the server records it). */
const upload = async (token: string) => {
  const res = await server.fetch(`http://test${chatsEndpoints.syncUpload.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ number: '15550001000', chats: [{ chat_whatsapp_id: '15550000001@c.us', name: 'A' }], messages: [], first_batch: true, final: true }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(100000);
};

const answer: EventCounts = {
  from: '2025-01-02',
  to: '2025-01-15',
  today: '2025-01-15',
  rows: [
    { day: '2025-01-15', eventType: 'chatSync', events: 2, estimated: 40 },
    { day: '2025-01-14', eventType: 'firstRunGuide', events: 1, estimated: 20 },
    { day: '2025-01-14', eventType: 'laterType', events: 3, estimated: 60 },
  ],
};

describe('the counts page', () => {
  it('shows the owner the last 14 UTC days: the server’s record of a sync upload, per type and day', async () => {
    const world = await server.reset();
    const { page, bodies } = await openPage({
      overrides: {
        eventCounts: async (_body, real) => {
          await upload(world.who.member.accessToken);
          return real();
        },
      },
    });
    expect(page.querySelector('h1')?.textContent).toBe('Product events');
    expect(page.textContent).toContain('a sample of 5% of page loads');
    expect(bodies('eventCounts')).toEqual([{}]);
    await waitFor(() => expect(screen.getByTestId('product-events-showing').textContent).toBe('2025-01-02 to 2025-01-15 (UTC)'));
    expect(headers(page)).toEqual(['Day (UTC)', 'Event', 'Logged', 'Estimated, all page loads']);
    expect(cells(screen.getByTestId('product-event-2025-01-15-chatSyncUpload'))).toEqual(['2025-01-15', 'Chat sync upload (server)', '1', '1']);
    expect(screen.getByTestId('menu-productEvents').textContent).toBe('Product events');
  });

  it('names the app’s own event types and shows another type as logged', async () => {
    await server.reset();
    await openPage({ overrides: { eventCounts: () => okResult(answer) } });
    await screen.findByTestId('product-event-2025-01-15-chatSync');
    expect(cells(screen.getByTestId('product-event-2025-01-15-chatSync'))).toEqual(['2025-01-15', 'Chat sync started on the page', '2', '40']);
    expect(cells(screen.getByTestId('product-event-2025-01-14-firstRunGuide'))).toEqual(['2025-01-14', 'First-run guide closed', '1', '20']);
    expect(cells(screen.getByTestId('product-event-2025-01-14-laterType'))).toEqual(['2025-01-14', 'laterType', '3', '60']);
  });

  it('asks for a quick range, then for the default again', async () => {
    await server.reset();
    const { page, bodies } = await openPage();
    const user = userEvent.setup({ delay: null });
    expect(screen.getByTestId('product-events-default').hasAttribute('disabled')).toBe(true);
    // Quick ranges count from the server's day (2025-01-15).
    await user.click(within(screen.getByTestId('product-events-range')).getByTestId('date-range-yesterday'));
    await waitFor(() => expect(bodies('eventCounts')).toEqual([{}, { from: '2025-01-14', to: '2025-01-14' }]));
    await waitFor(() => expect(screen.getByTestId('product-events-showing').textContent).toBe('2025-01-14 to 2025-01-14 (UTC)'));
    await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'));
    await user.click(screen.getByTestId('product-events-default'));
    await waitFor(() => expect(bodies('eventCounts')).toEqual([{}, { from: '2025-01-14', to: '2025-01-14' }, {}]));
    await waitFor(() => expect(screen.getByTestId('product-events-showing').textContent).toBe('2025-01-02 to 2025-01-15 (UTC)'));
  });

  it('says when no event was logged, and offers a retry when the counts cannot be read', async () => {
    await server.reset();
    await openPage();
    expect((await screen.findByTestId('table-empty-row')).textContent).toBe('No events were logged on these days.');

    let calls = 0;
    await openPage({
      overrides: {
        eventCounts: (_body, real) => {
          calls += 1;
          if (calls === 1) throw new ApiError('network', '/admin/log/events/counts', 'Network error');
          return real();
        },
      },
    });
    expect((await screen.findByTestId('table-error-row')).textContent).toContain('The counts could not be loaded.');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('table-retry'));
    expect((await screen.findByTestId('table-empty-row')).textContent).toBe('No events were logged on these days.');
    expect(calls).toBe(2);
  });

  it('is in a manager’s menu too', async () => {
    await server.reset();
    await openPage({ as: 'manager' });
    expect(screen.getByTestId('menu-productEvents').getAttribute('href')).toBe('/crm/settings/product-events');
  });

  it('a member has no entry and is sent to 404', async () => {
    await server.reset();
    await renderMembers(server, { as: 'member', path: PATH, waitForList: false });
    await screen.findByTestId('not-found-page', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('product-events-page')).toBeNull();
    expect(screen.queryByTestId('menu-productEvents')).toBeNull();
  });
});

describe('in other languages', () => {
  it('reads in Chinese', async () => {
    await server.reset();
    const { page } = await openPage({ language: 'zh-CN', overrides: { eventCounts: () => okResult(answer) } });
    await screen.findByTestId('product-event-2025-01-15-chatSync');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(page.querySelector('h1')?.textContent).toBe('产品事件');
    expect(headers(page)).toEqual(['日期（UTC）', '事件', '已记录', '估算（全部页面加载）']);
    expect(cells(screen.getByTestId('product-event-2025-01-15-chatSync'))).toEqual(['2025-01-15', '页面发起聊天同步', '2', '40']);
    expect(screen.getByTestId('product-events-showing').textContent).toBe('2025-01-02 至 2025-01-15（UTC）');
  });

  it('reads right to left in Arabic', async () => {
    await server.reset();
    const { page } = await openPage({ language: 'ar', overrides: { eventCounts: () => okResult(answer) } });
    await screen.findByTestId('product-event-2025-01-15-chatSync');
    expect(document.documentElement.dir).toBe('rtl');
    expect(page.querySelector('h1')?.textContent).toBe('أحداث المنتج');
    expect(headers(page)).toEqual(['اليوم (UTC)', 'الحدث', 'المسجَّل', 'التقدير لجميع مرات التحميل']);
    expect(cells(screen.getByTestId('product-event-2025-01-14-firstRunGuide'))[1]).toBe('إغلاق دليل البدء');
  });
});
