/**
 * The pipeline flow (SPEC §2 Pipeline, §3 Lead search options, §4 Lead: drag to another tab,
 * same-tab drops ignored, counts refreshed after a change; §9 page sizes) as the app system runs
 * it: its real effects, so its child flows (the tabs, the lead moves, the filters in the URL, a
 * lead's dialog with the lead form, the import wizard, batch tagging, a lead panel per tab) run
 * provided through it, on an API whose calls wait for the test's answer. The path tests reach
 * every state of each machine; this one checks the rules across them: the route it follows,
 * optimistic moves with their rollback and queue, the dialogs, the tabs, the filters and the
 * broadcasts of the app system.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes';
import { selectBatchTag, selectFiltersFlow, selectImportWizard, selectLeadDialog, selectMovesFlow } from '../../src/machines/pipeline.machine';
import { DEFAULT_FILTERS } from '../../src/machines/pipeline-filters';
import { FILTER_DEBOUNCE_MS } from '../../src/machines/filter-url.machine';
import { FREQUENT_TAGS_KEEP_MS } from '../../src/machines/batch-tag.machine';
import { flush } from '../support/fakes';
import { leadOf, leadsOf, noTabs, tabOf } from '../support/lead-fixtures';
import { failResult, okResult } from '../ui/harness';
import { member, routeTo, shown, startPipeline } from './pipeline-harness';

const threeTabs = [noTabs, tabOf(1), tabOf(2)];
/** The usual board: No tabs holds a1..a3, tab 1 b1, tab 2 nothing. */
const open = async (t: ReturnType<typeof startPipeline>) => {
  await t.load(threeTabs, { 0: leadsOf('a', 3), 1: [leadOf('b1', { tabId: 1 })] }, { 0: 3, 1: 1 });
};
const leadsListed = (t: ReturnType<typeof startPipeline>) => t.calls.waiting.filter((c) => c.name === 'adminLeadsList').map((c) => c.body as { tabId: number; pageSize: number; search?: string });

