/**
 * /workspace (standalone, behind the gate): create the user's workspace (SPEC §2, §7
 * /public/workspace/create). Driven by the workspace-create machine; on success the gate reloads
 * and the browser goes to the `to` parameter (or home).
 * Test ids: workspace-page, workspace-name, workspace-name-error, workspace-emails,
 * workspace-emails-error, workspace-create, workspace-error, workspace-sign-out.
 */
import { FieldTextarea } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { textarea } from '../../../../styled-system/recipes';
import type { WorkspaceCreateActorRef } from '../../../machines/workspace-create.machine';
import { useI18nContext } from '../../../i18n/i18n-react';
import { useAppShell, useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../../components/card';
import { FieldErrorText, FieldHelperText, FieldLabel, FieldRoot, TextField } from '../../components/field';

const page = css({ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: { base: '4', md: '8' }, bg: 'bg.canvas' });
const card = css({ width: 'full', maxWidth: 'lg' });
const form = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const footer = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
const brand = css({ fontWeight: 'bold', color: 'colorPalette.default', mb: '2' });

/** The route's flow (src/services/flows/workspace-flows.ts) starts with it, going on to the query's `to`. */
export function WorkspaceScreen() {
  const ref = useFlow('workspaceCreate');
  return ref ? <WorkspaceView flow={ref} /> : null;
}

function WorkspaceView({ flow: ref }: { flow: WorkspaceCreateActorRef }) {
  const { LL } = useI18nContext();
  const { actors } = useAppShell();
  const name = useSelector(ref, (s) => s.context.name);
  const emails = useSelector(ref, (s) => s.context.emails);
  const nameError = useSelector(ref, (s) => s.context.nameError);
  const invalidEmails = useSelector(ref, (s) => s.context.invalidEmails);
  const submitError = useSelector(ref, (s) => s.context.submitError);
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const t = LL.onboarding.create;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    ref.send({ type: 'user.submit' });
  };

  return (
    <main className={page} data-testid="workspace-page">
      <CardRoot className={card}>
        <CardHeader>
          <p className={brand}>{LL.common.productName()}</p>
          <CardTitle>{t.title()}</CardTitle>
          <CardDescription>{t.lead()}</CardDescription>
        </CardHeader>
        <CardBody>
          <form className={form} onSubmit={onSubmit} noValidate>
            <TextField
              label={t.name()}
              required
              name="workspaceName"
              autoComplete="organization"
              placeholder={t.namePlaceholder()}
              value={name}
              maxLength={120}
              onChange={(e) => ref.send({ type: 'user.changeName', value: e.target.value })}
              errorText={nameError === 'required' ? t.nameRequired() : nameError === 'tooLong' ? t.nameTooLong() : undefined}
              errorTestId="workspace-name-error"
              data-testid="workspace-name"
            />
            <FieldRoot invalid={invalidEmails.length > 0}>
              <FieldLabel>{t.inviteEmails()}</FieldLabel>
              <FieldTextarea
                className={cx(textarea({ size: 'md' }))}
                name="inviteEmails"
                rows={3}
                value={emails}
                onChange={(e) => ref.send({ type: 'user.changeEmails', value: e.target.value })}
                data-testid="workspace-emails"
              />
              {invalidEmails.length > 0 ? (
                <FieldErrorText data-testid="workspace-emails-error">{t.invalidEmails({ emails: invalidEmails.join(', ') })}</FieldErrorText>
              ) : (
                <FieldHelperText>{t.inviteEmailsHint()}</FieldHelperText>
              )}
            </FieldRoot>
            {submitError ? (
              <InlineAlert
                status="error"
                data-testid="workspace-error"
                title={submitError.kind === 'server' ? t.failed({ message: submitError.message }) : t.networkFailed()}
              />
            ) : null}
            <div className={footer}>
              <Button
                type="button"
                variant="ghost"
                data-testid="workspace-sign-out"
                onClick={() => actors.session.send({ type: 'user.signOut' })}
              >
                {LL.layout.userMenu.signOut()}
              </Button>
              <Button type="submit" aria-busy={busy} disabled={busy} data-testid="workspace-create">
                {t.submit()}
              </Button>
            </div>
          </form>
        </CardBody>
      </CardRoot>
    </main>
  );
}
