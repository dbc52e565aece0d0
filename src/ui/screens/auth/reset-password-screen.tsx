/**
 * /reset-password: email -> emailed code + new password twice -> done.
 * Test ids: reset-email, reset-request, reset-code, reset-password, reset-confirm, reset-submit,
 * reset-back, reset-done, reset-login, form-error.
 */
import { useSelector } from '@xstate/react';
import { useRef, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN } from '../../../contract/account';
import { useI18nContext } from '../../../i18n/i18n-react';
import { resetPasswordMachine, type ResetField } from '../../../machines/auth/reset-password.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { Link } from '../../components/link';
import { PasswordField } from '../../components/password-input';
import { resetPasswordEffects } from '../../../services/actors/auth';
import { useFlowActor } from '../../flow';
import { AuthPage, fieldErrorText, footerText, FormErrorAlert, formStack, fullWidth, rowBetween, passwordVisibilityLabel, submitHandler } from './auth-view';

export function ResetPasswordScreen() {
  const { LL } = useI18nContext();
  const [params] = useSearchParams();
  const actor = useFlowActor(resetPasswordMachine, resetPasswordEffects, { input: { email: params.get('email') ?? '' } });

  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const showError = useSelector(actor, (s) => s.hasTag('showError'));
  const codeStep = useSelector(actor, (s) => s.hasTag('codeStep'));
  const done = useSelector(actor, (s) => s.hasTag('done'));

  const inputs = {
    email: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  } satisfies Record<ResetField, RefObject<HTMLInputElement | null>>;

  const submit = submitHandler(actor, inputs);
  const blur = (field: ResetField) => () => actor.send({ type: 'user.blur', field });
  const visibilityLabel = passwordVisibilityLabel(LL);

  const backToLogin = (
    <p className={footerText}>
      <Link to="/login" data-testid="reset-login">
        {LL.auth.reset.backToLogin()}
      </Link>
    </p>
  );

  if (done) {
    return (
      <AuthPage title={LL.auth.reset.doneTitle()} data-testid="reset-page">
        <InlineAlert status="success" title={LL.auth.reset.doneTitle()} description={LL.auth.reset.doneBody()} data-testid="reset-done" />
        {backToLogin}
      </AuthPage>
    );
  }

  if (codeStep) {
    return (
      <AuthPage title={LL.auth.reset.title()} subtitle={LL.auth.reset.codeSent({ email: context.email.trim() })} data-testid="reset-page">
        <form noValidate onSubmit={submit} className={formStack} aria-busy={busy}>
          <TextField
            label={LL.auth.reset.code()}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            inputRef={inputs.code}
            value={context.code}
            readOnly={busy}
            errorText={fieldErrorText(LL, context.errors.code)}
            onChange={(e) => actor.send({ type: 'user.change', code: e.currentTarget.value })}
            onBlur={blur('code')}
            data-testid="reset-code"
          />
          <PasswordField
            label={LL.auth.reset.password()}
            name="password"
            autoComplete="new-password"
            required
            inputRef={inputs.password}
            value={context.password}
            readOnly={busy}
            helperText={LL.auth.signUp.passwordHelp({ min: PASSWORD_MIN })}
            errorText={fieldErrorText(LL, context.errors.password)}
            visibilityLabel={visibilityLabel}
            onChange={(e) => actor.send({ type: 'user.change', password: e.currentTarget.value })}
            onBlur={blur('password')}
            data-testid="reset-password"
          />
          <PasswordField
            label={LL.auth.reset.confirm()}
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
            data-testid="reset-confirm"
          />
          <FormErrorAlert error={context.formError} show={showError} />
          <Button type="submit" className={fullWidth} loading={busy} loadingText={LL.auth.reset.submitting()} data-testid="reset-submit">
            {LL.auth.reset.submit()}
          </Button>
        </form>
        <div className={rowBetween}>
          <Button variant="link" size="sm" onClick={() => actor.send({ type: 'user.back' })} disabled={busy} data-testid="reset-back">
            {LL.auth.reset.back()}
          </Button>
        </div>
        {backToLogin}
      </AuthPage>
    );
  }

  return (
    <AuthPage title={LL.auth.reset.title()} subtitle={LL.auth.reset.subtitle()} data-testid="reset-page">
      <form noValidate onSubmit={submit} className={formStack} aria-busy={busy}>
        <TextField
          label={LL.auth.reset.email()}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          inputRef={inputs.email}
          value={context.email}
          readOnly={busy}
          errorText={fieldErrorText(LL, context.errors.email)}
          onChange={(e) => actor.send({ type: 'user.change', email: e.currentTarget.value })}
          onBlur={blur('email')}
          data-testid="reset-email"
        />
        <FormErrorAlert error={context.formError} show={showError} />
        <Button type="submit" className={fullWidth} loading={busy} loadingText={LL.auth.reset.requesting()} data-testid="reset-request">
          {LL.auth.reset.request()}
        </Button>
      </form>
      {backToLogin}
    </AuthPage>
  );
}