describe('pipeline flow: the route and the screen', () => {
  it('waits for the viewport, then loads the tabs and the counts and spawns one panel per tab in the server’s order (No tabs first)', async () => {
    const t = startPipeline();
    expect(t.snap().context).toMatchObject({ realRole: 'admin', pageSize: 40, shown: true });
    expect(t.calls.log.map((c) => c.name)).toEqual(['adminUserTabs', 'adminLeadsCount']);
    await t.calls.answer('adminUserTabs', okResult({ tabs: [tabOf(2), tabOf(1)] }));
    expect(t.snap().context.tabs.map((x) => x.id)).toEqual([0, 2, 1]);
    expect(t.snap().context.panels.map((p) => [p.tabId, p.ref.id])).toEqual([
      [0, 'panel-0'],
      [2, 'panel-2'],
      [1, 'panel-1'],
    ]);
    expect(leadsListed(t)).toEqual([0, 2, 1].map((tabId) => ({ tabId, sort: 'createTime', sortOrder: 'desc', awaitReply: false, showClosedLeads: false, page: 1, pageSize: 40 })));
    expect(t.snap().context.totalLeads).toBeNull();
    await t.calls.answer('adminLeadsCount', okResult({ items: [{ tabId: 0, openCount: 7, awaitReplyCount: 2 }], totalCount: 7 }));
    expect(t.snap().context.counts[0]).toEqual({ openCount: 7, awaitReplyCount: 2 });
    expect(t.snap().context.totalLeads).toBe(7);
  });

  it('on a phone loads 5 leads a page (SPEC §9); a change of the viewport reloads the panels at the new size and nothing else', async () => {
    const t = startPipeline(routeTo('/pipeline'), { narrow: true });
    expect(t.snap().context.pageSize).toBe(5);
    await t.load([noTabs], {});
    expect(t.calls.bodies('adminLeadsList')).toEqual([expect.objectContaining({ pageSize: 5 })]);
    const before = t.panel(0)!;
    t.viewport.set(false);
    // The same panel loads its first page again at the desk's size; the tabs and the counts stay.
    expect(t.panel(0)).toBe(before);
    expect(t.snap().context).toMatchObject({ pageSize: 40, tabs: [noTabs] });
    expect(leadsListed(t).at(-1)).toMatchObject({ tabId: 0, page: 1, pageSize: 40 });
    expect(t.calls.count('adminUserTabs')).toBe(1);
    // The same size again changes nothing.
    t.viewport.set(false);
    expect(t.calls.count('adminLeadsList')).toBe(2);
  });

  it('a change of the viewport never closes a dialog: the lead form stays open with what was typed', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.addLead', tabId: 1 });
    const dialog = selectLeadDialog(t.snap())!;
    const form = dialog.getSnapshot().children.leadForm!;
    form.send({ type: 'user.change', field: 'name', value: 'Nora' });
    form.send({ type: 'user.change', field: 'phone', value: '+1 555 0100' });
    t.viewport.set(true);
    t.viewport.set(false);
    t.viewport.set(true);
    expect(selectLeadDialog(t.snap())).toBe(dialog);
    expect(dialog.getSnapshot().children.leadForm).toBe(form);
    expect(form.getSnapshot().context.values).toMatchObject({ name: 'Nora', phone: '+1 555 0100', tabId: '1' });
    expect(t.snap().context.pageSize).toBe(5);
    expect(t.panel(1)!.getSnapshot().context.pageSize).toBe(5);
    // The tab dialog and the moves stay as well (the tabs were not loaded again).
    expect(t.calls.count('adminUserTabs')).toBe(1);
  });

  it('started on another screen it stays idle until the pipeline shows, with the viewer’s real role and the query’s filters', async () => {
    const t = startPipeline(routeTo('/v2/home'));
    expect(t.snap().value).toBe('idle');
    t.send(shown(routeTo('/contacts')));
    expect(t.calls.log).toEqual([]);
    t.send(shown(routeTo('/pipeline', '?q=an&await=1', member)));
    expect(t.snap().context).toMatchObject({ realRole: 'member', filters: { ...DEFAULT_FILTERS, search: 'an', awaitReply: true } });
    await t.calls.answer('memberUserTabs', okResult({ tabs: [noTabs] }));
    expect(t.calls.bodies('memberLeadsList')).toEqual([{ search: 'an', sort: 'createTime', sortOrder: 'desc', tabId: 0, awaitReply: true, showClosedLeads: false, page: 1, pageSize: 40 }]);
    expect(selectFiltersFlow(t.snap())?.getSnapshot().context.filters).toMatchObject({ search: 'an', awaitReply: true });
  });

  it('hidden by another screen it keeps the board and stops the filters; back with the same query nothing reloads, with another the panels reload', async () => {
    const t = startPipeline();
    await open(t);
    const panels = t.snap().context.panels;
    t.send(shown(routeTo('/contacts')));
    expect(t.snap().context.shown).toBe(false);
    expect(selectFiltersFlow(t.snap())).toBeUndefined();
    t.send(shown(routeTo('/pipeline')));
    expect(t.snap().context.shown).toBe(true);
    expect(t.snap().context.panels).toBe(panels);
    expect(t.calls.count('adminLeadsList')).toBe(3);
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    t.send(shown(routeTo('/contacts')));
    t.send(shown(routeTo('/pipeline', '?closed=1')));
    expect(leadsListed(t).map((b) => [b.tabId, (b as { showClosedLeads?: boolean }).showClosedLeads])).toEqual([
      [0, true],
      [1, true],
      [2, true],
    ]);
    // The URL already says so: nothing is written.
    expect(t.urls).toEqual([]);
    expect(selectFiltersFlow(t.snap())?.getSnapshot().context.filters.showClosed).toBe(true);
  });

  it('another real role on the pipeline loads everything again from the role’s endpoints', async () => {
    const t = startPipeline();
    await open(t);
    const old = t.panel(1)!;
    t.send(shown(routeTo('/pipeline', '', member)));
    expect(old.getSnapshot().status).toBe('stopped');
    expect(t.snap().context).toMatchObject({ realRole: 'member', panels: [] });
    expect(t.calls.waiting.map((c) => c.name)).toEqual(expect.arrayContaining(['memberUserTabs', 'memberLeadsCount']));
  });

  it('a typed search applies 300 ms after the last keystroke: the URL is written and every panel reloads; Back applies the URL’s filters', async () => {
    const t = startPipeline();
    await open(t);
    const filters = selectFiltersFlow(t.snap())!;
    for (const search of ['a', 'an', 'ana']) {
      filters.send({ type: 'user.filter', patch: { search } });
      t.clock.increment(FILTER_DEBOUNCE_MS - 1);
    }
    expect(t.urls).toEqual([]);
    t.clock.increment(1);
    expect(t.urls).toEqual(['/pipeline?q=ana']);
    expect(t.snap().context.filters.search).toBe('ana');
    expect(leadsListed(t).map((b) => [b.tabId, b.search])).toEqual([
      [0, 'ana'],
      [1, 'ana'],
      [2, 'ana'],
    ]);
    // The panels keep their leads until the new pages arrive.
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    // The router reports the URL the filters wrote: nothing more happens.
    t.send(shown(routeTo('/pipeline', '?q=ana')));
    expect(leadsListed(t)).toHaveLength(3);
    // Back: the URL's filters apply, without writing the URL.
    t.send(shown(routeTo('/pipeline', '')));
    expect(t.snap().context.filters.search).toBe('');
    expect(leadsListed(t)).toHaveLength(6);
    expect(t.urls).toEqual(['/pipeline?q=ana']);
  });

  it('drops a typed search when the screen goes away before the debounce ends; nothing writes the URL while hidden', async () => {
    const t = startPipeline();
    await open(t);
    selectFiltersFlow(t.snap())!.send({ type: 'user.filter', patch: { search: 'x' } });
    t.send(shown(routeTo('/contacts')));
    t.clock.increment(FILTER_DEBOUNCE_MS);
    expect(t.urls).toEqual([]);
    expect(t.snap().context.filters.search).toBe('');
    t.send(shown(routeTo('/pipeline')));
    expect(selectFiltersFlow(t.snap())!.getSnapshot().context.pending).toEqual({});
  });

  it('a filter change cancels the panels’ running loads; their late answers are ignored', async () => {
    const t = startPipeline();
    await t.calls.answer('adminUserTabs', okResult({ tabs: [noTabs] }));
    const first = t.calls.take('adminLeadsList');
    selectFiltersFlow(t.snap())!.send({ type: 'user.filterNow', patch: { sort: 'name' } });
    expect(first.signal?.aborted).toBe(true);
    first.resolve(okResult({ rows: leadsOf('old', 2), totalCount: 2 }));
    await flush();
    expect(t.ids(0)).toEqual([]);
    await t.calls.answer('adminLeadsList', okResult({ rows: leadsOf('new', 1), totalCount: 1 }));
    expect(t.ids(0)).toEqual(['new1']);
  });

  it('shows the sync guidance mask only with no lead at all and no filter', async () => {
    const t = startPipeline();
    await t.load([noTabs], {}, {});
    expect(t.snap().hasTag('noLeads')).toBe(true);
    const filters = selectFiltersFlow(t.snap())!;
    filters.send({ type: 'user.filterNow', patch: { sort: 'name' } });
    expect(t.snap().hasTag('noLeads')).toBe(true);
    filters.send({ type: 'user.filterNow', patch: { showClosed: true } });
    expect(t.snap().hasTag('noLeads')).toBe(false);
  });

  it('offers a retry when the tabs fail; a counts failure is a notice', async () => {
    const t = startPipeline();
    await t.calls.fail('adminUserTabs');
    await t.calls.fail('adminLeadsCount', 'Lead counts failed');
    expect(t.tabs().getSnapshot().hasTag('tabsFailed')).toBe(true);
    expect(t.snap().context.notice).toEqual({ kind: 'loadFailed', message: 'Lead counts failed' });
    t.send({ type: 'user.dismissNotice' });
    expect(t.snap().context.notice).toBeNull();
    t.tabs().send({ type: 'user.retry' });
    await t.calls.answer('adminUserTabs', okResult({ tabs: [noTabs] }));
    expect(t.snap().context.panels).toHaveLength(1);
  });
});

