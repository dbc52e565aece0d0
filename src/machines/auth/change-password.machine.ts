import { assign, setup, type ActorRefFrom } from 'xstate';
import { actorNotProvided } from '../not-provided';
import { validateConfirm, validateNewPassword, validateRequiredPassword, type AuthAnswer, type FieldErrors, type FormError } from './auth-form';
import { accepted, formParts, formStep } from './form-steps';

/**
 * Change password (SPEC §5 Change: new password and confirmation required, 'The passwords do not
 * match'; SPEC §7 password change: needs the current password and signs out the other sessions).
 *
 * editing --user.submit [valid]--> submitting --ok--> done (the end: success + "other sessions were
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

const form = formParts<ChangePasswordContext, ChangePasswordEvent, ChangePasswordField>(changePasswordFields, validators);

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
    ...form.actions,
    validateAll: form.check(changePasswordFields),
  },
  guards: {
    isFormValid: form.valid(changePasswordFields),
  },
}).createMachine({
  id: 'changePassword',
  context: { oldPassword: '', newPassword: '', confirmPassword: '', errors: {}, firstInvalid: null, formError: null },
  initial: 'editing',
  states: {
    editing: formStep({ guard: 'isFormValid', target: 'submitting', check: 'validateAll' }),
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ oldPassword: context.oldPassword, newPassword: context.newPassword }),
        onDone: [
          {
            guard: accepted,
            target: 'done',
            actions: assign({ oldPassword: '', newPassword: '', confirmPassword: '' }),
          },
          form.refused('editing.rejected'),
        ],
        onError: form.failed('editing.rejected'),
      },
    },
    done: {
      description: 'Changed: the other sessions were signed out; this one stays signed in.',
      tags: ['done'],
    },
  },
});

export type ChangePasswordActorRef = ActorRefFrom<typeof changePasswordMachine>;
