/**
 * The sign-in, sign-up and password screens' flows (SPEC §5 Login, Sign up, Reset password,
 * Change password), started by the app system while their route is on screen
 * (src/ui/route-table.ts `flows`); their input comes from the route's query.
 */
import { changePasswordMachine } from '../../machines/auth/change-password.machine';
import { googleSignInMachine } from '../../machines/auth/google-sign-in.machine';
import { resetPasswordMachine } from '../../machines/auth/reset-password.machine';
import { signInMachine } from '../../machines/auth/sign-in.machine';
import { signUpMachine } from '../../machines/auth/sign-up.machine';
import { REDIRECT_PARAM } from '../../machines/constants';
import { routeParam } from '../../machines/route-facts';
import { changePasswordEffects, googleSignInEffects, resetPasswordEffects, signInEffects, signUpEffects } from '../actors/auth';
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

export const signUpFlows = [defineScreenFlow({ systemId: 'signUp', machine: signUpMachine, effects: signUpEffects })];

/** /reset-password?email=…: the address is filled in. */
export const resetPasswordFlows = [
  defineScreenFlow({ systemId: 'resetPassword', machine: resetPasswordMachine, effects: resetPasswordEffects, input: (route) => ({ email: routeParam(route, 'email') ?? '' }) }),
];

export const changePasswordFlows = [defineScreenFlow({ systemId: 'changePassword', machine: changePasswordMachine, effects: changePasswordEffects })];
