/**
 * /contacts (inside the main layout): the contacts table (SPEC §2 /contacts; §3 Contact list
 * filters and table columns). The flow is the contacts table (src/machines/contacts-table.machine.ts),
 * which the app system starts while /contacts is on screen (with the URL's filters and the caller's
 * role) and which follows the URL and the member selector itself. This view renders its context,
 * its tags and its children: the filters (`filters`, src/machines/filter-url.machine.ts: the fields
 * show `shownFilters`, typed text and choices go to it), the profile panel (`profile`) and the
 * batch-tag dialog (`batchTag`); it sends `user.*` events and nothing else.
 *
 * Test ids: contacts-page, contacts-search, contacts-total, contacts-table, contacts-row-<id>,
 * contacts-open-<id>, contacts-select-all-matching, contacts-selection, contacts-batch-delete,
 * contacts-batch-tag, contacts-export, contacts-columns, contacts-columns-dialog, column-<id>,
 * contacts-columns-done, contacts-filter-tab, contacts-filter-stage, contacts-filter-level,
 * contacts-filter-source, contacts-filter-created, contacts-filter-closed, contacts-filter-noted,
 * contacts-filter-filled-<field>, contacts-filter-tag-<valueId>, contacts-filter-tags-exclude,
 * contacts-filter-clear, contacts-filter-open (the Filters popover's button), contacts-filter-popover,
 * contacts-filter-chips, contacts-filter-chip-<id>, contacts-filter-chip-<id>-remove, contacts-notice, contacts-notice-dismiss,
 * contacts-delete-dialog, contacts-delete-confirm, contacts-delete-cancel, export-limit-dialog,
 * export-limit-close, export-limit-upgrade, export-limit-note, contacts-pagination; the profile
 * panel's are listed in contact-profile-panel.tsx, the plan upgrade dialog's in ../billing/plan-upgrade-dialog.tsx.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../../../styled-system/css';
import { contactColumns, type Contact, type ContactColumn } from '../../../contract/contacts';
import { NO_TAB_ID, salesLevels, salesSources, salesStages } from '../../../contract/leads';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { BatchTagActorRef } from '../../../machines/batch-tag.machine';
import {
  clearedFilters,
  contactChips,
  filledFields,
  isFiltered,
  type ContactChipId,
  type ContactFilterActorRef,
  type ContactFilterEvent,
  type ContactFilters,
} from '../../../machines/contact-filters';
import { isLastColumn, mayUpgradePlan, selectionCount, type ContactsNotice, type ContactsTableActorRef } from '../../../machines/contacts-table.machine';
import type { PlanUpgradeActorRef } from '../../../machines/plan-upgrade.machine';
import { appliedFilters, shownFilters } from '../../../machines/filter-url.machine';
import type { TimeRange } from '../../../machines/pipeline-filters';
import { useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { DataTable, type DataTableColumn, type TableSort } from '../../components/data-table';
import { DateRangePicker, type DateRange } from '../../components/date-range-picker';
import { dayRangeText } from '../../components/date-ranges';
import { FilterRow, filterRowTexts } from '../../components/filter-row';
import { ModalDialog } from '../../components/dialog';
import { Heading, Text } from '../../components/heading';
import { Pagination } from '../../components/pagination';
import { SimpleSelect } from '../../components/select';
import { UserText } from '../../components/user-text';
import { sensitive } from '../../components/sensitive';
import { isolatedText, visibleText } from '../../components/visible-text';
import { ExportLimitDialog as SharedExportLimitDialog } from '../billing/export-limit-dialog';
import { BatchTagDialog } from '../tags/batch-tag-dialog';
import { ContactProfilePanel } from './contact-profile-panel';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '4', md: '6' }, minWidth: '0' });
const head = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '3', flexWrap: 'wrap' });
const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
/** The popover's filters: the created range and the selects, two to a line where there is room. */
const filterGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' });
const tagList = css({ display: 'flex', flexWrap: 'wrap', gap: '3' });
const toolbar = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' });
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '1' });
const chip = css({ px: '2', py: '0.5', borderRadius: 'full', bg: 'colorPalette.a3', textStyle: 'xs', whiteSpace: 'nowrap' });
const nameButton = css({
  color: 'colorPalette.text',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  textAlign: 'start',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
});
/** Phone numbers stay on one line. */
const noWrap = css({ whiteSpace: 'nowrap' });
const columnList = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '2' });

