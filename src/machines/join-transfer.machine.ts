import { setup, type ActorRefFrom } from 'xstate';
import { WORKSPACE_PATH, type NavigateParams } from './constants';
import { grantAccessWithInvite } from './login-gate.machine';
import { actionNotProvided } from './not-provided';

/**
 * joinTransfer, /crm/workspace/join-transfer?invite_token=T (SPEC §2 standalone routes: "The named
 * routes joinTransfer and eclientAuth skip the login gate"): carries a join in progress to the
 * workspace page. A link made elsewhere (the product's site, the extension, an email sent before
 * the person had an account) hands the invitation's token over here; the page needs no session,
 * so the gate's rules do not bounce it first (step 1 would send the token home, step 2 to the
 * login page, losing which page it was for).
 *
 * The flow decides once, at start, and moves the router (replacing this entry, so Back does not
 * come here again):
 * - with a token: to the invitation page, /workspace/grant-access?invite_token=T, which reads the
 *   invitation (email or public link: the server's answer says which) and joins it. The login gate
 *   applies there: signed out, the person signs in (or signs up) and comes back to it with the
 *   token (/login?redirect=...); already in a workspace, the invitation page sends them to the
 *   already-joined page;
 * - without one: to the workspace page, /workspace (create a workspace), where the gate applies
 *   too.
 *
 * Tags for the view: none (the page says it is taking the person on).
 */

/** The route's path (under the /crm basename). */
export const JOIN_TRANSFER_PATH = '/workspace/join-transfer';

export type JoinTransferInput = { inviteToken: string | null };
type Context = { inviteToken: string | null };

/** Where the join goes on: the invitation page with its token, or the workspace page without one. */
export const joinTargetOf = (inviteToken: string | null): string => (inviteToken ? grantAccessWithInvite(inviteToken) : WORKSPACE_PATH);

export const joinTransferMachine = setup({
  types: {} as { context: Context; input: JoinTransferInput },
  actions: {
    navigate: actionNotProvided<NavigateParams>('navigate'),
  },
  guards: {
    hasToken: ({ context }) => context.inviteToken !== null,
  },
}).createMachine({
  id: 'joinTransfer',
  meta: { recordable: ['inviteToken'] },
  context: ({ input }) => ({ inviteToken: input.inviteToken?.trim() || null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        {
          guard: 'hasToken',
          target: 'transferred',
          actions: { type: 'navigate', params: ({ context }) => ({ to: joinTargetOf(context.inviteToken), replace: true }) },
        },
        { target: 'transferred', actions: { type: 'navigate', params: { to: WORKSPACE_PATH, replace: true } } },
      ],
    },
    transferred: {
      type: 'final',
      description: 'The router moved on; the page it left shows nothing more.',
    },
  },
});

export type JoinTransferActorRef = ActorRefFrom<typeof joinTransferMachine>;
