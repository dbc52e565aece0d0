/**
 * The real implementations of the app-wide machines' named effects (ARCHITECTURE.md
 * "Statecharts"), one module per actor under ./actors/ (gate, session, account, language,
 * selected-member), built from the services; `createActors(services)` gathers them for the app
 * system (./app-system.ts), which passes each to its machine's `provide`.
 *
 * `createInvitationActors` is the invitation flow's (its screen provides `reloadGate` and `navigate`).
 */
import { fromPromise } from 'xstate';
import type {
  InvitationAnswer,
  InvitationInfo,
  JoinWorkspaceInput,
  LoadInvitationInput,
} from '../machines/invitation.machine';
import type { ApiClient, ApiResult } from './api/client';
import { workspaceEndpoints } from '../contract/workspace';
import { accountEffects } from './actors/account';
import type { CoreServices } from './actors/core';
import { gateEffects } from './actors/gate';
import { languageEffects } from './actors/language';
import { selectedMemberEffects } from './actors/selected-member';
import { sessionEffects } from './actors/session';

export type { CoreServices } from './actors/core';

/** An answer for a flow machine: the data, or the code and message of a refusal (non-JSON counts as a refusal). */
const invitationAnswerOf = <T>(result: ApiResult<T>): InvitationAnswer<T> => {
  if (result.raw) return { ok: false, code: 0, message: result.data };
  return result.ok ? { ok: true, data: result.data } : { ok: false, code: result.code, message: result.message };
};

/**
 * The invitation machine's actors (the screen adds `reloadGate` and `navigate`): what a token
 * leads to, and joining by an email invitation or by a public link.
 */
export const createInvitationActors = (api: ApiClient) => ({
  actors: {
    loadInvitation: fromPromise<InvitationAnswer<InvitationInfo>, LoadInvitationInput>(async ({ input }) =>
      invitationAnswerOf(await api.call(workspaceEndpoints.invitationInfo, { inviteToken: input.inviteToken })),
    ),
    joinWorkspace: fromPromise<InvitationAnswer<unknown>, JoinWorkspaceInput>(async ({ input }) =>
      invitationAnswerOf(
        input.kind === 'public'
          ? await api.call(workspaceEndpoints.joinByPublicInviteUrl, { inviteToken: input.inviteToken })
          : await api.call(workspaceEndpoints.workspaceJoin, { email: input.email, inviteToken: input.inviteToken }),
      ),
    ),
  },
});

export const createActors = (services: CoreServices) => ({
  loginGate: gateEffects(services),
  session: sessionEffects(services),
  selectedMember: selectedMemberEffects(services),
  language: languageEffects(services),
  account: accountEffects(services),
  invitation: createInvitationActors(services.api),
});

export type AppActors = ReturnType<typeof createActors>;
