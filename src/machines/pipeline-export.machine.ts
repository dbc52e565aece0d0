import { assign, setup, type ActorRefFrom } from 'xstate';
import type { z } from 'zod/mini';
import { Code } from '../contract/codes';
import type { leadExportRequest } from '../contract/lead-files';
import { planAllows, type PlanCode } from '../contract/plans';
import type { RealRole } from '../contract/roles';
import { refusedWith, type Outcome } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { listRequestOf, type PipelineFilters } from './pipeline-filters';
import { planUpgradeMachine, upgradeInputFor, type PlanUpgradeOutput } from './plan-upgrade.machine';

/**
 * The pipeline's export (SPEC §7 Leads: /leads/export and /leads/export/pipeline, file results, by
 * real role; §6 free and trial plans lack export and 100008 opens the export-limit dialog; §2
 * export-limit dialog). A child flow the pipeline starts from its Export menu ("Export this tab",
 * "Export the whole pipeline") with the filters on screen, and forgets when it ends.
 *
 * 1. `checkingPlan`: the workspace's plan (`loadPlan`, the pay info's plan code; null when it cannot
 *    be read). A plan known to lack export (SPEC §6, the one plan table's `export_contact`) opens
 *    the export-limit dialog before any call; an unknown plan calls and lets the server decide.
 * 2. `exporting`: the file is asked for (`exportLeads`: this tab's leads with /leads/export, or every
 *    tab's with /leads/export/pipeline, the filters' search options without paging) and saved with
 *    the browser's download by the effect. The view shows the progress (tag `exporting`) with a
 *    Cancel, which stops the call (the invoke's signal aborts it) and ends the flow.
 *    A PLAN_LIMIT answer (100008) opens the export-limit dialog; any other refusal, or a failed
 *    call, ends with the failure toast (the server's words when it gave some); a saved file with the
 *    success toast (`notify`, SPEC §8 messages).
 * 3. `limit`: the export-limit dialog (the contacts screen's, ../ui/screens/billing/export-limit-dialog.tsx).
 *    The owner and managers (the /admin real role) get Upgrade: the plan upgrade
 *    (src/machines/plan-upgrade.machine.ts) as the child `planUpgrade`, suggesting the cheapest
 *    plan with export; once upgraded the export goes again at once, closed without it the dialog
 *    is back. A member is told to ask the administrator. Cancel ends the flow.
 *
 * Output `{ exported }`. Tags for the view: exporting, exportLimit, upgrading.
 */

export type ExportScope = 'tab' | 'pipeline';
/** What a menu entry asks the pipeline: one tab's leads, or the whole pipeline. */
export type ExportAsked = { type: 'user.export'; scope: ExportScope; tabId?: number };
export type PipelineExportInput = { realRole: RealRole; scope: ExportScope; tabId: number | null; filters: PipelineFilters };
/** The export call's body: the search options the pipeline shows, without paging (SPEC §3 Lead search options). */
export type LeadExportBody = z.input<typeof leadExportRequest>;
export type ExportLeadsInput = { realRole: RealRole; scope: ExportScope; body: LeadExportBody };
/** The toasts of an export's end (keys of `LL.pipeline.export`); `failed` carries the server's words when it gave some. */
export type ExportToast = { kind: 'exported' } | { kind: 'failed'; message: string | null };
export type PipelineExportOutput = { exported: boolean };

type Context = PipelineExportInput & {
  /** The workspace's plan (null: unknown, the server decides). */
  planCode: PlanCode | null;
  exported: boolean;
};

export type PipelineExportEvent = { type: 'user.cancel' } | { type: 'user.upgrade' };

/** The pipeline's input for an export asked from a menu (a tab export without a tab exports No tabs). */
export const exportInputOf = (context: { realRole: RealRole; filters: PipelineFilters }, event: { type: string; scope?: ExportScope; tabId?: number }): PipelineExportInput => ({
  realRole: context.realRole,
  scope: event.scope ?? 'pipeline',
  tabId: event.scope === 'tab' ? (event.tabId ?? 0) : null,
  filters: context.filters,
});

/** The export call's body: the list's search options of the filters, one tab's or every tab's, no paging. */
export const exportBodyOf = (c: Pick<PipelineExportInput, 'scope' | 'tabId' | 'filters'>): LeadExportBody => {
  const { page: _page, pageSize: _pageSize, tabId, ...search } = listRequestOf(c.filters, c.tabId ?? 0, 1, 1);
  return c.scope === 'tab' ? { ...search, tabId } : search;
};

