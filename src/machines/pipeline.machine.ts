import { and, assign, enqueueActions, not, raise, setup, type ActorRefFrom } from 'xstate';
import { LEADS_PAGE_SIZE, NO_TAB_ID, NO_TAB_NAME, tabNameSchema, type Lead, type Tab } from '../contract/leads';
import type { Answer, Outcome } from './answer';
import { leadPanelMachine, type LeadPanelActorRef, type LeadPanelContext, type LeadPanelEvent } from './lead-panel.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { DEFAULT_FILTERS, isFiltered, queryOfFilters, sameFilters, type PipelineFilters } from './pipeline-filters';
import type { RealRole } from '../contract/roles';

/**
 * The lead pipeline (SPEC §2 Pipeline: lead panels per tab; §3 Tab, Lead list state per tab,
 * Lead search options; §4 Lead), a long-lived flow of the app system ('pipeline'): it lives as
 * long as the session, so its panels survive a visit to another screen (a return is instant), and
 * it hears the system's broadcasts: `member.selected` (another member's pipeline: everything
 * reloads, or is forgotten while the screen is away) and `session.ended` (back to idle, cleared).
 *
 * `idle` until the screen sends `pipeline.open` (on every mount and URL change) with the caller's
 * real role (/admin or /member calls, SPEC §6), the page size (40, 5 on narrow screens, SPEC §9)
 * and the filters read from the URL. Open with the same role and page size, it only applies
 * filters that differ; otherwise it loads everything again. `pipeline.close` (unmount) keeps
 * everything and lets what runs finish.
 *
 * `active` runs six regions side by side:
 * - tabs: the member's tabs (No tabs, id 0, first); one lead panel (src/machines/lead-panel.machine.ts)
 *   is spawned per tab, id `panel-<tabId>`, in tab order, kept across tab reloads and stopped with its tab;
 * - counts: open and awaiting-reply leads per tab (unfiltered), refreshed after an add, a save, a
 *   move, a close, a delete and a tab change (SPEC §4); with no lead at all and no filter the view
 *   shows SPEC §2's sync-button guidance mask ('noLeads');
 * - moves: a lead dragged to another tab moves at once (optimistic) and is saved; a refusal or a
 *   failure puts it back where it was, with a notice. A second move while one saves waits in a
 *   FIFO and runs after. A drop in the same tab is ignored (SPEC §4);
 * - tabOrder: moving a custom tab earlier or later, shown at once, saved, rolled back on failure;
 * - dialog: one dialog at a time: the lead form (a machine of its own, opened by `editing`; the
 *   screen reports `form.saved` / `form.closed`), close with a reason, delete, reopen, the tab
 *   dialog (add, rename, delete: a deleted tab's leads move to No tabs), the import wizard and the
 *   batch tagging of a tab's leads (each its own flow, run by the screen while the dialog state is
 *   on; the screen reports their outcome). A running dialog call ('busy') cannot be cancelled;
 * - filter: the search is applied 300 ms after the last keystroke (`filterDebounce`), the other
 *   filters at once; applying writes the URL (`syncUrl`) and reloads every panel.
 *
 * Tags for the view: loadingTabs, tabsFailed, noLeads, moving, confirmDelete, closing, tabDialog,
 * busy, editing, importing, tagging.
 */

export type TabCounts = { openCount: number; awaitReplyCount: number };
/** What the counts call answered: per tab, and the open leads of every tab together. */
export type LeadCounts = { counts: Record<number, TabCounts>; totalLeads: number };
export type NoticeKind = 'moveFailed' | 'closeFailed' | 'deleteFailed' | 'tabFailed' | 'loadFailed';
export type PipelineNotice = { kind: NoticeKind; message: string };
export type LeadEditing = { mode: 'add'; tabId: number } | { mode: 'edit'; lead: Lead };
export type TabDialog = { mode: 'add' } | { mode: 'rename'; tab: Tab } | { mode: 'delete'; tab: Tab };
export type PanelEntry = { tabId: number; ref: LeadPanelActorRef };

/** A lead move waiting or saving: the lead as it was and its place in the source panel (its rollback). */
export type LeadMove = { leadId: string; fromTabId: number; toTabId: number; lead: Lead; index: number };

/** A lead call's answer; a stale edit carries the lead as it is now (`fresh`). */
export type LeadAnswer = Answer<Lead> | { ok: false; code: number; message: string; fresh?: Lead };

export type RoleInput = { realRole: RealRole };
export type MoveLeadInput = RoleInput & { id: string; editTime: number; tabId: number };
export type CloseLeadInput = RoleInput & { id: string; isClosed: boolean; closedReason?: string };
export type DeleteLeadInput = RoleInput & { id: string };
/** Adds a tab (no `tabId`) or renames one. */
export type SaveTabInput = RoleInput & { tabId?: number; name: string };
export type DeleteTabInput = RoleInput & { tabId: number };
/** Every custom tab id, once each, in the new order. */
export type ReorderTabsInput = RoleInput & { tabIds: number[] };

export type PipelineOpenEvent = { type: 'pipeline.open'; realRole: RealRole; pageSize: number; filters: PipelineFilters };

