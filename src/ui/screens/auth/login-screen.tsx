/**
 * /login (SPEC §5 Login). Test ids: login-email, login-password, login-submit, login-google,
 * login-forgot, login-signup, form-error.
 */
import { useSelector } from '@xstate/react';
import { useRef, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useI18nContext } from '../../../i18n/i18n-react';
import { googleSignInMachine } from '../../../machines/auth/google-sign-in.machine';
import { signInMachine, type SignInField } from '../../../machines/auth/sign-in.machine';
import { REDIRECT_PARAM } from '../../../machines/constants';
import { googleSignInEffects, signInEffects } from '../../../services/actors/auth';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { Link } from '../../components/link';
import { PasswordField } from '../../components/password-input';
import { useFlowActor } from '../../flow';
import { AuthPage, divider, fieldErrorText, footerText, FormErrorAlert, formStack, fullWidth, rowEnd, passwordVisibilityLabel, submitHandler } from './auth-view';

export function LoginScreen() {
  const { LL } = useI18nContext();
  const [params] = useSearchParams();
  const redirect = params.get(REDIRECT_PARAM);
  const actor = useFlowActor(signInMachine, signInEffects, { input: { redirect } });
  const google = useFlowActor(googleSignInMachine, googleSignInEffects, { input: { redirect } });

  const email = useSelector(actor, (s) => s.context.email);
  const password = useSelector(actor, (s) => s.context.password);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const busy = useSelector(actor, (s) => s.hasTag('busy') || s.hasTag('done'));
  const showError = useSelector(actor, (s) => s.hasTag('showError'));
  const showGoogle = useSelector(google, (s) => s.hasTag('showButton'));
  const googleBusy = useSelector(google, (s) => s.hasTag('busy'));
  const googleError = useSelector(google, (s) => s.context.formError);
  const googleShowError = useSelector(google, (s) => s.hasTag('showError'));

  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) } satisfies Record<
    SignInField,
    RefObject<HTMLInputElement | null>
  >;

  const submit = submitHandler(actor, inputs);

  return (
    <AuthPage title={LL.auth.login.title()} subtitle={LL.auth.login.subtitle()} data-testid="login-page">
      <form noValidate onSubmit={submit} className={formStack} aria-busy={busy}>
        <TextField
          label={LL.auth.login.email()}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          inputRef={inputs.email}
          value={email}
          readOnly={busy}
          errorText={fieldErrorText(LL, errors.email)}
          onChange={(e) => actor.send({ type: 'user.change', email: e.currentTarget.value })}
          onBlur={() => actor.send({ type: 'user.blur', field: 'email' })}
          data-testid="login-email"
        />
        <PasswordField
          label={LL.auth.login.password()}
          name="password"
          autoComplete="current-password"
          required
          inputRef={inputs.password}
          value={password}
          readOnly={busy}
          errorText={fieldErrorText(LL, errors.password)}
          visibilityLabel={passwordVisibilityLabel(LL)}
          onChange={(e) => actor.send({ type: 'user.change', password: e.currentTarget.value })}
          onBlur={() => actor.send({ type: 'user.blur', field: 'password' })}
          data-testid="login-password"
        />
        <div className={rowEnd}>
          <Link to="/reset-password" data-testid="login-forgot">
            {LL.auth.login.forgot()}
          </Link>
        </div>
        <FormErrorAlert error={formError} show={showError} />
        <Button type="submit" className={fullWidth} loading={busy} loadingText={LL.auth.login.submitting()} data-testid="login-submit">
          {LL.auth.login.submit()}
        </Button>
      </form>
      {showGoogle ? (
        <>
          <div className={divider}>{LL.auth.login.or()}</div>
          <Button
            variant="outline"
            className={fullWidth}
            loading={googleBusy}
            onClick={() => google.send({ type: 'user.googleStart' })}
            data-testid="login-google"
          >
            {LL.auth.login.google()}
          </Button>
          <FormErrorAlert error={googleError} show={googleShowError} />
        </>
      ) : null}
      <p className={footerText}>
        <span>{LL.auth.login.noAccount()}</span>
        <Link to="/signup" data-testid="login-signup">
          {LL.auth.login.signUpLink()}
        </Link>
      </p>
    </AuthPage>
  );
}
