/**
 * Data table on TanStack Table v9 (headless: columns, sorting state, visibility, selection) with
 * Park UI's table recipe. Controlled: data, sorting, selection and column visibility come from
 * props and every change goes out through a callback, so the owning statechart holds the state and
 * talks to the server (sorting is manual: rows arrive already sorted).
 *
 * Usage (a members list):
 *   const columns: DataTableColumn<Member>[] = [
 *     { id: 'email', header: t.email(), cell: (m) => m.email, sortable: true },
 *     { id: 'role', header: t.role(), cell: (m) => <RoleSelect member={m} /> },
 *   ];
 *   <DataTable label={t.title()} columns={columns} data={members} getRowId={(m) => String(m.id)}
 *     status={loading ? 'loading' : failed ? 'error' : 'ready'} onRetry={() => send({ type: 'retry' })}
 *     sort={sort} onSortChange={(s) => send({ type: 'sort', sort: s })}
 *     texts={{ empty: t.empty(), loading: t.loading(), error: t.failed(), retry: t.retry() }} />
 */
import {
  columnVisibilityFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { table as tableRecipe } from '../../../styled-system/recipes';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { isRowSelected, pageCheckState, selectedCount, togglePage, toggleRow, type TableSelection } from './table-selection';

export type { TableSelection } from './table-selection';

/** One column as the screen describes it: header text and a cell renderer. */
export interface DataTableColumn<TRow> {
  /** Stable id: the sort key sent to the owner and the key of `columnVisibility`. */
  id: string;
  header: ReactNode;
  cell: (row: TRow) => ReactNode;
  /** The header becomes a sort button and carries `aria-sort`. */
  sortable?: boolean;
  /** First click sorts descending (dates, counts). */
  sortDescFirst?: boolean;
  align?: 'start' | 'center' | 'end';
  /** CSS width, e.g. '12rem' or '20%'. */
  width?: string;
  /** Header text for assistive technology only (an actions column). */
  hideHeader?: boolean;
}

/** One-column sort, or none (the server's default order). */
export type TableSort = { columnId: string; direction: 'asc' | 'desc' } | null;

export type TableStatus = 'ready' | 'loading' | 'error';

export interface DataTableTexts {
  /** Shown in the empty row (ready, no rows). */
  empty: ReactNode;
  /** Shown in the loading row (loading, no rows yet). */
  loading: ReactNode;
  /** Shown in the error row. */
  error: ReactNode;
  /** The error row's retry button. */
  retry?: string;
}

export interface DataTableSelectionTexts<TRow> {
  /** Accessible name of the header checkbox, e.g. "Select all on this page". */
  selectPage: string;
  /** Accessible name of a row's checkbox, e.g. "Select alice@example.com". */
  selectRow: (row: TRow) => string;
  /** "All 20 on this page are selected." */
  pageSelected?: (count: number) => ReactNode;
  /** The button that widens the selection: "Select all 134 matching". */
  selectAllMatching?: (total: number) => string;
  /** "All 134 matching are selected." (count minus unticked rows). */
  allMatchingSelected?: (count: number) => ReactNode;
  /** The button that clears the selection. */
  clear?: string;
}

export interface DataTableProps<TRow> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataTableColumn<TRow>[];
  /** The rows of the shown page, in display order (already sorted by the server). */
  data: readonly TRow[];
  getRowId: (row: TRow) => string;
  status?: TableStatus;
  texts: DataTableTexts;
  onRetry?: () => void;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
  /** Allow going back to no sort (asc → desc → none); otherwise asc ↔ desc. */
  sortRemovable?: boolean;
  /** Row selection: checkboxes show only when both `selection` and `onSelectionChange` are given. */
  selection?: TableSelection;
  onSelectionChange?: (selection: TableSelection) => void;
  selectionTexts?: DataTableSelectionTexts<TRow>;
  /** How many rows match the query on the server (offers "select all N matching" when more than shown). */
  totalMatching?: number;
  /** `{ columnId: false }` hides a column; absent means shown. */
  columnVisibility?: Readonly<Record<string, boolean>>;
  /** Test id of each row (default `row-<id>`). */
  rowTestId?: (row: TRow) => string;
  /** Scroll height of the body (the header stays put); default: grows with the page. */
  maxHeight?: string;
  size?: 'sm' | 'md';
  className?: string;
  'data-testid'?: string;
}

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, rowSelectionFeature });
type Features = typeof features;

const SELECT_COLUMN = '__select';