const toDateRange = (r: TimeRange | null): DateRange | null => (r ? { start: new Date(r.from), end: new Date(r.to) } : null);
const toTimeRange = (r: DateRange | null): TimeRange | null => (r ? { from: r.start.getTime(), to: r.end.getTime() } : null);

/** Columns the server sorts by (SPEC §3 Lead search options), keyed by the table's column id. */
const sortableColumns: Partial<Record<ContactColumn, ContactFilters['sort']>> = { name: 'name', createTime: 'createTime', lastMessageTime: 'lastMessageTime' };

export function ContactsScreen() {
  const table = useFlow('contactsTable');
  return table ? <ContactsView table={table} /> : null;
}

function ContactsView({ table }: { table: ContactsTableActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.contacts;
  const rows = useSelector(table, (s) => s.context.rows);
  const totalCount = useSelector(table, (s) => s.context.totalCount);
  const pageNo = useSelector(table, (s) => s.context.page);
  const pageSize = useSelector(table, (s) => s.context.pageSize);
  const filters = useSelector(table, (s) => s.context.filters);
  const selection = useSelector(table, (s) => s.context.selection);
  const columns = useSelector(table, (s) => s.context.columns);
  const tabs = useSelector(table, (s) => s.context.tabs);
  const loading = useSelector(table, (s) => s.hasTag('loading'));
  const failed = useSelector(table, (s) => s.hasTag('loadFailed'));
  const busy = useSelector(table, (s) => s.hasTag('busy'));
  const filterFlow = useSelector(table, (s) => s.children.filters as ContactFilterActorRef | undefined);
  const batchTag = useSelector(table, (s) => s.children.batchTag as BatchTagActorRef | undefined);
  const count = selectionCount(selection, totalCount);

  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    return (ms: number | null | undefined) => (ms ? format.format(ms) : '');
  }, [locale]);
  const tabName = (c: Contact) => (c.tabId === NO_TAB_ID ? t.noTab() : c.tabName || (tabs.find((x) => x.id === c.tabId)?.name ?? ''));

  const tableColumns = useMemo(
    () => contactColumns.map((id) => columnOf(id, LL, formatDate, tabName, (c) => table.send({ type: 'user.open', id: c.id }))),
    // The cells read the tabs through tabName, so the tabs are among the dependencies.
    [LL, formatDate, tabs, table],
  );
  const visibility = useMemo(() => Object.fromEntries(contactColumns.map((id) => [id, columns.includes(id)])), [columns]);
  const sortColumn = (Object.keys(sortableColumns) as ContactColumn[]).find((id) => sortableColumns[id] === filters.sort) ?? null;
  const sort: TableSort = sortColumn ? { columnId: sortColumn, direction: filters.sortOrder } : null;
  const headers = columns.map((id) => t.columns[id]());

  return (
    <section className={page} data-testid="contacts-page" aria-labelledby="contacts-title">
      <div className={head}>
        <div>
          <Heading id="contacts-title">{t.title()}</Heading>
          <Text muted>{t.lead()}</Text>
        </div>
        <div className={row}>
          <Button variant="outline" onClick={() => table.send({ type: 'user.chooseColumns' })} data-testid="contacts-columns">
            {t.columnChooser()}
          </Button>
          <Button variant="outline" loading={busy && count === 0} onClick={() => table.send({ type: 'user.export', headers })} disabled={busy} data-testid="contacts-export">
            {count > 0 ? t.actions.export() : t.actions.exportAll()}
          </Button>
        </div>
      </div>

      {filterFlow ? <FilterBar table={table} filters={filterFlow} /> : null}
      <Notice table={table} />

      <div className={toolbar}>
        <Text muted role="status" data-testid="contacts-total">
          {t.total({ count: totalCount })}
        </Text>
        {count > 0 ? (
          <div className={row}>
            <span data-testid="contacts-selection">{t.selection.count({ count })}</span>
            <Button size="sm" variant="outline" onClick={() => table.send({ type: 'user.tag' })} disabled={busy} data-testid="contacts-batch-tag">
              {t.actions.tag()}
            </Button>
            <Button size="sm" variant="outline" onClick={() => table.send({ type: 'user.delete' })} disabled={busy} data-testid="contacts-batch-delete">
              {t.actions.delete()}
            </Button>
          </div>
        ) : null}
      </div>

      <DataTable
        label={t.table()}
        columns={tableColumns}
        data={rows}
        getRowId={(c) => c.id}
        status={failed ? 'error' : loading && rows.length === 0 ? 'loading' : 'ready'}
        onRetry={() => table.send({ type: 'user.retry' })}
        texts={{ empty: isFiltered(filters) ? t.empty() : t.emptyAll(), loading: t.loading(), error: t.failed(), retry: t.retry() }}
        sort={sort}
        onSortChange={(s) => {
          const field = s ? sortableColumns[s.columnId as ContactColumn] : undefined;
          filterFlow?.send({ type: 'user.filterNow', patch: field && s ? { sort: field, sortOrder: s.direction } : { sort: 'createTime', sortOrder: 'desc' } });
        }}
        selection={selection}
        onSelectionChange={(next) => table.send({ type: 'user.select', selection: next })}
        selectionTexts={{
          selectPage: t.selection.selectPage(),
          selectRow: (c) => t.selection.selectRow({ name: visibleText(c.name) }),
          pageSelected: (n) => t.selection.pageSelected({ count: n }),
          selectAllMatching: (n) => t.selection.selectAllMatching({ total: n }),
          allMatchingSelected: (n) => t.selection.allMatchingSelected({ count: n }),
          clear: t.selection.clear(),
        }}
        totalMatching={totalCount}
        columnVisibility={visibility}
        rowTestId={(c) => `contacts-row-${c.id}`}
        maxHeight="calc(100dvh - 22rem)"
        size="sm"
        data-testid="contacts-table"
      />
      {totalCount > pageSize ? (
        <Pagination
          count={totalCount}
          pageSize={pageSize}
          page={pageNo}
          onPageChange={(p) => table.send({ type: 'user.page', page: p })}
          labels={{ root: t.pagination.label(), prev: t.pagination.prev(), next: t.pagination.next(), page: (p) => t.pagination.page({ page: p }) }}
          data-testid="contacts-pagination"
        />
      ) : null}

      <DeleteDialog table={table} count={count} />
      <ExportLimitDialog table={table} />
      <ColumnChooser table={table} columns={columns} />
      <BatchTagDialog flow={batchTag} />
      <ContactProfilePanel table={table} />
    </section>
  );
}

