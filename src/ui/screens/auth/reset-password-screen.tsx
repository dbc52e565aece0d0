/**
 * /reset-password: email -> emailed code + new password twice -> done.
 * Test ids: reset-email, reset-request, reset-code, reset-password, reset-confirm, reset-submit,
 * reset-back, reset-done, reset-login, form-error.
 */
import { useSelector } from '@xstate/react';
import { useRef, type RefObject } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { ResetField, ResetPasswordActorRef } from '../../../machines/auth/reset-password.machine';
import { useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { Link } from '../../components/link';
import { AuthForm, bindFields, CodeField, EmailField, FormSubmit, NewPasswordFields } from './auth-fields';
import { AuthPage, footerText, rowBetween, submitHandler } from './auth-view';

/** The route's flow (src/services/flows/password-flows.ts) starts with it, the query's email filled in. */
export function ResetPasswordScreen() {
  const actor = useFlow('resetPassword');
  return actor ? <ResetPasswordView actor={actor} /> : null;
}

function ResetPasswordView({ actor }: { actor: ResetPasswordActorRef }) {
  const { LL } = useI18nContext();

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
  const field = bindFields(LL, actor, { values: context, errors: context.errors, busy }, inputs);

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
        <AuthForm onSubmit={submit} busy={busy}>
          <CodeField label={LL.auth.reset.code()} {...field('code')} data-testid="reset-code" />
          <NewPasswordFields
            password={{ label: LL.auth.reset.password(), ...field('password'), 'data-testid': 'reset-password' }}
            confirm={{ label: LL.auth.reset.confirm(), ...field('confirmPassword'), 'data-testid': 'reset-confirm' }}
          />
          <FormSubmit error={context.formError} showError={showError} busy={busy} loadingText={LL.auth.reset.submitting()} data-testid="reset-submit">
            {LL.auth.reset.submit()}
          </FormSubmit>
        </AuthForm>
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
      <AuthForm onSubmit={submit} busy={busy}>
        <EmailField label={LL.auth.reset.email()} {...field('email')} data-testid="reset-email" />
        <FormSubmit error={context.formError} showError={showError} busy={busy} loadingText={LL.auth.reset.requesting()} data-testid="reset-request">
          {LL.auth.reset.request()}
        </FormSubmit>
      </AuthForm>
      {backToLogin}
    </AuthPage>
  );
}
