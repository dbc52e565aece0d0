/**
 * Generated path tests of the session machine: every state and transition is reached, and each
 * step clears the token, leaves for /login (with the way back) or the logout link, and tells the app, as SPEC §2 and
 * §7 say.
 */
import { Code } from '../../src/contract/codes';
import { sessionMachine } from '../../src/machines/session.machine';
import { actionRan, actorRan, enters, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

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

/** The codes that end a session when any call answers them (SPEC §7: expired or invalid token). */
const endsSession = (code: number) => code === Code.TOKEN_EXPIRED || code === Code.TOKEN_INVALID;

const toLogin = actionRan('navigate', { to: '/login', replace: true });

/**
 * Becoming signed in announces it. Ending the session (signing out, whatever the server said, or
 * a session-ending code while not already ended) clears the token, leaves for /login (with the
 * way back when the server ended it, or the logout link when the server asks for it) and
 * announces the end. Signing out calls the server.
 */
const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  const out: Effect[] = [];
  if (enters(step, 'session.signedIn')) out.push(actionRan('announceSessionStarted'));
  if (event.type === 'user.signOut') out.push(actorRan('signOut'));
  const ended = (leave: Effect) => [actionRan('clearToken'), leave, actionRan('announceSessionEnded')];
  if (event.type === 'xstate.done.actor.signOut') {
    const code = event.output as number;
    out.push(...ended(code === Code.LOGOUT_REDIRECT ? actionRan('openLogoutLink') : toLogin));
  }
  if (event.type === 'xstate.error.actor.signOut') out.push(...ended(toLogin));
  if (event.type === 'api.sessionEnded' && endsSession(event.code as number) && !step.before?.matches('expired')) {
    out.push(...ended(actionRan('toLoginReturning')));
  }
  return out;
};

machinePathSuite('session machine paths (stored token)', sessionMachine, {
  events,
  effects,
  variants: [
    { name: 'token', machine: sessionMachine.provide({ guards: { hasStoredToken: () => true } }) },
    { name: 'no token', machine: sessionMachine.provide({ guards: { hasStoredToken: () => false } }) },
  ],
});
