/**
 * The lead pipeline's effects (SPEC §2 Pipeline, §7 Leads and Tabs), built only from the flow
 * services: the pipeline's own (the viewport it follows, the counts) and, through them, those of
 * every child flow it starts (ARCHITECTURE.md "Statecharts": a parent provides its children's
 * effects): a lead panel per tab, the tabs, the lead moves, the filters in the URL, a lead's
 * dialog (with the lead form inside it), the import wizard, batch tagging and the export
 * (./pipeline-export.ts).
 *
 * Every call goes to the /admin or /member endpoint of the caller's real role (`forRole`, SPEC §6)
 * and is aborted when the flow no longer waits for it (a new filter, a member change), so a late
 * answer never lands. Answers go through the one adapter (src/services/answer.ts): loads reject
 * on a refusal (the machine's onError); changes answer their refusal. A move or close refused as
 * STALE_EDIT hands the lead as it is now (`fresh`), so the rollback shows the current version.
 * A child tells the pipeline through its `announce` action, which sends the event to its parent.
 */
import { fromCallback, fromPromise, sendParent } from 'xstate';
import { forRole, leadCalls, type Tab } from '../../contract/leads';
import { batchTagMachine } from '../../machines/batch-tag.machine';
import { importWizardMachine } from '../../machines/import-wizard.machine';
import { leadDialogMachine } from '../../machines/lead-dialog.machine';
import { leadFormMachine } from '../../machines/lead-form.machine';
import { leadMovesMachine, type MovesAnnouncement } from '../../machines/lead-moves.machine';
import { leadPanelMachine, type LeadPage, type LoadLeadPageInput } from '../../machines/lead-panel.machine';
import type {
  CloseLeadInput,
  DeleteLeadInput,
  DeleteTabInput,
  LeadAnswer,
  LeadCounts,
  MoveLeadInput,
  ReorderTabsInput,
  RoleInput,
  SaveTabInput,
} from '../../machines/pipeline-calls';
import { listRequestOf, pipelineFilterMachine } from '../../machines/pipeline-filters';
import { pipelineTabsMachine, type TabsAnnouncement } from '../../machines/pipeline-tabs.machine';
import type { PipelineEvent, pipelineMachine } from '../../machines/pipeline.machine';
import type { Answer, Outcome } from '../../machines/answer';
import { answerOf, dataOf, outcomeOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import { loadUserTabs } from './user-tabs';
import { filterUrlEffects } from './filter-url';
import { importWizardEffects } from './importer';
import { leadAnswerOf } from './lead-answer';
import { leadFormEffects } from './lead-form';
import { batchTagEffects } from './tags';
import { pipelineExportFlow } from './pipeline-export';

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

export const pipelineTabsEffects: FlowEffects<typeof pipelineTabsMachine> = ({ api, toasts }) => ({
  actors: {
    loadTabs: loadUserTabs(api),
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
    announce: sendParent((_, event: TabsAnnouncement) => event),
    notifySaved: () => toasts.show((LL) => LL.pipeline.tab.saved(), 'success'),
  },
});

export const leadMovesEffects: FlowEffects<typeof leadMovesMachine> = ({ api }) => ({
  actors: {
    /** A drag to another tab sends only the tab, with the edit time the panel showed. */
    moveLead: fromPromise<LeadAnswer, MoveLeadInput>(async ({ input, signal }) =>
      leadAnswerOf(await api.call(forRole(leadCalls.leadsUpdate, input.realRole), { id: input.id, editTime: input.editTime, tabId: input.tabId }, { signal })),
    ),
  },
  actions: {
    announce: sendParent((_, event: MovesAnnouncement) => event),
  },
});

export const leadDialogEffects: FlowEffects<typeof leadDialogMachine> = (services) => ({
  actors: {
    leadForm: leadFormMachine.provide(leadFormEffects(services)),
    closeLead: fromPromise<LeadAnswer, CloseLeadInput>(async ({ input, signal }) => {
      const body = { id: input.id, isClosed: input.isClosed, ...(input.closedReason === undefined ? {} : { closedReason: input.closedReason }) };
      return leadAnswerOf(await services.api.call(forRole(leadCalls.leadsClose, input.realRole), body, { signal }));
    }),
    deleteLead: fromPromise<Outcome, DeleteLeadInput>(async ({ input, signal }) =>
      outcomeOf(await services.api.call(forRole(leadCalls.leadsDelete, input.realRole), { id: input.id }, { signal })),
    ),
  },
});

export const pipelineEffects: FlowEffects<typeof pipelineMachine> = (services) => ({
  actors: {
    /** The viewport service's narrowness now, then each change (SPEC §9: the page size on a phone). */
    watchViewport: fromCallback(({ sendBack }) => {
      const changed = (narrow: boolean): PipelineEvent => ({ type: 'viewport.changed', narrow });
      sendBack(changed(services.viewport.narrow()));
      return services.viewport.subscribe((narrow) => sendBack(changed(narrow)));
    }),
    loadCounts: fromPromise<LeadCounts, RoleInput>(async ({ input, signal }) => {
      const data = dataOf(await services.api.call(forRole(leadCalls.leadsCount, input.realRole), {}, { signal }), 'Lead counts');
      return {
        counts: Object.fromEntries(data.items.map((i) => [i.tabId, { openCount: i.openCount, awaitReplyCount: i.awaitReplyCount }])),
        totalLeads: data.totalCount,
      };
    }),
    leadPanel: leadPanelMachine.provide(leadPanelEffects(services)),
    tabs: pipelineTabsMachine.provide(pipelineTabsEffects(services)),
    moves: leadMovesMachine.provide(leadMovesEffects(services)),
    filters: pipelineFilterMachine.provide(filterUrlEffects(services)),
    leadDialog: leadDialogMachine.provide(leadDialogEffects(services)),
    importWizard: importWizardMachine.provide(importWizardEffects(services)),
    batchTag: batchTagMachine.provide(batchTagEffects(services)),
    pipelineExport: pipelineExportFlow(services),
  },
});
