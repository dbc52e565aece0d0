/**
 * Generated path tests of the contacts-table machine (SPEC §2 /contacts, §3 Contact list filters
 * and columns, §7 Tabs and contacts, §9 page size and the 10 s frequently-used rule): every state
 * and transition is reached, and each step runs exactly the calls and child flows it should: the
 * filters flow started with the route's filters and told a route's filters, page 1 of the filters
 * it applies, the page asked for (the last page with rows when deletions emptied the one asked
 * for), the column choice saved after a change (never the last column hidden), the tags and tabs
 * again for another member, the batch delete after its confirmation with the selection as the call
 * takes it, the batch-tag flow with the frequently-used values kept less than 10 s, the export of
 * the selection or of everything the filters show, the profile panel's flow, the export-limit
 * dialog's Upgrade starting the plan upgrade (the owner and managers only, Starter suggested), and
 * the pipeline told after every change to contacts.
 *
 * Expected calls are written out (filters, selections, columns as the wire takes them), not
 * computed by the machine's helpers.
 *
 * Regions run side by side; to keep the graph small, while a region is busy only its events are
 * tried, and otherwise the graph is a star around the resting screen (see `events`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Contact } from '../../src/contract/contacts';
import { contactsTableMachine } from '../../src/machines/contacts-table.machine';
import { leadOf, noTabs, tabOf } from '../support/lead-fixtures';
import { actionRan, actorRan, machinePathSuite, sentTo, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';
import { routeShown } from '../support/routes';

type Selection = { mode: 'page'; ids: readonly string[] } | { mode: 'allMatching'; excludedIds: readonly string[] };
type Ctx = {
  realRole: 'admin' | 'member';
  filters: { search: string };
  page: number;
  loadingPage: number;
  totalCount: number;
  selection: Selection;
  columns: string[];
  tabs: unknown[];
  profileId: string | null;
  notice: { kind: string } | null;
  frequent: { fetchedAt: number } | null;
};

const KEPT = 'xstate.after.FREQUENT_TAGS_KEEP.contactsTable.frequentTags.kept';
const failure = new Error('Network error');
const contact = (id: string): Contact => ({ ...leadOf(id), tags: [], tabName: '' });
const rows = [contact('c1'), contact('c2')];
const tabs = [noTabs, tabOf(1)];
const frequent = { items: [{ valueId: 7, value: 'Machinery', tagId: 3, tagName: 'Industry', count: 4 }], fetchedAt: 1_000 };

/** SPEC §3 default filters, as the machine holds them. */
const defaults = {
  search: '',
  created: null,
  tabId: null,
  showClosed: false,
  stage: [],
  level: [],
  source: [],
  filled: [],
  isNoted: false,
  tagValueIds: [],
  includeTags: true,
  sort: 'createTime',
  sortOrder: 'desc',
};
const searched = { ...defaults, search: 'an' };
/** The default filters as a batch call's filter (only the order, and closed leads left out). */
const defaultRequestFilter = { showClosedLeads: false, sort: 'createTime', sortOrder: 'desc' };

/** SPEC §3: the nine columns shown until the caller chooses. */
const defaultColumns = ['name', 'phone', 'tab', 'country', 'stage', 'companyName', 'companySize', 'tags', 'createTime'];
/** What the column chooser saves: `<columns before>|<column>|<shown>` → the columns after. */
const toggled: Record<string, string[]> = {
  [`${defaultColumns.join()}|email|true`]: [...defaultColumns, 'email'],
  [`${defaultColumns.join()}|name|false`]: ['phone', 'tab', 'country', 'stage', 'companyName', 'companySize', 'tags', 'createTime'],
  'name,phone|email|true': ['name', 'phone', 'email'],
  'name,phone|name|false': ['phone'],
  'name|email|true': ['name', 'email'],
  [`${[...defaultColumns, 'email'].join()}|email|true`]: [...defaultColumns, 'email'],
  'name,phone,email|email|true': ['name', 'phone', 'email'],
  'name,email|email|true': ['name', 'email'],
  'phone|email|true': ['phone', 'email'],
  'phone,tab,country,stage,companyName,companySize,tags,createTime|email|true': ['phone', 'tab', 'country', 'stage', 'companyName', 'companySize', 'tags', 'createTime', 'email'],
  'phone,email|email|true': ['phone', 'email'],
};
/** The column choices the caller starts with: the defaults, or a saved choice of two or of one column. */
const startingColumns = [defaultColumns.join(), 'name,phone', 'name'];

