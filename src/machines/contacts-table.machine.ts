import { assign, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../contract/codes';
import { CONTACTS_PAGE_SIZE } from '../contract/contact-filter';
import { DEFAULT_CONTACT_COLUMNS, type Contact, type ContactColumn } from '../contract/contacts';
import type { Tag } from '../contract/tags';
import { refusedWith, type Outcome } from './answer';
import {
  contactSelectionOf,
  DEFAULT_CONTACT_FILTERS,
  filtersFromParam,
  paramOfFilters,
  sameContactFilters,
  type ContactFilters,
  type TableSelectionLike,
} from './contact-filters';
import { actionNotProvided, actorNotProvided } from './not-provided';
import type { ContactSelection } from '../contract/contact-filter';
import type { Tab } from '../contract/leads';
import { contactProfileMachine } from './contact-profile.machine';
import type { RealRole } from '../contract/roles';

/**
 * The contacts screen (/contacts, SPEC §2; §3 Contact list filters and table columns; §7 Tabs and
 * contacts): a server-paged table (CONTACTS_PAGE_SIZE a page, SPEC §9) of the acting member's
 * contacts, its filters (kept in the URL's `filters` parameter, src/machines/contact-filters.ts),
 * the caller's column choice (list-config type 1), a selection of picked rows or of every contact
 * matching the filters, and the batch actions on it: delete (confirmed first; 'Delete failed' on
 * failure, SPEC §8), tag (the batch-tag dialog) and export (a CSV file; free and trial plans get
 * 100008, which opens the export-limit dialog).
 *
 * Parallel regions:
 * - `list`: the page on screen. A typed search waits `SEARCH_DEBOUNCE` before loading; every other
 *   filter, the page and the order load at once. A new load replaces the running one (its answer is
 *   dropped: the invoke is stopped and its call aborted). A page left empty by deletions falls back
 *   to the last page with rows.
 * - `columns`: the caller's column choice, loaded once (the defaults when it cannot be), saved on
 *   every change and put back as it was when saving fails.
 * - `options`: the workspace's tags and the acting member's tabs, for the filters and the cells.
 * - `profile`: the profile panel's flow while a contact is open.
 * - `action`: the batch action under way or waiting for the person.
 *
 * The selection is cleared whenever the rows it was made on change meaning (filters, member) and
 * after a batch action. The profile panel (src/machines/contact-profile.machine.ts) is its own flow;
 * this machine only keeps which contact it shows.
 *
 * Tags for the view: loading, loadFailed, confirmDelete, busy, exportLimit, tagging, savingColumns.
 */

export type ContactsPage = { rows: Contact[]; totalCount: number };
export type LoadContactsInput = { realRole: RealRole; filters: ContactFilters; page: number; pageSize: number };
export type BatchInput = { realRole: RealRole; selection: ContactSelection };
export type ExportInput = BatchInput & { columns: ContactColumn[]; headers: string[] };
export type SaveColumnsInput = { realRole: RealRole; columns: ContactColumn[] };
/** Deleted rows (or the refusal). */
export type DeleteAnswer = { ok: true; deleted: number } | { ok: false; code: number; message: string };

/** What the filters offer: the workspace's tags and the acting member's tabs. */
export type FilterOptions = { tags: Tag[]; tabs: Tab[] };

export type ContactsNotice =
  | { kind: 'deleted'; count: number }
  | { kind: 'deleteFailed' }
  | { kind: 'tagged'; count: number }
  | { kind: 'exported' }
  | { kind: 'exportFailed'; message: string }
  | { kind: 'columnsFailed' };

export type ContactsInput = { realRole: RealRole; filters?: ContactFilters; pageSize?: number };

type Context = {
  realRole: RealRole;
  filters: ContactFilters;
  page: number;
  /** The page being loaded (becomes `page` when it arrives). */
  loadingPage: number;
  pageSize: number;
  rows: Contact[];
  totalCount: number;
  selection: TableSelectionLike;
  columns: ContactColumn[];
  /** The column choice before the save under way (put back when it fails). */
  savedColumns: ContactColumn[];
  tags: Tag[];
  /** The acting member's tabs (the tab filter, the lead form). */
  tabs: Tab[];
  /** The contact the profile panel shows. */
  profileId: string | null;
  notice: ContactsNotice | null;
};

export type ContactsEvent =
  | { type: 'user.filter'; patch: Partial<ContactFilters> }
  | { type: 'user.filterNow'; patch: Partial<ContactFilters> }
  | { type: 'user.urlChanged'; filters: ContactFilters }
  | { type: 'user.page'; page: number }
  | { type: 'user.select'; selection: TableSelectionLike }
  | { type: 'user.columns'; columns: ContactColumn[] }
  | { type: 'user.retry' }
  | { type: 'user.open'; id: string }
  | { type: 'user.closeProfile' }
  | { type: 'user.delete' }
  | { type: 'user.tag' }
  | { type: 'user.export'; headers: string[] }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.dismissNotice' }
  | { type: 'tag.done'; updated: number }
  | { type: 'member.changed'; realRole: RealRole }
  | { type: 'contacts.changed' }
  | { type: 'list.reload' };

export type ContactsTag = 'loading' | 'loadFailed' | 'confirmDelete' | 'busy' | 'exportLimit' | 'tagging' | 'savingColumns';

const emptySelection: TableSelectionLike = { mode: 'page', ids: [] };

/** The filters in their one written form (lists in the controls' order, unknown values dropped). */
export const normalizedFilters = (f: ContactFilters): ContactFilters => {
  const param = paramOfFilters(f);
  return param === null ? DEFAULT_CONTACT_FILTERS : filtersFromParam(param);
};

/** How many contacts the selection covers, given how many match the filters. */
export const selectionCount = (selection: TableSelectionLike, totalCount: number): number =>
  selection.mode === 'page' ? selection.ids.length : Math.max(0, totalCount - selection.excludedIds.length);

/** The selection as a batch call takes it. */
export const batchSelectionOf = (c: Pick<Context, 'selection' | 'filters'>): ContactSelection => contactSelectionOf(c.selection, c.filters);

/** Pages of the list (at least one). */
export const contactPageCount = (totalCount: number, pageSize: number): number => Math.max(1, Math.ceil(totalCount / pageSize));

export type ContactsSnapshot = SnapshotFrom<typeof contactsTableMachine>;
export const selectRows = (s: ContactsSnapshot): Contact[] => s.context.rows;
export const selectFilters = (s: ContactsSnapshot): ContactFilters => s.context.filters;
export const selectSelectionCount = (s: ContactsSnapshot): number => selectionCount(s.context.selection, s.context.totalCount);

const withPatch = (filters: ContactFilters, patch: Partial<ContactFilters>): ContactFilters => normalizedFilters({ ...filters, ...patch });

export const contactsTableMachine = setup({
  types: {} as { context: Context; events: ContactsEvent; input: ContactsInput; tags: ContactsTag },
  actors: {
    loadPage: actorNotProvided<ContactsPage, LoadContactsInput>('loadPage'),
    loadColumns: actorNotProvided<ContactColumn[], { realRole: RealRole }>('loadColumns'),
    saveColumns: actorNotProvided<Outcome, SaveColumnsInput>('saveColumns'),
    loadOptions: actorNotProvided<FilterOptions, { realRole: RealRole }>('loadOptions'),
    contactProfile: contactProfileMachine,
    deleteContacts: actorNotProvided<DeleteAnswer, BatchInput>('deleteContacts'),
    /** Asks for the file and saves it (the browser's download); answers the refusal, if any. */
    exportContacts: actorNotProvided<Outcome, ExportInput>('exportContacts'),
  },
  actions: {
    /** Puts the filters in the URL (replacing the entry: Back leaves the screen). */
    writeUrl: actionNotProvided<{ filters: ContactFilters }>('writeUrl'),
    /** Tells the other screens the contacts changed (the pipeline's counts and panels). */
    announceChange: actionNotProvided('announceChange'),
    setFilters: assign((_, filters: ContactFilters) => ({ filters, page: 1, loadingPage: 1, selection: emptySelection })),
    clearSelection: assign({ selection: emptySelection }),
    setNotice: assign((_, notice: ContactsNotice | null) => ({ notice })),
  },
  guards: {
    changesFilters: ({ context }, filters: ContactFilters) => !sameContactFilters(context.filters, filters),
    hasSelection: ({ context }) => selectionCount(context.selection, context.totalCount) > 0,
    /** The asked-for page came back empty although earlier pages have rows (deletions emptied it). */
    pagePastEnd: ({ context }, page: ContactsPage) => page.rows.length === 0 && page.totalCount > 0 && context.loadingPage > 1,
    planLacksExport: (_, answer: Outcome) => refusedWith(answer, Code.PLAN_LIMIT),
    refused: (_, answer: Outcome | DeleteAnswer) => !answer.ok,
  },
  delays: {
    /** Typing pauses this long before the search runs (SPEC §9 debounce). */
    SEARCH_DEBOUNCE: 300,
  },
}).createMachine({
  id: 'contactsTable',
  context: ({ input }) => ({
    realRole: input.realRole,
    filters: normalizedFilters(input.filters ?? DEFAULT_CONTACT_FILTERS),
    page: 1,
    loadingPage: 1,
    pageSize: input.pageSize ?? CONTACTS_PAGE_SIZE,
    rows: [],
    totalCount: 0,
    selection: emptySelection,
    columns: [...DEFAULT_CONTACT_COLUMNS],
    savedColumns: [...DEFAULT_CONTACT_COLUMNS],
    tags: [],
    tabs: [],
    profileId: null,
    notice: null,
  }),
  type: 'parallel',
  // Transitions that change one region live in that region: a root transition targeting a
  // region's child would exit and re-enter every region (reloading columns and options).
  on: {
    'user.select': { actions: assign({ selection: ({ event }) => event.selection }) },
    'contacts.changed': { actions: ['announceChange', raise({ type: 'list.reload' })] },
    'user.dismissNotice': { actions: { type: 'setNotice', params: null } },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'user.filter': {
          guard: { type: 'changesFilters', params: ({ context, event }) => withPatch(context.filters, event.patch) },
          target: '.debouncing',
          actions: [
            { type: 'setFilters', params: ({ context, event }) => withPatch(context.filters, event.patch) },
            { type: 'writeUrl', params: ({ context }) => ({ filters: context.filters }) },
          ],
        },
        'user.filterNow': {
          guard: { type: 'changesFilters', params: ({ context, event }) => withPatch(context.filters, event.patch) },
          target: '.loading',
          actions: [
            { type: 'setFilters', params: ({ context, event }) => withPatch(context.filters, event.patch) },
            { type: 'writeUrl', params: ({ context }) => ({ filters: context.filters }) },
          ],
        },
        'user.urlChanged': {
          description: 'Back, forward or a bookmark changed the URL: its filters load (the machine wrote equal ones itself: nothing happens).',
          guard: { type: 'changesFilters', params: ({ event }) => normalizedFilters(event.filters) },
          target: '.loading',
          actions: { type: 'setFilters', params: ({ event }) => normalizedFilters(event.filters) },
        },
        'user.page': {
          target: '.loading',
          actions: assign({ loadingPage: ({ event }) => Math.max(1, Math.floor(event.page)) }),
        },
        'member.changed': {
          description: 'Another member chosen in the member selector: their contacts, from page 1, nothing selected, no profile open (the options and profile regions follow the same event).',
          target: '.loading',
          actions: assign({ realRole: ({ event }) => event.realRole, page: 1, loadingPage: 1, selection: emptySelection, profileId: null }),
        },
        'list.reload': { target: '.loading', actions: assign({ loadingPage: ({ context }) => context.page }) },
      },
      states: {
        debouncing: {
          description: 'A search is being typed: it runs once typing pauses.',
          tags: ['loading'],
          after: { SEARCH_DEBOUNCE: 'loading' },
        },
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ realRole: context.realRole, filters: context.filters, page: context.loadingPage, pageSize: context.pageSize }),
            onDone: [
              {
                guard: { type: 'pagePastEnd', params: ({ event }) => event.output },
                target: 'loading',
                reenter: true,
                actions: assign({ loadingPage: ({ context, event }) => contactPageCount(event.output.totalCount, context.pageSize) }),
              },
              {
                target: 'ready',
                actions: assign({ page: ({ context }) => context.loadingPage, rows: ({ event }) => event.output.rows, totalCount: ({ event }) => event.output.totalCount }),
              },
            ],
            onError: 'failed',
          },
        },
        ready: { description: 'The page on screen is the one asked for.' },
        failed: {
          description: 'The page could not be loaded; the rows on screen stay and the view offers a retry.',
          tags: ['loadFailed'],
          on: { 'user.retry': 'loading' },
        },
      },
    },
    columns: {
      initial: 'loading',
      states: {
        loading: {
          description: "The caller's saved column choice (the defaults until it arrives, and when it cannot be read).",
          invoke: {
            id: 'loadColumns',
            src: 'loadColumns',
            input: ({ context }) => ({ realRole: context.realRole }),
            onDone: { target: 'ready', actions: assign({ columns: ({ event }) => event.output, savedColumns: ({ event }) => event.output }) },
            onError: 'ready',
          },
        },
        ready: {
          on: {
            'user.columns': {
              description: 'A column shown or hidden: shown at once, then saved (at least one column stays).',
              guard: ({ event }) => event.columns.length > 0,
              target: 'saving',
              actions: assign({ columns: ({ event }) => event.columns }),
            },
          },
        },
        saving: {
          tags: ['savingColumns'],
          invoke: {
            id: 'saveColumns',
            src: 'saveColumns',
            input: ({ context }) => ({ realRole: context.realRole, columns: context.columns }),
            onDone: [
              {
                guard: { type: 'refused', params: ({ event }) => event.output },
                target: 'ready',
                actions: [assign({ columns: ({ context }) => context.savedColumns }), { type: 'setNotice', params: { kind: 'columnsFailed' } }],
              },
              { target: 'ready', actions: assign({ savedColumns: ({ context }) => context.columns }) },
            ],
            onError: {
              target: 'ready',
              actions: [assign({ columns: ({ context }) => context.savedColumns }), { type: 'setNotice', params: { kind: 'columnsFailed' } }],
            },
          },
          on: {
            'user.columns': {
              description: 'Another change while one is saving: shown at once and saved after it.',
              guard: ({ event }) => event.columns.length > 0,
              target: 'saving',
              reenter: true,
              actions: assign({ columns: ({ event }) => event.columns }),
            },
          },
        },
      },
    },
    options: {
      initial: 'loading',
      on: { 'member.changed': { target: '.loading' } },
      states: {
        loading: {
          description: "The workspace's tags and the acting member's tabs, for the filters, the cells and the lead form.",
          invoke: {
            id: 'loadOptions',
            src: 'loadOptions',
            input: ({ context }) => ({ realRole: context.realRole }),
            onDone: { target: 'ready', actions: assign({ tags: ({ event }) => event.output.tags, tabs: ({ event }) => event.output.tabs }) },
            onError: 'failed',
          },
        },
        ready: {},
        failed: { description: 'No tag or tab options: those filters offer nothing to choose.', on: { 'user.retry': 'loading' } },
      },
    },
    profile: {
      initial: 'closed',
      on: {
        'user.open': { target: '.open', actions: assign({ profileId: ({ event }) => event.id }) },
        'user.closeProfile': { target: '.closed', actions: assign({ profileId: null }) },
        'member.changed': { target: '.closed' },
      },
      states: {
        closed: {},
        open: {
          description: 'The profile panel of `profileId` (its own flow; a deletion there ends it and reloads the table).',
          invoke: {
            id: 'profile',
            src: 'contactProfile',
            input: ({ context }) => ({ realRole: context.realRole, contactId: context.profileId ?? '' }),
            onDone: { target: 'closed', actions: [assign({ profileId: null }), raise({ type: 'contacts.changed' })] },
          },
        },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.delete': { guard: 'hasSelection', target: 'confirmingDelete', actions: { type: 'setNotice', params: null } },
            'user.tag': { guard: 'hasSelection', target: 'tagging', actions: { type: 'setNotice', params: null } },
            'user.export': { target: 'exporting', actions: { type: 'setNotice', params: null } },
          },
        },
        confirmingDelete: {
          description: 'Deleting the selected contacts waits for the person to confirm.',
          tags: ['confirmDelete'],
          on: { 'user.confirm': 'deleting', 'user.cancel': 'idle' },
        },
        deleting: {
          tags: ['confirmDelete', 'busy'],
          invoke: {
            id: 'deleteContacts',
            src: 'deleteContacts',
            input: ({ context }) => ({ realRole: context.realRole, selection: batchSelectionOf(context) }),
            onDone: [
              { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'idle', actions: { type: 'setNotice', params: { kind: 'deleteFailed' } } },
              {
                target: 'idle',
                actions: [
                  { type: 'setNotice', params: ({ event }) => ({ kind: 'deleted', count: event.output.ok ? event.output.deleted : 0 }) },
                  'clearSelection',
                  raise({ type: 'contacts.changed' }),
                ],
              },
            ],
            onError: { target: 'idle', actions: { type: 'setNotice', params: { kind: 'deleteFailed' } } },
          },
        },
        tagging: {
          description: 'The batch-tag dialog is open on the selection (its own flow, src/machines/batch-tag.machine.ts).',
          tags: ['tagging'],
          on: {
            'tag.done': {
              target: 'idle',
              actions: [{ type: 'setNotice', params: ({ event }) => ({ kind: 'tagged', count: event.updated }) }, 'clearSelection', raise({ type: 'contacts.changed' })],
            },
            'user.cancel': 'idle',
          },
        },
        exporting: {
          description: 'The file of the selection (or of every contact the filters show, when nothing is selected) is asked for and saved.',
          tags: ['busy'],
          invoke: {
            id: 'exportContacts',
            src: 'exportContacts',
            input: ({ context, event }) => ({
              realRole: context.realRole,
              selection: selectionCount(context.selection, context.totalCount) > 0 ? batchSelectionOf(context) : batchSelectionOf({ ...context, selection: { mode: 'allMatching', excludedIds: [] } }),
              columns: context.columns,
              headers: event.type === 'user.export' ? event.headers : [],
            }),
            onDone: [
              { guard: { type: 'planLacksExport', params: ({ event }) => event.output }, target: 'exportLimit' },
              {
                guard: { type: 'refused', params: ({ event }) => event.output },
                target: 'idle',
                actions: { type: 'setNotice', params: ({ event }) => ({ kind: 'exportFailed', message: event.output.ok ? '' : event.output.message }) },
              },
              { target: 'idle', actions: { type: 'setNotice', params: { kind: 'exported' } } },
            ],
            onError: { target: 'idle', actions: { type: 'setNotice', params: { kind: 'exportFailed', message: '' } } },
          },
        },
        exportLimit: {
          description: "Export-limit dialog (SPEC §2, §6): the plan (free or trial) does not include export.",
          tags: ['exportLimit'],
          on: { 'user.cancel': 'idle' },
        },
      },
    },
  },
});

export type ContactsTableActorRef = ActorRefFrom<typeof contactsTableMachine>;
