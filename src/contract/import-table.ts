/**
 * Reading an import file as a table (SPEC §4 Import wizard, §5 Import messages), the one reading
 * the browser's parsing worker (src/services/import/parse-table.ts) and the server
 * (server/leads/import.ts) share, so the rows the page shows are the rows the server plans.
 *
 * - Text only: a file with a NUL byte, or mostly control characters, in its first kilobytes is no
 *   text file (a spreadsheet's binary form, an image, UTF-16 text) and is refused before it is
 *   read (`looksLikeText`).
 * - UTF-8 with or without a BOM, the delimiter detected among comma, tab, semicolon and pipe, CRLF
 *   or LF, quoted fields with delimiters and line breaks, rows with nothing in them skipped, guard
 *   apostrophes of our own exports taken off (src/contract/csv.ts).
 * - Every line of the file is accounted for: each row keeps the line it starts on (1-based, as an
 *   editor numbers them), and a row is either imported or skipped with a reason.
 * - Broken quotes: a field that opens a quote and does not close it properly ('"y"),...', a quote
 *   never closed) would make papaparse read on through the following lines as one field, so one
 *   bad line would swallow the people after it in silence. Papaparse reports most of these as a
 *   'Quotes' error (InvalidQuotes, MissingQuotes) on the row that starts at the bad line; a quote
 *   never closed can also meet a later quote that closes it without an error, and the row that
 *   makes then spans several lines and does not line up with the header. Rule: a row with a quote
 *   error, or one that spans lines and does not line up with the header, is re-split: its first
 *   line alone is the row (its cells split on the delimiter, kept for the skipped-rows list and its
 *   download), marked malformed (row error `badQuotes`), and reading starts again at the next
 *   line, so the people after it are read as written. A quoted field that closes properly on a
 *   later line in a row that lines up is a legitimate multi-line cell and stays one (the two cannot
 *   be told apart there). Files without such rows are read in one chunked pass; only a file that
 *   has one is read again row by row (papaparse `step`, which tells where each row ends), about
 *   twice as slow.
 * - Rows that do not line up with the header (papaparse's TooManyFields / TooFewFields of its
 *   header mode, checked here as it reads without a header): a row with something past the
 *   header's last column, or ending before the header's last titled column, is skipped
 *   (`fieldCount`): its cells are not in the columns the mapping names. Trailing empty cells are
 *   fine (spreadsheets write them).
 */
import Papa from 'papaparse';
import { unguardCell, UTF8_BOM } from './csv';
import { rowErrors, type PartialRelation } from './import-rows';
import type { ImportRowError } from './lead-files';

/** The delimiters a file may use. */
export const IMPORT_DELIMITERS = [',', '\t', ';', '|'];
/** Characters parsed per chunk: about 20 progress reports for a 10 MB file. */
export const PARSE_CHUNK_CHARS = 512 * 1024;
/** Bytes looked at to tell a text file (the first 8 KiB). */
export const TEXT_SNIFF_BYTES = 8 * 1024;

/** How far a read is: data rows read so far and the part of the text done (0 to 1). */
export type ReadProgress = { rows: number; fraction: number };

/** A file read as rows. */
export type ImportTable = {
  /** Header row first; blank rows left out. */
  rows: string[][];
  /** The 1-based line of the file each row starts on. */
  lines: number[];
  /** Rows (indexes into `rows`) read from a line with broken quotes. */
  malformed: ReadonlySet<number>;
};

/** A table of rows as they are (each on its own line, none malformed): tests, samples. */
export const tableOf = (rows: string[][]): ImportTable => ({ rows, lines: rows.map((_, i) => i + 1), malformed: new Set() });

/**
 * True when the first TEXT_SNIFF_BYTES of a file can be text: no NUL byte, and at most one byte
 * in ten a control character other than tab, line feed, form feed and carriage return.
 */
export const looksLikeText = (bytes: Uint8Array): boolean => {
  const n = Math.min(bytes.length, TEXT_SNIFF_BYTES);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) return false;
    if ((b < 32 && b !== 9 && b !== 10 && b !== 12 && b !== 13) || b === 127) control++;
  }
  return control * 10 <= n;
};

const LINE_BREAK = /\r\n|\r|\n/g;

/** True when every cell of the row is empty or spaces. */
const isBlankRow = (row: readonly string[]): boolean => {
  for (let i = 0; i < row.length; i++) if (row[i]!.trim() !== '') return false;
  return true;
};

/** Line breaks inside a row's (quoted) cells. */
const breaksIn = (row: readonly string[]): number => {
  let n = 0;
  for (let i = 0; i < row.length; i++) {
    const cell = row[i]!;
    if (cell.includes('\n') || cell.includes('\r')) n += cell.match(LINE_BREAK)?.length ?? 0;
  }
  return n;
};

/** Collects rows as they are read, with the line each starts on. */
const tableBuilder = () => {
  const table = { rows: [] as string[][], lines: [] as number[], malformed: new Set<number>() };
  let line = 1;
  return {
    table,
    add(row: string[], malformed = false) {
      const start = line;
      line += 1 + breaksIn(row);
      if (isBlankRow(row)) return;
      // 39 is the apostrophe: only a cell that starts with one can carry a guard.
      for (let i = 0; i < row.length; i++) if (row[i]!.charCodeAt(0) === 39) row[i] = unguardCell(row[i]!);
      if (malformed) table.malformed.add(table.rows.length);
      table.lines.push(start);
      table.rows.push(row);
    },
  };
};

