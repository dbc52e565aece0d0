/**
 * The password screens' flows (SPEC §5 Reset password, Change password), started by the app system while their route is on screen (src/ui/route-table.ts
 * `flows`); the reset form takes the query's email. A module per route, so the login page loads no other form's machine.
 */
import { changePasswordMachine } from '../../machines/auth/change-password.machine';
import { resetPasswordMachine } from '../../machines/auth/reset-password.machine';
import { routeParam } from '../../machines/route-facts';
import { changePasswordEffects, resetPasswordEffects } from '../actors/auth';
import { defineScreenFlow } from '../flow-definition';

/** /reset-password?email=…: the address is filled in. */
export const resetPasswordFlows = [
  defineScreenFlow({ systemId: 'resetPassword', machine: resetPasswordMachine, effects: resetPasswordEffects, input: (route) => ({ email: routeParam(route, 'email') ?? '' }) }),
];

export const changePasswordFlows = [defineScreenFlow({ systemId: 'changePassword', machine: changePasswordMachine, effects: changePasswordEffects })];
