/**
 * /pipeline (inside the main layout): the lead pipeline (SPEC §2 Pipeline: lead panels per tab).
 *
 * The pipeline is a long-lived actor of the app's system ('pipeline', src/machines/pipeline.machine.ts):
 * the member selector's choice and sign-out reach it there, and its panels survive a visit to
 * another screen. This view opens it with the filters read from the URL (so a filtered pipeline
 * can be bookmarked, shared and restored after a reload; the machine writes them back as they
 * change) and the page size of the screen (40, 5 on narrow screens, SPEC §9), then only renders
 * its context and tags and sends `user.*` events.
 *
 * Test ids: pipeline-page, pipeline-board, pipeline-add-lead, pipeline-add-tab, pipeline-import, pipeline-notice,
 * pipeline-notice-dismiss, pipeline-empty, pipeline-sync-now, pipeline-needs-extension (the chat sync's
 * notice that the extension is needed; its other notices are sync-notice), sync-button,
 * pipeline-tabs-failed, pipeline-retry, filter-search, filter-created, filter-last, filter-sort,
 * filter-order, filter-await, filter-closed, filter-clear, close-dialog, close-reason,
 * close-confirm, delete-dialog, delete-confirm, tab-dialog, tab-name, tab-save, tab-delete-confirm,
 * dialog-cancel; the panels' ids are listed in lead-panel.tsx.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { css } from '../../../../styled-system/css';
import { LEADS_PAGE_SIZE, NO_TAB_ID, leadSorts, sortOrders } from '../../../contract/leads';
import { managesTeam, type RealRole } from '../../../contract/roles';
import { useI18nContext } from '../../../i18n/i18n-react';
import { selectRole } from '../../../machines/account.machine';
import { filtersFromQuery, isFiltered, type PipelineFilters, type TimeRange } from '../../../machines/pipeline-filters';
import type { PipelineActorRef } from '../../../machines/pipeline.machine';
import { useAppActors, useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { DateRangePicker, type DateRange } from '../../components/date-range-picker';
import { ModalDialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { Heading, Text } from '../../components/heading';
import { SimpleSelect } from '../../components/select';
import { ImportDialog } from '../importer/import-dialog';
import { LeadFormDialog } from './lead-form-dialog';
import { LeadPanel, useTabName } from './lead-panel';
import { SyncButton } from '../sync/sync-button';
import { SyncNotice } from '../sync/sync-notice';
import { useChatSyncActor } from '../sync/use-sync-actors';

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
const filterBar = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: {
    base: '1fr',
    md: 'repeat(2, minmax(0, 1fr))',
    xl: 'repeat(4, minmax(0, 1fr))',
  },
  alignItems: 'end',
});
/** Below md the filters fold behind a toggle, so the panels are in view at once. */
const filterBody = css({
  display: 'none',
  flexDirection: 'column',
  gap: '3',
  '&[data-open]': { display: 'flex' },
  md: { display: 'flex' },
});
const filterToggle = css({ alignSelf: 'flex-start', md: { display: 'none' } });
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

/** Narrow screens get 5 leads a page (SPEC §9). */
const NARROW_QUERY = '(max-width: 767px)';
const subscribeNarrow = (onChange: () => void) => {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};
const isNarrow = () => window.matchMedia(NARROW_QUERY).matches;

const toDateRange = (r: TimeRange | null): DateRange | null => (r ? { start: new Date(r.from), end: new Date(r.to) } : null);
const toTimeRange = (r: DateRange | null): TimeRange | null => (r ? { from: r.start.getTime(), to: r.end.getTime() } : null);

