/**
 * /pipeline (inside the main layout): the lead pipeline (SPEC §2 Pipeline: lead panels per tab).
 *
 * The pipeline is a long-lived flow of the app's system ('pipeline', src/machines/pipeline.machine.ts):
 * it follows the route itself (shown on this path with the filters of its query, hidden
 * elsewhere), takes its page size from the viewport service (SPEC §9), hears the member selector
 * and sign-out, and keeps its panels while another screen shows. It owns its child flows: the
 * tabs, the lead moves, the filters in the URL, a lead's dialog (the lead form inside it), the
 * import wizard, batch tagging and the export (./pipeline-export.tsx). This view renders the pipeline's context and tags and its
 * children from the pipeline's snapshot (a dialog shows while its flow runs), and sends `user.*`
 * events to the flow each control belongs to; it relays nothing between flows.
 *
 * Test ids: pipeline-page, pipeline-loading, pipeline-board, pipeline-moved (the status saying where a moved lead went), pipeline-add-lead, pipeline-add-tab, pipeline-import, pipeline-export (and its menu's, in pipeline-export.tsx), pipeline-notice,
 * pipeline-notice-dismiss, pipeline-empty, pipeline-sync-now, pipeline-needs-extension (the chat sync's
 * notice that the extension is needed; its other notices are sync-notice), sync-button,
 * pipeline-tabs-failed, pipeline-retry, filter-search, filter-created, filter-last, filter-sort,
 * filter-order, filter-await, filter-closed, filter-clear, filter-open (the Filters popover's button),
 * filter-popover, filter-chips, filter-chip-<id>, filter-chip-<id>-remove (src/ui/components/filter-row.tsx), close-dialog, close-reason,
 * close-confirm, delete-dialog, delete-confirm, tab-dialog, tab-name, tab-save, tab-delete-confirm,
 * dialog-cancel; the panels' ids are listed in lead-panel.tsx, the dialogs' in lead-form-dialog.tsx,
 * import-dialog.tsx and batch-tag-dialog.tsx.
 */
import { useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { css } from '../../../../styled-system/css';
import { NO_TAB_ID, leadSorts, sortOrders, type Tab } from '../../../contract/leads';
import { useI18nContext } from '../../../i18n/i18n-react';
import { appliedFilters, shownFilters } from '../../../machines/filter-url.machine';
import { dialogLead, type LeadDialogActorRef } from '../../../machines/lead-dialog.machine';
import { isFiltered, pipelineChips, type PipelineChipId, type PipelineFilterActorRef, type PipelineFilters, type TimeRange } from '../../../machines/pipeline-filters';
import type { PipelineTabsActorRef } from '../../../machines/pipeline-tabs.machine';
import {
  selectBatchTag,
  selectFiltersFlow,
  selectImportWizard,
  selectLeadDialog,
  selectMovesFlow,
  selectTabsFlow,
  type PipelineActorRef,
} from '../../../machines/pipeline.machine';
import type { LastMove } from '../../../machines/lead-moves.machine';
import { useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { DateRangePicker, type DateRange } from '../../components/date-range-picker';
import { dayRangeText } from '../../components/date-ranges';
import { FilterRow, filterRowTexts } from '../../components/filter-row';
import { ModalDialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { Heading, Text } from '../../components/heading';
import { SimpleSelect } from '../../components/select';
import { UserSentence } from '../../components/user-text';
import { ImportDialog } from '../importer/import-dialog';
import { BatchTagDialog } from '../tags/batch-tag-dialog';
import { LeadFormDialog } from './lead-form-dialog';
import { LeadPanel, useTabName } from './lead-panel';
import { ExportMenu, PipelineExportDialogs } from './pipeline-export';
import { SyncButton } from '../sync/sync-button';
import { SyncNotice } from '../sync/sync-notice';

const page = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: { base: '4', md: '6' },
  minWidth: '0',
});
const head = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: '3',
  flexWrap: 'wrap',
});
const headActions = css({ display: 'flex', gap: '2', flexWrap: 'wrap' });
/** The popover's filters: the two date ranges side by side where there is room, the sort below. */
const filterGrid = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
});
const switches = css({
  display: 'flex',
  gap: '4',
  flexWrap: 'wrap',
  alignItems: 'center',
});
const board = css({
  display: 'flex',
  gap: '3',
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  pb: '2',
  alignItems: 'flex-start',
  minWidth: '0',
  maxWidth: 'full',
});
const stateBox = css({
  p: '8',
  textAlign: 'center',
  color: 'fg.muted',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  alignItems: 'center',
});
const emptyMask = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  alignItems: 'center',
  textAlign: 'center',
  p: '8',
  borderRadius: 'l3',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
});
const noticeRow = css({
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
  '& > :first-child': { flex: '1' },
});

