/**
 * The invite links screen (/invite-link/:id, SPEC §2 hidden from the menu; §3 Invite link; §5
 * Invite links; §8 Add / Edit / Delete successful, Copy successful; §9 20 a page) rendered in the
 * real app on a fake API (the share-link calls answered here, as the contract shapes them): the
 * list of each tab with its loading, empty and error states, the URL the flow writes and follows
 * (tabs, a misspelt type, a detail's `?link=`), the form dialog's live and submitted messages and
 * the server's VALIDATION answer on its field, the saves and the delete with their toasts, the
 * detail with its counts, funnel, per-link clicks and chart table, Copy through the clipboard, the
 * pages, another member chosen, the home page's way in, and the screen in Arabic and Chinese.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../src/contract/codes';
import type { ShareLink, ShareLinkCount, ShareLinkDetail } from '../../src/contract/share-links';
import { ApiError } from '../../src/services/api/client';
import { toaster } from '../../src/ui/components/toaster';
import { accountApi } from './fake-account';
import { failResult, okResult, renderApp, type ApiHandlers } from './harness';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  // The lazy route modules once, so the first test does not wait for their transform.
  await Promise.all([
    import('../../src/ui/layout/main-layout'),
    import('../../src/ui/screens/invite-links/invite-links-screen'),
    import('../../src/services/flows/invite-links-flows'),
  ]);
});
afterEach(() => {
  // The toaster's store outlives a rendered app: the next test starts without this one's toasts.
  toaster.remove();
  Reflect.deleteProperty(navigator, 'clipboard');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const G1 = 'https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrSt12';
const G2 = 'https://chat.whatsapp.com/invite/ZyXwVuTsRqPoNmLkJiHg98';
const C1 = 'https://wa.me/8613800138000';

const linkOf = (id: string, name: string, patch: Partial<ShareLink> = {}): ShareLink => ({
  id,
  type: 'group',
  name,
  links: [G1, G2],
  distribution: 'roundRobin',
  linkCount: 2,
  code: `code-${id}`,
  shortUrl: `https://crm.test/l/code-${id}`,
  clicks: { yesterday: 3, lastWeek: 12, lastMonth: 40 },
  createdAt: Date.UTC(2025, 0, 1),
  updatedAt: Date.UTC(2025, 0, 1),
  ...patch,
});
const spring = linkOf('l1', 'Spring campaign');
const support = linkOf('c1', 'Support line', { type: 'chat', links: [C1], linkCount: 1, distribution: 'random', clicks: { yesterday: 0, lastWeek: 1, lastMonth: 2 } });
const detailOf = (link: ShareLink): ShareLinkDetail => ({
  ...link,
  perLink: link.links.map((url, i) => ({ url, clicks: 10 - i })),
  funnel: { clicks: 19, leads: 4, won: 1 },
});
const count: ShareLinkCount = {
  days: [
    { day: '2025-01-30', time: Date.UTC(2025, 0, 30), clicks: 2 },
    { day: '2025-01-31', time: Date.UTC(2025, 0, 31), clicks: 5 },
  ],
  total: 7,
  funnel: { clicks: 7, leads: 2, won: 1 },
};

/** The share-link calls: the group list holds Spring, the chat list Support. */
const linkHandlers = (): ApiHandlers => ({
  shareLinkList: (body) => okResult(body?.type === 'chat' ? { items: [support], total: 1 } : { items: [spring], total: 1 }),
  shareLinkCreate: (body) => okResult(linkOf('l9', body?.name ?? '', { links: body?.links ?? [], linkCount: body?.links.length ?? 0, distribution: body?.distribution ?? 'roundRobin' })),
  shareLinkUpdate: (body) => okResult({ ...spring, name: body?.name ?? '' }),
  shareLinkDelete: () => okResult(null),
  shareLinkDetail: (body) => okResult(detailOf(body?.id === 'c1' ? support : spring)),
  shareLinkCount: () => okResult(count),
});

type RenderOptions = { handlers?: ApiHandlers; language?: 'en' | 'ar' | 'zh-CN'; path?: string; waitForRows?: boolean };

