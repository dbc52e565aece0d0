import { assign, enqueueActions, fromCallback, not, raise, sendTo, forwardTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LEADS_PAGE_SIZE, NO_TAB_ID, type Lead, type Tab } from '../contract/leads';
import type { ImportCounts } from '../contract/lead-files';
import type { RealRole } from '../contract/roles';
import { batchTagMachine, FREQUENT_TAGS_KEEP_MS, type BatchTagActorRef, type BatchTagInput, type FrequentFetch, type FrequentFetched } from './batch-tag.machine';
import type { FiltersApplied, FilterUrlEvent } from './filter-url.machine';
import { importWizardMachine, type ImportWizardActorRef } from './import-wizard.machine';
import { leadDialogMachine, type LeadDialogActorRef, type LeadDialogInput, type LeadDialogOutcome } from './lead-dialog.machine';
import { leadMovesMachine, type LeadMovesActorRef, type MoveLeadEvent, type MovesAnnouncement } from './lead-moves.machine';
import { leadPanelMachine } from './lead-panel.machine';
import { exportingState, pipelineExportMachine, type ExportAsked, type PipelineExportActorRef } from './pipeline-export.machine';
import { actorNotProvided } from './not-provided';
import { dialogRequestOf, dialogSends, pageSizeOf, placeSends, routeFilters, routeOf, showsPipeline, tabSelection, type PanelEntry, type PanelSend } from './pipeline-board';
import { failureText, type LeadCounts, type PipelineNotice, type RoleInput, type TabCounts } from './pipeline-calls';
import { isFiltered, pipelineFilterMachine, sameFilters, type PipelineFilterActorRef, type PipelineFilters } from './pipeline-filters';
import { orderTabs, pipelineTabsMachine, type PipelineTabsActorRef, type TabsAnnouncement } from './pipeline-tabs.machine';
import { realRoleOf, type RouteFacts, type RouteShownEvent } from './route-facts';

/**
 * The lead pipeline (SPEC §2 Pipeline: lead panels per tab; §3 Tab, Lead list state per tab,
 * Lead search options; §4 Lead), a long-lived flow of the app system ('pipeline'): it lives as
 * long as the session, so its panels survive a visit to another screen (a return is instant), and
 * it hears the system's broadcasts. It follows the route on screen (`route.shown`), never a view:
 * on the pipeline's path it is shown, with the real role of the person looking (/admin or /member
 * calls, SPEC §6) and the filters of the query (SPEC §3 Lead search options, kept in the URL);
 * any other path hides it.
 *
 * `starting` waits for the viewport's first report (`watchViewport`, sent at once), so the first
 * pages have the phone's or the desk's size (SPEC §9: 5 leads a page on a phone, 40 otherwise);
 * then `idle` until the pipeline shows (or `active` at once when the flow starts on it).
 *
 * `active` holds, side by side:
 * - screen: `shown` runs the filters (pipeline-filters.ts, the one filters-in-the-URL statechart):
 *   typed text waits 300 ms, applying writes the URL and tells this flow (`filters.applied`: every
 *   panel reloads), a URL change (Back, a link) reaches it as `url.changed`. `hidden` stops it (a
 *   typed search waiting is dropped; nothing writes the URL while the pipeline is away); showing
 *   again with other filters reloads the panels.
 * - board, the member's data, started again (every call again) for another member, another role
 *   or leads changed elsewhere (`leads.changed`, SPEC §4 Chat sync flow step 7:
 *   with closed leads hidden); while hidden a member change or a change of leads forgets it all
 *   (back to idle: the next show loads afresh). Its children: the tabs (pipeline-tabs.machine.ts:
 *   load, reorder, the tab dialog), which list the tabs this flow keeps one lead panel for
 *   (lead-panel.machine.ts, spawned as `panel-<tabId>`, in tab order); the lead moves
 *   (lead-moves.machine.ts: optimistic, FIFO, rolled back), which tell it where to show a lead.
 *   Its regions:
 *   - counts: open and awaiting-reply leads per tab, refreshed after a change (SPEC §4); with no
 *     lead at all and no filter the view shows SPEC §2's sync-button guidance mask (`noLeads`);
 *   - dialog: one child flow at a time: a lead's dialog (lead-dialog.machine.ts: the lead form,
 *     close with a reason, reopen, delete), the import wizard (new leads go to No tabs; it tells
 *     this flow when it imported, stays open on its outcome, and this flow closes it when it ends),
 *     batch tagging of a tab's open leads (batch-tag.machine.ts), an export (pipeline-export.machine.ts);
 * - frequent: the frequently-used tag values batch tagging fetched, kept 10 s (SPEC §7, §9) for
 *   the next batch dialog (whatever the board does meanwhile), forgotten for another member.
 * `session.ended` clears everything.
 *
 * Guards and actions read only their event, this flow's context and their params: the views send
 * what they know (a drop carries the lead and its place), the children announce what changed.
 * Tags for the view: noLeads.
 */

