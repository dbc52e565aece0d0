/**
 * Generated path tests of the pipeline flow (SPEC §2 Pipeline, §3 Lead search options, §4 Lead):
 * every state and transition is reached, and each step starts exactly the child flows and calls
 * the SPEC asks for and sends its children exactly the events it should (the path helper records
 * what the machine sends each child), with the values written out:
 * - the route: shown on the pipeline's path with the viewer's real role and the query's filters
 *   (the filters child started with them; a later URL told to it), hidden elsewhere, shown again
 *   with other filters (the panels reloaded), everything again for another role;
 * - the board: the tabs and moves children and the counts, again for another member, page size
 *   or a change of leads elsewhere (closed leads hidden: the filters child told); one lead panel
 *   spawned per tab listed; the panels told what the moves, a lead's dialog, an import, batch
 *   tagging and a deleted tab changed; the counts again after every change;
 * - the dialogs: a lead's dialog, the import wizard, batch tagging and an export (of a tab or of the
 *   whole pipeline, with the filters on screen) started with their inputs.
 *
 * Several regions run side by side; to keep the graph small, every action starts from the usual
 * board (the owner, a wide screen, no filter, the three tabs, leads), and other situations try
 * only what changes or leaves them.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Lead } from '../../src/contract/leads';
import { DEFAULT_FILTERS, queryOfFilters, type PipelineFilters } from '../../src/machines/pipeline-filters';
import { pipelineMachine, type PipelineContext } from '../../src/machines/pipeline.machine';
import { admin, member, routeTo, shown } from '../machines/pipeline-harness';
import { leadOf, noTabs, tabOf } from '../support/lead-fixtures';
import { actorRan, machinePathSuite, sentTo, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const FREQUENT_KEPT = 'xstate.after.FREQUENT_TAGS_KEEP.pipeline.active.frequent.kept';
const openLead = leadOf('l1');
const closedLead = leadOf('c1', { tabId: 1, isClosed: true });
const allTabs = [noTabs, tabOf(1), tabOf(2)];
const closedShown: PipelineFilters = { ...DEFAULT_FILTERS, showClosed: true };
const frequent = { items: [{ valueId: 7, value: 'Low', tagId: 1, tagName: 'Budget', count: 2 }], fetchedAt: 1 };

const ctx = (s: AnyMachineSnapshot) => s.context as PipelineContext;
const region = (s: AnyMachineSnapshot, name: 'counts' | 'dialog' | 'frequent', state: string) =>
  name === 'frequent' ? s.matches({ active: { frequent: state } }) : s.matches({ active: { board: { loaded: { [name]: state } } } });

const routes = {
  pipeline: shown(routeTo('/pipeline')),
  closed: shown(routeTo('/pipeline', '?closed=1')),
  memberSearch: shown(routeTo('/pipeline', '?q=an', member)),
  elsewhere: shown(routeTo('/contacts')),
};

/** The usual board: the owner on a wide screen, shown, no filter, the three tabs, three leads, nothing open. */
const usual = (s: AnyMachineSnapshot): boolean => {
  const c = ctx(s);
  return (
    c.realRole === 'admin' &&
    c.pageSize === 40 &&
    c.shown &&
    queryOfFilters(c.filters) === '' &&
    c.tabs.map((t) => t.id).join() === '0,1,2' &&
    c.totalLeads === 3 &&
    region(s, 'dialog', 'none')
  );
};