/** One column of the table: its header from the dictionary and its cell. */
function columnOf(
  id: ContactColumn,
  LL: TranslationFunctions,
  formatDate: (ms: number | null | undefined) => string,
  tabName: (c: Contact) => string,
  open: (c: Contact) => void,
): DataTableColumn<Contact> {
  const t = LL.contacts;
  const base = { id, header: t.columns[id](), sortable: id in sortableColumns, sortDescFirst: id !== 'name' };
  switch (id) {
    case 'name':
      return {
        ...base,
        cell: (c) => (
          <button type="button" className={nameButton} onClick={() => open(c)} aria-label={t.actions.open({ name: visibleText(c.name) })} data-testid={`contacts-open-${c.id}`}>
            <UserText {...sensitive} text={c.name} />
          </button>
        ),
      };
    case 'phone':
      return { ...base, cell: (c) => <bdi dir="ltr" className={noWrap} {...sensitive}>{c.phone}</bdi> };
    case 'tab':
      return { ...base, cell: (c) => <UserText text={tabName(c)} /> };
    case 'stage':
      return { ...base, cell: (c) => (c.stage ? LL.leads.stage[c.stage]() : '') };
    case 'level':
      return { ...base, cell: (c) => (c.level ? LL.leads.level[c.level]() : '') };
    case 'source':
      return { ...base, cell: (c) => (c.source ? LL.leads.source[c.source]() : '') };
    case 'tags':
      return {
        ...base,
        cell: (c) => (
          <span className={chips}>
            {c.tags.map((v) => (
              <span key={v.valueId} className={chip}>
                <UserText text={v.tagName} />: <UserText text={v.value} />
              </span>
            ))}
          </span>
        ),
      };
    case 'createTime':
      return { ...base, cell: (c) => formatDate(c.createTime) };
    case 'lastMessageTime':
      return { ...base, cell: (c) => formatDate(c.lastMessageTime) };
    case 'followUpTime':
      return { ...base, cell: (c) => formatDate(c.followUpTime) };
    case 'isClosed':
      return { ...base, cell: (c) => (c.isClosed ? t.yes() : t.no()) };
    case 'gender':
      return { ...base, cell: (c) => (c.gender ? LL.leads.gender[c.gender]() : '') };
    case 'activity':
      return { ...base, cell: (c) => (c.activity ? LL.leads.activity[c.activity]() : '') };
    default:
      // The contact's own free text (email, company, address ...): blurred by the privacy switch with the name and phone.
      return { ...base, cell: (c) => <UserText {...sensitive} text={String(c[id] ?? '')} /> };
  }
}