describe('pipeline flow: moving leads (SPEC §4)', () => {
  it('moves at once, saves the tab with the edit time, puts the saved lead and refreshes the counts', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.moveLead', lead: leadOf('a2'), fromTabId: 0, toTabId: 1, index: 1 });
    expect(selectMovesFlow(t.snap())!.getSnapshot().hasTag('moving')).toBe(true);
    expect(t.ids(0)).toEqual(['a1', 'a3']);
    expect(t.ids(1)).toEqual(['a2', 'b1']);
    expect(t.panel(1)!.getSnapshot().context.leads[0]?.tabId).toBe(1);
    expect(t.calls.bodies('adminLeadsUpdate')).toEqual([{ id: 'a2', editTime: 1_000, tabId: 1 }]);
    await t.calls.answer('adminLeadsUpdate', okResult(leadOf('a2', { tabId: 1, editTime: 2_000 })));
    expect(t.ids(1)).toEqual(['a2', 'b1']);
    expect(t.panel(1)!.getSnapshot().context.leads[0]?.editTime).toBe(2_000);
    expect(t.calls.count('adminLeadsCount')).toBe(2);
    expect(t.snap().context.notice).toBeNull();
  });

  it('ignores a drop in the same tab and on a tab without a panel', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.moveLead', lead: leadOf('a1'), fromTabId: 0, toTabId: 0, index: 0 });
    t.send({ type: 'user.moveLead', lead: leadOf('a1'), fromTabId: 0, toTabId: 9, index: 0 });
    expect(t.calls.count('adminLeadsUpdate')).toBe(0);
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
  });

  it('rolls a refused move back to its place, with the server’s message; a stale edit shows the lead as it is now', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.moveLead', lead: leadOf('a2'), fromTabId: 0, toTabId: 1, index: 1 });
    await t.calls.answer('adminLeadsUpdate', failResult(Code.LEAD_NEEDS_TAB, 'Closing a contact needs a custom tab first.'));
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    expect(t.ids(1)).toEqual(['b1']);
    expect(t.snap().context.notice).toEqual({ kind: 'moveFailed', message: 'Closing a contact needs a custom tab first.' });
    expect(t.calls.count('adminLeadsCount')).toBe(1);

    t.send({ type: 'user.moveLead', lead: leadOf('a3'), fromTabId: 0, toTabId: 2, index: 2 });
    const fresh = leadOf('a3', { name: 'Renamed meanwhile', editTime: 5_000 });
    await t.calls.answer('adminLeadsUpdate', { ...failResult(Code.STALE_EDIT, 'changed meanwhile'), data: fresh });
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    expect(t.panel(0)!.getSnapshot().context.leads[2]).toEqual(fresh);
    expect(t.snap().context.notice).toEqual({ kind: 'moveFailed', message: 'changed meanwhile' });
  });

  it('queues a second move while one saves; a lead moved twice saves the second move with the first one’s edit time', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.moveLead', lead: leadOf('a1'), fromTabId: 0, toTabId: 1, index: 0 });
    t.send({ type: 'user.moveLead', lead: leadOf('a1', { tabId: 1 }), fromTabId: 1, toTabId: 2, index: 0 });
    t.send({ type: 'user.moveLead', lead: leadOf('a3'), fromTabId: 0, toTabId: 2, index: 1 });
    expect(t.ids(0)).toEqual(['a2']);
    expect(t.ids(1)).toEqual(['b1']);
    expect(t.ids(2)).toEqual(['a3', 'a1']);
    expect(t.calls.count('adminLeadsUpdate')).toBe(1);
    await t.calls.answer('adminLeadsUpdate', okResult(leadOf('a1', { tabId: 1, editTime: 2_000 })));
    // The panels keep showing the later move.
    expect(t.ids(1)).toEqual(['b1']);
    expect(t.calls.bodies('adminLeadsUpdate').at(-1)).toEqual({ id: 'a1', editTime: 2_000, tabId: 2 });
    await t.calls.fail('adminLeadsUpdate', 'Network error, please check your connection and try again');
    // Back where the server has it: in tab 1, as the first move left it.
    expect(t.ids(1)).toEqual(['a1', 'b1']);
    expect(t.ids(2)).toEqual(['a3']);
    expect(t.snap().context.notice?.message).toBe('Network error, please check your connection and try again');
    expect(t.calls.bodies('adminLeadsUpdate').at(-1)).toEqual({ id: 'a3', editTime: 1_000, tabId: 2 });
    await t.calls.answer('adminLeadsUpdate', failResult(Code.NOT_FOUND, 'Not found'));
    expect(t.ids(0)).toEqual(['a2', 'a3']);
    expect(t.ids(2)).toEqual([]);
    expect(selectMovesFlow(t.snap())!.getSnapshot().context.moves).toEqual([]);
  });
});

