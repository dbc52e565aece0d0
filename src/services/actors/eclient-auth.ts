/**
 * The extension sign-in page's effects (/crm/eclient/auth, SPEC §2): the browser's session (a
 * stored access token, or one from the session cookie, as the login gate obtains it), the
 * extension check (findConfigInfo), the extension's own session (eclientGrant) and its hand-over
 * to the extension (`eclientAuth`, src/contract/extension.ts), through the bridge.
 */
import { fromPromise } from 'xstate';
import { accountEndpoints } from '../../contract/account';
import { chatsEndpoints } from '../../contract/chats';
import { eclientAuthPayload } from '../../contract/extension';
import { LOGIN_PATH, REDIRECT_PARAM } from '../../machines/constants';
import type { ConfigProbe, EclientGrant, eclientAuthMachine, GrantAnswer, HandOverReply } from '../../machines/eclient-auth.machine';
import { answerOf, dataOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import { findConfigInfo, readActionReply } from './chat-sync';

/** The page's path in the app (the route table's entry). */
export const ECLIENT_AUTH_PATH = '/eclient/auth';

/** The sign-in page, coming back here afterwards. */
export const signInThenBack = `${LOGIN_PATH}?${new URLSearchParams([[REDIRECT_PARAM, ECLIENT_AUTH_PATH]]).toString()}`;

export const eclientAuthEffects: FlowEffects<typeof eclientAuthMachine> = (services) => ({
  actors: {
    obtainToken: fromPromise<void, void>(async () => {
      const token = dataOf(await services.api.call(accountEndpoints.token), 'Obtaining an access token');
      services.storage.set('accessToken', token.accessToken);
      // The app's session starts as after a sign-in (its long-lived flows with it).
      services.sendTo('session', { type: 'session.signedIn' });
    }),
    probeExtension: fromPromise<ConfigProbe, void>(() => findConfigInfo(services)),
    grant: fromPromise<GrantAnswer, void>(async () => answerOf(await services.api.call(chatsEndpoints.eclientGrant, {}))),
    handOver: fromPromise<HandOverReply, EclientGrant>(async ({ input }) => {
      // Only the fields the contract names go to the extension.
      const payload = eclientAuthPayload.parse(input);
      return readActionReply(await services.bridge.send<unknown>('eclientAuth', payload));
    }),
  },
  guards: {
    hasStoredToken: () => services.storage.get('accessToken') !== null,
  },
  actions: {
    goToSignIn: () => services.navigate(signInThenBack),
  },
});