/**
 * The filter row (src/ui/components/filter-row.tsx): the search, a Filters button whose popover
 * holds the created range, the tab, the sales fields, the switches and the tags, and the active
 * filters as chips. The fields show the filters flow's `shownFilters` (typed text at once, applied
 * after its debounce) and send it what changes; removing a chip sends `user.clear`.
 */
function FilterBar({ table, filters: flow }: { table: ContactsTableActorRef; filters: ContactFilterActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.contacts.filters;
  const tags = useSelector(table, (s) => s.context.tags);
  const tabs = useSelector(table, (s) => s.context.tabs);
  const filters = useSelector(flow, (s) => shownFilters<ContactFilters>(s));
  const applied = useSelector(flow, (s) => appliedFilters<ContactFilters>(s));
  const now = useMemo(() => new Date(), []);
  const send = (event: ContactFilterEvent) => flow.send(event);
  const filterNow = (patch: Partial<ContactFilters>) => send({ type: 'user.filterNow', patch });
  const anyOption = { value: '', label: t.any() };
  const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((x) => x !== value));
  const quickRangeLabels = { today: t.today(), yesterday: t.yesterday(), thisWeek: t.thisWeek(), thisMonth: t.thisMonth() };
  const chip = (label: string, value: string) => LL.leads.filterRow.chip({ label, value });
  const tabLabel = (id: number) => (id === NO_TAB_ID ? LL.contacts.noTab() : isolatedText(tabs.find((x) => x.id === id)?.name ?? String(id)));
  const tagValueLabel = (id: number) => {
    const value = tags.flatMap((tag) => tag.values).find((v) => v.id === id);
    return value ? isolatedText(value.value) : String(id);
  };
  const chipText = (id: ContactChipId): string => {
    switch (id) {
      case 'created':
        return chip(t.created(), applied.created ? dayRangeText({ start: new Date(applied.created.from), end: new Date(applied.created.to) }, now, locale, quickRangeLabels) : '');
      case 'tabId':
        return chip(t.tab(), applied.tabId === null ? '' : tabLabel(applied.tabId));
      case 'stage':
        return chip(t.stage(), applied.stage.map((v) => LL.leads.stage[v]()).join(', '));
      case 'level':
        return chip(t.level(), applied.level.map((v) => LL.leads.level[v]()).join(', '));
      case 'source':
        return chip(t.source(), applied.source.map((v) => LL.leads.source[v]()).join(', '));
      case 'filled':
        return applied.filled.map((f) => t.filled[f]()).join(', ');
      case 'isNoted':
        return t.isNoted();
      case 'showClosed':
        return t.showClosed();
      case 'tags':
        return chip(applied.includeTags ? t.includeTags() : t.excludeTags(), applied.tagValueIds.map(tagValueLabel).join(', '));
    }
  };
  const chips = contactChips(applied).map((c) => ({ id: c.id, text: chipText(c.id), onRemove: () => send({ type: 'user.clear', keys: c.keys }) }));

  return (
    <FilterRow
      label={t.label()}
      search={{ label: t.search(), value: filters.search, onChange: (search) => send({ type: 'user.filter', patch: { search } }), testId: 'contacts-search' }}
      chips={chips}
      texts={filterRowTexts(LL)}
      testIdPrefix="contacts-filter"
      end={
        isFiltered(applied) ? (
          <Button variant="ghost" size="sm" onClick={() => filterNow(clearedFilters(filters))} data-testid="contacts-filter-clear">
            {t.clear()}
          </Button>
        ) : null
      }
    >
      <div className={filterGrid}>
        <DateRangePicker
          label={t.created()}
          value={toDateRange(filters.created)}
          onValueChange={(r) => filterNow({ created: toTimeRange(r) })}
          now={now}
          quickRangeLabels={quickRangeLabels}
          labels={{ open: t.openCalendar(), prev: t.prevMonth(), next: t.nextMonth(), start: t.from(), end: t.to(), quickRanges: t.quickRanges() }}
          data-testid="contacts-filter-created"
        />
        <SimpleSelect
          label={t.tab()}
          options={[{ value: '', label: t.anyTab() }, ...tabs.map((tab) => ({ value: String(tab.id), label: tab.id === NO_TAB_ID ? LL.contacts.noTab() : visibleText(tab.name) }))]}
          value={filters.tabId === null ? '' : String(filters.tabId)}
          onValueChange={(v) => filterNow({ tabId: v === '' ? null : Number(v) })}
          data-testid="contacts-filter-tab"
        />
        <SimpleSelect
          label={t.stage()}
          options={[anyOption, ...salesStages.map((v) => ({ value: v, label: LL.leads.stage[v]() }))]}
          value={filters.stage[0] ?? ''}
          onValueChange={(v) => filterNow({ stage: v === '' ? [] : [v as ContactFilters['stage'][number]] })}
          data-testid="contacts-filter-stage"
        />
        <SimpleSelect
          label={t.level()}
          options={[anyOption, ...salesLevels.map((v) => ({ value: v, label: LL.leads.level[v]() }))]}
          value={filters.level[0] ?? ''}
          onValueChange={(v) => filterNow({ level: v === '' ? [] : [v as ContactFilters['level'][number]] })}
          data-testid="contacts-filter-level"
        />
        <SimpleSelect
          label={t.source()}
          options={[anyOption, ...salesSources.map((v) => ({ value: v, label: LL.leads.source[v]() }))]}
          value={filters.source[0] ?? ''}
          onValueChange={(v) => filterNow({ source: v === '' ? [] : [v as ContactFilters['source'][number]] })}
          data-testid="contacts-filter-source"
        />
      </div>
      <div className={row}>
        <Checkbox checked={filters.showClosed} onCheckedChange={(c) => filterNow({ showClosed: c })} data-testid="contacts-filter-closed">
          {t.showClosed()}
        </Checkbox>
        <Checkbox checked={filters.isNoted} onCheckedChange={(c) => filterNow({ isNoted: c })} data-testid="contacts-filter-noted">
          {t.isNoted()}
        </Checkbox>
        {filledFields.map((field) => (
          <Checkbox
            key={field}
            checked={filters.filled.includes(field)}
            onCheckedChange={(c) => filterNow({ filled: toggle(filters.filled, field, c) })}
            data-testid={`contacts-filter-filled-${field}`}
          >
            {t.filled[field]()}
          </Checkbox>
        ))}
      </div>
      <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <legend className={css({ fontWeight: 'semibold', mb: '1' })}>{t.tags()}</legend>
        {tags.length === 0 ? <Text muted>{t.noTags()}</Text> : null}
        {tags.map((tag) => (
          <div key={tag.id} className={tagList} role="group" aria-label={visibleText(tag.name)}>
            <UserText className={css({ color: 'fg.muted', minWidth: '6rem' })} text={tag.name} />
            {tag.values.map((v) => (
              <Checkbox
                key={v.id}
                checked={filters.tagValueIds.includes(v.id)}
                onCheckedChange={(c) => filterNow({ tagValueIds: toggle(filters.tagValueIds, v.id, c) })}
                data-testid={`contacts-filter-tag-${v.id}`}
              >
                <UserText text={v.value} />
              </Checkbox>
            ))}
          </div>
        ))}
        {filters.tagValueIds.length > 0 ? (
          <Checkbox checked={!filters.includeTags} onCheckedChange={(c) => filterNow({ includeTags: !c })} data-testid="contacts-filter-tags-exclude">
            {t.excludeTags()}
          </Checkbox>
        ) : null}
      </fieldset>
    </FilterRow>
  );
}

