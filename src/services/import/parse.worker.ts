/**
 * The import's parsing worker (SPEC §4 Import wizard): reads the chosen file, parses it in chunks
 * (posting progress as it goes), keeps the table, and answers the page's questions about it (the
 * row checks under a mapping, the skipped rows as CSV), so a file of 100,000 rows never holds the
 * page's thread. The logic is parse-table.ts; the messages are those of parse-client.ts.
 *
 * Two things save the person waiting: the worker warms its loops up on a sample as it starts (the
 * wizard starts it as it opens, see warmUp), and once a file is parsed it checks the rows under the
 * mapping the wizard starts from while the person looks at the mapping and sends that answer to the
 * page ahead of the question ('prechecked'), so the review opens at once (a changed mapping is
 * checked when it is asked for).
 */
import type { ParseReply, ParseRequest } from './parse-client';
import { relationKey } from '../../contract/import-rows';
import { checkRows, decodeFile, looksLikeText, NOT_TEXT_SUMMARY, parseTable, skippedRowsCsv, startingRelation, summarize, tableOf, TEXT_SNIFF_BYTES, warmUp, type ImportTable, type RowCheck } from './parse-table';

type WorkerScope = { postMessage(message: ParseReply): void; onmessage: ((event: MessageEvent<ParseRequest>) => void) | null };
const scope = self as unknown as WorkerScope;

/** The last parsed file's table (header row first). */
let table: ImportTable = tableOf([]);
/** The row check of that table under one mapping, done ahead of the question. */
let checked: { key: string; check: RowCheck } | null = null;

warmUp();

/** Progress is posted at most this often (the page redraws its bar on each; the last one always goes). */
const PROGRESS_EVERY_MS = 200;

/** The file's text: Blob.text() decodes UTF-8 natively, replacing invalid bytes and dropping a BOM, as decodeFile does. */
const textOf = (file: Blob): Promise<string> =>
  typeof file.text === 'function' ? file.text() : file.arrayBuffer().then((buffer) => decodeFile(new Uint8Array(buffer)));

const answer = async (request: ParseRequest): Promise<void> => {
  const { id } = request;
  switch (request.type) {
    case 'parse': {
      table = tableOf([]);
      checked = null;
      // A file that is not text is refused before it is read (SPEC §5; src/contract/import-table.ts).
      if (!looksLikeText(new Uint8Array(await request.file.slice(0, TEXT_SNIFF_BYTES).arrayBuffer()))) {
        scope.postMessage({ id, type: 'parsed', summary: NOT_TEXT_SUMMARY });
        return;
      }
      const text = await textOf(request.file);
      let postedAt = -Infinity;
      table = parseTable(text, (progress) => {
        const now = performance.now();
        if (now - postedAt < PROGRESS_EVERY_MS && progress.fraction < 1) return;
        postedAt = now;
        scope.postMessage({ id, type: 'progress', progress });
      });
      const summary = summarize(table);
      scope.postMessage({ id, type: 'parsed', summary });
      if (summary.problem === null) {
        const parsed = table;
        // After this task, so the page hears of the parse first; a newer file makes it moot. The
        // answer goes to the page as well, which keeps it, so the review opens without asking.
        setTimeout(() => {
          if (table !== parsed) return;
          const relation = startingRelation(summary);
          checked = { key: relationKey(relation), check: checkRows(table, relation) };
          scope.postMessage({ id, type: 'prechecked', key: checked.key, check: checked.check });
        }, 0);
      }
      return;
    }
    case 'check': {
      const key = relationKey(request.relation);
      const check = checked?.key === key ? checked.check : checkRows(table, request.relation);
      scope.postMessage({ id, type: 'checked', check });
      return;
    }
    case 'skippedCsv':
      scope.postMessage({ id, type: 'csv', text: skippedRowsCsv(table, request.lines, request.reasonHeader) });
      return;
  }
};

scope.onmessage = (event) => {
  answer(event.data).catch((error: unknown) => scope.postMessage({ id: event.data.id, type: 'failed', message: error instanceof Error ? error.message : String(error) }));
};