/** Index after the header's last titled (non-empty) cell. */
const titledWidth = (header: readonly string[]): number => {
  for (let i = header.length - 1; i >= 0; i--) if (header[i]!.trim() !== '') return i + 1;
  return 0;
};

/** True when the row lines up with the header: nothing past its last column, nothing missing before its last titled one. */
const linesUp = (row: readonly string[], header: readonly string[]): boolean => {
  if (row.length < titledWidth(header)) return false;
  for (let i = header.length; i < row.length; i++) if (row[i]!.trim() !== '') return false;
  return true;
};

const hasQuoteError = (errors: readonly Papa.ParseError[]): boolean => errors.some((error) => error.type === 'Quotes');

/** A row to re-split by lines: a quote error in it, or it spans lines and does not line up with the header (when there is one yet). */
const isBroken = (row: readonly string[], errors: readonly Papa.ParseError[], header: readonly string[] | undefined): boolean =>
  hasQuoteError(errors) || (header !== undefined && breaksIn(row) > 0 && !linesUp(row, header));

/**
 * The file's delimiter, as papaparse guesses it from the first rows with something in them (blank
 * lines do not count); when broken quotes there leave it undecided, from the first line alone.
 */
const guessDelimiter = (body: string): string => {
  const undecided = (result: Papa.ParseResult<string[]>) => result.errors.some((error) => error.code === 'UndetectableDelimiter');
  const rows = Papa.parse<string[]>(body.slice(0, 256 * 1024), { header: false, preview: 10, skipEmptyLines: 'greedy', delimitersToGuess: IMPORT_DELIMITERS });
  if (!undecided(rows)) return rows.meta.delimiter;
  const end = body.search(LINE_BREAK_ONE);
  const firstLine = Papa.parse<string[]>(end < 0 ? body : body.slice(0, end), { header: false, delimitersToGuess: IMPORT_DELIMITERS });
  return firstLine.meta.delimiter || ',';
};
const LINE_BREAK_ONE = /\r\n|\r|\n/;

/**
 * The text as a table (a BOM is ignored), `onProgress` as it goes (rows read, part done; never
 * going back).
 */
export const readImportTable = (text: string, onProgress?: (progress: ReadProgress) => void, chunkChars = PARSE_CHUNK_CHARS): ImportTable => {
  const body = text.startsWith(UTF8_BOM) ? text.slice(1) : text;
  let done = 0;
  const report = (rows: number, fraction: number) => {
    done = Math.max(done, Math.min(1, fraction));
    onProgress?.({ rows: Math.max(0, rows - 1), fraction: done });
  };
  if (body.trim() === '') return tableOf([]);
  let built = tableBuilder();
  const delimiter = guessDelimiter(body);
  let newline = '\n';
  let quoteTrouble = false;
  Papa.parse<string[]>(body, {
    header: false,
    skipEmptyLines: false,
    delimiter,
    chunkSize: chunkChars,
    // A string is parsed synchronously, chunk after chunk; `complete` runs after the last one.
    complete: () => undefined,
    chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
      newline = results.meta.linebreak || newline;
      if (hasQuoteError(results.errors)) quoteTrouble = true;
      for (const row of results.data) {
        if (quoteTrouble || !Array.isArray(row)) break;
        if (isBroken(row, [], built.table.rows[0])) quoteTrouble = true;
        else built.add(row);
      }
      if (quoteTrouble) {
        parser.abort();
        return;
      }
      report(built.table.rows.length, results.meta.cursor / body.length);
    },
  });
  if (!quoteTrouble) return built.table;

  // Broken quotes somewhere: read again row by row, each bad line a row of its own.
  built = tableBuilder();
  let from = 0;
  while (from < body.length) {
    let rowStart = 0;
    let brokenAt = -1;
    let sinceReport = 0;
    const start = from;
    Papa.parse<string[]>(body.slice(start), {
      header: false,
      skipEmptyLines: false,
      delimiter,
      newline: newline as Papa.ParseConfig['newline'],
      step: (results: Papa.ParseStepResult<string[]>, parser: Papa.Parser) => {
        if (isBroken(results.data, results.errors, built.table.rows[0])) {
          brokenAt = start + rowStart;
          parser.abort();
          return;
        }
        built.add(results.data);
        rowStart = results.meta.cursor;
        if (++sinceReport === 5000) {
          sinceReport = 0;
          report(built.table.rows.length, (start + rowStart) / body.length);
        }
      },
    });
    if (brokenAt < 0) break;
    const end = body.indexOf(newline, brokenAt);
    const lineEnd = end < 0 ? body.length : end;
    built.add(body.slice(brokenAt, lineEnd).split(delimiter), true);
    from = end < 0 ? body.length : end + newline.length;
  }
  report(built.table.rows.length, 1);
  return built.table;
};

/**
 * The row errors of data row `index` (SPEC §5, then ours): a row read from a line with broken
 * quotes, or one that does not line up with the header, is skipped for that alone (its cells are
 * not in the columns the mapping names); any other row by the SPEC §5 row rules (`rowErrors`).
 */
export const tableRowErrors = (table: ImportTable, index: number, relation: PartialRelation): ImportRowError[] => {
  if (table.malformed.has(index)) return ['badQuotes'];
  const row = table.rows[index]!;
  if (!linesUp(row, table.rows[0] ?? [])) return ['fieldCount'];
  return rowErrors(row, relation);
};