const noticeText = (LL: TranslationFunctions, notice: ContactsNotice): string => {
  const t = LL.contacts.notice;
  switch (notice.kind) {
    case 'deleted':
      return t.deleted({ count: notice.count });
    case 'deleteFailed':
      return t.deleteFailed();
    case 'tagged':
      return t.tagged({ count: notice.count });
    case 'exported':
      return t.exported();
    case 'exportFailed':
      return t.exportFailed({ message: notice.message });
    case 'columnsFailed':
      return t.columnsFailed();
  }
};

function Notice({ table }: { table: ContactsTableActorRef }) {
  const { LL } = useI18nContext();
  const notice = useSelector(table, (s) => s.context.notice);
  if (!notice) return null;
  const failure = notice.kind === 'deleteFailed' || notice.kind === 'exportFailed' || notice.kind === 'columnsFailed';
  return (
    <div className={row}>
      <InlineAlert status={failure ? 'error' : 'success'} title={noticeText(LL, notice)} data-testid="contacts-notice" />
      <Button size="sm" variant="ghost" onClick={() => table.send({ type: 'user.dismissNotice' })} data-testid="contacts-notice-dismiss">
        {LL.contacts.notice.dismiss()}
      </Button>
    </div>
  );
}

/**
 * The column chooser (opened by the table flow's `choosingColumns`): every SPEC §3 column; the
 * flow saves each change through list-config and keeps at least one column (`isLastColumn`).
 */
