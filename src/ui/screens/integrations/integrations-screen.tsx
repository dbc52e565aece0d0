/**
 * /integration-center inside the main layout (SPEC §2): the custom webhook's card, HubSpot's and
 * Salesforce's, the third CRM listed by title only, the guides, and, when the owner or a manager
 * opens the webhook card, the webhook settings with their delivery log (./webhook-settings.tsx).
 * Driven by the 'integrations' flow (src/machines/integrations.machine.ts): the view reads its tags
 * and context; a card whose feature the plan lacks shows locked and opens the feature-limit dialog
 * (the flow's `featureLimit`), whose Upgrade (the owner and managers) opens the plan upgrade dialog,
 * the flow's child `planUpgrade` (../billing/plan-upgrade-dialog.tsx). Members see the cards, their
 * own webhook permission and the guides.
 * Test ids: integrations-page, integrations-loading, integrations-error, integrations-retry,
 * integrations-plan, integrations-card-<webhook|hubspot|salesforce|third>, integrations-locked-<feature>,
 * webhook-open, webhook-own-permission, webhook-permissions, crm-status-<provider>, crm-account-<provider>,
 * crm-connect-<provider>, crm-disconnect-<provider>, crm-enabled-<provider>, crm-sync-contacts-<provider>,
 * crm-sync-<provider>, crm-synced-<provider>, crm-error-<provider>, crm-last-error-<provider>, crm-not-configured-<provider>, third-limit,
 * integrations-read-only, guide-card-<provider>, guide-link-<webhook|hubspot|salesforce>, guide-third, disconnect-dialog,
 * disconnect-ok, disconnect-cancel, feature-limit-dialog, feature-limit-upgrade; the plan upgrade dialog's own.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import type { IntegrationProvider, WebhookFeature } from '../../../contract/integrations';
import { planCodeOf } from '../../../contract/plans';
import { useI18nContext } from '../../../i18n/i18n-react';
import {
  featureLocked,
  HUBSPOT_GUIDE_PATH,
  providerNames,
  SALESFORCE_GUIDE_PATH,
  WEBHOOK_GUIDE_PATH,
  WEBHOOK_PERMISSIONS_PATH,
} from '../../../machines/integration-plan';
import { selectPayInfo } from '../../../machines/account.machine';
import { connectionOf, managesIntegrations, type IntegrationsActorRef } from '../../../machines/integrations.machine';
import type { PlanUpgradeActorRef } from '../../../machines/plan-upgrade.machine';
import type { WebhookSettingsActorRef } from '../../../machines/webhook-settings.machine';
import { useAppActors, useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { FeatureLimitDialog } from '../../components/feature-limit-dialog';
import { Heading, Text } from '../../components/heading';
import { Link } from '../../components/link';
import { UserSentence } from '../../components/user-text';
import { callErrorText, featureLimitTexts, formatTime, mutedStyle, pageStyle, rowStyle } from './parts';
import { Switch } from '../../components/switch';
import { PlanUpgradeDialog } from '../billing/plan-upgrade-dialog';
import { WebhookSettingsPanel } from './webhook-settings';

const guidePaths: Record<IntegrationProvider, string> = { hubspot: HUBSPOT_GUIDE_PATH, salesforce: SALESFORCE_GUIDE_PATH };

const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' } });
const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '5',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  bg: 'bg.default',
  minWidth: '0',
  '&[data-locked=true]': { bg: 'bg.subtle' },
});
const cardHead = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '2', flexWrap: 'wrap' });
const cardActions = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3', mt: 'auto' });
const facts = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '1', textStyle: 'sm', overflowWrap: 'anywhere' });
const pill = css({
  textStyle: 'xs',
  fontWeight: 'medium',
  paddingInline: '2',
  paddingBlock: '0.5',
  borderRadius: 'full',
  bg: 'bg.emphasized',
  color: 'fg.muted',
  whiteSpace: 'nowrap',
  '&[data-tone=ok]': { bg: 'colorPalette.a3', color: 'colorPalette.text' },
});
const guideList = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '2' });

export function IntegrationsScreen() {
  const ref = useFlow('integrations');
  const { LL } = useI18nContext();
  return ref ? (
    <IntegrationsView flow={ref} />
  ) : (
    <section className={pageStyle} aria-busy="true" data-testid="integrations-page">
      <Text muted>{LL.integrations.loading()}</Text>
    </section>
  );
}

function IntegrationsView({ flow }: { flow: IntegrationsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.integrations;
  const loading = useSelector(flow, (s) => s.hasTag('loading'));
  const failed = useSelector(flow, (s) => s.hasTag('loadFailed'));
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const plan = useSelector(flow, (s) => s.context.plan);
  const settings = useSelector(flow, (s) => s.children.webhookSettings as WebhookSettingsActorRef | undefined);
  const ready = !loading && !failed;

  return (
    <section className={pageStyle} aria-busy={busy} data-testid="integrations-page">
      <div>
        <Heading as="h1" size="2xl">
          {t.title()}
        </Heading>
        <Text muted>{t.lead()}</Text>
        {ready && plan?.planName ? (
          <Text muted data-testid="integrations-plan">
            {t.plan({ plan: plan.planName })}
          </Text>
        ) : null}
      </div>

      {loading ? (
        <Text muted data-testid="integrations-loading">
          {t.loading()}
        </Text>
      ) : null}
      {failed ? (
        <div className={rowStyle} data-testid="integrations-error">
          <InlineAlert status="error" title={t.loadFailed()} />
          <Button variant="outline" onClick={() => flow.send({ type: 'user.retry' })} data-testid="integrations-retry">
            {t.retry()}
          </Button>
        </div>
      ) : null}

      {ready ? (
        <>
          <div className={grid}>
            <WebhookCard flow={flow} />
            <CrmCard flow={flow} provider="hubspot" />
            <CrmCard flow={flow} provider="salesforce" />
            <ThirdCard flow={flow} />
          </div>
          {settings ? <WebhookSettingsPanel flow={settings} onClose={() => flow.send({ type: 'user.closeWebhook' })} planName={plan?.planName ?? null} /> : null}
          <Guides />
        </>
      ) : null}

      <DisconnectDialog flow={flow} />
      <OverviewLimit flow={flow} />
    </section>
  );
}

/** A card's frame: title, a badge, the body and the actions. */
function Card({ feature, title, locked, badge, children, actions }: { feature: WebhookFeature; title: string; locked: boolean; badge: ReactNode; children: ReactNode; actions: ReactNode }) {
  const headingId = `integration-card-${feature}`;
  return (
    <article className={card} aria-labelledby={headingId} data-testid={`integrations-card-${feature}`} data-locked={locked}>
      <div className={cardHead}>
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
        {badge}
      </div>
      {children}
      <div className={cardActions}>{actions}</div>
    </article>
  );
}

