/**
 * The auth flows' effects (SPEC §5, §7 Account): sign-in, Google sign-in, sign-up, password reset
 * and change. Built only from the flow services; the screens start them with
 * `useFlowActor(machine, effects, { input })`.
 *
 * The sign-in page loads this module, so it imports the account area of the contract only.
 */
import { fromPromise } from 'xstate';
import { accountEndpoints } from '../../contract/account';
import type { Answer } from '../../machines/answer';
import type { SignedIn, SignedInParams } from '../../machines/auth/auth-form';
import type { changePasswordMachine } from '../../machines/auth/change-password.machine';
import type { GoogleConfig, googleSignInMachine } from '../../machines/auth/google-sign-in.machine';
import type { resetPasswordMachine } from '../../machines/auth/reset-password.machine';
import type { signInMachine } from '../../machines/auth/sign-in.machine';
import type { signUpMachine } from '../../machines/auth/sign-up.machine';
import { answerOf } from '../answer';
import type { FlowEffects, FlowServices } from '../flow-services';
import { obtainGoogleIdToken } from './google-identity';

const token = (data: { accessToken: string }): SignedIn => ({ accessToken: data.accessToken });
const nothing = (): null => null;

/**
 * Signed in (password, Google or a confirmed sign-up): keep the access token, tell the session
 * (`session.signedIn`), and go where the flow says, replacing the form in the history.
 */
const signedIn =
  (services: FlowServices) =>
  (_: unknown, p: SignedInParams): void => {
    services.storage.set('accessToken', p.accessToken);
    services.sendTo('session', { type: 'session.signedIn' });
    services.navigate(p.to, { replace: true });
  };

export const signInEffects: FlowEffects<typeof signInMachine> = (services) => ({
  actors: {
    submitLogin: fromPromise<Answer<SignedIn>, { email: string; password: string }>(async ({ input }) =>
      answerOf(await services.api.call(accountEndpoints.login, input), token),
    ),
  },
  actions: { signedIn: signedIn(services) },
});

export const googleSignInEffects: FlowEffects<typeof googleSignInMachine> = (services) => ({
  actors: {
    /** Not configured, refused or unreadable: no button. */
    loadGoogleConfig: fromPromise<GoogleConfig, void>(async () => {
      const answer = answerOf(await services.api.call(accountEndpoints.googleConfig));
      return answer.ok ? answer.data : { enabled: false, clientId: null };
    }),
    obtainGoogleCredential: fromPromise<string, { clientId: string }>(({ input }) => obtainGoogleIdToken(input.clientId)),
    submitGoogleLogin: fromPromise<Answer<SignedIn>, { credential: string }>(async ({ input }) =>
      answerOf(await services.api.call(accountEndpoints.loginGoogle, input), token),
    ),
  },
  actions: { signedIn: signedIn(services) },
});

export const signUpEffects: FlowEffects<typeof signUpMachine> = (services) => ({
  actors: {
    requestSignupCode: fromPromise<Answer<null>, { email: string; password: string }>(async ({ input }) =>
      answerOf(await services.api.call(accountEndpoints.register, input), nothing),
    ),
    verifySignup: fromPromise<Answer<SignedIn>, { email: string; code: string }>(async ({ input }) =>
      answerOf(await services.api.call(accountEndpoints.registerVerify, input), token),
    ),
  },
  actions: { signedIn: signedIn(services) },
});

export const resetPasswordEffects: FlowEffects<typeof resetPasswordMachine> = (services) => ({
  actors: {
    requestResetCode: fromPromise<Answer<null>, { email: string }>(async ({ input }) =>
      answerOf(await services.api.call(accountEndpoints.resetRequest, input), nothing),
    ),
    resetPassword: fromPromise<Answer<null>, { email: string; code: string; password: string }>(async ({ input }) =>
      answerOf(await services.api.call(accountEndpoints.reset, input), nothing),
    ),
  },
});

export const changePasswordEffects: FlowEffects<typeof changePasswordMachine> = (services) => ({
  actors: {
    changePassword: fromPromise<Answer<null>, { oldPassword: string; newPassword: string }>(async ({ input }) =>
      answerOf(await services.api.call(accountEndpoints.changePassword, input), nothing),
    ),
  },
});
