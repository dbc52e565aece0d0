/**
 * The pipeline machine (SPEC §2 Pipeline, §4 Lead: drag to another tab, same-tab drops ignored,
 * counts refreshed after add, delete, move; §9 page sizes) with fakes for its calls and real lead
 * panels whose pages the test answers. The path test reaches every state; this one checks the
 * rules: optimistic moves with their rollback and queue, dialogs, tabs, filters and their
 * debounce, and the broadcasts of the app system.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Lead, Tab } from '../../src/contract/leads';
import type { Answer, Outcome } from '../../src/machines/answer';
import { leadPanelMachine, type LeadPage, type LoadLeadPageInput } from '../../src/machines/lead-panel.machine';
import { DEFAULT_FILTERS, type PipelineFilters } from '../../src/machines/pipeline-filters';
import {
  FILTER_DEBOUNCE_MS,
  pipelineMachine,
  type CloseLeadInput,
  type DeleteLeadInput,
  type DeleteTabInput,
  type LeadAnswer,
  type LeadCounts,
  type MoveLeadInput,
  type ReorderTabsInput,
  type RoleInput,
  type SaveTabInput,
} from '../../src/machines/pipeline.machine';
import { controllable, flush } from '../support/fakes';
import { leadOf, leadsOf, noTabs, tabOf } from '../support/lead-fixtures';

type PageCall = { input: LoadLeadPageInput; signal: AbortSignal; resolve(page: LeadPage): void; reject(e: unknown): void };

/** The panels' page loads, answered by tab (the latest call of a tab). */
const pageLoads = () => {
  const calls: PageCall[] = [];
  const logic = fromPromise<LeadPage, LoadLeadPageInput>(
    ({ input, signal }) => new Promise<LeadPage>((resolve, reject) => calls.push({ input, signal, resolve, reject })),
  );
  const latest = (tabId: number) => {
    const call = calls.findLast((c) => c.input.tabId === tabId);
    if (!call) throw new Error(`no page load for tab ${tabId}`);
    return call;
  };
  return { calls, logic, latest, answer: (tabId: number, rows: Lead[], totalCount = rows.length) => latest(tabId).resolve({ rows, totalCount }) };
};

const counts = (total: number): LeadCounts => ({
  counts: { 0: { openCount: total, awaitReplyCount: 0 }, 1: { openCount: 0, awaitReplyCount: 0 }, 2: { openCount: 0, awaitReplyCount: 0 } },
  totalLeads: total,
});

const start = () => {
  const clock = new SimulatedClock();
  const fakes = {
    loadTabs: controllable<Tab[], RoleInput>(),
    loadCounts: controllable<LeadCounts, RoleInput>(),
    moveLead: controllable<LeadAnswer, MoveLeadInput>(),
    closeLead: controllable<LeadAnswer, CloseLeadInput>(),
    deleteLead: controllable<Outcome, DeleteLeadInput>(),
    saveTab: controllable<Answer<Tab>, SaveTabInput>(),
    deleteTab: controllable<Outcome, DeleteTabInput>(),
    reorderTabs: controllable<Answer<Tab[]>, ReorderTabsInput>(),
  };
  const pages = pageLoads();
  const syncUrl = vi.fn<(params: { query: string }) => void>();
  const actor = createActor(
    pipelineMachine.provide({
      actors: {
        loadTabs: fakes.loadTabs.logic,
        loadCounts: fakes.loadCounts.logic,
        moveLead: fakes.moveLead.logic,
        closeLead: fakes.closeLead.logic,
        deleteLead: fakes.deleteLead.logic,
        saveTab: fakes.saveTab.logic,
        deleteTab: fakes.deleteTab.logic,
        reorderTabs: fakes.reorderTabs.logic,
        leadPanel: leadPanelMachine.provide({ actors: { loadPage: pages.logic } }),
      },
      actions: { syncUrl: (_, params) => syncUrl(params) },
    }),
    { clock },
  ).start();
  const snap = () => actor.getSnapshot();
  const panel = (tabId: number) => snap().context.panels.find((p) => p.tabId === tabId)?.ref;
  const ids = (tabId: number) => panel(tabId)?.getSnapshot().context.leads.map((l) => l.id);
  const send = actor.send.bind(actor);
  /** Opens the pipeline as an admin: tabs No tabs, 1, 2; No tabs holds a1..a3, tab 1 b1, tab 2 nothing. */
  const open = async (filters: PipelineFilters = DEFAULT_FILTERS) => {
    send({ type: 'pipeline.open', realRole: 'admin', pageSize: 40, filters });
    fakes.loadTabs.resolve([noTabs, tabOf(1), tabOf(2)]);
    fakes.loadCounts.resolve(counts(4));
    await flush();
    pages.answer(0, leadsOf('a', 3));
    pages.answer(1, [leadOf('b1', { tabId: 1 })]);
    pages.answer(2, []);
    await flush();
  };
  return { actor, clock, fakes, pages, syncUrl, snap, panel, ids, send, open };
};

