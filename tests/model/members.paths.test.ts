/** Generated path tests of the workspace-members machine: every state and transition is reached. */
import { Code } from '../../src/contract/codes';
import type { WorkspaceMember } from '../../src/contract/workspace';
import { membersMachine, type MembersContext, type MembersPage } from '../../src/machines/members.machine';
import { machinePathSuite } from '../support/machine-paths';

const member = (email: string, over: Partial<WorkspaceMember> = {}): WorkspaceMember => ({
  userId: `u-${email.split('@')[0]}`,
  email,
  name: '',
  status: 'joined',
  level: 'member',
  number: null,
  syncType: 'off',
  ...over,
});
const items = [
  member('owner@example.test', { userId: 'u-owner', level: 'admin' }),
  member('bob@example.test'),
  member('inv@example.test', { status: 'invited', userId: '' }),
];
const page = (n: number, rows: WorkspaceMember[], total = 45): MembersPage => ({ items: rows, total, page: n, size: 20 });
const ok = <T>(data: T) => ({ ok: true, data });
const refused = (code: number) => ({ ok: false, code, message: `refused ${code}` });

const events = [
  { type: 'xstate.done.actor.loadPage', output: ok(page(1, items)) },
  { type: 'xstate.done.actor.loadPage', output: ok(page(3, [])) },
  { type: 'xstate.done.actor.loadPage', output: refused(Code.NO_WORKSPACE) },
  { type: 'xstate.done.actor.loadPage', output: refused(Code.FORBIDDEN) },
  { type: 'xstate.error.actor.loadPage', error: new Error('network') },
  { type: 'user.retry' },
  { type: 'user.page', page: 3 },
  { type: 'list.refresh' },
  { type: 'user.changeRole', email: 'bob@example.test', level: 'manager' },
  { type: 'user.changeSync', email: 'bob@example.test', syncType: 'auto' },
  { type: 'user.resend', email: 'inv@example.test' },
  { type: 'user.remove', email: 'bob@example.test' },
  { type: 'user.deleteInvite', email: 'inv@example.test' },
  { type: 'user.leave' },
  { type: 'user.disband' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.closeLimit' },
  { type: 'xstate.done.actor.memberAction', output: ok(null) },
  { type: 'xstate.done.actor.memberAction', output: refused(Code.MEMBER_EXCEEDED) },
  { type: 'xstate.done.actor.memberAction', output: refused(Code.NO_WORKSPACE) },
  { type: 'xstate.done.actor.memberAction', output: refused(Code.FORBIDDEN) },
  { type: 'xstate.error.actor.memberAction', error: new Error('network') },
  { type: 'xstate.done.actor.loadUsage', output: { planName: 'Trial', inviteLimit: 5, inviteCount: 5 } },
  { type: 'xstate.error.actor.loadUsage', error: new Error('network') },
];

const serializeContext = (c: MembersContext) => ({
  page: c.page,
  loaded: c.items.length,
  pending: c.pending?.kind ?? null,
  error: c.error?.kind ?? null,
  usage: c.usage !== null,
});

machinePathSuite('members machine paths', membersMachine, {
  events,
  serializeContext,
  variants: [
    { name: 'owner', input: { workspaceId: 'w-1', selfId: 'u-owner', role: 'owner' } },
    { name: 'manager', input: { workspaceId: 'w-1', selfId: 'u-manager', role: 'manager' } },
  ],
});