export type PipelineInput = { route: RouteFacts | null };

export type PipelineContext = {
  realRole: RealRole;
  /** Leads a page (SPEC §9: 5 on a phone, 40 otherwise). */
  pageSize: number;
  /** The pipeline's path is on screen. */
  shown: boolean;
  /** The filters the panels list (the filters child's, or the URL's when it last showed). */
  filters: PipelineFilters;
  /** No tabs (id 0) first, then the custom tabs in order (as the tabs child listed them). */
  tabs: Tab[];
  panels: PanelEntry[];
  counts: Record<number, TabCounts>;
  /** Open leads of every tab (the counts call's total); null until loaded. */
  totalLeads: number | null;
  notice: PipelineNotice | null;
  /** The last frequently-used tag fetch, kept 10 s for the next batch dialog. */
  frequent: FrequentFetch | null;
};

export type PipelineEvent =
  | RouteShownEvent
  | { type: 'viewport.changed'; narrow: boolean }
  | { type: 'member.selected'; userId: string }
  /**
   * Leads changed elsewhere (the contacts screen, a chat sync): reload now if shown, else forget.
   * `hideClosed`: closed leads are hidden after the reload (SPEC §4 Chat sync flow, step 7).
   */
  | { type: 'leads.changed'; hideClosed?: boolean }
  | { type: 'session.ended' }
  | FiltersApplied<PipelineFilters>
  | TabsAnnouncement
  | MovesAnnouncement
  | MoveLeadEvent
  | { type: 'user.addLead'; tabId?: number }
  | { type: 'user.editLead'; lead: Lead }
  | { type: 'user.closeLead'; lead: Lead }
  | { type: 'user.reopenLead'; lead: Lead }
  | { type: 'user.deleteLead'; lead: Lead }
  | { type: 'user.import' }
  /** The import wizard imported (it stays open on its outcome). */
  | { type: 'import.imported'; counts: ImportCounts }
  /** Batch tagging of every open lead of a tab (SPEC §7 Tags batch update); `count`: the tab's open leads as shown. */
  | { type: 'user.tagLeads'; tabId: number; count: number }
  | ExportAsked
  | FrequentFetched
  | { type: 'user.dismissNotice' }
  /** Internal: a change the counts show happened. */
  | { type: 'counts.refresh' };

/** What the board forgets (another member, another role, leads changed elsewhere). */
const clearedBoard = { tabs: [], panels: [], counts: {}, totalLeads: null, notice: null } satisfies Partial<PipelineContext>;

/** What the flow holds before a route shows it (and after sign-out). */
const initialContext = (route: RouteFacts | null, pageSize: number = LEADS_PAGE_SIZE): PipelineContext => ({
  realRole: realRoleOf(route),
  pageSize,
  shown: showsPipeline(route),
  filters: routeFilters(route),
  ...clearedBoard,
  frequent: null,
});