describe('pipeline machine: opening', () => {
  it('is idle until opened; then loads the tabs and the counts, and spawns one panel per tab in order', async () => {
    const t = start();
    expect(t.snap().matches('idle')).toBe(true);
    t.send({ type: 'user.addTab' });
    expect(t.snap().matches('idle')).toBe(true);
    t.send({ type: 'pipeline.open', realRole: 'member', pageSize: 5, filters: DEFAULT_FILTERS });
    expect(t.snap().hasTag('loadingTabs')).toBe(true);
    expect(t.fakes.loadTabs.calls).toEqual([{ realRole: 'member' }]);
    expect(t.fakes.loadCounts.calls).toEqual([{ realRole: 'member' }]);
    // The server's tabs in its order; No tabs goes first even when it comes later.
    t.fakes.loadTabs.resolve([tabOf(2), noTabs, tabOf(1)]);
    await flush();
    expect(t.snap().hasTag('loadingTabs')).toBe(false);
    expect(t.snap().context.tabs.map((x) => x.id)).toEqual([0, 2, 1]);
    expect(t.snap().context.panels.map((p) => [p.tabId, p.ref.id])).toEqual([
      [0, 'panel-0'],
      [2, 'panel-2'],
      [1, 'panel-1'],
    ]);
    expect(t.pages.calls.map((c) => c.input)).toEqual(
      [0, 2, 1].map((tabId) => ({ realRole: 'member', tabId, filters: DEFAULT_FILTERS, page: 1, pageSize: 5 })),
    );
    expect(t.snap().context.totalLeads).toBeNull();
    t.fakes.loadCounts.resolve(counts(7));
    await flush();
    expect(t.snap().context.counts[0]).toEqual({ openCount: 7, awaitReplyCount: 0 });
    expect(t.snap().context.totalLeads).toBe(7);
  });

  it('adds No tabs when the server leaves it out', async () => {
    const t = start();
    t.send({ type: 'pipeline.open', realRole: 'admin', pageSize: 40, filters: DEFAULT_FILTERS });
    t.fakes.loadTabs.resolve([tabOf(3)]);
    await flush();
    expect(t.snap().context.tabs).toEqual([noTabs, tabOf(3)]);
  });

  it('shows the sync guidance mask only with no lead at all and no filter', async () => {
    const t = start();
    t.send({ type: 'pipeline.open', realRole: 'admin', pageSize: 40, filters: DEFAULT_FILTERS });
    t.fakes.loadTabs.resolve([noTabs]);
    expect(t.snap().hasTag('noLeads')).toBe(false);
    t.fakes.loadCounts.resolve(counts(0));
    await flush();
    expect(t.snap().hasTag('noLeads')).toBe(true);
    t.send({ type: 'user.filterNow', patch: { sort: 'name' } });
    expect(t.snap().hasTag('noLeads')).toBe(true);
    t.send({ type: 'user.filterNow', patch: { showClosed: true } });
    expect(t.snap().hasTag('noLeads')).toBe(false);
    t.send({ type: 'user.filterNow', patch: { showClosed: false } });
    expect(t.snap().hasTag('noLeads')).toBe(true);
  });

  it('offers a retry when the tabs fail; a counts failure is a notice', async () => {
    const t = start();
    t.send({ type: 'pipeline.open', realRole: 'admin', pageSize: 40, filters: DEFAULT_FILTERS });
    t.fakes.loadTabs.reject(new Error('Network error'));
    t.fakes.loadCounts.reject(new Error('Lead counts failed'));
    await flush();
    expect(t.snap().hasTag('tabsFailed')).toBe(true);
    expect(t.snap().context.notice).toEqual({ kind: 'loadFailed', message: 'Lead counts failed' });
    t.send({ type: 'user.dismissNotice' });
    expect(t.snap().context.notice).toBeNull();
    t.send({ type: 'user.retry' });
    expect(t.snap().hasTag('loadingTabs')).toBe(true);
    t.fakes.loadTabs.resolve([noTabs]);
    await flush();
    expect(t.snap().context.panels).toHaveLength(1);
  });

  it('a return with the same role, page size and filters changes nothing; close keeps the data', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'pipeline.close' });
    expect(t.snap().context.visible).toBe(false);
    const panels = t.snap().context.panels;
    t.send({ type: 'pipeline.open', realRole: 'admin', pageSize: 40, filters: { ...DEFAULT_FILTERS } });
    expect(t.snap().context.visible).toBe(true);
    expect(t.snap().context.panels).toBe(panels);
    expect(t.fakes.loadTabs.calls).toHaveLength(1);
    expect(t.pages.calls).toHaveLength(3);
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
  });

  it('an open with other filters reloads the panels without writing the URL; another page size reloads everything', async () => {
    const t = start();
    await t.open();
    const filters = { ...DEFAULT_FILTERS, awaitReply: true };
    t.send({ type: 'pipeline.open', realRole: 'admin', pageSize: 40, filters });
    expect(t.snap().context.filters).toEqual(filters);
    expect(t.pages.calls.slice(3).map((c) => [c.input.tabId, c.input.filters.awaitReply])).toEqual([
      [0, true],
      [1, true],
      [2, true],
    ]);
    expect(t.syncUrl).not.toHaveBeenCalled();
    const before = t.panel(0)!;
    t.send({ type: 'pipeline.open', realRole: 'admin', pageSize: 5, filters });
    expect(before.getSnapshot().status).toBe('stopped');
    expect(t.snap().context.panels).toEqual([]);
    expect(t.snap().hasTag('loadingTabs')).toBe(true);
    expect(t.fakes.loadTabs.calls).toHaveLength(2);
    t.fakes.loadTabs.resolve([noTabs]);
    await flush();
    expect(t.pages.calls.at(-1)?.input).toMatchObject({ tabId: 0, pageSize: 5, filters });
  });
});

