/**
 * /settings/product-events (inside the main layout, the owner and managers; SPEC §7 Analytics
 * logging): the product event log's counts per event type and UTC day, logged and estimated for
 * every page load, over the last 14 days or a range the person picks (at most 92 days). Driven by
 * the product-events flow (src/machines/product-events.machine.ts), which the app system starts
 * while the page is on screen: the view reads its tags and context and sends the range picked.
 * Test ids: product-events-page, product-events-range, product-events-default,
 * product-events-showing, product-events-too-long, product-events-table (rows
 * product-event-<day>-<type>); the table's table-loading-row, table-empty-row, table-error-row,
 * table-retry.
 */
import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { useMemo } from 'react';
import { css } from '../../../../styled-system/css';
import { COUNTS_MAX_DAYS, SENDER_SAMPLE_TIME, type EventCountRow } from '../../../contract/product-events';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { ProductEventsActorRef } from '../../../machines/product-events.machine';
import { useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateRangePicker, type DateRange } from '../../components/date-range-picker';
import { Heading, Text } from '../../components/heading';
import { UserText } from '../../components/user-text';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '4', md: '8' }, maxWidth: '5xl', minWidth: '0' });
const filters = css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'flex-end', minWidth: '0' });
/** The picker takes the row's width on a phone (its two date fields share it). */
const picker = css({ flex: '0 1 auto', minWidth: '0', maxWidth: 'full', '& [data-part=control]': { flexWrap: 'wrap' } });
const number = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
const noWrap = css({ whiteSpace: 'nowrap' });

export function ProductEventsScreen() {
  const ref = useFlow('productEvents');
  return ref ? <ProductEventsView flow={ref} /> : <section className={page} data-testid="product-events-page" aria-busy="true" />;
}

/** A UTC day 'YYYY-MM-DD' as the picker's local date (the picker shows days; the log counts UTC days). */
const localDay = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** An event type's name: the app's own in the page's language, any other as logged (inert). */
const typeName = (t: TranslationFunctions['productLog'], type: string) =>
  type in t.types ? t.types[type as keyof TranslationFunctions['productLog']['types']]() : <UserText text={type} />;

function ProductEventsView({ flow: ref }: { flow: ProductEventsActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.productLog;
  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const failed = useSelector(ref, (s) => s.hasTag('loadFailed'));
  const { range, counts, rangeTooLong } = useSelector(ref, (s) => s.context);
  const rows = counts?.rows ?? [];

  // The range on screen: the one asked for, else the one the server answered (the default).
  const shown = range ?? (counts ? { from: counts.from, to: counts.to } : null);
  const value: DateRange | null = shown ? { start: localDay(shown.from), end: new Date(localDay(shown.to).getTime() + 86_400_000 - 1) } : null;
  const choose = (picked: DateRange | null) =>
    ref.send({ type: 'user.range', range: picked ? { from: format(picked.start, 'yyyy-MM-dd'), to: format(picked.end, 'yyyy-MM-dd') } : null });
  // Quick ranges count from the server's day (its clock), known with the first answer.
  const today = counts ? localDay(counts.today) : new Date(0);
  const count = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const percent = new Intl.NumberFormat(locale, { style: 'percent' }).format(SENDER_SAMPLE_TIME);

  const columns = useMemo<DataTableColumn<EventCountRow>[]>(
    () => [
      { id: 'day', header: t.columns.day(), cell: (r) => <bdi className={noWrap}>{r.day}</bdi> },
      { id: 'type', header: t.columns.type(), cell: (r) => typeName(t, r.eventType) },
      { id: 'events', header: t.columns.events(), align: 'end', cell: (r) => <span className={number}>{count.format(r.events)}</span> },
      { id: 'estimated', header: t.columns.estimated(), align: 'end', cell: (r) => <span className={number}>{count.format(r.estimated)}</span> },
    ],
    [t, count],
  );

  return (
    <section className={page} data-testid="product-events-page" aria-busy={loading} aria-labelledby="product-events-title">
      <div>
        <Heading as="h1" size="2xl" id="product-events-title">
          {t.title()}
        </Heading>
        <Text muted>{t.lead({ percent })}</Text>
      </div>

      <div className={filters}>
        <DateRangePicker
          label={t.range.label()}
          value={value}
          onValueChange={choose}
          now={today}
          disabled={counts === null}
          quickRangeLabels={{ today: t.range.today(), yesterday: t.range.yesterday(), thisWeek: t.range.thisWeek(), thisMonth: t.range.thisMonth() }}
          labels={{ open: t.range.open(), prev: t.range.prev(), next: t.range.next(), start: t.range.from(), end: t.range.to(), quickRanges: t.range.quickRanges() }}
          className={picker}
          data-testid="product-events-range"
        />
        <Button variant="outline" disabled={range === null} onClick={() => ref.send({ type: 'user.range', range: null })} data-testid="product-events-default">
          {t.lastDays()}
        </Button>
      </div>
      {shown ? (
        <Text muted data-testid="product-events-showing">
          {t.showing({ from: shown.from, to: shown.to })}
        </Text>
      ) : null}
      {rangeTooLong ? <InlineAlert status="info" title={t.tooLong({ max: COUNTS_MAX_DAYS })} data-testid="product-events-too-long" /> : null}

      <DataTable
        label={t.title()}
        columns={columns}
        data={loading || failed ? [] : rows}
        getRowId={(r) => `${r.day}-${r.eventType}`}
        rowTestId={(r) => `product-event-${r.day}-${r.eventType}`}
        status={failed ? 'error' : loading ? 'loading' : 'ready'}
        onRetry={() => ref.send({ type: 'user.retry' })}
        texts={{ empty: t.empty(), loading: t.loading(), error: t.loadFailed(), retry: t.retry() }}
        data-testid="product-events-table"
      />
    </section>
  );
}
