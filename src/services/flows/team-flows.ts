/**
 * The workspace members screen's flow (SPEC §2 /settings/workspace-members), started by the app
 * system while the screen is on screen: the members list with its child flow, the invite dialog,
 * and beside it the plan panel (plan, seats, add seats, plan upgrade; src/machines/plan-panel.machine.ts).
 * Their input is the signed-in person as the route knows them: their workspace, id and role.
 */
import { teamMembersMachine } from '../../machines/team-members.machine';
import { planPanelMachine } from '../../machines/plan-panel.machine';
import { planPanelEffects } from '../actors/plan-upgrade';
import { teamMembersEffects } from '../actors/team';
import { defineScreenFlow } from '../flow-definition';

export const teamMembersFlows = [
  defineScreenFlow({
    systemId: 'teamMembers',
    machine: teamMembersMachine,
    effects: teamMembersEffects,
    input: (route) => ({ workspaceId: route.viewer?.workspaceId ?? '', selfId: route.viewer?.userId ?? '', role: route.viewer?.role ?? 'member' }),
  }),
  defineScreenFlow({
    systemId: 'planPanel',
    machine: planPanelMachine,
    effects: planPanelEffects,
    input: (route) => ({ role: route.viewer?.role ?? 'member' }),
  }),
];
