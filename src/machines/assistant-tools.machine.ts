import { assign, setup, type ActorRefFrom } from 'xstate';
import type { RealRole } from '../contract/roles';
import { groupToolMachine } from './group-tool.machine';
import { actionNotProvided } from './not-provided';
import { numberCheckMachine, type NumberCheckOutput } from './number-check.machine';
import { realRoleOf, type RouteFacts, type RouteShownEvent } from './route-facts';

/**
 * The header's Assistant tools menu (SPEC §2 Layout header; Other panels: assistant tools): the
 * number check and the group tool, each a dialog with a flow of its own, which this flow starts
 * as its child when the person opens it from the menu (`user.open`) and ends on the child's output.
 *
 * Why a flow of its own: the header belongs to no screen, so no screen flow can own its dialogs
 * (as with the header's invite flow, src/machines/header-invite.machine.ts). It is a long-lived
 * flow of the app system (src/services/flows/assistant-tools-flow.ts), started with the session
 * and stopped at sign-out. It keeps the viewer's real role from the routes shown (the /admin or
 * /member calls the number check makes, SPEC §6).
 *
 * A child's output says how many leads it added or updated (`added`); when any, the pipeline is
 * told to reload (`reloadLeads`), so it shows them.
 */

export type AssistantTool = 'numberCheck' | 'groupTool';
export type AssistantToolsInput = { route: RouteFacts | null };
type Context = { realRole: RealRole };

type Events =
  /** `chatWhatsappId`: the group the group tool opens on (a group chat's own button). */
  | { type: 'user.open'; tool: AssistantTool; chatWhatsappId?: string }
  | RouteShownEvent;

export const assistantToolsMachine = setup({
  types: {} as { context: Context; events: Events; input: AssistantToolsInput },
  actors: {
    /** The number check's flow (provided with its effects, src/services/actors/number-check.ts). */
    numberCheck: numberCheckMachine,
    /** The group tool's flow (provided with its effects by its own area). */
    groupTool: groupToolMachine,
  },
  actions: {
    /** The pipeline reloads its tabs and leads. */
    reloadLeads: actionNotProvided('reloadLeads'),
  },
  guards: {
    opens: (_, params: { asked: AssistantTool; tool: AssistantTool }) => params.asked === params.tool,
    changedLeads: (_, output: NumberCheckOutput) => output.added > 0,
  },
}).createMachine({
  id: 'assistantTools',
  meta: { recordable: ['realRole'] },
  context: ({ input }) => ({ realRole: realRoleOf(input.route) }),
  on: { 'route.shown': { actions: assign({ realRole: ({ event }) => realRoleOf(event) }) } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.open': [
          { guard: { type: 'opens', params: ({ event }) => ({ asked: event.tool, tool: 'numberCheck' }) }, target: 'numberCheck' },
          { guard: { type: 'opens', params: ({ event }) => ({ asked: event.tool, tool: 'groupTool' }) }, target: 'groupTool' },
        ],
      },
    },
    numberCheck: {
      description: 'The number check dialog is open (its own flow); it ends when the person closes it.',
      invoke: {
        id: 'numberCheck',
        src: 'numberCheck',
        input: ({ context }) => ({ realRole: context.realRole }),
        onDone: [{ guard: { type: 'changedLeads', params: ({ event }) => event.output }, target: 'idle', actions: 'reloadLeads' }, { target: 'idle' }],
        onError: 'idle',
      },
    },
    groupTool: {
      description: 'The group tool dialog is open (its own flow); it ends when the person closes it.',
      invoke: {
        id: 'groupTool',
        src: 'groupTool',
        input: ({ context, event }) =>
          event.type === 'user.open' && event.chatWhatsappId ? { realRole: context.realRole, chatWhatsappId: event.chatWhatsappId } : { realRole: context.realRole },
        onDone: [{ guard: { type: 'changedLeads', params: ({ event }) => event.output }, target: 'idle', actions: 'reloadLeads' }, { target: 'idle' }],
        onError: 'idle',
      },
    },
  },
});

export type AssistantToolsActorRef = ActorRefFrom<typeof assistantToolsMachine>;
