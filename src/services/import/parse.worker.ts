/**
 * The import's parsing worker (SPEC §4 Import wizard): reads the chosen file, parses it in chunks
 * (posting progress after each), keeps the table, and answers the page's questions about it (the
 * row checks under a mapping, the skipped rows as CSV), so a file of 100,000 rows never holds the
 * page's thread. The logic is parse-table.ts; the messages are those of parse-client.ts.
 */
import type { ParseReply, ParseRequest } from './parse-client';
import { checkRows, decodeFile, parseTable, skippedRowsCsv, summarize } from './parse-table';

type WorkerScope = { postMessage(message: ParseReply): void; onmessage: ((event: MessageEvent<ParseRequest>) => void) | null };
const scope = self as unknown as WorkerScope;

/** The last parsed file's table (header row first). */
let table: string[][] = [];

const answer = async (request: ParseRequest): Promise<void> => {
  const { id } = request;
  switch (request.type) {
    case 'parse': {
      table = [];
      const text = decodeFile(new Uint8Array(await request.file.arrayBuffer()));
      table = parseTable(text, (progress) => scope.postMessage({ id, type: 'progress', progress }));
      scope.postMessage({ id, type: 'parsed', summary: summarize(table) });
      return;
    }
    case 'check':
      scope.postMessage({ id, type: 'checked', check: checkRows(table, request.relation) });
      return;
    case 'skippedCsv':
      scope.postMessage({ id, type: 'csv', text: skippedRowsCsv(table, request.lines, request.reasonHeader) });
      return;
  }
};

scope.onmessage = (event) => {
  answer(event.data).catch((error: unknown) => scope.postMessage({ id: event.data.id, type: 'failed', message: error instanceof Error ? error.message : String(error) }));
};
