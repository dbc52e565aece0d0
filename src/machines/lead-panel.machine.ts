import { assign, setup, type ActorRefFrom } from 'xstate';
import type { Lead } from '../contract/leads';
import { actorNotProvided } from './not-provided';
import type { PipelineFilters } from './pipeline-filters';
import type { RealRole } from '../contract/roles';

/**
 * One lead panel of the pipeline: one tab's lead list (SPEC §2 Pipeline: lead panels per tab;
 * §3 Lead list state per tab: page, pageSize, totalCount, loading, isEnd, leads). The pipeline
 * (src/machines/pipeline.machine.ts) spawns one per tab and tells it what changed.
 *
 * Paging (SPEC §4 Lead): the first page loads at start; the view asks for the next one as the
 * list scrolls to its end (`user.loadMore`, ignored while a load runs or once paging is complete).
 * Paging is complete when a page returns fewer rows than the page size. Moves, adds and deletes
 * shift the server's offsets, so an appended page drops the rows already on screen.
 *
 * From the pipeline: `panel.reload` (new filters, another page size as the screen narrows or
 * widens, or something changed the list) starts again at page 1, cancelling a running load (its
 * answer is ignored); the leads on screen stay until the new first page replaces them. `panel.remove` and `panel.put` change the list at once
 * (optimistic moves, saved forms, closes) and keep `totalCount` in step.
 *
 * Tags for the view: loading (the first page is on its way), loadingMore, failed, empty.
 */


export type LeadPanelInput = { realRole: RealRole; tabId: number; pageSize: number; filters: PipelineFilters };

export type LeadPage = { rows: Lead[]; totalCount: number };

export type LoadLeadPageInput = { realRole: RealRole; tabId: number; filters: PipelineFilters; page: number; pageSize: number };

export type LeadPanelContext = LeadPanelInput & {
  leads: Lead[];
  /** Pages of the current filters loaded (0: none yet). */
  page: number;
  totalCount: number;
  /** The last page came back short: there is nothing more to load. */
  isEnd: boolean;
};

export type LeadPanelEvent =
  | { type: 'user.loadMore' }
  | { type: 'user.retry' }
  | { type: 'panel.reload'; filters?: PipelineFilters; pageSize?: number }
  | { type: 'panel.remove'; leadId: string }
  | { type: 'panel.put'; lead: Lead; index?: number };

/** The leads with `lead` in place of the one with its id, or inserted at `index` (default the top). */
export const putLead = (leads: readonly Lead[], lead: Lead, index = 0): { leads: Lead[]; added: boolean } => {
  const at = leads.findIndex((l) => l.id === lead.id);
  if (at >= 0) return { leads: leads.map((l, i) => (i === at ? lead : l)), added: false };
  const out = [...leads];
  out.splice(Math.max(0, Math.min(index, out.length)), 0, lead);
  return { leads: out, added: true };
};

/** A page's rows after the leads on screen, without those already there. */
const appendRows = (leads: readonly Lead[], rows: readonly Lead[]): Lead[] => {
  const ids = new Set(leads.map((l) => l.id));
  return [...leads, ...rows.filter((r) => !ids.has(r.id))];
};

