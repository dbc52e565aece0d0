/**
 * The header's assistant tools as a long-lived flow (src/services/app-system.ts `appFlows`): it
 * owns the number check's and the group tool's dialogs while one is open
 * (src/machines/assistant-tools.machine.ts says why it is a flow of its own). Loaded when a session
 * starts (a dynamic import), so neither the machines nor the phone library reach the login page
 * (the phone library loads only with the number check itself).
 */
import { assistantToolsMachine } from '../../machines/assistant-tools.machine';
import { assistantToolsEffects } from '../actors/assistant-tools';
import { defineLongLivedFlow } from '../flow-definition';

export const assistantToolsFlow = defineLongLivedFlow({ systemId: 'assistantTools', machine: assistantToolsMachine, effects: assistantToolsEffects, input: (route) => ({ route }) });