export type PipelineEvent =
  | PipelineOpenEvent
  | { type: 'pipeline.close' }
  | { type: 'member.selected'; userId: string }
  /**
   * Leads changed elsewhere (the contacts screen, a chat sync): reload now if shown, else when next
   * opened. `hideClosed`: closed leads are hidden after the reload (SPEC §4 Chat sync flow, step 7).
   */
  | { type: 'leads.changed'; hideClosed?: boolean }
  | { type: 'session.ended' }
  | { type: 'user.filter'; patch: Partial<PipelineFilters> }
  | { type: 'user.filterNow'; patch: Partial<PipelineFilters> }
  /** `lead`: the lead as the view shows it, used when the source panel does not list it (any more). */
  | { type: 'user.moveLead'; leadId: string; fromTabId: number; toTabId: number; lead?: Lead }
  | { type: 'user.addLead'; tabId?: number }
  | { type: 'user.editLead'; lead: Lead }
  | { type: 'form.saved'; lead: Lead; previousTabId?: number }
  | { type: 'form.closed' }
  | { type: 'user.closeLead'; lead: Lead }
  | { type: 'user.confirmClose'; reason: string }
  | { type: 'user.reopenLead'; lead: Lead }
  | { type: 'user.deleteLead'; lead: Lead }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.addTab' }
  | { type: 'user.renameTab'; tab: Tab }
  | { type: 'user.deleteTab'; tab: Tab }
  | { type: 'user.saveTab'; name: string }
  | { type: 'user.moveTab'; tabId: number; direction: -1 | 1 }
  | { type: 'user.import' }
  /** The import wizard imported (its dialog stays open on the outcome). */
  | { type: 'import.done' }
  | { type: 'import.closed' }
  /** Batch tagging of every open lead of a tab (SPEC §7 Tags batch update). */
  | { type: 'user.tagLeads'; tabId: number }
  | { type: 'tag.done' }
  | { type: 'user.dismissNotice' }
  | { type: 'user.retry' }
  /** Internal: a change the tab list or the counts show happened. */
  | { type: 'tabs.reload' }
  | { type: 'counts.refresh' };

export type PipelineContext = {
  realRole: RealRole;
  pageSize: number;
  filters: PipelineFilters;
  /** A typed search waiting for the debounce. */
  pendingFilters: Partial<PipelineFilters>;
  /** The screen is on (between `pipeline.open` and `pipeline.close`). */
  visible: boolean;
  /** No tabs (id 0) first, then the custom tabs in order. */
  tabs: Tab[];
  panels: PanelEntry[];
  counts: Record<number, TabCounts>;
  /** Open leads of every tab (the counts call's total); null until loaded. */
  totalLeads: number | null;
  notice: PipelineNotice | null;
  /** The lead of the open close or delete dialog (or being reopened). */
  target: Lead | null;
  editing: LeadEditing | null;
  tabDialog: TabDialog | null;
  /** Why the tab dialog's call was refused, shown in the dialog. */
  tabError: string | null;
  /** The tab whose leads the batch-tag dialog tags. */
  tagTabId: number | null;
  /** The lead moves not saved yet, the saving one first. */
  moves: LeadMove[];
  /** The custom tab order before an unsaved reorder (its rollback). */
  tabOrderBefore: number[] | null;
};

/** What the flow holds before it is opened (and after sign-out). */
export const initialPipelineContext = (): PipelineContext => ({
  realRole: 'member',
  pageSize: LEADS_PAGE_SIZE,
  filters: DEFAULT_FILTERS,
  pendingFilters: {},
  visible: false,
  tabs: [],
  panels: [],
  counts: {},
  totalLeads: null,
  notice: null,
  target: null,
  editing: null,
  tabDialog: null,
  tabError: null,
  tagTabId: null,
  moves: [],
  tabOrderBefore: null,
});

/** Debounce of the typed search (ms). */
export const FILTER_DEBOUNCE_MS = 300;

const noTabs: Tab = { id: NO_TAB_ID, name: NO_TAB_NAME, isDefault: 1 };

/** No tabs first (added when missing), then the custom tabs in the order given. */
export const orderTabs = (tabs: readonly Tab[]): Tab[] => [tabs.find((t) => t.id === NO_TAB_ID) ?? noTabs, ...tabs.filter((t) => t.id !== NO_TAB_ID)];

/** The custom tab ids in order. */
export const customTabIds = (tabs: readonly Tab[]): number[] => tabs.filter((t) => t.id !== NO_TAB_ID).map((t) => t.id);

/** The tabs with the custom ones in the order of `ids` (tabs not in `ids` after them, as they were). */
const tabsInOrder = (tabs: readonly Tab[], ids: readonly number[]): Tab[] => {
  const rank = (t: Tab) => (ids.includes(t.id) ? ids.indexOf(t.id) : ids.length);
  return orderTabs([...tabs].sort((a, b) => (a.id === NO_TAB_ID ? -1 : b.id === NO_TAB_ID ? 1 : rank(a) - rank(b))));
};

