import { assign, setup, type ActorRefFrom } from 'xstate';
import type { Answer, CallError } from './answer';
import { actionNotProvided, actorNotProvided, guardNotProvided } from './not-provided';

/**
 * The extension's sign-in page, /crm/eclient/auth (SPEC §2: a standalone route the login gate
 * lets through). The companion extension opens it; the page signs the extension in to the CRM
 * with the browser's own session:
 *
 * 1. a session: a stored access token, or one obtained from the session cookie as the login gate
 *    does (obtainToken); without either, the page offers sign-in (/login?redirect=/eclient/auth,
 *    which comes back here);
 * 2. the extension: asked once (findConfigInfo, a message every build answers); no answer means it
 *    is not installed (or turned off): the page says how to install it and tries again on request;
 * 3. the grant: eclientGrant opens a session of the extension's own and answers its tokens
 *    (a refusal shows the server's message, a failure on the way a network error);
 * 4. the hand-over: `eclientAuth` with the grant goes to the extension (through the bridge, which
 *    remembers the id that answered); its `{ok: true}` means connected, and the tab may be closed.
 *
 * The tokens are never kept in the context (it is what QA records): the hand-over takes them from
 * the grant's done event. A retry starts again at the extension check, with a new grant.
 *
 * Tags for the view: busy, needsSignIn, noExtension, failed, connected.
 */

/** The grant eclientGrant answers (src/contract/chats.ts eclientGrantData). */
export type EclientGrant = {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  userId: string;
  email: string;
  workspaceId: string;
};
export type GrantAnswer = Answer<EclientGrant>;
/** The extension's answer to a message: its reply, or undefined when it did not answer. */
export type ConfigProbe = { chatServiceId: string | null } | undefined;
export type HandOverReply = { ok: boolean; message?: string | undefined } | undefined;

export type EclientAuthError =
  | CallError
  /** The extension refused the hand-over (its message). */
  | { kind: 'extension'; message: string }
  /** The extension stopped answering before the hand-over. */
  | { kind: 'extensionSilent' };

export type EclientAuthEvent = { type: 'user.retry' } | { type: 'user.signIn' };

export type EclientAuthContext = { error: EclientAuthError | null; email: string | null };

export const eclientAuthMachine = setup({
  types: {
    context: {} as EclientAuthContext,
    events: {} as EclientAuthEvent,
    tags: {} as 'busy' | 'needsSignIn' | 'noExtension' | 'failed' | 'connected',
  },
  actors: {
    obtainToken: actorNotProvided<void>('obtainToken'),
    probeExtension: actorNotProvided<ConfigProbe>('probeExtension'),
    grant: actorNotProvided<GrantAnswer>('grant'),
    handOver: actorNotProvided<HandOverReply, EclientGrant>('handOver'),
  },
  actions: {
    /** To the sign-in page, which comes back here once signed in. */
    goToSignIn: actionNotProvided('goToSignIn'),
    fail: assign((_, error: EclientAuthError) => ({ error })),
    clearError: assign({ error: null }),
    rememberEmail: assign((_, email: string) => ({ email })),
  },
  guards: {
    hasStoredToken: guardNotProvided('hasStoredToken'),
    answered: (_, p: { reply: ConfigProbe }) => p.reply !== undefined,
    granted: (_, p: { answer: GrantAnswer }) => p.answer.ok,
    handedOver: (_, p: { reply: HandOverReply }) => p.reply?.ok === true,
    refusedByExtension: (_, p: { reply: HandOverReply }) => p.reply !== undefined && !p.reply.ok,
  },
}).createMachine({
  id: 'eclientAuth',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['error', 'email'] },
  context: { error: null, email: null },
  initial: 'checkingSession',
  states: {
    checkingSession: {
      description: 'Step 1: a stored access token, or one obtained from the session cookie.',
      tags: ['busy'],
      always: [{ guard: 'hasStoredToken', target: 'probing' }, { target: 'obtainingToken' }],
    },
    obtainingToken: {
      tags: ['busy'],
      invoke: {
        id: 'obtainToken',
        src: 'obtainToken',
        onDone: 'probing',
        onError: 'signedOut',
      },
    },
    signedOut: {
      description: 'No session in this browser: sign in first (the sign-in page brings the person back).',
      tags: ['needsSignIn'],
      on: { 'user.signIn': { actions: 'goToSignIn' } },
    },
    probing: {
      description: 'Step 2: is the extension there?',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'probeExtension',
        src: 'probeExtension',
        onDone: [{ guard: { type: 'answered', params: ({ event }) => ({ reply: event.output }) }, target: 'granting' }, { target: 'noExtension' }],
        onError: 'noExtension',
      },
    },
    noExtension: {
      description: 'The extension did not answer: how to install it, and a retry.',
      tags: ['noExtension'],
      on: { 'user.retry': 'probing' },
    },
    granting: {
      description: 'Step 3: a session of the extension’s own (eclientGrant).',
      tags: ['busy'],
      invoke: {
        id: 'grant',
        src: 'grant',
        onDone: [
          {
            guard: { type: 'granted', params: ({ event }) => ({ answer: event.output }) },
            target: 'handingOver',
            actions: { type: 'rememberEmail', params: ({ event }) => (event.output.ok ? event.output.data.email : '') },
          },
          {
            target: 'failed',
            actions: {
              type: 'fail',
              params: ({ event }) => (event.output.ok ? { kind: 'network' } : { kind: 'server', code: event.output.code, message: event.output.message }),
            },
          },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { kind: 'network' } } },
      },
    },
    handingOver: {
      description: 'Step 4: the grant goes to the extension (eclientAuth).',
      tags: ['busy'],
      invoke: {
        id: 'handOver',
        src: 'handOver',
        // The grant's done event carries the tokens; they never enter the context.
        input: ({ event }) => (event as unknown as { output: { ok: true; data: EclientGrant } }).output.data,
        onDone: [
          { guard: { type: 'handedOver', params: ({ event }) => ({ reply: event.output }) }, target: 'connected' },
          {
            guard: { type: 'refusedByExtension', params: ({ event }) => ({ reply: event.output }) },
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => ({ kind: 'extension', message: event.output?.message ?? '' }) },
          },
          { target: 'failed', actions: { type: 'fail', params: { kind: 'extensionSilent' } } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { kind: 'extensionSilent' } } },
      },
    },
    failed: {
      description: 'The grant or the hand-over failed: the reason, and a retry from the extension check.',
      tags: ['failed'],
      on: { 'user.retry': 'probing' },
    },
    connected: {
      description: 'The extension is signed in; the tab may be closed.',
      tags: ['connected'],
    },
  },
});

export type EclientAuthActorRef = ActorRefFrom<typeof eclientAuthMachine>;