describe('pipeline machine: moving leads (SPEC §4)', () => {
  it('moves at once, saves the tab with the edit time, puts the saved lead and refreshes the counts', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.moveLead', leadId: 'a2', fromTabId: 0, toTabId: 1 });
    expect(t.snap().hasTag('moving')).toBe(true);
    expect(t.ids(0)).toEqual(['a1', 'a3']);
    expect(t.ids(1)).toEqual(['a2', 'b1']);
    expect(t.panel(1)!.getSnapshot().context.leads[0]?.tabId).toBe(1);
    expect(t.fakes.moveLead.calls).toEqual([{ realRole: 'admin', id: 'a2', editTime: 1_000, tabId: 1 }]);
    t.fakes.moveLead.resolve({ ok: true, data: leadOf('a2', { tabId: 1, editTime: 2_000 }) });
    await flush();
    expect(t.snap().hasTag('moving')).toBe(false);
    expect(t.ids(1)).toEqual(['a2', 'b1']);
    expect(t.panel(1)!.getSnapshot().context.leads[0]?.editTime).toBe(2_000);
    expect(t.fakes.loadCounts.calls).toHaveLength(2);
    expect(t.snap().context.notice).toBeNull();
  });

  it('ignores a drop in the same tab, an unknown lead and a tab without a panel', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.moveLead', leadId: 'a1', fromTabId: 0, toTabId: 0 });
    t.send({ type: 'user.moveLead', leadId: 'zz', fromTabId: 0, toTabId: 1 });
    t.send({ type: 'user.moveLead', leadId: 'a1', fromTabId: 0, toTabId: 9 });
    expect(t.snap().hasTag('moving')).toBe(false);
    expect(t.fakes.moveLead.calls).toEqual([]);
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
  });

  it('rolls a refused move back to its place, with the server message', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.moveLead', leadId: 'a2', fromTabId: 0, toTabId: 1 });
    t.fakes.moveLead.resolve({ ok: false, code: Code.LEAD_NEEDS_TAB, message: 'Closing a contact needs a custom tab first.' });
    await flush();
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    expect(t.ids(1)).toEqual(['b1']);
    expect(t.panel(0)!.getSnapshot().context.leads[1]?.tabId).toBe(0);
    expect(t.snap().context.notice).toEqual({ kind: 'moveFailed', message: 'Closing a contact needs a custom tab first.' });
    expect(t.snap().hasTag('moving')).toBe(false);
    expect(t.fakes.loadCounts.calls).toHaveLength(1);
  });

  it('rolls back after a network failure, and shows the current lead after a stale edit', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.moveLead', leadId: 'a1', fromTabId: 0, toTabId: 2 });
    t.fakes.moveLead.reject(new Error('Network error, please check your connection and try again'));
    await flush();
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    expect(t.ids(2)).toEqual([]);
    expect(t.snap().context.notice?.message).toBe('Network error, please check your connection and try again');

    t.send({ type: 'user.moveLead', leadId: 'a3', fromTabId: 0, toTabId: 2 });
    const fresh = leadOf('a3', { name: 'Renamed meanwhile', editTime: 5_000 });
    t.fakes.moveLead.resolve({ ok: false, code: Code.STALE_EDIT, message: 'changed meanwhile', fresh });
    await flush();
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    expect(t.panel(0)!.getSnapshot().context.leads[2]).toEqual(fresh);
    expect(t.snap().context.notice).toEqual({ kind: 'moveFailed', message: 'changed meanwhile' });
  });

  it('queues a second move while one saves; each has its own rollback', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.moveLead', leadId: 'a1', fromTabId: 0, toTabId: 1 });
    t.send({ type: 'user.moveLead', leadId: 'a3', fromTabId: 0, toTabId: 2 });
    // Both show at once; one call at a time.
    expect(t.ids(0)).toEqual(['a2']);
    expect(t.ids(1)).toEqual(['a1', 'b1']);
    expect(t.ids(2)).toEqual(['a3']);
    expect(t.fakes.moveLead.calls).toHaveLength(1);
    expect(t.snap().context.moves.map((m) => m.leadId)).toEqual(['a1', 'a3']);
    t.fakes.moveLead.resolve({ ok: true, data: leadOf('a1', { tabId: 1, editTime: 2_000 }) });
    await flush();
    expect(t.snap().hasTag('moving')).toBe(true);
    expect(t.fakes.moveLead.calls.at(-1)).toEqual({ realRole: 'admin', id: 'a3', editTime: 1_000, tabId: 2 });
    t.fakes.moveLead.resolve({ ok: false, code: Code.NOT_FOUND, message: 'Not found' });
    await flush();
    expect(t.ids(0)).toEqual(['a2', 'a3']);
    expect(t.ids(1)).toEqual(['a1', 'b1']);
    expect(t.ids(2)).toEqual([]);
    expect(t.snap().hasTag('moving')).toBe(false);
    expect(t.snap().context.moves).toEqual([]);
  });

  it('a lead moved twice saves the second move with the edit time the first one answered', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.moveLead', leadId: 'a1', fromTabId: 0, toTabId: 1 });
    t.send({ type: 'user.moveLead', leadId: 'a1', fromTabId: 1, toTabId: 2 });
    expect(t.ids(1)).toEqual(['b1']);
    expect(t.ids(2)).toEqual(['a1']);
    t.fakes.moveLead.resolve({ ok: true, data: leadOf('a1', { tabId: 1, editTime: 2_000 }) });
    await flush();
    // The panels keep showing the later move.
    expect(t.ids(1)).toEqual(['b1']);
    expect(t.fakes.moveLead.calls.at(-1)).toEqual({ realRole: 'admin', id: 'a1', editTime: 2_000, tabId: 2 });
    t.fakes.moveLead.resolve({ ok: false, code: Code.INTERNAL, message: 'boom' });
    await flush();
    // Back where the server has it: in tab 1, as the first move left it.
    expect(t.ids(1)).toEqual(['a1', 'b1']);
    expect(t.ids(2)).toEqual([]);
    expect(t.ids(0)).toEqual(['a2', 'a3']);
  });

  it('a failed move drops the queued moves of the same lead', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.moveLead', leadId: 'a1', fromTabId: 0, toTabId: 1 });
    t.send({ type: 'user.moveLead', leadId: 'a1', fromTabId: 1, toTabId: 2 });
    t.fakes.moveLead.resolve({ ok: false, code: Code.INTERNAL, message: 'boom' });
    await flush();
    expect(t.fakes.moveLead.calls).toHaveLength(1);
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    expect(t.ids(1)).toEqual(['b1']);
    expect(t.ids(2)).toEqual([]);
    expect(t.snap().hasTag('moving')).toBe(false);
  });
});

