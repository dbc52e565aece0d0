import { assign, raise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import { CONTACTS_PAGE_SIZE } from '../contract/contact-filter';
import { DEFAULT_CONTACT_COLUMNS, type Contact, type ContactColumn } from '../contract/contacts';
import type { PlanCode } from '../contract/plans';
import type { Tag } from '../contract/tags';
import { refusedWith, type Outcome } from './answer';
import { batchTagMachine, FREQUENT_TAGS_KEEP_MS, type FrequentFetch, type FrequentFetched } from './batch-tag.machine';
import {
  contactFilterMachine,
  DEFAULT_CONTACT_FILTERS,
  filtersFromParam,
  normalizedContactFilters,
  type ContactFilters,
  type TableSelectionLike,
} from './contact-filters';
import { CONTACTS_PATH } from './constants';
import type { FiltersApplied } from './filter-url.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';
import type { ContactSelection } from '../contract/contact-filter';
import type { Tab } from '../contract/leads';
import { contactProfileMachine } from './contact-profile.machine';
import { planUpgradeMachine, upgradeInputFor, type PlanUpgradeOutput } from './plan-upgrade.machine';
import type { RealRole } from '../contract/roles';
import { routeParam, showsPath, type RouteShownEvent } from './route-facts';
import { batchSelectionOf, contactPageCount, mayUpgradePlan, selectionCount, toggledColumns } from './contacts-table-rules';

/**
 * The contacts screen (/contacts, SPEC §2; §3 Contact list filters and table columns; §7 Tabs and
 * contacts): a server-paged table (CONTACTS_PAGE_SIZE a page, SPEC §9) of the acting member's
 * contacts, its filters (kept in the URL's `filters` parameter, src/machines/contact-filters.ts),
 * the caller's column choice (list-config type 1), a selection of picked rows or of every contact
 * matching the filters, and the batch actions on it: delete (confirmed first; 'Delete failed' on
 * failure, SPEC §8), tag (the batch-tag dialog) and export (a CSV file; free and trial plans get
 * 100008, which opens the export-limit dialog).
 *
 * A screen flow (ARCHITECTURE.md "Statecharts"): the app system starts it while /contacts is on
 * screen, with the caller's real role and the route's filters as input, and it owns its child flows:
 * - `filters` (src/machines/filter-url.machine.ts, always running): the view sends it what is
 *   typed and chosen; it debounces, writes the URL and tells this machine `filters.applied`, which
 *   loads page 1 with nothing selected. A route shown on /contacts (Back, a bookmark, the machine's
 *   own URL write) reaches it as `url.changed`.
 * - `profile` (src/machines/contact-profile.machine.ts) while a contact is open; a change there
 *   tells this machine `contacts.changed`, a deletion ends it and reloads the table.
 * - `batchTag` (src/machines/batch-tag.machine.ts) while the tag dialog is open; its end (the number
 *   of contacts changed, or null) is handled here. Its frequently-used values are kept here for
 *   FREQUENT_TAGS_KEEP_MS (SPEC §9) so the next dialog within 10 s does not fetch them again.
 * - `planUpgrade` (src/machines/plan-upgrade.machine.ts), the export-limit dialog's Upgrade for the
 *   owner and managers (a member is told to ask the administrator): once upgraded the dialog
 *   closes and the export can be tried again; closed without, the export-limit dialog is back.
 *
 * Another member chosen in the member selector (`member.selected`, broadcast by the app) reloads
 * page 1 of their contacts, closes the profile and the batch dialogs, clears the selection and
 * forgets the frequently-used values.
 *
 * Parallel regions:
 * - `list`: the page on screen. A new load replaces the running one (its answer is dropped: the
 *   invoke is stopped and its call aborted). A page left empty by deletions falls back to the last
 *   page with rows.
 * - `columns`: the caller's column choice, loaded once (the defaults when it cannot be), saved on
 *   every change and put back as it was when saving fails; at least one column stays.
 * - `columnChooser`: the column dialog, open or closed.
 * - `options`: the workspace's tags and the acting member's tabs, for the filters and the cells.
 * - `profile`: the profile panel's flow while a contact is open.
 * - `action`: the batch action under way or waiting for the person.
 * - `frequentTags`: the last frequently-used fetch, kept for 10 s.
 *
 * Tags for the view: loading, loadFailed, confirmDelete, busy, exportLimit, upgrading, tagging,
 * savingColumns, choosingColumns.
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
  /** The filters applied (as the `filters` child last announced them). */
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
  /** The frequently-used tag values fetched less than 10 s ago (handed to the next batch dialog). */
  frequent: FrequentFetch | null;
};