/** The panels in the order of the tabs. */
const panelsInOrder = (panels: readonly PanelEntry[], tabs: readonly Tab[]): PanelEntry[] =>
  tabs.flatMap((t) => panels.filter((p) => p.tabId === t.id));

/** The custom tab ids after moving `tabId` one place (null when it cannot move that way). */
export const movedTabOrder = (tabs: readonly Tab[], tabId: number, direction: -1 | 1): number[] | null => {
  const ids = customTabIds(tabs);
  const at = ids.indexOf(tabId);
  const to = at + direction;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const out = [...ids];
  out[at] = ids[to]!;
  out[to] = tabId;
  return out;
};

const panelOf = (context: PipelineContext, tabId: number): LeadPanelActorRef | undefined => context.panels.find((p) => p.tabId === tabId)?.ref;

/** The leads a panel shows now (none when it has no list yet). */
const panelLeads = (ref: LeadPanelActorRef | undefined): readonly Lead[] =>
  (ref?.getSnapshot().context as LeadPanelContext | undefined)?.leads ?? [];

type MoveRequest = { leadId: string; fromTabId: number; toTabId: number; lead?: Lead | undefined };

/** The move a drop asks for: the lead and its place in the source panel (null when it cannot move). */
const moveOf = (context: PipelineContext, m: MoveRequest): LeadMove | null => {
  if (m.fromTabId === m.toTabId || !panelOf(context, m.toTabId)) return null;
  const leads = panelLeads(panelOf(context, m.fromTabId));
  const index = leads.findIndex((l) => l.id === m.leadId);
  const lead = leads[index] ?? (m.lead?.id === m.leadId ? m.lead : undefined);
  return lead ? { leadId: m.leadId, fromTabId: m.fromTabId, toTabId: m.toTabId, lead, index: Math.max(0, index) } : null;
};

/** A failed call's text for a notice (the API client's English text, or a plain one). */
const failureText = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'The request failed.');

const namesTab = (context: PipelineContext): boolean => context.tabDialog !== null && context.tabDialog.mode !== 'delete';

/** Why a tab name is refused (the contract's message), or null. */
export const tabNameError = (name: string): string | null => {
  const parsed = tabNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a tab name');
};

type PanelSend = { tabId: number; event: LeadPanelEvent };

/** A move shows at once: out of the source panel, on top of the target. */
const moveSends = (move: LeadMove | null): PanelSend[] =>
  move
    ? [
        { tabId: move.fromTabId, event: { type: 'panel.remove', leadId: move.leadId } },
        { tabId: move.toTabId, event: { type: 'panel.put', lead: { ...move.lead, tabId: move.toTabId }, index: 0 } },
      ]
    : [];

/** The lead in its tab's panel (at `index` when it is not there yet), out of every other panel. */
const placeSends = (context: PipelineContext, lead: Lead, index: number): PanelSend[] =>
  context.panels.map((p) => ({
    tabId: p.tabId,
    event: p.tabId === lead.tabId ? { type: 'panel.put', lead, index } : { type: 'panel.remove', leadId: lead.id },
  }));

/**
 * The saving move went through: the server's lead, in its tab only. While a later move of the
 * same lead waits, the panels stay as they are (they already show that later move).
 */
const settledSends = (context: PipelineContext, saved: Lead): PanelSend[] =>
  context.moves.slice(1).some((m) => m.leadId === saved.id) ? [] : placeSends(context, saved, 0);

/**
 * The saving move failed: the lead goes back where it was, at its place (or as the server has it
 * now, after a stale edit), and out of every other panel.
 */
const rolledBackSends = (context: PipelineContext, fresh: Lead | undefined): PanelSend[] => {
  const move = context.moves[0];
  if (!move) return [];
  const back = fresh ?? move.lead;
  return placeSends(context, back, back.tabId === move.fromTabId ? move.index : 0);
};

/** A lead saved by the form: in its tab's panel, out of the tab it left. */
const savedSends = (context: PipelineContext, lead: Lead, previousTabId: number | undefined): PanelSend[] => {
  const editing = context.editing;
  const before = previousTabId ?? (editing?.mode === 'edit' ? editing.lead.tabId : undefined);
  const sends: PanelSend[] = [{ tabId: lead.tabId, event: { type: 'panel.put', lead, index: 0 } }];
  if (before !== undefined && before !== lead.tabId) sends.push({ tabId: before, event: { type: 'panel.remove', leadId: lead.id } });
  return sends;
};

/** A closed lead stays in its panel only while closed leads are shown; a reopened one is put back. */
const answeredSends = (context: PipelineContext, lead: Lead): PanelSend[] => [
  { tabId: lead.tabId, event: !lead.isClosed || context.filters.showClosed ? { type: 'panel.put', lead, index: 0 } : { type: 'panel.remove', leadId: lead.id } },
];

/** The filters after the pending search and `patch`. */
const nextFilters = (context: PipelineContext, patch: Partial<PipelineFilters>): PipelineFilters => ({ ...context.filters, ...context.pendingFilters, ...patch });

