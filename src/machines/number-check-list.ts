/**
 * The number check's list and its answers as the machine keeps them (src/machines/number-check.machine.ts)
 * and the dialog shows them: pure helpers over the context, no effects.
 */
import type { NumberCheckResult } from '../contract/extension';
import type { InvalidEntry, ListNumber } from '../contract/number-check';

/** A number of the list and what the chat service said: `pending` until its batch is answered (or when the check stopped before it). */
export type CheckedNumber = ListNumber & { status: 'pending' | 'found' | 'notFound'; name: string | null };

/** The results table's filter. */
export const resultFilters = ['all', 'found', 'notFound', 'invalid'] as const;
export type ResultFilter = (typeof resultFilters)[number];

/** How many numbers each answer gave (`invalid`: the entries that were no number). */
export type ResultCounts = { found: number; notFound: number; pending: number; invalid: number };

/** A row of the results table: a number with its answer, or an entry that is no number with its reason. */
export type ResultRow = ({ kind: 'number' } & CheckedNumber) | ({ kind: 'invalid' } & InvalidEntry);

/** The distinct numbers of a read list, none answered yet. */
export const pendingNumbers = (numbers: readonly ListNumber[]): CheckedNumber[] => numbers.map((n) => ({ ...n, status: 'pending', name: null }));

/** The phones of the next batch: the `size` numbers after the first `checked`. */
export const nextBatchOf = (numbers: readonly CheckedNumber[], checked: number, size: number): string[] => numbers.slice(checked, checked + size).map((n) => n.phone);

/**
 * The numbers with one batch's answers applied: the batch is the `size` numbers after the first
 * `checked`; a number the reply does not mention stays pending.
 */
export const applyAnswers = (numbers: readonly CheckedNumber[], checked: number, size: number, results: readonly NumberCheckResult[]): CheckedNumber[] => {
  const byPhone = new Map(results.map((r) => [r.phone, r]));
  return numbers.map((n, i) => {
    if (i < checked || i >= checked + size) return n;
    const answer = byPhone.get(n.phone);
    return answer ? { ...n, status: answer.exists ? 'found' : 'notFound', name: answer.exists ? answer.name : null } : n;
  });
};

export const countResults = (numbers: readonly CheckedNumber[], invalid: readonly InvalidEntry[]): ResultCounts => {
  const counts: ResultCounts = { found: 0, notFound: 0, pending: 0, invalid: invalid.length };
  for (const n of numbers) counts[n.status === 'found' ? 'found' : n.status === 'notFound' ? 'notFound' : 'pending'] += 1;
  return counts;
};

/** The rows the filter shows, in the order of the list's lines (a merged number at its first line). */
export const resultRows = (numbers: readonly CheckedNumber[], invalid: readonly InvalidEntry[], filter: ResultFilter): ResultRow[] => {
  const rows: ResultRow[] = [];
  if (filter !== 'invalid') {
    for (const n of numbers) if (filter === 'all' || n.status === filter) rows.push({ kind: 'number', ...n });
  }
  if (filter === 'all' || filter === 'invalid') for (const e of invalid) rows.push({ kind: 'invalid', ...e });
  if (filter === 'all') rows.sort((a, b) => lineOf(a) - lineOf(b));
  return rows;
};

const lineOf = (row: ResultRow): number => (row.kind === 'number' ? row.lines[0]! : row.line);

/** The found numbers as leads (SPEC §3 Lead: name required): the profile name the service answered, else the number in international form. */
export const foundAsLeads = (numbers: readonly CheckedNumber[]): { name: string; phone: string }[] =>
  numbers.filter((n) => n.status === 'found').map((n) => ({ name: n.name?.trim() || n.international, phone: n.international }));