export type ContactsEvent =
  | { type: 'user.page'; page: number }
  | { type: 'user.select'; selection: TableSelectionLike }
  | { type: 'user.chooseColumns' }
  | { type: 'user.closeColumns' }
  | { type: 'user.toggleColumn'; column: ContactColumn; shown: boolean }
  | { type: 'user.retry' }
  | { type: 'user.open'; id: string }
  | { type: 'user.closeProfile' }
  | { type: 'user.delete' }
  | { type: 'user.tag' }
  | { type: 'user.export'; headers: string[] }
  /** The export-limit dialog's Upgrade, from the workspace's plan (the view reads it from the account). */
  | { type: 'user.upgrade'; currentPlanCode: PlanCode }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.dismissNotice' }
  | FiltersApplied<ContactFilters>
  | FrequentFetched
  | RouteShownEvent
  | { type: 'member.selected'; userId: string }
  | { type: 'contacts.changed' }
  | { type: 'list.reload' };

export type ContactsTag = 'loading' | 'loadFailed' | 'confirmDelete' | 'busy' | 'exportLimit' | 'upgrading' | 'tagging' | 'savingColumns' | 'choosingColumns';

const emptySelection: TableSelectionLike = { mode: 'page', ids: [] };

// The table's pure rules (selection, pages, columns) live beside it; the view reads some of them.
export { batchSelectionOf, columnsWith, contactPageCount, isLastColumn, mayUpgradePlan, selectionCount } from './contacts-table-rules';