const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;
const at = (s: AnyMachineSnapshot, region: string, state: string) => s.matches({ [region]: state });
const selected = (c: Ctx) => (c.selection.mode === 'page' ? c.selection.ids.length : Math.max(0, c.totalCount - c.selection.excludedIds.length));

const busyEvents = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  const out: PathEvent[] = [];
  if (at(s, 'list', 'loading')) {
    out.push({ type: 'xstate.done.actor.loadPage', output: { rows, totalCount: 40 } }, { type: 'xstate.error.actor.loadPage', error: failure });
    // The page asked for came back empty (deletions): the last page with rows is loaded.
    if (c.loadingPage > 1) out.push({ type: 'xstate.done.actor.loadPage', output: { rows: [], totalCount: 15 } });
  }
  if (at(s, 'columns', 'loading'))
    out.push(
      { type: 'xstate.done.actor.loadColumns', output: ['name', 'phone'] },
      { type: 'xstate.done.actor.loadColumns', output: ['name'] },
      { type: 'xstate.error.actor.loadColumns', error: failure },
    );
  if (at(s, 'columns', 'saving'))
    out.push(
      { type: 'xstate.done.actor.saveColumns', output: { ok: true } },
      { type: 'xstate.done.actor.saveColumns', output: { ok: false, code: Code.VALIDATION, message: 'no' } },
      { type: 'xstate.error.actor.saveColumns', error: failure },
      { type: 'user.toggleColumn', column: 'email', shown: true },
    );
  if (at(s, 'options', 'loading')) out.push({ type: 'xstate.done.actor.loadOptions', output: { tags: [], tabs } }, { type: 'xstate.error.actor.loadOptions', error: failure });
  if (at(s, 'action', 'deleting'))
    out.push(
      { type: 'xstate.done.actor.deleteContacts', output: { ok: true, deleted: 2 } },
      { type: 'xstate.done.actor.deleteContacts', output: { ok: false, code: Code.FORBIDDEN, message: 'no' } },
      { type: 'xstate.error.actor.deleteContacts', error: failure },
    );
  if (at(s, 'action', 'tagging'))
    out.push(
      { type: 'xstate.done.actor.batchTag', output: 20 },
      { type: 'xstate.done.actor.batchTag', output: null },
      { type: 'xstate.error.actor.batchTag', error: failure },
      { type: 'tags.frequentFetched', frequent },
      { type: 'member.selected', userId: 'u-other' },
    );
  if (at(s, 'action', 'upgrading'))
    out.push(
      { type: 'xstate.done.actor.planUpgrade', output: { upgraded: true, planCode: 'starter' } },
      { type: 'xstate.done.actor.planUpgrade', output: { upgraded: false, planCode: null } },
      { type: 'xstate.error.actor.planUpgrade', error: failure },
    );
  if (at(s, 'action', 'exporting'))
    out.push(
      { type: 'xstate.done.actor.exportContacts', output: { ok: true } },
      { type: 'xstate.done.actor.exportContacts', output: { ok: false, code: Code.PLAN_LIMIT, message: 'plan' } },
      { type: 'xstate.done.actor.exportContacts', output: { ok: false, code: Code.INTERNAL, message: 'boom' } },
      { type: 'xstate.error.actor.exportContacts', error: failure },
    );
  return out;
};

/**
 * The graph is a star around the resting screen (every region settled, page 1, default filters,
 * nothing selected, no profile or dialog open, no notice, no frequently-used values kept): from
 * there every choice is tried; away from it only the events of the region that differs are, so
 * the regions' states do not multiply.
 */