function ColumnChooser({ table, columns }: { table: ContactsTableActorRef; columns: readonly ContactColumn[] }) {
  const { LL } = useI18nContext();
  const t = LL.contacts;
  const open = useSelector(table, (s) => s.hasTag('choosingColumns'));
  const close = () => table.send({ type: 'user.closeColumns' });
  return (
    <ModalDialog
      open={open}
      onClose={close}
      title={t.columnChooser()}
      description={t.columnChooserHint()}
      closeLabel={LL.common.close()}
      data-testid="contacts-columns-dialog"
      footer={
        <Button onClick={close} data-testid="contacts-columns-done">
          {t.exportLimit.close()}
        </Button>
      }
    >
      <div className={columnList}>
        {contactColumns.map((id) => (
          <Checkbox
            key={id}
            checked={columns.includes(id)}
            disabled={isLastColumn(columns, id)}
            onCheckedChange={(shown) => table.send({ type: 'user.toggleColumn', column: id, shown })}
            data-testid={`column-${id}`}
          >
            {t.columns[id]()}
          </Checkbox>
        ))}
      </div>
    </ModalDialog>
  );
}

function DeleteDialog({ table, count }: { table: ContactsTableActorRef; count: number }) {
  const { LL } = useI18nContext();
  const t = LL.contacts.deleteDialog;
  const open = useSelector(table, (s) => s.hasTag('confirmDelete'));
  const busy = useSelector(table, (s) => s.hasTag('busy'));
  const cancel = () => table.send({ type: 'user.cancel' });
  return (
    <ModalDialog
      open={open}
      onClose={cancel}
      title={t.title({ count })}
      description={t.body()}
      role="alertdialog"
      data-testid="contacts-delete-dialog"
      footer={
        <>
          <Button variant="outline" onClick={cancel} disabled={busy} data-testid="contacts-delete-cancel">
            {t.cancel()}
          </Button>
          <Button loading={busy} onClick={() => table.send({ type: 'user.confirm' })} data-testid="contacts-delete-confirm">
            {t.confirm()}
          </Button>
        </>
      }
    />
  );
}

/**
 * SPEC §2 export-limit dialog: free and trial plans have no export (100008). The owner and managers
 * get Upgrade (the table flow's child `planUpgrade`, from the workspace's plan as the account knows
 * it; its dialog opens over this one), members the note to ask their administrator.
 */
function ExportLimitDialog({ table }: { table: ContactsTableActorRef }) {
  const open = useSelector(table, (s) => s.hasTag('exportLimit'));
  const mayUpgrade = useSelector(table, (s) => mayUpgradePlan(s.context.realRole));
  const upgrade = useSelector(table, (s) => s.children.planUpgrade as PlanUpgradeActorRef | undefined);
  return (
    <SharedExportLimitDialog
      open={open}
      mayUpgrade={mayUpgrade}
      upgrade={upgrade}
      onClose={() => table.send({ type: 'user.cancel' })}
      onUpgrade={(currentPlanCode) => table.send({ type: 'user.upgrade', currentPlanCode })}
    />
  );
}
