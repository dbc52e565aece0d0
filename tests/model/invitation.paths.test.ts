/** Generated path tests of the invitation-acceptance machine: every state and transition is reached. */
import { Code } from '../../src/contract/codes';
import { invitationMachine, type InvitationContext, type InvitationInfo } from '../../src/machines/invitation.machine';
import { machinePathSuite } from '../support/machine-paths';

const info = (status: InvitationInfo['status'], kind: InvitationInfo['kind'] = 'email'): InvitationInfo => ({
  workspaceName: 'Acme Support',
  kind,
  email: kind === 'email' ? 'ann@example.test' : null,
  status,
});
const ok = <T>(data: T) => ({ ok: true, data });
const refused = (code: number) => ({ ok: false, code, message: `refused ${code}` });

const events = [
  { type: 'user.join' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadInvitation', output: ok(info('valid')) },
  { type: 'xstate.done.actor.loadInvitation', output: ok(info('emailMismatch')) },
  { type: 'xstate.done.actor.loadInvitation', output: ok(info('expired')) },
  { type: 'xstate.done.actor.loadInvitation', output: refused(Code.VALIDATION) },
  { type: 'xstate.error.actor.loadInvitation', error: new Error('network') },
  { type: 'xstate.done.actor.joinWorkspace', output: ok(null) },
  { type: 'xstate.done.actor.joinWorkspace', output: refused(Code.MEMBER_EXCEEDED) },
  { type: 'xstate.done.actor.joinWorkspace', output: refused(Code.FORBIDDEN) },
  { type: 'xstate.error.actor.joinWorkspace', error: new Error('network') },
];

const serializeContext = (c: InvitationContext) => ({ info: c.info?.status ?? null, error: c.error });

machinePathSuite('invitation machine paths', invitationMachine, {
  events,
  serializeContext,
  variants: [
    { name: 'grant access', input: { inviteToken: 'tok', page: 'grantAccess', userEmail: 'ann@example.test' } },
    { name: 'no token', input: { inviteToken: null, page: 'invitation' } },
  ],
});