export function PipelineScreen() {
  const { account } = useAppActors();
  const role = useSelector(account, selectRole);
  const realRole = managesTeam(role) ? 'admin' : 'member';
  const pipeline = useFlow('pipeline');
  const { search } = useLocation();
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const pageSize = narrow ? 5 : LEADS_PAGE_SIZE;

  // Opened (or given the URL's filters) on every visit and every URL change (back, a bookmark);
  // the machine ignores filters equal to its own, so its own URL writes do not reload.
  useEffect(() => {
    pipeline?.send({ type: 'pipeline.open', realRole, pageSize, filters: filtersFromQuery(search) });
  }, [pipeline, realRole, pageSize, search]);
  useEffect(() => () => pipeline?.send({ type: 'pipeline.close' }), [pipeline]);

  // Right after sign-in the pipeline's module may still be on its way (it is loaded lazily).
  if (!pipeline) return <PipelineLoading />;
  return <PipelineView pipeline={pipeline} realRole={realRole} />;
}

function PipelineLoading() {
  const { LL } = useI18nContext();
  return (
    <p className={stateBox} role="status" data-testid="pipeline-loading">
      {LL.pipeline.loadingTabs()}
    </p>
  );
}

function PipelineView({ pipeline, realRole }: { pipeline: PipelineActorRef; realRole: RealRole }) {
  const { LL, locale } = useI18nContext();
  const t = LL.pipeline;
  const tabs = useSelector(pipeline, (s) => s.context.tabs);
  const panels = useSelector(pipeline, (s) => s.context.panels);
  const counts = useSelector(pipeline, (s) => s.context.counts);
  const filters = useSelector(pipeline, (s) => s.context.filters);
  const notice = useSelector(pipeline, (s) => s.context.notice);
  const editing = useSelector(pipeline, (s) => s.context.editing);
  const loadingTabs = useSelector(pipeline, (s) => s.hasTag('loadingTabs'));
  const tabsFailed = useSelector(pipeline, (s) => s.hasTag('tabsFailed'));
  const noLeads = useSelector(pipeline, (s) => s.hasTag('noLeads'));
  const importing = useSelector(pipeline, (s) => s.hasTag('importing'));

  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    return (ms: number) => format.format(ms);
  }, [locale]);
  const customTabs = tabs.filter((tab) => tab.id !== NO_TAB_ID);
  const listHeight = 'max(20rem, calc(100dvh - 24rem))';

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
          <Button variant="outline" onClick={() => pipeline.send({ type: 'user.addTab' })} disabled={loadingTabs || tabsFailed} data-testid="pipeline-add-tab">
            {t.addTab()}
          </Button>
          <Button variant="outline" onClick={() => pipeline.send({ type: 'user.import' })} disabled={loadingTabs || tabsFailed} data-testid="pipeline-import">
            {LL.importer.open()}
          </Button>
          <Button onClick={() => pipeline.send({ type: 'user.addLead' })} disabled={loadingTabs || tabsFailed} data-testid="pipeline-add-lead">
            {t.addLead()}
          </Button>
        </div>
      </div>

      <SyncNotice testIdFor={{ noExtension: 'pipeline-needs-extension' }} />

      <FilterBar pipeline={pipeline} filters={filters} />

      {notice ? (
        <div className={noticeRow}>
          <InlineAlert status="error" title={t.notice[notice.kind]({ message: notice.message })} data-testid="pipeline-notice" />
          <Button size="sm" variant="ghost" onClick={() => pipeline.send({ type: 'user.dismissNotice' })} data-testid="pipeline-notice-dismiss">
            {t.notice.dismiss()}
          </Button>
        </div>
      ) : null}

      {loadingTabs && tabs.length === 0 ? (
        <p className={stateBox} role="status">
          {t.loadingTabs()}
        </p>
      ) : null}
      {tabsFailed ? (
        <div className={stateBox} role="alert" data-testid="pipeline-tabs-failed">
          <p>{t.tabsFailed()}</p>
          <Button variant="outline" onClick={() => pipeline.send({ type: 'user.retry' })} data-testid="pipeline-retry">
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
                panel={ref}
                tab={tab}
                tabs={tabs}
                customIndex={customTabs.findIndex((x) => x.id === tabId)}
                customCount={customTabs.length}
                counts={counts[tabId]}
                listHeight={listHeight}
                formatDate={formatDate}
              />
            );
          })}
        </div>
      ) : null}

      {editing ? (
        <LeadFormDialog
          realRole={realRole}
          mode={editing.mode}
          {...(editing.mode === 'edit' ? { lead: editing.lead } : { tabId: editing.tabId })}
          tabs={tabs}
          onSaved={(result) => pipeline.send({ type: 'form.saved', ...result })}
          onClose={() => pipeline.send({ type: 'form.closed' })}
        />
      ) : null}
      <LeadDialogs pipeline={pipeline} />
      <TabDialog pipeline={pipeline} />
      {/* New leads go to No tabs (the pipeline shows every tab at once; none is selected). */}
      <ImportDialog open={importing} tabId={NO_TAB_ID} onClose={() => pipeline.send({ type: 'import.closed' })} onImported={() => pipeline.send({ type: 'import.done' })} />
    </section>
  );
}

