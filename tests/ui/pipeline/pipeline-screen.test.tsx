/**
 * The pipeline screen (/pipeline, SPEC §2 Pipeline; §3 Lead search options; §4 Lead) rendered in
 * the real app on a fake API: the pipeline flow follows the route and the view only renders it and
 * its child flows. Its states (loading, failed tabs with a retry, the no-leads mask, the panels with
 * their counts, notices) and what the view sends the flows: a move with the lead and its place,
 * add a lead, add a tab, import, tag a tab's leads, the filters (the search shows what is typed
 * before the filters flow applies it). Texts in English, Arabic (right to left) and Chinese.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../src/contract/codes';
import { leadOf, noTabs } from '../../support/lead-fixtures';
import { failResult, okResult } from '../harness';
import { chooseItem } from '../menu-helpers';
import { acme, beta, cardNames, deferred, gamma, leadStore, proposal, qualified, renderPipeline } from './render-pipeline';
import { ApiError } from '../../../src/services/api/client';

const NO_TAB = noTabs.id;
if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
vi.setConfig({ testTimeout: 60_000 });

// jsdom has no layout: each panel's list gets a 600px viewport (TanStack Virtual reads clientHeight).
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroller') ? 600 : 0;
    },
  });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

beforeAll(async () => {
  // The lazy modules once, so the first test does not wait for their transform.
  await Promise.all([
    import('../../../src/ui/layout/main-layout'),
    import('../../../src/ui/screens/pipeline/pipeline-screen'),
    import('../../../src/services/flows/pipeline-flow'),
  ]);
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const panelNames = () => screen.queryAllByTestId(/^lead-panel-\d+$/).map((p) => p.querySelector('h3')?.textContent);
const count = (tabId: number) => screen.getByTestId(`panel-count-${tabId}`);
const boardShown = () => waitFor(() => expect(screen.queryByTestId('pipeline-board')).not.toBeNull(), { timeout: 10_000 });
/** Opens a card's menu and chooses the tab under its Move to group. */
const moveFromMenu = async (user: ReturnType<typeof userEvent.setup>, leadId: string, tabId: number) => {
  await user.click(screen.getByTestId(`lead-actions-${leadId}`));
  await screen.findByTestId(`lead-action-move-${tabId}`);
  await chooseItem(user, `lead-action-move-${tabId}`);
};
/**
 * A drag as the browser reports it to the drag library, from a card over each list of `over` in
 * turn, dropped over the last one. jsdom has no layout: `document.elementFromPoint` answers the
 * list the pointer is over at that moment.
 */
const dragOver = async (card: HTMLElement, over: HTMLElement[]) => {
  const elementFromPoint = document.elementFromPoint;
  let under: Element = card;
  document.elementFromPoint = () => under;
  const dataTransfer = { setData: () => undefined, setDragImage: () => undefined, dropEffect: '', effectAllowed: '' };
  try {
    await act(async () => {
      fireEvent.pointerDown(card, { pointerId: 1, button: 0, isPrimary: true });
      fireEvent.dragStart(card, { dataTransfer });
      for (const list of over) {
        under = list;
        fireEvent.dragEnter(list, { dataTransfer });
        fireEvent.dragOver(list, { dataTransfer });
      }
      fireEvent.drop(over.at(-1)!, { dataTransfer });
      fireEvent.dragEnd(card, { dataTransfer });
    });
  } finally {
    document.elementFromPoint = elementFromPoint;
  }
};
const listOf = (tabId: number) => screen.getByTestId(`lead-panel-${tabId}`).querySelector<HTMLElement>('[role="list"]')!;

