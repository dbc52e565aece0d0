/**
 * Generated path tests of the webhook permission page (SPEC §2 /integration-center/permissions,
 * §5 'Webhook permission changes apply after a refresh.', §6): every state and transition is
 * reached, and each step runs exactly its effects: the members read at start and on a retry; a
 * switch saved at once with the member and the new value (a click on the value shown saves
 * nothing); a save that went through said, and the note shown from then on; a PLAN_LIMIT refusal
 * opening the feature-limit dialog.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { MemberPermission } from '../../src/contract/integrations';
import { webhookPermissionsMachine } from '../../src/machines/webhook-permissions.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const owner: MemberPermission = { userId: 'u-admin', email: 'admin@example.test', name: 'Ada Admin', level: 'admin', webhook: true };
const member: MemberPermission = { userId: 'u-member', email: 'member@example.test', name: 'Mia Member', level: 'member', webhook: false };
const networkDown = new Error('Network error');

type Perms = { members: MemberPermission[]; pending: { userId: string; enabled: boolean } | null };
const ctx = (s: AnyMachineSnapshot) => s.context as Perms;

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  if (s.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadPermissions', output: [owner, member] },
      { type: 'xstate.error.actor.loadPermissions', error: networkDown },
    ];
  }
  if (s.matches('failed')) return [{ type: 'user.retry' }];
  if (s.matches('ready')) {
    const shown = ctx(s).members.find((m) => m.userId === 'u-member')?.webhook ?? false;
    return [
      { type: 'user.toggle', userId: 'u-member', enabled: !shown },
      // What the row already shows (a double click): nothing to save.
      { type: 'user.toggle', userId: 'u-member', enabled: shown },
    ];
  }
  if (s.matches('saving')) {
    return [
      { type: 'xstate.done.actor.savePermission', output: { ok: true } },
      { type: 'xstate.done.actor.savePermission', output: { ok: false, code: Code.PLAN_LIMIT, message: 'Your plan does not include this feature' } },
      { type: 'xstate.done.actor.savePermission', output: { ok: false, code: Code.FORBIDDEN, message: 'You do not have permission to do this' } },
      { type: 'xstate.error.actor.savePermission', error: networkDown },
    ];
  }
  if (s.matches('featureLimit')) return [{ type: 'user.close' }];
  return [];
};

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0) return [actorRan('loadPermissions')];
  switch (event.type) {
    case 'user.retry':
      return before!.matches('failed') ? [actorRan('loadPermissions')] : [];
    case 'user.toggle': {
      if (!before!.matches('ready')) return [];
      const shown = ctx(before!).members.find((m) => m.userId === event.userId)?.webhook;
      return shown === event.enabled ? [] : [actorRan('savePermission', { userId: event.userId, enabled: event.enabled })];
    }
    case 'xstate.done.actor.savePermission':
      return (event.output as { ok: boolean }).ok ? [actionRan('notify', { kind: 'saved' })] : [];
    default:
      return [];
  }
};

machinePathSuite('webhook permissions machine paths', webhookPermissionsMachine, {
  events,
  effects,
  input: { selfId: 'u-admin' },
  serializeContext: (c) => ({
    members: c.members.map((m) => `${m.userId}:${m.webhook}`),
    pending: c.pending,
    error: c.error ? (c.error.kind === 'server' ? c.error.code : c.error.kind) : null,
    changed: c.changed,
  }),
});
