/**
 * /change-password (inside the main layout). Test ids: change-old, change-new, change-confirm,
 * change-submit, change-done, change-home, form-error.
 */
import { useSelector } from '@xstate/react';
import { useRef, type RefObject } from 'react';
import { PASSWORD_MIN } from '../../../contract/account';
import { useI18nContext } from '../../../i18n/i18n-react';
import { changePasswordMachine, type ChangePasswordField } from '../../../machines/auth/change-password.machine';
import { HOME_PATH } from '../../../machines/constants';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { Link } from '../../components/link';
import { PasswordField } from '../../components/password-input';
import { changePasswordEffects } from '../../../services/actors/auth';
import { useFlowActor } from '../../flow';
import { AuthPage, fieldErrorText, FormErrorAlert, formStack, rowEnd, passwordVisibilityLabel, submitHandler } from './auth-view';

export function ChangePasswordScreen() {
  const { LL } = useI18nContext();
  const actor = useFlowActor(changePasswordMachine, changePasswordEffects);

  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const showError = useSelector(actor, (s) => s.hasTag('showError'));
  const done = useSelector(actor, (s) => s.hasTag('done'));

  const inputs = {
    oldPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  } satisfies Record<ChangePasswordField, RefObject<HTMLInputElement | null>>;

  const submit = submitHandler(actor, inputs);
  const blur = (field: ChangePasswordField) => () => actor.send({ type: 'user.blur', field });
  const visibilityLabel = passwordVisibilityLabel(LL);

  if (done) {
    return (
      <AuthPage title={LL.auth.change.title()} standalone={false} data-testid="change-page">
        <InlineAlert status="success" title={LL.auth.change.doneTitle()} description={LL.auth.change.doneBody()} data-testid="change-done" />
        <div className={rowEnd}>
          <Link to={HOME_PATH} data-testid="change-home">
            {LL.auth.change.backHome()}
          </Link>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={LL.auth.change.title()} standalone={false} data-testid="change-page">
      <form noValidate onSubmit={submit} className={formStack} aria-busy={busy}>
        <PasswordField
          label={LL.auth.change.old()}
          name="oldPassword"
          autoComplete="current-password"
          required
          inputRef={inputs.oldPassword}
          value={context.oldPassword}
          readOnly={busy}
          errorText={fieldErrorText(LL, context.errors.oldPassword)}
          visibilityLabel={visibilityLabel}
          onChange={(e) => actor.send({ type: 'user.change', oldPassword: e.currentTarget.value })}
          onBlur={blur('oldPassword')}
          data-testid="change-old"
        />
        <PasswordField
          label={LL.auth.change.new()}
          name="newPassword"
          autoComplete="new-password"
          required
          inputRef={inputs.newPassword}
          value={context.newPassword}
          readOnly={busy}
          helperText={LL.auth.signUp.passwordHelp({ min: PASSWORD_MIN })}
          errorText={fieldErrorText(LL, context.errors.newPassword)}
          visibilityLabel={visibilityLabel}
          onChange={(e) => actor.send({ type: 'user.change', newPassword: e.currentTarget.value })}
          onBlur={blur('newPassword')}
          data-testid="change-new"
        />
        <PasswordField
          label={LL.auth.change.confirm()}
          name="confirmPassword"
          autoComplete="new-password"
          required
          inputRef={inputs.confirmPassword}
          value={context.confirmPassword}
          readOnly={busy}
          errorText={fieldErrorText(LL, context.errors.confirmPassword)}
          visibilityLabel={visibilityLabel}
          onChange={(e) => actor.send({ type: 'user.change', confirmPassword: e.currentTarget.value })}
          onBlur={blur('confirmPassword')}
          data-testid="change-confirm"
        />
        <FormErrorAlert error={context.formError} show={showError} />
        <div className={rowEnd}>
          <Button type="submit" loading={busy} loadingText={LL.auth.change.submitting()} data-testid="change-submit">
            {LL.auth.change.submit()}
          </Button>
        </div>
      </form>
    </AuthPage>
  );
}