describe('the pipeline screen', () => {
  it('shows loading until the tabs arrive, then a panel per tab with its leads and counts', async () => {
    const held = deferred<ReturnType<typeof okResult>>();
    const store = leadStore();
    await renderPipeline({ store, handlers: { adminUserTabs: () => held.promise as never } });
    expect((await screen.findByTestId('pipeline-loading')).textContent).toBe('Loading the pipeline…');
    expect(screen.getByTestId('pipeline-add-lead').hasAttribute('disabled')).toBe(true);
    await act(async () => held.resolve(okResult({ tabs: store.tabs() })));
    await boardShown();
    expect(panelNames()).toEqual(['No tabs', 'Qualified', 'Proposal']);
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    expect(cardNames(2)).toEqual(['Gamma Tools']);
    await waitFor(() => expect(count(1).textContent).toBe('2 open · 1 awaiting reply'));
    expect(screen.getByTestId('lead-panel-0').textContent).toContain('No leads here. Drop one in.');
    expect(screen.queryByTestId('pipeline-empty')).toBeNull();
  });

  it('says so when the tabs cannot be loaded, and retries', async () => {
    let fail = true;
    const store = leadStore();
    const { sent } = await renderPipeline({
      store,
      handlers: { adminUserTabs: () => (fail ? Promise.reject(new ApiError('network', 'adminUserTabs', 'offline')) : store.handlers.adminUserTabs!(undefined)) },
    });
    expect((await screen.findByTestId('pipeline-tabs-failed')).textContent).toContain('The pipeline could not be loaded.');
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByTestId('pipeline-retry'));
    await boardShown();
    expect(sent('tabs')).toEqual([{ type: 'user.retry' }]);
    expect(panelNames()).toEqual(['No tabs', 'Qualified', 'Proposal']);
  });

  it('shows the sync guidance mask when the member has no lead and no filter (SPEC §2)', async () => {
    const { sent } = await renderPipeline({ store: leadStore({ tabs: [noTabs], leads: [] }) });
    const mask = await screen.findByTestId('pipeline-empty', {}, { timeout: 10_000 });
    expect(mask.textContent).toContain('No leads found');
    await userEvent.setup({ delay: null }).click(within(mask).getByRole('button', { name: 'Add lead' }));
    expect(sent('pipeline')).toEqual([{ type: 'user.addLead' }]);
    expect(await screen.findByTestId('lead-form')).toBeTruthy();
  });

  it('moves a lead from its card menu: the event carries the lead and its place; a refusal puts it back there, with a notice', async () => {
    const { sent, bodies } = await renderPipeline({ handlers: { adminLeadsUpdate: () => failResult(Code.LEAD_NEEDS_TAB, 'Moving needs a custom tab.') } });
    await boardShown();
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    const user = userEvent.setup({ delay: null });
    await moveFromMenu(user, 'l1', proposal.id);
    expect(sent('pipeline')).toEqual([{ type: 'user.moveLead', lead: acme, fromTabId: 1, toTabId: 2, index: 1 }]);
    expect(bodies('adminLeadsUpdate')).toEqual([{ id: 'l1', editTime: 1_000, tabId: 2 }]);
    const notice = await screen.findByTestId('pipeline-notice');
    expect(notice.textContent).toContain('The lead could not be moved. Moving needs a custom tab.');
    // Back at its place, the second card.
    expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']);
    expect(cardNames(2)).toEqual(['Gamma Tools']);
    await user.click(screen.getByTestId('pipeline-notice-dismiss'));
    expect(screen.queryByTestId('pipeline-notice')).toBeNull();
  });

  it('drags a card onto another panel: the drop sends the lead and its place, and the card moves at once', async () => {
    const { sent, bodies } = await renderPipeline();
    await boardShown();
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    const card = screen.getByTestId('lead-card-l1');
    const target = screen.getByTestId('lead-panel-2').querySelector<HTMLElement>('[role="list"]')!;
    // The drag library's gesture as the browser reports it (jsdom has no layout: the drop lands on the list).
    const elementFromPoint = document.elementFromPoint;
    document.elementFromPoint = () => target;
    const dataTransfer = { setData: () => undefined, setDragImage: () => undefined, dropEffect: '', effectAllowed: '' };
    try {
      await act(async () => {
        fireEvent.pointerDown(card, { pointerId: 1, button: 0, isPrimary: true });
        fireEvent.dragStart(card, { dataTransfer });
        fireEvent.dragEnter(target, { dataTransfer });
        fireEvent.dragOver(target, { dataTransfer });
        fireEvent.drop(target, { dataTransfer });
        fireEvent.dragEnd(card, { dataTransfer });
      });
    } finally {
      document.elementFromPoint = elementFromPoint;
    }
    expect(sent('pipeline')).toEqual([{ type: 'user.moveLead', lead: acme, fromTabId: 1, toTabId: 2, index: 1 }]);
    await waitFor(() => expect(cardNames(2)).toEqual(['Acme Trading', 'Gamma Tools']));
    expect(cardNames(1)).toEqual(['Beta Foods']);
    expect(bodies('adminLeadsUpdate')).toEqual([{ id: 'l1', editTime: 1_000, tabId: 2 }]);
  });

  it('a drag that crosses a panel lands in the panel under the pointer at the drop, both ways; the panel passed over keeps nothing', async () => {
    const delta = leadOf('l4', { name: 'Delta Parts', tabId: 0, createTime: Date.UTC(2025, 0, 13) });
    const { sent } = await renderPipeline({ store: leadStore({ leads: [acme, beta, gamma, delta] }) });
    await boardShown();
    await waitFor(() => expect(cardNames(0)).toEqual(['Delta Parts']));
    // From No tabs over Qualified onto Proposal.
    await dragOver(screen.getByTestId('lead-card-l4'), [listOf(1), listOf(2)]);
    expect(sent('pipeline')).toEqual([{ type: 'user.moveLead', lead: delta, fromTabId: 0, toTabId: 2, index: 0 }]);
    await waitFor(() => expect(cardNames(2)).toEqual(['Delta Parts', 'Gamma Tools']));
    expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']);
    expect(cardNames(0)).toEqual([]);
    // And back the other way, from Proposal over Qualified onto No tabs.
    await waitFor(() => expect(count(2).getAttribute('data-open')).toBe('2'));
    await dragOver(screen.getByTestId('lead-card-l4'), [listOf(1), listOf(0)]);
    expect(sent('pipeline').at(-1)).toMatchObject({ type: 'user.moveLead', lead: { id: 'l4', tabId: 2 }, fromTabId: 2, toTabId: 0, index: 0 });
    await waitFor(() => expect(cardNames(0)).toEqual(['Delta Parts']));
    expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']);
    expect(cardNames(2)).toEqual(['Gamma Tools']);
  });

  it('moves a lead from its card menu by keyboard: arrows only look through the tabs, Enter moves it; focus goes to the moved card and a polite status says where', async () => {
    const { sent } = await renderPipeline();
    await boardShown();
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    const user = userEvent.setup({ delay: null });
    screen.getByTestId('lead-actions-l1').focus();
    await user.keyboard('{Enter}');
    const target = await screen.findByTestId('lead-action-move-2');
    // The card's own tab is not offered; the others are, under "Move to".
    expect(screen.queryByTestId('lead-action-move-1')).toBeNull();
    expect(screen.getByTestId('lead-action-move-0').textContent).toBe('No tabs');
    expect(screen.getByRole('group', { name: 'Move to' })).toBeTruthy();
    for (let presses = 0; presses < 12 && !target.hasAttribute('data-highlighted'); presses++) await user.keyboard('{ArrowDown}');
    expect(target.hasAttribute('data-highlighted')).toBe(true);
    // Looking through the tabs moves nothing.
    expect(sent('pipeline')).toEqual([]);
    expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']);
    await user.keyboard('{Enter}');
    expect(sent('pipeline')).toEqual([{ type: 'user.moveLead', lead: acme, fromTabId: 1, toTabId: 2, index: 1 }]);
    await waitFor(() => expect(cardNames(2)).toEqual(['Acme Trading', 'Gamma Tools']));
    await waitFor(() => expect(document.activeElement).toBe(within(screen.getByTestId('lead-panel-2')).getByTestId('lead-card-l1')));
    const status = screen.getByTestId('pipeline-moved');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('Moved Acme Trading to Proposal');
  });

  it('moves a lead at once and the counts follow', async () => {
    const { sent } = await renderPipeline();
    await boardShown();
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    await moveFromMenu(userEvent.setup({ delay: null }), 'l2', proposal.id);
    expect(sent('pipeline')).toEqual([{ type: 'user.moveLead', lead: beta, fromTabId: 1, toTabId: 2, index: 0 }]);
    await waitFor(() => expect(cardNames(2)).toEqual(['Beta Foods', 'Gamma Tools']));
    expect(cardNames(1)).toEqual(['Acme Trading']);
    await waitFor(() => expect(count(2).getAttribute('data-open')).toBe('2'));
    expect(count(1).getAttribute('data-open')).toBe('1');
  });

  it('adds a lead in the lead form the pipeline opened, and a tab in its dialog (a taken name stays in the dialog)', async () => {
    const { sent, bodies } = await renderPipeline();
    await boardShown();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('pipeline-add-lead'));
    const form = await screen.findByTestId('lead-form');
    await user.type(within(form).getByTestId('lead-form-name'), 'Delta Parts');
    await user.click(screen.getByTestId('lead-form-save'));
    await waitFor(() => expect(screen.queryByTestId('lead-form')).toBeNull());
    expect(bodies('adminLeadsAdd')).toEqual([{ name: 'Delta Parts', tabId: 0 }]);
    await waitFor(() => expect(cardNames(0)).toEqual(['Delta Parts']));
    expect(sent('pipeline')).toEqual([{ type: 'user.addLead' }]);
    expect(sent('leadForm').map((e) => e.type)).toEqual([...Array(11).fill('user.change'), 'user.submit']);

    await user.click(screen.getByTestId('pipeline-add-tab'));
    const dialog = await screen.findByTestId('tab-dialog');
    await user.type(within(dialog).getByTestId('tab-name'), 'Qualified');
    await user.click(screen.getByTestId('tab-save'));
    await waitFor(() => expect(within(dialog).getByText('A tab with this name already exists.')).toBeTruthy());
    await user.clear(screen.getByTestId('tab-name'));
    await user.type(screen.getByTestId('tab-name'), 'Won');
    await user.click(screen.getByTestId('tab-save'));
    await waitFor(() => expect(screen.queryByTestId('tab-dialog')).toBeNull());
    await waitFor(() => expect(panelNames()).toEqual(['No tabs', 'Qualified', 'Proposal', 'Won']));
    expect(sent('tabs').map((e) => e.type)).toEqual(['user.addTab', ...Array(9).fill('user.typeTabName'), 'user.saveTab', 'user.typeTabName', ...Array(3).fill('user.typeTabName'), 'user.saveTab']);
    expect(bodies('adminTabAdd')).toEqual([{ tabName: 'Qualified' }, { tabName: 'Won' }]);
  });

  it('closes a lead with a reason typed into its dialog', async () => {
    const { sent, bodies } = await renderPipeline();
    await boardShown();
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('lead-actions-l1'));
    await screen.findByTestId('lead-action-close');
    await chooseItem(user, 'lead-action-close');
    const dialog = await screen.findByTestId('close-dialog');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Close Acme Trading?');
    await user.type(within(dialog).getByTestId('close-reason'), 'Lost');
    await user.click(screen.getByTestId('close-confirm'));
    await waitFor(() => expect(screen.queryByTestId('close-dialog')).toBeNull());
    expect(bodies('adminLeadsClose')).toEqual([{ id: 'l1', isClosed: true, closedReason: 'Lost' }]);
    expect(sent('pipeline')).toEqual([{ type: 'user.closeLead', lead: acme }]);
    expect(sent('leadDialog')).toEqual([
      { type: 'user.typeReason', reason: 'L' },
      { type: 'user.typeReason', reason: 'Lo' },
      { type: 'user.typeReason', reason: 'Los' },
      { type: 'user.typeReason', reason: 'Lost' },
      { type: 'user.confirm' },
    ]);
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods']));
  });

  it('opens the import wizard and the batch tagging of a tab’s open leads from the pipeline', async () => {
    const { sent } = await renderPipeline();
    await boardShown();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('pipeline-import'));
    expect(await screen.findByTestId('import-dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('import-dialog')).toBeNull());
    await waitFor(() => expect(count(1).getAttribute('data-open')).toBe('2'));
    await user.click(screen.getByTestId('panel-menu-1'));
    await screen.findByTestId('panel-tag-leads-1');
    await chooseItem(user, 'panel-tag-leads-1');
    const tagging = await screen.findByTestId('batch-tag-dialog');
    expect(within(tagging).getByRole('heading', { level: 2 }).textContent).toBe('Tag leads in this tab');
    expect(sent('pipeline')).toEqual([{ type: 'user.import' }, { type: 'user.tagLeads', tabId: 1, count: 2 }]);
    expect(sent('importWizard')).toEqual([{ type: 'user.close' }]);
  });

  it('shows the typed search at once and applies it after the debounce: the URL and the panels follow; a switch applies at once', async () => {
    const app = await renderPipeline();
    await boardShown();
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    const user = userEvent.setup({ delay: null });
    const search = screen.getByTestId('filter-search') as HTMLInputElement;
    await user.type(search, 'ac');
    expect(search.value).toBe('ac');
    await waitFor(() => expect(app.location()).toBe('/pipeline?q=ac'));
    await waitFor(() => expect(cardNames(1)).toEqual(['Acme Trading']));
    expect(app.sent('filters')).toEqual([
      { type: 'user.filter', patch: { search: 'a' } },
      { type: 'user.filter', patch: { search: 'ac' } },
    ]);
    await user.click(screen.getByTestId('filter-open'));
    await user.click(within(await screen.findByTestId('filter-popover')).getByText('Show closed leads'));
    await waitFor(() => expect(app.location()).toBe('/pipeline?q=ac&closed=1'));
    expect(app.sent('filters').at(-1)).toEqual({ type: 'user.filterNow', patch: { showClosed: true } });
    await waitFor(() => expect(screen.getByTestId('filter-chip-showClosed').textContent).toBe('Show closed leads'));
    await user.click(screen.getByTestId('filter-clear'));
    await waitFor(() => expect(app.location()).toBe('/pipeline'));
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    expect(search.value).toBe('');
  });

  it('shows the filters in one row: a chip per active filter, in words; removing one sends the clear event and the URL follows; the popover holds the date ranges', async () => {
    const from = new Date(2025, 10, 1).getTime();
    const to = new Date(2025, 10, 5, 23, 59, 59, 999).getTime();
    const app = await renderPipeline({ path: `/pipeline?last=${from}-${to}&await=1` });
    await boardShown();
    const chips = screen.getByTestId('filter-chips');
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Last message: Nov 1\u2009–\u20095, 2025', 'Awaiting reply only']);
    expect(screen.getByTestId('filter-open').textContent).toBe('Filters (2)');
    // The date ranges are not in the row: they wait in the popover.
    expect(screen.queryByTestId('filter-created')).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Remove the filter Last message: Nov 1\u2009–\u20095, 2025' }));
    expect(app.sent('filters')).toEqual([{ type: 'user.clear', keys: ['lastMessage'] }]);
    await waitFor(() => expect(app.location()).toBe('/pipeline?await=1'));
    await waitFor(() => expect(within(screen.getByTestId('filter-chips')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Awaiting reply only']));
    await user.click(screen.getByTestId('filter-open'));
    const popover = await screen.findByTestId('filter-popover');
    expect(within(popover).getByTestId('filter-created')).toBeTruthy();
    expect(within(popover).getByTestId('filter-last')).toBeTruthy();
    expect(within(popover).getAllByTestId('date-range-start')).toHaveLength(2);
  });

  it('says the chips in Arabic, the dates in Arabic too', async () => {
    const from = new Date(2025, 10, 1).getTime();
    const to = new Date(2025, 10, 5, 23, 59, 59, 999).getTime();
    await renderPipeline({ language: 'ar', path: `/pipeline?created=${from}-${to}` });
    await boardShown();
    const text = screen.getByTestId('filter-chip-created').textContent ?? '';
    expect(text.startsWith('تاريخ الإنشاء: ')).toBe(true);
    expect(text).toContain('نوفمبر');
  });

  it('opens with the filters of the URL (a bookmark) and keeps the board across a visit elsewhere', async () => {
    const app = await renderPipeline({ path: '/pipeline?q=gam' });
    await boardShown();
    await waitFor(() => expect(cardNames(2)).toEqual(['Gamma Tools']));
    expect(cardNames(1)).toEqual([]);
    expect((screen.getByTestId('filter-search') as HTMLInputElement).value).toBe('gam');
    const lists = app.bodies('adminLeadsList').length;
    await app.go('/contacts');
    await app.go('/pipeline?q=gam');
    await boardShown();
    expect(cardNames(2)).toEqual(['Gamma Tools']);
    expect(app.bodies('adminLeadsList')).toHaveLength(lists);
  });
});

describe('the pipeline in other languages', () => {
  it('reads right to left in Arabic: the title, the panels, their counts and a notice in Arabic', async () => {
    await renderPipeline({ language: 'ar', handlers: { adminLeadsUpdate: () => failResult(Code.LEAD_NEEDS_TAB, 'x') } });
    await boardShown();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByTestId('pipeline-page').querySelector('#pipeline-title')?.textContent).toBe('مسار المبيعات');
    expect(panelNames()).toEqual(['بدون تبويب', 'Qualified', 'Proposal']);
    await waitFor(() => expect(count(1).textContent).toBe('2 مفتوح · 1 بانتظار الرد'));
    await moveFromMenu(userEvent.setup({ delay: null }), 'l3', qualified.id);
    expect((await screen.findByTestId('pipeline-notice')).textContent).toContain('تعذّر نقل العميل المحتمل. x');
    // The move was refused: the lead is back, and the status says so.
    await waitFor(() => expect(screen.getByTestId('pipeline-moved').textContent).toBe('تعذّر نقل Gamma Tools: عاد إلى Proposal'));
  });

  it('when a move fails, the lead goes back, takes the focus there, and the status says it could not move', async () => {
    await renderPipeline({ handlers: { adminLeadsUpdate: () => failResult(Code.LEAD_NEEDS_TAB, 'x') } });
    await boardShown();
    await waitFor(() => expect(cardNames(2)).toEqual(['Gamma Tools']));
    await moveFromMenu(userEvent.setup({ delay: null }), 'l3', qualified.id);
    await screen.findByTestId('pipeline-notice');
    await waitFor(() => expect(screen.getByTestId('pipeline-moved').textContent).toBe('Gamma Tools could not move: it is back in Proposal'));
    expect(cardNames(2)).toEqual(['Gamma Tools']);
    await waitFor(() => expect(document.activeElement).toBe(within(screen.getByTestId('lead-panel-2')).getByTestId('lead-card-l3')));
  });

  it('says where a moved lead went in Chinese', async () => {
    await renderPipeline({ language: 'zh-CN' });
    await boardShown();
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    await moveFromMenu(userEvent.setup({ delay: null }), 'l2', NO_TAB);
    expect(screen.getByTestId('pipeline-moved').textContent).toBe('已将 Beta Foods 移动到 无标签');
  });

  it('reads in Chinese', async () => {
    await renderPipeline({ language: 'zh-CN', store: leadStore({ tabs: [noTabs], leads: [] }) });
    expect((await screen.findByTestId('pipeline-empty', {}, { timeout: 10_000 })).textContent).toContain('未找到线索');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(screen.getByTestId('pipeline-page').querySelector('#pipeline-title')?.textContent).toBe('销售管道');
    expect(panelNames()).toEqual(['无标签']);
    expect(count(0).textContent).toBe('0 个进行中 · 0 个待回复');
  });
});