const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const busy = busyEvents(s);
  if (busy.length > 0) return busy;
  const c = ctx(s);
  if (c.notice !== null) return [{ type: 'user.dismissNotice' }];
  if (at(s, 'list', 'failed') || at(s, 'options', 'failed')) return [{ type: 'user.retry' }];
  if (c.profileId !== null)
    return [
      { type: 'user.closeProfile' },
      { type: 'user.open', id: 'c2' },
      { type: 'xstate.done.actor.profile' },
      { type: 'contacts.changed' },
      { type: 'member.selected', userId: 'u-other' },
    ];
  if (at(s, 'columnChooser', 'open'))
    // One change from each column choice the caller can start with, then the dialog closes.
    return startingColumns.includes(c.columns.join())
      ? [{ type: 'user.toggleColumn', column: 'email', shown: true }, { type: 'user.toggleColumn', column: 'name', shown: false }, { type: 'user.closeColumns' }]
      : [{ type: 'user.closeColumns' }];
  if (at(s, 'action', 'confirmingDelete')) return [{ type: 'user.confirm' }, { type: 'user.cancel' }, { type: 'member.selected', userId: 'u-other' }];
  if (at(s, 'action', 'exportLimit')) return [{ type: 'user.cancel' }, { type: 'user.upgrade', currentPlanCode: 'free' }];
  if (selected(c) > 0) return [{ type: 'user.delete' }, { type: 'user.tag' }, { type: 'user.export', headers: ['Contact Name'] }];
  if (c.frequent !== null) return [{ type: KEPT }, { type: 'member.selected', userId: 'u-other' }, { type: 'user.select', selection: { mode: 'page', ids: ['c1'] } }];
  const resting = c.page === 1 && c.filters.search === '' && c.totalCount === 40;
  if (!resting) return [];
  return [
    { type: 'filters.applied', filters: searched },
    routeShown('/contacts', 'member', `?filters=${encodeURIComponent('{"search":"an"}')}`),
    routeShown('/pipeline'),
    { type: 'user.page', page: 2 },
    { type: 'member.selected', userId: 'u-other' },
    { type: 'user.chooseColumns' },
    { type: 'user.open', id: 'c1' },
    { type: 'user.select', selection: { mode: 'page', ids: ['c1'] } },
    { type: 'user.select', selection: { mode: 'allMatching', excludedIds: ['c2'] } },
    { type: 'user.delete' },
    { type: 'user.tag' },
    { type: 'user.export', headers: ['Contact Name'] },
    { type: 'tags.frequentFetched', frequent },
    { type: 'contacts.changed' },
    { type: 'xstate.done.actor.profile' },
  ];
};

// ---------------------------------------------------------------------------------------------
// The effects each step must run

const pageSize = 15;
const loadPage = (realRole: string, filters: object, page: number): Effect => actorRan('loadPage', { realRole, filters, page, pageSize });
/** The selection as the batch calls take it (default filters: the star selects only there). */
const batchSelection = (selection: Selection) =>
  selection.mode === 'page'
    ? { mode: 'page', ids: [...selection.ids] }
    : { mode: 'allMatching', filter: defaultRequestFilter, excludedIds: [...selection.excludedIds] };
const filtersOf = (c: Ctx) => (c.filters.search === 'an' ? searched : defaults);

