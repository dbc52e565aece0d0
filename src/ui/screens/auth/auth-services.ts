import { fromPromise } from 'xstate';
import { Code } from '../../../contract/codes';
import type { ApiClient, ApiResult } from '../../../services/api/client';
import type { AuthAnswer, SignedIn } from '../../../machines/auth/auth-form';
import type { GoogleConfig } from '../../../machines/auth/google-sign-in.machine';
import { obtainGoogleIdToken } from './google-identity';
import { accountEndpoints } from '../../../contract/account';

/** What the auth screens need from the app (tests pass fakes). */
export type AuthServices = {
  /** The API client (`createApiClient(...)`), or a fake with the same `call`. */
  api: Pick<ApiClient, 'call'>;
  /** Stores the access token and tells the session (`session.signedIn`); called before navigating. */
  onSignedIn(accessToken: string): void;
  /** Obtains a Google ID token for `clientId` (default: Google Identity Services' prompt). */
  obtainGoogleCredential?: (clientId: string) => Promise<string>;
};

/** The client's answer as the auth machines read it (a non-JSON answer counts as a server failure). */
export const toAnswer = <T, R>(result: ApiResult<T>, pick: (data: T) => R): AuthAnswer<R> => {
  if (!result.ok) return { ok: false, code: result.code, message: result.message };
  if (result.raw) return { ok: false, code: Code.INTERNAL, message: '' };
  return { ok: true, data: pick(result.data) };
};

const token = (data: { accessToken: string }): SignedIn => ({ accessToken: data.accessToken });
const nothing = (): null => null;

export const signInActors = (services: AuthServices) => ({
  submitLogin: fromPromise<AuthAnswer<SignedIn>, { email: string; password: string }>(async ({ input }) =>
    toAnswer(await services.api.call(accountEndpoints.login, input), token),
  ),
});

export const googleSignInActors = (services: AuthServices) => ({
  loadGoogleConfig: fromPromise<GoogleConfig, void>(async () => {
    const answer = toAnswer(await services.api.call(accountEndpoints.googleConfig), (data) => data);
    return answer.ok ? answer.data : { enabled: false, clientId: null };
  }),
  obtainGoogleCredential: fromPromise<string, { clientId: string }>(({ input }) =>
    (services.obtainGoogleCredential ?? obtainGoogleIdToken)(input.clientId),
  ),
  submitGoogleLogin: fromPromise<AuthAnswer<SignedIn>, { credential: string }>(async ({ input }) =>
    toAnswer(await services.api.call(accountEndpoints.loginGoogle, input), token),
  ),
});

export const signUpActors = (services: AuthServices) => ({
  requestSignupCode: fromPromise<AuthAnswer<null>, { email: string; password: string }>(async ({ input }) =>
    toAnswer(await services.api.call(accountEndpoints.register, input), nothing),
  ),
  verifySignup: fromPromise<AuthAnswer<SignedIn>, { email: string; code: string }>(async ({ input }) =>
    toAnswer(await services.api.call(accountEndpoints.registerVerify, input), token),
  ),
});

export const resetPasswordActors = (services: AuthServices) => ({
  requestResetCode: fromPromise<AuthAnswer<null>, { email: string }>(async ({ input }) =>
    toAnswer(await services.api.call(accountEndpoints.resetRequest, input), nothing),
  ),
  resetPassword: fromPromise<AuthAnswer<null>, { email: string; code: string; password: string }>(async ({ input }) =>
    toAnswer(await services.api.call(accountEndpoints.reset, input), nothing),
  ),
});

export const changePasswordActors = (services: AuthServices) => ({
  changePassword: fromPromise<AuthAnswer<null>, { oldPassword: string; newPassword: string }>(async ({ input }) =>
    toAnswer(await services.api.call(accountEndpoints.changePassword, input), nothing),
  ),
});

/** Where to go after sign-in: the gate's `redirect` (an app path), else home. Never another origin. */
export const safeRedirect = (redirect: string | null, fallback: string): string =>
  redirect !== null && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\') ? redirect : fallback;
