/**
 * The page's side of the import's parsing (SPEC §4 Import wizard): one parser per wizard, which
 * hands the file to a Web Worker (parse.worker.ts) and hears back progress, a summary of the table
 * (headers, row count, a preview, its problem), the row checks under a mapping, and the skipped
 * rows as CSV text. The table itself stays in the worker, so the page's thread only ever handles
 * small messages.
 *
 * Where `Worker` is absent (jsdom in the tests) the same functions run in the page
 * (parse-table.ts, loaded on first use so papaparse stays out of the pipeline's chunk).
 */
import { relationKey, type PartialRelation } from '../../contract/import-rows';
import type { ImportTable } from '../../contract/import-table';
import type { ParseProgress, RowCheck, SkippedLine, TableSummary } from '../../machines/import-wizard.machine';

export type ParseRequest =
  | { id: number; type: 'parse'; file: Blob }
  | { id: number; type: 'check'; relation: PartialRelation }
  | { id: number; type: 'skippedCsv'; lines: SkippedLine[]; reasonHeader: string };

export type ParseReply =
  | { id: number; type: 'progress'; progress: ParseProgress }
  | { id: number; type: 'parsed'; summary: TableSummary }
  | { id: number; type: 'checked'; check: RowCheck }
  /** Unasked, after a parse (its id): the rows checked under the mapping matched from the header row, `key` its relationKey. */
  | { id: number; type: 'prechecked'; key: string; check: RowCheck }
  | { id: number; type: 'csv'; text: string }
  | { id: number; type: 'failed'; message: string };

export type ImportParser = {
  /** Parses a file (replacing the one before), reporting progress as it goes. */
  parse(file: Blob, onProgress: (progress: ParseProgress) => void): Promise<TableSummary>;
  /** The SPEC §5 row errors of the parsed file under a mapping. */
  checkRows(relation: PartialRelation): Promise<RowCheck>;
  /** The parsed file's rows `lines` names, with their reasons, as a CSV file's text. */
  skippedCsv(lines: SkippedLine[], reasonHeader: string): Promise<string>;
  /** Stops any work under way and lets the table go (a later call starts afresh). */
  dispose(): void;
  /** Gets ready for a file ahead of time (the worker started and its code loaded), so choosing one parses at once. */
  prepare(): void;
};

/** A request before it gets its id. */
type Unsent = ParseRequest extends infer R ? (R extends ParseRequest ? Omit<R, 'id'> : never) : never;

type Pending = { resolve(reply: ParseReply): void; reject(error: Error): void; onProgress?: (progress: ParseProgress) => void };

/** The parser on a Web Worker (made on first use, ended by `dispose`). */
export const workerParser = (makeWorker: () => Worker = () => new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' })): ImportParser => {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  /** The id of the latest parse, and the row check the worker sent after it unasked. */
  let latestParse = 0;
  let prechecked: { key: string; check: RowCheck } | null = null;

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const dispose = () => {
    prechecked = null;
    worker?.terminate();
    worker = null;
    failAll(new Error('The file parser was stopped'));
  };
  const ensure = (): Worker => {
    if (worker) return worker;
    const made = makeWorker();
    made.onmessage = (event: MessageEvent<ParseReply>) => {
      const reply = event.data;
      if (reply.type === 'prechecked') {
        if (reply.id === latestParse) prechecked = { key: reply.key, check: reply.check };
        return;
      }
      const p = pending.get(reply.id);
      if (!p) return;
      if (reply.type === 'progress') return p.onProgress?.(reply.progress);
      pending.delete(reply.id);
      if (reply.type === 'failed') p.reject(new Error(reply.message));
      else p.resolve(reply);
    };
    made.onerror = (event) => {
      event.preventDefault();
      made.terminate();
      if (worker === made) worker = null;
      failAll(new Error(event.message || 'The file parser failed'));
    };
    worker = made;
    return made;
  };
  /** Sends a request (its id is `nextId` at the call) and answers the reply of type `expect`. */
  const ask = <T extends ParseReply['type']>(request: Unsent, expect: T, onProgress?: (progress: ParseProgress) => void) =>
    new Promise<Extract<ParseReply, { type: T }>>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, {
        resolve: (reply) => (reply.type === expect ? resolve(reply as Extract<ParseReply, { type: T }>) : reject(new Error(`Unexpected answer ${reply.type}`))),
        reject,
        ...(onProgress ? { onProgress } : {}),
      });
      ensure().postMessage({ ...request, id } as ParseRequest);
    });

  return {
    parse: async (file, onProgress) => {
      // A parse still running (another file) is stopped with its worker: parsing runs to its end once started.
      if (pending.size > 0) dispose();
      prechecked = null;
      latestParse = nextId;
      return (await ask({ type: 'parse', file }, 'parsed', onProgress)).summary;
    },
    checkRows: async (relation) => {
      if (prechecked?.key === relationKey(relation)) return prechecked.check;
      return (await ask({ type: 'check', relation }, 'checked')).check;
    },
    skippedCsv: async (lines, reasonHeader) => (await ask({ type: 'skippedCsv', lines, reasonHeader }, 'csv')).text,
    dispose,
    prepare: () => void ensure(),
  };
};

const bytesOf = (blob: Blob): Promise<Uint8Array> =>
  typeof blob.arrayBuffer === 'function'
    ? blob.arrayBuffer().then((buffer) => new Uint8Array(buffer))
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
        reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
        reader.readAsArrayBuffer(blob);
      });

/** The parser in the page (no Worker): the same functions, one file at a time. */
export const inPageParser = (): ImportParser => {
  let table: ImportTable | null = null;
  let generation = 0;
  const logic = () => import('./parse-table');
  const empty: ImportTable = { rows: [], lines: [], malformed: new Set() };
  return {
    parse: async (file, onProgress) => {
      const mine = ++generation;
      const [{ decodeFile, looksLikeText, NOT_TEXT_SUMMARY, parseTable, summarize }, bytes] = await Promise.all([logic(), bytesOf(file)]);
      if (mine !== generation) throw new Error('The file parser was stopped');
      table = null;
      if (!looksLikeText(bytes)) return NOT_TEXT_SUMMARY;
      table = parseTable(decodeFile(bytes), onProgress);
      return summarize(table);
    },
    checkRows: async (relation) => (await logic()).checkRows(table ?? empty, relation),
    skippedCsv: async (lines, reasonHeader) => (await logic()).skippedRowsCsv(table ?? empty, lines, reasonHeader),
    dispose: () => {
      generation++;
      table = null;
    },
    // Loads the parsing code (papaparse), kept out of the page's first chunks until a wizard opens.
    prepare: () => void logic(),
  };
};

/** The wizard's parser: on a worker where the browser has them, started as the wizard opens. */
export const createImportParser = (): ImportParser => {
  const parser = typeof Worker === 'undefined' ? inPageParser() : workerParser();
  parser.prepare();
  return parser;
};
