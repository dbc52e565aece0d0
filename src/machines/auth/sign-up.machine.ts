import { assign, setup, type ActorRefFrom } from 'xstate';
import { actionNotProvided, actorNotProvided } from '../not-provided';
import {
  RESEND_COOLDOWN_MS,
  changeFields,
  checkFields,
  fieldsValid,
  requestFailed,
  toFormError,
  validateCode,
  validateConfirm,
  validateEmail,
  validateFields,
  validateNewPassword,
  type AuthAnswer,
  type FieldErrors,
  type FormError,
  type SignedIn,
  type SignedInParams,
} from './auth-form';

/** The page a new account lands on once its email is confirmed. */
export const CONFIRMED_PATH = '/confirmed';

/**
 * Sign-up with an emailed code (SPEC §7 register and register code verify).
 *
 * details (email, password, confirm) --user.submit [valid]--> requestingCode (register)
 *   --ok--> code: parallel { entry: editing | verifying, resend: coolingDown | ready | resending }
 *   verifying --ok--> done (final; output the access token; the view goes to /confirmed)
 * A new code may be asked for after the `resendCooldown` delay. `user.back` returns to the details.
 */

export type SignUpField = 'email' | 'password' | 'confirmPassword' | 'code';
export const signUpDetailFields: readonly SignUpField[] = ['email', 'password', 'confirmPassword'];
export const signUpCodeFields: readonly SignUpField[] = ['code'];
const allFields: readonly SignUpField[] = [...signUpDetailFields, ...signUpCodeFields];

export type SignUpContext = {
  email: string;
  password: string;
  confirmPassword: string;
  code: string;
  errors: FieldErrors<SignUpField>;
  firstInvalid: SignUpField | null;
  formError: FormError | null;
  accessToken: string | null;
};

export type SignUpEvent =
  | { type: 'user.change'; email?: string; password?: string; confirmPassword?: string; code?: string }
  | { type: 'user.blur'; field: SignUpField }
  | { type: 'user.submit' }
  | { type: 'user.resend' }
  | { type: 'user.back' };

const validators = (c: Pick<SignUpContext, 'email' | 'password' | 'confirmPassword' | 'code'>) => ({
  email: () => validateEmail(c.email),
  password: () => validateNewPassword(c.password),
  confirmPassword: () => validateConfirm(c.confirmPassword, c.password),
  code: () => validateCode(c.code),
});

