import type { FormEvent, ReactNode, RefObject } from 'react';
import { PASSWORD_MIN } from '../../../contract/account';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { FieldErrorKey, FormError } from '../../../machines/auth/auth-form';
import { css } from '../../../../styled-system/css';
import { InlineAlert } from '../../components/alert';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../../components/card';

/** Text of a field's validation message. */
export const fieldErrorText = (LL: TranslationFunctions, key: FieldErrorKey | undefined): string | undefined => {
  if (key === undefined) return undefined;
  if (key === 'passwordTooShort') return LL.auth.errors.passwordTooShort({ min: PASSWORD_MIN });
  return LL.auth.errors[key]();
};

/** Text of a form-level (server) message; `server` shows the server's own words. */
export const formErrorText = (LL: TranslationFunctions, error: FormError): string => {
  if (error.key === 'server') return error.message || LL.auth.errors.requestFailed();
  return LL.auth.errors[error.key]();
};

/** The password field's show/hide button label. */
export const passwordVisibilityLabel = (LL: TranslationFunctions) => (visible: boolean): string =>
  visible ? LL.auth.hidePassword() : LL.auth.showPassword();

/** What `submitHandler` needs of a form actor (every auth form machine has it). */
type SubmittableForm<F extends string> = {
  send(event: { type: 'user.submit' }): void;
  getSnapshot(): { hasTag(tag: 'busy'): boolean; context: { firstInvalid: F | null } };
};

/**
 * The form's onSubmit: tells the machine, and when it refused the submit (not busy) focuses the
 * first invalid field it names. Focus is the view's part; the decision is the machine's.
 */
export const submitHandler =
  <F extends string>(actor: SubmittableForm<F>, inputs: Record<F, RefObject<HTMLInputElement | null>>) =>
  (event: FormEvent): void => {
    event.preventDefault();
    actor.send({ type: 'user.submit' });
    const snapshot = actor.getSnapshot();
    if (!snapshot.hasTag('busy') && snapshot.context.firstInvalid) inputs[snapshot.context.firstInvalid].current?.focus();
  };

/** The inline server message of a form (data-testid "form-error"), shown while the machine says so. */
export function FormErrorAlert({ error, show }: { error: FormError | null; show: boolean }) {
  const { LL } = useI18nContext();
  if (!show || error === null) return null;
  return <InlineAlert status="error" title={formErrorText(LL, error)} data-testid="form-error" />;
}

const page = css({
  minHeight: '100dvh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  px: '4',
  py: '10',
  bg: 'bg.canvas',
});
const card = css({ width: 'full', maxW: 'md' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '5' });

export const formStack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
export const fullWidth = css({ width: 'full' });
export const footerText = css({ textStyle: 'sm', color: 'fg.muted', display: 'flex', gap: '1', flexWrap: 'wrap', justifyContent: 'center' });
export const rowEnd = css({ display: 'flex', justifyContent: 'flex-end', textStyle: 'sm' });
export const rowBetween = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap', textStyle: 'sm' });
export const divider = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  color: 'fg.subtle',
  textStyle: 'xs',
  _before: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
  _after: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
});

export interface AuthPageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
  /** Standalone pages (login, sign-up ...) centre the card on the page; inside the main layout it just flows. */
  standalone?: boolean;
}

/** The card every auth screen sits in; its title is the page's h1. */
export function AuthPage({ title, subtitle, children, standalone = true, ...rest }: AuthPageProps) {
  const content = (
    <CardRoot className={card} data-testid={rest['data-testid']}>
      <CardHeader>
        <CardTitle asChild>
          <h1>{title}</h1>
        </CardTitle>
        {subtitle ? <CardDescription>{subtitle}</CardDescription> : null}
      </CardHeader>
      <CardBody className={stack}>{children}</CardBody>
    </CardRoot>
  );
  return standalone ? <main className={page}>{content}</main> : content;
}
