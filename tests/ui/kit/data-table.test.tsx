/** The kit's data table: controlled sorting, selection (page and all matching), status rows, column visibility, RTL. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type TableSelection, type TableSort } from '../../../src/ui/components/data-table';

interface Member {
  id: number;
  email: string;
  role: string;
}

const members: Member[] = [
  { id: 1, email: 'ada@example.com', role: 'admin' },
  { id: 2, email: 'bob@example.com', role: 'member' },
  { id: 3, email: 'cy@example.com', role: 'manager' },
];

const columns: DataTableColumn<Member>[] = [
  { id: 'email', header: 'Email', cell: (m) => m.email, sortable: true },
  { id: 'role', header: 'Role', cell: (m) => <strong>{m.role}</strong> },
  { id: 'actions', header: 'Actions', cell: (m) => <button type="button">Remove {m.email}</button>, hideHeader: true },
];

const texts = { empty: 'No members yet', loading: 'Loading members', error: 'Could not load members', retry: 'Try again' };
const selectionTexts = {
  selectPage: 'Select all on this page',
  selectRow: (m: Member) => `Select ${m.email}`,
  pageSelected: (n: number) => `All ${n} on this page are selected.`,
  selectAllMatching: (n: number) => `Select all ${n} matching`,
  allMatchingSelected: (n: number) => `${n} selected`,
  clear: 'Clear selection',
};
const getRowId = (m: Member) => String(m.id);

describe('DataTable', { timeout: 20_000 }, () => {
  it('renders header text, cell renderers and row test ids in data order', () => {
    render(<DataTable label="Members" columns={columns} data={members} getRowId={getRowId} texts={texts} rowTestId={(m) => `member-row-${m.email}`} />);
    const table = screen.getByRole('table', { name: 'Members' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Email', 'Role', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['member-row-ada@example.com', 'member-row-bob@example.com', 'member-row-cy@example.com']);
    expect(within(rows[2]!).getByRole('button', { name: 'Remove cy@example.com' })).toBeTruthy();
    expect(within(rows[0]!).getByText('admin').tagName).toBe('STRONG');
  });

  it('marks sortable headers with aria-sort and emits the next sort on click and keyboard', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const { rerender } = render(<DataTable label="Members" columns={columns} data={members} getRowId={getRowId} texts={texts} sort={null} onSortChange={onSortChange} />);
    const emailHeader = screen.getByRole('columnheader', { name: /Email/ });
    expect(emailHeader.getAttribute('aria-sort')).toBe('none');
    // Not sortable: no aria-sort, no button.
    expect(screen.getByRole('columnheader', { name: 'Role' }).getAttribute('aria-sort')).toBeNull();
    expect(within(screen.getByRole('columnheader', { name: 'Role' })).queryByRole('button')).toBeNull();

    await user.click(within(emailHeader).getByRole('button', { name: /Email/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'email', direction: 'asc' });

    rerender(<DataTable label="Members" columns={columns} data={members} getRowId={getRowId} texts={texts} sort={{ columnId: 'email', direction: 'asc' }} onSortChange={onSortChange} />);
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending');
    within(screen.getByRole('columnheader', { name: /Email/ })).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'email', direction: 'desc' });

    rerender(<DataTable label="Members" columns={columns} data={members} getRowId={getRowId} texts={texts} sort={{ columnId: 'email', direction: 'desc' }} onSortChange={onSortChange} sortRemovable />);
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('descending');
    await user.keyboard(' ');
    expect(onSortChange).toHaveBeenLastCalledWith(null);
  });

  it('starts descending for sortDescFirst columns', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const cols: DataTableColumn<Member>[] = [{ id: 'joined', header: 'Joined', cell: () => '', sortable: true, sortDescFirst: true }];
    render(<DataTable label="Members" columns={cols} data={members} getRowId={getRowId} texts={texts} onSortChange={onSortChange} />);
    await user.click(screen.getByRole('button', { name: /Joined/ }));
    expect(onSortChange).toHaveBeenCalledWith({ columnId: 'joined', direction: 'desc' });
  });

  it('shows the loading, empty and error rows; retry calls back', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { rerender } = render(<DataTable label="Members" columns={columns} data={[]} getRowId={getRowId} texts={texts} status="loading" />);
    expect(screen.getByTestId('table-loading-row').textContent).toBe('Loading members');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('table-empty-row')).toBeNull();
    expect(screen.getByTestId('table-loading-row').querySelector('td')?.getAttribute('colspan')).toBe('3');

    rerender(<DataTable label="Members" columns={columns} data={[]} getRowId={getRowId} texts={texts} status="ready" />);
    expect(screen.getByTestId('table-empty-row').textContent).toBe('No members yet');
    expect(screen.queryByTestId('table-loading-row')).toBeNull();

    rerender(<DataTable label="Members" columns={columns} data={members} getRowId={getRowId} texts={texts} status="error" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not load members');
    expect(screen.queryByTestId('row-1')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows shown while a reload is under way', () => {
    render(<DataTable label="Members" columns={columns} data={members} getRowId={getRowId} texts={texts} status="loading" />);
    expect(screen.getByTestId('row-2')).toBeTruthy();
    expect(screen.queryByTestId('table-loading-row')).toBeNull();
  });

  it('hides columns switched off in columnVisibility', () => {
    const { rerender } = render(<DataTable label="Members" columns={columns} data={members} getRowId={getRowId} texts={texts} columnVisibility={{ role: false }} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Email', 'Actions']);
    expect(screen.queryByText('admin')).toBeNull();
    rerender(<DataTable label="Members" columns={columns} data={members} getRowId={getRowId} texts={texts} columnVisibility={{ role: true }} />);
    expect(screen.getByText('admin')).toBeTruthy();
  });

  it('selects rows and the page, and reports the selection', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    const props = { label: 'Members', columns, data: members, getRowId, texts, selectionTexts, onSelectionChange, totalMatching: 3 };
    const { rerender } = render(<DataTable {...props} selection={{ mode: 'page', ids: [] }} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select bob@example.com' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ mode: 'page', ids: ['2'] });

    rerender(<DataTable {...props} selection={{ mode: 'page', ids: ['2'] }} />);
    const header = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
    expect(header.indeterminate || header.getAttribute('aria-checked') === 'mixed').toBe(true);
    expect(screen.getByTestId('row-2').hasAttribute('data-selected')).toBe(true);
    expect(screen.getByTestId('row-1').hasAttribute('data-selected')).toBe(false);
    await user.click(header);
    expect(onSelectionChange).toHaveBeenLastCalledWith({ mode: 'page', ids: [] });

    rerender(<DataTable {...props} selection={{ mode: 'page', ids: [] }} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ mode: 'page', ids: ['1', '2', '3'] });
    // Everything matching is on this page: no widening offer.
    rerender(<DataTable {...props} selection={{ mode: 'page', ids: ['1', '2', '3'] }} />);
    expect(screen.queryByTestId('table-select-all-matching')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers "all N matching" once the page is selected, then tracks unticked rows', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    const props = { label: 'Members', columns, data: members, getRowId, texts, selectionTexts, onSelectionChange, totalMatching: 134 };
    const { rerender } = render(<DataTable {...props} selection={{ mode: 'page', ids: ['1', '2'] }} />);
    expect(screen.queryByTestId('table-select-all-matching')).toBeNull();

    rerender(<DataTable {...props} selection={{ mode: 'page', ids: ['1', '2', '3'] }} />);
    expect(screen.getByTestId('table-selection-banner').textContent).toContain('All 3 on this page are selected.');
    await user.click(screen.getByRole('button', { name: 'Select all 134 matching' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ mode: 'allMatching', excludedIds: [] });

    rerender(<DataTable {...props} selection={{ mode: 'allMatching', excludedIds: [] }} />);
    expect(screen.getByTestId('table-selection-banner').textContent).toContain('134 selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select cy@example.com' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ mode: 'allMatching', excludedIds: ['3'] });

    rerender(<DataTable {...props} selection={{ mode: 'allMatching', excludedIds: ['3'] }} />);
    expect(screen.getByTestId('table-selection-banner').textContent).toContain('133 selected');
    expect((screen.getByRole('checkbox', { name: 'Select cy@example.com' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Select ada@example.com' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select cy@example.com' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ mode: 'allMatching', excludedIds: [] });

    // The header box (mixed here) and "Clear selection" both leave "all matching".
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ mode: 'page', ids: [] });
    onSelectionChange.mockClear();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onSelectionChange).toHaveBeenCalledWith({ mode: 'page', ids: [] });
  });

  it('works as a controlled table owned by its parent', async () => {
    const user = userEvent.setup();
    function Owner() {
      const [sort, setSort] = useState<TableSort>(null);
      const [selection, setSelection] = useState<TableSelection>({ mode: 'page', ids: [] });
      const data = sort?.direction === 'desc' ? [...members].reverse() : members;
      return <DataTable label="Members" columns={columns} data={data} getRowId={getRowId} texts={texts} sort={sort} onSortChange={setSort} selection={selection} onSelectionChange={setSelection} selectionTexts={selectionTexts} />;
    }
    render(<Owner />);
    await user.click(screen.getByRole('button', { name: /Email/ }));
    await user.click(screen.getByRole('button', { name: /Email/ }));
    expect(screen.getAllByRole('row')[1]!.getAttribute('data-testid')).toBe('row-3');
    await user.click(screen.getByRole('checkbox', { name: 'Select ada@example.com' }));
    expect((screen.getByRole('checkbox', { name: 'Select ada@example.com' }) as HTMLInputElement).checked).toBe(true);
  });

  it('lays out with logical properties under right-to-left', () => {
    document.documentElement.dir = 'rtl';
    try {
      render(<DataTable label="الأعضاء" columns={columns} data={members} getRowId={getRowId} texts={texts} />);
      const th = screen.getAllByRole('columnheader')[0]!;
      // Panda's atomic classes: text-align start, never left/right.
      expect(th.className).toMatch(/ta_start/);
      expect(th.className).not.toMatch(/ta_left|ta_right/);
      expect(screen.getByRole('table', { name: 'الأعضاء' })).toBeTruthy();
    } finally {
      document.documentElement.dir = '';
    }
  });
});
