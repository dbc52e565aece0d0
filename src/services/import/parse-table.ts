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
import { autoMatch, rowErrors, tableError, type PartialRelation } from '../../contract/import-rows';
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

/** True when every cell of the row is empty or spaces (papaparse's 'greedy' rule, without joining the row). */
const isBlankRow = (row: readonly string[]): boolean => {
  for (let i = 0; i < row.length; i++) if (row[i]!.trim() !== '') return false;
  return true;
};

/**
 * The text as a table (header row first), parsed in chunks of `chunkChars`, `onProgress` after each.
 * Rows with nothing in them are dropped here, and the guard apostrophes taken off in place, in the
 * one pass over papaparse's rows (they are ours to keep): cheaper than papaparse's own 'greedy'
 * skipping, which joins every row into a string first.
 */
export const parseTable = (text: string, onProgress?: (progress: ParseProgress) => void, chunkChars = PARSE_CHUNK_CHARS): string[][] => {
  const body = text.startsWith(UTF8_BOM) ? text.slice(1) : text;
  const table: string[][] = [];
  if (body.trim() === '') return table;
  Papa.parse<string[]>(body, {
    header: false,
    skipEmptyLines: true,
    delimitersToGuess: IMPORT_DELIMITERS,
    chunkSize: chunkChars,
    // A string is parsed synchronously, chunk after chunk; `complete` runs after the last one.
    complete: () => undefined,
    chunk: (results: Papa.ParseResult<string[]>) => {
      for (const row of results.data) {
        if (!Array.isArray(row) || isBlankRow(row)) continue;
        // 39 is the apostrophe: only a cell that starts with one can carry a guard.
        for (let i = 0; i < row.length; i++) if (row[i]!.charCodeAt(0) === 39) row[i] = unguardCell(row[i]!);
        table.push(row);
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


/** The mapping the wizard starts from for a parsed table (its header row matched, as the machine does). */
export const startingRelation = (summary: TableSummary): PartialRelation => autoMatch(summary.headers);

/** Rows of the warm-up sample: enough for the engine to optimise the parse and check loops. */
export const WARM_UP_ROWS = 3_000;

/**
 * Parses and checks a small made-up file once, as the worker starts. A script engine runs code
 * slowly until it has seen it run (the first 100,000-row parse in a fresh worker took about twice
 * as long as the next one, measured in Chromium); running the same loops on a sample while the
 * person is still choosing a file moves that cost out of their wait. Answers the table's size, so
 * the work cannot be skipped as unused.
 */
export const warmUp = (rows = WARM_UP_ROWS): number => {
  const lines = ['Name,Phone,Email,Company'];
  for (let i = 0; i < rows; i++) lines.push(`"Person ${i}, Jr",+1 (415) 555-${String(i % 10_000).padStart(4, '0')},p${i}@example.com,${i % 7 === 0 ? '' : `Firm ${i}`}`);
  const table = parseTable(lines.join('\r\n'));
  return table.length + checkRows(table, startingRelation(summarize(table))).invalid;
};
