/**
 * The sign-up screen's flow (SPEC §5 Sign up), started by the app system while /signup is on screen (src/ui/route-table.ts
 * `flows`). A module per route, so the login page loads no other form's machine.
 */
import { signUpMachine } from '../../machines/auth/sign-up.machine';
import { signUpEffects } from '../actors/auth';
import { defineScreenFlow } from '../flow-definition';

export const signUpFlows = [defineScreenFlow({ systemId: 'signUp', machine: signUpMachine, effects: signUpEffects })];