describe('pipeline machine: the lead form, close, reopen and delete', () => {
  it('opens the form to add (in a tab or No tabs) or edit; a save puts the lead in its tab, out of the one it left', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.addLead' });
    expect(t.snap().hasTag('editing')).toBe(true);
    expect(t.snap().context.editing).toEqual({ mode: 'add', tabId: 0 });
    t.send({ type: 'form.closed' });
    expect(t.snap().context.editing).toBeNull();
    t.send({ type: 'user.addLead', tabId: 2 });
    expect(t.snap().context.editing).toEqual({ mode: 'add', tabId: 2 });
    t.send({ type: 'form.saved', lead: leadOf('n1', { tabId: 2 }) });
    expect(t.snap().hasTag('editing')).toBe(false);
    expect(t.ids(2)).toEqual(['n1']);
    expect(t.fakes.loadCounts.calls).toHaveLength(2);

    const b1 = t.panel(1)!.getSnapshot().context.leads[0]!;
    t.send({ type: 'user.editLead', lead: b1 });
    expect(t.snap().context.editing).toEqual({ mode: 'edit', lead: b1 });
    // The form moved it to tab 2 (previousTabId left out: the edited lead's tab is used).
    t.send({ type: 'form.saved', lead: { ...b1, tabId: 2, name: 'Moved' } });
    expect(t.ids(1)).toEqual([]);
    expect(t.ids(2)).toEqual(['b1', 'n1']);
    t.send({ type: 'user.editLead', lead: leadOf('a1') });
    t.send({ type: 'form.saved', lead: leadOf('a1', { name: 'Ana' }), previousTabId: 0 });
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    expect(t.panel(0)!.getSnapshot().context.leads[0]?.name).toBe('Ana');
  });

  it('closes a lead with a reason: gone from its panel unless closed leads are shown; counts refresh', async () => {
    const t = start();
    await t.open();
    const a2 = leadOf('a2');
    t.send({ type: 'user.closeLead', lead: a2 });
    expect(t.snap().hasTag('closing')).toBe(true);
    expect(t.snap().context.target).toEqual(a2);
    t.send({ type: 'user.confirmClose', reason: '  Bought elsewhere ' });
    expect(t.snap().hasTag('busy')).toBe(true);
    // A running close is not cancelled.
    t.send({ type: 'user.cancel' });
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.fakes.closeLead.calls).toEqual([{ realRole: 'admin', id: 'a2', isClosed: true, closedReason: 'Bought elsewhere' }]);
    t.fakes.closeLead.resolve({ ok: true, data: { ...a2, isClosed: true, closedReason: 'Bought elsewhere' } });
    await flush();
    expect(t.snap().hasTag('closing')).toBe(false);
    expect(t.snap().context.target).toBeNull();
    expect(t.ids(0)).toEqual(['a1', 'a3']);
    expect(t.fakes.loadCounts.calls).toHaveLength(2);

    t.send({ type: 'user.filterNow', patch: { showClosed: true } });
    t.pages.answer(0, leadsOf('a', 3));
    await flush();
    t.send({ type: 'user.closeLead', lead: leadOf('a1') });
    t.send({ type: 'user.confirmClose', reason: '' });
    expect(t.fakes.closeLead.calls.at(-1)).toEqual({ realRole: 'admin', id: 'a1', isClosed: true });
    t.fakes.closeLead.resolve({ ok: true, data: leadOf('a1', { isClosed: true }) });
    await flush();
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    expect(t.panel(0)!.getSnapshot().context.leads[0]?.isClosed).toBe(true);
  });

  it('a refused close (LEAD_NEEDS_TAB) closes the dialog with the server message; cancel closes it without a call', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.closeLead', lead: leadOf('a1') });
    t.send({ type: 'user.cancel' });
    expect(t.snap().hasTag('closing')).toBe(false);
    expect(t.fakes.closeLead.calls).toEqual([]);
    // A closed lead is not closed again.
    t.send({ type: 'user.closeLead', lead: leadOf('a1', { isClosed: true }) });
    expect(t.snap().hasTag('closing')).toBe(false);
    t.send({ type: 'user.closeLead', lead: leadOf('a1') });
    t.send({ type: 'user.confirmClose', reason: 'x' });
    t.fakes.closeLead.resolve({ ok: false, code: Code.LEAD_NEEDS_TAB, message: 'Closing a contact needs a custom tab first.' });
    await flush();
    expect(t.snap().hasTag('closing')).toBe(false);
    expect(t.snap().context.notice).toEqual({ kind: 'closeFailed', message: 'Closing a contact needs a custom tab first.' });
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
    expect(t.fakes.loadCounts.calls).toHaveLength(1);
  });

  it('reopens a closed lead at once and puts it back', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.reopenLead', lead: leadOf('a1') });
    expect(t.fakes.closeLead.calls).toEqual([]);
    const closed = leadOf('c1', { tabId: 1, isClosed: true });
    t.send({ type: 'user.reopenLead', lead: closed });
    expect(t.fakes.closeLead.calls).toEqual([{ realRole: 'admin', id: 'c1', isClosed: false }]);
    t.fakes.closeLead.resolve({ ok: true, data: { ...closed, isClosed: false } });
    await flush();
    expect(t.ids(1)).toEqual(['c1', 'b1']);
    expect(t.fakes.loadCounts.calls).toHaveLength(2);
    t.send({ type: 'user.reopenLead', lead: closed });
    t.fakes.closeLead.reject(new Error('Network error'));
    await flush();
    expect(t.snap().context.notice).toEqual({ kind: 'closeFailed', message: 'Network error' });
  });

  it('deletes a lead after the confirmation; a refusal is a notice', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.deleteLead', lead: leadOf('a3') });
    expect(t.snap().hasTag('confirmDelete')).toBe(true);
    t.send({ type: 'user.confirm' });
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.fakes.deleteLead.calls).toEqual([{ realRole: 'admin', id: 'a3' }]);
    t.fakes.deleteLead.resolve({ ok: true });
    await flush();
    expect(t.ids(0)).toEqual(['a1', 'a2']);
    expect(t.panel(0)!.getSnapshot().context.totalCount).toBe(2);
    expect(t.fakes.loadCounts.calls).toHaveLength(2);
    t.send({ type: 'user.deleteLead', lead: leadOf('a1') });
    t.send({ type: 'user.confirm' });
    t.fakes.deleteLead.resolve({ ok: false, code: Code.NOT_FOUND, message: 'Not found' });
    await flush();
    expect(t.snap().hasTag('confirmDelete')).toBe(false);
    expect(t.snap().context.notice).toEqual({ kind: 'deleteFailed', message: 'Not found' });
    expect(t.ids(0)).toEqual(['a1', 'a2']);
  });
});