function LockedBadge({ feature }: { feature: WebhookFeature }) {
  const { LL } = useI18nContext();
  return (
    <span className={pill} data-testid={`integrations-locked-${feature}`}>
      {LL.integrations.locked()}
    </span>
  );
}

function WebhookCard({ flow }: { flow: IntegrationsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.integrations;
  const { plan, role, ownWebhook } = useSelector(flow, (s) => s.context);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const open = useSelector(flow, (s) => s.children.webhookSettings !== undefined);
  const locked = featureLocked(plan, 'webhook');
  const manages = managesIntegrations(role);
  return (
    <Card
      feature="webhook"
      title={t.webhookCard.title()}
      locked={locked}
      badge={locked ? <LockedBadge feature="webhook" /> : null}
      actions={
        <>
          {locked ? (
            <Button variant="outline" disabled={busy} onClick={() => flow.send({ type: 'user.openWebhook' })} data-testid="webhook-open">
              {t.upgradeInfo()}
            </Button>
          ) : manages ? (
            <Button disabled={busy || open} aria-expanded={open} onClick={() => flow.send({ type: 'user.openWebhook' })} data-testid="webhook-open">
              {open ? t.webhookCard.opened() : t.webhookCard.open()}
            </Button>
          ) : null}
          <div className={rowStyle}>
            {manages ? (
              <Link to={WEBHOOK_PERMISSIONS_PATH} data-testid="webhook-permissions">
                {t.webhookCard.permissions()}
              </Link>
            ) : null}
            <Link to={WEBHOOK_GUIDE_PATH}>{t.readGuide()}</Link>
          </div>
        </>
      }
    >
      <p className={mutedStyle}>{t.webhookCard.body()}</p>
      <p data-testid="webhook-own-permission" data-enabled={ownWebhook}>
        {ownWebhook ? t.webhookCard.ownOn() : t.webhookCard.ownOff()}
      </p>
    </Card>
  );
}

function CrmCard({ flow, provider }: { flow: IntegrationsActorRef; provider: IntegrationProvider }) {
  const { LL, locale } = useI18nContext();
  const t = LL.integrations.crm;
  const { plan, role, connections, error, synced, provider: acting } = useSelector(flow, (s) => s.context);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const redirecting = useSelector(flow, (s) => s.hasTag('redirecting'));
  const name = providerNames[provider];
  const locked = featureLocked(plan, provider);
  const manages = managesIntegrations(role);
  const c = connectionOf(connections, provider);
  const known = connections !== null;
  // The server has no OAuth app for the provider: connecting would be refused.
  const unconfigured = !locked && c.configured === false;
  const connect = (
    <Button
      variant={locked ? 'outline' : 'solid'}
      disabled={busy || unconfigured}
      loading={redirecting && acting === provider}
      loadingText={t.redirecting({ provider: name })}
      onClick={() => flow.send({ type: 'user.connect', provider })}
      data-testid={`crm-connect-${provider}`}
    >
      {locked ? LL.integrations.upgradeInfo() : t.connect({ provider: name })}
    </Button>
  );
  return (
    <Card
      feature={provider}
      title={name}
      locked={locked}
      badge={
        locked ? (
          <LockedBadge feature={provider} />
        ) : known ? (
          <span className={pill} data-tone={c.connected ? 'ok' : undefined} data-testid={`crm-status-${provider}`}>
            {c.connected ? t.connected() : t.notConnected()}
          </span>
        ) : null
      }
      actions={
        <>
          {locked ? connect : null}
          {!locked && manages && !c.connected ? connect : null}
          {!locked && manages && c.connected ? (
            <>
              <Switch
                checked={c.enabled}
                label={t.enabledOf({ provider: name })}
                text={t.enabled()}
                disabled={busy}
                onToggle={() => flow.send({ type: 'user.saveConnection', provider, enabled: !c.enabled, syncContacts: c.syncContacts })}
                testId={`crm-enabled-${provider}`}
              />
              <Switch
                checked={c.syncContacts}
                label={t.syncContactsOf({ provider: name })}
                text={t.syncContacts()}
                disabled={busy}
                onToggle={() => flow.send({ type: 'user.saveConnection', provider, enabled: c.enabled, syncContacts: !c.syncContacts })}
                testId={`crm-sync-contacts-${provider}`}
              />
              <div className={rowStyle}>
                <Button size="sm" disabled={busy} loading={busy && acting === provider && !redirecting} onClick={() => flow.send({ type: 'user.sync', provider })} data-testid={`crm-sync-${provider}`}>
                  {t.syncNow()}
                </Button>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => flow.send({ type: 'user.disconnect', provider })} data-testid={`crm-disconnect-${provider}`}>
                  {t.disconnect()}
                </Button>
              </div>
            </>
          ) : null}
          <Link to={guidePaths[provider]} data-testid={`guide-card-${provider}`}>
            {LL.integrations.readGuide()}
          </Link>
        </>
      }
    >
      <p className={mutedStyle}>{provider === 'hubspot' ? t.hubspotBody() : t.salesforceBody()}</p>
      {known && c.connected ? (
        <ul className={facts}>
          {c.accountName ? (
            <li data-testid={`crm-account-${provider}`}>
              <UserSentence sentence={(account) => t.account({ name: account })} text={c.accountName} />
            </li>
          ) : null}
          {c.connectedAt !== null ? <li>{t.connectedAt({ date: formatTime(c.connectedAt, locale) })}</li> : null}
          <li>{c.lastSyncAt !== null ? t.lastSync({ date: formatTime(c.lastSyncAt, locale) }) : t.neverSynced()}</li>
          {c.lastError ? (
            <li data-testid={`crm-last-error-${provider}`}>
              <UserSentence sentence={(text) => t.lastError({ error: text })} text={c.lastError} />
            </li>
          ) : null}
        </ul>
      ) : null}
      {manages && c.connected ? <p className={mutedStyle}>{t.syncHint()}</p> : null}
      {manages && unconfigured && !c.connected ? (
        <p className={mutedStyle} data-testid={`crm-not-configured-${provider}`}>
          {t.notConfigured({ provider: name })}
        </p>
      ) : null}
      {!manages ? (
        <p className={mutedStyle} data-testid="integrations-read-only">
          {LL.integrations.readOnly()}
        </p>
      ) : null}
      {synced?.provider === provider ? (
        <p role="status" data-testid={`crm-synced-${provider}`}>
          {t.synced({ upserted: synced.upserted, skipped: synced.skipped })}
        </p>
      ) : null}
      {error?.provider === provider ? <InlineAlert status="error" title={callErrorText(LL, error.error)} data-testid={`crm-error-${provider}`} /> : null}
    </Card>
  );
}

