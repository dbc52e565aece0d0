/**
 * The contacts screen (/contacts, SPEC §2; §3 Contact list filters and table columns; §6 export by
 * plan; §8 100008) rendered in the real app on a fake API: the table's loading, failure and retry,
 * its rows and columns, the selection and the batch actions (delete after confirming, the tag
 * dialog as the table flow's child), the export and its limit dialog (Upgrade for the owner and
 * managers, the plan upgrade opening over it; the administrator for members), the column dialog opened by
 * the flow (never hiding the last column), the search field showing what is typed before the
 * flow's debounce applies it, the member selector reloading the table; and what the view sends
 * the flows. Texts in English, Arabic and Chinese.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../src/contract/codes';
import { ApiError } from '../../../src/services/api/client';
import { memberUser, payInfo } from '../../support/fixtures';
import { accountApi } from '../fake-account';
import { failResult, okResult, renderApp } from '../harness';
import { ann, bo, deferred, renderContacts, tabs } from './render-contacts';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  // The lazy route modules once, so the first test does not wait for their transform.
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/contacts/contacts-screen'), import('../../../src/services/flows/contacts-flows')]);
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

/** The column headers (the first header cell is the selection's "select all on this page"). */
const headers = (page: HTMLElement) => Array.from(page.querySelectorAll('thead th'), (h) => h.textContent?.trim()).slice(1);
const rowIds = () => screen.queryAllByTestId(/^contacts-row-/).map((r) => r.getAttribute('data-testid'));
/** The list call's body for page 1 of the default filters, 15 a page (SPEC §9). */
const firstPage = { showClosedLeads: false, sort: 'createTime', sortOrder: 'desc', page: 1, pageSize: 15 };

