/**
 * The session's effects (SPEC §4 Session, SPEC §7 sign-out). The announce actions tell the app's
 * root actor (src/machines/app.machine.ts), which starts the long-lived flows on
 * `session.started` and broadcasts `session.ended` to every actor before stopping them.
 */
import { fromPromise, sendParent } from 'xstate';
import { accountEndpoints } from '../../contract/account';
import { Code } from '../../contract/codes';
import { BASE_PATH, LOGIN_PATH } from '../../machines/constants';
import type { sessionMachine } from '../../machines/session.machine';
import type { Implementations } from '../flow-services';
import { loginRedirect, underPath } from '../../machines/login-gate.machine';
import { hasStoredToken, navigateAction, type CoreServices } from './core';

export const sessionEffects = (services: CoreServices): Implementations<typeof sessionMachine> => {
  const openUrl = services.openUrl ?? ((url: string) => window.location.assign(url));
  return {
    actors: {
      /** Resolves the sign-out answer code (a non-JSON answer counts as signed out). */
      signOut: fromPromise<number, void>(async () => {
        const result = await services.api.call(accountEndpoints.logout);
        return result.code ?? Code.OK;
      }),
    },
    guards: { hasStoredToken: hasStoredToken(services) },
    actions: {
      navigate: navigateAction(services),
      // Signing in again brings the person back to where the session ended (the sign-in page
      // itself, or a location not known, needs no way back).
      toLoginReturning: (): void => {
        const here = services.location?.() ?? null;
        const onSignIn = !here || underPath(here.pathname, LOGIN_PATH);
        services.navigate(onSignIn ? LOGIN_PATH : loginRedirect(here), { replace: true });
      },
      clearToken: (): void => services.storage.remove('accessToken'),
      openLogoutLink: (): void => openUrl(services.logoutUrl ?? `${BASE_PATH.replace(/\/$/, '')}${LOGIN_PATH}`),
      announceSessionStarted: sendParent({ type: 'session.started' }),
      announceSessionEnded: sendParent({ type: 'session.ended' }),
    },
  };
};
