import { assign, setup, type ActorRefFrom } from 'xstate';
import { Code, sessionEndingCodes } from '../contract/codes';
import { LOGIN_PATH, type NavigateParams } from './constants';
import { actionNotProvided, actorNotProvided, guardNotProvided } from './not-provided';

/**
 * Session (SPEC §4 Session, SPEC §7 sign-out).
 *
 * - `signedIn` / `signedOut` follow the stored access token (`hasStoredToken` at start,
 *   `session.signedIn` after a sign-in form stored one);
 * - `api.sessionEnded {code}` (100004 expired, 100026 invalid) clears the token and goes to /login
 *   with the location the person was at as its `redirect`, so signing in again brings them back
 *   (`toLoginReturning`; `expired`, until the next sign-in);
 * - `user.signOut` invokes `signOut`, which resolves the answer code: 100009 or 100000 go to
 *   /login, 100002 opens the logout link, anything else (or a failure) still clears the token and
 *   goes to /login.
 *
 * Every start of a session (entering `signedIn`) runs `announceSessionStarted` and every end
 * runs `announceSessionEnded`; in the app system (src/services/app-system.ts) they tell the root
 * actor, which starts the long-lived flows and broadcasts `session.ended` to every actor of the
 * system before stopping those flows.
 */

export type SessionEvent =
  | { type: 'session.signedIn' }
  | { type: 'api.sessionEnded'; code: number }
  | { type: 'user.signOut' };

export type SessionContext = {
  /** Code that ended the last session (sign-out answer or session-ending API code); null while none. */
  lastCode: number | null;
};

const toLogin = { type: 'navigate', params: { to: LOGIN_PATH, replace: true } } as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'signedIn' | 'busy',
  },
  actors: {
    signOut: actorNotProvided<number>('signOut'),
  },
  actions: {
    clearToken: actionNotProvided('clearToken'),
    navigate: actionNotProvided<NavigateParams>('navigate'),
    /** To /login?redirect=<the router's location now> (plain /login from the sign-in page itself). */
    toLoginReturning: actionNotProvided('toLoginReturning'),
    openLogoutLink: actionNotProvided('openLogoutLink'),
    announceSessionStarted: actionNotProvided('announceSessionStarted'),
    announceSessionEnded: actionNotProvided('announceSessionEnded'),
    rememberCode: assign((_, code: number | null) => ({ lastCode: code })),
  },
  guards: {
    hasStoredToken: guardNotProvided('hasStoredToken'),
    isSessionEndingCode: (_, code: number) => sessionEndingCodes.has(code),
    isSignedOutCode: (_, code: number) => code === Code.SIGNED_OUT || code === Code.OK,
    isLogoutRedirectCode: (_, code: number) => code === Code.LOGOUT_REDIRECT,
  },
}).createMachine({
  id: 'session',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['lastCode'] },
  context: { lastCode: null },
  initial: 'checking',
  on: {
    'api.sessionEnded': {
      guard: { type: 'isSessionEndingCode', params: ({ event }) => event.code },
      target: '.expired',
      actions: [{ type: 'rememberCode', params: ({ event }) => event.code }, 'clearToken', 'toLoginReturning', 'announceSessionEnded'],
    },
  },
  states: {
    checking: {
      description: 'Start-up: is there a stored access token?',
      always: [{ guard: 'hasStoredToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedIn: {
      tags: ['signedIn'],
      entry: [{ type: 'rememberCode', params: null }, 'announceSessionStarted'],
      on: { 'user.signOut': 'signingOut' },
    },
    signingOut: {
      description: 'Sign-out call in flight; a session-ending code meanwhile ends the session at once.',
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: [
          {
            guard: { type: 'isSignedOutCode', params: ({ event }) => event.output },
            target: 'signedOut',
            actions: [{ type: 'rememberCode', params: ({ event }) => event.output }, 'clearToken', toLogin, 'announceSessionEnded'],
          },
          {
            guard: { type: 'isLogoutRedirectCode', params: ({ event }) => event.output },
            target: 'signedOut',
            actions: [{ type: 'rememberCode', params: ({ event }) => event.output }, 'clearToken', 'openLogoutLink', 'announceSessionEnded'],
          },
          {
            description: 'Unexpected answer: the session still ends here.',
            target: 'signedOut',
            actions: [{ type: 'rememberCode', params: ({ event }) => event.output }, 'clearToken', toLogin, 'announceSessionEnded'],
          },
        ],
        onError: {
          description: 'The call failed: the session still ends here.',
          target: 'signedOut',
          actions: ['clearToken', toLogin, 'announceSessionEnded'],
        },
      },
    },
    signedOut: {
      description: 'No access token.',
      on: { 'session.signedIn': 'signedIn' },
    },
    expired: {
      description:
        'The server ended the session (100004 expired or 100026 invalid); the token is cleared. Other calls failing the same way change nothing.',
      on: {
        'session.signedIn': 'signedIn',
        'api.sessionEnded': { actions: { type: 'rememberCode', params: ({ event }) => event.code } },
      },
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
