/**
 * Generated path tests of the pipeline's export (SPEC §7 Leads /leads/export and
 * /leads/export/pipeline by real role; §6 free and trial plans lack export, 100008 opens the
 * export-limit dialog; §2 export-limit dialog): every state and transition is reached, and each
 * step runs exactly the effects it should, with the values written out:
 * - the plan is read first; a plan without export opens the dialog before any call, a paid or an
 *   unknown plan asks for the file (one tab's leads with the filters' search options and the
 *   tab, or every tab's without one);
 * - a saved file ends with the success toast, a refusal with the server's words, a failed call
 *   with the fallback; 100008 opens the dialog; Cancel stops the call and shows nothing;
 * - in the dialog the owner and managers (admin) start the plan upgrade suggesting the cheapest
 *   plan with export, and an upgrade exports at once; a member has no Upgrade.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import { DEFAULT_FILTERS, type PipelineFilters } from '../../src/machines/pipeline-filters';
import { pipelineExportMachine, type PipelineExportInput } from '../../src/machines/pipeline-export.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const filters: PipelineFilters = { ...DEFAULT_FILTERS, search: ' An ', awaitReply: true, sort: 'name', sortOrder: 'asc' };
/** The export call's body for those filters (the trimmed search, no paging). */
const search = { search: 'An', sort: 'name', sortOrder: 'asc', awaitReply: true, showClosedLeads: false };

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  if (s.matches('checkingPlan')) {
    return [
      { type: 'xstate.done.actor.loadPlan', output: 'starter' },
      { type: 'xstate.done.actor.loadPlan', output: 'trial' },
      { type: 'xstate.done.actor.loadPlan', output: null },
      { type: 'xstate.error.actor.loadPlan', error: new Error('network') },
      { type: 'user.cancel' },
    ];
  }
  if (s.matches('exporting')) {
    return [
      { type: 'xstate.done.actor.exportLeads', output: { ok: true } },
      { type: 'xstate.done.actor.exportLeads', output: { ok: false, code: Code.PLAN_LIMIT, message: 'Upgrade your plan' } },
      { type: 'xstate.done.actor.exportLeads', output: { ok: false, code: Code.RATE_LIMITED, message: 'Too many files' } },
      { type: 'xstate.done.actor.exportLeads', output: { ok: false, code: Code.RATE_LIMITED, message: '' } },
      { type: 'xstate.error.actor.exportLeads', error: new Error('network') },
      { type: 'user.cancel' },
    ];
  }
  if (s.matches('upgrading')) {
    return [
      { type: 'xstate.done.actor.planUpgrade', output: { upgraded: true, planCode: 'starter' } },
      { type: 'xstate.done.actor.planUpgrade', output: { upgraded: false, planCode: null } },
      { type: 'xstate.error.actor.planUpgrade', error: new Error('boom') },
    ];
  }
  return [{ type: 'user.upgrade' }, { type: 'user.cancel' }];
};

type Ctx = PipelineExportInput & { planCode: string | null };

const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  const input = step.input as PipelineExportInput;
  const before = step.before?.context as Ctx | undefined;
  const from = (state: string) => step.before?.matches(state) ?? false;
  const exportCall = actorRan('exportLeads', {
    realRole: input.realRole,
    scope: input.scope,
    body: input.scope === 'tab' ? { ...search, tabId: 2 } : search,
  });
  if (step.index === 0) return [actorRan('loadPlan')];
  switch (event.type) {
    case 'xstate.done.actor.loadPlan':
      // A plan without export (trial) opens the dialog: no call.
      return event.output === 'trial' ? [] : [exportCall];
    case 'xstate.error.actor.loadPlan':
      return [exportCall];
    case 'xstate.done.actor.exportLeads': {
      const output = event.output as { ok: boolean; code?: number; message?: string };
      if (output.ok) return [actionRan('notify', { kind: 'exported' })];
      if (output.code === Code.PLAN_LIMIT) return [];
      return [actionRan('notify', { kind: 'failed', message: output.message === '' ? null : output.message })];
    }
    case 'xstate.error.actor.exportLeads':
      return [actionRan('notify', { kind: 'failed', message: null })];
    case 'user.upgrade':
      // The cheapest plan with export is suggested (from a monthly Starter that the server refused: its yearly one); an unknown plan reads as free.
      return from('limit') && input.realRole === 'admin'
        ? [actorRan('planUpgrade', { currentPlanCode: before!.planCode ?? 'free', suggested: before!.planCode === 'starter' ? 'starter_yearly' : 'starter' })]
        : [];
    case 'xstate.done.actor.planUpgrade':
      return (event.output as { upgraded: boolean }).upgraded ? [exportCall] : [];
    default:
      return [];
  }
};

machinePathSuite('pipeline export machine paths', pipelineExportMachine, {
  events,
  effects,
  serializeContext: (c) => ({ planCode: c.planCode, exported: c.exported }),
  variants: [
    { name: 'the owner exports one tab', input: { realRole: 'admin', scope: 'tab', tabId: 2, filters } },
    { name: 'a member exports the whole pipeline', input: { realRole: 'member', scope: 'pipeline', tabId: null, filters } },
  ],
});