describe('pipeline flow: a lead’s dialog', () => {
  it('adds a lead in a tab through the lead form: the saved lead shows in its panel and the counts refresh', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.addLead', tabId: 2 });
    const form = selectLeadDialog(t.snap())!.getSnapshot().children.leadForm!;
    expect(form.getSnapshot().context).toMatchObject({ mode: 'add', values: expect.objectContaining({ tabId: '2' }) });
    form.send({ type: 'user.change', field: 'name', value: 'Nora' });
    form.send({ type: 'user.submit' });
    expect(t.calls.bodies('adminLeadsAdd')).toEqual([{ name: 'Nora', tabId: 2 }]);
    await t.calls.answer('adminLeadsAdd', okResult(leadOf('n1', { tabId: 2, name: 'Nora' })));
    expect(selectLeadDialog(t.snap())).toBeUndefined();
    expect(t.ids(2)).toEqual(['n1']);
    expect(t.calls.count('adminLeadsCount')).toBe(2);
  });

  it('an edit that moves the lead to another tab takes it out of the tab it left; a cancel changes nothing', async () => {
    const t = startPipeline();
    await open(t);
    const b1 = t.panel(1)!.getSnapshot().context.leads[0]!;
    t.send({ type: 'user.editLead', lead: b1 });
    let form = selectLeadDialog(t.snap())!.getSnapshot().children.leadForm!;
    form.send({ type: 'user.change', field: 'tabId', value: '2' });
    form.send({ type: 'user.submit' });
    await t.calls.answer('adminLeadsUpdate', okResult({ ...b1, tabId: 2, editTime: 3_000 }));
    expect(t.ids(1)).toEqual([]);
    expect(t.ids(2)).toEqual(['b1']);
    t.send({ type: 'user.editLead', lead: leadOf('a1') });
    form = selectLeadDialog(t.snap())!.getSnapshot().children.leadForm!;
    form.send({ type: 'user.cancel' });
    expect(selectLeadDialog(t.snap())).toBeUndefined();
    expect(t.calls.count('adminLeadsCount')).toBe(2);
  });

  it('closes a lead with the reason typed: gone from its panel unless closed leads are shown; counts refresh', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.closeLead', lead: leadOf('a2') });
    const dialog = selectLeadDialog(t.snap())!;
    expect(dialog.getSnapshot().hasTag('closing')).toBe(true);
    dialog.send({ type: 'user.typeReason', reason: '  Bought elsewhere ' });
    dialog.send({ type: 'user.confirm' });
    expect(dialog.getSnapshot().hasTag('busy')).toBe(true);
    // A running close is not cancelled.
    dialog.send({ type: 'user.cancel' });
    expect(dialog.getSnapshot().hasTag('busy')).toBe(true);
    expect(t.calls.bodies('adminLeadsClose')).toEqual([{ id: 'a2', isClosed: true, closedReason: 'Bought elsewhere' }]);
    await t.calls.answer('adminLeadsClose', okResult(leadOf('a2', { isClosed: true, closedReason: 'Bought elsewhere' })));
    expect(selectLeadDialog(t.snap())).toBeUndefined();
    expect(t.ids(0)).toEqual(['a1', 'a3']);
    expect(t.calls.count('adminLeadsCount')).toBe(2);
  });

  it('a closed lead is not closed again; a refused close is a notice; a reopen puts the lead back', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.closeLead', lead: leadOf('a1', { isClosed: true }) });
    expect(selectLeadDialog(t.snap())).toBeUndefined();
    t.send({ type: 'user.reopenLead', lead: leadOf('a1') });
    expect(selectLeadDialog(t.snap())).toBeUndefined();
    t.send({ type: 'user.closeLead', lead: leadOf('a1') });
    selectLeadDialog(t.snap())!.send({ type: 'user.confirm' });
    expect(t.calls.bodies('adminLeadsClose')).toEqual([{ id: 'a1', isClosed: true }]);
    await t.calls.answer('adminLeadsClose', failResult(Code.LEAD_NEEDS_TAB, 'Closing a contact needs a custom tab first.'));
    expect(t.snap().context.notice).toEqual({ kind: 'closeFailed', message: 'Closing a contact needs a custom tab first.' });
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    const closed = leadOf('c1', { tabId: 1, isClosed: true });
    t.send({ type: 'user.reopenLead', lead: closed });
    expect(t.calls.bodies('adminLeadsClose').at(-1)).toEqual({ id: 'c1', isClosed: false });
    await t.calls.answer('adminLeadsClose', okResult({ ...closed, isClosed: false }));
    expect(t.ids(1)).toEqual(['c1', 'b1']);
  });

  it('deletes a lead after the confirmation; a refusal is a notice', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.deleteLead', lead: leadOf('a3') });
    selectLeadDialog(t.snap())!.send({ type: 'user.confirm' });
    expect(t.calls.bodies('adminLeadsDelete')).toEqual([{ id: 'a3' }]);
    await t.calls.answer('adminLeadsDelete', okResult(null));
    expect(t.ids(0)).toEqual(['a1', 'a2']);
    expect(t.panel(0)!.getSnapshot().context.totalCount).toBe(2);
    t.send({ type: 'user.deleteLead', lead: leadOf('a1') });
    selectLeadDialog(t.snap())!.send({ type: 'user.confirm' });
    await t.calls.answer('adminLeadsDelete', failResult(Code.NOT_FOUND, 'Not found'));
    expect(t.snap().context.notice).toEqual({ kind: 'deleteFailed', message: 'Not found' });
    expect(t.ids(0)).toEqual(['a1', 'a2']);
  });
});

