/**
 * The pipeline's board, pure (SPEC §2 Pipeline, §4 Lead): which route shows the pipeline and with
 * which filters, the page size of a screen, and what each change tells the lead panels (a lead
 * placed in its tab and out of the others, a dialog's outcome), for pipeline.machine.ts.
 */
import { LEADS_PAGE_SIZE, NO_TAB_ID, type Lead } from '../contract/leads';
import type { ContactSelection } from '../contract/contact-filter';
import { PHONE_LEADS_PAGE_SIZE, PIPELINE_PATH } from './constants';
import type { LeadDialogOutcome, LeadDialogRequest } from './lead-dialog.machine';
import type { LeadPanelActorRef, LeadPanelEvent } from './lead-panel.machine';
import { DEFAULT_FILTERS, filtersFromQuery, type PipelineFilters } from './pipeline-filters';
import { showsPath, type RouteFacts, type RouteShownEvent } from './route-facts';

/** A tab's lead panel, spawned as `panel-<tabId>`. */
export type PanelEntry = { tabId: number; ref: LeadPanelActorRef };

/** An event for the panel of a tab. */
export type PanelSend = { tabId: number; event: LeadPanelEvent };

export const showsPipeline = (route: RouteFacts | null): boolean => showsPath(route, PIPELINE_PATH);
/** The filters a route's query holds (the defaults off the pipeline's path). */
export const routeFilters = (route: RouteFacts | null): PipelineFilters => (route && showsPipeline(route) ? filtersFromQuery(route.search) : DEFAULT_FILTERS);
export const routeOf = (event: RouteShownEvent): RouteFacts => ({ pathname: event.pathname, search: event.search, viewer: event.viewer });
/** SPEC §9: leads a page. */
export const pageSizeOf = (narrow: boolean): number => (narrow ? PHONE_LEADS_PAGE_SIZE : LEADS_PAGE_SIZE);

/** The lead in its tab's panel (at `index` when it is not there yet), out of every other panel. */
export const placeSends = (context: { panels: readonly PanelEntry[] }, lead: Lead, index: number): PanelSend[] =>
  context.panels.map((p) => ({
    tabId: p.tabId,
    event: p.tabId === lead.tabId ? { type: 'panel.put', lead, index } : { type: 'panel.remove', leadId: lead.id },
  }));

/** What a lead dialog's end shows: a saved lead in its tab (out of the one it left), an answered one where it belongs, a deleted one gone. */
export const dialogSends = (context: { filters: PipelineFilters }, outcome: LeadDialogOutcome | null): PanelSend[] => {
  if (!outcome || outcome.kind === 'failed') return [];
  const lead = outcome.lead;
  if (outcome.kind === 'deleted') return [{ tabId: lead.tabId, event: { type: 'panel.remove', leadId: lead.id } }];
  if (outcome.kind === 'answered') {
    // A closed lead stays in its panel only while closed leads are shown; a reopened one is put back.
    const stays = !lead.isClosed || context.filters.showClosed;
    return [{ tabId: lead.tabId, event: stays ? { type: 'panel.put', lead, index: 0 } : { type: 'panel.remove', leadId: lead.id } }];
  }
  const sends: PanelSend[] = [{ tabId: lead.tabId, event: { type: 'panel.put', lead, index: 0 } }];
  if (outcome.previousTabId !== undefined && outcome.previousTabId !== lead.tabId) sends.push({ tabId: outcome.previousTabId, event: { type: 'panel.remove', leadId: lead.id } });
  return sends;
};

/** The request a lead event makes of the lead dialog. */
export const dialogRequestOf = (event: { type: string; lead?: Lead; tabId?: number }): LeadDialogRequest => {
  const kind = ({ 'user.editLead': 'edit', 'user.closeLead': 'close', 'user.reopenLead': 'reopen', 'user.deleteLead': 'delete' } as const)[event.type];
  return kind && event.lead ? { kind, lead: event.lead } : { kind: 'add', tabId: event.tabId ?? NO_TAB_ID };
};

/** Every open lead of a tab (the pipeline's batch tagging). */
export const tabSelection = (tabId: number): ContactSelection => ({ mode: 'allMatching', filter: { tabId } });