async function renderLinks(options: RenderOptions = {}) {
  const api = accountApi({ extra: { ...linkHandlers(), ...options.handlers } });
  const app = await renderApp({ path: options.path ?? '/invite-link/group', api, storage: { accessToken: 'tok', ...(options.language ? { language: options.language } : {}) } });
  const page = await screen.findByTestId('invite-links-page', {}, { timeout: 10_000 });
  if (options.waitForRows !== false) await waitFor(() => expect(screen.queryAllByTestId(/^invite-link-row-/)).not.toHaveLength(0), { timeout: 10_000 });
  const bodies = (name: string) => api.calls.filter((c) => c.name === name).map((c) => c.body);
  return { ...app, api, page, bodies };
}

const listBody = (type: 'group' | 'chat', pageNo = 1) => ({ type, pageNo, pageSize: 20, timeZone: expect.any(String) });
const rowNames = () => screen.queryAllByTestId(/^invite-link-row-/).map((r) => r.querySelector('bdi')?.textContent);
const cellsOf = (name: string) => Array.from(screen.getByTestId(`invite-link-row-${name}`).querySelectorAll('td'), (td) => td.textContent);

describe('the list', () => {
  it('shows loading until the page of group links arrives, then each link’s counts and short link', async () => {
    let answer!: (value: unknown) => void;
    const held = new Promise((resolve) => (answer = resolve));
    const { bodies, page } = await renderLinks({ handlers: { shareLinkList: () => held as never }, waitForRows: false });
    expect((await screen.findByTestId('table-loading-row')).textContent).toBe('Loading the invite links…');
    await act(async () => answer(okResult({ items: [spring], total: 1 })));
    await waitFor(() => expect(rowNames()).toEqual(['Spring campaign']));
    expect(bodies('shareLinkList')).toEqual([listBody('group')]);
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Invite links');
    expect(screen.getByTestId('invite-links-tab-group').getAttribute('aria-selected')).toBe('true');
    expect(Array.from(page.querySelectorAll('thead th'), (h) => h.textContent)).toEqual(['Name', 'Links', 'Distribution', 'Yesterday', 'Last week', 'Last month', 'Short link', 'Actions']);
    expect(cellsOf('Spring campaign')).toEqual(['Spring campaign', '2', 'In turn', '3', '12', '40', '/l/code-l1Copy', 'EditDelete']);
  });

  it('shows a name a person typed inert: a direction override is a visible mark in its own isolate', async () => {
    const name = 'Sale \u202eevil';
    await renderLinks({ handlers: { shareLinkList: () => okResult({ items: [linkOf('l7', name)], total: 1 }) } });
    const bdi = screen.getByTestId(`invite-link-row-${name}`).querySelector('bdi');
    expect(bdi?.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/u);
    expect(bdi?.textContent).toContain('Sale');
    expect(screen.getByTestId('invite-link-details-l7').getAttribute('aria-label')).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/u);
  });

  it('says so when the list cannot be loaded, and retries', async () => {
    let fail = true;
    const { bodies } = await renderLinks({
      handlers: { shareLinkList: () => (fail ? Promise.reject(new ApiError('network', 'shareLinkList', 'offline')) : okResult({ items: [spring], total: 1 })) },
      waitForRows: false,
    });
    expect((await screen.findByTestId('table-error-row')).textContent).toContain('The invite links could not be loaded.');
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByTestId('table-retry'));
    await waitFor(() => expect(rowNames()).toEqual(['Spring campaign']));
    expect(bodies('shareLinkList')).toEqual([listBody('group'), listBody('group')]);
  });

  it('switches tabs by click and by keyboard, writing the URL; an empty tab says so', async () => {
    const { bodies, location } = await renderLinks({ handlers: { shareLinkList: (body) => okResult(body?.type === 'chat' ? { items: [], total: 0 } : { items: [spring], total: 1 }) } });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('invite-links-tab-chat'));
    await waitFor(() => expect(location()).toBe('/invite-link/chat'));
    expect((await screen.findByTestId('table-empty-row')).textContent).toBe('No chat invite links yet.');
    expect(bodies('shareLinkList')).toEqual([listBody('group'), listBody('chat')]);
    // Keyboard: a tab is a button that Enter chooses.
    screen.getByTestId('invite-links-tab-group').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/invite-link/group'));
    await waitFor(() => expect(rowNames()).toEqual(['Spring campaign']));
    expect(bodies('shareLinkList')).toEqual([listBody('group'), listBody('chat'), listBody('group')]);
  });

  it('shows the group list for a type it does not know, and puts /invite-link/group in the URL', async () => {
    const { bodies, location } = await renderLinks({ path: '/invite-link/everything' });
    await waitFor(() => expect(location()).toBe('/invite-link/group'));
    expect(rowNames()).toEqual(['Spring campaign']);
    expect(bodies('shareLinkList')[0]).toEqual(listBody('group'));
  });

  it('pages by 20, and loads page 1 again for another member chosen in the member selector', async () => {
    const many = Array.from({ length: 20 }, (_, i) => linkOf(`p${i}`, `Link ${i + 1}`));
    const { bodies, shell } = await renderLinks({
      handlers: { shareLinkList: (body) => okResult({ items: body?.pageNo === 2 ? [linkOf('p20', 'Link 21')] : many, total: 21 }) },
    });
    expect(rowNames()).toHaveLength(20);
    await userEvent.setup({ delay: null }).click(within(screen.getByTestId('invite-links-pages')).getByTestId('pagination-page-2'));
    await waitFor(() => expect(rowNames()).toEqual(['Link 21']));
    expect(bodies('shareLinkList')).toEqual([listBody('group'), listBody('group', 2)]);
    await act(async () => shell.actors.selectedMember.send({ type: 'user.select', userId: 'u-other' }));
    await waitFor(() => expect(bodies('shareLinkList')).toHaveLength(3));
    expect(bodies('shareLinkList')[2]).toEqual(listBody('group'));
  });
});

