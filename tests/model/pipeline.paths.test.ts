/**
 * Generated path tests of the pipeline machine: every state and transition is reached, and each
 * step runs exactly the calls the SPEC asks for (§2 Pipeline, §4 Lead): the tabs and counts when
 * opened, reopened for another role or page size, or when the member changes; a panel per new tab;
 * one lead move saved at a time (a later one after it); counts again after an add, a save, a move,
 * a close, a reopen, a delete and a tab change; the tabs again after a tab is added, renamed or
 * deleted; the tab order; the dialogs' calls after their confirmation; the URL after a filter
 * change (a typed search after its debounce).
 *
 * Six regions run side by side; to keep the graph small, while some regions are busy only their
 * events (and the app's broadcasts and the screen's open/close) are tried.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Lead } from '../../src/contract/leads';
import { DEFAULT_FILTERS, queryOfFilters, type PipelineFilters } from '../../src/machines/pipeline-filters';
import { movedTabOrder, pipelineMachine, type LeadMove, type PipelineContext, type PipelineEvent } from '../../src/machines/pipeline.machine';
import { leadOf, noTabs, tabOf } from '../support/lead-fixtures';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const DEBOUNCED = 'xstate.after.filterDebounce.pipeline.active.filter.debouncing';
const openLead = leadOf('l1');
const closedLead = leadOf('c1', { tabId: 1, isClosed: true });
const allTabs = [noTabs, tabOf(1), tabOf(2)];
const failure = new Error('Network error');

const at = (s: AnyMachineSnapshot, region: string, state: string) => s.matches({ active: { [region]: state } });
const ctx = (s: AnyMachineSnapshot) => s.context as PipelineContext;
const open = (c: Pick<PipelineContext, 'realRole' | 'pageSize'>, filters: PipelineFilters): PathEvent => ({
  type: 'pipeline.open',
  realRole: c.realRole,
  pageSize: c.pageSize,
  filters,
});

/** What a region does while it is busy (or may start when nothing is). */
const regionEvents = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  const move = c.moves[0];
  return {
    tabs: [
      { type: 'xstate.done.actor.loadTabs', output: allTabs },
      // Tab 1 is gone (deleted elsewhere): its panel stops.
      { type: 'xstate.done.actor.loadTabs', output: [noTabs, tabOf(2)] },
      { type: 'xstate.error.actor.loadTabs', error: failure },
      { type: 'tabs.reload' },
      { type: 'user.retry' },
    ],
    counts: [
      { type: 'xstate.done.actor.loadCounts', output: { counts: {}, totalLeads: 0 } },
      { type: 'xstate.done.actor.loadCounts', output: { counts: { 0: { openCount: 3, awaitReplyCount: 1 } }, totalLeads: 3 } },
      { type: 'xstate.error.actor.loadCounts', error: failure },
      { type: 'counts.refresh' },
    ],
    moves: [
      ...(c.moves.length < 2
        ? [
            { type: 'user.moveLead', leadId: 'l1', fromTabId: 0, toTabId: 1, lead: openLead },
            { type: 'user.moveLead', leadId: 'l1', fromTabId: 1, toTabId: 2, lead: { ...openLead, tabId: 1 } },
            { type: 'user.moveLead', leadId: 'l1', fromTabId: 2, toTabId: 2, lead: { ...openLead, tabId: 2 } },
          ]
        : []),
      ...(move
        ? [
            { type: 'xstate.done.actor.moveLead', output: { ok: true, data: { ...move.lead, tabId: move.toTabId, editTime: 2_000 } } },
            { type: 'xstate.done.actor.moveLead', output: { ok: false, code: Code.LEAD_NEEDS_TAB, message: 'needs a tab' } },
            { type: 'xstate.error.actor.moveLead', error: failure },
          ]
        : []),
    ],
    tabOrder: [
      { type: 'user.moveTab', tabId: 1, direction: 1 },
      { type: 'user.moveTab', tabId: 1, direction: -1 },
      { type: 'xstate.done.actor.reorderTabs', output: { ok: true, data: allTabs } },
      { type: 'xstate.done.actor.reorderTabs', output: { ok: false, code: Code.VALIDATION, message: 'not valid' } },
      { type: 'xstate.error.actor.reorderTabs', error: failure },
    ],
    dialog: [
      { type: 'user.addLead' },
      { type: 'user.addLead', tabId: 2 },
      { type: 'user.editLead', lead: openLead },
      { type: 'form.saved', lead: { ...openLead, tabId: 2 }, previousTabId: 0 },
      { type: 'form.closed' },
      { type: 'user.closeLead', lead: openLead },
      { type: 'user.closeLead', lead: closedLead },
      { type: 'user.confirmClose', reason: ' lost ' },
      { type: 'user.reopenLead', lead: closedLead },
      { type: 'user.reopenLead', lead: openLead },
      { type: 'user.deleteLead', lead: openLead },
      { type: 'user.confirm' },
      { type: 'user.cancel' },
      { type: 'user.addTab' },
      { type: 'user.renameTab', tab: tabOf(2) },
      { type: 'user.renameTab', tab: noTabs },
      { type: 'user.deleteTab', tab: tabOf(1) },
      { type: 'user.saveTab', name: ' Won ' },
      { type: 'user.saveTab', name: '' },
      ...['closeLead', 'reopenLead'].flatMap((id) => [
        { type: `xstate.done.actor.${id}`, output: { ok: true, data: { ...(id === 'closeLead' ? openLead : closedLead), isClosed: id === 'closeLead' } } },
        { type: `xstate.done.actor.${id}`, output: { ok: false, code: Code.LEAD_NEEDS_TAB, message: 'needs a tab' } },
        { type: `xstate.error.actor.${id}`, error: failure },
      ]),
      { type: 'xstate.done.actor.deleteLead', output: { ok: true } },
      { type: 'xstate.done.actor.deleteLead', output: { ok: false, code: Code.NOT_FOUND, message: 'Not found' } },
      { type: 'xstate.error.actor.deleteLead', error: failure },
      { type: 'xstate.done.actor.saveTab', output: { ok: true, data: tabOf(3, 'Won') } },
      { type: 'xstate.done.actor.saveTab', output: { ok: false, code: Code.TAB_NAME_CONFLICT, message: 'exists' } },
      { type: 'xstate.error.actor.saveTab', error: failure },
      { type: 'xstate.done.actor.deleteTab', output: { ok: true } },
      { type: 'xstate.done.actor.deleteTab', output: { ok: false, code: Code.NOT_FOUND, message: 'Not found' } },
      { type: 'xstate.error.actor.deleteTab', error: failure },
      { type: 'user.import' },
      { type: 'import.done' },
      { type: 'import.closed' },
      { type: 'user.tagLeads', tabId: 1 },
      { type: 'tag.done' },
    ],
    filter: [
      { type: 'user.filter', patch: { search: 'an' } },
      { type: 'user.filterNow', patch: { awaitReply: true } },
      { type: 'user.filterNow', patch: { awaitReply: false } },
      { type: DEBOUNCED },
    ],
  } as Record<string, PathEvent[]>;
};

