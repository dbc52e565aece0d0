import { assign, setup, type ActorRefFrom } from 'xstate';
import { workspaceNameSchema } from '../contract/workspace';
import { networkError, refusalOf, type CallError, type Outcome } from './answer';
import { HOME_PATH, isSafeInternalPath, WORKSPACE_PATH, type NavigateParams } from './constants';
import { invalidEmailsOf, splitEmails } from './email-list';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * Create-workspace form (SPEC §2 /workspace, §7 /public/workspace/create).
 * The user types a name (required) and optional invite emails, submits; on success the gate
 * reloads the account (it now has a workspace) and the browser goes to the `to` target.
 */

export type NameError = 'required' | 'tooLong' | null;

export type CreateWorkspaceInput = { workspaceName: string; inviteEmails: string[] };
/** What the `createWorkspace` actor resolves (src/machines/answer.ts). Transport failures reject. */
export type CreateWorkspaceResult = Outcome;

export type SubmitError = CallError | null;

export type WorkspaceCreateContext = {
  name: string;
  emails: string;
  nameError: NameError;
  invalidEmails: string[];
  submitError: SubmitError;
  /** Where to go once created (already made safe by `safeTarget`). */
  to: string;
};

export type WorkspaceCreateEvent =
  | { type: 'user.changeName'; value: string }
  | { type: 'user.changeEmails'; value: string }
  | { type: 'user.submit' };

/**
 * Only same-app absolute paths are followed (no `//host`, no scheme), and never /workspace
 * itself: a user who just created a workspace goes home instead (SPEC §2 gate step 4).
 */
export const safeTarget = (to: string | null | undefined): string => {
  if (!isSafeInternalPath(to)) return HOME_PATH;
  const path = to.split(/[?#]/)[0] ?? '';
  if (path === WORKSPACE_PATH || path === `${WORKSPACE_PATH}/`) return HOME_PATH;
  return to;
};

export { invalidEmailsOf, splitEmails };

export const checkName = (name: string): NameError => {
  const r = workspaceNameSchema.safeParse(name);
  if (r.success) return null;
  return name.trim().length === 0 ? 'required' : 'tooLong';
};

const normalisedEmails = (raw: string): string[] => [
  ...new Set(splitEmails(raw).map((e) => e.toLowerCase())),
];

export const workspaceCreateMachine = setup({
  types: {
    context: {} as WorkspaceCreateContext,
    events: {} as WorkspaceCreateEvent,
    input: {} as { to?: string | null },
  },
  actors: {
    createWorkspace: actorNotProvided<CreateWorkspaceResult, CreateWorkspaceInput>('createWorkspace'),
  },
  actions: {
    /** Tells the login gate to load the account again (it now has a workspace). */
    reloadGate: actionNotProvided('reloadGate'),
    navigate: actionNotProvided<NavigateParams>('navigate'),
  },
  guards: {
    formValid: ({ context }) => checkName(context.name) === null && invalidEmailsOf(context.emails).length === 0,
    succeeded: (_, params: { result: CreateWorkspaceResult }) => params.result.ok,
  },
}).createMachine({
  id: 'workspaceCreate',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['name', 'emails', 'nameError', 'invalidEmails', 'submitError', 'to'] },
  context: ({ input }) => ({
    name: '',
    emails: '',
    nameError: null,
    invalidEmails: [],
    submitError: null,
    to: safeTarget(input.to),
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is open; errors shown are those of the last submit, cleared as the user edits the field.',
      on: {
        'user.changeName': {
          actions: assign({ name: ({ event }) => event.value, nameError: null, submitError: null }),
        },
        'user.changeEmails': {
          actions: assign({ emails: ({ event }) => event.value, invalidEmails: [], submitError: null }),
        },
        'user.submit': [
          { guard: 'formValid', target: 'submitting' },
          {
            actions: assign({
              nameError: ({ context }) => checkName(context.name),
              invalidEmails: ({ context }) => invalidEmailsOf(context.emails),
            }),
          },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ submitError: null }),
      invoke: {
        id: 'createWorkspace',
        src: 'createWorkspace',
        input: ({ context }) => ({ workspaceName: context.name.trim(), inviteEmails: normalisedEmails(context.emails) }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'created',
          },
          {
            target: 'editing',
            actions: assign({
              submitError: ({ event }) => refusalOf(event.output),
            }),
          },
        ],
        onError: { target: 'editing', actions: assign({ submitError: networkError }) },
      },
    },
    created: {
      description: 'The workspace exists: the gate reloads the account and the browser goes on to `to`.',
      tags: ['busy'],
      entry: ['reloadGate', { type: 'navigate', params: ({ context }) => ({ to: context.to, replace: true }) }],
    },
  },
});

export type WorkspaceCreateActorRef = ActorRefFrom<typeof workspaceCreateMachine>;