const effects = (step: EffectStep): Effect[] => {
  const { event, before, after } = step;
  if (step.index === 0 || !before) {
    const realRole = ctx(after).realRole;
    return [actorRan('filters', { filters: defaults }), loadPage(realRole, defaults, 1), actorRan('loadColumns', { realRole }), actorRan('loadOptions', { realRole })];
  }
  const c = ctx(before);
  const changed = (): Effect[] => [actionRan('announceChange'), loadPage(c.realRole, filtersOf(c), c.page)];
  const output = event.output as { ok?: boolean; rows?: unknown[]; totalCount?: number } | number | null | undefined;
  switch (event.type) {
    case 'filters.applied':
      return [loadPage(c.realRole, searched, 1)];
    case 'route.shown':
      return event.pathname === '/contacts' ? [sentTo('filters', { type: 'url.changed', filters: searched } as PathEvent)] : [];
    case 'user.page':
      return [loadPage(c.realRole, filtersOf(c), 2)];
    case 'member.selected':
      // Page 1 of the member's contacts and their tabs; an open profile or batch dialog stops.
      return [loadPage(c.realRole, filtersOf(c), 1), actorRan('loadOptions', { realRole: c.realRole })];
    case 'user.retry': {
      const out: Effect[] = [];
      if (at(before, 'list', 'failed')) out.push(loadPage(c.realRole, filtersOf(c), c.loadingPage));
      if (at(before, 'options', 'failed')) out.push(actorRan('loadOptions', { realRole: c.realRole }));
      return out;
    }
    case 'user.toggleColumn': {
      if (at(before, 'columns', 'loading')) return [];
      const columns = toggled[`${c.columns.join()}|${String(event.column)}|${String(event.shown)}`];
      // Hiding the last column is refused (at least one stays).
      return columns === undefined ? [] : [actorRan('saveColumns', { realRole: c.realRole, columns })];
    }
    case 'user.open':
      return [actorRan('contactProfile', { realRole: c.realRole, contactId: event.id, tabs: c.tabs.length === 2 ? tabs : [] })];
    case 'xstate.done.actor.profile':
      return at(before, 'profile', 'open') ? changed() : [];
    case 'contacts.changed':
      return changed();
    case 'user.confirm':
      return [actorRan('deleteContacts', { realRole: c.realRole, selection: batchSelection(c.selection) })];
    case 'xstate.done.actor.deleteContacts':
      return (output as { ok: boolean }).ok ? changed() : [];
    case 'user.tag':
      return [actorRan('batchTag', { selection: batchSelection(c.selection), count: selected(c), realRole: c.realRole, frequent: c.frequent === null ? null : frequent })];
    case 'xstate.done.actor.batchTag':
      return output === null ? [] : changed();
    case 'user.export': {
      const selection = selected(c) > 0 ? batchSelection(c.selection) : { mode: 'allMatching', filter: defaultRequestFilter, excludedIds: [] };
      return [actorRan('exportContacts', { realRole: c.realRole, selection, columns: c.columns, headers: ['Contact Name'] })];
    }
    case 'user.upgrade':
      // The owner and managers only; from Free, Starter is the cheapest plan with export.
      return c.realRole === 'admin' ? [actorRan('planUpgrade', { currentPlanCode: 'free', suggested: 'starter' })] : [];
    case 'xstate.done.actor.loadPage': {
      const page = output as { rows: unknown[]; totalCount: number };
      // Page 2 came back empty with 15 contacts left: page 1 (15 a page) is the last with rows.
      return page.rows.length === 0 && c.loadingPage > 1 ? [loadPage(c.realRole, filtersOf(c), 1)] : [];
    }
    default:
      return [];
  }
};

machinePathSuite('contacts table machine paths', contactsTableMachine, {
  events,
  effects,
  checkSentEvents: true,
  serializeContext: (c: Ctx & { savedColumns: string[] }) => ({
    realRole: c.realRole,
    search: c.filters.search,
    page: c.page,
    loadingPage: c.loadingPage,
    totalCount: c.totalCount,
    selection: c.selection.mode === 'page' ? c.selection.ids.length : 'all',
    columns: c.columns.join(),
    savedColumns: c.savedColumns.join(),
    tabs: c.tabs.length,
    profileId: c.profileId,
    notice: c.notice?.kind ?? null,
    frequent: c.frequent?.fetchedAt ?? null,
  }),
  variants: [
    { name: 'member', input: { realRole: 'member' } },
    { name: 'admin', input: { realRole: 'admin' } },
  ],
});