const busyRegions = (s: AnyMachineSnapshot): string[] =>
  [
    at(s, 'tabs', 'loading') ? 'tabs' : null,
    at(s, 'counts', 'loading') ? 'counts' : null,
    at(s, 'moves', 'saving') ? 'moves' : null,
    at(s, 'tabOrder', 'saving') ? 'tabOrder' : null,
    at(s, 'dialog', 'none') ? null : 'dialog',
    at(s, 'filter', 'debouncing') ? 'filter' : null,
  ].filter((r): r is string => r !== null);

/**
 * The usual pipeline: the owner on a wide screen, no filter, the three tabs in order, leads, the
 * screen on. Every action starts from it; other situations (a filter, other tabs, no lead, another
 * role or page size, the screen away) try only what changes or leaves them.
 */
const usual = (c: PipelineContext): boolean =>
  c.realRole === 'admin' &&
  c.pageSize === 40 &&
  c.visible &&
  queryOfFilters(c.filters) === '' &&
  c.tabs.map((t) => t.id).join() === '0,1,2' &&
  c.totalLeads === 3;

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  if (s.matches('idle')) {
    return [
      open({ realRole: 'admin', pageSize: 40 }, DEFAULT_FILTERS),
      open({ realRole: 'member', pageSize: 5 }, { ...DEFAULT_FILTERS, search: 'an' }),
      { type: 'member.selected', userId: 'u2' },
      { type: 'session.ended' },
    ];
  }
  const regions = regionEvents(s);
  if (!c.visible) return [open(c, c.filters), { type: 'member.selected', userId: 'u2' }, { type: 'leads.changed' }, ...(at(s, 'filter', 'debouncing') ? [{ type: DEBOUNCED }] : [])];
  const busy = busyRegions(s);
  if (busy.length > 0) return [...busy.flatMap((r) => regions[r]!), ...(busy.join() === 'filter' ? [{ type: 'pipeline.close' }] : [])];
  const leave: PathEvent[] = [
    ...regions.filter!,
    ...regions.counts!,
    ...regions.tabs!,
    // A chat sync's reload hides the closed leads a filter shows (SPEC §4 Chat sync flow, step 7).
    ...(c.filters.showClosed ? [{ type: 'leads.changed', hideClosed: true }] : []),
  ];
  if (!usual(c)) return leave;
  return [
    open(c, c.filters),
    open(c, { ...c.filters, showClosed: true }),
    open({ realRole: 'admin', pageSize: 5 }, c.filters),
    { type: 'pipeline.close' },
    { type: 'member.selected', userId: 'u2' },
    { type: 'leads.changed' },
    { type: 'session.ended' },
    { type: 'user.dismissNotice' },
    ...leave,
    ...regions.moves!,
    ...regions.tabOrder!,
    ...regions.dialog!,
  ];
};

