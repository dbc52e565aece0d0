/**
 * The awaiting-reply ranking (SPEC §3 Analytics numbers, §9 top 10 by waiting hours): the ten open
 * leads of the period that have waited longest for an answer, in one tab or all, on the kit's data
 * table (it scrolls sideways inside its box on a phone, the page does not). A lead with a synced
 * chat offers "Open chat" (the conversations screen with that chat) and "Schedule follow-up" (the
 * schedule form of the schedules flow, a child of the analytics flow, in a dialog, with the chat as
 * its recipient). Lead names are user text, shown inert.
 *
 * Test ids: analytics-ranking, analytics-ranking-tab, analytics-ranking-table, ranking-row-<lead id>,
 * ranking-open-<lead id>, ranking-follow-up-<lead id>, ranking-no-chat-<lead id>,
 * analytics-follow-up (the dialog; the form's own schedule-* ids inside).
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../../../styled-system/css';
import { RANKING_SIZE, type RankingRow } from '../../../contract/analytics';
import { useI18nContext } from '../../../i18n/i18n-react';
import { selectFollowUp, tabsOf, type AnalyticsActorRef } from '../../../machines/analytics.machine';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ModalDialog } from '../../components/dialog';
import { Heading, Text } from '../../components/heading';
import { SimpleSelect } from '../../components/select';
import { UserSentence, UserText } from '../../components/user-text';
import { visibleText } from '../../components/visible-text';
import { ScheduleForm } from '../tools/schedules-panel';
import { section, sectionHead, tabNameOf } from './analytics-charts';

const rowActions = css({ display: 'flex', gap: '2', flexWrap: 'wrap' });
const muted = css({ color: 'fg.muted', textStyle: 'sm' });
const noWrap = css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
const tabFilter = css({ minWidth: '12rem', maxWidth: 'full' });

const ALL_TABS = 'all';

export function RankingSection({ flow: ref }: { flow: AnalyticsActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.analytics.ranking;
  const rows = useSelector(ref, (s) => s.context.ranking);
  const perTab = useSelector(ref, (s) => s.context.perTab);
  const tabId = useSelector(ref, (s) => s.context.tabId);
  const timeZone = useSelector(ref, (s) => s.context.timeZone);
  const loading = useSelector(ref, (s) => s.hasTag('rankingLoading'));
  const failed = useSelector(ref, (s) => s.hasTag('rankingFailed'));

  const tabs = tabsOf(perTab);
  const tabNames = new Map(tabs.map((tab) => [tab.tabId, tabNameOf(LL, tab)]));
  const options = [{ value: ALL_TABS, label: t.allTabs() }, ...tabs.map((tab) => ({ value: String(tab.tabId), label: tabNameOf(LL, tab) }))];
  if (tabId !== null && !tabNames.has(tabId)) options.push({ value: String(tabId), label: tabId === 0 ? LL.analytics.awaiting.noTab() : `#${tabId}` });

  const columns = useMemo<DataTableColumn<RankingRow>[]>(() => {
    const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    const names = new Map(tabsOf(perTab).map((tab) => [tab.tabId, tabNameOf(LL, tab)]));
    return [
      { id: 'name', header: t.columns.name(), cell: (row) => <UserText text={row.name} /> },
      { id: 'tab', header: t.columns.tab(), cell: (row) => names.get(row.tabId) ?? (row.tabId === 0 ? LL.analytics.awaiting.noTab() : `#${row.tabId}`) },
      { id: 'waiting', header: t.columns.waiting(), align: 'end', cell: (row) => <span className={noWrap}>{t.hours({ count: row.waitingHours })}</span> },
      { id: 'lastMessage', header: t.columns.lastMessage(), cell: (row) => <span className={noWrap}>{time.format(row.lastMessageTime)}</span> },
      {
        id: 'actions',
        header: t.columns.actions(),
        cell: (row) =>
          row.chatWhatsappId ? (
            <div className={rowActions} role="group" aria-label={visibleText(t.actionsFor({ name: row.name }))}>
              <Button size="xs" variant="outline" onClick={() => ref.send({ type: 'user.openChat', chatWhatsappId: row.chatWhatsappId })} data-testid={`ranking-open-${row.leadId}`}>
                {t.openChat()}
              </Button>
              <Button size="xs" variant="outline" onClick={() => ref.send({ type: 'user.followUp', row })} data-testid={`ranking-follow-up-${row.leadId}`}>
                {t.followUp()}
              </Button>
            </div>
          ) : (
            <span className={muted} data-testid={`ranking-no-chat-${row.leadId}`}>
              {t.noChat()}
            </span>
          ),
      },
    ];
  }, [LL, t, ref, locale, timeZone, perTab]);

  return (
    <section className={section} aria-labelledby="analytics-ranking-title" aria-busy={loading} data-testid="analytics-ranking">
      <div className={sectionHead}>
        <div>
          <Heading as="h2" size="lg" id="analytics-ranking-title">
            {t.title()}
          </Heading>
          <Text muted>{t.lead({ count: RANKING_SIZE })}</Text>
        </div>
        <div className={tabFilter}>
          <SimpleSelect
            label={t.tab()}
            size="sm"
            options={options}
            value={tabId === null ? ALL_TABS : String(tabId)}
            onValueChange={(value) => ref.send({ type: 'user.tab', tabId: value === ALL_TABS || value === '' ? null : Number(value) })}
            data-testid="analytics-ranking-tab"
          />
        </div>
      </div>
      <DataTable
        label={t.title()}
        columns={columns}
        data={loading ? [] : (rows ?? [])}
        getRowId={(row) => row.leadId}
        rowTestId={(row) => `ranking-row-${row.leadId}`}
        status={failed ? 'error' : loading ? 'loading' : 'ready'}
        onRetry={() => ref.send({ type: 'user.retry' })}
        texts={{ empty: t.empty(), loading: t.loading(), error: LL.analytics.loadFailed(), retry: LL.analytics.retry() }}
        size="sm"
        data-testid="analytics-ranking-table"
      />
      <FollowUpDialog flow={ref} />
    </section>
  );
}

/** "Schedule follow-up": the schedule form of the flow's `followUp` child, in a dialog the flow opens and closes. */
function FollowUpDialog({ flow: ref }: { flow: AnalyticsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.analytics.followUp;
  const open = useSelector(ref, (s) => s.hasTag('followUp'));
  const form = useSelector(ref, selectFollowUp);
  const recipient = useSelector(ref, (s) => s.context.followUp);
  const close = () => ref.send({ type: 'user.closeFollowUp' });
  return (
    <ModalDialog
      open={open && form !== undefined}
      onClose={close}
      title={recipient ? <UserSentence sentence={(name) => t.title({ name })} text={recipient.name || recipient.chatWhatsappId} /> : null}
      closeLabel={t.close()}
      data-testid="analytics-follow-up"
    >
      {form ? <ScheduleForm panel={form} onCancel={close} /> : null}
    </ModalDialog>
  );
}
