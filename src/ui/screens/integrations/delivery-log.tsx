/**
 * The webhook delivery log (SPEC §3 Webhook settings), rendered from the webhook settings' child
 * flow `deliveries` (src/machines/webhook-deliveries.machine.ts): a status filter, the table
 * (event, status badge, attempts, last response code, last error, time, Replay), pages, and the
 * replay confirmation. The flow reads the page again every 10 s while it runs.
 * Test ids: delivery-log, delivery-filter, delivery-refresh, delivery-row-<id>, delivery-status-<id>,
 * delivery-replay-<id>, delivery-replay-dialog, delivery-replay-ok, delivery-replay-cancel,
 * delivery-error, delivery-stale, delivery-pages; the table's table-loading-row, table-empty-row,
 * table-error-row, table-retry.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../../../styled-system/css';
import { DELIVERIES_PAGE_SIZE, deliveryStatuses, type Delivery, type DeliveryStatus } from '../../../contract/integrations';
import { useI18nContext } from '../../../i18n/i18n-react';
import { deliveryPageCount, type WebhookDeliveriesActorRef } from '../../../machines/webhook-deliveries.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ModalDialog } from '../../components/dialog';
import { Heading, Text } from '../../components/heading';
import { Pagination } from '../../components/pagination';
import { SimpleSelect } from '../../components/select';
import { UserText } from '../../components/user-text';
import { callErrorText, formatTime, mutedStyle, rowStyle } from './parts';

const log = css({ display: 'flex', flexDirection: 'column', gap: '3', pt: '4', borderTopWidth: '1px', borderColor: 'border.subtle', minWidth: '0' });
const toolbar = css({ display: 'flex', gap: '3', alignItems: 'flex-end', justifyContent: 'space-between', flexWrap: 'wrap' });
const filter = css({ minWidth: '40', maxWidth: 'full' });
const noWrap = css({ whiteSpace: 'nowrap' });
const errorCell = css({ display: 'block', maxWidth: '64', overflowWrap: 'anywhere', textStyle: 'sm' });
const pager = css({ display: 'flex', gap: '3', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' });
const badge = css({
  display: 'inline-block',
  textStyle: 'xs',
  fontWeight: 'medium',
  paddingInline: '2',
  paddingBlock: '0.5',
  borderRadius: 'full',
  whiteSpace: 'nowrap',
  bg: 'bg.subtle',
  color: 'fg.muted',
  '&[data-status=delivered]': { bg: 'colorPalette.a3', color: 'colorPalette.text' },
  '&[data-status=failed]': { bg: 'red.a3', color: 'red.11' },
});

const ALL = 'all';

export function DeliveryLog({ flow }: { flow: WebhookDeliveriesActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.integrations.deliveries;
  const loading = useSelector(flow, (s) => s.hasTag('loading'));
  const failed = useSelector(flow, (s) => s.hasTag('loadFailed'));
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const { items, total, page, status, error, stale } = useSelector(flow, (s) => s.context);
  const pages = deliveryPageCount(total);

  const columns = useMemo<DataTableColumn<Delivery>[]>(
    () => [
      { id: 'event', header: t.columns.event(), cell: (d) => <span className={noWrap}>{d.type === 'message.received' ? t.type.received() : t.type.sent()}</span> },
      {
        id: 'status',
        header: t.columns.status(),
        cell: (d) => (
          <span className={badge} data-status={d.status} data-testid={`delivery-status-${d.id}`}>
            {t.status[d.status]()}
          </span>
        ),
      },
      { id: 'attempts', header: t.columns.attempts(), align: 'end', cell: (d) => d.attempts },
      { id: 'code', header: t.columns.code(), cell: (d) => (d.lastStatusCode === null ? t.none() : <bdi dir="ltr">{d.lastStatusCode}</bdi>) },
      {
        id: 'error',
        header: t.columns.error(),
        // A receiver's or the network's words: shown inert.
        cell: (d) => (d.lastError ? <UserText className={errorCell} text={d.lastError} /> : t.none()),
      },
      {
        id: 'time',
        header: t.columns.time(),
        cell: (d) => (
          <>
            <span className={noWrap}>{formatTime(d.createdAt, locale)}</span>
            {d.status === 'pending' && d.nextAttemptAt !== null ? <span className={`${mutedStyle} ${noWrap}`}> · {t.nextAttempt({ date: formatTime(d.nextAttemptAt, locale) })}</span> : null}
          </>
        ),
      },
      {
        id: 'actions',
        header: t.columns.actions(),
        cell: (d) => (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={t.replayOf({ date: formatTime(d.createdAt, locale) })}
            onClick={() => flow.send({ type: 'user.replay', id: d.id })}
            data-testid={`delivery-replay-${d.id}`}
          >
            {t.replay()}
          </Button>
        ),
      },
    ],
    [t, locale, busy, flow],
  );

  const options = [{ value: ALL, label: t.all() }, ...deliveryStatuses.map((s) => ({ value: s, label: t.status[s]() }))];

  return (
    <div className={log} data-testid="delivery-log">
      <div className={toolbar}>
        <div>
          <Heading as="h3" size="md">
            {t.title()}
          </Heading>
          <Text muted>{t.lead()}</Text>
        </div>
        <div className={rowStyle}>
          <div className={filter}>
            <SimpleSelect
              label={t.filter()}
              options={options}
              value={status ?? ALL}
              size="sm"
              onValueChange={(v) => flow.send({ type: 'user.filter', status: v === ALL || v === '' ? null : (v as DeliveryStatus) })}
              data-testid="delivery-filter"
            />
          </div>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => flow.send({ type: 'user.refresh' })} data-testid="delivery-refresh">
            {t.refresh()}
          </Button>
        </div>
      </div>
      {error ? <InlineAlert status="error" title={callErrorText(LL, error)} data-testid="delivery-error" /> : null}
      {stale ? <InlineAlert status="info" title={t.stale()} data-testid="delivery-stale" /> : null}
      <DataTable
        label={t.title()}
        columns={columns}
        data={items}
        getRowId={(d) => d.id}
        rowTestId={(d) => `delivery-row-${d.id}`}
        status={failed ? 'error' : loading ? 'loading' : 'ready'}
        onRetry={() => flow.send({ type: 'user.retry' })}
        texts={{ empty: t.empty(), loading: t.loading(), error: t.loadFailed(), retry: t.retry() }}
        size="sm"
      />
      {pages > 1 || page > 1 ? (
        <div className={pager} data-testid="delivery-pages">
          <Text muted aria-hidden="true">
            {t.page({ page, pages })}
          </Text>
          <Pagination
            count={total}
            pageSize={DELIVERIES_PAGE_SIZE}
            page={page}
            disabled={busy}
            onPageChange={(p) => flow.send({ type: 'user.page', page: p })}
            labels={{ root: t.page({ page, pages }), prev: t.previous(), next: t.next(), page: (n) => t.pageN({ page: n }) }}
          />
        </div>
      ) : null}
      <ReplayDialog flow={flow} />
    </div>
  );
}

function ReplayDialog({ flow }: { flow: WebhookDeliveriesActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.integrations.deliveries;
  const open = useSelector(flow, (s) => s.hasTag('confirmReplay'));
  const cancel = () => flow.send({ type: 'user.cancel' });
  return (
    <ModalDialog
      open={open}
      onClose={cancel}
      title={t.replayTitle()}
      description={t.replayBody()}
      role="alertdialog"
      data-testid="delivery-replay-dialog"
      footer={
        <>
          <Button variant="outline" onClick={cancel} data-testid="delivery-replay-cancel">
            {t.cancel()}
          </Button>
          <Button onClick={() => flow.send({ type: 'user.confirm' })} data-testid="delivery-replay-ok">
            {t.replayConfirm()}
          </Button>
        </>
      }
    />
  );
}
