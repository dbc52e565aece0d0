/** Generated path tests of the invite-members dialog machine: every state and transition is reached. */
import { Code } from '../../src/contract/codes';
import { inviteMembersMachine } from '../../src/machines/invite-members.machine';
import { machinePathSuite } from '../support/machine-paths';

const link = { inviteUrl: 'http://x/crm/workspace/invitation?invite_token=t', expiresAt: 1 };

const events = [
  { type: 'user.open', tab: 'email' },
  { type: 'user.close' },
  { type: 'user.tab', tab: 'link' },
  { type: 'user.generate' },
  { type: 'user.copy' },
  { type: 'user.reset' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.emailsChanged', value: 'a@x.test' },
  { type: 'user.emailsChanged', value: 'nope' },
  { type: 'user.emailsBlur' },
  { type: 'user.send' },
  { type: 'xstate.done.actor.loadLink', output: link },
  { type: 'xstate.done.actor.loadLink', output: null },
  { type: 'xstate.error.actor.loadLink', error: new Error('network') },
  { type: 'xstate.done.actor.generateLink', output: link },
  { type: 'xstate.error.actor.generateLink', error: new Error('network') },
  { type: 'xstate.done.actor.copyText' },
  { type: 'xstate.error.actor.copyText', error: new Error('denied') },
  { type: 'xstate.done.actor.resetLink', output: link },
  { type: 'xstate.error.actor.resetLink', error: new Error('network') },
  { type: 'xstate.done.actor.sendInvites', output: { ok: true } },
  { type: 'xstate.done.actor.sendInvites', output: { ok: false, code: Code.MEMBER_EXCEEDED, message: 'full' } },
  { type: 'xstate.done.actor.sendInvites', output: { ok: false, code: Code.FORBIDDEN, message: 'no' } },
  { type: 'xstate.error.actor.sendInvites', error: new Error('network') },
  { type: 'xstate.done.actor.loadSeats', output: { planName: 'Trial', used: 5, limit: 5 } },
  { type: 'xstate.error.actor.loadSeats', error: new Error('network') },
];

machinePathSuite('invite members machine paths', inviteMembersMachine, {
  events,
  serializeContext: (c) => ({ link: c.link !== null, emails: c.emails, emailsError: c.emailsError, error: c.error?.code ?? null, notice: c.notice, tab: c.tab, seats: c.seats !== null }),
});
