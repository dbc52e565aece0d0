/**
 * The analytics screen's two charts (SPEC §7 Analytics):
 * - awaiting reply and pending per tab in the period, as bars per tab, with the member's sync
 *   health beside them (the last finished sync, how long ago, and a warning when that is over a day,
 *   when sync is off or when the chats were never synced: the awaiting numbers are only as fresh as
 *   the last sync);
 * - new, won and lost per day, week or month of the period, as lines, with the bucket chooser (a
 *   bucket that would give too many points for the period is unavailable).
 * Each shows a skeleton while loading, a sentence when there is nothing to draw, and nothing more
 * when it failed (the page's retry says so).
 *
 * Test ids: analytics-awaiting, analytics-awaiting-totals, analytics-awaiting-chart(-table),
 * analytics-awaiting-empty, analytics-sync, analytics-sync-warning; analytics-trend,
 * analytics-bucket-<day|week|month>, analytics-trend-chart(-table), analytics-trend-empty.
 */
import { useSelector } from '@xstate/react';
import { css } from '../../../../styled-system/css';
import { trendBuckets, type TrendBucket } from '../../../contract/analytics';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import { bucketAllowed, syncGapOf, tabsOf, type AnalyticsActorRef, type PerTab } from '../../../machines/analytics.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { Heading, Text } from '../../components/heading';
import { TimeChart } from '../../components/time-chart';
import { visibleText } from '../../components/visible-text';

export const section = css({ display: 'flex', flexDirection: 'column', gap: '3', p: { base: '3', md: '5' }, borderRadius: 'l3', borderWidth: '1px', borderColor: 'border.subtle', bg: 'bg.default', minWidth: '0' });
export const sectionHead = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '3', flexWrap: 'wrap' });
export const stateText = css({ textStyle: 'sm', color: 'fg.muted', p: '4', textAlign: 'center' });
const chartBone = css({ height: '56', borderRadius: 'l2', bg: 'bg.subtle', animation: 'skeleton-pulse 2s ease-in-out infinite', _motionReduce: { animation: 'none' } });
const syncBox = css({ display: 'flex', flexDirection: 'column', gap: '1', alignItems: 'flex-end', textStyle: 'sm', maxWidth: 'full' });
const syncLine = css({ color: 'fg.muted' });
const bucketGroup = css({ display: 'flex', gap: '1', flexWrap: 'wrap', alignItems: 'center' });
const groupLabel = css({ textStyle: 'sm', color: 'fg.muted', me: '1' });
const totals = css({ textStyle: 'sm', fontWeight: 'medium', fontVariantNumeric: 'tabular-nums' });

/** A tab's name as shown (tab 0 is No tab, SPEC §3). */
export const tabNameOf = (LL: TranslationFunctions, tab: { tabId: number; tabName: string }): string =>
  tab.tabId === 0 ? LL.analytics.awaiting.noTab() : visibleText(tab.tabName);

/** How long ago, in the largest whole unit that fits (minutes, hours or days). */
const agoText = (locale: string, gapMs: number): string => {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const minutes = Math.floor(gapMs / 60_000);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.floor(hours / 24), 'day');
};

