/**
 * Row selection of a server-paged table, as its owner (a statechart) keeps it: either a list of
 * picked ids, or "every row matching the current query" minus the rows the user unticked. The
 * table never knows the whole result set, so "all matching" is a mode, not a list of ids.
 */
export type TableSelection =
  | { mode: 'page'; ids: readonly string[] }
  | { mode: 'allMatching'; excludedIds: readonly string[] };

export const emptySelection: TableSelection = { mode: 'page', ids: [] };

export function isRowSelected(selection: TableSelection, id: string): boolean {
  return selection.mode === 'page' ? selection.ids.includes(id) : !selection.excludedIds.includes(id);
}

/** How many rows the selection stands for, given how many rows match the query. */
export function selectedCount(selection: TableSelection, totalMatching: number): number {
  return selection.mode === 'page' ? selection.ids.length : Math.max(0, totalMatching - selection.excludedIds.length);
}

/** Ticks or unticks one row. */
export function toggleRow(selection: TableSelection, id: string, selected: boolean): TableSelection {
  if (selection.mode === 'page') {
    const rest = selection.ids.filter((x) => x !== id);
    return { mode: 'page', ids: selected ? [...rest, id] : rest };
  }
  const rest = selection.excludedIds.filter((x) => x !== id);
  return { mode: 'allMatching', excludedIds: selected ? rest : [...rest, id] };
}

/**
 * The header checkbox: ticks every row of the shown page, or (when any is ticked) clears.
 * Clearing from "all matching" clears everything: the header box is the way out of that mode.
 */
export function togglePage(selection: TableSelection, pageIds: readonly string[], selected: boolean): TableSelection {
  if (selection.mode === 'allMatching') {
    if (!selected) return emptySelection;
    return { mode: 'allMatching', excludedIds: selection.excludedIds.filter((x) => !pageIds.includes(x)) };
  }
  const rest = selection.ids.filter((x) => !pageIds.includes(x));
  return { mode: 'page', ids: selected ? [...rest, ...pageIds] : rest };
}

/** State of the header checkbox for the shown page. */
export function pageCheckState(selection: TableSelection, pageIds: readonly string[]): boolean | 'indeterminate' {
  if (pageIds.length === 0) return false;
  const picked = pageIds.filter((id) => isRowSelected(selection, id)).length;
  if (picked === 0) return false;
  return picked === pageIds.length ? true : 'indeterminate';
}
