/**
 * The webhook settings (SPEC §3 Webhook settings), rendered from the overview's child flow
 * `webhookSettings` (src/machines/webhook-settings.machine.ts): the two URLs with their live
 * checks, Save, the signing secret's hint and Rotate (after a confirmation), the secret shown once
 * with Copy, the feature-limit dialog, and the delivery log (the settings' own child `deliveries`).
 * Test ids: webhook-settings, webhook-close, webhook-retry, webhook-received-url, webhook-sent-url,
 * webhook-received-url-error, webhook-sent-url-error, webhook-save, webhook-error, webhook-secret-status,
 * webhook-rotate, webhook-rotate-dialog, webhook-rotate-ok, webhook-rotate-cancel, webhook-secret-dialog,
 * webhook-secret, webhook-secret-copy, webhook-secret-copy-failed, webhook-secret-close,
 * webhook-permissions-link, feature-limit-dialog; the log's (./delivery-log.tsx).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import { WEBHOOK_PERMISSIONS_PATH } from '../../../machines/integration-plan';
import type { WebhookDeliveriesActorRef } from '../../../machines/webhook-deliveries.machine';
import { draftProblems, type UrlProblem, type WebhookSettingsActorRef } from '../../../machines/webhook-settings.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { FeatureLimitDialog } from '../../components/feature-limit-dialog';
import { TextField } from '../../components/field';
import { Heading, Text } from '../../components/heading';
import { Link } from '../../components/link';
import { DeliveryLog } from './delivery-log';
import { callErrorText, featureLimitTexts, formatTime, mutedStyle, rowStyle } from './parts';

const panel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
  p: { base: '4', md: '6' },
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  bg: 'bg.default',
  minWidth: '0',
});
const head = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '3', flexWrap: 'wrap' });
const form = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' });
const formActions = css({ gridColumn: '1 / -1', display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' });
const secretBox = css({ display: 'flex', flexDirection: 'column', gap: '2', pt: '4', borderTopWidth: '1px', borderColor: 'border.subtle' });
const secretCode = css({
  display: 'block',
  fontFamily: 'mono',
  textStyle: 'sm',
  p: '3',
  borderRadius: 'l2',
  bg: 'bg.subtle',
  overflowWrap: 'anywhere',
  userSelect: 'all',
});

const problemText = (LL: TranslationFunctions, problem: UrlProblem | null): string | undefined =>
  problem === 'format' ? LL.integrations.webhook.urlFormat() : problem === 'tooLong' ? LL.integrations.webhook.urlTooLong() : undefined;

export function WebhookSettingsPanel({ flow, onClose, planName }: { flow: WebhookSettingsActorRef; onClose: () => void; planName: string | null }) {
  const { LL, locale } = useI18nContext();
  const t = LL.integrations.webhook;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening the settings moves the focus to them (a DOM-only effect: keyboard users land here).
  useEffect(() => heading.current?.focus(), []);

  const loading = useSelector(flow, (s) => s.hasTag('loading'));
  const loadFailed = useSelector(flow, (s) => s.hasTag('loadFailed'));
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const saving = useSelector(flow, (s) => s.hasTag('saving'));
  const { draft, config, error } = useSelector(flow, (s) => s.context);
  const deliveries = useSelector(flow, (s) => s.children.deliveries as WebhookDeliveriesActorRef | undefined);
  const problems = draftProblems(draft);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'user.save' });
  };

  return (
    <section className={panel} aria-labelledby="webhook-settings-title" aria-busy={busy} data-testid="webhook-settings">
      <div className={head}>
        <Heading as="h2" size="lg" id="webhook-settings-title" ref={heading} tabIndex={-1}>
          {t.title()}
        </Heading>
        <Button variant="outline" size="sm" onClick={onClose} data-testid="webhook-close">
          {t.close()}
        </Button>
      </div>

      {loading ? <Text muted>{t.loading()}</Text> : null}
      {loadFailed ? (
        <div className={rowStyle}>
          <InlineAlert status="error" title={t.loadFailed()} />
          <Button variant="outline" onClick={() => flow.send({ type: 'user.retry' })} data-testid="webhook-retry">
            {LL.integrations.retry()}
          </Button>
        </div>
      ) : null}

      {config ? (
        <>
          <form className={form} onSubmit={submit} noValidate>
            <TextField
              label={t.receivedUrl()}
              type="url"
              inputMode="url"
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              value={draft.receivedUrl}
              onChange={(e) => flow.send({ type: 'user.edit', field: 'receivedUrl', value: e.target.value })}
              errorText={problemText(LL, problems.receivedUrl)}
              helperText={t.urlHelp()}
              errorTestId="webhook-received-url-error"
              data-testid="webhook-received-url"
            />
            <TextField
              label={t.sentUrl()}
              type="url"
              inputMode="url"
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              value={draft.sentUrl}
              onChange={(e) => flow.send({ type: 'user.edit', field: 'sentUrl', value: e.target.value })}
              errorText={problemText(LL, problems.sentUrl)}
              helperText={t.urlHelp()}
              errorTestId="webhook-sent-url-error"
              data-testid="webhook-sent-url"
            />
            <div className={formActions}>
              <Button type="submit" loading={saving} loadingText={t.saving()} disabled={busy} data-testid="webhook-save">
                {t.save()}
              </Button>
              <Link to={WEBHOOK_PERMISSIONS_PATH} data-testid="webhook-permissions-link">
                {t.permissionsLink()}
              </Link>
            </div>
          </form>
          {error ? <InlineAlert status="error" title={callErrorText(LL, error)} data-testid="webhook-error" /> : null}

          <div className={secretBox}>
            <Heading as="h3" size="md">
              {t.secretTitle()}
            </Heading>
            <p className={mutedStyle} data-testid="webhook-secret-status">
              {config.hasSecret && config.secretHint ? (
                secretHintSentence(LL, config.secretHint, config.secretCreatedAt === null ? '—' : formatTime(config.secretCreatedAt, locale))
              ) : (
                t.secretNone()
              )}
            </p>
            {config.hasSecret ? (
              <div>
                <Button variant="outline" size="sm" disabled={busy} onClick={() => flow.send({ type: 'user.rotate' })} data-testid="webhook-rotate">
                  {t.rotate()}
                </Button>
              </div>
            ) : null}
          </div>
        </>
      ) : null}

      <RotateDialog flow={flow} />
      <SecretDialog flow={flow} />
      <SettingsLimit flow={flow} planName={planName} />
      {deliveries ? <DeliveryLog flow={deliveries} /> : null}
    </section>
  );
}

/** The hint sentence with the secret's last characters shown left to right (they are code, not words). */
function secretHintSentence(LL: TranslationFunctions, hint: string, date: string) {
  const marker = '\u{E000}';
  const [before, after] = LL.integrations.webhook.secretHint({ hint: marker, date }).split(marker);
  return (
    <>
      {before}
      <bdi dir="ltr">…{hint}</bdi>
      {after}
    </>
  );
}