const answerError = (output: AuthAnswer<unknown>): FormError | null =>
  output.ok ? null : toFormError(output.code, output.message);

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    output: {} as SignedIn,
    tags: {} as 'busy' | 'showError' | 'codeStep' | 'canResend' | 'done',
  },
  actors: {
    requestSignupCode: actorNotProvided<AuthAnswer<null>, { email: string; password: string }>('requestSignupCode'),
    verifySignup: actorNotProvided<AuthAnswer<SignedIn>, { email: string; code: string }>('verifySignup'),
  },
  actions: {
    /** Stores the token, tells the session (session.signedIn) and goes to `to` (/confirmed). */
    signedIn: actionNotProvided<SignedInParams>('signedIn'),
    applyChange: assign(({ context, event }) => (event.type === 'user.change' ? changeFields(context, event, allFields, validators) : {})),
    validateBlurred: assign(({ context, event }) =>
      event.type === 'user.blur' ? { errors: validateFields(context.errors, [event.field], validators(context)) } : {},
    ),
    validateDetails: assign(({ context }) => checkFields(context, signUpDetailFields, validators)),
    validateCode: assign(({ context }) => checkFields(context, signUpCodeFields, validators)),
    clearErrors: assign({ errors: {}, firstInvalid: null, formError: null }),
  },
  guards: {
    detailsValid: ({ context }) => fieldsValid(context, signUpDetailFields, validators),
    codeValid: ({ context }) => fieldsValid(context, signUpCodeFields, validators),
  },
  delays: {
    resendCooldown: RESEND_COOLDOWN_MS,
  },
}).createMachine({
  id: 'signUp',
  context: {
    email: '',
    password: '',
    confirmPassword: '',
    code: '',
    errors: {},
    firstInvalid: null,
    formError: null,
    accessToken: null,
  },
  initial: 'details',
  states: {
    details: {
      description: 'Step 1: email, password and its confirmation.',
      initial: 'idle',
      on: {
        'user.change': { target: '.idle', actions: 'applyChange' },
        'user.blur': { actions: 'validateBlurred' },
        'user.submit': [
          { guard: 'detailsValid', target: 'requestingCode', actions: 'clearErrors' },
          { target: '.idle', actions: 'validateDetails' },
        ],
      },
      states: {
        idle: {},
        rejected: { tags: ['showError'] },
      },
    },
    requestingCode: {
      tags: ['busy'],
      invoke: {
        id: 'requestSignupCode',
        src: 'requestSignupCode',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'code', actions: assign({ code: '' }) },
          { target: 'details.rejected', actions: assign({ formError: ({ event }) => answerError(event.output) }) },
        ],
        onError: { target: 'details.rejected', actions: assign({ formError: requestFailed }) },
      },
    },
    code: {
      description: 'Step 2: the 6-digit code sent to the email; a new code after the cool-down.',
      tags: ['codeStep'],
      type: 'parallel',
      on: {
        'user.back': { target: 'details', actions: ['clearErrors', assign({ code: '' })] },
      },
      states: {
        entry: {
          initial: 'editing',
          states: {
            editing: {
              initial: 'idle',
              on: {
                'user.change': { target: '.idle', actions: 'applyChange' },
                'user.blur': { actions: 'validateBlurred' },
                'user.submit': [
                  { guard: 'codeValid', target: 'verifying', actions: 'clearErrors' },
                  { target: '.idle', actions: 'validateCode' },
                ],
              },
              states: {
                idle: {},
                rejected: { tags: ['showError'] },
              },
            },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifySignup',
                src: 'verifySignup',
                input: ({ context }) => ({ email: context.email.trim(), code: context.code.trim() }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.ok,
                    target: '#signUp.done',
                    actions: assign({ accessToken: ({ event }) => (event.output.ok ? event.output.data.accessToken : null) }),
                  },
                  { target: 'editing.rejected', actions: assign({ formError: ({ event }) => answerError(event.output) }) },
                ],
                onError: { target: 'editing.rejected', actions: assign({ formError: requestFailed }) },
              },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: {
              description: 'A code was just sent; a new one may be asked for after `resendCooldown`.',
              after: { resendCooldown: 'ready' },
            },
            ready: {
              tags: ['canResend'],
              on: { 'user.resend': { target: 'resending', actions: assign({ formError: null }) } },
            },
            failed: {
              description: 'Sending a new code was refused or failed; the message shows and the user may try again.',
              tags: ['canResend', 'showError'],
              on: { 'user.resend': { target: 'resending', actions: assign({ formError: null }) } },
            },
            resending: {
              tags: ['busy'],
              invoke: {
                id: 'resendSignupCode',
                src: 'requestSignupCode',
                input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
                onDone: [
                  { guard: ({ event }) => event.output.ok, target: 'coolingDown' },
                  {
                    target: 'failed',
                    actions: assign({ formError: ({ event }) => answerError(event.output) }),
                  },
                ],
                onError: { target: 'failed', actions: assign({ formError: requestFailed }) },
              },
            },
          },
        },
      },
    },
    done: {
      type: 'final',
      tags: ['done'],
      entry: { type: 'signedIn', params: ({ context }) => ({ accessToken: context.accessToken ?? '', to: CONFIRMED_PATH }) },
    },
  },
  output: ({ context }) => ({ accessToken: context.accessToken ?? '' }),
});

export type SignUpActorRef = ActorRefFrom<typeof signUpMachine>;
