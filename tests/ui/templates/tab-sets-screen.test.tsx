/**
 * The template centre's frame and its team pipeline tab sets (/template-center, /tabs; SPEC §2,
 * §3 Team templates, §6 admins only, §8 toasts) rendered in the real app against the real server
 * (the Hono app on an in-memory database with the team world): who may open it (a member lands on
 * the 404 page), its three sections, the tab set dialog with the contract's messages, the list in
 * priority order, delete after confirming, Apply with what it does and what it did (name clashes
 * kept, not merged), hostile text shown inert, and the screen in Arabic and Chinese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { okResult } from '../harness';
import { toaster } from '../../../src/ui/components/toaster';
import { startTeamServer, type TeamServer } from '../members/team-server';
import { cellsOf, renderTemplates } from './render-templates';

if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/templates/tab-sets-screen')]);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  // The toaster's store outlives a rendered app: the next test starts without this one's toasts.
  toaster.remove();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const rowNames = () => screen.queryAllByTestId(/^tab-set-row-/).map((r) => r.getAttribute('data-testid')?.slice('tab-set-row-'.length));
/** A listed set's id (its row's edit button names it). */
const idOf = (name: string): string => screen.getByTestId(`tab-set-row-${name}`).querySelector('[data-testid^="tab-set-edit-"]')!.getAttribute('data-testid')!.slice('tab-set-edit-'.length);
const dialog = () => screen.findByTestId('tab-set-dialog', {}, { timeout: 10_000 });
type User = ReturnType<typeof userEvent.setup>;

/** Fills the dialog's fields and adds the tabs one by one. */
const fillSet = async (user: User, fields: { group: string; priority: string; name: string; tabs: string[] }) => {
  await user.clear(screen.getByTestId('tab-set-group-name'));
  await user.type(screen.getByTestId('tab-set-group-name'), fields.group);
  await user.clear(screen.getByTestId('tab-set-priority'));
  await user.type(screen.getByTestId('tab-set-priority'), fields.priority);
  await user.clear(screen.getByTestId('tab-set-name'));
  await user.type(screen.getByTestId('tab-set-name'), fields.name);
  for (const tab of fields.tabs) await user.type(screen.getByTestId('tab-set-new-tab'), `${tab}{Enter}`);
};

const addSet = async (user: User, fields: { group: string; priority: string; name: string; tabs: string[] }) => {
  await user.click(screen.getByTestId('tab-sets-add'));
  await dialog();
  await fillSet(user, fields);
  await user.click(screen.getByTestId('tab-set-dialog-save'));
  await waitFor(() => expect(screen.queryByTestId('tab-set-dialog')).toBeNull(), { timeout: 10_000 });
};

describe('the template centre', () => {
  it('opens its first section, with the three sections as links (the one on screen marked)', async () => {
    const { app } = await renderTemplates(server, '/template-center', { page: 'tab-sets-page' });
    await waitFor(() => expect(app.location()).toBe('/template-center/tabs'));
    const nav = screen.getByTestId('template-center-nav');
    expect(nav.getAttribute('aria-label')).toBe('Template centre sections');
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['Team pipeline', '/crm/template-center/tabs', 'page'],
      ['Quick replies', '/crm/template-center/quick-reply', null],
      ['Auto replies', '/crm/template-center/auto-reply', null],
    ]);
    expect(screen.getByTestId('menu-templates').textContent).toBe('Template centre');
    await userEvent.setup().click(links[2]!);
    expect(await screen.findByTestId('auto-replies-page', {}, { timeout: 10_000 })).toBeTruthy();
    expect(app.location()).toBe('/template-center/auto-reply');
  });

  it('is open to a manager (an admin by real role)', async () => {
    await renderTemplates(server, '/template-center/tabs', { as: 'manager', page: 'tab-sets-page' });
    expect(screen.getByTestId('tab-sets-add').textContent).toBe('Add tab set');
  });

  it('sends a member to the 404 page, and their menu has no entry for it', async () => {
    for (const path of ['/template-center', '/template-center/tabs', '/template-center/quick-reply', '/template-center/auto-reply']) {
      const { app, bodies } = await renderTemplates(server, path, { as: 'member' });
      await waitFor(() => expect(app.location()).toBe('/404'), { timeout: 10_000 });
      expect(screen.queryByTestId('tab-sets-page')).toBeNull();
      expect(bodies('tabSetList')).toEqual([]);
      expect(bodies('quickReplyAdminList')).toEqual([]);
      expect(bodies('autoReplyAdminList')).toEqual([]);
    }
    const { app } = await renderTemplates(server, '/v2/home', { as: 'member' });
    await screen.findByTestId('home-page', {}, { timeout: 10_000 });
    expect(screen.getByTestId('side-menu').textContent).not.toContain('Template centre');
    expect(screen.queryByTestId('menu-templates')).toBeNull();
    expect(app.location()).toBe('/v2/home');
  });
});