function RotateDialog({ flow }: { flow: WebhookSettingsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.integrations.webhook;
  const open = useSelector(flow, (s) => s.hasTag('confirmRotate'));
  const cancel = () => flow.send({ type: 'user.cancel' });
  return (
    <ModalDialog
      open={open}
      onClose={cancel}
      title={t.rotateTitle()}
      description={t.rotateBody()}
      role="alertdialog"
      data-testid="webhook-rotate-dialog"
      footer={
        <>
          <Button variant="outline" onClick={cancel} data-testid="webhook-rotate-cancel">
            {t.cancel()}
          </Button>
          <Button onClick={() => flow.send({ type: 'user.confirm' })} data-testid="webhook-rotate-ok">
            {t.rotateConfirm()}
          </Button>
        </>
      }
    />
  );
}

/** The new secret, shown once until the person closes it (SPEC §8 'Copy successful' on Copy). */
function SecretDialog({ flow }: { flow: WebhookSettingsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.integrations.webhook;
  const open = useSelector(flow, (s) => s.hasTag('secretShown'));
  const copying = useSelector(flow, (s) => s.hasTag('copying'));
  const { secret, copyFailed } = useSelector(flow, (s) => s.context);
  const close = () => flow.send({ type: 'user.closeSecret' });
  return (
    <ModalDialog
      open={open}
      onClose={close}
      title={t.revealTitle()}
      description={t.revealBody()}
      role="alertdialog"
      data-testid="webhook-secret-dialog"
      footer={
        <>
          <Button variant="outline" loading={copying} onClick={() => flow.send({ type: 'user.copy' })} data-testid="webhook-secret-copy">
            {t.copy()}
          </Button>
          <Button onClick={close} data-testid="webhook-secret-close">
            {t.revealClose()}
          </Button>
        </>
      }
    >
      <code className={secretCode} dir="ltr" data-testid="webhook-secret">
        {secret ?? ''}
      </code>
      {copyFailed ? <InlineAlert status="error" title={t.copyFailed()} data-testid="webhook-secret-copy-failed" /> : null}
    </ModalDialog>
  );
}

function SettingsLimit({ flow, planName }: { flow: WebhookSettingsActorRef; planName: string | null }) {
  const { LL } = useI18nContext();
  const open = useSelector(flow, (s) => s.hasTag('featureLimit'));
  // Only the owner and managers reach the settings: they may upgrade (no upgrade path yet).
  return <FeatureLimitDialog open={open} onClose={() => flow.send({ type: 'user.close' })} texts={featureLimitTexts(LL, 'webhook', planName)} mayUpgrade />;
}