const pipelineSetup = setup({
  types: {} as {
    context: PipelineContext;
    events: PipelineEvent;
    input: PipelineInput;
    tags: 'noLeads';
  },
  actors: {
    /** Reports `viewport.changed {narrow}`: once at start, then on every change; provided from the viewport service. */
    watchViewport: fromCallback(() => { throw new Error("actor 'watchViewport' is not provided"); }),
    loadCounts: actorNotProvided<LeadCounts, RoleInput>('loadCounts'),
    leadPanel: leadPanelMachine,
    tabs: pipelineTabsMachine,
    moves: leadMovesMachine,
    filters: pipelineFilterMachine,
    leadDialog: leadDialogMachine,
    importWizard: importWizardMachine,
    batchTag: batchTagMachine,
    pipelineExport: pipelineExportMachine,
  },
  delays: { FREQUENT_TAGS_KEEP: FREQUENT_TAGS_KEEP_MS },
  actions: {
    keepRoute: assign((_, route: RouteFacts) => ({ realRole: realRoleOf(route), shown: showsPipeline(route), filters: routeFilters(route) })),
    open: assign((_, route: RouteFacts) => ({ realRole: realRoleOf(route), filters: routeFilters(route) })),
    takeViewport: assign((_, narrow: boolean) => ({ pageSize: pageSizeOf(narrow) })),
    markShown: assign({ shown: true }),
    markHidden: assign({ shown: false }),
    /** Sign-out: everything forgotten but the screen's size. */
    reset: assign(({ context }) => ({ ...initialContext(null, context.pageSize) })),
    showCounts: assign((_, loaded: LeadCounts) => ({ counts: loaded.counts, totalLeads: loaded.totalLeads })),
    notify: assign((_, notice: PipelineNotice) => ({ notice })),
    dismissNotice: assign({ notice: null }),
    /** SPEC §4 Chat sync flow, step 7: the leads come back with closed ones hidden. */
    hideClosedLeads: assign(({ context }) => ({ filters: { ...context.filters, showClosed: false } })),
    keepFrequent: assign((_, frequent: FrequentFetch) => ({ frequent })),
    forgetFrequent: assign({ frequent: null }),
    refreshCounts: raise({ type: 'counts.refresh' }),
    /** Tells the filters what the URL holds now (they apply it unless it is what they have). */
    tellFilters: sendTo('filters', (_, event: FilterUrlEvent<PipelineFilters>) => event),
    /** Hands a drop to the lead moves. */
    forwardMove: forwardTo('moves'),
  },
  guards: {
    showsPipeline: (_, route: RouteFacts) => showsPipeline(route),
    showsElsewhere: (_, route: RouteFacts) => !showsPipeline(route),
    /** Another real role than the data's (/admin or /member calls): everything again. */
    otherRole: ({ context }, route: RouteFacts) => realRoleOf(route) !== context.realRole,
    /** The pipeline shows again for another real role. */
    showsAsOtherRole: ({ context }, route: RouteFacts) => showsPipeline(route) && realRoleOf(route) !== context.realRole,
    /** The pipeline shows again with the filters it has. */
    showsSameFilters: ({ context }, route: RouteFacts) => showsPipeline(route) && sameFilters(routeFilters(route), context.filters),
    otherFilters: ({ context }, filters: PipelineFilters) => !sameFilters(filters, context.filters),
    shown: ({ context }) => context.shown,
    otherPageSize: ({ context }, narrow: boolean) => pageSizeOf(narrow) !== context.pageSize,
    /** A reload on screen that must hide the closed leads the filters show now. */
    hidesClosedOnScreen: ({ context }, e: { hideClosed?: boolean }) => context.shown && e.hideClosed === true && context.filters.showClosed,
    /** A drop on a tab that has a panel (the lead moves ignore a drop in the same tab, SPEC §4). */
    hasPanel: ({ context }, tabId: number) => context.panels.some((p) => p.tabId === tabId),
    isOpenLead: (_, lead: Lead) => !lead.isClosed,
    isClosedLead: (_, lead: Lead) => lead.isClosed,
    /** SPEC §2: no lead at all and no filter: the sync-button guidance mask. */
    noLeads: ({ context }) => context.totalLeads === 0 && !isFiltered(context.filters),
    /** The lead dialog changed a lead (saved, closed, reopened or deleted it). */
    changedLead: (_, outcome: LeadDialogOutcome | null) => outcome !== null && outcome.kind !== 'failed',
    failedDialog: (_, outcome: LeadDialogOutcome | null) => outcome?.kind === 'failed',
    /** Batch tagging applied (its output: the number changed; null when cancelled). */
    tagged: (_, updated: number | null) => updated !== null,
  },
}).extend({
  // XState cannot type enqueueActions declared in setup() beside typed actions; they are added here.
  actions: {
    /** Forgets the member's data (the board starts again, or the flow goes idle): the panels stop. */
    clearData: enqueueActions(({ context, enqueue }) => {
      for (const p of context.panels) enqueue.stopChild(p.ref);
      enqueue.assign(clearedBoard);
    }),
    /** Sends events to panels by tab id (a tab without a panel is skipped). */
    tellPanels: enqueueActions(({ context, enqueue }, sends: readonly PanelSend[]) => {
      for (const s of sends) {
        const ref = context.panels.find((p) => p.tabId === s.tabId)?.ref;
        if (ref) enqueue.sendTo(ref, s.event);
      }
    }),
    /** The tabs listed: keep the panels of the tabs still there (in the new order), stop the others, spawn one per new tab. */
    showTabs: enqueueActions(({ context, enqueue }, listed: readonly Tab[]) => {
      const tabs = orderTabs(listed);
      for (const p of context.panels) if (!tabs.some((t) => t.id === p.tabId)) enqueue.stopChild(p.ref);
      enqueue.assign({
        tabs,
        panels: ({ context: c, spawn }) =>
          tabs.map(
            (t) =>
              c.panels.find((p) => p.tabId === t.id) ?? {
                tabId: t.id,
                ref: spawn('leadPanel', { id: `panel-${t.id}`, input: { realRole: c.realRole, tabId: t.id, pageSize: c.pageSize, filters: c.filters } }),
              },
          ),
      });
    }),
    /** New filters: every panel starts again with them. */
    applyFilters: enqueueActions(({ context, enqueue }, filters: PipelineFilters) => {
      enqueue.assign({ filters });
      for (const p of context.panels) enqueue.sendTo(p.ref, { type: 'panel.reload', filters });
    }),
    /** Leads changed outside the panels (an import, batch tagging, a deleted tab's leads) or the page size did: the panels load again. */
    reloadPanels: enqueueActions(({ context, enqueue }, tabIds: readonly number[] | null) => {
      const reload = { type: 'panel.reload', filters: context.filters, pageSize: context.pageSize } as const;
      for (const p of context.panels) if (tabIds === null || tabIds.includes(p.tabId)) enqueue.sendTo(p.ref, reload);
    }),
  },
});