describe('the table', () => {
  it('shows loading until the page arrives, then the rows in the columns the owner saved', async () => {
    const held = deferred<ReturnType<typeof okResult>>();
    const { page, bodies } = await renderContacts({ handlers: { adminContactsList: () => held.promise as never }, waitForRows: false });
    expect((await screen.findByTestId('table-loading-row')).textContent).toBe('Loading contacts…');
    await act(async () => held.resolve(okResult({ rows: [ann, bo], totalCount: 2 })));
    await waitFor(() => expect(rowIds()).toEqual(['contacts-row-c1', 'contacts-row-c2']));
    expect(bodies('adminContactsList')).toEqual([firstPage]);
    expect(screen.getByTestId('contacts-total').textContent).toBe('2 contacts');
    await waitFor(() => expect(headers(page)).toEqual(['Contact Name', 'Contact Phone', 'Custom Tab', 'Tags']));
    const cells = Array.from(screen.getByTestId('contacts-row-c1').querySelectorAll('td'), (td) => td.textContent);
    expect(cells.slice(-4)).toEqual(['Ann Lee', '+15550101', 'Leads', 'Industry: Machinery']);
    expect(page.querySelector('#contacts-title')?.textContent).toBe('Contacts');
  });

  it('says so when the page cannot be loaded, and retries', async () => {
    let fail = true;
    const { sent, bodies } = await renderContacts({
      handlers: { adminContactsList: () => (fail ? Promise.reject(new ApiError('network', 'adminContactsList', 'offline')) : okResult({ rows: [ann], totalCount: 1 })) },
      waitForRows: false,
    });
    expect((await screen.findByTestId('table-error-row')).textContent).toContain('The contacts could not be loaded.');
    fail = false;
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('table-retry'));
    await waitFor(() => expect(rowIds()).toEqual(['contacts-row-c1']));
    expect(bodies('adminContactsList')).toEqual([firstPage, firstPage]);
    expect(sent('contactsTable')).toEqual([{ type: 'user.retry' }]);
  });

  it('asks before deleting the selected contacts, then says how many went and reloads', async () => {
    const { sent, bodies } = await renderContacts();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'Select Ann Lee' }));
    expect(screen.getByTestId('contacts-selection').textContent).toBe('1 selected');
    await user.click(screen.getByTestId('contacts-batch-delete'));
    const dialog = await screen.findByTestId('contacts-delete-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete 1 contacts?');
    await user.click(screen.getByTestId('contacts-delete-cancel'));
    await waitFor(() => expect(screen.queryByTestId('contacts-delete-dialog')).toBeNull());
    expect(bodies('adminContactsBatchDelete')).toEqual([]);
    await user.click(screen.getByTestId('contacts-batch-delete'));
    await user.click(await screen.findByTestId('contacts-delete-confirm'));
    await waitFor(() => expect(screen.getByTestId('contacts-notice').textContent).toContain('1 contacts deleted.'));
    expect(bodies('adminContactsBatchDelete')).toEqual([{ selection: { mode: 'page', ids: ['c1'] } }]);
    expect(bodies('adminContactsList')).toHaveLength(2);
    expect(screen.queryByTestId('contacts-selection')).toBeNull();
    expect(sent('contactsTable')).toEqual([
      { type: 'user.select', selection: { mode: 'page', ids: ['c1'] } },
      { type: 'user.delete' },
      { type: 'user.cancel' },
      { type: 'user.delete' },
      { type: 'user.confirm' },
    ]);
  });

  it('opens the tag dialog on the selection as the table flow’s child, and closes it on cancel', async () => {
    const { sent, bodies } = await renderContacts();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'Select Bo Chen' }));
    await user.click(screen.getByTestId('contacts-batch-tag'));
    const dialog = await screen.findByTestId('batch-tag-dialog');
    await waitFor(() => expect(within(dialog).queryAllByTestId('batch-tag-value').map((b) => b.textContent)).toEqual(['+Machinery', '+Retail']));
    await user.click(screen.getByTestId('batch-tag-cancel'));
    await waitFor(() => expect(screen.queryByTestId('batch-tag-dialog')).toBeNull());
    expect(bodies('adminBatchUpdateTag')).toEqual([]);
    expect(sent('contactsTable')).toEqual([{ type: 'user.select', selection: { mode: 'page', ids: ['c2'] } }, { type: 'user.tag' }]);
    expect(sent('batchTag')).toEqual([{ type: 'user.cancel' }]);
  });

  it('exports everything the filters show when nothing is selected; a plan without export opens the limit dialog (100008)', async () => {
    const { sent, bodies } = await renderContacts({ handlers: { adminContactsExport: () => failResult(Code.PLAN_LIMIT, 'Upgrade to export') } });
    const user = userEvent.setup({ delay: null });
    expect(screen.getByTestId('contacts-export').textContent).toBe('Export all');
    await user.click(screen.getByTestId('contacts-export'));
    const dialog = await screen.findByTestId('export-limit-dialog');
    expect(dialog.textContent).toContain('Export is not in your plan');
    expect(dialog.textContent).toContain('The Pro plan does not include exporting contacts.');
    expect(bodies('adminContactsExport')).toEqual([
      {
        selection: { mode: 'allMatching', filter: { showClosedLeads: false, sort: 'createTime', sortOrder: 'desc' }, excludedIds: [] },
        columns: ['name', 'phone', 'tab', 'tags'],
        headers: ['Contact Name', 'Contact Phone', 'Custom Tab', 'Tags'],
      },
    ]);
    await user.click(screen.getByTestId('export-limit-close'));
    await waitFor(() => expect(screen.queryByTestId('export-limit-dialog')).toBeNull());
    expect(sent('contactsTable')).toEqual([{ type: 'user.export', headers: ['Contact Name', 'Contact Phone', 'Custom Tab', 'Tags'] }, { type: 'user.cancel' }]);
  });

  it('opens the column dialog from the flow, saves each change and never hides the last column', async () => {
    const { page, sent, bodies } = await renderContacts({ handlers: { adminListConfig: () => okResult({ type: 1, columns: ['name' as const, 'phone' as const] }) } });
    await waitFor(() => expect(headers(page)).toEqual(['Contact Name', 'Contact Phone']));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('contacts-columns'));
    const dialog = await screen.findByTestId('contacts-columns-dialog');
    await user.click(within(dialog).getByText('Contact Phone'));
    await waitFor(() => expect(headers(page)).toEqual(['Contact Name']));
    expect(bodies('adminListConfigSave')).toEqual([{ type: 1, columns: ['name'] }]);
    // The one column left cannot be switched off.
    const last = within(dialog).getByTestId('column-name');
    expect((last as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByTestId('column-email') as HTMLInputElement).disabled).toBe(false);
    await user.click(within(dialog).getByText('Email'));
    await waitFor(() => expect(headers(page)).toEqual(['Contact Name', 'Email']));
    expect(bodies('adminListConfigSave')).toEqual([
      { type: 1, columns: ['name'] },
      { type: 1, columns: ['name', 'email'] },
    ]);
    await user.click(screen.getByTestId('contacts-columns-done'));
    await waitFor(() => expect(screen.queryByTestId('contacts-columns-dialog')).toBeNull());
    expect(sent('contactsTable')).toEqual([
      { type: 'user.chooseColumns' },
      { type: 'user.toggleColumn', column: 'phone', shown: false },
      { type: 'user.toggleColumn', column: 'email', shown: true },
      { type: 'user.closeColumns' },
    ]);
  });

  it('shows typed text at once and searches 300 ms after the last keystroke, keeping the filters in the URL', async () => {
    const { sent, bodies, location, navigations } = await renderContacts();
    const user = userEvent.setup({ delay: null });
    const field = within(screen.getByTestId('contacts-search')).queryByRole('searchbox') ?? (screen.getByTestId('contacts-search') as HTMLInputElement);
    await user.type(field, 'ann');
    expect((field as HTMLInputElement).value).toBe('ann');
    await waitFor(() => expect(bodies('adminContactsList')).toHaveLength(2), { timeout: 5_000 });
    expect(bodies('adminContactsList')[1]).toEqual({ ...firstPage, search: 'ann' });
    expect(navigations.at(-1)).toEqual({ to: '/contacts?filters=%7B%22search%22%3A%22ann%22%7D', replace: true });
    await waitFor(() => expect(location()).toBe('/contacts?filters=%7B%22search%22%3A%22ann%22%7D'));
    // The URL it wrote comes back as the route shown: the same filters, nothing loads again.
    expect(bodies('adminContactsList')).toHaveLength(2);
    expect(sent('filters')).toEqual([
      { type: 'user.filter', patch: { search: 'a' } },
      { type: 'user.filter', patch: { search: 'an' } },
      { type: 'user.filter', patch: { search: 'ann' } },
    ]);
    expect(sent('contactsTable')).toEqual([]);
  });

  it('opens with the filters of the URL, and reloads page 1 for another member chosen in the member selector', async () => {
    const { bodies, shell } = await renderContacts({ path: '/contacts?filters=%7B%22isNoted%22%3Atrue%7D' });
    expect(bodies('adminContactsList')).toEqual([{ ...firstPage, isNoted: true }]);
    // The active filter shows as a chip in the filter row; the Filters button counts it.
    expect(screen.getByTestId('contacts-filter-chip-isNoted').textContent).toBe('With notes');
    expect(screen.getByTestId('contacts-filter-open').textContent).toBe('Filters (1)');
    await act(async () => shell.actors.selectedMember.send({ type: 'user.select', userId: 'u-other' }));
    await waitFor(() => expect(bodies('adminContactsList')).toHaveLength(2));
    expect(bodies('adminContactsList')[1]).toEqual({ ...firstPage, isNoted: true });
    expect(bodies('adminUserTabs')).toHaveLength(2);
  });

  it('shows one compact filter row: chips say what each active filter does, removing one sends the clear event and the URL and list follow; the popover holds the rest', async () => {
    const from = new Date(2025, 10, 1).getTime();
    const to = new Date(2025, 10, 5, 23, 59, 59, 999).getTime();
    const filters = JSON.stringify({ created: { from, to }, stage: ['discussions'], isNoted: true });
    const { sent, bodies, location } = await renderContacts({ path: `/contacts?${new URLSearchParams({ filters }).toString()}` });
    const chips = screen.getByTestId('contacts-filter-chips');
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Created: Nov 1\u2009–\u20095, 2025', 'Sales stage: Discussions', 'With notes']);
    // No filter field lies in the row itself but the search: the rest wait in the popover.
    expect(screen.queryByTestId('contacts-filter-created')).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(within(screen.getByTestId('contacts-filter-chip-created')).getByRole('button', { name: 'Remove the filter Created: Nov 1\u2009–\u20095, 2025' }));
    expect(sent('filters')).toEqual([{ type: 'user.clear', keys: ['created'] }]);
    await waitFor(() => expect(location()).toBe(`/contacts?${new URLSearchParams({ filters: JSON.stringify({ stage: ['discussions'], isNoted: true }) }).toString()}`));
    await waitFor(() => expect(bodies('adminContactsList').at(-1)).toEqual({ ...firstPage, stage: ['discussions'], isNoted: true }));
    expect(screen.queryByTestId('contacts-filter-chip-created')).toBeNull();
    await user.click(screen.getByTestId('contacts-filter-open'));
    const popover = await screen.findByTestId('contacts-filter-popover');
    expect(within(popover).getByTestId('contacts-filter-created')).toBeTruthy();
    expect(within(popover).getByTestId('contacts-filter-tab')).toBeTruthy();
    expect(within(popover).getByTestId('contacts-filter-noted')).toBeTruthy();
  });
});

