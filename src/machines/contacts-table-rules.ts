/**
 * The contacts table's pure rules (src/machines/contacts-table.machine.ts; SPEC §3 Contact list
 * filters and table columns): how many contacts a selection covers, the selection as the batch
 * calls take it, the pages of the list and the column choice (at least one column stays). The
 * machine's guards and inputs use them; the view reads `selectionCount`, `isLastColumn` and
 * `mayUpgradePlan`.
 */
import type { ContactSelection } from '../contract/contact-filter';
import type { RealRole } from '../contract/roles';
import { contactColumns, type ContactColumn } from '../contract/contacts';
import { contactSelectionOf, type ContactFilters, type TableSelectionLike } from './contact-filters';

/** How many contacts the selection covers, given how many match the filters. */
export const selectionCount = (selection: TableSelectionLike, totalCount: number): number =>
  selection.mode === 'page' ? selection.ids.length : Math.max(0, totalCount - selection.excludedIds.length);

/** The selection as a batch call takes it. */
export const batchSelectionOf = (c: { selection: TableSelectionLike; filters: ContactFilters }): ContactSelection => contactSelectionOf(c.selection, c.filters);

/** Pages of the list (at least one). */
export const contactPageCount = (totalCount: number, pageSize: number): number => Math.max(1, Math.ceil(totalCount / pageSize));

/** The column choice with one column shown or hidden, in the table's column order. */
export const columnsWith = (columns: readonly ContactColumn[], column: ContactColumn, shown: boolean): ContactColumn[] =>
  contactColumns.filter((c) => (c === column ? shown : columns.includes(c)));

/** The column is the only one shown: it cannot be hidden (at least one column stays). */
export const isLastColumn = (columns: readonly ContactColumn[], column: ContactColumn): boolean => columns.length === 1 && columns[0] === column;

/** The column choice the event asks for (empty when it would hide the last column: refused by `keepsAColumn`). */
export const toggledColumns = (context: { columns: readonly ContactColumn[] }, event: { column: ContactColumn; shown: boolean }): ContactColumn[] =>
  columnsWith(context.columns, event.column, event.shown);

/** SPEC §6: the owner and managers (the /admin real role) change the plan; a member asks the administrator. */
export const mayUpgradePlan = (realRole: RealRole): boolean => realRole === 'admin';