/** Search (debounced by the machine), the two date ranges, the sort and the two switches. */
function FilterBar({ pipeline, filters }: { pipeline: PipelineActorRef; filters: PipelineFilters }) {
  const { LL } = useI18nContext();
  const t = LL.pipeline.filters;
  // What is typed shows at once; the machine applies it after its debounce. A change from
  // elsewhere (back button, clearing) replaces it.
  const [typed, setTyped] = useState(filters.search);
  useEffect(() => setTyped(filters.search), [filters.search]);
  const now = useMemo(() => new Date(), []);
  const dateTexts = {
    quickRangeLabels: {
      today: t.today(),
      yesterday: t.yesterday(),
      thisWeek: t.thisWeek(),
      thisMonth: t.thisMonth(),
    },
    labels: {
      open: t.openCalendar(),
      prev: t.prevMonth(),
      next: t.nextMonth(),
      start: t.from(),
      end: t.to(),
      quickRanges: t.quickRanges(),
    },
  };
  const filterNow = (patch: Partial<PipelineFilters>) => pipeline.send({ type: 'user.filterNow', patch });
  const [open, setOpen] = useState(false);

  return (
    <div role="search" aria-label={t.label()} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <Button variant="outline" size="sm" className={filterToggle} aria-expanded={open} aria-controls="pipeline-filters" onClick={() => setOpen((o) => !o)} data-testid="filter-toggle">
        {isFiltered(filters) ? `${t.label()} •` : t.label()}
      </Button>
      <div id="pipeline-filters" className={filterBody} data-open={open ? '' : undefined}>
        <div className={filterBar}>
          <TextField
            label={t.search()}
            type="search"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              pipeline.send({
                type: 'user.filter',
                patch: { search: e.target.value },
              });
            }}
            data-testid="filter-search"
          />
          <SimpleSelect
            label={t.sort()}
            options={leadSorts.map((v) => ({
              value: v,
              label: t.sortField[v](),
            }))}
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
          <div className={switches}>
            <Checkbox checked={filters.awaitReply} onCheckedChange={(c) => filterNow({ awaitReply: c })} data-testid="filter-await">
              {t.awaitReply()}
            </Checkbox>
            <Checkbox checked={filters.showClosed} onCheckedChange={(c) => filterNow({ showClosed: c })} data-testid="filter-closed">
              {t.showClosed()}
            </Checkbox>
          </div>
        </div>
        <div className={filterBar}>
          <DateRangePicker
            label={t.created()}
            value={toDateRange(filters.created)}
            onValueChange={(r) => filterNow({ created: toTimeRange(r) })}
            now={now}
            {...dateTexts}
            data-testid="filter-created"
          />
          <DateRangePicker
            label={t.lastMessage()}
            value={toDateRange(filters.lastMessage)}
            onValueChange={(r) => filterNow({ lastMessage: toTimeRange(r) })}
            now={now}
            {...dateTexts}
            data-testid="filter-last"
          />
          {isFiltered(filters) ? (
            <div>
              <Button
                variant="ghost"
                onClick={() =>
                  filterNow({
                    search: '',
                    created: null,
                    lastMessage: null,
                    awaitReply: false,
                    showClosed: false,
                  })
                }
                data-testid="filter-clear"
              >
                {t.clear()}
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** SPEC §2 sync-button guidance mask: the member has no leads at all. */
function EmptyMask({ pipeline }: { pipeline: PipelineActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.pipeline.empty;
  // Sync Now starts the chat sync; its spinner and notices show with the Sync button above.
  const chatSync = useChatSyncActor();
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

/** Close (with a reason) and delete (confirmed) of one lead. */
function LeadDialogs({ pipeline }: { pipeline: PipelineActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.pipeline;
  const target = useSelector(pipeline, (s) => s.context.target);
  const closing = useSelector(pipeline, (s) => s.hasTag('closing'));
  const confirmDelete = useSelector(pipeline, (s) => s.hasTag('confirmDelete'));
  const busy = useSelector(pipeline, (s) => s.hasTag('busy'));
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (closing) setReason('');
  }, [closing]);
  const cancel = () => pipeline.send({ type: 'user.cancel' });
  const name = target?.name ?? '';
  return (
    <>
      <ModalDialog
        open={closing}
        onClose={cancel}
        title={t.close.title({ name })}
        description={t.close.body()}
        data-testid="close-dialog"
        footer={
          <>
            <Button variant="outline" onClick={cancel} data-testid="dialog-cancel">
              {t.cancel()}
            </Button>
            <Button loading={busy} onClick={() => pipeline.send({ type: 'user.confirmClose', reason })} data-testid="close-confirm">
              {t.close.confirm()}
            </Button>
          </>
        }
      >
        <TextField label={t.close.reason()} placeholder={t.close.reasonHint()} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} data-testid="close-reason" />
      </ModalDialog>
      <ModalDialog
        open={confirmDelete}
        onClose={cancel}
        title={t.remove.title({ name })}
        description={t.remove.body()}
        role="alertdialog"
        data-testid="delete-dialog"
        footer={
          <>
            <Button variant="outline" onClick={cancel} data-testid="dialog-cancel">
              {t.cancel()}
            </Button>
            <Button loading={busy} onClick={() => pipeline.send({ type: 'user.confirm' })} data-testid="delete-confirm">
              {t.remove.confirm()}
            </Button>
          </>
        }
      />
    </>
  );
}

/** Add or rename a tab (name, with the server's refusal under it), or confirm deleting one. */
function TabDialog({ pipeline }: { pipeline: PipelineActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.pipeline;
  const tabName = useTabName();
  const dialog = useSelector(pipeline, (s) => s.context.tabDialog);
  const tabError = useSelector(pipeline, (s) => s.context.tabError);
  const busy = useSelector(pipeline, (s) => s.hasTag('busy'));
  const [name, setName] = useState('');
  useEffect(() => {
    setName(dialog?.mode === 'rename' ? dialog.tab.name : '');
  }, [dialog]);
  const cancel = () => pipeline.send({ type: 'user.cancel' });

  if (dialog?.mode === 'delete') {
    return (
      <ModalDialog
        open
        onClose={cancel}
        title={t.tab.deleteTitle({ name: tabName(dialog.tab) })}
        description={t.tab.deleteBody()}
        role="alertdialog"
        data-testid="tab-dialog"
        footer={
          <>
            <Button variant="outline" onClick={cancel} data-testid="dialog-cancel">
              {t.cancel()}
            </Button>
            <Button loading={busy} onClick={() => pipeline.send({ type: 'user.confirm' })} data-testid="tab-delete-confirm">
              {t.tab.deleteConfirm()}
            </Button>
          </>
        }
      >
        {tabError ? <InlineAlert status="error" title={tabError} /> : null}
      </ModalDialog>
    );
  }
  const save = () => pipeline.send({ type: 'user.saveTab', name });
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
        <TextField label={t.tab.name()} value={name} maxLength={30} required errorText={tabError ?? undefined} onChange={(e) => setName(e.target.value)} data-testid="tab-name" />
      </form>
    </ModalDialog>
  );
}