export const leadPanelMachine = setup({
  types: {} as {
    context: LeadPanelContext;
    events: LeadPanelEvent;
    input: LeadPanelInput;
    tags: 'loading' | 'loadingMore' | 'failed' | 'empty';
  },
  actors: {
    loadPage: actorNotProvided<LeadPage, LoadLeadPageInput>('loadPage'),
  },
  actions: {
    /** A first page replaces the leads on screen. */
    showFirstPage: assign((_, page: LeadPage) => ({ leads: page.rows, page: 1, totalCount: page.totalCount })),
    appendPage: assign(({ context }, page: LeadPage) => ({
      leads: appendRows(context.leads, page.rows),
      page: context.page + 1,
      totalCount: page.totalCount,
    })),
    /** SPEC §4: paging is complete when a page returns fewer rows than the page size. */
    noteEnd: assign(({ context }, page: LeadPage) => ({ isEnd: page.rows.length < context.pageSize })),
    restart: assign(({ context }, params: { filters: PipelineFilters | undefined; pageSize: number | undefined }) => ({
      filters: params.filters ?? context.filters,
      pageSize: params.pageSize ?? context.pageSize,
      page: 0,
      isEnd: false,
    })),
    removeLead: assign(({ context }, params: { leadId: string }) => {
      if (!context.leads.some((l) => l.id === params.leadId)) return {};
      return { leads: context.leads.filter((l) => l.id !== params.leadId), totalCount: Math.max(0, context.totalCount - 1) };
    }),
    putLead: assign(({ context }, params: { lead: Lead; index: number | undefined }) => {
      const { leads, added } = putLead(context.leads, params.lead, params.index);
      return { leads, totalCount: added ? context.totalCount + 1 : context.totalCount };
    }),
  },
  guards: {
    canLoadMore: ({ context }) => context.page > 0 && !context.isEnd,
    nothingLoaded: ({ context }) => context.page === 0,
    hasNoLeads: ({ context }) => context.leads.length === 0,
    hasLeads: ({ context }) => context.leads.length > 0,
  },
}).createMachine({
  id: 'leadPanel',
  meta: { recordable: ['realRole', 'tabId', 'pageSize', 'filters', 'page', 'totalCount', 'isEnd'] },
  context: ({ input }) => ({ ...input, leads: [], page: 0, totalCount: 0, isEnd: false }),
  initial: 'loading',
  on: {
    'panel.reload': {
      target: '.loading',
      reenter: true,
      actions: { type: 'restart', params: ({ event }) => ({ filters: event.filters, pageSize: event.pageSize }) },
    },
    'panel.remove': { actions: { type: 'removeLead', params: ({ event }) => ({ leadId: event.leadId }) } },
    'panel.put': { actions: { type: 'putLead', params: ({ event }) => ({ lead: event.lead, index: event.index }) } },
  },
  states: {
    loading: {
      description: 'The first page of the current filters is on its way; the leads of before stay on screen until it arrives.',
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ realRole: context.realRole, tabId: context.tabId, filters: context.filters, page: 1, pageSize: context.pageSize }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'showFirstPage', params: ({ event }) => event.output },
            { type: 'noteEnd', params: ({ event }) => event.output },
          ],
        },
        onError: 'failed',
      },
    },
    loadingMore: {
      description: 'The next page is on its way, to be added under the leads on screen.',
      tags: ['loadingMore'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({
          realRole: context.realRole,
          tabId: context.tabId,
          filters: context.filters,
          page: context.page + 1,
          pageSize: context.pageSize,
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'appendPage', params: ({ event }) => event.output },
            { type: 'noteEnd', params: ({ event }) => event.output },
          ],
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'A page could not be loaded; what is on screen stays. A retry asks for the same page again.',
      tags: ['failed'],
      on: {
        'user.retry': [{ guard: 'nothingLoaded', target: 'loading' }, { target: 'loadingMore' }],
        'user.loadMore': { guard: 'canLoadMore', target: 'loadingMore' },
      },
    },
    ready: {
      description: 'The loaded pages are on screen; more can be asked for until paging is complete.',
      initial: 'listed',
      on: { 'user.loadMore': { guard: 'canLoadMore', target: 'loadingMore' } },
      states: {
        listed: { always: { guard: 'hasNoLeads', target: 'empty' } },
        empty: {
          description: 'Loaded, and the tab has no lead (for these filters).',
          tags: ['empty'],
          always: { guard: 'hasLeads', target: 'listed' },
        },
      },
    },
  },
});

export type LeadPanelActorRef = ActorRefFrom<typeof leadPanelMachine>;