describe('pipeline flow: tabs', () => {
  it('adds a tab with the name typed: the contract’s rule first, a name in use stays in the dialog; a saved tab gets a panel and the counts refresh', async () => {
    const t = startPipeline();
    await open(t);
    t.tabs().send({ type: 'user.addTab' });
    t.tabs().send({ type: 'user.typeTabName', name: '   ' });
    t.tabs().send({ type: 'user.saveTab' });
    expect(t.tabs().getSnapshot().context.error).toBe('Enter a tab name');
    t.tabs().send({ type: 'user.typeTabName', name: ' Won ' });
    t.tabs().send({ type: 'user.saveTab' });
    expect(t.calls.bodies('adminTabAdd')).toEqual([{ tabName: 'Won' }]);
    await t.calls.answer('adminTabAdd', failResult(Code.TAB_NAME_CONFLICT, 'A tab with this name already exists.'));
    expect(t.tabs().getSnapshot().context.error).toBe('A tab with this name already exists.');
    t.tabs().send({ type: 'user.typeTabName', name: 'Won 2' });
    t.tabs().send({ type: 'user.saveTab' });
    const kept = t.panel(1);
    await t.calls.answer('adminTabAdd', okResult(tabOf(3, 'Won 2')));
    expect(t.tabs().getSnapshot().hasTag('tabDialog')).toBe(false);
    expect(t.calls.count('adminLeadsCount')).toBe(2);
    await t.calls.answer('adminUserTabs', okResult({ tabs: [...threeTabs, tabOf(3, 'Won 2')] }));
    expect(t.snap().context.panels.map((p) => p.tabId)).toEqual([0, 1, 2, 3]);
    expect(t.panel(1)).toBe(kept);
    expect(leadsListed(t).at(-1)).toMatchObject({ tabId: 3, page: 1 });
  });

  it('deletes a tab after the confirmation: No tabs reloads (its leads moved there), the tab’s panel stops when the tabs come back', async () => {
    const t = startPipeline();
    await open(t);
    t.tabs().send({ type: 'user.deleteTab', tab: tabOf(1) });
    t.tabs().send({ type: 'user.confirm' });
    expect(t.calls.bodies('adminTabDelete')).toEqual([{ tabId: 1 }]);
    const removed = t.panel(1)!;
    await t.calls.answer('adminTabDelete', okResult(null));
    expect(leadsListed(t).map((b) => b.tabId)).toEqual([0]);
    expect(t.calls.count('adminLeadsCount')).toBe(2);
    await t.calls.answer('adminUserTabs', okResult({ tabs: [noTabs, tabOf(2)] }));
    expect(removed.getSnapshot().status).toBe('stopped');
    expect(t.snap().context.panels.map((p) => p.tabId)).toEqual([0, 2]);
  });

  it('moves a custom tab at once (its panel too), saves the order and rolls a failure back with a notice', async () => {
    const t = startPipeline();
    await open(t);
    t.tabs().send({ type: 'user.moveTab', tabId: 1, direction: 1 });
    expect(t.snap().context.panels.map((p) => p.tabId)).toEqual([0, 2, 1]);
    expect(t.calls.bodies('adminTabReorder')).toEqual([{ tabIds: [2, 1] }]);
    await t.calls.answer('adminTabReorder', failResult(Code.VALIDATION, 'The request is not valid'));
    expect(t.snap().context.panels.map((p) => p.tabId)).toEqual([0, 1, 2]);
    expect(t.snap().context.notice).toEqual({ kind: 'tabFailed', message: 'The request is not valid' });
  });
});

