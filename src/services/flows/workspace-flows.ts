/**
 * The standalone workspace screens' flows (SPEC §2 /workspace, /workspace/grant-access,
 * /workspace/invitation), started by the app system while their route is on screen; their input
 * comes from the route's query and the signed-in person.
 */
import { INVITE_TOKEN_PARAM, WORKSPACE_TO_PARAM } from '../../machines/constants';
import { invitationMachine, type InvitationPage } from '../../machines/invitation.machine';
import { routeParam } from '../../machines/route-facts';
import { workspaceCreateMachine } from '../../machines/workspace-create.machine';
import { invitationEffects } from '../actors/invitation';
import { workspaceCreateEffects } from '../actors/workspace';
import { defineScreenFlow } from '../flow-definition';

/** /workspace?to=…: create a workspace, then go on to `to`. */
export const workspaceCreateFlows = [
  defineScreenFlow({ systemId: 'workspaceCreate', machine: workspaceCreateMachine, effects: workspaceCreateEffects, input: (route) => ({ to: routeParam(route, WORKSPACE_TO_PARAM) }) }),
];

/** An invitation page: the token from the query, the signed-in person's email to compare with the invited one. */
const invitationFlow = (page: InvitationPage) =>
  defineScreenFlow({
    systemId: 'invitation',
    machine: invitationMachine,
    effects: invitationEffects,
    input: (route) => ({ inviteToken: routeParam(route, INVITE_TOKEN_PARAM), page, userEmail: route.viewer?.email ?? null }),
  });

export const grantAccessFlows = [invitationFlow('grantAccess')];
export const invitationFlows = [invitationFlow('invitation')];
