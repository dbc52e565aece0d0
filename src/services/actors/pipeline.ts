/**
 * The lead pipeline's effects (SPEC §2 Pipeline, §7 Leads and Tabs): one tab's lead pages for a
 * panel, and the pipeline's tabs, counts, lead moves, closes, deletes and tab changes. Built only
 * from the flow services; every call goes to the /admin or /member endpoint of the caller's real
 * role (`forRole`, SPEC §6) and is aborted when the flow no longer waits for it (a new filter, a
 * member change), so a late answer never lands.
 *
 * Answers go through the one adapter (src/services/answer.ts): loads reject on a refusal (the
 * machine's onError); changes answer their refusal. A move or close refused as STALE_EDIT hands
 * the lead as it is now (`fresh`), so the rollback shows the current version.
 */
import { fromPromise } from 'xstate';
import { forRole, leadCalls, type Tab } from '../../contract/leads';
import { PIPELINE_PATH } from '../../machines/constants';
import { leadPanelMachine, type LeadPage, type LoadLeadPageInput } from '../../machines/lead-panel.machine';
import { listRequestOf } from '../../machines/pipeline-filters';
import type {
  CloseLeadInput,
  DeleteLeadInput,
  DeleteTabInput,
  LeadAnswer,
  LeadCounts,
  MoveLeadInput,
  pipelineMachine,
  ReorderTabsInput,
  RoleInput,
  SaveTabInput,
} from '../../machines/pipeline.machine';
import type { Answer, Outcome } from '../../machines/answer';
import { answerOf, dataOf, outcomeOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import { leadAnswerOf } from './lead-answer';

/** The pipeline URL holding the filters' query string (replaced, so Back leaves the pipeline). */
export const pipelineUrl = (query: string): string => (query === '' ? PIPELINE_PATH : `${PIPELINE_PATH}?${query}`);

export const leadPanelEffects: FlowEffects<typeof leadPanelMachine> = (services) => ({
  actors: {
    /** A refusal counts as a failure to load: the panel offers a retry. */
    loadPage: fromPromise<LeadPage, LoadLeadPageInput>(async ({ input, signal }) => {
      const body = listRequestOf(input.filters, input.tabId, input.page, input.pageSize);
      const page = dataOf(await services.api.call(forRole(leadCalls.leadsList, input.realRole), body, { signal }), 'Lead list');
      return { rows: page.rows, totalCount: page.totalCount };
    }),
  },
});

export const pipelineEffects: FlowEffects<typeof pipelineMachine> = (services) => {
  const { api } = services;
  return {
    actors: {
      leadPanel: leadPanelMachine.provide(leadPanelEffects(services)),
      loadTabs: fromPromise<Tab[], RoleInput>(async ({ input, signal }) =>
        dataOf(await api.call(forRole(leadCalls.userTabs, input.realRole), {}, { signal }), 'Tabs').tabs,
      ),
      loadCounts: fromPromise<LeadCounts, RoleInput>(async ({ input, signal }) => {
        const data = dataOf(await api.call(forRole(leadCalls.leadsCount, input.realRole), {}, { signal }), 'Lead counts');
        return {
          counts: Object.fromEntries(data.items.map((i) => [i.tabId, { openCount: i.openCount, awaitReplyCount: i.awaitReplyCount }])),
          totalLeads: data.totalCount,
        };
      }),
      /** A drag to another tab sends only the tab, with the edit time the panel showed. */
      moveLead: fromPromise<LeadAnswer, MoveLeadInput>(async ({ input, signal }) =>
        leadAnswerOf(await api.call(forRole(leadCalls.leadsUpdate, input.realRole), { id: input.id, editTime: input.editTime, tabId: input.tabId }, { signal })),
      ),
      closeLead: fromPromise<LeadAnswer, CloseLeadInput>(async ({ input, signal }) => {
        const body = { id: input.id, isClosed: input.isClosed, ...(input.closedReason === undefined ? {} : { closedReason: input.closedReason }) };
        return leadAnswerOf(await api.call(forRole(leadCalls.leadsClose, input.realRole), body, { signal }));
      }),
      deleteLead: fromPromise<Outcome, DeleteLeadInput>(async ({ input, signal }) =>
        outcomeOf(await api.call(forRole(leadCalls.leadsDelete, input.realRole), { id: input.id }, { signal })),
      ),
      saveTab: fromPromise<Answer<Tab>, SaveTabInput>(async ({ input, signal }) =>
        answerOf(
          input.tabId === undefined
            ? await api.call(forRole(leadCalls.tabAdd, input.realRole), { tabName: input.name }, { signal })
            : await api.call(forRole(leadCalls.tabUpdateBase, input.realRole), { tabId: input.tabId, tabName: input.name }, { signal }),
        ),
      ),
      deleteTab: fromPromise<Outcome, DeleteTabInput>(async ({ input, signal }) =>
        outcomeOf(await api.call(forRole(leadCalls.tabDelete, input.realRole), { tabId: input.tabId }, { signal })),
      ),
      reorderTabs: fromPromise<Answer<Tab[]>, ReorderTabsInput>(async ({ input, signal }) =>
        answerOf(await api.call(forRole(leadCalls.tabReorder, input.realRole), { tabIds: input.tabIds }, { signal }), (d) => d.tabs),
      ),
    },
    actions: {
      syncUrl: (_, params: { query: string }) => services.navigate(pipelineUrl(params.query), { replace: true }),
    },
  };
};