/** The dialog region: one child flow at a time. */
const dialogRegion = pipelineSetup.createStateConfig({
  initial: 'none',
  states: {
    none: {
      on: {
        'user.addLead': 'lead',
        'user.editLead': 'lead',
        'user.closeLead': { guard: { type: 'isOpenLead', params: ({ event }) => event.lead }, target: 'lead' },
        'user.reopenLead': { guard: { type: 'isClosedLead', params: ({ event }) => event.lead }, target: 'lead' },
        'user.deleteLead': 'lead',
        'user.import': 'importing',
        'user.tagLeads': 'tagging',
        'user.export': 'exporting',
      },
    },
    lead: {
      description: "A lead's dialog (its own flow): the lead form, close with a reason, reopen or delete.",
      invoke: {
        id: 'leadDialog',
        src: 'leadDialog',
        input: ({ context, event }): LeadDialogInput => ({ realRole: context.realRole, tabs: context.tabs, request: dialogRequestOf(event) }),
        onDone: [
          {
            guard: { type: 'changedLead', params: ({ event }) => event.output },
            target: 'none',
            actions: [{ type: 'tellPanels', params: ({ context, event }) => dialogSends(context, event.output) }, 'refreshCounts'],
          },
          {
            guard: { type: 'failedDialog', params: ({ event }) => event.output },
            target: 'none',
            actions: { type: 'notify', params: ({ event }) => (event.output as { notice: PipelineNotice }).notice },
          },
          { target: 'none' },
        ],
        onError: 'none',
      },
    },
    importing: {
      description: 'The import wizard (its own flow) is open; new leads go to No tabs. It stays open on its outcome until it ends.',
      invoke: {
        id: 'importWizard',
        src: 'importWizard',
        input: ({ context }) => ({ realRole: context.realRole, tabId: NO_TAB_ID }),
        onDone: 'none',
        onError: 'none',
      },
      on: { 'import.imported': { actions: [{ type: 'reloadPanels', params: null }, 'refreshCounts'] } },
    },
    tagging: {
      description: "Batch tagging (its own flow) of every open lead of a tab; the frequently-used values of the last 10 s are handed over.",
      invoke: {
        id: 'batchTag',
        src: 'batchTag',
        input: ({ context, event }): BatchTagInput => {
          const ask = event.type === 'user.tagLeads' ? event : { tabId: NO_TAB_ID, count: 0 };
          return { selection: tabSelection(ask.tabId), count: ask.count, realRole: context.realRole, frequent: context.frequent };
        },
        onDone: [
          { guard: { type: 'tagged', params: ({ event }) => event.output }, target: 'none', actions: { type: 'reloadPanels', params: null } },
          { target: 'none' },
        ],
        onError: 'none',
      },
    },
    exporting: exportingState,
  },
});