describe('pipeline machine: tabs', () => {
  it('adds a tab: a refused name stays in the dialog; a saved one reloads the tabs (a panel for it) and the counts', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.addTab' });
    expect(t.snap().hasTag('tabDialog')).toBe(true);
    expect(t.snap().context.tabDialog).toEqual({ mode: 'add' });
    t.send({ type: 'user.saveTab', name: '   ' });
    expect(t.snap().context.tabError).toBe('Enter a tab name');
    expect(t.fakes.saveTab.calls).toEqual([]);
    t.send({ type: 'user.saveTab', name: ' Won ' });
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.snap().context.tabError).toBeNull();
    expect(t.fakes.saveTab.calls).toEqual([{ realRole: 'admin', name: 'Won' }]);
    t.fakes.saveTab.resolve({ ok: false, code: Code.TAB_NAME_CONFLICT, message: 'A tab with this name already exists.' });
    await flush();
    expect(t.snap().hasTag('tabDialog')).toBe(true);
    expect(t.snap().hasTag('busy')).toBe(false);
    expect(t.snap().context.tabError).toBe('A tab with this name already exists.');
    t.send({ type: 'user.saveTab', name: 'Won 2' });
    t.fakes.saveTab.resolve({ ok: true, data: tabOf(3, 'Won 2') });
    await flush();
    expect(t.snap().hasTag('tabDialog')).toBe(false);
    expect(t.fakes.loadTabs.calls).toHaveLength(2);
    expect(t.fakes.loadCounts.calls).toHaveLength(2);
    const kept = t.panel(1);
    t.fakes.loadTabs.resolve([noTabs, tabOf(1), tabOf(2), tabOf(3, 'Won 2')]);
    await flush();
    expect(t.snap().context.panels.map((p) => p.tabId)).toEqual([0, 1, 2, 3]);
    expect(t.panel(1)).toBe(kept);
    expect(t.pages.latest(3).input).toMatchObject({ tabId: 3, page: 1 });
  });

  it('renames a custom tab (not No tabs)', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.renameTab', tab: noTabs });
    expect(t.snap().hasTag('tabDialog')).toBe(false);
    t.send({ type: 'user.renameTab', tab: tabOf(2) });
    expect(t.snap().context.tabDialog).toEqual({ mode: 'rename', tab: tabOf(2) });
    // Confirm is the delete dialog's.
    t.send({ type: 'user.confirm' });
    expect(t.fakes.deleteTab.calls).toEqual([]);
    t.send({ type: 'user.saveTab', name: 'Hot' });
    expect(t.fakes.saveTab.calls).toEqual([{ realRole: 'admin', name: 'Hot', tabId: 2 }]);
    t.fakes.saveTab.reject(new Error('Network error'));
    await flush();
    expect(t.snap().context.tabError).toBe('Network error');
    t.send({ type: 'user.cancel' });
    expect(t.snap().hasTag('tabDialog')).toBe(false);
    expect(t.snap().context.tabError).toBeNull();
  });

  it('deletes a tab after the confirmation: its panel stops, No tabs reloads (its leads moved there), counts refresh', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.deleteTab', tab: tabOf(1) });
    expect(t.snap().context.tabDialog).toEqual({ mode: 'delete', tab: tabOf(1) });
    t.send({ type: 'user.saveTab', name: 'nope' });
    expect(t.fakes.saveTab.calls).toEqual([]);
    t.send({ type: 'user.confirm' });
    expect(t.fakes.deleteTab.calls).toEqual([{ realRole: 'admin', tabId: 1 }]);
    const removed = t.panel(1)!;
    const loadsBefore = t.pages.calls.length;
    t.fakes.deleteTab.resolve({ ok: true });
    await flush();
    expect(t.pages.calls.slice(loadsBefore).map((c) => c.input.tabId)).toEqual([0]);
    expect(t.fakes.loadCounts.calls).toHaveLength(2);
    t.fakes.loadTabs.resolve([noTabs, tabOf(2)]);
    await flush();
    expect(removed.getSnapshot().status).toBe('stopped');
    expect(t.snap().context.panels.map((p) => p.tabId)).toEqual([0, 2]);
  });

  it('moves a custom tab at once, saves the full order, and rolls back a failure with a notice', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.moveTab', tabId: 1, direction: -1 });
    t.send({ type: 'user.moveTab', tabId: 0, direction: 1 });
    expect(t.fakes.reorderTabs.calls).toEqual([]);
    t.send({ type: 'user.moveTab', tabId: 1, direction: 1 });
    expect(t.snap().context.tabs.map((x) => x.id)).toEqual([0, 2, 1]);
    expect(t.snap().context.panels.map((p) => p.tabId)).toEqual([0, 2, 1]);
    expect(t.fakes.reorderTabs.calls).toEqual([{ realRole: 'admin', tabIds: [2, 1] }]);
    t.fakes.reorderTabs.resolve({ ok: true, data: [noTabs, tabOf(2), tabOf(1)] });
    await flush();
    expect(t.snap().context.tabOrderBefore).toBeNull();
    t.send({ type: 'user.moveTab', tabId: 1, direction: -1 });
    expect(t.snap().context.tabs.map((x) => x.id)).toEqual([0, 1, 2]);
    t.fakes.reorderTabs.resolve({ ok: false, code: Code.VALIDATION, message: 'The request is not valid' });
    await flush();
    expect(t.snap().context.tabs.map((x) => x.id)).toEqual([0, 2, 1]);
    expect(t.snap().context.panels.map((p) => p.tabId)).toEqual([0, 2, 1]);
    expect(t.snap().context.notice).toEqual({ kind: 'tabFailed', message: 'The request is not valid' });
  });
});

