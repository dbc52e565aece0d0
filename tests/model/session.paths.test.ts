import { sessionMachine } from '../../src/machines/session.machine';
import { Code } from '../../src/contract/codes';
import { machinePathSuite } from '../support/machine-paths';

const events = [
  { type: 'session.signedIn' },
  { type: 'user.signOut' },
  { type: 'api.sessionEnded', code: Code.TOKEN_EXPIRED },
  { type: 'api.sessionEnded', code: Code.TOKEN_INVALID },
  { type: 'api.sessionEnded', code: Code.FORBIDDEN },
  { type: 'xstate.done.actor.signOut', output: Code.SIGNED_OUT },
  { type: 'xstate.done.actor.signOut', output: Code.OK },
  { type: 'xstate.done.actor.signOut', output: Code.LOGOUT_REDIRECT },
  { type: 'xstate.done.actor.signOut', output: Code.INTERNAL },
  { type: 'xstate.error.actor.signOut', error: 'network' },
] as const;

machinePathSuite('session machine paths (stored token)', sessionMachine, {
  events,
  variants: [
    { name: 'token', machine: sessionMachine.provide({ guards: { hasStoredToken: () => true } }) },
    { name: 'no token', machine: sessionMachine.provide({ guards: { hasStoredToken: () => false } }) },
  ],
});
