/**
 * /signup: step 1 email + password + confirmation, step 2 the emailed 6-digit code.
 * Test ids: signup-email, signup-password, signup-confirm, signup-submit, signup-code,
 * signup-verify, signup-resend, signup-back, signup-login, form-error.
 */
import { useSelector } from '@xstate/react';
import { useRef, type RefObject } from 'react';
import { PASSWORD_MIN } from '../../../contract/account';
import { css } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import { signUpMachine, type SignUpField } from '../../../machines/auth/sign-up.machine';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { Text } from '../../components/heading';
import { Link } from '../../components/link';
import { PasswordField } from '../../components/password-input';
import { signUpEffects } from '../../../services/actors/auth';
import { useFlowActor } from '../../flow';
import { AuthPage, fieldErrorText, footerText, FormErrorAlert, formStack, fullWidth, rowBetween, passwordVisibilityLabel, submitHandler } from './auth-view';

const muted = css({ color: 'fg.muted' });

export function SignupScreen() {
  const { LL } = useI18nContext();
  const actor = useFlowActor(signUpMachine, signUpEffects);

  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy') || s.hasTag('done'));
  const showError = useSelector(actor, (s) => s.hasTag('showError'));
  const codeStep = useSelector(actor, (s) => s.hasTag('codeStep'));
  const canResend = useSelector(actor, (s) => s.hasTag('canResend'));

  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  } satisfies Record<SignUpField, RefObject<HTMLInputElement | null>>;

  const submit = submitHandler(actor, inputs);

  const blur = (field: SignUpField) => () => actor.send({ type: 'user.blur', field });
  const visibilityLabel = passwordVisibilityLabel(LL);

  if (codeStep) {
    return (
      <AuthPage title={LL.auth.signUp.codeTitle()} subtitle={LL.auth.signUp.codeSent({ email: context.email.trim() })} data-testid="signup-code-step">
        <form noValidate onSubmit={submit} className={formStack} aria-busy={busy}>
          <TextField
            label={LL.auth.signUp.code()}
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
            data-testid="signup-code"
          />
          <FormErrorAlert error={context.formError} show={showError} />
          <Button type="submit" className={fullWidth} loading={busy} loadingText={LL.auth.signUp.verifying()} data-testid="signup-verify">
            {LL.auth.signUp.verify()}
          </Button>
        </form>
        <div className={rowBetween}>
          <Button variant="link" size="sm" onClick={() => actor.send({ type: 'user.back' })} disabled={busy} data-testid="signup-back">
            {LL.auth.signUp.back()}
          </Button>
          <Button variant="link" size="sm" onClick={() => actor.send({ type: 'user.resend' })} disabled={!canResend || busy} data-testid="signup-resend">
            {LL.auth.signUp.resend()}
          </Button>
        </div>
        {canResend ? null : <Text className={muted}>{LL.auth.signUp.resendWait()}</Text>}
      </AuthPage>
    );
  }

  return (
    <AuthPage title={LL.auth.signUp.title()} subtitle={LL.auth.signUp.subtitle()} data-testid="signup-page">
      <form noValidate onSubmit={submit} className={formStack} aria-busy={busy}>
        <TextField
          label={LL.auth.signUp.email()}
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
          data-testid="signup-email"
        />
        <PasswordField
          label={LL.auth.signUp.password()}
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
          data-testid="signup-password"
        />
        <PasswordField
          label={LL.auth.signUp.confirm()}
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
          data-testid="signup-confirm"
        />
        <FormErrorAlert error={context.formError} show={showError} />
        <Button type="submit" className={fullWidth} loading={busy} loadingText={LL.auth.signUp.submitting()} data-testid="signup-submit">
          {LL.auth.signUp.submit()}
        </Button>
      </form>
      <p className={footerText}>
        <span>{LL.auth.signUp.haveAccount()}</span>
        <Link to="/login" data-testid="signup-login">
          {LL.auth.signUp.signInLink()}
        </Link>
      </p>
    </AuthPage>
  );
}