describe('pipeline machine: filters', () => {
  it('applies a typed search once, 300 ms after the last keystroke, writing the URL and reloading every panel', async () => {
    const t = start();
    await t.open();
    for (const search of ['a', 'an', 'ana']) {
      t.send({ type: 'user.filter', patch: { search } });
      t.clock.increment(FILTER_DEBOUNCE_MS - 1);
    }
    expect(t.pages.calls).toHaveLength(3);
    expect(t.syncUrl).not.toHaveBeenCalled();
    t.clock.increment(1);
    expect(t.snap().context.filters.search).toBe('ana');
    expect(t.syncUrl.mock.calls).toEqual([[{ query: 'q=ana' }]]);
    expect(t.pages.calls.slice(3).map((c) => [c.input.tabId, c.input.filters.search, c.input.page])).toEqual([
      [0, 'ana', 1],
      [1, 'ana', 1],
      [2, 'ana', 1],
    ]);
    // The panels keep their leads until the new pages arrive.
    expect(t.ids(0)).toEqual(['a1', 'a2', 'a3']);
  });

  it('applies switches at once with a pending search; the same filters again change nothing', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.filter', patch: { search: 'b' } });
    t.send({ type: 'user.filterNow', patch: { awaitReply: true } });
    expect(t.snap().context.filters).toEqual({ ...DEFAULT_FILTERS, search: 'b', awaitReply: true });
    expect(t.syncUrl.mock.calls).toEqual([[{ query: 'q=b&await=1' }]]);
    t.clock.increment(FILTER_DEBOUNCE_MS);
    expect(t.syncUrl).toHaveBeenCalledTimes(1);
    expect(t.pages.calls).toHaveLength(6);
    t.send({ type: 'user.filterNow', patch: { awaitReply: true } });
    t.send({ type: 'user.filter', patch: { search: 'b' } });
    t.clock.increment(FILTER_DEBOUNCE_MS);
    expect(t.syncUrl).toHaveBeenCalledTimes(1);
    expect(t.pages.calls).toHaveLength(6);
  });

  it('a filter change cancels the panels’ running loads; their late answers are ignored', async () => {
    const t = start();
    t.send({ type: 'pipeline.open', realRole: 'admin', pageSize: 40, filters: DEFAULT_FILTERS });
    t.fakes.loadTabs.resolve([noTabs]);
    await flush();
    const first = t.pages.latest(0);
    t.send({ type: 'user.filterNow', patch: { sort: 'name' } });
    expect(first.signal.aborted).toBe(true);
    first.resolve({ rows: leadsOf('old', 2), totalCount: 2 });
    await flush();
    expect(t.ids(0)).toEqual([]);
    t.pages.answer(0, leadsOf('new', 1));
    await flush();
    expect(t.ids(0)).toEqual(['new1']);
  });

  it('drops a pending search when the screen went away before the debounce ended', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.filter', patch: { search: 'x' } });
    t.send({ type: 'pipeline.close' });
    t.clock.increment(FILTER_DEBOUNCE_MS);
    expect(t.syncUrl).not.toHaveBeenCalled();
    expect(t.snap().context.filters.search).toBe('');
    expect(t.snap().context.pendingFilters).toEqual({});
  });
});

