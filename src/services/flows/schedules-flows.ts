/**
 * The scheduled messages' flow (SPEC §2 schedule message panel), system id 'schedules', for a route
 * that shows the panel on its own; its input is the viewer's real role (the chat list's prefix:
 * /admin for the owner and managers). The conversations screen runs the same machine as a child of
 * its chat tools instead (src/machines/chat-tools.machine.ts, src/services/actors/chat-tools.ts).
 * The member's time zone is the browser's, read by the flow's effects.
 */
import { realRoleOf } from '../../machines/route-facts';
import { schedulesMachine } from '../../machines/schedule.machine';
import { schedulesEffects } from '../actors/schedules';
import { defineScreenFlow } from '../flow-definition';

export const schedulesFlows = [defineScreenFlow({ systemId: 'schedules', machine: schedulesMachine, effects: schedulesEffects, input: (route) => ({ realRole: realRoleOf(route) }) })];
