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
import { noTabs } from '../../support/lead-fixtures';
import { failResult, okResult } from '../harness';
import { chooseItem } from '../menu-helpers';
import { acme, beta, cardNames, deferred, leadStore, proposal, qualified, renderPipeline } from './render-pipeline';
import { ApiError } from '../../../src/services/api/client';

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

  it('moves a lead with its Move to select: the event carries the lead and its place; a refusal puts it back there, with a notice', async () => {
    const { sent, bodies } = await renderPipeline({ handlers: { adminLeadsUpdate: () => failResult(Code.LEAD_NEEDS_TAB, 'Moving needs a custom tab.') } });
    await boardShown();
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByTestId('lead-move-l1'), String(proposal.id));
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

  it('moves a lead at once and the counts follow', async () => {
    const { sent } = await renderPipeline();
    await boardShown();
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    await userEvent.setup({ delay: null }).selectOptions(screen.getByTestId('lead-move-l2'), String(proposal.id));
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
    await user.click(screen.getByText('Show closed leads'));
    await waitFor(() => expect(app.location()).toBe('/pipeline?q=ac&closed=1'));
    expect(app.sent('filters').at(-1)).toEqual({ type: 'user.filterNow', patch: { showClosed: true } });
    await user.click(screen.getByTestId('filter-clear'));
    await waitFor(() => expect(app.location()).toBe('/pipeline'));
    await waitFor(() => expect(cardNames(1)).toEqual(['Beta Foods', 'Acme Trading']));
    expect(search.value).toBe('');
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
    await userEvent.setup({ delay: null }).selectOptions(screen.getByTestId('lead-move-l3'), String(qualified.id));
    expect((await screen.findByTestId('pipeline-notice')).textContent).toContain('تعذّر نقل العميل المحتمل. x');
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