// ---------------------------------------------------------------------------------------------
// The effects each step must run

type Seen = Pick<PipelineContext, 'realRole' | 'pageSize' | 'filters' | 'pendingFilters' | 'visible' | 'tabs' | 'panels' | 'moves' | 'target' | 'tabDialog' | 'tagTabId'>;

const loads = (realRole: string): Effect[] => [actorRan('loadTabs', { realRole }), actorRan('loadCounts', { realRole })];
const loadTabs = (c: Seen): Effect[] => [actorRan('loadTabs', { realRole: c.realRole })];
const loadCounts = (c: Seen): Effect[] => [actorRan('loadCounts', { realRole: c.realRole })];
const saveMove = (c: Seen, m: LeadMove): Effect => actorRan('moveLead', { realRole: c.realRole, id: m.leadId, editTime: m.lead.editTime, tabId: m.toTabId });
const next = (f: PipelineFilters, pending: Partial<PipelineFilters>, patch: Partial<PipelineFilters>): PipelineFilters => ({ ...f, ...pending, ...patch });
const sameQuery = (a: PipelineFilters, b: PipelineFilters) => queryOfFilters(a) === queryOfFilters(b);

/** The move a drop asks for, as the person sees it (the lead given by the view, a panel to drop on, another tab). */
const movable = (c: Seen, e: PathEvent): boolean =>
  e.fromTabId !== e.toTabId && c.panels.some((p) => p.tabId === e.toTabId) && (e.lead as Lead).id === e.leadId;

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0 || !before) return [];
  const c = before.context as Seen;
  /** The step's event as the machine's event of that type. */
  const as = <T extends PipelineEvent['type']>(_type: T) => event as unknown as Extract<PipelineEvent, { type: T }>;
  const inActive = before.matches('active');
  const dialogAt = (state: string) => at(before, 'dialog', state);
  const ok = (event.output as { ok?: boolean } | undefined)?.ok === true;
  switch (event.type) {
    case 'pipeline.open': {
      const e = as('pipeline.open');
      if (!inActive) return loads(e.realRole);
      // Another role or page size: everything again; other filters only reload the panels (no call here).
      return e.realRole !== c.realRole || e.pageSize !== c.pageSize ? loads(e.realRole) : [];
    }
    case 'member.selected':
      return inActive && c.visible ? loads(c.realRole) : [];
    case 'leads.changed': {
      if (!inActive || !c.visible) return [];
      const hides = as('leads.changed').hideClosed === true && c.filters.showClosed;
      return [...loads(c.realRole), ...(hides ? [actionRan('syncUrl', { query: queryOfFilters({ ...c.filters, showClosed: false }) })] : [])];
    }
    case 'import.done':
      return dialogAt('importing') ? loadCounts(c) : [];
    case 'tabs.reload':
      return inActive ? loadTabs(c) : [];
    case 'user.retry':
      return inActive && at(before, 'tabs', 'failed') ? loadTabs(c) : [];
    case 'counts.refresh':
      return inActive ? loadCounts(c) : [];
    case 'xstate.done.actor.loadTabs': {
      const tabs = event.output as { id: number }[];
      return tabs
        .filter((t) => !c.panels.some((p) => p.tabId === t.id))
        .map((t) => actorRan('leadPanel', { realRole: c.realRole, tabId: t.id, pageSize: c.pageSize, filters: c.filters }));
    }
    case 'user.moveLead': {
      const e = as('user.moveLead');
      return at(before, 'moves', 'idle') && movable(c, event) ? [saveMove(c, { leadId: e.leadId, fromTabId: e.fromTabId, toTabId: e.toTabId, lead: e.lead!, index: 0 })] : [];
    }
    case 'xstate.done.actor.moveLead':
    case 'xstate.error.actor.moveLead': {
      const [done, ...rest] = c.moves;
      // Saved: the later moves of that lead take its new edit time; failed: they are dropped.
      const queue = ok
        ? rest.map((m) => (m.leadId === done!.leadId ? { ...m, lead: { ...m.lead, editTime: 2_000 } } : m))
        : rest.filter((m) => m.leadId !== done!.leadId);
      return [...(queue[0] ? [saveMove(c, queue[0])] : []), ...(ok ? loadCounts(c) : [])];
    }
    case 'user.moveTab': {
      const e = as('user.moveTab');
      const order = movedTabOrder(c.tabs, e.tabId, e.direction);
      return at(before, 'tabOrder', 'idle') && order ? [actorRan('reorderTabs', { realRole: c.realRole, tabIds: order })] : [];
    }
    case 'user.confirmClose':
      return dialogAt('closing') ? [actorRan('closeLead', { realRole: c.realRole, id: c.target!.id, isClosed: true, closedReason: as('user.confirmClose').reason.trim() })] : [];
    case 'user.reopenLead': {
      const { lead } = as('user.reopenLead');
      return dialogAt('none') && lead.isClosed ? [actorRan('closeLead', { realRole: c.realRole, id: lead.id, isClosed: false })] : [];
    }
    case 'user.confirm':
      if (dialogAt('confirmDelete')) return [actorRan('deleteLead', { realRole: c.realRole, id: c.target!.id })];
      if (dialogAt('tabDialog') && c.tabDialog?.mode === 'delete') return [actorRan('deleteTab', { realRole: c.realRole, tabId: c.tabDialog.tab.id })];
      return [];
    case 'user.saveTab': {
      const dialog = c.tabDialog;
      const name = as('user.saveTab').name.trim();
      if (!dialogAt('tabDialog') || !dialog || dialog.mode === 'delete' || name === '') return [];
      return [actorRan('saveTab', { realRole: c.realRole, name, ...(dialog.mode === 'rename' ? { tabId: dialog.tab.id } : {}) })];
    }
    case 'form.saved':
      return loadCounts(c);
    case 'xstate.done.actor.closeLead':
    case 'xstate.done.actor.reopenLead':
    case 'xstate.done.actor.deleteLead':
      return ok ? loadCounts(c) : [];
    case 'xstate.done.actor.saveTab':
    case 'xstate.done.actor.deleteTab':
      return ok ? [...loadTabs(c), ...loadCounts(c)] : [];
    case 'user.filterNow': {
      const f = next(c.filters, c.pendingFilters, as('user.filterNow').patch);
      return sameQuery(f, c.filters) ? [] : [actionRan('syncUrl', { query: queryOfFilters(f) })];
    }
    case DEBOUNCED: {
      const f = next(c.filters, c.pendingFilters, {});
      return c.visible && !sameQuery(f, c.filters) ? [actionRan('syncUrl', { query: queryOfFilters(f) })] : [];
    }
    default:
      return [];
  }
};

machinePathSuite('pipeline machine paths', pipelineMachine, {
  events,
  effects,
  serializeContext: (c) => ({
    role: c.realRole,
    pageSize: c.pageSize,
    q: queryOfFilters(c.filters),
    pending: c.pendingFilters,
    visible: c.visible,
    tabs: c.tabs.map((t) => t.id),
    panels: c.panels.map((p) => p.tabId),
    totalLeads: c.totalLeads,
    target: c.target?.id ?? null,
    tabDialog: c.tabDialog?.mode ?? null,
    tagTabId: c.tagTabId,
    moves: c.moves.map((m) => [m.leadId, m.toTabId, m.lead.editTime]),
    tabOrderBefore: c.tabOrderBefore,
  }),
});