const toDateRange = (r: TimeRange | null): DateRange | null => (r ? { start: new Date(r.from), end: new Date(r.to) } : null);
const toTimeRange = (r: DateRange | null): TimeRange | null => (r ? { from: r.start.getTime(), to: r.end.getTime() } : null);

export function PipelineScreen() {
  const pipeline = useFlow('pipeline');
  // Right after sign-in the pipeline's module may still be on its way (it is loaded lazily).
  if (!pipeline) return <PipelineLoading />;
  return <PipelineView pipeline={pipeline} />;
}

function PipelineLoading() {
  const { LL } = useI18nContext();
  return (
    <p className={stateBox} role="status" data-testid="pipeline-loading">
      {LL.pipeline.loadingTabs()}
    </p>
  );
}

function PipelineView({ pipeline }: { pipeline: PipelineActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.pipeline;
  const tabsFlow = useSelector(pipeline, selectTabsFlow);
  const filtersFlow = useSelector(pipeline, selectFiltersFlow);
  const leadDialog = useSelector(pipeline, selectLeadDialog);
  const importWizard = useSelector(pipeline, selectImportWizard);
  const batchTag = useSelector(pipeline, selectBatchTag);
  // The last move shown (a drag or the card menu's Move to): its card takes the focus, the status says where.
  const movesFlow = useSelector(pipeline, selectMovesFlow);
  const lastMove = useSelector(movesFlow, (s) => s?.context.lastMove ?? null);
  // A move shown before this screen mounted (the pipeline shown again) takes no focus and is not said again.
  const movesSeenAtMount = useRef(lastMove?.count ?? 0);
  const freshMove = lastMove && lastMove.count > movesSeenAtMount.current ? lastMove : null;
  const tabs = useSelector(pipeline, (s) => s.context.tabs);
  const panels = useSelector(pipeline, (s) => s.context.panels);
  const counts = useSelector(pipeline, (s) => s.context.counts);
  const notice = useSelector(pipeline, (s) => s.context.notice);
  const noLeads = useSelector(pipeline, (s) => s.hasTag('noLeads'));
  // Before the board runs (the flow is starting) the tabs count as loading.
  const loadingTabs = useSelector(tabsFlow, (s) => s?.hasTag('loadingTabs') ?? true);
  const tabsFailed = useSelector(tabsFlow, (s) => s?.hasTag('tabsFailed') ?? false);

  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    return (ms: number) => format.format(ms);
  }, [locale]);
  const customTabs = tabs.filter((tab) => tab.id !== NO_TAB_ID);
  const listHeight = 'max(20rem, calc(100dvh - 24rem))';
  const noBoard = loadingTabs || tabsFailed;

  return (
    <section className={page} data-testid="pipeline-page" aria-labelledby="pipeline-title">
      <div className={head}>
        <div>
          <Heading id="pipeline-title">{t.title()}</Heading>
          <Text muted>{t.lead()}</Text>
        </div>
        <div className={headActions}>
          {/* SPEC §3 filter controls' sync button: the chat sync (src/machines/chat-sync.machine.ts). */}
          <SyncButton />
          <Button variant="outline" onClick={() => tabsFlow?.send({ type: 'user.addTab' })} disabled={noBoard} data-testid="pipeline-add-tab">
            {t.addTab()}
          </Button>
          <Button variant="outline" onClick={() => pipeline.send({ type: 'user.import' })} disabled={noBoard} data-testid="pipeline-import">
            {LL.importer.open()}
          </Button>
          <ExportMenu pipeline={pipeline} tabs={tabs} disabled={noBoard} />
          <Button onClick={() => pipeline.send({ type: 'user.addLead' })} disabled={noBoard} data-testid="pipeline-add-lead">
            {t.addLead()}
          </Button>
        </div>
      </div>

      <SyncNotice testIdFor={{ noExtension: 'pipeline-needs-extension' }} />

      {filtersFlow ? <FilterBar filters={filtersFlow} /> : null}

      {notice ? (
        <div className={noticeRow}>
          <InlineAlert status="error" title={t.notice[notice.kind]({ message: notice.message })} data-testid="pipeline-notice" />
          <Button size="sm" variant="ghost" onClick={() => pipeline.send({ type: 'user.dismissNotice' })} data-testid="pipeline-notice-dismiss">
            {t.notice.dismiss()}
          </Button>
        </div>
      ) : null}

      {loadingTabs && tabs.length === 0 ? (
        <p className={stateBox} role="status" data-testid="pipeline-loading">
          {t.loadingTabs()}
        </p>
      ) : null}
      {tabsFailed ? (
        <div className={stateBox} role="alert" data-testid="pipeline-tabs-failed">
          <p>{t.tabsFailed()}</p>
          <Button variant="outline" onClick={() => tabsFlow?.send({ type: 'user.retry' })} data-testid="pipeline-retry">
            {t.retry()}
          </Button>
        </div>
      ) : null}

      {noLeads ? <EmptyMask pipeline={pipeline} /> : null}

      {panels.length > 0 ? (
        <div className={board} role="group" aria-label={t.board()} data-testid="pipeline-board">
          {panels.map(({ tabId, ref }) => {
            const tab = tabs.find((x) => x.id === tabId);
            if (!tab) return null;
            return (
              <LeadPanel
                key={tabId}
                pipeline={pipeline}
                tabsFlow={tabsFlow}
                panel={ref}
                tab={tab}
                tabs={tabs}
                customIndex={customTabs.findIndex((x) => x.id === tabId)}
                customCount={customTabs.length}
                counts={counts[tabId]}
                listHeight={listHeight}
                formatDate={formatDate}
                moved={freshMove?.toTabId === tabId ? freshMove : null}
              />
            );
          })}
        </div>
      ) : null}
      <MovedStatus lastMove={freshMove} tabs={tabs} />

      {leadDialog ? <LeadDialogs dialog={leadDialog} /> : null}
      <TabDialog tabs={tabsFlow} />
      {/* New leads go to No tabs (the pipeline shows every tab at once; none is selected). */}
      <ImportDialog flow={importWizard} />
      <BatchTagDialog flow={batchTag} title={LL.tags.batch.titleLeads()} />
      <PipelineExportDialogs pipeline={pipeline} />
    </section>
  );
}