export const pipelineExportMachine = setup({
  types: {} as {
    context: Context;
    events: PipelineExportEvent;
    input: PipelineExportInput;
    output: PipelineExportOutput;
    tags: 'exporting' | 'exportLimit' | 'upgrading';
  },
  actors: {
    /** The workspace's plan code (null when the pay info cannot be read). */
    loadPlan: actorNotProvided<PlanCode | null, void>('loadPlan'),
    /** Asks for the file and saves it (the browser's download); answers the refusal, if any. */
    exportLeads: actorNotProvided<Outcome, ExportLeadsInput>('exportLeads'),
    planUpgrade: planUpgradeMachine,
  },
  actions: {
    /** Shows a toast (SPEC §8 messages): the toasts service, translated where it shows. */
    notify: actionNotProvided<ExportToast>('notify'),
    keepPlan: assign((_, planCode: PlanCode | null) => ({ planCode })),
    markExported: assign({ exported: true }),
  },
  guards: {
    /** SPEC §6: a plan known to lack export (free, trial); an unknown plan does not count. */
    lacksExport: ({ context }) => context.planCode !== null && !planAllows(context.planCode, 'export_contact'),
    planLimit: (_, answer: Outcome) => refusedWith(answer, Code.PLAN_LIMIT),
    refused: (_, answer: Outcome) => !answer.ok,
    /** SPEC §6: the owner and managers (the /admin real role) change the plan; a member asks the administrator. */
    mayUpgrade: ({ context }) => context.realRole === 'admin',
    upgraded: (_, output: PlanUpgradeOutput | undefined) => output?.upgraded === true,
  },
}).createMachine({
  id: 'pipelineExport',
  meta: { recordable: ['realRole', 'scope', 'tabId', 'filters', 'planCode', 'exported'] },
  context: ({ input }) => ({ ...input, planCode: null, exported: false }),
  initial: 'checkingPlan',
  output: ({ context }) => ({ exported: context.exported }),
  states: {
    checkingPlan: {
      description: 'Reads the workspace’s plan: one known to lack export opens the export-limit dialog before any call (SPEC §6).',
      tags: ['exporting'],
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        onDone: { target: 'deciding', actions: { type: 'keepPlan', params: ({ event }) => event.output } },
        onError: { target: 'deciding', actions: { type: 'keepPlan', params: null } },
      },
      on: { 'user.cancel': 'cancelled' },
    },
    deciding: {
      always: [{ guard: 'lacksExport', target: 'limit' }, { target: 'exporting' }],
    },
    exporting: {
      description: 'The file is produced and saved; Cancel stops the call.',
      tags: ['exporting'],
      invoke: {
        id: 'exportLeads',
        src: 'exportLeads',
        input: ({ context }) => ({ realRole: context.realRole, scope: context.scope, body: exportBodyOf(context) }),
        onDone: [
          { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'limit' },
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'notify', params: ({ event }) => ({ kind: 'failed', message: event.output.ok ? null : event.output.message || null }) },
          },
          { target: 'done', actions: ['markExported', { type: 'notify', params: { kind: 'exported' } }] },
        ],
        onError: { target: 'done', actions: { type: 'notify', params: { kind: 'failed', message: null } } },
      },
      on: { 'user.cancel': 'cancelled' },
    },
    limit: {
      description: 'Export-limit dialog (SPEC §2, §6): the plan (free or trial) does not include export.',
      tags: ['exportLimit'],
      on: { 'user.cancel': 'cancelled', 'user.upgrade': { guard: 'mayUpgrade', target: 'upgrading' } },
    },
    upgrading: {
      description: 'The plan upgrade over the export-limit dialog (its own flow), the cheapest plan with export suggested.',
      tags: ['exportLimit', 'upgrading'],
      invoke: {
        id: 'planUpgrade',
        src: 'planUpgrade',
        input: ({ context }) => upgradeInputFor(context.planCode ?? 'free', 'export_contact'),
        onDone: [
          {
            guard: { type: 'upgraded', params: ({ event }) => event.output },
            target: 'exporting',
            actions: { type: 'keepPlan', params: ({ event }) => event.output.planCode },
          },
          { target: 'limit' },
        ],
        onError: 'limit',
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final', description: 'Closed or cancelled: no file, no toast.' },
  },
});

export type PipelineExportActorRef = ActorRefFrom<typeof pipelineExportMachine>;

/**
 * The pipeline's dialog state that runs an export (src/machines/pipeline.machine.ts names this
 * machine `pipelineExport` in its actors): one tab's leads or the whole pipeline, with the filters
 * on screen; the dialog region is free again when it ends.
 */
export const exportingState = {
  description: 'An export (its own flow) of one tab or the whole pipeline with the filters on screen; the export-limit dialog on a plan without export.',
  invoke: {
    id: 'pipelineExport',
    src: 'pipelineExport' as const,
    input: ({ context, event }: { context: { realRole: RealRole; filters: PipelineFilters }; event: { type: string; scope?: ExportScope; tabId?: number } }) =>
      exportInputOf(context, event),
    onDone: 'none',
    onError: 'none',
  },
};
