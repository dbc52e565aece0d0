/**
 * The form parts the auth screens share: a field bound to its form machine, the email field, the
 * emailed-code field, the current password, the new password with its confirmation, the form
 * itself and its end (the server's message and the submit button).
 * They render and send only; what a field shows (its value, its error, busy) is the machine's.
 */
import type { ChangeEvent, FormEvent, ReactNode, RefObject } from 'react';
import { PASSWORD_MIN } from '../../../contract/account';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { FieldErrors, FormError } from '../../../machines/auth/auth-form';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { PasswordField } from '../../components/password-input';
import { fieldErrorText, FormErrorAlert, formStack, fullWidth, passwordVisibilityLabel } from './auth-view';

/** What the bound fields need of a form actor: every auth form machine takes these events. */
type EditableForm<F extends string> = {
  send(event: ({ type: 'user.change' } & Partial<Record<F, string>>) | { type: 'user.blur'; field: F }): void;
};

/** What a form shows of its fields: their values and errors, and whether it is busy (inputs read-only). */
type FormFieldsView<F extends string> = { values: Record<F, string>; errors: FieldErrors<F>; busy: boolean };

/** The props a bound field gives its input (the `name` is the field's). */
export type BoundField = ReturnType<ReturnType<typeof bindFields>>;

/** A bound field with its visible label and test id. */
type LabelledField = BoundField & { label: string; 'data-testid': string };

/**
 * Binds a form's fields to its machine: `field(name)` gives the input its value, its error, its
 * ref (the submit focuses the first invalid field), read-only while busy, and sends `user.change`
 * as the user types and `user.blur` when the field is left.
 */
export const bindFields =
  <F extends string>(
    LL: TranslationFunctions,
    actor: EditableForm<F>,
    form: FormFieldsView<F>,
    inputs: Record<F, RefObject<HTMLInputElement | null>>,
  ) =>
  (field: F) => ({
    name: field,
    required: true,
    inputRef: inputs[field],
    value: form.values[field],
    readOnly: form.busy,
    errorText: fieldErrorText(LL, form.errors[field]),
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      actor.send({ type: 'user.change', [field]: e.currentTarget.value } as { type: 'user.change' } & Partial<Record<F, string>>),
    onBlur: () => actor.send({ type: 'user.blur', field }),
  });

/** The email field of sign-in, sign-up and the reset request. */
export function EmailField(props: LabelledField) {
  return <TextField type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** The emailed verification code (six digits). */
export function CodeField(props: LabelledField) {
  return <TextField autoComplete="one-time-code" inputMode="numeric" maxLength={6} {...props} />;
}

/** The password the user has now: sign-in, and the current password of a change. */
export function CurrentPasswordField(props: LabelledField) {
  const { LL } = useI18nContext();
  return <PasswordField autoComplete="current-password" visibilityLabel={passwordVisibilityLabel(LL)} {...props} />;
}

/** A new password (with the length hint) and its confirmation: sign-up, reset and change password. */
export function NewPasswordFields({ password, confirm }: { password: LabelledField; confirm: LabelledField }) {
  const { LL } = useI18nContext();
  const visibilityLabel = passwordVisibilityLabel(LL);
  return (
    <>
      <PasswordField
        autoComplete="new-password"
        helperText={LL.auth.signUp.passwordHelp({ min: PASSWORD_MIN })}
        visibilityLabel={visibilityLabel}
        {...password}
      />
      <PasswordField autoComplete="new-password" visibilityLabel={visibilityLabel} {...confirm} />
    </>
  );
}

/** An auth form: no browser validation (the machine checks), marked busy while a call runs. */
export function AuthForm({ onSubmit, busy, children }: { onSubmit: (event: FormEvent) => void; busy: boolean; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit} className={formStack} aria-busy={busy}>
      {children}
    </form>
  );
}

export interface FormSubmitProps {
  /** The server's message (data-testid "form-error"), shown while `showError`. */
  error: FormError | null;
  showError: boolean;
  busy: boolean;
  loadingText: string;
  'data-testid': string;
  children: ReactNode;
}

/** The end of a form: the server's message, then the full-width submit button. */
export function FormSubmit({ error, showError, busy, loadingText, children, ...rest }: FormSubmitProps) {
  return (
    <>
      <FormErrorAlert error={error} show={showError} />
      <Button type="submit" className={fullWidth} loading={busy} loadingText={loadingText} data-testid={rest['data-testid']}>
        {children}
      </Button>
    </>
  );
}
