import { assign, setup, type ActorRefFrom } from 'xstate';
import type { z } from 'zod/mini';
import { Code } from '../contract/codes';
import type { invitationInfoData } from '../contract/workspace';
import { networkError, refusalOf, type Answer, type CallError } from './answer';
import { HOME_PATH, type NavigateParams } from './constants';
import {
  alreadyJoinedPath,
  DISBAND_PATH,
  MEMBER_EXCEED_PATH,
  TOKEN_EXPIRED_PATH,
} from './login-gate.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * Accepting an invitation (SPEC §2 /workspace/grant-access and /workspace/invitation, §7
 * /public/workspace/join and /join/by-public-invite-url).
 *
 * The page hands the machine the token of its query. The machine loads what the token leads to
 * (`loadInvitation`: the workspace name, the kind of invitation and what joining would answer),
 * shows it, and on `user.join` joins: an email invitation with `workspaceJoin` (the signed-in
 * user's email and the token), a public link with `joinByPublicInviteUrl`. Once joined it tells
 * the login gate to load the account again (`reloadGate`) and goes home.
 *
 * Every refusal has its own page (SPEC §2 standalone routes): expired or unknown token ->
 * /workspace/tokenExpired, already in a workspace -> /workspace/error/already-joined/<token>,
 * seats used up -> /workspace/memberExceed, workspace disbanded -> /workspace/disband. Those
 * answers may come when loading (the info's `status`, or the call's code) or when joining.
 * Tags for the view: busy, missingToken, loadFailed, emailMismatch, ready (the invitation shows).
 */

export type InvitationPage = 'grantAccess' | 'invitation';
export type InvitationInfo = z.infer<typeof invitationInfoData>;
export type InvitationKind = InvitationInfo['kind'];

/** An answer as the machine sees it (src/machines/answer.ts). Transport failures reject. */
export type InvitationAnswer<T> = Answer<T>;

export type LoadInvitationInput = { inviteToken: string };
export type JoinWorkspaceInput = { kind: InvitationKind; inviteToken: string; email: string };

export type InvitationError = CallError | null;

export type InvitationContext = {
  inviteToken: string | null;
  page: InvitationPage;
  /** The signed-in user's email (an email invitation is joined with it). */
  userEmail: string | null;
  info: InvitationInfo | null;
  error: InvitationError;
};

export type InvitationInput = { inviteToken: string | null; page: InvitationPage; userEmail?: string | null };

export type InvitationEvent = { type: 'user.join' } | { type: 'user.retry' };

/** The outcome page for an invitation status, or null when there is none (valid, emailMismatch). */
export const outcomePathOfStatus = (status: InvitationInfo['status'], token: string | null): string | null => {
  switch (status) {
    case 'expired':
      return TOKEN_EXPIRED_PATH;
    case 'alreadyJoined':
      return alreadyJoinedPath(token);
    case 'memberExceeded':
      return MEMBER_EXCEED_PATH;
    case 'disbanded':
      return DISBAND_PATH;
    default:
      return null;
  }
};

/** The outcome page for a refusal code, or null when the code has none (shown on the page instead). */
export const outcomePathOfCode = (code: number, token: string | null): string | null => {
  switch (code) {
    case Code.INVITE_EXPIRED:
    case Code.NOT_FOUND:
      // A token the server does not know (reset, or mistyped) is as good as expired: ask for a new one.
      return TOKEN_EXPIRED_PATH;
    case Code.ALREADY_JOINED:
      return alreadyJoinedPath(token);
    case Code.MEMBER_EXCEEDED:
      return MEMBER_EXCEED_PATH;
    case Code.WORKSPACE_DISBANDED:
      return DISBAND_PATH;
    default:
      return null;
  }
};

/** Where an answer sends the browser (null: it stays on the page). */
export const outcomePathOf = (answer: InvitationAnswer<InvitationInfo | unknown>, token: string | null): string | null => {
  if (!answer.ok) return outcomePathOfCode(answer.code, token);
  const data = answer.data as Partial<InvitationInfo> | null;
  return data && typeof data.status === 'string' ? outcomePathOfStatus(data.status, token) : null;
};

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
    tags: {} as 'busy' | 'missingToken' | 'loadFailed' | 'emailMismatch' | 'ready',
  },
  actors: {
    loadInvitation: actorNotProvided<InvitationAnswer<InvitationInfo>, LoadInvitationInput>('loadInvitation'),
    joinWorkspace: actorNotProvided<InvitationAnswer<unknown>, JoinWorkspaceInput>('joinWorkspace'),
  },
  actions: {
    /** Tells the login gate to load the account again (the user now has a workspace). */
    reloadGate: actionNotProvided('reloadGate'),
    navigate: actionNotProvided<NavigateParams>('navigate'),
  },
  guards: {
    hasToken: ({ context }) => !!context.inviteToken,
    isValid: (_, answer: InvitationAnswer<InvitationInfo>) => answer.ok && answer.data.status === 'valid',
    isEmailMismatch: (_, answer: InvitationAnswer<InvitationInfo>) => answer.ok && answer.data.status === 'emailMismatch',
    hasOutcomePage: ({ context }, answer: InvitationAnswer<unknown>) => outcomePathOf(answer, context.inviteToken) !== null,
    succeeded: (_, answer: InvitationAnswer<unknown>) => answer.ok,
  },
}).createMachine({
  id: 'invitation',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['inviteToken', 'page', 'userEmail', 'error'] },
  context: ({ input }) => ({
    inviteToken: input.inviteToken?.trim() || null,
    page: input.page,
    userEmail: input.userEmail ?? null,
    info: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'loading' }, { target: 'missingToken' }],
    },
    missingToken: {
      description: 'The link carries no invite_token: nothing to accept (the page offers to create a workspace).',
      tags: ['missingToken'],
    },
    loading: {
      description: 'Asks what the token leads to: the workspace name, the kind of invitation and what joining would answer.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadInvitation',
        src: 'loadInvitation',
        input: ({ context }) => ({ inviteToken: context.inviteToken ?? '' }),
        onDone: [
          {
            guard: { type: 'isValid', params: ({ event }) => event.output },
            target: 'ready',
            actions: assign({ info: ({ event }) => (event.output.ok ? event.output.data : null) }),
          },
          {
            guard: { type: 'isEmailMismatch', params: ({ event }) => event.output },
            target: 'emailMismatch',
            actions: assign({ info: ({ event }) => (event.output.ok ? event.output.data : null) }),
          },
          {
            guard: { type: 'hasOutcomePage', params: ({ event }) => event.output },
            target: 'leaving',
            actions: {
              type: 'navigate',
              params: ({ context, event }) => ({ to: outcomePathOf(event.output, context.inviteToken) ?? HOME_PATH, replace: true }),
            },
          },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: networkError }) },
      },
    },
    loadFailed: {
      description: 'The invitation could not be read (network, or a refusal without its own page): the page offers to try again.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading' },
    },
    emailMismatch: {
      description: 'An email invitation for another address: the person must sign in with that address.',
      tags: ['emailMismatch'],
    },
    ready: {
      description: 'The invitation is valid: the page names the workspace and offers to join.',
      tags: ['ready'],
      on: { 'user.join': 'joining' },
    },
    joining: {
      tags: ['busy', 'ready'],
      entry: assign({ error: null }),
      invoke: {
        id: 'joinWorkspace',
        src: 'joinWorkspace',
        input: ({ context }) => ({
          kind: context.info?.kind ?? (context.page === 'invitation' ? 'public' : 'email'),
          inviteToken: context.inviteToken ?? '',
          email: context.userEmail ?? context.info?.email ?? '',
        }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => event.output }, target: 'joined' },
          {
            guard: { type: 'hasOutcomePage', params: ({ event }) => event.output },
            target: 'leaving',
            actions: {
              type: 'navigate',
              params: ({ context, event }) => ({ to: outcomePathOf(event.output, context.inviteToken) ?? HOME_PATH, replace: true }),
            },
          },
          { target: 'ready', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
        ],
        onError: { target: 'ready', actions: assign({ error: networkError }) },
      },
    },
    joined: {
      description: 'Joined: the gate reloads the account (it now has a workspace) and the browser goes home.',
      tags: ['busy'],
      entry: ['reloadGate', { type: 'navigate', params: () => ({ to: HOME_PATH, replace: true }) }],
    },
    leaving: {
      description: 'The answer has its own page (expired, already joined, seats used up, disbanded); the browser goes there.',
      tags: ['busy'],
    },
  },
});

export type InvitationActorRef = ActorRefFrom<typeof invitationMachine>;
