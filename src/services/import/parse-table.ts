/**
 * The import file as a table, and the row checks on it (SPEC §4 Import wizard, §5 Import messages),
 * as pure functions: the parsing worker (parse.worker.ts) runs them off the page's thread, the
 * in-page fallback (parse-client.ts, where `Worker` is absent) and the unit tests run them as they are.
 *
 * The file is read as the server reads it (the one reading of src/contract/import-table.ts), so a
 * data row's number and line here are the ones the check answers. A file that is not text is
 * refused before it is read (`looksLikeText` on its first bytes, NOT_TEXT_SUMMARY).
 */
import { toCsv, UTF8_BOM } from '../../contract/csv';
import { autoMatch, tableError, type PartialRelation } from '../../contract/import-rows';
import { IMPORT_DELIMITERS, PARSE_CHUNK_CHARS, readImportTable, tableRowErrors, type ImportTable } from '../../contract/import-table';
import { IMPORT_MAX_ROWS, importFileErrors } from '../../contract/lead-files';
import type { FileProblem, ParseProgress, RowCheck, SkippedLine, TableSummary } from '../../machines/import-wizard.machine';

export type { FileProblem, ImportTable, ParseProgress, RowCheck, SkippedLine, TableSummary };
export { IMPORT_DELIMITERS, PARSE_CHUNK_CHARS };
export { looksLikeText, tableOf, TEXT_SNIFF_BYTES } from '../../contract/import-table';

/** Data rows shown as a preview under the mapping. */
export const SAMPLE_ROWS = 3;
/** Rows with errors listed by a row check (the counts cover all of them). */
export const ROW_ISSUES_LISTED = 100;

/** File text as read from its bytes: UTF-8, invalid bytes replaced, a BOM taken off. */
export const decodeFile = (bytes: Uint8Array): string => {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return text.startsWith(UTF8_BOM) ? text.slice(1) : text;
};

/**
 * The text as a table (header row first), read as the server reads it (src/contract/import-table.ts:
 * each row with the line it starts on, a line with broken quotes a row of its own), parsed in
 * chunks of `chunkChars`, `onProgress` after each.
 */
export const parseTable = (text: string, onProgress?: (progress: ParseProgress) => void, chunkChars = PARSE_CHUNK_CHARS): ImportTable =>
  readImportTable(text, onProgress, chunkChars);

/** What the page keeps of a file that is not text (refused at the first step, SPEC §5). */
export const NOT_TEXT_SUMMARY: TableSummary = { headers: [], rowCount: 0, problem: 'notText', sample: [] };

const problemOf = (table: readonly (readonly string[])[]): FileProblem | null => {
  const error = tableError(table);
  if (error === importFileErrors.empty) return 'empty';
  if (error === importFileErrors.noRecord) return 'noRecord';
  if (table.length - 1 > IMPORT_MAX_ROWS) return 'tooManyRows';
  return null;
};

/** What the page needs of a parsed table. */
export const summarize = ({ rows }: ImportTable): TableSummary => {
  const problem = problemOf(rows);
  return {
    headers: (rows[0] ?? []).map((header) => header.trim()),
    rowCount: Math.max(0, rows.length - 1),
    problem,
    sample: problem ? [] : rows.slice(1, 1 + SAMPLE_ROWS).map((row) => [...row]),
  };
};

/** The row errors of every data row under `relation` (SPEC §5, broken quotes, rows that do not line up with the header). */
export const checkRows = (table: ImportTable, relation: PartialRelation, listMax = ROW_ISSUES_LISTED): RowCheck => {
  const check: RowCheck = { invalid: 0, byReason: {}, listed: [] };
  for (let i = 1; i < table.rows.length; i++) {
    const reasons = tableRowErrors(table, i, relation);
    if (reasons.length === 0) continue;
    check.invalid++;
    for (const reason of reasons) check.byReason[reason] = (check.byReason[reason] ?? 0) + 1;
    if (check.listed.length < listMax) check.listed.push({ row: i, line: table.lines[i]!, reasons, cells: [...table.rows[i]!] });
  }
  return check;
};

/**
 * The skipped rows as a CSV file's text (src/contract/csv.ts: BOM, formula guard): the file's own
 * header row and cells of each row, then a reason column.
 */
export const skippedRowsCsv = ({ rows: table }: ImportTable, lines: readonly SkippedLine[], reasonHeader: string): string => {
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
  return table.rows.length + checkRows(table, startingRelation(summarize(table))).invalid;
};
