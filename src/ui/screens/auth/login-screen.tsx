/**
 * /login (SPEC §5 Login). Test ids: login-email, login-password, login-submit, login-google,
 * login-forgot, login-signup, form-error.
 */
import { useSelector } from '@xstate/react';
import { useRef, type RefObject } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { GoogleSignInActorRef } from '../../../machines/auth/google-sign-in.machine';
import type { SignInActorRef, SignInField } from '../../../machines/auth/sign-in.machine';
import { useFlow } from '../../app-actors';
import { Button } from '../../components/button';
import { Link } from '../../components/link';
import { AuthForm, bindFields, CurrentPasswordField, EmailField, FormSubmit } from './auth-fields';
import { AuthPage, divider, footerText, FormErrorAlert, fullWidth, rowEnd, submitHandler } from './auth-view';

/** The route's flows (src/services/flows/sign-in-flows.ts) start with it; they carry its `redirect`. */
export function LoginScreen() {
  const actor = useFlow('signIn');
  // Google sign-in's flow ends at once when the server has no Google client (the button never shows).
  const google = useFlow('googleSignIn');
  return actor ? <LoginView actor={actor} google={google} /> : null;
}

function LoginView({ actor, google }: { actor: SignInActorRef; google: GoogleSignInActorRef | undefined }) {
  const { LL } = useI18nContext();

  const email = useSelector(actor, (s) => s.context.email);
  const password = useSelector(actor, (s) => s.context.password);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const busy = useSelector(actor, (s) => s.hasTag('busy') || s.hasTag('done'));
  const showError = useSelector(actor, (s) => s.hasTag('showError'));
  const showGoogle = useSelector(google, (s) => s?.hasTag('showButton') ?? false);
  const googleBusy = useSelector(google, (s) => s?.hasTag('busy') ?? false);
  const googleError = useSelector(google, (s) => s?.context.formError ?? null);
  const googleShowError = useSelector(google, (s) => s?.hasTag('showError') ?? false);

  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) } satisfies Record<
    SignInField,
    RefObject<HTMLInputElement | null>
  >;

  const submit = submitHandler(actor, inputs);
  const field = bindFields(LL, actor, { values: { email, password }, errors, busy }, inputs);

  return (
    <AuthPage title={LL.auth.login.title()} subtitle={LL.auth.login.subtitle()} data-testid="login-page">
      <AuthForm onSubmit={submit} busy={busy}>
        <EmailField label={LL.auth.login.email()} {...field('email')} data-testid="login-email" />
        <CurrentPasswordField label={LL.auth.login.password()} {...field('password')} data-testid="login-password" />
        <div className={rowEnd}>
          <Link to="/reset-password" data-testid="login-forgot">
            {LL.auth.login.forgot()}
          </Link>
        </div>
        <FormSubmit error={formError} showError={showError} busy={busy} loadingText={LL.auth.login.submitting()} data-testid="login-submit">
          {LL.auth.login.submit()}
        </FormSubmit>
      </AuthForm>
      {showGoogle ? (
        <>
          <div className={divider}>{LL.auth.login.or()}</div>
          <Button
            variant="outline"
            className={fullWidth}
            loading={googleBusy}
            onClick={() => google?.send({ type: 'user.googleStart' })}
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