describe("the export-limit dialog's Upgrade", () => {
  it('opens the plan upgrade over the dialog for the owner, Starter suggested; once upgraded the export goes through', async () => {
    let upgraded = false;
    const file = { blob: new Blob(['name\n']), filename: 'contacts.csv' };
    const { bodies } = await renderContacts({
      handlers: {
        payInfo: () => okResult(upgraded ? { ...payInfo, planCode: 'starter', planName: 'Starter' } : { ...payInfo, planCode: 'free', planName: 'Free' }),
        adminContactsExport: () => (upgraded ? okResult(file) : failResult(Code.PLAN_LIMIT, 'Your plan does not include this feature')),
        subscriptionPreview: () =>
          okResult({
            planCode: 'starter' as const,
            currentPlanCode: 'free' as const,
            seats: 3,
            subtotal: 4_500,
            credit: 0,
            discount: 0,
            amountDue: 4_500,
            currency: 'usd',
            prorationDate: 1_750_000_000,
            periodEnd: 1_752_580_800,
          }),
        subscriptionUpdate: () => {
          upgraded = true;
          return okResult({ success: true, url: null, checkoutId: null });
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('contacts-export'));
    const limit = await screen.findByTestId('export-limit-dialog');
    expect(limit.textContent).toContain('The Free plan does not include exporting contacts. Every paid plan does.');
    expect(within(limit).queryByTestId('export-limit-note')).toBeNull();
    // Each dialog takes the pointer once the kit has stacked it (a frame after it shows).
    await waitFor(() => expect(limit.style.pointerEvents).toBe('auto'), { timeout: 10_000 });
    await user.click(within(limit).getByTestId('export-limit-upgrade'));
    const dialog = await screen.findByTestId('plan-upgrade-dialog');
    expect(screen.getByTestId('export-limit-dialog')).toBeTruthy();
    expect(within(dialog).getByTestId('plan-card-starter').getAttribute('data-suggested')).toBe('true');
    await waitFor(() => expect(dialog.style.pointerEvents).toBe('auto'), { timeout: 10_000 });
    await user.click(within(dialog).getByTestId('plan-option-starter'));
    expect((await screen.findByTestId('plan-upgrade-amount')).textContent).toBe('$45.00');
    await user.click(screen.getByTestId('plan-upgrade-pay'));
    await screen.findByTestId('plan-upgrade-success');
    expect(bodies('subscriptionUpdate')).toEqual([{ planId: 'starter', prorationDate: 1_750_000_000 }]);
    await user.click(screen.getByTestId('plan-upgrade-done'));
    await waitFor(() => expect(screen.queryByTestId('export-limit-dialog')).toBeNull());
    expect(screen.queryByTestId('plan-upgrade-dialog')).toBeNull();
    // The export can be tried again, and now goes through.
    await user.click(screen.getByTestId('contacts-export'));
    expect((await screen.findByTestId('contacts-notice')).textContent).toBe('Your file is downloading.');
    expect(bodies('adminContactsExport')).toHaveLength(2);
  });

  it('brings the export-limit dialog back when the upgrade is closed without one', async () => {
    await renderContacts({ handlers: { adminContactsExport: () => failResult(Code.PLAN_LIMIT, 'Your plan does not include this feature') } });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('contacts-export'));
    const limit = await screen.findByTestId('export-limit-dialog');
    // Each dialog takes the pointer once the kit has stacked it (a frame after it shows).
    await waitFor(() => expect(limit.style.pointerEvents).toBe('auto'), { timeout: 10_000 });
    await user.click(within(limit).getByTestId('export-limit-upgrade'));
    const dialog = await screen.findByTestId('plan-upgrade-dialog');
    await waitFor(() => expect(dialog.style.pointerEvents).toBe('auto'), { timeout: 10_000 });
    await user.click(within(dialog).getByTestId('plan-upgrade-close'));
    await waitFor(() => expect(screen.queryByTestId('plan-upgrade-dialog')).toBeNull());
    expect(screen.getByTestId('export-limit-dialog')).toBeTruthy();
  });

  it('tells a member to ask the administrator, with no Upgrade', async () => {
    const api = accountApi({
      user: memberUser,
      extra: {
        memberContactsList: () => okResult({ rows: [ann, bo], totalCount: 2 }),
        memberListConfig: () => okResult({ type: 1, columns: ['name' as const, 'phone' as const] }),
        memberUserTabs: () => okResult({ tabs }),
        tagList: () => okResult({ items: [] }),
        memberContactsExport: () => failResult(Code.PLAN_LIMIT, 'Your plan does not include this feature'),
      },
    });
    await renderApp({ path: '/contacts', api, storage: { accessToken: 'tok' } });
    await waitFor(() => expect(screen.queryByTestId('contacts-row-c1')).not.toBeNull(), { timeout: 10_000 });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('contacts-export'));
    const limit = await screen.findByTestId('export-limit-dialog');
    expect(within(limit).queryByTestId('export-limit-upgrade')).toBeNull();
    expect(within(limit).getByTestId('export-limit-note').textContent).toBe('Contact your administrator to upgrade the plan.');
    expect(api.calls.filter((c) => c.name === 'subscriptionPreview')).toEqual([]);
  });
});

describe('in other languages', () => {
  it('reads right to left in Arabic', async () => {
    const { page } = await renderContacts({ language: 'ar' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(page.querySelector('#contacts-title')?.textContent).toBe('جهات الاتصال');
    expect(screen.getByTestId('contacts-total').textContent).toBe('2 جهة اتصال');
    expect(screen.getByTestId('contacts-export').textContent).toBe('تصدير الكل');
    await waitFor(() => expect(headers(page).slice(0, 2)).toEqual(['اسم جهة الاتصال', 'هاتف جهة الاتصال']));
  });

  it('speaks Chinese, the export limit included', async () => {
    await renderContacts({ language: 'zh-CN', handlers: { adminContactsExport: () => failResult(Code.PLAN_LIMIT, 'Upgrade') } });
    expect(screen.getByTestId('contacts-total').textContent).toBe('共 2 位联系人');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: /Ann Lee/ }));
    expect(screen.getByTestId('contacts-selection').textContent).toBe('已选择 1 项');
    expect(screen.getByTestId('contacts-export').textContent).toBe('导出');
    await user.click(screen.getByTestId('contacts-export'));
    const dialog = await screen.findByTestId('export-limit-dialog');
    expect(dialog.textContent).toContain('您的套餐不包含导出');
    expect(dialog.textContent).toContain('Pro 套餐不包含导出联系人。');
  });
});
