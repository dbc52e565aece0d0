import { setup, type ActorRefFrom } from 'xstate';
import { inviteMembersMachine, type InviteMembersInput, type InviteSent } from './invite-members.machine';

/**
 * The header's Invite button (SPEC §2 Layout: beside the member selector, for those who may pick
 * members): it owns the invite-members dialog's flow (src/machines/invite-members.machine.ts) as
 * its child `invite`, started by `user.invite` and ended when the dialog closes.
 *
 * Why a flow of its own: the header belongs to no screen (it shows on every page with the member
 * selector), so no screen flow can own its dialog, and a view must not build actors. It is a
 * long-lived flow of the app system (src/services/flows/invite-flow.ts), started with the session
 * and stopped at sign-out, so the inspector and the recorder see the dialog like any other flow.
 * The invitations it sends refresh the account (the invite flow's own effect); no list here
 * shows them, so `invite.sent` is heard and nothing more.
 */

type Events = ({ type: 'user.invite' } & InviteMembersInput) | InviteSent;

export const headerInviteMachine = setup({
  types: {} as { events: Events },
  actors: {
    /** The invite dialog's flow (provided with its effects, src/services/actors/team.ts). */
    inviteMembers: inviteMembersMachine,
  },
}).createMachine({
  id: 'headerInvite',
  initial: 'idle',
  states: {
    idle: { on: { 'user.invite': 'inviting' } },
    inviting: {
      description: 'The invite dialog is open (its own flow); it ends when the person closes it.',
      invoke: {
        id: 'invite',
        src: 'inviteMembers',
        input: ({ event }) => (event.type === 'user.invite' && event.tab ? { tab: event.tab } : {}),
        onDone: 'idle',
        onError: 'idle',
      },
    },
  },
});

export type HeaderInviteActorRef = ActorRefFrom<typeof headerInviteMachine>;