export const pipelineMachine = pipelineSetup.createMachine({
  id: 'pipeline',
  meta: { recordable: ['realRole', 'pageSize', 'shown', 'filters', 'tabs', 'counts', 'totalLeads', 'notice', 'frequent'] },
  context: ({ input }) => initialContext(input.route),
  invoke: { id: 'viewport', src: 'watchViewport' },
  initial: 'starting',
  on: {
    'session.ended': { target: '.idle', actions: ['clearData', 'reset'] },
  },
  states: {
    starting: {
      description: "Waits for the viewport's first report (sent at once) so the first pages have the phone's or the desk's size.",
      on: {
        'viewport.changed': [
          { guard: 'shown', target: 'active', actions: { type: 'takeViewport', params: ({ event }) => event.narrow } },
          { target: 'idle', actions: { type: 'takeViewport', params: ({ event }) => event.narrow } },
        ],
        'route.shown': { actions: { type: 'keepRoute', params: ({ event }) => routeOf(event) } },
      },
    },
    idle: {
      description: 'Nothing loaded: not shown since the session began, or forgotten (another member, leads changed) while away.',
      on: {
        'route.shown': { guard: { type: 'showsPipeline', params: ({ event }) => routeOf(event) }, target: 'active', actions: { type: 'open', params: ({ event }) => routeOf(event) } },
        'viewport.changed': { actions: { type: 'takeViewport', params: ({ event }) => event.narrow } },
      },
    },
    active: {
      description: "The member's board, kept while the screen is away, and the screen's filters while it shows.",
      type: 'parallel',
      on: {
        'user.dismissNotice': { actions: 'dismissNotice' },
      },
      states: {
        screen: {
          initial: 'shown',
          states: {
            shown: {
              description: "The pipeline is on screen: its filters run (typed text debounced, the URL written, the URL's changes applied).",
              entry: 'markShown',
              invoke: { id: 'filters', src: 'filters', input: ({ context }) => ({ filters: context.filters }) },
              on: {
                'route.shown': [
                  { guard: { type: 'showsElsewhere', params: ({ event }) => routeOf(event) }, target: 'hidden' },
                  {
                    guard: { type: 'otherRole', params: ({ event }) => routeOf(event) },
                    target: '#pipeline.active',
                    reenter: true,
                    actions: ['clearData', { type: 'open', params: ({ event }) => routeOf(event) }],
                  },
                  // Back, a bookmark, a link (or the filters' own URL write, which changes nothing).
                  { actions: { type: 'tellFilters', params: ({ event }) => ({ type: 'url.changed', filters: routeFilters(routeOf(event)) }) } },
                ],
                'filters.applied': {
                  guard: { type: 'otherFilters', params: ({ event }) => event.filters },
                  actions: { type: 'applyFilters', params: ({ event }) => event.filters },
                },
              },
            },
            hidden: {
              description: 'Another screen shows: the board stays, the filters stop (a typed search waiting is dropped, the URL is not written).',
              entry: 'markHidden',
              on: {
                'route.shown': [
                  {
                    guard: { type: 'showsAsOtherRole', params: ({ event }) => routeOf(event) },
                    target: '#pipeline.active',
                    reenter: true,
                    actions: ['clearData', { type: 'open', params: ({ event }) => routeOf(event) }],
                  },
                  { guard: { type: 'showsSameFilters', params: ({ event }) => routeOf(event) }, target: 'shown' },
                  {
                    guard: { type: 'showsPipeline', params: ({ event }) => routeOf(event) },
                    target: 'shown',
                    actions: { type: 'applyFilters', params: ({ event }) => routeFilters(routeOf(event)) },
                  },
                ],
              },
            },
          },
        },
        board: {
          description: 'The member’s data; a transition to `loaded` starts it again (every call again) without touching the screen.',
          initial: 'loaded',
          on: {
            // Another member's data; the frequently-used tag values were theirs too.
            'member.selected': [
              { guard: 'shown', target: '.loaded', actions: ['clearData', 'forgetFrequent'] },
              { target: '#pipeline.idle', actions: ['clearData', 'forgetFrequent'] },
            ],
            'leads.changed': [
              {
                guard: { type: 'hidesClosedOnScreen', params: ({ event }) => event },
                target: '.loaded',
                actions: ['clearData', 'hideClosedLeads', { type: 'tellFilters', params: { type: 'user.filterNow', patch: { showClosed: false } } }],
              },
              { guard: 'shown', target: '.loaded', actions: 'clearData' },
              // Away from the screen: its next show reads the filters from the URL.
              { target: '#pipeline.idle', actions: 'clearData' },
            ],
            // SPEC §9: another page size reloads the panels only; the board, its children and an open
            // dialog with what was typed stay (the screen narrows on a rotation, a zoom, a split screen).
            'viewport.changed': {
              guard: { type: 'otherPageSize', params: ({ event }) => event.narrow },
              actions: [{ type: 'takeViewport', params: ({ event }) => event.narrow }, { type: 'reloadPanels', params: null }],
            },
          },
          states: {
            loaded: {
              type: 'parallel',
              invoke: [
                { id: 'tabs', src: 'tabs', input: ({ context }) => ({ realRole: context.realRole }) },
                { id: 'moves', src: 'moves', input: ({ context }) => ({ realRole: context.realRole }) },
              ],
              on: {
                'tabs.listed': { actions: { type: 'showTabs', params: ({ event }) => event.tabs } },
                'tabs.changed': { actions: 'refreshCounts' },
                // The deleted tab's leads are in No tabs now.
                'tabs.deleted': { actions: { type: 'reloadPanels', params: [NO_TAB_ID] } },
                'tabs.failed': { actions: { type: 'notify', params: ({ event }) => ({ kind: 'tabFailed', message: event.message }) } },
                'user.moveLead': { guard: { type: 'hasPanel', params: ({ event }) => event.toTabId }, actions: 'forwardMove' },
                'moves.place': { actions: { type: 'tellPanels', params: ({ context, event }) => placeSends(context, event.lead, event.index) } },
                'moves.saved': { actions: 'refreshCounts' },
                'moves.failed': { actions: { type: 'notify', params: ({ event }) => ({ kind: 'moveFailed', message: event.message }) } },
              },
              states: {
                counts: {
                  initial: 'loading',
                  states: {
                    loading: {
                      on: { 'counts.refresh': { target: 'loading', reenter: true } },
                      invoke: {
                        id: 'loadCounts',
                        src: 'loadCounts',
                        input: ({ context }) => ({ realRole: context.realRole }),
                        onDone: { target: 'shown', actions: { type: 'showCounts', params: ({ event }) => event.output } },
                        onError: { target: 'failed', actions: { type: 'notify', params: ({ event }) => ({ kind: 'loadFailed', message: failureText(event.error) }) } },
                      },
                    },
                    failed: {
                      description: 'The counts could not be loaded; those of before stay. The next change asks again.',
                      on: { 'counts.refresh': 'loading' },
                    },
                    shown: {
                      initial: 'some',
                      on: { 'counts.refresh': 'loading' },
                      states: {
                        some: { always: { guard: 'noLeads', target: 'none' } },
                        none: {
                          description: 'SPEC §2 sync-button guidance mask: the member has no open lead and no filter is on.',
                          tags: ['noLeads'],
                          always: { guard: not('noLeads'), target: 'some' },
                        },
                      },
                    },
                  },
                },
                dialog: dialogRegion,
              },
            },
          },
        },
        frequent: {
          initial: 'none',
          states: {
            none: {},
            kept: {
              description: 'The last frequently-used fetch is handed to the next batch dialog for 10 s (SPEC §9).',
              after: { FREQUENT_TAGS_KEEP: { target: 'none', actions: 'forgetFrequent' } },
            },
          },
          // Into `kept` again (its 10 s start over); not `reenter`, which would restart the other regions too.
          on: { 'tags.frequentFetched': { target: '.kept', actions: { type: 'keepFrequent', params: ({ event }) => event.frequent } } },
        },
      },
    },
  },
});