const dialogEvents = (s: AnyMachineSnapshot): PathEvent[] => {
  if (region(s, 'dialog', 'lead')) {
    return [
      { type: 'xstate.done.actor.leadDialog', output: { kind: 'saved', lead: { ...openLead, tabId: 2 }, previousTabId: 0 } },
      { type: 'xstate.done.actor.leadDialog', output: { kind: 'answered', lead: { ...openLead, isClosed: true } } },
      { type: 'xstate.done.actor.leadDialog', output: { kind: 'answered', lead: { ...closedLead, isClosed: false } } },
      { type: 'xstate.done.actor.leadDialog', output: { kind: 'deleted', lead: openLead } },
      { type: 'xstate.done.actor.leadDialog', output: { kind: 'failed', notice: { kind: 'closeFailed', message: 'needs a tab' } } },
      { type: 'xstate.done.actor.leadDialog', output: null },
      { type: 'xstate.error.actor.leadDialog', error: new Error('boom') },
    ];
  }
  if (region(s, 'dialog', 'importing')) {
    return [
      { type: 'import.imported', counts: { total: 2, added: 2, updated: 0, unchanged: 0, skipped: 0 } },
      { type: 'xstate.done.actor.importWizard', output: undefined },
      { type: 'xstate.error.actor.importWizard', error: new Error('boom') },
    ];
  }
  if (region(s, 'dialog', 'exporting')) {
    return [
      { type: 'xstate.done.actor.pipelineExport', output: { exported: true } },
      { type: 'xstate.error.actor.pipelineExport', error: new Error('boom') },
    ];
  }
  return [
    { type: 'tags.frequentFetched', frequent },
    { type: 'xstate.done.actor.batchTag', output: 3 },
    { type: 'xstate.done.actor.batchTag', output: null },
    { type: 'xstate.error.actor.batchTag', error: new Error('boom') },
  ];
};

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  if (s.matches('starting')) return [{ type: 'viewport.changed', narrow: false }, { type: 'viewport.changed', narrow: true }, routes.elsewhere, routes.pipeline];
  if (s.matches('idle')) {
    return [routes.pipeline, routes.memberSearch, routes.elsewhere, { type: 'viewport.changed', narrow: true }, { type: 'member.selected', userId: 'u2' }, { type: 'session.ended' }];
  }
  if (region(s, 'counts', 'loading')) {
    return [
      { type: 'xstate.done.actor.loadCounts', output: { counts: { 0: { openCount: 3, awaitReplyCount: 1 } }, totalLeads: 3 } },
      { type: 'xstate.done.actor.loadCounts', output: { counts: {}, totalLeads: 0 } },
      { type: 'xstate.error.actor.loadCounts', error: new Error('Lead counts failed') },
      { type: 'counts.refresh' },
    ];
  }
  if (c.tabs.length === 0) return [{ type: 'tabs.listed', tabs: allTabs }];
  if (!region(s, 'dialog', 'none')) return dialogEvents(s);
  if (!c.shown) {
    return [routes.pipeline, routes.closed, routes.memberSearch, routes.elsewhere, { type: 'member.selected', userId: 'u2' }, { type: 'leads.changed' }, { type: 'viewport.changed', narrow: true }];
  }
  if (!usual(s)) {
    // Leave the situation: back to no filter, the usual tabs, a reload.
    return [
      { type: 'filters.applied', filters: DEFAULT_FILTERS },
      { type: 'leads.changed', hideClosed: true },
      { type: 'tabs.listed', tabs: allTabs },
      { type: 'counts.refresh' },
      ...(region(s, 'frequent', 'kept') ? [{ type: FREQUENT_KEPT }] : []),
      // The sync guidance mask goes as soon as a filter is on.
      ...(s.matches({ active: { board: { loaded: { counts: { shown: 'none' } } } } }) ? [{ type: 'filters.applied', filters: { ...DEFAULT_FILTERS, search: 'an' } }] : []),
    ];
  }
  return [
    routes.pipeline,
    routes.closed,
    routes.memberSearch,
    routes.elsewhere,
    { type: 'viewport.changed', narrow: true },
    { type: 'viewport.changed', narrow: false },
    { type: 'member.selected', userId: 'u2' },
    { type: 'leads.changed' },
    { type: 'leads.changed', hideClosed: true },
    { type: 'session.ended' },
    { type: 'user.dismissNotice' },
    { type: 'filters.applied', filters: closedShown },
    { type: 'filters.applied', filters: DEFAULT_FILTERS },
    { type: 'counts.refresh' },
    { type: 'tabs.listed', tabs: [noTabs, tabOf(2), tabOf(1)] },
    { type: 'tabs.listed', tabs: [noTabs, tabOf(2)] },
    { type: 'tabs.changed' },
    { type: 'tabs.deleted', tabId: 1 },
    { type: 'tabs.failed', message: 'not valid' },
    { type: 'user.moveLead', lead: openLead, fromTabId: 0, toTabId: 1, index: 2 },
    { type: 'user.moveLead', lead: openLead, fromTabId: 0, toTabId: 9, index: 2 },
    { type: 'moves.place', lead: { ...openLead, tabId: 1 }, index: 0 },
    { type: 'moves.saved', lead: { ...openLead, tabId: 1 } },
    { type: 'moves.failed', message: 'needs a tab' },
    { type: 'user.addLead' },
    { type: 'user.addLead', tabId: 2 },
    { type: 'user.editLead', lead: openLead },
    { type: 'user.closeLead', lead: openLead },
    { type: 'user.closeLead', lead: closedLead },
    { type: 'user.reopenLead', lead: closedLead },
    { type: 'user.reopenLead', lead: openLead },
    { type: 'user.deleteLead', lead: openLead },
    { type: 'user.import' },
    { type: 'user.tagLeads', tabId: 1, count: 4 },
    { type: 'user.export', scope: 'tab', tabId: 1 },
    { type: 'user.export', scope: 'pipeline' },
    { type: 'tags.frequentFetched', frequent },
  ];
};