describe('team pipeline tab sets', () => {
  it('checks the dialog with the contract’s rules, adds tabs as a list and lists the sets by priority', async () => {
    const user = userEvent.setup();
    const { page, bodies } = await renderTemplates(server, '/template-center/tabs', { page: 'tab-sets-page' });
    expect(page.textContent).toContain('No tab sets yet.');
    expect(Array.from(page.querySelectorAll('thead th'), (h) => h.textContent)).toEqual(['Group', 'Priority', 'Name', 'Message type', 'Status', 'Updated', 'Actions']);

    await user.click(screen.getByTestId('tab-sets-add'));
    const d = await dialog();
    expect(within(d).getByRole('heading').textContent).toBe('Add tab set');
    await user.clear(screen.getByTestId('tab-set-priority'));
    await user.type(screen.getByTestId('tab-set-priority'), 'soon');
    await user.click(screen.getByTestId('tab-set-dialog-save'));
    expect(screen.getByTestId('tab-set-groupName-error').textContent).toBe('Enter a group name');
    expect(screen.getByTestId('tab-set-name-error').textContent).toBe('Enter a name');
    expect(screen.getByTestId('tab-set-groupPriority-error').textContent).toBe('Enter a whole number from 0 to 999');
    expect(screen.getByTestId('tab-set-tabNames-error').textContent).toBe('Add at least one tab');
    expect(bodies('tabSetSave')).toEqual([]);

    // A tab name: not empty, not twice (ignoring case); added with Enter or the button, removable.
    await user.click(screen.getByTestId('tab-set-add-tab'));
    expect(screen.getByTestId('tab-set-newTab-error').textContent).toBe('Enter a tab name');
    await user.type(screen.getByTestId('tab-set-new-tab'), ' Follow up {Enter}');
    await user.type(screen.getByTestId('tab-set-new-tab'), 'Quoted');
    await user.click(screen.getByTestId('tab-set-add-tab'));
    await user.type(screen.getByTestId('tab-set-new-tab'), 'follow UP{Enter}');
    expect(screen.getByTestId('tab-set-newTab-error').textContent).toBe('Each tab name once');
    await user.clear(screen.getByTestId('tab-set-new-tab'));
    await user.type(screen.getByTestId('tab-set-new-tab'), 'Lost{Enter}');
    expect([0, 1, 2].map((i) => screen.getByTestId(`tab-set-tab-${i}`).textContent)).toEqual(['Follow up', 'Quoted', 'Lost']);
    await user.click(screen.getByRole('button', { name: 'Remove Lost' }));
    expect(screen.queryByTestId('tab-set-tab-2')).toBeNull();

    await fillSet(user, { group: ' Sales ', priority: '5', name: 'New customers', tabs: [] });
    await user.click(screen.getByTestId('tab-set-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('tab-set-dialog')).toBeNull(), { timeout: 10_000 });
    expect(bodies('tabSetSave')).toEqual([
      { groupName: 'Sales', groupPriority: 5, name: 'New customers', tabNames: ['Follow up', 'Quoted'], messageType: 'all', status: 'active' },
    ]);
    expect(await screen.findByText('Add successful', {}, { timeout: 10_000 })).toBeTruthy();
    const row = screen.getByTestId('tab-set-row-New customers');
    expect(cellsOf(row).slice(0, 5)).toEqual(['Sales', '5', 'New customersFollow upQuoted', 'All chats', 'Active']);

    // Lower priority first, whatever the order they were made in.
    await addSet(user, { group: 'Support', priority: '0', name: 'Tickets', tabs: ['Open'] });
    await addSet(user, { group: 'Billing', priority: '9', name: 'Invoices', tabs: ['Unpaid'] });
    expect(rowNames()).toEqual(['Tickets', 'New customers', 'Invoices']);
  });

  it('edits a set, shows a taken name under the name, and deletes after confirming', async () => {
    const user = userEvent.setup();
    const { bodies } = await renderTemplates(server, '/template-center/tabs', { page: 'tab-sets-page' });
    await addSet(user, { group: 'Sales', priority: '1', name: 'New customers', tabs: ['Follow up'] });
    await addSet(user, { group: 'Sales', priority: '2', name: 'Old customers', tabs: ['Win back'] });
    const id = idOf('Old customers');

    await user.click(screen.getByTestId(`tab-set-edit-${id}`));
    const d = await dialog();
    expect(within(d).getByRole('heading').textContent).toBe('Edit tab set');
    expect((screen.getByTestId('tab-set-name') as HTMLInputElement).value).toBe('Old customers');
    await user.clear(screen.getByTestId('tab-set-name'));
    await user.type(screen.getByTestId('tab-set-name'), 'new CUSTOMERS');
    await user.click(screen.getByTestId('tab-set-dialog-save'));
    expect((await screen.findByTestId('tab-set-name-error', {}, { timeout: 10_000 })).textContent).toBe('A tab set with this name already exists.');
    await user.clear(screen.getByTestId('tab-set-name'));
    await user.type(screen.getByTestId('tab-set-name'), 'Returning');
    await user.click(screen.getByTestId('tab-set-dialog-save'));
    await waitFor(() => expect(rowNames()).toEqual(['New customers', 'Returning']), { timeout: 10_000 });
    expect(bodies('tabSetSave').at(-1)).toMatchObject({ id, name: 'Returning', tabNames: ['Win back'] });
    expect(await screen.findByText('Edit successful', {}, { timeout: 10_000 })).toBeTruthy();

    await user.click(screen.getByTestId(`tab-set-delete-${id}`));
    let confirm = await screen.findByTestId('tab-set-confirm-delete');
    expect(within(confirm).getByRole('heading').textContent).toBe('Delete the tab set Returning?');
    await user.click(within(confirm).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('tab-set-confirm-delete')).toBeNull());
    expect(bodies('tabSetDelete')).toEqual([]);
    await user.click(screen.getByTestId(`tab-set-delete-${id}`));
    confirm = await screen.findByTestId('tab-set-confirm-delete');
    await user.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(rowNames()).toEqual(['New customers']), { timeout: 10_000 });
    expect(bodies('tabSetDelete')).toEqual([{ id }]);
    expect(await screen.findByText('Successfully deleted', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('applies a set after saying what it does, then lists the name clashes it kept apart', async () => {
    const user = userEvent.setup();
    const { bodies } = await renderTemplates(server, '/template-center/tabs', { page: 'tab-sets-page' });
    await addSet(user, { group: 'Sales', priority: '1', name: 'New customers', tabs: ['Follow up', 'Quoted'] });
    const id = idOf('New customers');

    await user.click(screen.getByTestId(`tab-set-apply-${id}`));
    let confirm = await screen.findByTestId('tab-set-confirm-apply');
    expect(within(confirm).getByRole('heading').textContent).toBe('Apply New customers to every member?');
    expect(confirm.textContent).toContain('Every member of the workspace gets these tabs in their pipeline:Follow upQuoted');
    expect(confirm.textContent).toContain('Their own tabs and leads stay as they are.');
    expect(confirm.textContent).toContain('the two are not merged');
    await user.click(within(confirm).getByTestId('confirm-ok'));
    let result = await screen.findByTestId('tab-set-result', {}, { timeout: 10_000 });
    expect(bodies('tabSetApply')).toEqual([{ id }]);
    // The owner, the manager and the two members; two new tabs each.
    expect(within(result).getByTestId('tab-set-result-counts').textContent).toBe('Members: 4 · New tabs: 8');
    expect(result.textContent).toContain('No name clashes.');
    await user.click(within(result).getByTestId('tab-set-result-close'));
    await waitFor(() => expect(screen.queryByTestId('tab-set-result')).toBeNull());
    expect(cellsOf(screen.getByTestId('tab-set-row-New customers'))[5]).toMatch(/Applied /);

    // Again: every member already has both tabs, which are kept, not merged.
    await user.click(screen.getByTestId(`tab-set-apply-${id}`));
    confirm = await screen.findByTestId('tab-set-confirm-apply');
    await user.click(within(confirm).getByTestId('confirm-ok'));
    result = await screen.findByTestId('tab-set-result', {}, { timeout: 10_000 });
    expect(within(result).getByTestId('tab-set-result-counts').textContent).toBe('Members: 4 · New tabs: 0');
    const clashes = within(result).getAllByTestId('tab-set-clash-row').map((r) => r.textContent);
    expect(clashes).toHaveLength(8);
    expect(clashes).toContain('member@example.comQuoted');
  });

  it('names the members at the tab limit', async () => {
    const user = userEvent.setup();
    const full = { members: 2, tabsCreated: 1, clashes: [], full: [{ userId: 'u9', email: 'busy@example.com' }] };
    await renderTemplates(server, '/template-center/tabs', { page: 'tab-sets-page', overrides: { tabSetApply: () => okResult(full) } });
    await addSet(user, { group: 'Sales', priority: '1', name: 'New customers', tabs: ['Follow up'] });
    await user.click(screen.getAllByTestId(/^tab-set-apply-/)[0]!);
    await user.click(within(await screen.findByTestId('tab-set-confirm-apply')).getByTestId('confirm-ok'));
    const result = await screen.findByTestId('tab-set-result', {}, { timeout: 10_000 });
    expect(result.textContent).toContain('Members at the tab limit (not every tab fitted)');
    expect(within(result).getAllByTestId('tab-set-full-row').map((r) => r.textContent)).toEqual(['busy@example.com']);
  });

  it('does not offer Apply for a paused set', async () => {
    const user = userEvent.setup();
    await renderTemplates(server, '/template-center/tabs', { page: 'tab-sets-page' });
    await user.click(screen.getByTestId('tab-sets-add'));
    await dialog();
    await fillSet(user, { group: 'Sales', priority: '1', name: 'Later', tabs: ['Someday'] });
    const { chooseOption } = await import('./render-templates');
    await chooseOption(user, 'tab-set-status', 'Paused');
    await user.click(screen.getByTestId('tab-set-dialog-save'));
    await waitFor(() => expect(screen.queryByTestId('tab-set-dialog')).toBeNull(), { timeout: 10_000 });
    const row = screen.getByTestId('tab-set-row-Later');
    expect(cellsOf(row)[4]).toBe('Paused');
    const apply = row.querySelector<HTMLButtonElement>('[data-testid^="tab-set-apply-"]')!;
    expect(apply.disabled).toBe(true);
    expect(apply.title).toBe('Make the set active to apply it.');
  });

  it('shows hostile text inert: a script tag as text, a direction override as a visible mark', async () => {
    const user = userEvent.setup();
    await renderTemplates(server, '/template-center/tabs', { page: 'tab-sets-page' });
    const script = '<script>window.hacked=1</script>';
    await addSet(user, { group: script, priority: '1', name: 'Evil \u202Egnp.exe', tabs: ['<img src=x onerror=alert(1)>'] });
    const row = screen.getByTestId('tab-set-row-Evil \u202Egnp.exe');
    expect(row.textContent).toContain(script);
    expect(row.textContent).toContain('Evil [U+202E]gnp.exe');
    expect(row.querySelector('script, img')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});

describe('in other languages', () => {
  it('reads right to left in Arabic', async () => {
    const { page } = await renderTemplates(server, '/template-center/tabs', { page: 'tab-sets-page', storage: { language: 'ar' } });
    expect(document.documentElement.dir).toBe('rtl');
    expect(page.querySelector('h1')?.textContent).toBe('مركز القوالب');
    expect(within(screen.getByTestId('template-center-nav')).getAllByRole('link').map((a) => a.textContent)).toEqual(['مسار مبيعات الفريق', 'الردود السريعة', 'الردود التلقائية']);
    expect(screen.getByTestId('tab-sets-add').textContent).toBe('إضافة مجموعة علامات');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('tab-sets-add'));
    await dialog();
    await user.click(screen.getByTestId('tab-set-dialog-save'));
    expect(screen.getByTestId('tab-set-groupName-error').textContent).toBe('أدخل اسم المجموعة');
    expect(screen.getByTestId('tab-set-tabNames-error').textContent).toBe('أضف علامة تبويب واحدة على الأقل');
  });

  it('reads in Simplified Chinese', async () => {
    const { page } = await renderTemplates(server, '/template-center/tabs', { page: 'tab-sets-page', storage: { language: 'zh-CN' } });
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(page.querySelector('h1')?.textContent).toBe('模板中心');
    expect(Array.from(page.querySelectorAll('thead th'), (h) => h.textContent)).toEqual(['分组', '优先级', '名称', '消息类型', '状态', '更新时间', '操作']);
    expect(page.textContent).toContain('还没有标签组。');
  });
});