function SyncHealthNote({ flow: ref }: { flow: AnalyticsActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.analytics.sync;
  const sync = useSelector(ref, (s) => s.context.summary?.sync ?? null);
  const now = useSelector(ref, (s) => s.context.now);
  if (!sync || now === null) return null;
  const { gapMs, warn } = syncGapOf(sync, now);
  const line = sync.syncType === 'off' ? t.off() : gapMs === null ? t.never() : t.lastSynced({ ago: agoText(locale, gapMs) });
  const warning = sync.syncType === 'off' ? t.offWarning() : gapMs === null ? t.neverWarning() : t.late();
  return (
    <div className={syncBox} data-testid="analytics-sync">
      <span className={syncLine} title={sync.lastSyncAt !== null ? new Date(sync.lastSyncAt).toLocaleString(locale) : undefined}>
        {t.label()}: {line}
      </span>
      {warn ? <InlineAlert status="info" title={warning} data-testid="analytics-sync-warning" /> : null}
    </div>
  );
}

const sum = (items: PerTab['awaiting']) => items.reduce((n, i) => n + i.count, 0);

export function AwaitingSection({ flow: ref }: { flow: AnalyticsActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.analytics.awaiting;
  const perTab = useSelector(ref, (s) => s.context.perTab);
  const loading = useSelector(ref, (s) => s.hasTag('tabsLoading'));
  const empty = useSelector(ref, (s) => s.hasTag('tabsEmpty'));
  const numbers = new Intl.NumberFormat(locale);
  const tabs = tabsOf(perTab);
  const countOf = (items: PerTab['awaiting'], tabId: number) => items.find((i) => i.tabId === tabId)?.count ?? 0;

  return (
    <section className={section} aria-labelledby="analytics-awaiting-title" aria-busy={loading} data-testid="analytics-awaiting">
      <div className={sectionHead}>
        <div>
          <Heading as="h2" size="lg" id="analytics-awaiting-title">
            {t.title()}
          </Heading>
          <Text muted>{t.lead()}</Text>
        </div>
        <SyncHealthNote flow={ref} />
      </div>
      {loading ? (
        <div className={chartBone} aria-hidden="true" data-testid="analytics-awaiting-loading" />
      ) : empty ? (
        <p className={stateText} data-testid="analytics-awaiting-empty">
          {t.empty()}
        </p>
      ) : perTab ? (
        <>
          <p className={totals} data-testid="analytics-awaiting-totals">
            {t.totals({ awaiting: numbers.format(sum(perTab.awaiting)), pending: numbers.format(sum(perTab.pending)) })}
          </p>
          <TimeChart
            label={t.title()}
            kind="bars"
            x={{ categories: tabs.map((tab) => tabNameOf(LL, tab)) }}
            xLabel={t.tab()}
            series={[
              { label: t.awaiting(), color: 'accent.default', values: tabs.map((tab) => countOf(perTab.awaiting, tab.tabId)) },
              { label: t.pending(), color: 'gray.9', values: tabs.map((tab) => countOf(perTab.pending, tab.tabId)) },
            ]}
            locale={locale}
            summary={t.totals({ awaiting: numbers.format(sum(perTab.awaiting)), pending: numbers.format(sum(perTab.pending)) })}
            data-testid="analytics-awaiting-chart"
          />
        </>
      ) : null}
    </section>
  );
}

/** How a bucket's start reads: a day or a week by its first day, a month by its name. */
const bucketFormat = (bucket: TrendBucket, locale: string, timeZone: string) =>
  new Intl.DateTimeFormat(locale, bucket === 'month' ? { year: 'numeric', month: 'short', timeZone } : { month: 'short', day: 'numeric', timeZone });

export function TrendSection({ flow: ref }: { flow: AnalyticsActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.analytics.trend;
  const points = useSelector(ref, (s) => s.context.trend);
  const bucket = useSelector(ref, (s) => s.context.bucket);
  const range = useSelector(ref, (s) => s.context.range);
  const timeZone = useSelector(ref, (s) => s.context.timeZone);
  const loading = useSelector(ref, (s) => s.hasTag('trendLoading'));
  const empty = useSelector(ref, (s) => s.hasTag('trendEmpty'));
  const numbers = new Intl.NumberFormat(locale);
  const when = bucketFormat(bucket, locale, timeZone);
  const total = (k: 'new' | 'won' | 'lost') => numbers.format((points ?? []).reduce((n, p) => n + p[k], 0));
  const cards = LL.analytics.cards;

  return (
    <section className={section} aria-labelledby="analytics-trend-title" aria-busy={loading} data-testid="analytics-trend">
      <div className={sectionHead}>
        <Heading as="h2" size="lg" id="analytics-trend-title">
          {t.title()}
        </Heading>
        <div className={bucketGroup} role="group" aria-labelledby="analytics-bucket-label">
          <span className={groupLabel} id="analytics-bucket-label">
            {t.bucket()}
          </span>
          {trendBuckets.map((b) => {
            const allowed = bucketAllowed({ range }, b);
            return (
              <Button
                key={b}
                size="xs"
                variant={bucket === b ? 'solid' : 'outline'}
                aria-pressed={bucket === b}
                disabled={!allowed}
                title={allowed ? undefined : t.tooFine()}
                onClick={() => ref.send({ type: 'user.bucket', bucket: b })}
                data-testid={`analytics-bucket-${b}`}
              >
                {t[b]()}
              </Button>
            );
          })}
        </div>
      </div>
      {loading ? (
        <div className={chartBone} aria-hidden="true" data-testid="analytics-trend-loading" />
      ) : empty ? (
        <p className={stateText} data-testid="analytics-trend-empty">
          {t.empty()}
        </p>
      ) : points ? (
        <TimeChart
          label={t.title()}
          kind="line"
          x={{ times: points.map((p) => p.time), format: (ms) => when.format(ms) }}
          xLabel={t.date()}
          series={[
            { label: cards.new(), color: 'gray.9', values: points.map((p) => p.new) },
            { label: cards.won(), color: 'accent.default', values: points.map((p) => p.won) },
            { label: cards.lost(), color: 'red.9', values: points.map((p) => p.lost) },
          ]}
          locale={locale}
          summary={t.summary({ new: total('new'), won: total('won'), lost: total('lost') })}
          data-testid="analytics-trend-chart"
        />
      ) : null}
    </section>
  );
}
