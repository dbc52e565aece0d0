/** Generated path tests of the workspace-members machine: every state and transition is reached. */
import { Code } from '../../src/contract/codes';
import type { WorkspaceMember } from '../../src/contract/workspace';
import { teamMembersMachine } from '../../src/machines/team-members.machine';
import { machinePathSuite } from '../support/machine-paths';

const member: WorkspaceMember = { userId: 'u2', email: 'b@x.test', name: 'B', status: 'joined', level: 'member', number: null, syncType: 'off' };

const events = [
  { type: 'user.page', page: 2 },
  { type: 'user.retry' },
  { type: 'members.changed' },
  { type: 'user.changeRole', userId: 'u2', level: 'manager' },
  { type: 'user.changeSync', userId: 'u2', syncType: 'auto' },
  { type: 'user.resend', email: 'c@x.test' },
  { type: 'user.remove', userId: 'u2', email: 'b@x.test' },
  { type: 'user.deleteInvite', email: 'c@x.test' },
  { type: 'user.leave' },
  { type: 'user.disband' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.loadPage', output: { items: [member], total: 1 } },
  { type: 'xstate.error.actor.loadPage', error: new Error('network') },
  // Page 2 came back empty (its last rows were deleted): fall back to the last page with rows.
  { type: 'xstate.done.actor.loadPage', output: { items: [], total: 20 } },
  { type: 'xstate.done.actor.runAction', output: { ok: true } },
  { type: 'xstate.done.actor.runAction', output: { ok: false, code: Code.MEMBERS_REMAIN, message: 'remove everyone first' } },
  { type: 'xstate.error.actor.runAction', error: new Error('network') },
  { type: 'xstate.done.actor.runAction', output: { ok: false, code: Code.MEMBER_EXCEEDED, message: 'no seat' } },
  { type: 'xstate.done.actor.loadSeats', output: { planName: 'Starter', used: 5, limit: 5 } },
  { type: 'xstate.error.actor.loadSeats', error: new Error('network') },
  { type: 'user.close' },
];

machinePathSuite('team members machine paths', teamMembersMachine, {
  events,
  serializeContext: (c) => ({ pending: c.pending?.kind ?? null, error: c.error?.code ?? null, page: c.page, loadingPage: c.loadingPage, seats: c.seats !== null }),
  variants: [
    { name: 'admin', input: { workspaceId: 'w1', selfId: 'u1', role: 'admin' } },
    { name: 'member', input: { workspaceId: 'w1', selfId: 'u3', role: 'member' } },
  ],
});