/**
 * The filter row (src/ui/components/filter-row.tsx): the search (debounced by the filters flow,
 * which shows what is typed at once), a Filters button whose popover holds the two date ranges, the
 * sort and the two switches, and the active filters as chips; removing a chip sends `user.clear`.
 */
function FilterBar({ filters: flow }: { filters: PipelineFilterActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.pipeline.filters;
  const filters = useSelector(flow, (s) => shownFilters<PipelineFilters>(s));
  const applied = useSelector(flow, (s) => appliedFilters<PipelineFilters>(s));
  const now = useMemo(() => new Date(), []);
  const quickRangeLabels = { today: t.today(), yesterday: t.yesterday(), thisWeek: t.thisWeek(), thisMonth: t.thisMonth() };
  const dateTexts = {
    quickRangeLabels,
    labels: {
      open: t.openCalendar(),
      prev: t.prevMonth(),
      next: t.nextMonth(),
      start: t.from(),
      end: t.to(),
      quickRanges: t.quickRanges(),
    },
  };
  const filterNow = (patch: Partial<PipelineFilters>) => flow.send({ type: 'user.filterNow', patch });
  const rangeChip = (label: string, range: TimeRange | null) =>
    LL.leads.filterRow.chip({ label, value: range ? dayRangeText(toDateRange(range)!, now, locale, quickRangeLabels) : '' });
  const chipText = (id: PipelineChipId): string => {
    switch (id) {
      case 'created':
        return rangeChip(t.created(), applied.created);
      case 'lastMessage':
        return rangeChip(t.lastMessage(), applied.lastMessage);
      case 'awaitReply':
        return t.awaitReply();
      case 'showClosed':
        return t.showClosed();
    }
  };
  const chips = pipelineChips(applied).map((c) => ({ id: c.id, text: chipText(c.id), onRemove: () => flow.send({ type: 'user.clear', keys: c.keys }) }));

  return (
    <FilterRow
      label={t.label()}
      search={{ label: t.search(), value: filters.search, onChange: (search) => flow.send({ type: 'user.filter', patch: { search } }), testId: 'filter-search' }}
      chips={chips}
      texts={filterRowTexts(LL)}
      testIdPrefix="filter"
      end={
        isFiltered(applied) ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => filterNow({ search: '', created: null, lastMessage: null, awaitReply: false, showClosed: false })}
            data-testid="filter-clear"
          >
            {t.clear()}
          </Button>
        ) : null
      }
    >
      <div className={filterGrid}>
        <DateRangePicker label={t.created()} value={toDateRange(filters.created)} onValueChange={(r) => filterNow({ created: toTimeRange(r) })} now={now} {...dateTexts} data-testid="filter-created" />
        <DateRangePicker label={t.lastMessage()} value={toDateRange(filters.lastMessage)} onValueChange={(r) => filterNow({ lastMessage: toTimeRange(r) })} now={now} {...dateTexts} data-testid="filter-last" />
        <SimpleSelect
          label={t.sort()}
          options={leadSorts.map((v) => ({ value: v, label: t.sortField[v]() }))}
          value={filters.sort}
          onValueChange={(v) => v && filterNow({ sort: v as PipelineFilters['sort'] })}
          data-testid="filter-sort"
        />
        <SimpleSelect
          label={t.orderLabel()}
          options={sortOrders.map((v) => ({ value: v, label: t.order[v]() }))}
          value={filters.sortOrder}
          onValueChange={(v) => v && filterNow({ sortOrder: v as PipelineFilters['sortOrder'] })}
          data-testid="filter-order"
        />
      </div>
      <div className={switches}>
        <Checkbox checked={filters.awaitReply} onCheckedChange={(c) => filterNow({ awaitReply: c })} data-testid="filter-await">
          {t.awaitReply()}
        </Checkbox>
        <Checkbox checked={filters.showClosed} onCheckedChange={(c) => filterNow({ showClosed: c })} data-testid="filter-closed">
          {t.showClosed()}
        </Checkbox>
      </div>
    </FilterRow>
  );
}

