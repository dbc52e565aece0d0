/**
 * Generated path tests of the contacts-table machine (SPEC §2 /contacts, §3 Contact list filters
 * and columns, §7 Tabs and contacts): every state and transition is reached, and each step runs
 * exactly the calls it should: the page asked for (after a typed search's debounce, at once for any
 * other filter, the last page with rows when deletions emptied the one asked for), the URL after a
 * filter change, the column choice saved after a change, the tags and tabs again for another
 * member, the batch delete after its confirmation with the selection as the call takes it, the
 * export of the selection or of everything the filters show, the profile panel's flow, and the
 * pipeline told after every change to contacts.
 *
 * Regions run side by side; to keep the graph small, while a region is busy only its events are
 * tried, and otherwise the graph is a star around the resting screen (see `events`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Contact } from '../../src/contract/contacts';
import { contactSelectionOf, DEFAULT_CONTACT_FILTERS, paramOfFilters, type ContactFilters } from '../../src/machines/contact-filters';
import { contactsTableMachine, normalizedFilters, selectionCount, type ContactsEvent } from '../../src/machines/contacts-table.machine';
import { leadOf, noTabs, tabOf } from '../support/lead-fixtures';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

type Ctx = {
  realRole: 'admin' | 'member';
  filters: ContactFilters;
  page: number;
  loadingPage: number;
  pageSize: number;
  totalCount: number;
  selection: { mode: 'page'; ids: readonly string[] } | { mode: 'allMatching'; excludedIds: readonly string[] };
  columns: string[];
  profileId: string | null;
};

const DEBOUNCED = 'xstate.after.SEARCH_DEBOUNCE.contactsTable.list.debouncing';
const failure = new Error('Network error');
const contact = (id: string): Contact => ({ ...leadOf(id), tags: [], tabName: '' });
const rows = [contact('c1'), contact('c2')];
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;
const at = (s: AnyMachineSnapshot, region: string, state: string) => s.matches({ [region]: state });

const busyEvents = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  const out: PathEvent[] = [];
  if (at(s, 'list', 'loading')) {
    out.push({ type: 'xstate.done.actor.loadPage', output: { rows, totalCount: 40 } }, { type: 'xstate.error.actor.loadPage', error: failure });
    // The page asked for came back empty (deletions): the last page with rows is loaded.
    if (c.loadingPage > 1) out.push({ type: 'xstate.done.actor.loadPage', output: { rows: [], totalCount: 20 } });
  }
  if (at(s, 'list', 'debouncing')) out.push({ type: DEBOUNCED });
  if (at(s, 'columns', 'loading')) out.push({ type: 'xstate.done.actor.loadColumns', output: ['name', 'phone'] }, { type: 'xstate.error.actor.loadColumns', error: failure });
  if (at(s, 'columns', 'saving'))
    out.push(
      { type: 'xstate.done.actor.saveColumns', output: { ok: true } },
      { type: 'xstate.done.actor.saveColumns', output: { ok: false, code: Code.VALIDATION, message: 'no' } },
      { type: 'xstate.error.actor.saveColumns', error: failure },
      { type: 'user.columns', columns: ['name'] },
    );
  if (at(s, 'options', 'loading'))
    out.push({ type: 'xstate.done.actor.loadOptions', output: { tags: [], tabs: [noTabs, tabOf(1)] } }, { type: 'xstate.error.actor.loadOptions', error: failure });
  if (at(s, 'action', 'deleting'))
    out.push(
      { type: 'xstate.done.actor.deleteContacts', output: { ok: true, deleted: 2 } },
      { type: 'xstate.done.actor.deleteContacts', output: { ok: false, code: Code.FORBIDDEN, message: 'no' } },
      { type: 'xstate.error.actor.deleteContacts', error: failure },
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
 * nothing selected, no profile open, no notice, the member's own contacts): from there every
 * choice is tried; away from it only the events of the region that differs are, so the five
 * regions' states do not multiply.
 */
const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const busy = busyEvents(s);
  if (busy.length > 0) return busy;
  const c = ctx(s);
  const notice = (c as Ctx & { notice: unknown }).notice;
  if (notice !== null) return [{ type: 'user.dismissNotice' }];
  if (at(s, 'list', 'failed') || at(s, 'options', 'failed')) return [{ type: 'user.retry' }];
  if (c.profileId !== null) return [{ type: 'user.closeProfile' }, { type: 'user.open', id: 'c2' }, { type: 'xstate.done.actor.profile' }];
  if (at(s, 'action', 'confirmingDelete')) return [{ type: 'user.confirm' }, { type: 'user.cancel' }];
  if (at(s, 'action', 'tagging')) return [{ type: 'tag.done', updated: 20 }, { type: 'user.cancel' }];
  if (at(s, 'action', 'exportLimit')) return [{ type: 'user.cancel' }];
  if (selectionCount(c.selection, c.totalCount) > 0) return [{ type: 'user.delete' }, { type: 'user.tag' }, { type: 'user.export', headers: ['Contact Name'] }];
  const resting = c.page === 1 && paramOfFilters(c.filters) === null && c.realRole === 'member';
  if (!resting) return [];
  return [
    { type: 'user.filter', patch: { search: 'an' } },
    { type: 'user.filterNow', patch: { tagValueIds: [3], includeTags: false } },
    { type: 'user.filterNow', patch: { search: '' } },
    { type: 'user.urlChanged', filters: { ...DEFAULT_CONTACT_FILTERS, showClosed: true } },
    { type: 'user.urlChanged', filters: DEFAULT_CONTACT_FILTERS },
    { type: 'user.page', page: 2 },
    { type: 'member.changed', realRole: 'admin' },
    { type: 'user.columns', columns: ['name', 'tags'] },
    { type: 'user.columns', columns: [] },
    { type: 'user.open', id: 'c1' },
    { type: 'user.select', selection: { mode: 'page', ids: ['c1'] } },
    { type: 'user.select', selection: { mode: 'allMatching', excludedIds: ['c2'] } },
    { type: 'user.delete' },
    { type: 'user.tag' },
    { type: 'user.export', headers: ['Contact Name'] },
    { type: 'user.retry' },
    { type: 'user.dismissNotice' },
    { type: 'xstate.done.actor.profile' },
  ];
};