/** The custom tab order after moving a tab (its input is a `user.moveTab`). */
const tabMoveOf = (context: PipelineContext, m: { tabId: number; direction: -1 | 1 }): number[] => movedTabOrder(context.tabs, m.tabId, m.direction) ?? customTabIds(context.tabs);

/** The answer's lead (the success branch after the `refused` guard). */
const leadOf = (answer: LeadAnswer): Lead => (answer as { ok: true; data: Lead }).data;
/** The refusal's message (the branch the `refused` guard took). */
const refusalText = (answer: { ok: boolean; message?: string }): string => answer.message ?? '';

const pipelineSetup = setup({
  types: {} as {
    context: PipelineContext;
    events: PipelineEvent;
    tags: 'loadingTabs' | 'tabsFailed' | 'noLeads' | 'moving' | 'confirmDelete' | 'closing' | 'tabDialog' | 'busy' | 'editing' | 'importing' | 'tagging';
  },
  actors: {
    leadPanel: leadPanelMachine,
    loadTabs: actorNotProvided<Tab[], RoleInput>('loadTabs'),
    loadCounts: actorNotProvided<LeadCounts, RoleInput>('loadCounts'),
    moveLead: actorNotProvided<LeadAnswer, MoveLeadInput>('moveLead'),
    closeLead: actorNotProvided<LeadAnswer, CloseLeadInput>('closeLead'),
    deleteLead: actorNotProvided<Outcome, DeleteLeadInput>('deleteLead'),
    saveTab: actorNotProvided<Answer<Tab>, SaveTabInput>('saveTab'),
    deleteTab: actorNotProvided<Outcome, DeleteTabInput>('deleteTab'),
    reorderTabs: actorNotProvided<Answer<Tab[]>, ReorderTabsInput>('reorderTabs'),
  },
  delays: { filterDebounce: FILTER_DEBOUNCE_MS },
  actions: {
    /** Writes the filters into the URL (the query string of `queryOfFilters`), replacing the entry. */
    syncUrl: actionNotProvided<{ query: string }>('syncUrl'),
    open: assign((_, e: PipelineOpenEvent) => ({ realRole: e.realRole, pageSize: e.pageSize, filters: e.filters, pendingFilters: {}, visible: true })),
    show: assign({ visible: true }),
    hide: assign({ visible: false }),
    reset: assign(() => initialPipelineContext()),
    showCounts: assign((_, loaded: LeadCounts) => ({ counts: loaded.counts, totalLeads: loaded.totalLeads })),
    notify: assign((_, notice: PipelineNotice) => ({ notice })),
    dismissNotice: assign({ notice: null }),
    holdFilters: assign(({ context }, patch: Partial<PipelineFilters>) => ({ pendingFilters: { ...context.pendingFilters, ...patch } })),
    dropPendingFilters: assign({ pendingFilters: {} }),
    queueMove: assign(({ context }, move: LeadMove | null) => (move ? { moves: [...context.moves, move] } : {})),
    /** The saved move leaves the queue; a later move of the same lead takes the saved lead (its edit time). */
    settleMove: assign(({ context }, saved: Lead) => ({
      moves: context.moves.slice(1).map((m) => (m.leadId === saved.id ? { ...m, lead: { ...saved, tabId: m.fromTabId } } : m)),
    })),
    /** The failed move leaves the queue with the later moves of the same lead (the lead is back where it was). */
    dropMove: assign(({ context }, message: string) => {
      const failed = context.moves[0];
      return { moves: context.moves.slice(1).filter((m) => m.leadId !== failed?.leadId), notice: { kind: 'moveFailed' as const, message } };
    }),
    /** Reorders the custom tabs (and their panels) at once, remembering the order of before. */
    reorderTabs: assign(({ context }, ids: number[]) => {
      const tabs = tabsInOrder(context.tabs, ids);
      return { tabOrderBefore: customTabIds(context.tabs), tabs, panels: panelsInOrder(context.panels, tabs) };
    }),
    keepTabOrder: assign({ tabOrderBefore: null }),
    rollBackTabs: assign(({ context }, message: string) => {
      const tabs = tabsInOrder(context.tabs, context.tabOrderBefore ?? []);
      return { tabs, panels: panelsInOrder(context.panels, tabs), tabOrderBefore: null, notice: { kind: 'tabFailed' as const, message } };
    }),
    openEditing: assign((_, editing: LeadEditing) => ({ editing })),
    openTarget: assign((_, target: Lead) => ({ target })),
    openTabDialog: assign((_, tabDialog: TabDialog) => ({ tabDialog, tabError: null })),
    showTabError: assign((_, tabError: string | null) => ({ tabError })),
    closeDialog: assign({ target: null, editing: null, tabDialog: null, tabError: null, tagTabId: null }),
    openTagging: assign((_, tagTabId: number) => ({ tagTabId })),
    /** SPEC §4 Chat sync flow, step 7: the leads come back with closed ones hidden. */
    hideClosedLeads: assign(({ context }) => ({ filters: { ...context.filters, showClosed: false } })),
    refreshCounts: raise({ type: 'counts.refresh' }),
    reloadTabs: raise({ type: 'tabs.reload' }),
  },
  guards: {
    /** The screen comes back with the role and page size of before: the data stays. */
    sameSetup: ({ context }, e: PipelineOpenEvent) => e.realRole === context.realRole && e.pageSize === context.pageSize,
    /** ... and the filters of before: nothing to do. */
    sameOpen: ({ context }, e: PipelineOpenEvent) =>
      e.realRole === context.realRole && e.pageSize === context.pageSize && sameFilters(e.filters, context.filters),
    visible: ({ context }) => context.visible,
    /** A reload on screen that must hide the closed leads the filters show now. */
    hidesClosedOnScreen: ({ context }, e: { hideClosed?: boolean }) => context.visible && e.hideClosed === true && context.filters.showClosed,
    changesFilters: ({ context }, patch: Partial<PipelineFilters>) => !sameFilters(nextFilters(context, patch), context.filters),
    /** SPEC §4: a drop in the same tab is ignored; the lead must be on screen and the target a panel. */
    canMove: ({ context }, request: MoveRequest) => moveOf(context, request) !== null,
    hasQueuedMoves: ({ context }) => context.moves.length > 0,
    canMoveTab: ({ context }, params: { tabId: number; direction: -1 | 1 }) => movedTabOrder(context.tabs, params.tabId, params.direction) !== null,
    isCustomTab: (_, tab: Tab) => tab.id !== NO_TAB_ID,
    isOpenLead: (_, lead: Lead) => !lead.isClosed,
    isClosedLead: (_, lead: Lead) => lead.isClosed,
    refused: (_, answer: { ok: boolean }) => !answer.ok,
    /** SPEC §2: no lead at all and no filter: the sync-button guidance mask. */
    noLeads: ({ context }) => context.totalLeads === 0 && !isFiltered(context.filters),
    namesTab: ({ context }) => namesTab(context),
    deletesTab: ({ context }) => context.tabDialog?.mode === 'delete',
    /** An add or rename dialog with a name the contract accepts. */
    canSaveTab: ({ context }, name: string) => namesTab(context) && tabNameError(name) === null,
  },
}).extend({
  // XState cannot type enqueueActions declared in setup() beside typed actions; they are added here.
  actions: {
    /** Forgets the member's data (another member, or a new open): the panels stop. */
    clearData: enqueueActions(({ context, enqueue }) => {
      for (const p of context.panels) enqueue.stopChild(p.ref);
      enqueue.assign({ tabs: [], panels: [], counts: {}, totalLeads: null, notice: null, target: null, editing: null, tabDialog: null, tabError: null, tagTabId: null, moves: [], tabOrderBefore: null });
    }),
    /** Sends events to panels by tab id (a tab without a panel is skipped). */
    tellPanels: enqueueActions(({ context, enqueue }, sends: readonly PanelSend[]) => {
      for (const s of sends) {
        const ref = panelOf(context, s.tabId);
        if (ref) enqueue.sendTo(ref, s.event);
      }
    }),
    /** New tabs: keep the panels of the tabs still there, stop the others, spawn one per new tab. */
    showTabs: enqueueActions(({ context, enqueue }, loaded: readonly Tab[]) => {
      const tabs = orderTabs(loaded);
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
    /** New filters (the pending search and the patch over the current ones): every panel starts again. */
    applyFilters: enqueueActions(({ context, enqueue }, patch: Partial<PipelineFilters>) => {
      const filters = nextFilters(context, patch);
      enqueue.assign({ filters, pendingFilters: {} });
      for (const p of context.panels) enqueue.sendTo(p.ref, { type: 'panel.reload', filters });
    }),
    /** Leads changed outside the panels (an import, batch tagging): every panel loads again. */
    reloadPanels: enqueueActions(({ context, enqueue }) => {
      for (const p of context.panels) enqueue.sendTo(p.ref, { type: 'panel.reload', filters: context.filters });
    }),
    /** Filters from the URL (the screen's open): applied, without writing the URL back. */
    takeFilters: enqueueActions(({ context, enqueue }, filters: PipelineFilters) => {
      enqueue.assign({ filters, pendingFilters: {}, visible: true });
      for (const p of context.panels) enqueue.sendTo(p.ref, { type: 'panel.reload', filters });
    }),
  },
});

/** The URL write after filters were applied (reads the context the applying left). */
const syncUrl = { type: 'syncUrl', params: ({ context }: { context: PipelineContext }) => ({ query: queryOfFilters(context.filters) }) } as const;

/**
 * A state of the dialog region that closes the target lead (with the reason the dialog gave) or
 * opens it again: the answered lead goes where it belongs and the counts refresh; a refusal
 * (LEAD_NEEDS_TAB ...) or a failure is a notice. Either way the dialog closes.
 */
const closeCall = (config: { description: string; tags: ('closing' | 'busy')[]; id: 'closeLead' | 'reopenLead'; isClosed: boolean }) =>
  pipelineSetup.createStateConfig({
    description: config.description,
    tags: config.tags,
    invoke: {
      id: config.id,
      src: 'closeLead',
      input: ({ context, event }) => {
        const reason = config.isClosed && event.type === 'user.confirmClose' ? event.reason.trim() : '';
        return { realRole: context.realRole, id: context.target!.id, isClosed: config.isClosed, ...(reason === '' ? {} : { closedReason: reason }) };
      },
      onDone: [
        {
          guard: { type: 'refused', params: ({ event }) => event.output },
          target: 'none',
          actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'closeFailed', message: refusalText(event.output) }) }, 'closeDialog'],
        },
        {
          target: 'none',
          actions: [{ type: 'tellPanels', params: ({ context, event }) => answeredSends(context, leadOf(event.output)) }, 'closeDialog', 'refreshCounts'],
        },
      ],
      onError: { target: 'none', actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'closeFailed', message: failureText(event.error) }) }, 'closeDialog'] },
    },
  });