/** The third CRM: listed by title only (SPEC §2); locked with the others when the plan lacks integrations. */
function ThirdCard({ flow }: { flow: IntegrationsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.integrations;
  const plan = useSelector(flow, (s) => s.context.plan);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const locked = featureLocked(plan, 'third');
  return (
    <Card
      feature="third"
      title={t.crm.thirdTitle()}
      locked={locked}
      badge={locked ? <LockedBadge feature="third" /> : <span className={pill}>{t.guides.soon()}</span>}
      actions={
        locked ? (
          <Button variant="outline" disabled={busy} onClick={() => flow.send({ type: 'user.showLimit', feature: 'third' })} data-testid="third-limit">
            {t.upgradeInfo()}
          </Button>
        ) : null
      }
    >
      <p className={mutedStyle}>{t.crm.thirdBody()}</p>
    </Card>
  );
}

function Guides() {
  const { LL } = useI18nContext();
  const t = LL.integrations.guides;
  return (
    <section aria-labelledby="integration-guides">
      <Heading as="h2" size="lg" id="integration-guides">
        {t.title()}
      </Heading>
      <ul className={guideList}>
        <li>
          <Link to={WEBHOOK_GUIDE_PATH} data-testid="guide-link-webhook">
            {t.webhook()}
          </Link>
        </li>
        <li>
          <Link to={HUBSPOT_GUIDE_PATH} data-testid="guide-link-hubspot">
            {t.hubspot()}
          </Link>
        </li>
        <li>
          <Link to={SALESFORCE_GUIDE_PATH} data-testid="guide-link-salesforce">
            {t.salesforce()}
          </Link>
        </li>
        {/* SPEC §2: a further third-party guide is listed by title only. */}
        <li className={mutedStyle} data-testid="guide-third">
          {t.third()} ({t.soon()})
        </li>
      </ul>
    </section>
  );
}

function DisconnectDialog({ flow }: { flow: IntegrationsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.integrations.disconnect;
  const open = useSelector(flow, (s) => s.hasTag('confirmDisconnect'));
  const provider = useSelector(flow, (s) => s.context.provider);
  const name = provider ? providerNames[provider] : '';
  const cancel = () => flow.send({ type: 'user.cancel' });
  return (
    <ModalDialog
      open={open}
      onClose={cancel}
      title={t.title({ provider: name })}
      description={t.body({ provider: name })}
      role="alertdialog"
      data-testid="disconnect-dialog"
      footer={
        <>
          <Button variant="outline" onClick={cancel} data-testid="disconnect-cancel">
            {t.cancel()}
          </Button>
          <Button onClick={() => flow.send({ type: 'user.confirm' })} data-testid="disconnect-ok">
            {t.confirm()}
          </Button>
        </>
      }
    />
  );
}

/**
 * The feature-limit dialog the overview opens (SPEC §2): Upgrade for the owner and managers (the
 * plan upgrade from the workspace's plan, as the account knows it), the administrator for members.
 */
function OverviewLimit({ flow }: { flow: IntegrationsActorRef }) {
  const { LL } = useI18nContext();
  const { account } = useAppActors();
  const planCode = useSelector(account, (s) => planCodeOf(selectPayInfo(s)?.planCode));
  const open = useSelector(flow, (s) => s.hasTag('featureLimit'));
  const { limit, plan, role } = useSelector(flow, (s) => s.context);
  const upgrade = useSelector(flow, (s) => s.children.planUpgrade as PlanUpgradeActorRef | undefined);
  return (
    <>
      <FeatureLimitDialog
        open={open}
        onClose={() => flow.send({ type: 'user.close' })}
        texts={featureLimitTexts(LL, limit ?? 'webhook', plan?.planName ?? null)}
        mayUpgrade={managesIntegrations(role)}
        onUpgrade={() => flow.send({ type: 'user.upgrade', currentPlanCode: planCode })}
      />
      <PlanUpgradeDialog flow={upgrade} />
    </>
  );
}
