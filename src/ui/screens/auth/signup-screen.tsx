/**
 * /signup: step 1 email + password + confirmation, step 2 the emailed 6-digit code.
 * Test ids: signup-email, signup-password, signup-confirm, signup-submit, signup-code,
 * signup-verify, signup-resend, signup-back, signup-login, form-error.
 */
import { useSelector } from '@xstate/react';
import { useRef, type RefObject } from 'react';
import { css } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { SignUpActorRef, SignUpField } from '../../../machines/auth/sign-up.machine';
import { useFlow } from '../../app-actors';
import { Button } from '../../components/button';
import { Text } from '../../components/heading';
import { Link } from '../../components/link';
import { AuthForm, bindFields, CodeField, EmailField, FormSubmit, NewPasswordFields } from './auth-fields';
import { AuthPage, footerText, rowBetween, submitHandler } from './auth-view';

const muted = css({ color: 'fg.muted' });

/** The route's flow (src/services/flows/sign-up-flows.ts) starts with it. */
export function SignupScreen() {
  const actor = useFlow('signUp');
  return actor ? <SignupView actor={actor} /> : null;
}

function SignupView({ actor }: { actor: SignUpActorRef }) {
  const { LL } = useI18nContext();

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
  const field = bindFields(LL, actor, { values: context, errors: context.errors, busy }, inputs);

  if (codeStep) {
    return (
      <AuthPage title={LL.auth.signUp.codeTitle()} subtitle={LL.auth.signUp.codeSent({ email: context.email.trim() })} data-testid="signup-code-step">
        <AuthForm onSubmit={submit} busy={busy}>
          <CodeField label={LL.auth.signUp.code()} {...field('code')} data-testid="signup-code" />
          <FormSubmit error={context.formError} showError={showError} busy={busy} loadingText={LL.auth.signUp.verifying()} data-testid="signup-verify">
            {LL.auth.signUp.verify()}
          </FormSubmit>
        </AuthForm>
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
      <AuthForm onSubmit={submit} busy={busy}>
        <EmailField label={LL.auth.signUp.email()} {...field('email')} data-testid="signup-email" />
        <NewPasswordFields
          password={{ label: LL.auth.signUp.password(), ...field('password'), 'data-testid': 'signup-password' }}
          confirm={{ label: LL.auth.signUp.confirm(), ...field('confirmPassword'), 'data-testid': 'signup-confirm' }}
        />
        <FormSubmit error={context.formError} showError={showError} busy={busy} loadingText={LL.auth.signUp.submitting()} data-testid="signup-submit">
          {LL.auth.signUp.submit()}
        </FormSubmit>
      </AuthForm>
      <p className={footerText}>
        <span>{LL.auth.signUp.haveAccount()}</span>
        <Link to="/login" data-testid="signup-login">
          {LL.auth.signUp.signInLink()}
        </Link>
      </p>
    </AuthPage>
  );
}