describe('the form dialog', () => {
  it('shows a wrong link as typed and every problem on submit; saves a valid set with Add successful', async () => {
    const { bodies } = await renderLinks();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('invite-links-add'));
    const dialog = await screen.findByTestId('invite-link-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('New group invite link');
    await user.type(screen.getByTestId('invite-link-url-0'), 'https://example.com/join');
    expect(screen.getByTestId('invite-link-url-0-error').textContent).toBe('This is not a group link, please enter again');
    expect(screen.queryByTestId('invite-link-name-error')).toBeNull();
    await user.click(screen.getByTestId('invite-link-dialog-save'));
    expect((await screen.findByTestId('invite-link-name-error')).textContent).toBe('Enter a name');
    expect(screen.getByTestId('invite-link-url-1-error').textContent).toBe('Enter a link');
    expect(bodies('shareLinkCreate')).toEqual([]);

    await user.type(screen.getByTestId('invite-link-name'), 'Autumn');
    await user.clear(screen.getByTestId('invite-link-url-0'));
    await user.type(screen.getByTestId('invite-link-url-0'), G1);
    await user.type(screen.getByTestId('invite-link-url-1'), G2);
    // A third row, then removed again: two group links stay the least (SPEC §5).
    await user.click(screen.getByTestId('invite-link-add-row'));
    expect(screen.getByTestId('invite-link-url-2-error').textContent).toBe('Enter a link');
    await user.click(screen.getByTestId('invite-link-remove-2'));
    await user.click(screen.getByTestId('invite-link-remove-1'));
    expect(screen.getByTestId('invite-link-links-error').textContent).toBe('Add at least 2 group links');
    await user.click(screen.getByTestId('invite-link-add-row'));
    await user.type(screen.getByTestId('invite-link-url-1'), G2);
    await user.click(screen.getByTestId('invite-link-distribution-random'));
    await user.click(screen.getByTestId('invite-link-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('invite-link-dialog')).toBeNull());
    expect(bodies('shareLinkCreate')).toEqual([{ type: 'group', name: 'Autumn', links: [G1, G2], distribution: 'random' }]);
    expect(await screen.findByText('Add successful', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(bodies('shareLinkList')).toEqual([listBody('group'), listBody('group')]));
  });

  it('puts the server’s VALIDATION answer on the link it names', async () => {
    await renderLinks({
      handlers: { shareLinkCreate: () => failResult(Code.VALIDATION, 'links.1: This is not a group link, please enter again') },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('invite-links-add'));
    await user.type(await screen.findByTestId('invite-link-name'), 'Autumn');
    await user.type(screen.getByTestId('invite-link-url-0'), G1);
    await user.type(screen.getByTestId('invite-link-url-1'), G2);
    await user.click(screen.getByTestId('invite-link-dialog-save'));
    expect((await screen.findByTestId('invite-link-url-1-error')).textContent).toBe('This is not a group link, please enter again');
    expect(screen.getByTestId('invite-link-dialog')).toBeTruthy();
  });

  it('edits a chat link with its values, and says Edit successful', async () => {
    const { bodies } = await renderLinks({ path: '/invite-link/chat' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('invite-link-edit-c1'));
    const dialog = await screen.findByTestId('invite-link-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Edit invite link');
    expect((screen.getByTestId('invite-link-name') as HTMLInputElement).value).toBe('Support line');
    expect((screen.getByTestId('invite-link-url-0') as HTMLInputElement).value).toBe(C1);
    expect((screen.getByTestId('invite-link-distribution-random') as HTMLInputElement).checked).toBe(true);
    // One row always stays.
    expect((screen.getByTestId('invite-link-remove-0') as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByTestId('invite-link-url-0'), 'x');
    expect(screen.getByTestId('invite-link-url-0-error').textContent).toBe('This is not a chat link, please enter again');
    await user.type(screen.getByTestId('invite-link-url-0'), '{Backspace}');
    await user.type(screen.getByTestId('invite-link-name'), ' 2');
    await user.click(screen.getByTestId('invite-link-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('invite-link-dialog')).toBeNull());
    expect(bodies('shareLinkUpdate')).toEqual([{ id: 'c1', type: 'chat', name: 'Support line 2', links: [C1], distribution: 'random' }]);
    expect(await screen.findByText('Edit successful', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('delete', () => {
  it('asks first, then deletes with Delete successful; a refusal gives the server’s words', async () => {
    let refuse = false;
    const { bodies } = await renderLinks({ handlers: { shareLinkDelete: () => (refuse ? failResult(Code.NOT_FOUND, 'No such invite link') : okResult(null)) } });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('invite-link-delete-l1'));
    const confirm = await screen.findByTestId('invite-link-confirm-delete');
    expect(within(confirm).getByRole('heading').textContent).toBe('Delete the invite link Spring campaign?');
    await user.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('invite-link-confirm-delete')).toBeNull());
    expect(bodies('shareLinkDelete')).toEqual([]);

    await user.click(screen.getByTestId('invite-link-delete-l1'));
    await user.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('Delete successful', {}, { timeout: 10_000 })).toBeTruthy();
    expect(bodies('shareLinkDelete')).toEqual([{ id: 'l1' }]);
    await waitFor(() => expect(bodies('shareLinkList')).toHaveLength(2));

    refuse = true;
    await user.click(screen.getByTestId('invite-link-delete-l1'));
    await user.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('No such invite link', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('the detail', () => {
  it('opens from a row with its counts, funnel, clicks per link and days, copies the short link and closes, following the URL', async () => {
    const { bodies, location } = await renderLinks();
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true, writable: true });
    await user.click(screen.getByTestId('invite-link-details-l1'));
    await waitFor(() => expect(location()).toBe('/invite-link/group?link=l1'));
    const dialog = await screen.findByTestId('invite-link-detail');
    await waitFor(() => expect(within(dialog).getByTestId('invite-link-detail-url').textContent).toBe('https://crm.test/l/code-l1'));
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Invite link details');
    expect(Array.from(within(dialog).getByTestId('invite-link-clicks').children, (c) => c.textContent)).toEqual(['Yesterday3', 'Last week12', 'Last month40']);
    expect(Array.from(within(dialog).getByTestId('invite-link-funnel').children, (c) => c.textContent)).toEqual(['Clicks19', 'Leads4', 'Won1']);
    expect(Array.from(within(dialog).getByTestId('invite-link-per-link').children, (c) => c.textContent)).toEqual([`${G1}10`, `${G2}9`]);
    const table = await within(dialog).findByTestId('invite-link-chart-table');
    expect(Array.from(table.querySelectorAll('tbody tr'), (r) => r.querySelector('td')?.textContent)).toEqual(['2', '5']);
    expect(bodies('shareLinkDetail')).toEqual([{ id: 'l1', timeZone: expect.any(String) }]);
    const [countBody] = bodies('shareLinkCount') as { id: string; beginTime: number; endTime: number; timeZone: string }[];
    expect(countBody).toEqual({ id: 'l1', beginTime: expect.any(Number), endTime: expect.any(Number), timeZone: expect.any(String) });
    // Thirty days, today included (a day of a daylight-saving change is an hour shorter or longer).
    expect(Math.abs(countBody!.endTime - countBody!.beginTime - 30 * 86_400_000)).toBeLessThanOrEqual(3_600_000);
    expect(countBody!.endTime).toBeGreaterThan(Date.now());

    await user.click(within(dialog).getByTestId('invite-link-detail-copy'));
    expect(await screen.findByText('Copy successful', {}, { timeout: 10_000 })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://crm.test/l/code-l1');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('invite-link-detail')).toBeNull());
    await waitFor(() => expect(location()).toBe('/invite-link/group'));
  });

  it('opens from a deep link, and offers a retry when the detail cannot be loaded', async () => {
    let fail = true;
    await renderLinks({
      path: '/invite-link/chat?link=c1',
      handlers: { shareLinkDetail: () => (fail ? Promise.reject(new ApiError('network', 'shareLinkDetail', 'offline')) : okResult(detailOf(support))) },
    });
    const dialog = await screen.findByTestId('invite-link-detail');
    expect((await within(dialog).findByTestId('invite-link-detail-error')).textContent).toContain('The details could not be loaded.');
    fail = false;
    await userEvent.setup({ delay: null }).click(within(dialog).getByTestId('invite-link-detail-retry'));
    await waitFor(() => expect(within(dialog).getByTestId('invite-link-detail-url').textContent).toBe('https://crm.test/l/code-c1'));
    expect(rowNames()).toEqual(['Support line']);
  });

  it('copies a row’s short link from the table', async () => {
    await renderLinks();
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true, writable: true });
    await user.click(screen.getByRole('button', { name: 'Copy the short link of Spring campaign' }));
    expect(await screen.findByText('Copy successful', {}, { timeout: 10_000 })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://crm.test/l/code-l1');
  });
});

describe('ways in and languages', () => {
  it('is hidden from the side menu and reached from the home page’s quick actions', async () => {
    await renderApp({ path: '/v2/home', api: accountApi({ extra: linkHandlers() }), storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page', {}, { timeout: 10_000 });
    expect(screen.getByTestId('quick-action-inviteLinks').getAttribute('href')).toBe('/crm/invite-link/group');
    expect(screen.getByTestId('quick-action-inviteLinks').textContent).toContain('Share invite links to your groups and chats');
    expect(screen.queryByTestId('menu-inviteLinks')).toBeNull();
  });

  it('reads right to left in Arabic', async () => {
    const { page } = await renderLinks({ language: 'ar' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('روابط الدعوة');
    expect(screen.getByTestId('invite-links-tab-chat').textContent).toBe('روابط المحادثات');
    expect(cellsOf('Spring campaign')[2]).toBe('بالتناوب');
  });

  it('reads in Chinese', async () => {
    const { page } = await renderLinks({ language: 'zh-CN' });
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('邀请链接');
    expect(screen.getByTestId('invite-links-tab-group').textContent).toBe('群组链接');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('invite-links-add'));
    expect(within(await screen.findByTestId('invite-link-dialog')).getByRole('heading').textContent).toBe('新建群组邀请链接');
  });
});
