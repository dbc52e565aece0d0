/**
 * The detail of an invite link (SPEC §3 Invite link: click counts yesterday, last week, last month;
 * the funnel clicks → leads → won; the clicks of each link; the clicks per day of the last 30 days
 * as a chart; the short link with Copy, SPEC §8 Copy successful), driven by its own flow
 * (src/machines/invite-link-detail.machine.ts), a child of the invite-links screen's, which opens
 * it from the URL's `?link=` and closes it (`onClose` tells the screen's flow). The chart is the
 * kit's (src/ui/components/time-chart.tsx), with its table of every day for assistive technology.
 *
 * Test ids: invite-link-detail, invite-link-detail-loading, invite-link-detail-error,
 * invite-link-detail-retry, invite-link-detail-url, invite-link-detail-copy, invite-link-clicks,
 * invite-link-funnel, invite-link-per-link, invite-link-chart (its table invite-link-chart-table),
 * invite-link-chart-loading, invite-link-chart-error.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import { CHART_DAYS, clickSeriesOf, type InviteLinkDetailActorRef } from '../../../machines/invite-link-detail.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { TimeChart } from '../../components/time-chart';
import { UserText } from '../../components/user-text';
import { muted, row, urlText } from './invite-link-parts';

const section = css({ display: 'flex', flexDirection: 'column', gap: '2', minInlineSize: '0' });
const sectionTitle = css({ fontWeight: 'semibold', textStyle: 'sm', m: '0' });
const stats = css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '2', m: '0' });
const stat = css({ display: 'flex', flexDirection: 'column', gap: '0.5', p: '2', borderRadius: 'l2', bg: 'bg.subtle', minInlineSize: '0', '& dd, & strong': { m: '0', textStyle: 'lg', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' } });
const statLabel = css({ textStyle: 'xs', color: 'fg.muted' });
const funnel = css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '2', listStyle: 'none', p: '0', m: '0' });
const perLink = css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none', p: '0', m: '0' });
const perLinkRow = css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'baseline', minInlineSize: '0' });
const count = css({ fontVariantNumeric: 'tabular-nums', flexShrink: '0' });
const urlRow = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', minInlineSize: '0' });

export function InviteLinkDetailDialog({ flow: ref, onClose }: { flow: InviteLinkDetailActorRef; onClose: () => void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.inviteLinks;
  const d = t.detail;
  const detailLoading = useSelector(ref, (s) => s.hasTag('detailLoading'));
  const detailFailed = useSelector(ref, (s) => s.hasTag('detailFailed'));
  const chartLoading = useSelector(ref, (s) => s.hasTag('chartLoading'));
  const chartFailed = useSelector(ref, (s) => s.hasTag('chartFailed'));
  const copying = useSelector(ref, (s) => s.hasTag('copying'));
  const { detail, count: clicksPerDay, timeZone } = useSelector(ref, (s) => s.context);
  const numbers = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone }), [locale, timeZone]);
  const series = clickSeriesOf(clicksPerDay);

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={d.title()}
      description={detail ? <UserText text={detail.name} /> : undefined}
      closeLabel={d.close()}
      data-testid="invite-link-detail"
    >
      {detailLoading ? (
        <p className={`${row} ${muted}`} role="status" data-testid="invite-link-detail-loading">
          <Spinner /> {d.loading()}
        </p>
      ) : null}
      {detailFailed ? <InlineAlert status="error" title={d.loadFailed()} data-testid="invite-link-detail-error" /> : null}
      {detailFailed || chartFailed ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => ref.send({ type: 'user.retry' })} data-testid="invite-link-detail-retry">
            {t.retry()}
          </Button>
        </div>
      ) : null}

      {detail ? (
        <>
          <div className={section}>
            <h3 className={sectionTitle}>{d.shortUrl()}</h3>
            <div className={urlRow}>
              <bdi dir="ltr" className={urlText} data-testid="invite-link-detail-url">
                {detail.shortUrl}
              </bdi>
              <Button size="sm" variant="outline" loading={copying} onClick={() => ref.send({ type: 'user.copy' })} data-testid="invite-link-detail-copy">
                {t.copy()}
              </Button>
            </div>
          </div>

          <div className={section}>
            <h3 className={sectionTitle}>{d.clicks()}</h3>
            <dl className={stats} data-testid="invite-link-clicks">
              {(['yesterday', 'lastWeek', 'lastMonth'] as const).map((k) => (
                <div key={k} className={stat}>
                  <dt className={statLabel}>{t.columns[k]()}</dt>
                  <dd>{numbers.format(detail.clicks[k])}</dd>
                </div>
              ))}
            </dl>
          </div>

          <div className={section}>
            <h3 className={sectionTitle}>{d.funnel.title()}</h3>
            <ol className={funnel} aria-label={d.funnel.title()} data-testid="invite-link-funnel">
              {(['clicks', 'leads', 'won'] as const).map((k) => (
                <li key={k} className={stat}>
                  <span className={statLabel}>{d.funnel[k]()}</span>
                  <strong>{numbers.format(detail.funnel[k])}</strong>
                </li>
              ))}
            </ol>
          </div>

          <div className={section}>
            <h3 className={sectionTitle}>{d.perLink()}</h3>
            {detail.perLink.length === 0 ? (
              <p className={muted}>{d.noLinks()}</p>
            ) : (
              <ul className={perLink} data-testid="invite-link-per-link">
                {detail.perLink.map((p, i) => (
                  <li key={i} className={perLinkRow}>
                    <UserText className={urlText} text={p.url} />
                    <span className={count}>{numbers.format(p.clicks)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      ) : null}

      <div className={section}>
        <h3 className={sectionTitle}>{d.chart.title({ days: CHART_DAYS })}</h3>
        {chartLoading ? (
          <p className={`${row} ${muted}`} role="status" data-testid="invite-link-chart-loading">
            <Spinner /> {d.chart.loading()}
          </p>
        ) : null}
        {chartFailed ? <InlineAlert status="error" title={d.chart.loadFailed()} data-testid="invite-link-chart-error" /> : null}
        {clicksPerDay ? (
          <TimeChart
            label={d.chart.title({ days: CHART_DAYS })}
            summary={d.chart.total({ total: clicksPerDay.total, days: CHART_DAYS })}
            kind="bars"
            x={{ times: series.times, format: (ms) => dayFormat.format(ms) }}
            xLabel={d.chart.day()}
            series={[{ label: d.chart.series(), color: 'accent.default', values: series.clicks }]}
            locale={locale}
            height={180}
            data-testid="invite-link-chart"
          />
        ) : null}
      </div>
    </ModalDialog>
  );
}
