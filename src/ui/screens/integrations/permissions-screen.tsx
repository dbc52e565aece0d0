/**
 * /integration-center/permissions inside the main layout (SPEC §2, hidden from the menu; §5
 * 'Webhook permission changes apply after a refresh.'; §6: the owner and managers only, by the
 * route's roles): every member with a switch for whether their synced messages go to the
 * workspace's webhooks. Driven by the 'webhookPermissions' flow
 * (src/machines/webhook-permissions.machine.ts); each switch saves at once, then the note shows.
 * Test ids: permissions-page, permissions-table, permission-row-<userId>, permission-switch-<userId>,
 * permissions-note, permissions-error, permissions-back, feature-limit-dialog; the table's
 * table-loading-row, table-empty-row, table-error-row, table-retry.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../../../styled-system/css';
import type { MemberPermission } from '../../../contract/integrations';
import { useI18nContext } from '../../../i18n/i18n-react';
import { selectPayInfo } from '../../../machines/account.machine';
import { INTEGRATIONS_PATH } from '../../../machines/integration-plan';
import type { WebhookPermissionsActorRef } from '../../../machines/webhook-permissions.machine';
import { useAppActors, useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FeatureLimitDialog } from '../../components/feature-limit-dialog';
import { Heading, Text } from '../../components/heading';
import { Link } from '../../components/link';
import { UserText } from '../../components/user-text';
import { visibleText } from '../../components/visible-text';
import { callErrorText, featureLimitTexts, mutedStyle, pageStyle } from './parts';
import { Switch } from '../../components/switch';

const who = css({ display: 'flex', flexDirection: 'column', minWidth: '0', overflowWrap: 'anywhere' });

export function WebhookPermissionsScreen() {
  const ref = useFlow('webhookPermissions');
  const { LL } = useI18nContext();
  return ref ? (
    <PermissionsView flow={ref} />
  ) : (
    <section className={pageStyle} aria-busy="true" data-testid="permissions-page">
      <Text muted>{LL.integrations.permissions.loading()}</Text>
    </section>
  );
}

function PermissionsView({ flow }: { flow: WebhookPermissionsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.integrations.permissions;
  const { account } = useAppActors();
  const planName = useSelector(account, selectPayInfo)?.planName ?? null;
  const loading = useSelector(flow, (s) => s.hasTag('loading'));
  const failed = useSelector(flow, (s) => s.hasTag('loadFailed'));
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const limit = useSelector(flow, (s) => s.hasTag('featureLimit'));
  const { members, pending, error, changed, selfId } = useSelector(flow, (s) => s.context);

  const columns = useMemo<DataTableColumn<MemberPermission>[]>(
    () => [
      {
        id: 'member',
        header: t.columns.member(),
        cell: (m) => (
          <span className={who}>
            <span>
              <UserText text={m.name || m.email} /> {m.userId === selfId ? <span className={mutedStyle}>{t.you()}</span> : null}
            </span>
            {m.name ? <UserText className={mutedStyle} text={m.email} /> : null}
          </span>
        ),
      },
      { id: 'role', header: t.columns.role(), cell: (m) => t.role[m.level]() },
      {
        id: 'webhook',
        header: t.columns.webhook(),
        cell: (m) => {
          // The switch shows the change under way until the answer comes.
          const on = pending?.userId === m.userId ? pending.enabled : m.webhook;
          return (
            <Switch
              checked={on}
              label={t.switchOf({ name: visibleText(m.name || m.email) })}
              text={on ? t.on() : t.off()}
              disabled={busy}
              onToggle={() => flow.send({ type: 'user.toggle', userId: m.userId, enabled: !m.webhook })}
              testId={`permission-switch-${m.userId}`}
            />
          );
        },
      },
    ],
    [t, selfId, pending, busy, flow],
  );

  return (
    <section className={pageStyle} aria-busy={busy} data-testid="permissions-page">
      <div>
        <Link to={INTEGRATIONS_PATH} data-testid="permissions-back">
          {t.back()}
        </Link>
        <Heading as="h1" size="2xl">
          {t.title()}
        </Heading>
        <Text muted>{t.lead()}</Text>
      </div>
      {changed ? <InlineAlert status="info" title={t.note()} data-testid="permissions-note" /> : null}
      {error ? <InlineAlert status="error" title={callErrorText(LL, error)} data-testid="permissions-error" /> : null}
      <DataTable
        label={t.title()}
        columns={columns}
        data={members}
        getRowId={(m) => m.userId}
        rowTestId={(m) => `permission-row-${m.userId}`}
        status={failed ? 'error' : loading ? 'loading' : 'ready'}
        onRetry={() => flow.send({ type: 'user.retry' })}
        texts={{ empty: t.empty(), loading: t.loading(), error: t.loadFailed(), retry: t.retry() }}
        data-testid="permissions-table"
      />
      <FeatureLimitDialog open={limit} onClose={() => flow.send({ type: 'user.close' })} texts={featureLimitTexts(LL, 'webhook', planName)} mayUpgrade />
    </section>
  );
}