// ---------------------------------------------------------------------------------------------
// The effects each step must run

const board = (realRole: string): Effect[] => [actorRan('tabs', { realRole }), actorRan('moves', { realRole }), actorRan('loadCounts', { realRole })];
const counts = (c: PipelineContext): Effect[] => [actorRan('loadCounts', { realRole: c.realRole })];
const filtersChild = (filters: PipelineFilters): Effect => actorRan('filters', { filters });
/** Every panel reloads with these filters. */
const reloadAll = (c: PipelineContext, filters: PipelineFilters): Effect[] => c.panels.map((p) => sentTo(`panel-${p.tabId}`, { type: 'panel.reload', filters }));
/** Every panel (or those of `tabIds`) loads again with the filters and this page size. */
const reloadSized = (c: PipelineContext, pageSize: number, tabIds: number[] | null = null): Effect[] =>
  c.panels.filter((p) => tabIds === null || tabIds.includes(p.tabId)).map((p) => sentTo(`panel-${p.tabId}`, { type: 'panel.reload', filters: c.filters, pageSize }));
/** The lead on its tab's panel at `index`, out of every other panel. */
const place = (c: PipelineContext, lead: Lead, index: number): Effect[] =>
  c.panels.map((p) => sentTo(`panel-${p.tabId}`, p.tabId === lead.tabId ? { type: 'panel.put', lead, index } : { type: 'panel.remove', leadId: lead.id }));

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (!before) return [actorRan('watchViewport')];
  const c = ctx(before);
  const e = event as PathEvent & Record<string, never>;
  const active = before.matches('active');
  switch (event.type) {
    case 'viewport.changed':
      // Starting on the pipeline: it shows now; on the board a new page size reloads the panels only.
      if (before.matches('starting')) return c.shown ? [...board('admin'), filtersChild(DEFAULT_FILTERS)] : [];
      return active && (event.narrow ? 5 : 40) !== c.pageSize ? reloadSized(c, event.narrow ? 5 : 40) : [];
    case 'route.shown': {
      const pipeline = event.pathname === '/pipeline';
      const role = (event.viewer as typeof admin).realRole;
      const filters: PipelineFilters = event.search === '?closed=1' ? closedShown : event.search === '?q=an' ? { ...DEFAULT_FILTERS, search: 'an' } : DEFAULT_FILTERS;
      if (before.matches('starting') || !pipeline) return [];
      if (!active || role !== c.realRole) return [...board(role), filtersChild(filters)];
      if (c.shown) return [sentTo('filters', { type: 'url.changed', filters })];
      const same = queryOfFilters(filters) === queryOfFilters(c.filters);
      return [...(same ? [] : reloadAll(c, filters)), filtersChild(filters)];
    }
    case 'member.selected':
      return active && c.shown ? board(c.realRole) : [];
    case 'leads.changed':
      if (!active || !c.shown) return [];
      return [...board(c.realRole), ...(event.hideClosed && c.filters.showClosed ? [sentTo('filters', { type: 'user.filterNow', patch: { showClosed: false } })] : [])];
    case 'filters.applied': {
      const filters = event.filters as PipelineFilters;
      return queryOfFilters(filters) === queryOfFilters(c.filters) ? [] : reloadAll(c, filters);
    }
    case 'counts.refresh':
    case 'tabs.changed':
    case 'moves.saved':
      return counts(c);
    case 'tabs.listed':
      return (e.tabs as unknown as { id: number }[])
        .filter((t) => !c.panels.some((p) => p.tabId === t.id))
        .map((t) => actorRan('leadPanel', { realRole: c.realRole, tabId: t.id, pageSize: c.pageSize, filters: c.filters }));
    case 'tabs.deleted':
      return reloadSized(c, c.pageSize, [0]);
    case 'user.moveLead':
      return event.toTabId === 1 ? [sentTo('moves', event)] : [];
    case 'moves.place':
      return place(c, e.lead as unknown as Lead, 0);
    case 'user.addLead':
      return [actorRan('leadDialog', { realRole: 'admin', tabs: allTabs, request: { kind: 'add', tabId: event.tabId ?? 0 } })];
    case 'user.editLead':
      return [actorRan('leadDialog', { realRole: 'admin', tabs: allTabs, request: { kind: 'edit', lead: openLead } })];
    case 'user.closeLead':
      return event.lead === openLead ? [actorRan('leadDialog', { realRole: 'admin', tabs: allTabs, request: { kind: 'close', lead: openLead } })] : [];
    case 'user.reopenLead':
      return event.lead === closedLead ? [actorRan('leadDialog', { realRole: 'admin', tabs: allTabs, request: { kind: 'reopen', lead: closedLead } })] : [];
    case 'user.deleteLead':
      return [actorRan('leadDialog', { realRole: 'admin', tabs: allTabs, request: { kind: 'delete', lead: openLead } })];
    case 'xstate.done.actor.leadDialog': {
      const outcome = event.output as { kind: string; lead: Lead } | null;
      if (!outcome || outcome.kind === 'failed') return [];
      // Saved into tab 2 from No tabs; closed (hidden: closed leads are not shown); reopened (back in tab 1); deleted.
      if (outcome.kind === 'saved') return [sentTo('panel-2', { type: 'panel.put', lead: outcome.lead, index: 0 }), sentTo('panel-0', { type: 'panel.remove', leadId: 'l1' }), ...counts(c)];
      if (outcome.kind === 'answered' && outcome.lead.isClosed) return [sentTo('panel-0', { type: 'panel.remove', leadId: 'l1' }), ...counts(c)];
      if (outcome.kind === 'answered') return [sentTo('panel-1', { type: 'panel.put', lead: outcome.lead, index: 0 }), ...counts(c)];
      return [sentTo('panel-0', { type: 'panel.remove', leadId: 'l1' }), ...counts(c)];
    }
    case 'user.import':
      return [actorRan('importWizard', { realRole: 'admin', tabId: 0 })];
    case 'import.imported':
      return [...reloadSized(c, c.pageSize), ...counts(c)];
    case 'user.tagLeads':
      return [actorRan('batchTag', { selection: { mode: 'allMatching', filter: { tabId: 1 } }, count: 4, realRole: 'admin', frequent: c.frequent })];
    case 'xstate.done.actor.batchTag':
      return event.output === 3 ? reloadSized(c, c.pageSize) : [];
    // The export starts with the filters on screen: one tab's leads, or every tab's.
    case 'user.export':
      return [actorRan('pipelineExport', { realRole: 'admin', scope: event.scope, tabId: event.scope === 'tab' ? 1 : null, filters: DEFAULT_FILTERS })];
    default:
      return [];
  }
};

machinePathSuite('pipeline machine paths', pipelineMachine, {
  events,
  effects,
  checkSentEvents: true,
  input: { route: routeTo('/pipeline') },
  variants: [
    { name: 'starts on the pipeline', input: { route: routeTo('/pipeline') } },
    { name: 'starts elsewhere', input: { route: routeTo('/v2/home') } },
  ],
  serializeContext: (c) => ({
    role: c.realRole,
    pageSize: c.pageSize,
    shown: c.shown,
    q: queryOfFilters(c.filters),
    tabs: c.tabs.map((t) => t.id),
    panels: c.panels.map((p) => p.tabId),
    totalLeads: c.totalLeads,
    notice: c.notice?.kind ?? null,
    frequent: c.frequent !== null,
  }),
});
