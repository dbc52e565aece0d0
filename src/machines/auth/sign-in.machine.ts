import { assign, setup, type ActorRefFrom } from 'xstate';
import { actionNotProvided, actorNotProvided } from '../not-provided';
import {
  afterSignIn,
  validateEmail,
  validateRequiredPassword,
  type AuthAnswer,
  type FieldErrors,
  type FormError,
  type SignedIn,
  type SignedInParams,
} from './auth-form';
import { accepted, formParts, formStep } from './form-steps';

/**
 * Sign-in form (SPEC §5 Login: email and password required; SPEC §7 password login).
 *
 * editing --user.submit [valid]--> submitting --ok--> done (the end: the session is stored, the browser goes on)
 *                                             --refused/failed--> editing.rejected (inline error)
 * Fields are checked on blur and all at once on submit; a field with an error is re-checked as
 * the user types. 100006 shows 'No active account found with the given credentials'.
 */

export type SignInField = 'email' | 'password';
export const signInFields: readonly SignInField[] = ['email', 'password'];

export type SignInContext = {
  email: string;
  password: string;
  errors: FieldErrors<SignInField>;
  /** First failing field after a refused submit (the view focuses it). */
  firstInvalid: SignInField | null;
  formError: FormError | null;
  accessToken: string | null;
  /** Where the browser goes once signed in (the safe `redirect`, else home). */
  to: string;
};

export type SignInEvent =
  | { type: 'user.change'; email?: string; password?: string }
  | { type: 'user.blur'; field: SignInField }
  | { type: 'user.submit' };

export type SignInInput = { email?: string; redirect?: string | null };

const validators = (c: Pick<SignInContext, 'email' | 'password'>) => ({
  email: () => validateEmail(c.email),
  password: () => validateRequiredPassword(c.password),
});

const form = formParts<SignInContext, SignInEvent, SignInField>(signInFields, validators);

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    tags: {} as 'busy' | 'showError' | 'done',
  },
  actors: {
    submitLogin: actorNotProvided<AuthAnswer<SignedIn>, { email: string; password: string }>('submitLogin'),
  },
  actions: {
    /** Stores the token, tells the session (session.signedIn) and goes to `to`. */
    signedIn: actionNotProvided<SignedInParams>('signedIn'),
    ...form.actions,
    validateAll: form.check(signInFields),
  },
  guards: {
    isFormValid: form.valid(signInFields),
  },
}).createMachine({
  id: 'signIn',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['email', 'password', 'errors', 'formError', 'to'] },
  context: ({ input }) => ({
    email: input.email ?? '',
    password: '',
    errors: {},
    firstInvalid: null,
    formError: null,
    accessToken: null,
    to: afterSignIn(input.redirect),
  }),
  initial: 'editing',
  states: {
    editing: formStep({ guard: 'isFormValid', target: 'submitting', check: 'validateAll' }),
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: [
          {
            guard: accepted,
            target: 'done',
            actions: assign({ accessToken: ({ event }) => (event.output.ok ? event.output.data.accessToken : null) }),
          },
          form.refused('editing.rejected'),
        ],
        onError: form.failed('editing.rejected'),
      },
    },
    done: {
      tags: ['done'],
      entry: { type: 'signedIn', params: ({ context }) => ({ accessToken: context.accessToken ?? '', to: context.to }) },
    },
  },
});

export type SignInActorRef = ActorRefFrom<typeof signInMachine>;
