/**
 * The import file as a table, and the row checks on it (SPEC §4 Import wizard, §5 Import messages),
 * as pure functions: the parsing worker (parse.worker.ts) runs them off the page's thread, the
 * in-page fallback (parse-client.ts, where `Worker` is absent) and the unit tests run them as they are.
 *
 * The file is read as the server reads it (server/leads/import.ts), so a data row's number here is
 * the row number the check answers: UTF-8 with or without a BOM (bytes that are not UTF-8 read as
 * replacement characters), the delimiter detected among comma, tab, semicolon and pipe, CRLF or
 * LF, quoted fields with delimiters and line breaks, rows with nothing in them skipped, guard
 * apostrophes of our own exports taken off. Parsing goes in chunks (papaparse `chunk`), each
 * reporting the rows read and the part of the text done.
 */
import Papa from 'papaparse';
import { toCsv, unguardCell, UTF8_BOM } from '../../contract/csv';
import { rowErrors, tableError, type PartialRelation } from '../../contract/import-rows';
import { IMPORT_MAX_ROWS, importFileErrors } from '../../contract/lead-files';
import type { FileProblem, ParseProgress, RowCheck, SkippedLine, TableSummary } from '../../machines/import-wizard.machine';

export type { FileProblem, ParseProgress, RowCheck, SkippedLine, TableSummary };

/** The delimiters a file may use (the server guesses among the same). */
export const IMPORT_DELIMITERS = [',', '\t', ';', '|'];
/** Characters parsed per chunk: about 20 progress reports for a 10 MB file. */
export const PARSE_CHUNK_CHARS = 512 * 1024;
/** Data rows shown as a preview under the mapping. */
export const SAMPLE_ROWS = 3;
/** Rows with errors listed by a row check (the counts cover all of them). */
export const ROW_ISSUES_LISTED = 100;

/** File text as read from its bytes: UTF-8, invalid bytes replaced, a BOM taken off. */
export const decodeFile = (bytes: Uint8Array): string => {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return text.startsWith(UTF8_BOM) ? text.slice(1) : text;
};

/** The text as a table (header row first), parsed in chunks of `chunkChars`, `onProgress` after each. */
export const parseTable = (text: string, onProgress?: (progress: ParseProgress) => void, chunkChars = PARSE_CHUNK_CHARS): string[][] => {
  const body = text.startsWith(UTF8_BOM) ? text.slice(1) : text;
  const table: string[][] = [];
  if (body.trim() === '') return table;
  Papa.parse<string[]>(body, {
    header: false,
    skipEmptyLines: 'greedy',
    delimitersToGuess: IMPORT_DELIMITERS,
    chunkSize: chunkChars,
    // A string is parsed synchronously, chunk after chunk; `complete` runs after the last one.
    complete: () => undefined,
    chunk: (results: Papa.ParseResult<string[]>) => {
      for (const row of results.data) {
        if (!Array.isArray(row)) continue;
        const cells = new Array<string>(row.length);
        for (let i = 0; i < row.length; i++) cells[i] = unguardCell(String(row[i] ?? ''));
        table.push(cells);
      }
      onProgress?.({ rows: Math.max(0, table.length - 1), fraction: Math.min(1, results.meta.cursor / body.length) });
    },
  });
  return table;
};

const problemOf = (table: readonly (readonly string[])[]): FileProblem | null => {
  const error = tableError(table);
  if (error === importFileErrors.empty) return 'empty';
  if (error === importFileErrors.noRecord) return 'noRecord';
  if (table.length - 1 > IMPORT_MAX_ROWS) return 'tooManyRows';
  return null;
};

/** What the page needs of a parsed table. */
export const summarize = (table: readonly (readonly string[])[]): TableSummary => {
  const problem = problemOf(table);
  return {
    headers: (table[0] ?? []).map((header) => header.trim()),
    rowCount: Math.max(0, table.length - 1),
    problem,
    sample: problem ? [] : table.slice(1, 1 + SAMPLE_ROWS).map((row) => [...row]),
  };
};

/** The SPEC §5 row errors of every data row under `relation`. */
export const checkRows = (table: readonly (readonly string[])[], relation: PartialRelation, listMax = ROW_ISSUES_LISTED): RowCheck => {
  const check: RowCheck = { invalid: 0, byReason: {}, listed: [] };
  for (let i = 1; i < table.length; i++) {
    const row = table[i]!;
    const reasons = rowErrors(row, relation);
    if (reasons.length === 0) continue;
    check.invalid++;
    for (const reason of reasons) check.byReason[reason] = (check.byReason[reason] ?? 0) + 1;
    if (check.listed.length < listMax) check.listed.push({ row: i, reasons, cells: [...row] });
  }
  return check;
};

/**
 * The skipped rows as a CSV file's text (src/contract/csv.ts: BOM, formula guard): the file's own
 * header row and cells of each row, then a reason column.
 */
export const skippedRowsCsv = (table: readonly (readonly string[])[], lines: readonly SkippedLine[], reasonHeader: string): string => {
  const header = table[0] ?? [];
  const width = Math.max(header.length, ...lines.map((line) => table[line.row]?.length ?? 0));
  const pad = (row: readonly string[]) => Array.from({ length: width }, (_, i) => row[i] ?? '');
  return toCsv([[...pad(header), reasonHeader], ...lines.map((line) => [...pad(table[line.row] ?? []), line.reason])]);
};

