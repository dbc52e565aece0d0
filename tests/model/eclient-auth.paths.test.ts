/**
 * Generated path tests of the extension's sign-in page (/crm/eclient/auth, SPEC §2): every state
 * and transition is reached, and each step runs exactly its effects: a token from the session
 * cookie when none is stored (sign-in offered when that fails), the extension check, the grant
 * once the extension answered, the hand-over of exactly that grant, and a retry from the
 * extension check. Two variants: a browser with a stored token and one without.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import { eclientAuthMachine, type EclientGrant } from '../../src/machines/eclient-auth.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const grant: EclientGrant = {
  accessToken: 'ext-access-token-1',
  refreshToken: 'ext-refresh-token-0123456789',
  expiresIn: 900,
  userId: 'u1',
  email: 'mia@example.com',
  workspaceId: 'w1',
};

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  if (s.matches('obtainingToken')) return [{ type: 'xstate.done.actor.obtainToken' }, { type: 'xstate.error.actor.obtainToken', error: { message: 'No session' } }];
  if (s.matches('signedOut')) return [{ type: 'user.signIn' }, { type: 'user.retry' }];
  if (s.matches('probing')) {
    return [
      { type: 'xstate.done.actor.probeExtension', output: { chatServiceId: 'cs-1' } },
      { type: 'xstate.done.actor.probeExtension', output: undefined },
      { type: 'xstate.error.actor.probeExtension', error: { message: 'The bridge failed' } },
    ];
  }
  if (s.matches('granting')) {
    return [
      { type: 'xstate.done.actor.grant', output: { ok: true, data: grant } },
      { type: 'xstate.done.actor.grant', output: { ok: false, code: Code.NO_WORKSPACE, message: 'No workspace' } },
      { type: 'xstate.error.actor.grant', error: { message: 'Network error' } },
    ];
  }
  if (s.matches('handingOver')) {
    return [
      { type: 'xstate.done.actor.handOver', output: { ok: true } },
      { type: 'xstate.done.actor.handOver', output: { ok: false, message: 'Signed in as someone else' } },
      { type: 'xstate.done.actor.handOver', output: undefined },
      { type: 'xstate.error.actor.handOver', error: { message: 'The bridge failed' } },
    ];
  }
  return [{ type: 'user.retry' }, { type: 'user.signIn' }];
};

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0 || !before) return [actorRan(step.variant === 'token stored' ? 'probeExtension' : 'obtainToken')];
  switch (event.type) {
    case 'xstate.done.actor.obtainToken':
      return [actorRan('probeExtension')];
    case 'user.signIn':
      return before.matches('signedOut') ? [actionRan('goToSignIn')] : [];
    case 'user.retry':
      return before.matches('noExtension') || before.matches('failed') ? [actorRan('probeExtension')] : [];
    case 'xstate.done.actor.probeExtension':
      return event.output !== undefined ? [actorRan('grant')] : [];
    case 'xstate.done.actor.grant': {
      const answer = event.output as { ok: boolean; data?: EclientGrant };
      // The hand-over gets exactly the grant the server answered.
      return answer.ok ? [actorRan('handOver', answer.data)] : [];
    }
    default:
      return [];
  }
};

machinePathSuite('eclient-auth machine paths', eclientAuthMachine, {
  events,
  effects,
  serializeContext: (c) => ({ error: c.error?.kind ?? null, email: c.email }),
  limit: 2000,
  variants: [
    { name: 'token stored', machine: eclientAuthMachine.provide({ guards: { hasStoredToken: () => true } }) },
    { name: 'no token', machine: eclientAuthMachine.provide({ guards: { hasStoredToken: () => false } }) },
  ],
});
