import { assign, setup, type ActorRefFrom } from 'xstate';
import { actorNotProvided } from '../not-provided';
import { validateCode, validateConfirm, validateEmail, validateNewPassword, type AuthAnswer, type FieldErrors, type FormError } from './auth-form';
import { accepted, formParts, formStep, formStepOn, formStepStates } from './form-steps';

/**
 * Password reset (SPEC §9: emailed code valid 72 hours, single use; SPEC §5 Change/reset).
 *
 * request (email) --user.submit [valid]--> requesting (reset-request)
 *   --ok--> reset (code, new password, confirm) --user.submit [valid]--> submitting (reset)
 *   --ok--> done (the end: the view shows success and a link to sign in)
 * `user.back` from the reset step returns to the email (to ask for another code).
 */

export type ResetField = 'email' | 'code' | 'password' | 'confirmPassword';
export const resetRequestFields: readonly ResetField[] = ['email'];
export const resetFields: readonly ResetField[] = ['code', 'password', 'confirmPassword'];
const allFields: readonly ResetField[] = [...resetRequestFields, ...resetFields];

export type ResetPasswordContext = {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
  errors: FieldErrors<ResetField>;
  firstInvalid: ResetField | null;
  formError: FormError | null;
};

export type ResetPasswordEvent =
  | { type: 'user.change'; email?: string; code?: string; password?: string; confirmPassword?: string }
  | { type: 'user.blur'; field: ResetField }
  | { type: 'user.submit' }
  | { type: 'user.back' };

export type ResetPasswordInput = { email?: string };

const validators = (c: Pick<ResetPasswordContext, ResetField>) => ({
  email: () => validateEmail(c.email),
  code: () => validateCode(c.code),
  password: () => validateNewPassword(c.password),
  confirmPassword: () => validateConfirm(c.confirmPassword, c.password),
});

const form = formParts<ResetPasswordContext, ResetPasswordEvent, ResetField>(allFields, validators);

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    tags: {} as 'busy' | 'showError' | 'codeStep' | 'done',
  },
  actors: {
    requestResetCode: actorNotProvided<AuthAnswer<null>, { email: string }>('requestResetCode'),
    resetPassword: actorNotProvided<AuthAnswer<null>, { email: string; code: string; password: string }>('resetPassword'),
  },
  actions: {
    ...form.actions,
    validateRequest: form.check(resetRequestFields),
    validateReset: form.check(resetFields),
  },
  guards: {
    requestValid: form.valid(resetRequestFields),
    resetValid: form.valid(resetFields),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    email: input.email ?? '',
    code: '',
    password: '',
    confirmPassword: '',
    errors: {},
    firstInvalid: null,
    formError: null,
  }),
  initial: 'request',
  states: {
    request: {
      description: 'Step 1: the email to send the reset code to.',
      ...formStep({ guard: 'requestValid', target: 'requesting', check: 'validateRequest' }),
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'requestResetCode',
        src: 'requestResetCode',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: [
          { guard: accepted, target: 'reset' },
          form.refused('request.rejected'),
        ],
        onError: form.failed('request.rejected'),
      },
    },
    reset: {
      description: 'Step 2: the emailed code (valid 72 hours, single use) and the new password twice.',
      tags: ['codeStep'],
      ...formStepStates,
      on: {
        ...formStepOn({ guard: 'resetValid', target: 'submitting', check: 'validateReset' }),
        'user.back': { target: 'request', actions: ['clearErrors', assign({ code: '' })] },
      },
    },
    submitting: {
      tags: ['busy', 'codeStep'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ email: context.email.trim(), code: context.code.trim(), password: context.password }),
        onDone: [
          { guard: accepted, target: 'done', actions: assign({ password: '', confirmPassword: '', code: '' }) },
          form.refused('reset.rejected'),
        ],
        onError: form.failed('reset.rejected'),
      },
    },
    done: {
      tags: ['done'],
    },
  },
});

export type ResetPasswordActorRef = ActorRefFrom<typeof resetPasswordMachine>;