describe('pipeline machine: broadcasts of the app system', () => {
  it('member.selected while open reloads tabs, panels and counts for the new member', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'user.moveLead', leadId: 'a1', fromTabId: 0, toTabId: 1 });
    const old = t.panel(0)!;
    t.send({ type: 'member.selected', userId: 'u-other' });
    expect(old.getSnapshot().status).toBe('stopped');
    expect(t.snap().context).toMatchObject({ panels: [], tabs: [], counts: {}, totalLeads: null, moves: [] });
    expect(t.snap().hasTag('loadingTabs')).toBe(true);
    expect(t.snap().hasTag('moving')).toBe(false);
    expect(t.fakes.loadTabs.calls).toHaveLength(2);
    expect(t.fakes.loadCounts.calls).toHaveLength(2);
    t.fakes.loadTabs.resolve([noTabs, tabOf(9)]);
    await flush();
    expect(t.snap().context.panels.map((p) => p.ref.id)).toEqual(['panel-0', 'panel-9']);
    expect(t.panel(0)).not.toBe(old);
  });

  it('member.selected while the screen is away forgets everything; the next open loads again', async () => {
    const t = start();
    await t.open();
    t.send({ type: 'pipeline.close' });
    t.send({ type: 'member.selected', userId: 'u-other' });
    expect(t.snap().matches('idle')).toBe(true);
    expect(t.snap().context.panels).toEqual([]);
    t.send({ type: 'pipeline.open', realRole: 'admin', pageSize: 40, filters: DEFAULT_FILTERS });
    expect(t.fakes.loadTabs.calls).toHaveLength(2);
  });

  it('session.ended goes back to idle with everything cleared', async () => {
    const t = start();
    await t.open({ ...DEFAULT_FILTERS, search: 'q' });
    const old = t.panel(1)!;
    t.send({ type: 'user.addTab' });
    t.send({ type: 'session.ended' });
    expect(t.snap().matches('idle')).toBe(true);
    expect(old.getSnapshot().status).toBe('stopped');
    expect(t.snap().context).toMatchObject({
      realRole: 'member',
      filters: DEFAULT_FILTERS,
      tabs: [],
      panels: [],
      totalLeads: null,
      tabDialog: null,
      visible: false,
    });
    expect(t.snap().tags.size).toBe(0);
  });
});