export type PipelineActorRef = ActorRefFrom<typeof pipelineMachine>;
export type PipelineSnapshot = SnapshotFrom<typeof pipelineMachine>;

// ---------------------------------------------------------------------------------------------
// What the views read: the child flows the pipeline runs now (none while they do not run).

const child = <R>(s: PipelineSnapshot, id: string): R | undefined => (s.children as Record<string, unknown>)[id] as R | undefined;

export const selectTabsFlow = (s: PipelineSnapshot): PipelineTabsActorRef | undefined => child(s, 'tabs');
export const selectMovesFlow = (s: PipelineSnapshot): LeadMovesActorRef | undefined => child(s, 'moves');
export const selectFiltersFlow = (s: PipelineSnapshot): PipelineFilterActorRef | undefined => child(s, 'filters');
export const selectLeadDialog = (s: PipelineSnapshot): LeadDialogActorRef | undefined => child(s, 'leadDialog');
export const selectImportWizard = (s: PipelineSnapshot): ImportWizardActorRef | undefined => child(s, 'importWizard');
export const selectBatchTag = (s: PipelineSnapshot): BatchTagActorRef | undefined => child(s, 'batchTag');
export const selectExport = (s: PipelineSnapshot): PipelineExportActorRef | undefined => child(s, 'pipelineExport');

