import { assign, setup, type ActorRefFrom } from 'xstate';
import { actorNotProvided } from '../not-provided';
import {
  changeFields,
  checkFields,
  fieldsValid,
  requestFailed,
  toFormError,
  validateConfirm,
  validateFields,
  validateNewPassword,
  validateRequiredPassword,
  type AuthAnswer,
  type FieldErrors,
  type FormError,
} from './auth-form';

/**
 * Change password (SPEC §5 Change: new password and confirmation required, 'The passwords do not
 * match'; SPEC §7 password change: needs the current password and signs out the other sessions).
 *
 * editing --user.submit [valid]--> submitting --ok--> done (final: success + "other sessions were
 * signed out") ; refused (e.g. 100019 wrong current password) --> editing.rejected
 */

export type ChangePasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';
export const changePasswordFields: readonly ChangePasswordField[] = ['oldPassword', 'newPassword', 'confirmPassword'];

export type ChangePasswordContext = {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  errors: FieldErrors<ChangePasswordField>;
  firstInvalid: ChangePasswordField | null;
  formError: FormError | null;
};

export type ChangePasswordEvent =
  | { type: 'user.change'; oldPassword?: string; newPassword?: string; confirmPassword?: string }
  | { type: 'user.blur'; field: ChangePasswordField }
  | { type: 'user.submit' };

const validators = (c: Pick<ChangePasswordContext, ChangePasswordField>) => ({
  oldPassword: () => validateRequiredPassword(c.oldPassword),
  newPassword: () => validateNewPassword(c.newPassword),
  confirmPassword: () => validateConfirm(c.confirmPassword, c.newPassword),
});

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    tags: {} as 'busy' | 'showError' | 'done',
  },
  actors: {
    changePassword: actorNotProvided<AuthAnswer<null>, { oldPassword: string; newPassword: string }>('changePassword'),
  },
  actions: {
    applyChange: assign(({ context, event }) => (event.type === 'user.change' ? changeFields(context, event, changePasswordFields, validators) : {})),
    validateBlurred: assign(({ context, event }) =>
      event.type === 'user.blur' ? { errors: validateFields(context.errors, [event.field], validators(context)) } : {},
    ),
    validateAll: assign(({ context }) => checkFields(context, changePasswordFields, validators)),
    clearErrors: assign({ errors: {}, firstInvalid: null, formError: null }),
  },
  guards: {
    isFormValid: ({ context }) => fieldsValid(context, changePasswordFields, validators),
  },
}).createMachine({
  id: 'changePassword',
  context: { oldPassword: '', newPassword: '', confirmPassword: '', errors: {}, firstInvalid: null, formError: null },
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'user.change': { target: '.idle', actions: 'applyChange' },
        'user.blur': { actions: 'validateBlurred' },
        'user.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'clearErrors' },
          { target: '.idle', actions: 'validateAll' },
        ],
      },
      states: {
        idle: {},
        rejected: { tags: ['showError'] },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ oldPassword: context.oldPassword, newPassword: context.newPassword }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'done',
            actions: assign({ oldPassword: '', newPassword: '', confirmPassword: '' }),
          },
          {
            target: 'editing.rejected',
            actions: assign({
              formError: ({ event }) => (event.output.ok ? null : toFormError(event.output.code, event.output.message)),
            }),
          },
        ],
        onError: { target: 'editing.rejected', actions: assign({ formError: requestFailed }) },
      },
    },
    done: {
      description: 'Changed: the other sessions were signed out; this one stays signed in.',
      type: 'final',
      tags: ['done'],
    },
  },
});

export type ChangePasswordActorRef = ActorRefFrom<typeof changePasswordMachine>;
