/**
 * Generated path tests of one lead panel: every state and transition is reached, and each step
 * asks for the page it should (the first page at start and after a reload, with the filters in
 * force; the next page when more is asked for and paging is not complete; the failed page again
 * on a retry) and nothing else (SPEC §3 Lead list state per tab, §4 paging).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { leadPanelMachine, type LeadPanelContext, type LeadPanelInput } from '../../src/machines/lead-panel.machine';
import { DEFAULT_FILTERS } from '../../src/machines/pipeline-filters';
import { leadOf, leadsOf } from '../support/lead-fixtures';
import { actorRan, machinePathSuite, type EffectStep, type PathEvent } from '../support/machine-paths';

const PAGE_SIZE = 2;
const searched = { ...DEFAULT_FILTERS, search: 'an' };

/**
 * The events tried in a state. A full page's rows are new each page, and at most three pages are
 * loaded, so the graph stays finite.
 */
const events = (snapshot: AnyMachineSnapshot): PathEvent[] => {
  const { page } = snapshot.context as LeadPanelContext;
  const list: PathEvent[] = [
    { type: 'user.loadMore' },
    { type: 'user.retry' },
    { type: 'panel.reload', filters: searched },
    { type: 'panel.reload' },
    { type: 'panel.remove', leadId: 'p1' },
    { type: 'panel.put', lead: leadOf('p1'), index: 0 },
    // A short page: paging is complete.
    { type: 'xstate.done.actor.loadPage', output: { rows: [leadOf('s1')], totalCount: 1 } },
    { type: 'xstate.done.actor.loadPage', output: { rows: [], totalCount: 0 } },
    { type: 'xstate.error.actor.loadPage', error: new Error('network') },
  ];
  if (page < 2) list.push({ type: 'xstate.done.actor.loadPage', output: { rows: leadsOf(`page${page}-`, PAGE_SIZE), totalCount: 9 } });
  return list;
};

const effects = (step: EffectStep) => {
  const input = step.input as LeadPanelInput;
  const before = step.before?.context as LeadPanelContext | undefined;
  const from = (state: string) => step.before?.matches(state) ?? false;
  const load = (page: number, filters = before?.filters ?? input.filters) => [
    actorRan('loadPage', { realRole: input.realRole, tabId: input.tabId, filters, page, pageSize: input.pageSize }),
  ];
  const { event } = step;
  if (step.index === 0) return load(1);
  switch (event.type) {
    case 'user.loadMore':
      return (from('ready') || from('failed')) && before!.page > 0 && !before!.isEnd ? load(before!.page + 1) : [];
    case 'user.retry':
      return from('failed') ? load(before!.page === 0 ? 1 : before!.page + 1) : [];
    case 'panel.reload':
      return load(1, (event.filters as typeof searched | undefined) ?? before!.filters);
    default:
      return [];
  }
};

machinePathSuite('lead panel machine paths', leadPanelMachine, {
  events,
  effects,
  serializeContext: (c) => ({ ids: c.leads.map((l) => l.id), page: c.page, totalCount: c.totalCount, isEnd: c.isEnd, search: c.filters.search }),
  variants: [
    { name: 'admin', input: { realRole: 'admin', tabId: 0, pageSize: PAGE_SIZE, filters: DEFAULT_FILTERS } },
    { name: 'member', input: { realRole: 'member', tabId: 3, pageSize: PAGE_SIZE, filters: searched } },
  ],
});
