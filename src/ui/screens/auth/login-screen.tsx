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
import { Link } from '../../components/link';
import { useFlowActor } from '../../flow';
import { AuthForm, bindFields, CurrentPasswordField, EmailField, FormSubmit } from './auth-fields';
import { AuthPage, divider, footerText, FormErrorAlert, fullWidth, rowEnd, submitHandler } from './auth-view';

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
