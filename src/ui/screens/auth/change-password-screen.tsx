/**
 * /change-password (inside the main layout). Test ids: change-old, change-new, change-confirm,
 * change-submit, change-done, change-home, form-error.
 */
import { useSelector } from '@xstate/react';
import { useRef, type RefObject } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { ChangePasswordActorRef, ChangePasswordField } from '../../../machines/auth/change-password.machine';
import { useFlow } from '../../app-actors';
import { HOME_PATH } from '../../../machines/constants';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { Link } from '../../components/link';
import { AuthForm, bindFields, CurrentPasswordField, NewPasswordFields } from './auth-fields';
import { AuthPage, FormErrorAlert, rowEnd, submitHandler } from './auth-view';

/** The route's flow (src/services/flows/password-flows.ts) starts with it. */
export function ChangePasswordScreen() {
  const actor = useFlow('changePassword');
  return actor ? <ChangePasswordView actor={actor} /> : null;
}

function ChangePasswordView({ actor }: { actor: ChangePasswordActorRef }) {
  const { LL } = useI18nContext();

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
  const field = bindFields(LL, actor, { values: context, errors: context.errors, busy }, inputs);

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
      <AuthForm onSubmit={submit} busy={busy}>
        <CurrentPasswordField label={LL.auth.change.old()} {...field('oldPassword')} data-testid="change-old" />
        <NewPasswordFields
          password={{ label: LL.auth.change.new(), ...field('newPassword'), 'data-testid': 'change-new' }}
          confirm={{ label: LL.auth.change.confirm(), ...field('confirmPassword'), 'data-testid': 'change-confirm' }}
        />
        <FormErrorAlert error={context.formError} show={showError} />
        <div className={rowEnd}>
          <Button type="submit" loading={busy} loadingText={LL.auth.change.submitting()} data-testid="change-submit">
            {LL.auth.change.submit()}
          </Button>
        </div>
      </AuthForm>
    </AuthPage>
  );
}
