/** Generated path tests of the invite-members dialog machine: every state and transition is reached. */
import { Code } from '../../src/contract/codes';
import { inviteDialogMachine, type InviteDialogContext, type InviteLink } from '../../src/machines/invite-dialog.machine';
import { machinePathSuite } from '../support/machine-paths';

const link: InviteLink = { inviteToken: 'T1', inviteUrl: 'https://crm.test/crm/workspace/invitation?invite_token=T1', expiresAt: 1_700_604_800 };
const ok = <T>(data: T) => ({ ok: true, data });
const refused = (code: number) => ({ ok: false, code, message: `refused ${code}` });

const events = [
  { type: 'user.open' },
  { type: 'user.close' },
  { type: 'user.tab', tab: 'email' },
  { type: 'user.generate' },
  { type: 'user.copy' },
  { type: 'user.reset' },
  { type: 'user.confirmReset' },
  { type: 'user.cancelReset' },
  { type: 'user.retry' },
  { type: 'user.emails', value: '   ' },
  { type: 'user.emails', value: 'ann@example.test, bob@example.test' },
  { type: 'user.blur' },
  { type: 'user.send' },
  { type: 'xstate.done.actor.loadLink', output: ok(link) },
  { type: 'xstate.done.actor.loadLink', output: ok(null) },
  { type: 'xstate.done.actor.loadLink', output: refused(Code.FORBIDDEN) },
  { type: 'xstate.error.actor.loadLink', error: new Error('network') },
  { type: 'xstate.done.actor.generateLink', output: ok(link) },
  { type: 'xstate.done.actor.generateLink', output: refused(Code.FORBIDDEN) },
  { type: 'xstate.error.actor.generateLink', error: new Error('network') },
  { type: 'xstate.done.actor.copyText' },
  { type: 'xstate.error.actor.copyText', error: new Error('denied') },
  { type: 'xstate.done.actor.resetLink', output: ok({ ...link, inviteToken: 'T2' }) },
  { type: 'xstate.done.actor.resetLink', output: refused(Code.FORBIDDEN) },
  { type: 'xstate.error.actor.resetLink', error: new Error('network') },
  { type: 'xstate.done.actor.sendInvitations', output: ok({ invited: ['ann@example.test'] }) },
  { type: 'xstate.done.actor.sendInvitations', output: refused(Code.MEMBER_EXCEEDED) },
  { type: 'xstate.done.actor.sendInvitations', output: refused(Code.VALIDATION) },
  { type: 'xstate.error.actor.sendInvitations', error: new Error('network') },
  { type: 'xstate.done.actor.loadUsage', output: { planName: 'Trial', inviteLimit: 5, inviteCount: 5 } },
  { type: 'xstate.error.actor.loadUsage', error: new Error('network') },
];

const serializeContext = (c: InviteDialogContext) => ({
  tab: c.tab,
  link: c.link?.inviteToken ?? null,
  linkError: c.linkError?.kind ?? null,
  emails: c.emails.trim() === '' ? 'blank' : 'filled',
  checked: c.checked,
  emailsError: c.emailsError,
  sendError: c.sendError?.kind ?? null,
  usage: c.usage !== null,
});

machinePathSuite('invite dialog machine paths', inviteDialogMachine, { events, serializeContext });