export const pipelineMachine = pipelineSetup.createMachine({
  id: 'pipeline',
  context: initialPipelineContext,
  initial: 'idle',
  on: {
    'session.ended': { target: '.idle', actions: ['clearData', 'reset'] },
  },
  states: {
    idle: {
      description: 'Not opened since the session began (or since the member changed while the screen was away): nothing loaded.',
      on: { 'pipeline.open': { target: 'active', actions: { type: 'open', params: ({ event }) => event } } },
    },
    active: {
      description: 'Opened: the tabs, their panels and the counts of the selected member, kept while the screen is away.',
      type: 'parallel',
      on: {
        'pipeline.open': [
          { guard: { type: 'sameOpen', params: ({ event }) => event }, actions: 'show' },
          { guard: { type: 'sameSetup', params: ({ event }) => event }, actions: { type: 'takeFilters', params: ({ event }) => event.filters } },
          { target: 'active', reenter: true, actions: ['clearData', { type: 'open', params: ({ event }) => event }] },
        ],
        'pipeline.close': { actions: 'hide' },
        'member.selected': [
          { guard: 'visible', target: 'active', reenter: true, actions: 'clearData' },
          { target: 'idle', actions: 'clearData' },
        ],
        'leads.changed': [
          {
            guard: { type: 'hidesClosedOnScreen', params: ({ event }) => event },
            target: 'active',
            reenter: true,
            actions: ['clearData', 'hideClosedLeads', syncUrl],
          },
          { guard: 'visible', target: 'active', reenter: true, actions: 'clearData' },
          // Away from the screen: its next open reads the filters from the URL.
          { target: 'idle', actions: 'clearData' },
        ],
        'user.dismissNotice': { actions: 'dismissNotice' },
      },
      states: {
        tabs: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['loadingTabs'],
              on: { 'tabs.reload': { target: 'loading', reenter: true } },
              invoke: {
                id: 'loadTabs',
                src: 'loadTabs',
                input: ({ context }) => ({ realRole: context.realRole }),
                onDone: { target: 'ready', actions: { type: 'showTabs', params: ({ event }) => event.output } },
                onError: 'failed',
              },
            },
            failed: {
              description: 'The tabs could not be loaded; the panels of before (if any) stay. The view offers a retry.',
              tags: ['tabsFailed'],
              on: { 'user.retry': 'loading', 'tabs.reload': 'loading' },
            },
            ready: { on: { 'tabs.reload': 'loading' } },
          },
        },
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
        moves: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.moveLead': {
                  guard: { type: 'canMove', params: ({ event }) => event },
                  target: 'saving',
                  actions: [
                    { type: 'tellPanels', params: ({ context, event }) => moveSends(moveOf(context, event)) },
                    { type: 'queueMove', params: ({ context, event }) => moveOf(context, event) },
                  ],
                },
              },
            },
            saving: {
              description: 'The first queued move is saving; moves dropped meanwhile show at once and wait their turn.',
              tags: ['moving'],
              on: {
                'user.moveLead': {
                  guard: { type: 'canMove', params: ({ event }) => event },
                  actions: [
                    { type: 'tellPanels', params: ({ context, event }) => moveSends(moveOf(context, event)) },
                    { type: 'queueMove', params: ({ context, event }) => moveOf(context, event) },
                  ],
                },
              },
              invoke: {
                id: 'moveLead',
                src: 'moveLead',
                input: ({ context }) => {
                  const move = context.moves[0]!;
                  return { realRole: context.realRole, id: move.leadId, editTime: move.lead.editTime, tabId: move.toTabId };
                },
                onDone: [
                  {
                    guard: { type: 'refused', params: ({ event }) => event.output },
                    target: 'next',
                    actions: [
                      { type: 'tellPanels', params: ({ context, event }) => rolledBackSends(context, 'fresh' in event.output ? event.output.fresh : undefined) },
                      { type: 'dropMove', params: ({ event }) => refusalText(event.output) },
                    ],
                  },
                  {
                    target: 'next',
                    actions: [
                      { type: 'tellPanels', params: ({ context, event }) => settledSends(context, leadOf(event.output)) },
                      { type: 'settleMove', params: ({ event }) => leadOf(event.output) },
                      'refreshCounts',
                    ],
                  },
                ],
                onError: {
                  target: 'next',
                  actions: [
                    { type: 'tellPanels', params: ({ context }) => rolledBackSends(context, undefined) },
                    { type: 'dropMove', params: ({ event }) => failureText(event.error) },
                  ],
                },
              },
            },
            next: {
              description: 'A move ended: the next queued one saves, if any.',
              tags: ['moving'],
              always: [{ guard: 'hasQueuedMoves', target: 'saving' }, { target: 'idle' }],
            },
          },
        },
        tabOrder: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.moveTab': {
                  guard: { type: 'canMoveTab', params: ({ event }) => event },
                  target: 'saving',
                  actions: { type: 'reorderTabs', params: ({ context, event }) => tabMoveOf(context, event) },
                },
              },
            },
            saving: {
              description: 'The new tab order shows and is saving; moving a tab again waits until it is saved.',
              invoke: {
                id: 'reorderTabs',
                src: 'reorderTabs',
                input: ({ context }) => ({ realRole: context.realRole, tabIds: customTabIds(context.tabs) }),
                onDone: [
                  { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'idle', actions: { type: 'rollBackTabs', params: ({ event }) => refusalText(event.output) } },
                  { target: 'idle', actions: 'keepTabOrder' },
                ],
                onError: { target: 'idle', actions: { type: 'rollBackTabs', params: ({ event }) => failureText(event.error) } },
              },
            },
          },
        },
        dialog: {
          initial: 'none',
          states: {
            none: {
              on: {
                'user.addLead': { target: 'editing', actions: { type: 'openEditing', params: ({ event }) => ({ mode: 'add', tabId: event.tabId ?? NO_TAB_ID }) } },
                'user.editLead': { target: 'editing', actions: { type: 'openEditing', params: ({ event }) => ({ mode: 'edit', lead: event.lead }) } },
                'user.closeLead': {
                  guard: { type: 'isOpenLead', params: ({ event }) => event.lead },
                  target: 'closing',
                  actions: { type: 'openTarget', params: ({ event }) => event.lead },
                },
                'user.reopenLead': {
                  guard: { type: 'isClosedLead', params: ({ event }) => event.lead },
                  target: 'reopening',
                  actions: { type: 'openTarget', params: ({ event }) => event.lead },
                },
                'user.deleteLead': { target: 'confirmDelete', actions: { type: 'openTarget', params: ({ event }) => event.lead } },
                'user.addTab': { target: 'tabDialog', actions: { type: 'openTabDialog', params: { mode: 'add' } } },
                'user.renameTab': {
                  guard: { type: 'isCustomTab', params: ({ event }) => event.tab },
                  target: 'tabDialog',
                  actions: { type: 'openTabDialog', params: ({ event }) => ({ mode: 'rename', tab: event.tab }) },
                },
                'user.deleteTab': {
                  guard: { type: 'isCustomTab', params: ({ event }) => event.tab },
                  target: 'tabDialog',
                  actions: { type: 'openTabDialog', params: ({ event }) => ({ mode: 'delete', tab: event.tab }) },
                },
                'user.import': 'importing',
                'user.tagLeads': { target: 'tagging', actions: { type: 'openTagging', params: ({ event }) => event.tabId } },
              },
            },
            importing: {
              description: 'The import wizard is open (its own flow, run by the screen); new leads go to No tabs.',
              tags: ['importing'],
              on: {
                'import.done': { actions: ['reloadPanels', 'refreshCounts'] },
                'import.closed': 'none',
              },
            },
            tagging: {
              description: "The batch-tag dialog is open on every open lead of `tagTabId` (its own flow, run by the screen).",
              tags: ['tagging'],
              on: {
                'tag.done': { target: 'none', actions: ['closeDialog', 'reloadPanels'] },
                'user.cancel': { target: 'none', actions: 'closeDialog' },
              },
            },
            editing: {
              description: 'The lead form is open (its own machine, run by the screen), adding a lead or editing one.',
              tags: ['editing'],
              on: {
                'form.saved': {
                  target: 'none',
                  actions: [
                    { type: 'tellPanels', params: ({ context, event }) => savedSends(context, event.lead, event.previousTabId) },
                    'closeDialog',
                    'refreshCounts',
                  ],
                },
                'form.closed': { target: 'none', actions: 'closeDialog' },
              },
            },
            closing: {
              description: 'The close dialog asks for a reason.',
              tags: ['closing'],
              on: {
                'user.confirmClose': 'closeSaving',
                'user.cancel': { target: 'none', actions: 'closeDialog' },
              },
            },
            closeSaving: closeCall({
              description: 'The lead is being closed; the dialog waits (a cancel is not taken).',
              tags: ['closing', 'busy'],
              id: 'closeLead',
              isClosed: true,
            }),
            reopening: closeCall({ description: 'A closed lead is being opened again (no dialog).', tags: [], id: 'reopenLead', isClosed: false }),
            confirmDelete: {
              description: 'The delete dialog waits for the person to confirm.',
              tags: ['confirmDelete'],
              on: {
                'user.confirm': 'deleting',
                'user.cancel': { target: 'none', actions: 'closeDialog' },
              },
            },
            deleting: {
              description: 'The lead is being deleted; the dialog waits (a cancel is not taken).',
              tags: ['confirmDelete', 'busy'],
              invoke: {
                id: 'deleteLead',
                src: 'deleteLead',
                input: ({ context }) => ({ realRole: context.realRole, id: context.target!.id }),
                onDone: [
                  {
                    guard: { type: 'refused', params: ({ event }) => event.output },
                    target: 'none',
                    actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'deleteFailed', message: refusalText(event.output) }) }, 'closeDialog'],
                  },
                  {
                    target: 'none',
                    actions: [
                      { type: 'tellPanels', params: ({ context }) => [{ tabId: context.target!.tabId, event: { type: 'panel.remove', leadId: context.target!.id } }] },
                      'closeDialog',
                      'refreshCounts',
                    ],
                  },
                ],
                onError: { target: 'none', actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'deleteFailed', message: failureText(event.error) }) }, 'closeDialog'] },
              },
            },
            tabDialog: {
              description: 'The tab dialog: a name to add or rename a tab, or the confirmation of a delete (its leads move to No tabs).',
              tags: ['tabDialog'],
              on: {
                'user.saveTab': [
                  { guard: { type: 'canSaveTab', params: ({ event }) => event.name }, target: 'tabSaving', actions: { type: 'showTabError', params: null } },
                  // The contract's own rule, before any call.
                  { guard: 'namesTab', actions: { type: 'showTabError', params: ({ event }) => tabNameError(event.name) } },
                ],
                'user.confirm': { guard: 'deletesTab', target: 'tabDeleting' },
                'user.cancel': { target: 'none', actions: 'closeDialog' },
              },
            },
            tabSaving: {
              description: 'The tab is being added or renamed; a refusal (a name in use) shows in the dialog.',
              tags: ['tabDialog', 'busy'],
              invoke: {
                id: 'saveTab',
                src: 'saveTab',
                input: ({ context, event }) => {
                  const name = event.type === 'user.saveTab' ? event.name.trim() : '';
                  const dialog = context.tabDialog;
                  return { realRole: context.realRole, name, ...(dialog?.mode === 'rename' ? { tabId: dialog.tab.id } : {}) };
                },
                onDone: [
                  { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'tabDialog', actions: { type: 'showTabError', params: ({ event }) => refusalText(event.output) } },
                  { target: 'none', actions: ['closeDialog', 'reloadTabs', 'refreshCounts'] },
                ],
                onError: { target: 'tabDialog', actions: { type: 'showTabError', params: ({ event }) => failureText(event.error) } },
              },
            },
            tabDeleting: {
              description: 'The tab is being deleted; its leads move to No tabs.',
              tags: ['tabDialog', 'busy'],
              invoke: {
                id: 'deleteTab',
                src: 'deleteTab',
                input: ({ context }) => ({ realRole: context.realRole, tabId: context.tabDialog?.mode === 'delete' ? context.tabDialog.tab.id : NO_TAB_ID }),
                onDone: [
                  { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'tabDialog', actions: { type: 'showTabError', params: ({ event }) => refusalText(event.output) } },
                  {
                    target: 'none',
                    actions: [
                      // The deleted tab's leads are in No tabs now.
                      { type: 'tellPanels', params: ({ context }) => [{ tabId: NO_TAB_ID, event: { type: 'panel.reload', filters: context.filters } }] },
                      'closeDialog',
                      'reloadTabs',
                      'refreshCounts',
                    ],
                  },
                ],
                onError: { target: 'tabDialog', actions: { type: 'showTabError', params: ({ event }) => failureText(event.error) } },
              },
            },
          },
        },
        filter: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.filter': { target: 'debouncing', actions: { type: 'holdFilters', params: ({ event }) => event.patch } },
                'user.filterNow': {
                  guard: { type: 'changesFilters', params: ({ event }) => event.patch },
                  actions: [{ type: 'applyFilters', params: ({ event }) => event.patch }, syncUrl],
                },
              },
            },
            debouncing: {
              description: 'A typed search waits 300 ms for the next keystroke before it applies.',
              on: {
                'user.filter': { target: 'debouncing', reenter: true, actions: { type: 'holdFilters', params: ({ event }) => event.patch } },
                'user.filterNow': [
                  {
                    guard: { type: 'changesFilters', params: ({ event }) => event.patch },
                    target: 'idle',
                    actions: [{ type: 'applyFilters', params: ({ event }) => event.patch }, syncUrl],
                  },
                  { target: 'idle', actions: 'dropPendingFilters' },
                ],
              },
              after: {
                filterDebounce: [
                  { guard: and(['visible', { type: 'changesFilters', params: {} }]), target: 'idle', actions: [{ type: 'applyFilters', params: {} }, syncUrl] },
                  // Nothing changed, or the screen went away meanwhile (its URL no longer shows the pipeline).
                  { target: 'idle', actions: 'dropPendingFilters' },
                ],
              },
            },
          },
        },
      },
    },
  },
});

export type PipelineActorRef = ActorRefFrom<typeof pipelineMachine>;
