/**
 * The header's assistant tools' effects (src/machines/assistant-tools.machine.ts): its children,
 * provided with their own effects (the number check, the group tool), and the pipeline's reload
 * after a tool added or updated leads (`leads.changed` to the long-lived 'pipeline' flow).
 */
import type { assistantToolsMachine } from '../../machines/assistant-tools.machine';
import { groupToolMachine } from '../../machines/group-tool.machine';
import { numberCheckMachine } from '../../machines/number-check.machine';
import type { FlowEffects } from '../flow-services';
import { groupToolEffects } from './group-tool';
import { numberCheckEffects } from './number-check';

export const assistantToolsEffects: FlowEffects<typeof assistantToolsMachine> = (services) => ({
  actors: {
    numberCheck: numberCheckMachine.provide(numberCheckEffects(services)),
    groupTool: groupToolMachine.provide(groupToolEffects(services)),
  },
  actions: {
    reloadLeads: () => services.sendTo('pipeline', { type: 'leads.changed' }),
  },
});
