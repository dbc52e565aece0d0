/** The extension's sign-in page (SPEC §2 /eclient/auth), started by the app system while it is on screen. */
import { eclientAuthMachine } from '../../machines/eclient-auth.machine';
import { eclientAuthEffects } from '../actors/eclient-auth';
import { defineScreenFlow } from '../flow-definition';

export const eclientAuthFlows = [defineScreenFlow({ systemId: 'eclientAuth', machine: eclientAuthMachine, effects: eclientAuthEffects })];
