import { assign, setup, type ActorRefFrom } from 'xstate';
import { actionNotProvided, actorNotProvided } from '../not-provided';
import { afterSignIn, answerError, requestFailed, type AuthAnswer, type FormError, type SignedIn, type SignedInParams } from './auth-form';
import { accepted } from './form-steps';

/**
 * Google sign-in button (SPEC §7 /api/wp/user/login/google; the button is hidden when the server
 * has no Google client configured).
 *
 * loading (googleConfig) --enabled--> ready --user.googleStart--> obtaining (Google's prompt gives an
 * ID token) --> submitting (/api/wp/user/login/google) --ok--> done (the end)
 * Not configured, or the config call failed: hidden (the button never shows).
 */

export type GoogleConfig = { enabled: boolean; clientId: string | null };

export type GoogleSignInContext = {
  clientId: string | null;
  credential: string | null;
  formError: FormError | null;
  accessToken: string | null;
  /** Where the browser goes once signed in (the safe `redirect`, else home). */
  to: string;
};

export type GoogleSignInInput = { redirect?: string | null };

export type GoogleSignInEvent = { type: 'user.googleStart' };

export const googleSignInMachine = setup({
  types: {
    context: {} as GoogleSignInContext,
    events: {} as GoogleSignInEvent,
    input: {} as GoogleSignInInput,
    tags: {} as 'busy' | 'showButton' | 'showError' | 'done',
  },
  actors: {
    loadGoogleConfig: actorNotProvided<GoogleConfig>('loadGoogleConfig'),
    obtainGoogleCredential: actorNotProvided<string, { clientId: string }>('obtainGoogleCredential'),
    submitGoogleLogin: actorNotProvided<AuthAnswer<SignedIn>, { credential: string }>('submitGoogleLogin'),
  },
  actions: {
    signedIn: actionNotProvided<SignedInParams>('signedIn'),
  },
  guards: {
    isEnabled: (_, config: GoogleConfig) => config.enabled && config.clientId !== null && config.clientId !== '',
  },
}).createMachine({
  id: 'googleSignIn',
  context: ({ input }) => ({ clientId: null, credential: null, formError: null, accessToken: null, to: afterSignIn(input.redirect) }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asks the server whether Google sign-in is configured.',
      invoke: {
        id: 'loadGoogleConfig',
        src: 'loadGoogleConfig',
        onDone: [
          {
            guard: { type: 'isEnabled', params: ({ event }) => event.output },
            target: 'ready',
            actions: assign({ clientId: ({ event }) => event.output.clientId }),
          },
          { target: 'hidden' },
        ],
        onError: { target: 'hidden' },
      },
    },
    hidden: {
      description: 'Google sign-in is not configured (or its config could not be read): no button.',
    },
    ready: {
      tags: ['showButton'],
      initial: 'idle',
      on: { 'user.googleStart': { target: 'obtaining', actions: assign({ formError: null }) } },
      states: {
        idle: {},
        rejected: { tags: ['showError'] },
      },
    },
    obtaining: {
      description: "Google's own prompt is open; it resolves the ID token (credential).",
      tags: ['showButton', 'busy'],
      invoke: {
        id: 'obtainGoogleCredential',
        src: 'obtainGoogleCredential',
        input: ({ context }) => ({ clientId: context.clientId ?? '' }),
        onDone: { target: 'submitting', actions: assign({ credential: ({ event }) => event.output }) },
        onError: {
          target: 'ready.rejected',
          actions: assign({ formError: { key: 'googleFailed', code: null, message: '' } satisfies FormError }),
        },
      },
    },
    submitting: {
      tags: ['showButton', 'busy'],
      invoke: {
        id: 'submitGoogleLogin',
        src: 'submitGoogleLogin',
        input: ({ context }) => ({ credential: context.credential ?? '' }),
        onDone: [
          {
            guard: accepted,
            target: 'done',
            actions: assign({
              accessToken: ({ event }) => (event.output.ok ? event.output.data.accessToken : null),
              credential: null,
            }),
          },
          {
            target: 'ready.rejected',
            actions: assign({
              credential: null,
              formError: ({ event }) => answerError(event.output),
            }),
          },
        ],
        onError: { target: 'ready.rejected', actions: assign({ credential: null, formError: requestFailed }) },
      },
    },
    done: {
      tags: ['done'],
      entry: { type: 'signedIn', params: ({ context }) => ({ accessToken: context.accessToken ?? '', to: context.to }) },
    },
  },
});

export type GoogleSignInActorRef = ActorRefFrom<typeof googleSignInMachine>;