export const contactsTableMachine = setup({
  types: {} as { context: Context; events: ContactsEvent; input: ContactsInput; tags: ContactsTag },
  actors: {
    loadPage: actorNotProvided<ContactsPage, LoadContactsInput>('loadPage'),
    loadColumns: actorNotProvided<ContactColumn[], { realRole: RealRole }>('loadColumns'),
    saveColumns: actorNotProvided<Outcome, SaveColumnsInput>('saveColumns'),
    loadOptions: actorNotProvided<FilterOptions, { realRole: RealRole }>('loadOptions'),
    /** The filters in the URL (provided with their effects: the URL write, `filters.applied` to here). */
    filters: contactFilterMachine,
    contactProfile: contactProfileMachine,
    batchTag: batchTagMachine,
    deleteContacts: actorNotProvided<DeleteAnswer, BatchInput>('deleteContacts'),
    /** Asks for the file and saves it (the browser's download); answers the refusal, if any. */
    exportContacts: actorNotProvided<Outcome, ExportInput>('exportContacts'),
    planUpgrade: planUpgradeMachine,
  },
  actions: {
    /** Tells the other screens the contacts changed (the pipeline's counts and panels). */
    announceChange: actionNotProvided('announceChange'),
    clearSelection: assign({ selection: emptySelection }),
    setNotice: assign((_, notice: ContactsNotice | null) => ({ notice })),
    keepFrequent: assign((_, frequent: FrequentFetch) => ({ frequent })),
    forgetFrequent: assign({ frequent: null }),
    /** The route's filters to the `filters` child (it applies them unless they are the ones applied). */
    tellFilters: sendTo('filters', (_, route: RouteShownEvent) => ({ type: 'url.changed' as const, filters: filtersFromParam(routeParam(route, 'filters')) })),
  },
  guards: {
    /** The route shown is this screen's (a route shown elsewhere comes just before this flow stops). */
    showsContacts: (_, route: RouteShownEvent) => showsPath(route, CONTACTS_PATH),
    hasSelection: ({ context }) => selectionCount(context.selection, context.totalCount) > 0,
    /** At least one column stays (SPEC §3: the column chooser cannot hide them all). */
    keepsAColumn: (_, columns: ContactColumn[]) => columns.length > 0,
    /** The asked-for page came back empty although earlier pages have rows (deletions emptied it). */
    pagePastEnd: ({ context }, page: ContactsPage) => page.rows.length === 0 && page.totalCount > 0 && context.loadingPage > 1,
    planLacksExport: (_, answer: Outcome) => refusedWith(answer, Code.PLAN_LIMIT),
    mayUpgrade: ({ context }) => mayUpgradePlan(context.realRole),
    upgraded: (_, output: PlanUpgradeOutput | undefined) => output?.upgraded === true,
    refused: (_, answer: Outcome | DeleteAnswer) => !answer.ok,
    /** The batch dialog applied its tags (its output is how many contacts changed; null: cancelled). */
    tagged: (_, updated: number | null) => updated !== null,
  },
  delays: {
    /** SPEC §9: the frequently-used tag values are fetched at most every 10 s. */
    FREQUENT_TAGS_KEEP: FREQUENT_TAGS_KEEP_MS,
  },
}).createMachine({
  id: 'contactsTable',
  meta: { recordable: ['realRole', 'filters', 'page', 'loadingPage', 'selection', 'columns', 'profileId', 'notice'] },
  context: ({ input }) => ({
    realRole: input.realRole,
    filters: normalizedContactFilters(input.filters ?? DEFAULT_CONTACT_FILTERS),
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
    frequent: null,
  }),
  type: 'parallel',
  invoke: { id: 'filters', src: 'filters', input: ({ context }) => ({ filters: context.filters }) },
  // Transitions that change one region live in that region: a root transition targeting a
  // region's child would exit and re-enter every region (reloading columns and options).
  on: {
    'user.select': { actions: assign({ selection: ({ event }) => event.selection }) },
    'contacts.changed': { actions: ['announceChange', raise({ type: 'list.reload' })] },
    'user.dismissNotice': { actions: { type: 'setNotice', params: null } },
    'route.shown': {
      description: 'The URL of /contacts changed (Back, a bookmark, the filters written): its filters go to the filters flow.',
      guard: { type: 'showsContacts', params: ({ event }) => event },
      actions: { type: 'tellFilters', params: ({ event }) => event },
    },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'filters.applied': {
          description: 'Other filters apply: page 1 of what they show, nothing selected.',
          target: '.loading',
          actions: assign({ filters: ({ event }) => event.filters, page: 1, loadingPage: 1, selection: emptySelection }),
        },
        'user.page': {
          target: '.loading',
          actions: assign({ loadingPage: ({ event }) => Math.max(1, Math.floor(event.page)) }),
        },
        'member.selected': {
          description: 'Another member chosen in the member selector: their contacts, from page 1, nothing selected, no profile open (the other regions follow the same event).',
          target: '.loading',
          actions: assign({ page: 1, loadingPage: 1, selection: emptySelection, profileId: null }),
        },
        'list.reload': { target: '.loading', actions: assign({ loadingPage: ({ context }) => context.page }) },
      },
      states: {
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
            'user.toggleColumn': {
              description: 'A column shown or hidden: shown at once, then saved.',
              guard: { type: 'keepsAColumn', params: ({ context, event }) => toggledColumns(context, event) },
              target: 'saving',
              actions: assign({ columns: ({ context, event }) => toggledColumns(context, event) }),
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
            'user.toggleColumn': {
              description: 'Another change while one is saving: shown at once and saved instead.',
              guard: { type: 'keepsAColumn', params: ({ context, event }) => toggledColumns(context, event) },
              target: 'saving',
              reenter: true,
              actions: assign({ columns: ({ context, event }) => toggledColumns(context, event) }),
            },
          },
        },
      },
    },
    columnChooser: {
      initial: 'closed',
      states: {
        closed: { on: { 'user.chooseColumns': 'open' } },
        open: {
          description: 'The column dialog: every SPEC §3 column with a switch; the last one shown cannot be hidden (`isLastColumn`).',
          tags: ['choosingColumns'],
          on: { 'user.closeColumns': 'closed' },
        },
      },
    },
    options: {
      initial: 'loading',
      on: { 'member.selected': { target: '.loading' } },
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
        'member.selected': { target: '.closed' },
      },
      states: {
        closed: {},
        open: {
          description: 'The profile panel of `profileId` (its own flow; a deletion there ends it and reloads the table).',
          invoke: {
            id: 'profile',
            src: 'contactProfile',
            input: ({ context }) => ({ realRole: context.realRole, contactId: context.profileId ?? '', tabs: context.tabs }),
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
          on: { 'user.confirm': 'deleting', 'user.cancel': 'idle', 'member.selected': 'idle' },
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
          description: 'The batch-tag dialog is open on the selection (its own flow); it ends applied (how many contacts changed) or cancelled (null).',
          tags: ['tagging'],
          invoke: {
            id: 'batchTag',
            src: 'batchTag',
            input: ({ context }) => ({
              selection: batchSelectionOf(context),
              count: selectionCount(context.selection, context.totalCount),
              realRole: context.realRole,
              frequent: context.frequent,
            }),
            onDone: [
              {
                guard: { type: 'tagged', params: ({ event }) => event.output },
                target: 'idle',
                actions: [{ type: 'setNotice', params: ({ event }) => ({ kind: 'tagged', count: event.output ?? 0 }) }, 'clearSelection', raise({ type: 'contacts.changed' })],
              },
              { target: 'idle' },
            ],
            onError: 'idle',
          },
          on: { 'member.selected': 'idle' },
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
          description: 'Export-limit dialog (SPEC §2, §6): the plan (free or trial) does not include export.',
          tags: ['exportLimit'],
          on: { 'user.cancel': 'idle', 'user.upgrade': { guard: 'mayUpgrade', target: 'upgrading' } },
        },
        upgrading: {
          description: 'The plan upgrade over the export-limit dialog (its own flow), the cheapest plan with export suggested.',
          tags: ['exportLimit', 'upgrading'],
          invoke: {
            id: 'planUpgrade',
            src: 'planUpgrade',
            input: ({ event }) => upgradeInputFor(event.type === 'user.upgrade' ? event.currentPlanCode : 'free', 'export_contact'),
            onDone: [{ guard: { type: 'upgraded', params: ({ event }) => event.output }, target: 'idle' }, { target: 'exportLimit' }],
            onError: 'exportLimit',
          },
        },
      },
    },
    frequentTags: {
      initial: 'none',
      on: { 'member.selected': { description: "Another member's values: fetched again next time.", target: '.none', actions: 'forgetFrequent' } },
      states: {
        none: { on: { 'tags.frequentFetched': { target: 'kept', actions: { type: 'keepFrequent', params: ({ event }) => event.frequent } } } },
        kept: {
          description: 'The last frequently-used fetch, handed to the next batch dialog until 10 s after it arrived (SPEC §9).',
          on: { 'tags.frequentFetched': { target: 'kept', reenter: true, actions: { type: 'keepFrequent', params: ({ event }) => event.frequent } } },
          after: { FREQUENT_TAGS_KEEP: { target: 'none', actions: 'forgetFrequent' } },
        },
      },
    },
  },
});

export type ContactsTableActorRef = ActorRefFrom<typeof contactsTableMachine>;
