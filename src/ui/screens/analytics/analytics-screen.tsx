/**
 * /analytics (inside the main layout; SPEC §2, §3 Analytics numbers, §7 Analytics, §9 quick ranges
 * and the top 10): one member's pipeline in numbers, the member chosen in the header's selector.
 * Driven by the analytics flow (src/machines/analytics.machine.ts), which the app system starts
 * while the screen is on screen: the view reads its tags and context and sends the person's
 * choices (the period, the ranking's tab, the trend's bucket, retry, refresh, a row's actions).
 * Parts: the number cards (analytics-cards.tsx), the awaiting-reply numbers per tab with the sync
 * health and the trend (analytics-charts.tsx), the ranking and the follow-up dialog
 * (analytics-ranking.tsx). Charts are the kit's TimeChart (uPlot, loaded with the first chart).
 *
 * Test ids: analytics-page, analytics-refresh, analytics-range (the kit's date-range-* inside),
 * analytics-failed, analytics-retry, analytics-no-leads; the parts' own.
 */
import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { css } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import { rangeDaysOf, type RangeChoice } from '../../../machines/analytics-ranges';
import type { AnalyticsActorRef } from '../../../machines/analytics.machine';
import { useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { DateRangePicker, type DateRange } from '../../components/date-range-picker';
import { matchQuickRange } from '../../components/date-ranges';
import { Heading, Text } from '../../components/heading';
import { AnalyticsCards } from './analytics-cards';
import { AwaitingSection, TrendSection } from './analytics-charts';
import { RankingSection } from './analytics-ranking';

const page = css({ display: 'flex', flexDirection: 'column', gap: '6', p: { base: '4', md: '8' }, maxWidth: '7xl', minWidth: '0' });
const head = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '4', flexWrap: 'wrap' });
const filters = css({ display: 'flex', gap: '4', flexWrap: 'wrap', alignItems: 'flex-end', minWidth: '0' });
/** The picker takes the row's width on a phone (its two date fields share it) and no more than it needs on a wide screen. */
const picker = css({ flex: '0 1 auto', minWidth: '0', maxWidth: 'full', '& [data-part=control]': { flexWrap: 'wrap' } });
const failedRow = css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' });

export function AnalyticsScreen() {
  const ref = useFlow('analytics');
  return ref ? <AnalyticsView flow={ref} /> : <section className={page} data-testid="analytics-page" aria-busy="true" />;
}

/** A day 'YYYY-MM-DD' as the date picker's local date. */
const localDay = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

function AnalyticsView({ flow: ref }: { flow: AnalyticsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.analytics;
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const failed = useSelector(ref, (s) => s.hasTag('summaryFailed') || s.hasTag('tabsFailed') || s.hasTag('rankingFailed') || s.hasTag('trendFailed'));
  const noLeads = useSelector(ref, (s) => s.hasTag('summaryEmpty'));
  const timeZone = useSelector(ref, (s) => s.context.timeZone);
  const range = useSelector(ref, (s) => s.context.range);
  const now = useSelector(ref, (s) => s.context.now);

  // The picker shows whole days on the browser's calendar: the member's zone's days, as local dates.
  const days = range ? rangeDaysOf(range, timeZone) : null;
  const value: DateRange | null = days ? { start: localDay(days.from), end: new Date(localDay(days.to).getTime() + 86_400_000 - 1) } : null;
  const nowDate = new Date(now ?? 0);
  const choose = (picked: DateRange | null) => {
    if (!picked) return;
    const quick = matchQuickRange(picked, nowDate);
    const choice: RangeChoice = quick ? { kind: 'quick', id: quick } : { kind: 'custom', from: format(picked.start, 'yyyy-MM-dd'), to: format(picked.end, 'yyyy-MM-dd') };
    ref.send({ type: 'user.range', choice });
  };

  return (
    <section className={page} data-testid="analytics-page" aria-busy={busy} aria-labelledby="analytics-title">
      <div className={head}>
        <div>
          <Heading as="h1" size="2xl" id="analytics-title">
            {t.title()}
          </Heading>
          <Text muted>{t.lead({ zone: timeZone })}</Text>
        </div>
        <Button variant="outline" onClick={() => ref.send({ type: 'user.refresh' })} loading={busy} loadingText={t.loading()} data-testid="analytics-refresh">
          {t.refresh()}
        </Button>
      </div>

      <div className={filters}>
        <DateRangePicker
          label={t.range.label()}
          value={value}
          onValueChange={choose}
          now={nowDate}
          disabled={now === null}
          quickRangeLabels={{ today: t.range.today(), yesterday: t.range.yesterday(), thisWeek: t.range.thisWeek(), thisMonth: t.range.thisMonth() }}
          labels={{ open: t.range.open(), prev: t.range.prev(), next: t.range.next(), start: t.range.from(), end: t.range.to(), quickRanges: t.range.quickRanges() }}
          className={picker}
          data-testid="analytics-range"
        />
      </div>

      {failed ? (
        <div className={failedRow} data-testid="analytics-failed">
          <InlineAlert status="error" title={t.loadFailed()} />
          <Button variant="outline" onClick={() => ref.send({ type: 'user.retry' })} data-testid="analytics-retry">
            {t.retry()}
          </Button>
        </div>
      ) : null}
      {noLeads ? <InlineAlert status="info" title={t.noLeads()} data-testid="analytics-no-leads" /> : null}

      <AnalyticsCards flow={ref} />
      <AwaitingSection flow={ref} />
      <TrendSection flow={ref} />
      <RankingSection flow={ref} />
    </section>
  );
}
