import { assign, setup, type ActorRefFrom } from 'xstate';
import { actorNotProvided } from '../not-provided';
import {
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
} from './auth-form';

/**
 * Password reset (SPEC §9: emailed code valid 72 hours, single use; SPEC §5 Change/reset).
 *
 * request (email) --user.submit [valid]--> requesting (reset-request)
 *   --ok--> reset (code, new password, confirm) --user.submit [valid]--> submitting (reset)
 *   --ok--> done (final: the view shows success and a link to sign in)
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

const answerError = (output: AuthAnswer<unknown>): FormError | null =>
  output.ok ? null : toFormError(output.code, output.message);

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
    applyChange: assign(({ context, event }) => (event.type === 'user.change' ? changeFields(context, event, allFields, validators) : {})),
    validateBlurred: assign(({ context, event }) =>
      event.type === 'user.blur' ? { errors: validateFields(context.errors, [event.field], validators(context)) } : {},
    ),
    validateRequest: assign(({ context }) => checkFields(context, resetRequestFields, validators)),
    validateReset: assign(({ context }) => checkFields(context, resetFields, validators)),
    clearErrors: assign({ errors: {}, firstInvalid: null, formError: null }),
  },
  guards: {
    requestValid: ({ context }) => fieldsValid(context, resetRequestFields, validators),
    resetValid: ({ context }) => fieldsValid(context, resetFields, validators),
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
      initial: 'idle',
      on: {
        'user.change': { target: '.idle', actions: 'applyChange' },
        'user.blur': { actions: 'validateBlurred' },
        'user.submit': [
          { guard: 'requestValid', target: 'requesting', actions: 'clearErrors' },
          { target: '.idle', actions: 'validateRequest' },
        ],
      },
      states: {
        idle: {},
        rejected: { tags: ['showError'] },
      },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'requestResetCode',
        src: 'requestResetCode',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'reset' },
          { target: 'request.rejected', actions: assign({ formError: ({ event }) => answerError(event.output) }) },
        ],
        onError: { target: 'request.rejected', actions: assign({ formError: requestFailed }) },
      },
    },
    reset: {
      description: 'Step 2: the emailed code (valid 72 hours, single use) and the new password twice.',
      tags: ['codeStep'],
      initial: 'idle',
      on: {
        'user.change': { target: '.idle', actions: 'applyChange' },
        'user.blur': { actions: 'validateBlurred' },
        'user.submit': [
          { guard: 'resetValid', target: 'submitting', actions: 'clearErrors' },
          { target: '.idle', actions: 'validateReset' },
        ],
        'user.back': { target: 'request', actions: ['clearErrors', assign({ code: '' })] },
      },
      states: {
        idle: {},
        rejected: { tags: ['showError'] },
      },
    },
    submitting: {
      tags: ['busy', 'codeStep'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ email: context.email.trim(), code: context.code.trim(), password: context.password }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'done', actions: assign({ password: '', confirmPassword: '', code: '' }) },
          { target: 'reset.rejected', actions: assign({ formError: ({ event }) => answerError(event.output) }) },
        ],
        onError: { target: 'reset.rejected', actions: assign({ formError: requestFailed }) },
      },
    },
    done: {
      type: 'final',
      tags: ['done'],
    },
  },
});

export type ResetPasswordActorRef = ActorRefFrom<typeof resetPasswordMachine>;
