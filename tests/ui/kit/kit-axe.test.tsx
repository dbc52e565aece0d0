/**
 * The kit's parts pass axe-core's structural WCAG 2.1 A/AA rules (names, roles, ARIA attributes,
 * table headers, list structure) in jsdom before any screen uses them. Colour contrast needs a
 * browser and is checked by the end-to-end journeys.
 */
import { render } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from '../../../src/ui/components/data-table';
import { DateRangePicker } from '../../../src/ui/components/date-range-picker';
import { Pagination } from '../../../src/ui/components/pagination';
import { VirtualList } from '../../../src/ui/components/virtual-list';

async function violations(container: HTMLElement) {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

type Row = { id: string; email: string };
const rows: Row[] = [
  { id: '1', email: 'ada@example.com' },
  { id: '2', email: 'bob@example.com' },
];
const columns: DataTableColumn<Row>[] = [
  { id: 'email', header: 'Email', cell: (r) => r.email, sortable: true },
  { id: 'actions', header: 'Actions', cell: (r) => <button type="button">Remove {r.email}</button>, hideHeader: true },
];
const texts = { empty: 'Nothing', loading: 'Loading', error: 'Failed', retry: 'Retry' };

describe('kit accessibility (axe, structure)', { timeout: 30_000 }, () => {
  it('data table with selection, sorting and the all-matching offer', async () => {
    const { container } = render(
      <DataTable
        label="Members"
        columns={columns}
        data={rows}
        getRowId={(r) => r.id}
        texts={texts}
        sort={{ columnId: 'email', direction: 'asc' }}
        onSortChange={() => undefined}
        selection={{ mode: 'page', ids: ['1', '2'] }}
        onSelectionChange={() => undefined}
        totalMatching={40}
        selectionTexts={{ selectPage: 'Select page', selectRow: (r) => `Select ${r.email}`, pageSelected: (n) => `${n} selected`, selectAllMatching: (n) => `Select all ${n}`, allMatchingSelected: (n) => `${n} selected`, clear: 'Clear' }}
      />,
    );
    expect(await violations(container)).toEqual([]);
  });

  it('data table status rows', async () => {
    const { container } = render(<DataTable label="Members" columns={columns} data={[]} getRowId={(r) => r.id} texts={texts} status="error" onRetry={() => undefined} />);
    expect(await violations(container)).toEqual([]);
  });

  it('pagination', async () => {
    const { container } = render(<Pagination count={200} pageSize={20} page={4} onPageChange={() => undefined} labels={{ root: 'Pages', prev: 'Previous', next: 'Next', page: (n) => `Page ${n}` }} />);
    expect(await violations(container)).toEqual([]);
  });

  it('virtual list', async () => {
    const { container } = render(
      <VirtualList label="Chats" items={rows} getKey={(r) => r.id} renderItem={(r) => r.email} rowHeight={40} height="400px" footer="Loading more" />,
    );
    expect(await violations(container)).toEqual([]);
  });

  it('date-range picker', async () => {
    const { container } = render(
      <DateRangePicker
        label="Period"
        value={null}
        onValueChange={() => undefined}
        now={new Date(2024, 2, 17)}
        quickRangeLabels={{ today: 'Today', yesterday: 'Yesterday', thisWeek: 'This week', thisMonth: 'This month' }}
        labels={{ open: 'Open calendar', prev: 'Previous month', next: 'Next month', start: 'From', end: 'To', quickRanges: 'Quick ranges' }}
      />,
    );
    expect(await violations(container)).toEqual([]);
  });
});