describe('pipeline flow: import and batch tagging', () => {
  it('opens the import wizard into No tabs; its import reloads the panels and counts while it stays open; its end closes it', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.import' });
    const wizard = selectImportWizard(t.snap())!;
    expect(wizard.getSnapshot().context).toMatchObject({ realRole: 'admin', tabId: 0 });
    t.send({ type: 'import.imported', counts: { total: 2, added: 2, updated: 0, unchanged: 0, skipped: 0 } });
    expect(leadsListed(t).map((b) => b.tabId)).toEqual([0, 1, 2]);
    expect(t.calls.count('adminLeadsCount')).toBe(2);
    expect(selectImportWizard(t.snap())).toBe(wizard);
    wizard.send({ type: 'user.close' });
    expect(selectImportWizard(t.snap())).toBeUndefined();
  });

  it('tags every open lead of a tab; the frequently-used values fetched are handed to the next dialog for 10 s, then fetched again', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.tagLeads', tabId: 1, count: 1 });
    let tagging = selectBatchTag(t.snap())!;
    expect(tagging.getSnapshot().context).toMatchObject({ selection: { mode: 'allMatching', filter: { tabId: 1 } }, count: 1, realRole: 'admin', frequent: null });
    const values = [{ valueId: 100, value: 'Low', tagId: 10, tagName: 'Budget', count: 4 }];
    await t.calls.answer('tagList', okResult({ items: [] }));
    await t.calls.answer('frequentTagValues', okResult({ items: values }));
    expect(t.snap().context.frequent?.items).toEqual(values);
    tagging.send({ type: 'user.cancel' });
    expect(selectBatchTag(t.snap())).toBeUndefined();
    expect(leadsListed(t)).toEqual([]);

    t.send({ type: 'user.tagLeads', tabId: 0, count: 3 });
    tagging = selectBatchTag(t.snap())!;
    expect(tagging.getSnapshot().context.frequent?.items).toEqual(values);
    expect(t.calls.count('frequentTagValues')).toBe(1);
    await t.calls.answer('tagList', okResult({ items: [{ id: 10, name: 'Budget', tagTypeId: 1, typeName: 'Profile', isActive: true, values: [{ id: 100, value: 'Low' }] }] }));
    tagging.send({ type: 'user.toggleAdd', valueId: 100 });
    tagging.send({ type: 'user.apply' });
    expect(t.calls.bodies('adminBatchUpdateTag')).toEqual([{ selection: { mode: 'allMatching', filter: { tabId: 0 } }, addTagValueIds: [100], removeTagValueIds: [] }]);
    await t.calls.answer('adminBatchUpdateTag', okResult({ updated: 3 }));
    expect(t.shown).toEqual([{ text: expect.stringContaining('3'), type: 'success' }]);
    expect(selectBatchTag(t.snap())).toBeUndefined();
    expect(leadsListed(t).map((b) => b.tabId)).toEqual([0, 1, 2]);

    t.clock.increment(FREQUENT_TAGS_KEEP_MS);
    expect(t.snap().context.frequent).toBeNull();
    t.send({ type: 'user.tagLeads', tabId: 2, count: 0 });
    expect(t.calls.count('frequentTagValues')).toBe(2);
  });

  it('keeps the frequently-used values across a reload of the board, and forgets them when the member changes', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'tags.frequentFetched', frequent: { items: [], fetchedAt: 1 } });
    t.send({ type: 'leads.changed' });
    expect(t.snap().context.frequent).toEqual({ items: [], fetchedAt: 1 });
    t.send({ type: 'member.selected', userId: 'u-other' });
    expect(t.snap().context.frequent).toBeNull();
  });
});

