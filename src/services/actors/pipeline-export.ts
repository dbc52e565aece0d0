/**
 * The pipeline export's effects (src/machines/pipeline-export.machine.ts; SPEC §7 Leads
 * /leads/export and /leads/export/pipeline by real role, §6 export by plan): the workspace's plan
 * from the pay info (the one plan table decides, as on the server), the file asked for and saved
 * with the browser's download (`files.save`, as the contacts export does), the toasts of its end,
 * and the plan upgrade of the export-limit dialog's Upgrade with its own effects.
 */
import { fromPromise } from 'xstate';
import { accountEndpoints } from '../../contract/account';
import { leadFileCalls } from '../../contract/lead-files';
import { planCodeOf, type PlanCode } from '../../contract/plans';
import { forRole } from '../../contract/role-pair';
import type { Outcome } from '../../machines/answer';
import { pipelineExportMachine, type ExportLeadsInput, type ExportToast } from '../../machines/pipeline-export.machine';
import { planUpgradeMachine } from '../../machines/plan-upgrade.machine';
import { answerOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import type { ToastText } from '../toast';
import { planUpgradeEffects } from './plan-upgrade';

/** An export toast's text (SPEC §8): the server's words for a refusal that gave some, else the dictionary's. */
export const exportToastText = (toast: ExportToast): ToastText =>
  toast.kind === 'failed' ? (toast.message ?? ((LL) => LL.pipeline.export.failed())) : (LL) => LL.pipeline.export.done();

export const pipelineExportEffects: FlowEffects<typeof pipelineExportMachine> = (services) => ({
  actors: {
    /** A pay info that cannot be read leaves the plan unknown (nothing locked before calling: the server decides). */
    loadPlan: fromPromise<PlanCode | null, void>(async ({ signal }) => {
      const answer = answerOf(await services.api.call(accountEndpoints.payInfo, undefined, { signal }));
      return answer.ok ? planCodeOf(answer.data.planCode) : null;
    }),
    exportLeads: fromPromise<Outcome, ExportLeadsInput>(async ({ input, signal }) => {
      const pair = input.scope === 'tab' ? leadFileCalls.leadsExport : leadFileCalls.leadsExportPipeline;
      const answer = answerOf(await services.api.call(forRole(pair, input.realRole), input.body, { signal }));
      if (!answer.ok) return answer;
      // Cancelled meanwhile (the flow stopped this call): no file.
      if (signal.aborted) throw new Error('The export was cancelled');
      services.files.save(answer.data.blob, answer.data.filename);
      return { ok: true };
    }),
    planUpgrade: planUpgradeMachine.provide(planUpgradeEffects(services)),
  },
  actions: {
    notify: (_, toast: ExportToast) => services.toasts.show(exportToastText(toast), toast.kind === 'failed' ? 'error' : 'success'),
  },
});

/** The child as the pipeline starts it (its effects provided through the pipeline's). */
export const pipelineExportFlow = (services: Parameters<typeof pipelineExportEffects>[0]) => pipelineExportMachine.provide(pipelineExportEffects(services));
