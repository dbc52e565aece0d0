/**
 * The sign-in screen's flows (SPEC §5 Login), started by the app system while /login is on screen (src/ui/route-table.ts
 * `flows`); their input is the route's `redirect`. A module per route, so the login page loads no other form's machine.
 */
import { googleSignInMachine } from '../../machines/auth/google-sign-in.machine';
import { signInMachine } from '../../machines/auth/sign-in.machine';
import { REDIRECT_PARAM } from '../../machines/constants';
import { routeParam } from '../../machines/route-facts';
import { googleSignInEffects, signInEffects } from '../actors/auth';
import { defineScreenFlow } from '../flow-definition';

/** /login: the email form and Google sign-in, both going on to the `redirect` parameter. */
export const signInFlows = [
  defineScreenFlow({ systemId: 'signIn', machine: signInMachine, effects: signInEffects, input: (route) => ({ redirect: routeParam(route, REDIRECT_PARAM) }) }),
  defineScreenFlow({
    systemId: 'googleSignIn',
    machine: googleSignInMachine,
    effects: googleSignInEffects,
    input: (route) => ({ redirect: routeParam(route, REDIRECT_PARAM) }),
  }),
];
