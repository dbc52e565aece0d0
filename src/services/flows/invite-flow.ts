/**
 * The header's Invite button as a long-lived flow (src/services/app-system.ts `appFlows`): it owns
 * the invite dialog's flow while the dialog is open (src/machines/header-invite.machine.ts says why
 * it is a flow of its own). Loaded when a session starts (a dynamic import), so neither the
 * machines nor the team contract reach the login page.
 */
import { headerInviteMachine } from '../../machines/header-invite.machine';
import { headerInviteEffects } from '../actors/team';
import { defineLongLivedFlow } from '../flow-definition';

export const headerInviteFlow = defineLongLivedFlow({ systemId: 'headerInvite', machine: headerInviteMachine, effects: headerInviteEffects });
