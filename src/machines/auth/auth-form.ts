/**
 * Shared pieces of the auth form machines (SPEC §5 Login / Change / Reset, SPEC §8 codes).
 *
 * Machines carry message KEYS, never texts: the views translate `t.auth.errors[key]()`.
 * Server answers arrive as `Answer` (src/machines/answer.ts; src/services/answer.ts adapts the
 * API client's result).
 */
import { Code } from '../../contract/codes';
import { EMAIL_PATTERN, PASSWORD_MIN } from '../../contract/account';
import type { Answer } from '../answer';
import { HOME_PATH, isSafeInternalPath } from '../constants';

/** What an auth actor resolves: the call's data, or the server's code and message. */
export type AuthAnswer<T> = Answer<T>;

/** Access token handed back by sign-in, Google sign-in and sign-up verification. */
export type SignedIn = { accessToken: string };

/** The `signedIn` action's params: the token to keep and where the browser goes next. */
export type SignedInParams = SignedIn & { to: string };

/** Where sign-in leads: the gate's `redirect` when it is an in-app path, else home (never another origin). */
export const afterSignIn = (redirect: string | null | undefined): string => (isSafeInternalPath(redirect) ? redirect : HOME_PATH);

/** Per-field validation messages (keys of `t.auth.errors`). */
export type FieldErrorKey =
  | 'emailEmpty'
  | 'emailInvalid'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'confirmRequired'
  | 'passwordsMismatch'
  | 'codeRequired'
  | 'codeFormat';

/** Form-level (server) messages (keys of `t.auth.errors`); `server` shows the server's own message. */
export type FormErrorKey =
  | 'noActiveAccount'
  | 'rateLimited'
  | 'codeInvalid'
  | 'passwordWeak'
  | 'wrongPassword'
  | 'googleFailed'
  | 'invalidRequest'
  | 'requestFailed'
  | 'server';

export type FormError = { key: FormErrorKey; code: number | null; message: string };

export const validateEmail = (value: string): FieldErrorKey | null => {
  const v = value.trim();
  if (v === '') return 'emailEmpty';
  return EMAIL_PATTERN.test(v) ? null : 'emailInvalid';
};

/** Sign-in and current password: only required (SPEC §5 "Login: email and password required"). */
export const validateRequiredPassword = (value: string): FieldErrorKey | null => (value === '' ? 'passwordRequired' : null);

/** A new password: required and at least PASSWORD_MIN characters (the server's rule, checked early). */
export const validateNewPassword = (value: string): FieldErrorKey | null => {
  if (value === '') return 'passwordRequired';
  return value.length < PASSWORD_MIN ? 'passwordTooShort' : null;
};

/** Confirmation: required and equal to the new password ('The passwords do not match'). */
export const validateConfirm = (confirm: string, password: string): FieldErrorKey | null => {
  if (confirm === '') return 'confirmRequired';
  return confirm === password ? null : 'passwordsMismatch';
};

/** The emailed verification code: six digits. */
export const validateCode = (value: string): FieldErrorKey | null => {
  const v = value.trim();
  if (v === '') return 'codeRequired';
  return /^\d{6}$/.test(v) ? null : 'codeFormat';
};

/** Maps a refused answer to the inline message (SPEC §8: other codes show the server message). */
export const toFormError = (code: number, message: string): FormError => {
  switch (code) {
    case Code.NO_ACTIVE_ACCOUNT:
      return { key: 'noActiveAccount', code, message };
    case Code.RATE_LIMITED:
      return { key: 'rateLimited', code, message };
    case Code.CODE_INVALID:
      return { key: 'codeInvalid', code, message };
    case Code.PASSWORD_WEAK:
      return { key: 'passwordWeak', code, message };
    case Code.WRONG_PASSWORD:
      return { key: 'wrongPassword', code, message };
    case Code.GOOGLE_INVALID:
      return { key: 'googleFailed', code, message };
    case Code.VALIDATION:
    case Code.MALFORMED_JSON:
      return { key: 'invalidRequest', code, message };
    default:
      return { key: 'server', code, message };
  }
};

/** The inline message of a refused answer; `null` for an accepted one. */
export const answerError = (output: AuthAnswer<unknown>): FormError | null => (output.ok ? null : toFormError(output.code, output.message));

/** The call itself failed (network, time-out ...); the API client has already shown a toast. */
export const requestFailed: FormError = { key: 'requestFailed', code: null, message: '' };

/** Field errors of a form: only the fields that currently fail. */
export type FieldErrors<F extends string> = Partial<Record<F, FieldErrorKey>>;

/** Runs `validators` for `fields` and merges the results into `errors` (a passing field loses its error). */
export const validateFields = <F extends string>(
  errors: FieldErrors<F>,
  fields: readonly F[],
  validators: Record<F, () => FieldErrorKey | null>,
): FieldErrors<F> => {
  const next: FieldErrors<F> = { ...errors };
  for (const field of fields) {
    const error = validators[field]();
    if (error === null) delete next[field];
    else next[field] = error;
  }
  return next;
};

/** The first failing field in form order (the view focuses it after a refused submit). */
export const firstInvalid = <F extends string>(errors: FieldErrors<F>, order: readonly F[]): F | null =>
  order.find((field) => errors[field] !== undefined) ?? null;

/** Fields that currently show an error and so are re-checked as the user types. */
export const erroredFields = <F extends string>(errors: FieldErrors<F>, order: readonly F[]): F[] =>
  order.filter((field) => errors[field] !== undefined);

/** Named delay before a new verification code may be requested. */
export const RESEND_COOLDOWN_MS = 60_000;

/** A form's field values (the context holds them under the field names) and their errors. */
type FieldForm<F extends string> = Record<F, string> & { errors: FieldErrors<F> };
/** The field checks of a form, for given values. */
export type FieldValidators<F extends string> = (values: Record<F, string>) => Record<F, () => FieldErrorKey | null>;

/**
 * The context after a `user.change`: the changed values, fields that show an error re-checked
 * against the new values (so an error clears as soon as it is mended), the form error cleared.
 */
export const changeFields = <F extends string>(
  context: FieldForm<F>,
  change: Partial<Record<F, string>>,
  fields: readonly F[],
  validators: FieldValidators<F>,
) => {
  const values = Object.fromEntries(fields.map((f) => [f, change[f] ?? context[f]])) as Record<F, string>;
  return { ...values, errors: validateFields(context.errors, erroredFields(context.errors, fields), validators(values)), formError: null };
};

/** Checks `fields` at once (a submit): their errors, and the first failing one for the view to focus. */
export const checkFields = <F extends string>(context: FieldForm<F>, fields: readonly F[], validators: FieldValidators<F>) => {
  const errors = validateFields(context.errors, fields, validators(context));
  return { errors, firstInvalid: firstInvalid(errors, fields) };
};

/** True when every one of `fields` passes (the submit guard). */
export const fieldsValid = <F extends string>(context: Record<F, string>, fields: readonly F[], validators: FieldValidators<F>): boolean => {
  const check = validators(context);
  return fields.every((f) => check[f]() === null);
};