// ---------------------------------------------------------------------------------------------
// The effects each step must run

const loadPage = (c: Ctx, page: number, filters = c.filters, realRole = c.realRole): Effect => actorRan('loadPage', { realRole, filters, page, pageSize: c.pageSize });
const changed = (c: Ctx): Effect[] => [actionRan('announceChange'), loadPage(c, c.page)];

const effects = (step: EffectStep): Effect[] => {
  const { event, before, after } = step;
  const a = ctx(after);
  if (step.index === 0 || !before) return [loadPage(a, 1), actorRan('loadColumns', { realRole: a.realRole }), actorRan('loadOptions', { realRole: a.realRole })];
  const c = ctx(before);
  const as = <T extends ContactsEvent['type']>(_type: T) => event as unknown as Extract<ContactsEvent, { type: T }>;
  const output = event.output as { ok?: boolean; code?: number; rows?: unknown[]; totalCount?: number } | undefined;
  switch (event.type) {
    case 'user.filter':
      return [actionRan('writeUrl', { filters: normalizedFilters({ ...c.filters, ...as('user.filter').patch }) })];
    case 'user.filterNow': {
      const next = normalizedFilters({ ...c.filters, ...as('user.filterNow').patch });
      return paramOfFilters(next) === paramOfFilters(c.filters) ? [] : [actionRan('writeUrl', { filters: next }), loadPage(c, 1, next)];
    }
    case 'user.urlChanged':
      return [loadPage(c, 1, normalizedFilters(as('user.urlChanged').filters))];
    case DEBOUNCED:
      return [loadPage(c, c.loadingPage)];
    case 'user.page':
      return [loadPage(c, as('user.page').page)];
    case 'member.changed': {
      const realRole = as('member.changed').realRole;
      return [loadPage(c, 1, c.filters, realRole), actorRan('loadOptions', { realRole })];
    }
    case 'user.retry': {
      const out: Effect[] = [];
      if (at(before, 'list', 'failed')) out.push(loadPage(c, c.loadingPage));
      if (at(before, 'options', 'failed')) out.push(actorRan('loadOptions', { realRole: c.realRole }));
      return out;
    }
    case 'user.columns': {
      const columns = as('user.columns').columns;
      return columns.length > 0 && !at(before, 'columns', 'loading') ? [actorRan('saveColumns', { realRole: c.realRole, columns })] : [];
    }
    case 'user.open':
      return [actorRan('contactProfile', { realRole: c.realRole, contactId: as('user.open').id })];
    case 'xstate.done.actor.profile':
      return before.matches({ profile: 'open' }) ? changed(c) : [];
    case 'user.confirm':
      return [actorRan('deleteContacts', { realRole: c.realRole, selection: contactSelectionOf(c.selection, c.filters) })];
    case 'xstate.done.actor.deleteContacts':
      return output?.ok ? changed(c) : [];
    case 'tag.done':
      return changed(c);
    case 'user.export': {
      const selection = selectionCount(c.selection, c.totalCount) > 0 ? c.selection : { mode: 'allMatching' as const, excludedIds: [] };
      return [actorRan('exportContacts', { realRole: c.realRole, selection: contactSelectionOf(selection, c.filters), columns: c.columns, headers: as('user.export').headers })];
    }
    case 'xstate.done.actor.loadPage': {
      const pastEnd = output!.rows!.length === 0 && output!.totalCount! > 0 && c.loadingPage > 1;
      return pastEnd ? [loadPage(c, Math.max(1, Math.ceil(output!.totalCount! / c.pageSize)))] : [];
    }
    default:
      return [];
  }
};

machinePathSuite('contacts table machine paths', contactsTableMachine, {
  events,
  effects,
  serializeContext: (c: Ctx & { notice: { kind: string } | null; savedColumns: string[] }) => ({
    realRole: c.realRole,
    filters: paramOfFilters(c.filters),
    page: c.page,
    loadingPage: c.loadingPage,
    selection: c.selection.mode === 'page' ? c.selection.ids.length : 'all',
    columns: c.columns.join(),
    savedColumns: c.savedColumns.join(),
    profileId: c.profileId,
    notice: c.notice?.kind ?? null,
  }),
  input: { realRole: 'member' },
});
