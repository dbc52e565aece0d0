/**
 * The invitation-acceptance flow's effects (SPEC §2 /workspace/grant-access and
 * /workspace/invitation, §7 join and join by public invite url): what a token leads to, joining,
 * then the login gate reloads the account (it now has a workspace) and the router moves on.
 */
import { fromPromise } from 'xstate';
import { workspaceEndpoints } from '../../contract/workspace';
import type {
  InvitationAnswer,
  InvitationInfo,
  invitationMachine,
  JoinWorkspaceInput,
  LoadInvitationInput,
} from '../../machines/invitation.machine';
import { answerOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import { navigateAction } from './core';

export const invitationEffects: FlowEffects<typeof invitationMachine> = (services) => ({
  actors: {
    loadInvitation: fromPromise<InvitationAnswer<InvitationInfo>, LoadInvitationInput>(async ({ input }) =>
      answerOf(await services.api.call(workspaceEndpoints.invitationInfo, { inviteToken: input.inviteToken })),
    ),
    joinWorkspace: fromPromise<InvitationAnswer<unknown>, JoinWorkspaceInput>(async ({ input }) =>
      answerOf<unknown>(
        input.kind === 'public'
          ? await services.api.call(workspaceEndpoints.joinByPublicInviteUrl, { inviteToken: input.inviteToken })
          : await services.api.call(workspaceEndpoints.workspaceJoin, { email: input.email, inviteToken: input.inviteToken }),
      ),
    ),
  },
  actions: {
    reloadGate: () => services.sendTo('gate', { type: 'gate.reload' }),
    navigate: navigateAction(services),
  },
});
