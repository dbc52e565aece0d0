/**
 * The analytics screen's number cards (SPEC §3 Analytics numbers, §7 statistic numbers and the lead
 * status counts): open leads (totalFollow), this month's new, won and lost, new this week against
 * last week, new today against yesterday, and the lead status counts (open, closed, per sales
 * stage). A skeleton stands in for each number while it loads. Numbers in the page's locale.
 *
 * Test ids: analytics-cards, analytics-total, analytics-month-new, analytics-month-won,
 * analytics-month-lost, analytics-week-new, analytics-week-last, analytics-day-new,
 * analytics-day-yesterday, analytics-status-open, analytics-status-closed, analytics-stage-<stage>.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { salesStages } from '../../../contract/leads';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { AnalyticsActorRef } from '../../../machines/analytics.machine';

const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 13rem), 1fr))', gap: '3', listStyle: 'none', p: '0', m: '0' });
const card = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '4', borderRadius: 'l3', borderWidth: '1px', borderColor: 'border.subtle', bg: 'bg.default', minWidth: '0' });
const cardTitle = css({ textStyle: 'sm', color: 'fg.muted', fontWeight: 'medium' });
const big = css({ textStyle: '3xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', lineHeight: '1.2' });
const hint = css({ textStyle: 'xs', color: 'fg.muted' });
const trio = css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '2', m: '0' });
const duo = css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '2', m: '0' });
const pair = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0', '& dd': { m: '0' } });
const small = css({ textStyle: 'xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' });
const stageList = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: '3', rowGap: '0.5', textStyle: 'xs', m: '0', '& dt': { color: 'fg.muted' }, '& dd': { m: '0', textAlign: 'end', fontVariantNumeric: 'tabular-nums' } });
const contents = css({ display: 'contents' });
const bone = css({ display: 'inline-block', width: '12', height: '7', borderRadius: 'l2', bg: 'bg.subtle', animation: 'skeleton-pulse 2s ease-in-out infinite', _motionReduce: { animation: 'none' } });

/** A number, or a skeleton while it loads (announced once by the page's busy state). */
function Num({ value, loading, className, testId }: { value: number | undefined; loading: boolean; className: string; testId: string }) {
  const { locale } = useI18nContext();
  if (value === undefined) return loading ? <span className={bone} aria-hidden="true" data-testid={`${testId}-loading`} /> : <span className={className}>–</span>;
  return (
    <span className={className} data-testid={testId}>
      {new Intl.NumberFormat(locale).format(value)}
    </span>
  );
}

function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <li className={card} data-testid={testId}>
      <h3 className={cardTitle}>{title}</h3>
      {children}
    </li>
  );
}

export function AnalyticsCards({ flow: ref }: { flow: AnalyticsActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.analytics;
  const summary = useSelector(ref, (s) => s.context.summary);
  const loading = useSelector(ref, (s) => s.hasTag('summaryLoading'));
  const numbers = new Intl.NumberFormat(locale);
  const text = (n: number | undefined) => (n === undefined ? '–' : numbers.format(n));

  return (
    <section aria-label={t.cards.label()} aria-busy={loading}>
      <ul className={grid} data-testid="analytics-cards">
        <Card title={t.cards.totalFollow()} testId="analytics-card-total">
          <Num value={summary?.totalFollow} loading={loading} className={big} testId="analytics-total" />
          <span className={hint}>{t.cards.totalFollowHint()}</span>
        </Card>
        <Card title={t.cards.month()} testId="analytics-card-month">
          <dl className={trio}>
            {(['new', 'won', 'lost'] as const).map((k) => (
              <div key={k} className={pair}>
                <dt className={hint}>{t.cards[k]()}</dt>
                <dd>
                  <Num
                    value={summary ? { new: summary.month.monthNew, won: summary.month.monthWon, lost: summary.month.monthLost }[k] : undefined}
                    loading={loading}
                    className={small}
                    testId={`analytics-month-${k}`}
                  />
                </dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card title={t.cards.week()} testId="analytics-card-week">
          <Num value={summary?.week.newThisWeek} loading={loading} className={big} testId="analytics-week-new" />
          <span className={hint} data-testid="analytics-week-last">
            {t.cards.lastWeek({ count: text(summary?.week.newLastWeek) })}
          </span>
        </Card>
        <Card title={t.cards.day()} testId="analytics-card-day">
          <Num value={summary?.day.newToday} loading={loading} className={big} testId="analytics-day-new" />
          <span className={hint} data-testid="analytics-day-yesterday">
            {t.cards.yesterday({ count: text(summary?.day.newYesterday) })}
          </span>
        </Card>
        <Card title={t.cards.status()} testId="analytics-card-status">
          <dl className={duo}>
            {(['open', 'closed'] as const).map((k) => (
              <div key={k} className={pair}>
                <dt className={hint}>{t.cards[k]()}</dt>
                <dd>
                  <Num value={summary?.status[k]} loading={loading} className={small} testId={`analytics-status-${k}`} />
                </dd>
              </div>
            ))}
          </dl>
          {summary ? (
            <dl className={stageList}>
              {[...salesStages, 'none' as const].map((stage) => (
                <div key={stage} className={contents}>
                  <dt>{t.stage[stage]()}</dt>
                  <dd data-testid={`analytics-stage-${stage}`}>{numbers.format(summary.status.stages[stage])}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </Card>
      </ul>
    </section>
  );
}
