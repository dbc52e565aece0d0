/**
 * The workspace members screen's flow (SPEC §2 /settings/workspace-members), started by the app
 * system while the screen is on screen: the members list with its child flow, the invite dialog.
 * Its input is the signed-in person as the route knows them: their workspace, id and role.
 */
import { teamMembersMachine } from '../../machines/team-members.machine';
import { teamMembersEffects } from '../actors/team';
import { defineScreenFlow } from '../flow-definition';

export const teamMembersFlows = [
  defineScreenFlow({
    systemId: 'teamMembers',
    machine: teamMembersMachine,
    effects: teamMembersEffects,
    input: (route) => ({ workspaceId: route.viewer?.workspaceId ?? '', selfId: route.viewer?.userId ?? '', role: route.viewer?.role ?? 'member' }),
  }),
];
