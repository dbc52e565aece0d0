import { assign, setup, type ActorRefFrom } from 'xstate';
import { actionNotProvided, actorNotProvided } from '../not-provided';
import {
  RESEND_COOLDOWN_MS,
  validateCode,
  validateConfirm,
  validateEmail,
  validateNewPassword,
  type AuthAnswer,
  type FieldErrors,
  type FormError,
  type SignedIn,
  type SignedInParams,
} from './auth-form';
import { accepted, formParts, formStep } from './form-steps';

/** The page a new account lands on once its email is confirmed. */
export const CONFIRMED_PATH = '/confirmed';

/**
 * Sign-up with an emailed code (SPEC §7 register and register code verify).
 *
 * details (email, password, confirm) --user.submit [valid]--> requestingCode (register)
 *   --ok--> code: parallel { entry: editing | verifying, resend: coolingDown | ready | resending }
 *   verifying --ok--> done (the end: the session is stored; the view goes to /confirmed)
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

const form = formParts<SignUpContext, SignUpEvent, SignUpField>(allFields, validators);

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    tags: {} as 'busy' | 'showError' | 'codeStep' | 'canResend' | 'done',
  },
  actors: {
    requestSignupCode: actorNotProvided<AuthAnswer<null>, { email: string; password: string }>('requestSignupCode'),
    verifySignup: actorNotProvided<AuthAnswer<SignedIn>, { email: string; code: string }>('verifySignup'),
  },
  actions: {
    /** Stores the token, tells the session (session.signedIn) and goes to `to` (/confirmed). */
    signedIn: actionNotProvided<SignedInParams>('signedIn'),
    ...form.actions,
    validateDetails: form.check(signUpDetailFields),
    validateCode: form.check(signUpCodeFields),
  },
  guards: {
    detailsValid: form.valid(signUpDetailFields),
    codeValid: form.valid(signUpCodeFields),
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
      ...formStep({ guard: 'detailsValid', target: 'requestingCode', check: 'validateDetails' }),
    },
    requestingCode: {
      tags: ['busy'],
      invoke: {
        id: 'requestSignupCode',
        src: 'requestSignupCode',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: [
          { guard: accepted, target: 'code', actions: assign({ code: '' }) },
          form.refused('details.rejected'),
        ],
        onError: form.failed('details.rejected'),
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
            editing: formStep({ guard: 'codeValid', target: 'verifying', check: 'validateCode' }),
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifySignup',
                src: 'verifySignup',
                input: ({ context }) => ({ email: context.email.trim(), code: context.code.trim() }),
                onDone: [
                  {
                    guard: accepted,
                    target: '#signUp.done',
                    actions: assign({ accessToken: ({ event }) => (event.output.ok ? event.output.data.accessToken : null) }),
                  },
                  form.refused('editing.rejected'),
                ],
                onError: form.failed('editing.rejected'),
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
                onDone: [{ guard: accepted, target: 'coolingDown' }, form.refused('failed')],
                onError: form.failed('failed'),
              },
            },
          },
        },
      },
    },
    done: {
      tags: ['done'],
      entry: { type: 'signedIn', params: ({ context }) => ({ accessToken: context.accessToken ?? '', to: CONFIRMED_PATH }) },
    },
  },
});

export type SignUpActorRef = ActorRefFrom<typeof signUpMachine>;
