/**
 * Generated path tests of the header's invite flow (src/machines/header-invite.machine.ts): every
 * state and transition is reached, and the Invite button starts the invite dialog's flow (on the
 * tab asked for, the link tab by default) only while none runs; the dialog's end, closed or
 * failed, makes the button ready again.
 */
import { headerInviteMachine } from '../../src/machines/header-invite.machine';
import { actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const events = [
  { type: 'user.invite' },
  { type: 'user.invite', tab: 'email' },
  { type: 'invite.sent' },
  { type: 'xstate.done.actor.invite' },
  { type: 'xstate.error.actor.invite', error: new Error('failed') },
];

const effects = (step: EffectStep): Effect[] => {
  if (step.index === 0 || step.event.type !== 'user.invite' || !step.before?.matches('idle')) return [];
  return [actorRan('inviteMembers', step.event.tab === 'email' ? { tab: 'email' } : {})];
};

machinePathSuite('header invite machine paths', headerInviteMachine, { events, effects, serializeContext: () => null });