describe('pipeline flow: broadcasts of the app system', () => {
  it('member.selected on screen reloads tabs, panels and counts for the new member', async () => {
    const t = startPipeline();
    await open(t);
    t.send({ type: 'user.moveLead', lead: leadOf('a1'), fromTabId: 0, toTabId: 1, index: 0 });
    const old = t.panel(0)!;
    const moves = selectMovesFlow(t.snap())!;
    t.send({ type: 'member.selected', userId: 'u-other' });
    expect(old.getSnapshot().status).toBe('stopped');
    expect(moves.getSnapshot().status).toBe('stopped');
    expect(t.snap().context).toMatchObject({ panels: [], tabs: [], counts: {}, totalLeads: null });
    expect(t.calls.count('adminUserTabs')).toBe(2);
    expect(t.calls.count('adminLeadsCount')).toBe(2);
    await t.calls.answer('adminUserTabs', okResult({ tabs: [noTabs, tabOf(9)] }));
    expect(t.snap().context.panels.map((p) => p.ref.id)).toEqual(['panel-0', 'panel-9']);
    expect(t.panel(0)).not.toBe(old);
  });

  it('member.selected or leads.changed while the screen is away forgets everything; the next show loads again', async () => {
    const t = startPipeline();
    await open(t);
    t.send(shown(routeTo('/contacts')));
    t.send({ type: 'member.selected', userId: 'u-other' });
    expect(t.snap().value).toBe('idle');
    expect(t.snap().context.panels).toEqual([]);
    t.send(shown(routeTo('/pipeline')));
    expect(t.calls.count('adminUserTabs')).toBe(2);
    t.send(shown(routeTo('/contacts')));
    t.send({ type: 'leads.changed' });
    expect(t.snap().value).toBe('idle');
  });

  it('leads.changed on screen reloads; with hideClosed the closed leads shown are hidden and the URL says so', async () => {
    const t = startPipeline(routeTo('/pipeline', '?closed=1'));
    await open(t);
    t.send({ type: 'leads.changed' });
    expect(t.calls.count('adminUserTabs')).toBe(2);
    expect(t.urls).toEqual([]);
    t.send({ type: 'leads.changed', hideClosed: true });
    expect(t.snap().context.filters.showClosed).toBe(false);
    expect(t.urls).toEqual(['/pipeline']);
    expect(selectFiltersFlow(t.snap())!.getSnapshot().context.filters.showClosed).toBe(false);
    expect(t.calls.count('adminUserTabs')).toBe(3);
  });

  it('session.ended goes back to idle with everything cleared but the screen’s size', async () => {
    const t = startPipeline(routeTo('/pipeline', '?q=q'), { narrow: true });
    await open(t);
    const old = t.panel(1)!;
    t.tabs().send({ type: 'user.addTab' });
    t.send({ type: 'session.ended' });
    expect(t.snap().value).toBe('idle');
    expect(old.getSnapshot().status).toBe('stopped');
    expect(t.snap().context).toMatchObject({ realRole: 'member', pageSize: 5, shown: false, filters: DEFAULT_FILTERS, tabs: [], panels: [], totalLeads: null, frequent: null });
    expect(t.snap().tags.size).toBe(0);
  });
});