// Positioned, so visually hidden parts of cells (native selects behind Ark's, labels) are clipped by
// the scroller too, instead of widening the page beyond a phone's width.
const scroller = css({ position: 'relative', overflow: 'auto', width: 'full', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2', bg: 'bg.default' });
const tableBase = css({ borderCollapse: 'separate', borderSpacing: '0' });
const headerCell = css({
  position: 'sticky',
  top: '0',
  zIndex: '1',
  bg: 'bg.subtle',
  textAlign: 'start',
  whiteSpace: 'nowrap',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  color: 'fg.default',
  fontWeight: 'semibold',
});
const bodyCell = css({ borderBottomWidth: '1px', borderColor: 'border.subtle', textAlign: 'start' });
const alignClass = { start: css({ textAlign: 'start' }), center: css({ textAlign: 'center' }), end: css({ textAlign: 'end' }) } as const;
const selectCell = css({ width: '10', paddingInlineEnd: '0' });
const sortButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  borderRadius: 'l1',
  _hover: { color: 'colorPalette.text' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
});
const statusCell = css({ textAlign: 'center', color: 'fg.muted', py: '8' });
const errorCell = css({ textAlign: 'center', py: '8', '& > div': { display: 'inline-flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', justifyContent: 'center' } });
const errorText = css({ color: 'fg.error' });
const banner = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', px: '4', py: '2', bg: 'colorPalette.a2', textStyle: 'sm' });
const srOnly = css({ srOnly: true });

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {direction === 'asc' ? <path d="m18 15-6-6-6 6" /> : direction === 'desc' ? <path d="m6 9 6 6 6-6" /> : <path d="m7 15 5 5 5-5M7 9l5-5 5 5" />}
    </svg>
  );
}

const toSorting = (sort: TableSort | undefined): SortingState => (sort ? [{ id: sort.columnId, desc: sort.direction === 'desc' }] : []);
const resolve = <T,>(updater: Updater<T>, old: T): T => (typeof updater === 'function' ? (updater as (o: T) => T)(old) : updater);

