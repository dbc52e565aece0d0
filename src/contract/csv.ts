/**
 * The CSV files both ends write (exports, the import's skipped rows) and read back (the import),
 * with papaparse.
 *
 * - UTF-8 with a byte-order mark, so spreadsheet programs read Chinese and Arabic; CRLF lines;
 *   every cell quoted; no newline after the last row (so a table and its file map one to one).
 * - Formula injection: a cell that starts, after any spaces or apostrophes, with = + - @, a tab or
 *   a carriage return would be run by a spreadsheet; it is written with a leading apostrophe, which
 *   spreadsheets show as text and hide. Reading takes exactly that apostrophe off again
 *   (`unguardCell`), so an exported table imports as it was (the two are inverse on every string).
 */
import Papa from 'papaparse';

export const UTF8_BOM = '\uFEFF';

const RUNS_AS_FORMULA = /^[ ']*[=+\-@\t\r]/;
/** A guarded cell: the apostrophe `guardCell` adds, then a cell that runs as a formula. */
const GUARDED = /^'[ ']*[=+\-@\t\r]/;

/** The cell as written: guarded with an apostrophe when a spreadsheet would run it. */
export const guardCell = (value: string): string => (RUNS_AS_FORMULA.test(value) ? `'${value}` : value);

/** The cell as read: a guard apostrophe taken off (only one `guardCell` added). */
export const unguardCell = (value: string): string => (GUARDED.test(value) ? value.slice(1) : value);

/** A table as a CSV file's text (BOM included). */
export const toCsv = (rows: readonly (readonly string[])[]): string =>
  UTF8_BOM + Papa.unparse(rows.map((row) => row.map(guardCell)), { quotes: true, newline: '\r\n', header: false });

/** A file `toCsv` wrote, as its table again, guards taken off (a BOM is ignored; the delimiter is the comma it wrote). */
export const fromCsv = (text: string): string[][] => {
  const body = text.startsWith(UTF8_BOM) ? text.slice(1) : text;
  if (body === '') return [];
  const parsed = Papa.parse<string[]>(body, { header: false, skipEmptyLines: false, delimiter: ',' });
  return parsed.data.map((row) => row.map(unguardCell));
};