/** SPEC §2 sync-button guidance mask: the member has no leads at all. */
function EmptyMask({ pipeline }: { pipeline: PipelineActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.pipeline.empty;
  // Sync Now starts the chat sync; its spinner and notices show with the Sync button above.
  const chatSync = useFlow('chatSync');
  const syncing = useSelector(chatSync, (s) => (s ? s.hasTag('syncing') || s.hasTag('checking') : false));
  return (
    <div className={emptyMask} data-testid="pipeline-empty">
      <Heading as="h3" size="lg">
        {t.title()}
      </Heading>
      <Text muted>{t.body()}</Text>
      <div className={headActions}>
        <Button onClick={() => chatSync?.send({ type: 'user.sync' })} disabled={!chatSync} loading={syncing} data-testid="pipeline-sync-now">
          {t.syncNow()}
        </Button>
        <Button variant="outline" onClick={() => pipeline.send({ type: 'user.addLead' })}>
          {LL.pipeline.addLead()}
        </Button>
      </div>
    </div>
  );
}

/**
 * A polite status saying where the last moved lead went, or that a failed move put it back
 * (WCAG 4.1.3), present before any move so it is announced; the lead's name and the tab's are the
 * user's text (isolated).
 */
function MovedStatus({ lastMove, tabs }: { lastMove: LastMove | null; tabs: readonly Tab[] }) {
  const { LL } = useI18nContext();
  const tabName = useTabName();
  const tab = lastMove ? tabs.find((x) => x.id === lastMove.toTabId) : undefined;
  const said = lastMove?.undone ? LL.pipeline.card.moveUndone : LL.pipeline.card.moved;
  return (
    <p role="status" className={css({ srOnly: true })} data-testid="pipeline-moved">
      {lastMove && tab ? <UserSentence sentence={(name, tabText) => said({ name, tab: tabText })} text={[lastMove.name, tabName(tab)]} /> : null}
    </p>
  );
}

/** A lead's dialog, as its flow is: the lead form, close (with a reason) or delete (confirmed). */
function LeadDialogs({ dialog }: { dialog: LeadDialogActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.pipeline;
  const lead = useSelector(dialog, (s) => dialogLead(s.context));
  const reason = useSelector(dialog, (s) => s.context.reason);
  const closing = useSelector(dialog, (s) => s.hasTag('closing'));
  const confirmDelete = useSelector(dialog, (s) => s.hasTag('confirmDelete'));
  const busy = useSelector(dialog, (s) => s.hasTag('busy'));
  const form = useSelector(dialog, (s) => s.children.leadForm);
  const cancel = () => dialog.send({ type: 'user.cancel' });
  const name = lead?.name ?? '';
  return (
    <>
      <LeadFormDialog flow={form} />
      <ModalDialog
        open={closing}
        onClose={cancel}
        title={<UserSentence sentence={(quoted) => t.close.title({ name: quoted })} text={name} />}
        description={t.close.body()}
        data-testid="close-dialog"
        footer={
          <>
            <Button variant="outline" onClick={cancel} data-testid="dialog-cancel">
              {t.cancel()}
            </Button>
            <Button loading={busy} onClick={() => dialog.send({ type: 'user.confirm' })} data-testid="close-confirm">
              {t.close.confirm()}
            </Button>
          </>
        }
      >
        <TextField
          label={t.close.reason()}
          placeholder={t.close.reasonHint()}
          value={reason}
          maxLength={500}
          onChange={(e) => dialog.send({ type: 'user.typeReason', reason: e.target.value })}
          data-testid="close-reason"
        />
      </ModalDialog>
      <ModalDialog
        open={confirmDelete}
        onClose={cancel}
        title={<UserSentence sentence={(quoted) => t.remove.title({ name: quoted })} text={name} />}
        description={t.remove.body()}
        role="alertdialog"
        data-testid="delete-dialog"
        footer={
          <>
            <Button variant="outline" onClick={cancel} data-testid="dialog-cancel">
              {t.cancel()}
            </Button>
            <Button loading={busy} onClick={() => dialog.send({ type: 'user.confirm' })} data-testid="delete-confirm">
              {t.remove.confirm()}
            </Button>
          </>
        }
      />
    </>
  );
}

/** Add or rename a tab (the name the tabs flow holds, with the server's refusal under it), or confirm deleting one. */
function TabDialog({ tabs }: { tabs: PipelineTabsActorRef | undefined }) {
  const { LL } = useI18nContext();
  const t = LL.pipeline;
  const tabName = useTabName();
  const dialog = useSelector(tabs, (s) => s?.context.dialog ?? null);
  const name = useSelector(tabs, (s) => s?.context.name ?? '');
  const tabError = useSelector(tabs, (s) => s?.context.error ?? null);
  const busy = useSelector(tabs, (s) => s?.hasTag('busy') ?? false);
  const cancel = () => tabs?.send({ type: 'user.cancel' });

  if (dialog?.mode === 'delete') {
    return (
      <ModalDialog
        open
        onClose={cancel}
        title={<UserSentence sentence={(quoted) => t.tab.deleteTitle({ name: quoted })} text={tabName(dialog.tab)} />}
        description={t.tab.deleteBody()}
        role="alertdialog"
        data-testid="tab-dialog"
        footer={
          <>
            <Button variant="outline" onClick={cancel} data-testid="dialog-cancel">
              {t.cancel()}
            </Button>
            <Button loading={busy} onClick={() => tabs?.send({ type: 'user.confirm' })} data-testid="tab-delete-confirm">
              {t.tab.deleteConfirm()}
            </Button>
          </>
        }
      >
        {tabError ? <InlineAlert status="error" title={tabError} /> : null}
      </ModalDialog>
    );
  }
  const save = () => tabs?.send({ type: 'user.saveTab' });
  return (
    <ModalDialog
      open={dialog !== null}
      onClose={cancel}
      title={dialog?.mode === 'rename' ? t.tab.renameTitle() : t.tab.addTitle()}
      data-testid="tab-dialog"
      footer={
        <>
          <Button variant="outline" onClick={cancel} data-testid="dialog-cancel">
            {t.cancel()}
          </Button>
          <Button loading={busy} onClick={save} data-testid="tab-save">
            {t.tab.save()}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TextField
          label={t.tab.name()}
          value={name}
          maxLength={30}
          required
          errorText={tabError ?? undefined}
          onChange={(e) => tabs?.send({ type: 'user.typeTabName', name: e.target.value })}
          data-testid="tab-name"
        />
      </form>
    </ModalDialog>
  );
}