export function DataTable<TRow extends object>(props: DataTableProps<TRow>) {
  const {
    label,
    columns,
    data,
    getRowId,
    status = 'ready',
    texts,
    onRetry,
    sort = null,
    onSortChange,
    sortRemovable = false,
    selection,
    onSelectionChange,
    selectionTexts,
    totalMatching,
    columnVisibility,
    rowTestId,
    maxHeight,
    size = 'md',
    className,
  } = props;
  const selectable = selection !== undefined && onSelectionChange !== undefined;

  const columnDefs = useMemo<ColumnDef<Features, TRow>[]>(
    () => [
      ...(selectable ? [{ id: SELECT_COLUMN, enableSorting: false, enableHiding: false } satisfies ColumnDef<Features, TRow>] : []),
      ...columns.map(
        (c): ColumnDef<Features, TRow> => ({
          id: c.id,
          // Sorting is manual (the server sorts); TanStack only needs an accessor to allow it.
          accessorFn: () => null,
          enableSorting: c.sortable === true,
          sortDescFirst: c.sortDescFirst === true,
        }),
      ),
    ],
    [columns, selectable],
  );
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  const pageIds = useMemo(() => data.map(getRowId), [data, getRowId]);
  const rowSelection = useMemo<RowSelectionState>(() => {
    const record: RowSelectionState = {};
    if (selection) for (const id of pageIds) if (isRowSelected(selection, id)) record[id] = true;
    return record;
  }, [selection, pageIds]);
  const sorting = useMemo(() => toSorting(sort), [sort]);
  const visibility = useMemo(() => ({ ...(columnVisibility ?? {}) }), [columnVisibility]);

  const table = useTable({
    features,
    columns: columnDefs,
    data: data as TRow[],
    getRowId: (row: TRow) => getRowId(row),
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: sortRemovable,
    state: { sorting, columnVisibility: visibility, rowSelection },
    onSortingChange: (updater) => {
      const next = resolve(updater, sorting)[0];
      onSortChange?.(next ? { columnId: next.id, direction: next.desc ? 'desc' : 'asc' } : null);
    },
    onColumnVisibilityChange: () => undefined,
    onRowSelectionChange: () => undefined,
  });

  // Literal recipe calls: Panda emits CSS only for the variants it finds written out in the source.
  const classes = size === 'sm' ? tableRecipe({ size: 'sm', variant: 'plain' }) : tableRecipe({ size: 'md', variant: 'plain' });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const colSpan = Math.max(1, headers.length);
  const rows = table.getRowModel().rows;
  const headerState = selection ? pageCheckState(selection, pageIds) : false;
  const total = totalMatching ?? data.length;

  let bannerContent: ReactNode = null;
  if (selectable && selectionTexts) {
    if (selection.mode === 'allMatching') {
      bannerContent = (
        <>
          <span>{selectionTexts.allMatchingSelected?.(selectedCount(selection, total))}</span>
          {selectionTexts.clear ? (
            <Button size="xs" variant="link" onClick={() => onSelectionChange({ mode: 'page', ids: [] })} data-testid="table-clear-selection">
              {selectionTexts.clear}
            </Button>
          ) : null}
        </>
      );
    } else if (headerState === true && total > data.length && selectionTexts.selectAllMatching) {
      bannerContent = (
        <>
          <span>{selectionTexts.pageSelected?.(data.length)}</span>
          <Button size="xs" variant="link" onClick={() => onSelectionChange({ mode: 'allMatching', excludedIds: [] })} data-testid="table-select-all-matching">
            {selectionTexts.selectAllMatching(total)}
          </Button>
        </>
      );
    }
  }

  const statusRow = (content: ReactNode, testId: string, cellClass: string) => (
    <tr className={classes.row} data-testid={testId}>
      <td className={cx(classes.cell, bodyCell, cellClass)} colSpan={colSpan}>
        {content}
      </td>
    </tr>
  );

  let body: ReactNode;
  if (status === 'error') {
    body = statusRow(
      <div role="alert">
        <span className={errorText}>{texts.error}</span>
        {onRetry && texts.retry ? (
          <Button size="sm" variant="outline" onClick={onRetry} data-testid="table-retry">
            {texts.retry}
          </Button>
        ) : null}
      </div>,
      'table-error-row',
      errorCell,
    );
  } else if (status === 'loading' && rows.length === 0) {
    body = statusRow(<span role="status">{texts.loading}</span>, 'table-loading-row', statusCell);
  } else if (rows.length === 0) {
    body = statusRow(texts.empty, 'table-empty-row', statusCell);
  } else {
    body = rows.map((row) => (
      <tr
        key={row.id}
        className={classes.row}
        data-testid={rowTestId ? rowTestId(row.original) : `row-${row.id}`}
        data-selected={row.getIsSelected() ? '' : undefined}
      >
        {row.getVisibleCells().map((cell) => {
          if (cell.column.id === SELECT_COLUMN && selection && onSelectionChange) {
            return (
              <td key={cell.id} className={cx(classes.cell, bodyCell, selectCell)}>
                <Checkbox
                  checked={row.getIsSelected()}
                  onCheckedChange={(checked) => onSelectionChange(toggleRow(selection, row.id, checked))}
                  aria-label={selectionTexts?.selectRow(row.original) ?? row.id}
                  data-testid={`select-${row.id}`}
                />
              </td>
            );
          }
          const col = byId.get(cell.column.id);
          return (
            <td key={cell.id} className={cx(classes.cell, bodyCell, col?.align ? alignClass[col.align] : undefined)}>
              {col?.cell(row.original)}
            </td>
          );
        })}
      </tr>
    ));
  }

  return (
    <div className={className} data-testid={props['data-testid']}>
      {bannerContent ? (
        <div className={banner} role="status" data-testid="table-selection-banner">
          {bannerContent}
        </div>
      ) : null}
      <div className={scroller} style={maxHeight ? { maxHeight } : undefined}>
        <table className={cx(classes.root, tableBase)} aria-label={label} aria-busy={status === 'loading' || undefined}>
          <thead className={classes.head}>
            <tr className={classes.row}>
              {headers.map((header) => {
                if (header.column.id === SELECT_COLUMN && selection && onSelectionChange) {
                  return (
                    <th key={header.id} scope="col" className={cx(classes.header, headerCell, selectCell)}>
                      <Checkbox
                        checked={headerState}
                        disabled={pageIds.length === 0}
                        onCheckedChange={() => onSelectionChange(togglePage(selection, pageIds, headerState === false))}
                        aria-label={selectionTexts?.selectPage ?? label}
                        data-testid="select-page"
                      />
                    </th>
                  );
                }
                const col = byId.get(header.column.id);
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={cx(classes.header, headerCell, col?.align ? alignClass[col.align] : undefined)}
                    style={col?.width ? { width: col.width } : undefined}
                    aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                    data-testid={`column-${header.column.id}`}
                  >
                    {canSort ? (
                      <button type="button" className={sortButton} onClick={header.column.getToggleSortingHandler()}>
                        {col?.header}
                        <SortIcon direction={sorted} />
                      </button>
                    ) : col?.hideHeader ? (
                      <span className={srOnly}>{col.header}</span>
                    ) : (
                      col?.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={classes.body}>{body}</tbody>
        </table>
      </div>
    </div>
  );
}
