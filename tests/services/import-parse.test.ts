/**
 * The import file as a table (SPEC §4 Import wizard, §5 Import messages; parse-table.ts): read as
 * the server reads it (server/leads/import.ts), so the row numbers the check answers are the
 * rows here, with the delimiters , ; tab and |, a BOM or none, CRLF or LF, quoted fields holding
 * delimiters and line breaks, Chinese and Arabic text; the file problems, the row checks, the
 * skipped rows' CSV, and the in-page parser (parse-client.ts without a Worker).
 */
import { describe, expect, it } from 'vitest';
import { fromCsv, toCsv } from '../../src/contract/csv';
import { readImportFile } from '../../server/leads/import';
import { inPageParser, workerParser, type ParseReply, type ParseRequest } from '../../src/services/import/parse-client';
import type { RowCheck } from '../../src/machines/import-wizard.machine';
import { relationKey } from '../../src/contract/import-rows';
import { checkRows, decodeFile, parseTable, skippedRowsCsv, startingRelation, summarize, tableOf, warmUp, WARM_UP_ROWS } from '../../src/services/import/parse-table';

const rows = [
  ['Name', 'Phone', 'Email'],
  ['Ann Lee', '+1 646 555 0101', 'ann@example.com'],
  ['王小明', '138 0013 8000', ''],
  ['ليلى الحسن', '+971 50 123 4567', 'layla@example.ae'],
];
const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseTable', () => {
  for (const [name, delimiter] of [
    ['comma', ','],
    ['semicolon', ';'],
    ['tab', '\t'],
    ['pipe', '|'],
  ] as const) {
    it(`reads a ${name}-separated file with Chinese and Arabic text`, () => {
      const text = rows.map((r) => r.join(delimiter)).join('\n');
      expect(parseTable(text).rows).toEqual(rows);
    });
  }

  it('reads UTF-8 with a BOM and CRLF lines, as the bytes decode', () => {
    const text = '\uFEFF' + rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
    expect(parseTable(decodeFile(bytes(text))).rows).toEqual(rows);
    expect(parseTable(text).rows).toEqual(rows);
  });

  it('keeps quoted delimiters, quotes and line breaks inside a field', () => {
    const text = 'Name,Phone,Company\r\n"Lee, Ann","+1 (646) 555-0101","Acme, ""Inc.""\nSecond line"\r\n';
    expect(parseTable(text).rows).toEqual([
      ['Name', 'Phone', 'Company'],
      ['Lee, Ann', '+1 (646) 555-0101', 'Acme, "Inc."\nSecond line'],
    ]);
  });

  it('skips empty lines and takes our exports’ formula guards off', () => {
    const text = toCsv([['Name', 'Phone'], ['=SUM(A1)', '+1 646 555 0101']]) + '\r\n\r\n  \r\n , \r\n,\r\n';
    expect(parseTable(text).rows).toEqual([
      ['Name', 'Phone'],
      ['=SUM(A1)', '+1 646 555 0101'],
    ]);
  });

  it('parses in chunks with the same table as one go, reporting rows and the part done', () => {
    const many = [rows[0]!, ...Array.from({ length: 500 }, (_, i) => [`Name "${i}", 名字 ${i}`, `+1 646 555 ${String(i).padStart(4, '0')}`, `p${i}@x.io`])];
    const text = toCsv(many);
    const progress: { rows: number; fraction: number }[] = [];
    const table = parseTable(text, (p) => progress.push(p), 1024);
    expect(table.rows).toEqual(many);
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.at(-1)).toEqual({ rows: 500, fraction: 1 });
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.fraction).toBeGreaterThanOrEqual(progress[i - 1]!.fraction);
  });

  it('reads the same table as the server does', () => {
    const text = '\uFEFF' + 'Name;Phone\r\n"A; B";1\r\n\r\nC;"2\n3"\r\n';
    expect(parseTable(decodeFile(bytes(text)))).toEqual(readImportFile(bytes(text)));
  });
});

describe('summarize', () => {
  it('says an empty file is empty and a header alone has no record (SPEC §5)', () => {
    expect(summarize(parseTable(''))).toMatchObject({ problem: 'empty', rowCount: 0, headers: [] });
    expect(summarize(parseTable('\uFEFF\r\n\r\n'))).toMatchObject({ problem: 'empty' });
    expect(summarize(parseTable('Name,Phone\r\n'))).toMatchObject({ problem: 'noRecord', rowCount: 0, headers: ['Name', 'Phone'] });
  });

  it('gives the headers, the row count and a few rows to preview', () => {
    expect(summarize(tableOf(rows))).toEqual({ headers: ['Name', 'Phone', 'Email'], rowCount: 3, problem: null, sample: rows.slice(1) });
  });
});

describe('checkRows', () => {
  it('lists the SPEC §5 row errors with their 1-based row numbers and counts them all', () => {
    const table = [['Name', 'Phone', 'Email'], ['Ann', '+1 646 555 0101', 'ann@x.io'], ['', '12#4', 'bad'], ['Bo', '', '']];
    const check = checkRows(tableOf(table), { name: 0, phone: 1, email: 2 });
    expect(check.invalid).toBe(2);
    expect(check.byReason).toEqual({ phoneInvalid: 1, nameEmpty: 1, emailInvalid: 1, phoneEmpty: 1 });
    expect(check.listed).toEqual([
      { row: 2, line: 3, reasons: ['phoneInvalid', 'nameEmpty', 'emailInvalid'], cells: ['', '12#4', 'bad'] },
      { row: 3, line: 4, reasons: ['phoneEmpty'], cells: ['Bo', '', ''] },
    ]);
    expect(checkRows(tableOf(table), { name: 0, phone: 1 }, 1).listed).toHaveLength(1);
  });
});

describe('skippedRowsCsv', () => {
  it('writes the file’s header and the rows’ own cells with a reason column, formulas guarded', () => {
    const table = [['Name', 'Phone'], ['Ann', '1'], ['=HYPERLINK()', '']];
    const csv = skippedRowsCsv(tableOf(table), [{ row: 2, reason: 'Phone is empty' }], 'Reason');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain("\"'=HYPERLINK()\"");
    expect(fromCsv(csv)).toEqual([
      ['Name', 'Phone', 'Reason'],
      ['=HYPERLINK()', '', 'Phone is empty'],
    ]);
  });
});

describe('the in-page parser', () => {
  it('parses a file, checks its rows and writes its skipped rows', async () => {
    const parser = inPageParser();
    const progress: number[] = [];
    const file = new File([bytes('\uFEFFName\tPhone\r\nAnn\t+1 646 555 0101\r\n\t\r\nBo\t\r\n')], 'leads.tsv');
    expect(await parser.parse(file, (p) => progress.push(p.rows))).toEqual({ headers: ['Name', 'Phone'], rowCount: 2, problem: null, sample: [['Ann', '+1 646 555 0101'], ['Bo', '']] });
    expect(progress.at(-1)).toBe(2);
    expect((await parser.checkRows({ name: 0, phone: 1 })).listed).toEqual([{ row: 2, line: 4, reasons: ['phoneEmpty'], cells: ['Bo', ''] }]);
    expect(fromCsv(await parser.skippedCsv([{ row: 2, reason: 'empty' }], 'Why'))).toEqual([
      ['Name', 'Phone', 'Why'],
      ['Bo', '', 'empty'],
    ]);
    parser.dispose();
    expect((await parser.checkRows({ name: 0, phone: 1 })).invalid).toBe(0);
  });
});

describe('the in-page parser and files that are not text or have broken lines', () => {
  it('refuses a file of raw bytes before reading it', async () => {
    const parser = inPageParser();
    const raw = Uint8Array.from({ length: 2048 }, (_, i) => (i * 7) % 32);
    expect(await parser.parse(new File([raw], 'leads.csv'), () => undefined)).toEqual({ headers: [], rowCount: 0, problem: 'notText', sample: [] });
    expect((await parser.checkRows({ name: 0, phone: 1 })).invalid).toBe(0);
  });

  it('lists a line with broken quotes as its own row with its line, and reads the next person', async () => {
    const parser = inPageParser();
    const text = 'Name,Phone\r\n=HYPERLINK("http://x","y"),+1 415 555 0106\r\nBob Ray,+1 415 555 0107\r\n';
    expect(await parser.parse(new File([bytes(text)], 'leads.csv'), () => undefined)).toMatchObject({ rowCount: 2, problem: null });
    expect(await parser.checkRows({ name: 0, phone: 1 })).toEqual({
      invalid: 1,
      byReason: { badQuotes: 1 },
      listed: [{ row: 1, line: 2, reasons: ['badQuotes'], cells: ['=HYPERLINK("http://x"', '"y")', '+1 415 555 0106'] }],
    });
  });
});

describe('the worker’s helpers', () => {
  it('warms up on a sample it parses and checks', () => {
    expect(warmUp(50)).toBeGreaterThan(50);
    expect(warmUp()).toBeGreaterThan(WARM_UP_ROWS);
  });

  it('starts from the header’s matches, and keys a mapping by its columns', () => {
    const summary = summarize(tableOf(rows));
    expect(startingRelation(summary)).toEqual({ name: 0, phone: 1, email: 2 });
    expect(relationKey({ name: 0, phone: 1, email: 2 })).toBe(relationKey(startingRelation(summary)));
    expect(relationKey({ name: 0, phone: 1 })).not.toBe(relationKey({ name: 0, phone: 1, email: 2 }));
    expect(relationKey({ name: 1, phone: 0 })).not.toBe(relationKey({ name: 0, phone: 1 }));
  });
});

describe('the worker parser', () => {
  /** A worker that runs the worker's module logic in the test (messages as structured data). */
  const fakeWorker = () => {
    const sent: ParseRequest[] = [];
    const worker = {
      onmessage: null as ((e: MessageEvent<ParseReply>) => void) | null,
      onerror: null,
      terminated: false,
      postMessage: (request: ParseRequest) => sent.push(request),
      terminate() {
        this.terminated = true;
      },
    };
    const reply = (message: ParseReply) => worker.onmessage?.({ data: message } as MessageEvent<ParseReply>);
    return { worker, sent, reply };
  };

  it('sends requests with ids, hands progress on, and settles on the answer', async () => {
    const fake = fakeWorker();
    const parser = workerParser(() => fake.worker as unknown as Worker);
    const progress: number[] = [];
    const parsed = parser.parse(new Blob(['x']), (p) => progress.push(p.rows));
    expect(fake.sent).toMatchObject([{ id: 1, type: 'parse' }]);
    fake.reply({ id: 1, type: 'progress', progress: { rows: 5, fraction: 0.5 } });
    fake.reply({ id: 1, type: 'parsed', summary: { headers: ['a'], rowCount: 5, problem: null, sample: [] } });
    expect(await parsed).toMatchObject({ rowCount: 5 });
    expect(progress).toEqual([5]);
    const checked = parser.checkRows({ name: 0, phone: 1 });
    fake.reply({ id: 2, type: 'failed', message: 'boom' });
    await expect(checked).rejects.toThrow('boom');
  });

  it('answers the check the worker sent unasked after the latest parse without asking again', async () => {
    const fake = fakeWorker();
    const parser = workerParser(() => fake.worker as unknown as Worker);
    const starting = { name: 0, phone: 1 };
    const early: RowCheck = { invalid: 2, byReason: { phoneEmpty: 2 }, listed: [] };
    const first = parser.parse(new Blob(['a']), () => undefined);
    fake.reply({ id: 1, type: 'parsed', summary: { headers: ['Name', 'Phone'], rowCount: 9, problem: null, sample: [] } });
    await first;
    // A later file: what the worker says of the first one is not kept.
    const second = parser.parse(new Blob(['b']), () => undefined);
    fake.reply({ id: 2, type: 'parsed', summary: { headers: ['Name', 'Phone'], rowCount: 3, problem: null, sample: [] } });
    await second;
    fake.reply({ id: 1, type: 'prechecked', key: relationKey(starting), check: { invalid: 9, byReason: {}, listed: [] } });
    const asked = parser.checkRows(starting);
    expect(fake.sent.at(-1)).toMatchObject({ id: 3, type: 'check', relation: starting });
    fake.reply({ id: 3, type: 'checked', check: early });
    expect(await asked).toBe(early);
    // The latest parse's own: answered on the page, nothing sent.
    const kept: RowCheck = { invalid: 1, byReason: { nameEmpty: 1 }, listed: [] };
    fake.reply({ id: 2, type: 'prechecked', key: relationKey(starting), check: kept });
    const sentBefore = fake.sent.length;
    expect(await parser.checkRows(starting)).toBe(kept);
    expect(fake.sent).toHaveLength(sentBefore);
    // Another mapping is asked for.
    const other = parser.checkRows({ name: 1, phone: 0 });
    expect(fake.sent).toHaveLength(sentBefore + 1);
    fake.reply({ id: 4, type: 'checked', check: early });
    expect(await other).toBe(early);
    // Disposed: the kept answer goes with the table.
    parser.dispose();
    const afterDispose = parser.checkRows(starting);
    expect(fake.sent.at(-1)).toMatchObject({ type: 'check' });
    parser.dispose();
    await expect(afterDispose).rejects.toThrow('stopped');
  });

  it('starts its worker when asked to get ready, and parses on that one', async () => {
    const fake = fakeWorker();
    let made = 0;
    const parser = workerParser(() => {
      made++;
      return fake.worker as unknown as Worker;
    });
    expect(made).toBe(0);
    parser.prepare();
    expect(made).toBe(1);
    const parsed = parser.parse(new Blob(['x']), () => undefined);
    expect(made).toBe(1);
    fake.reply({ id: 1, type: 'parsed', summary: { headers: ['a'], rowCount: 1, problem: null, sample: [] } });
    expect(await parsed).toMatchObject({ rowCount: 1 });
  });

  it('stops a parse under way with its worker when another file comes, and on dispose', async () => {
    const first = fakeWorker();
    const second = fakeWorker();
    const workers = [first, second];
    const parser = workerParser(() => workers.shift()!.worker as unknown as Worker);
    const a = parser.parse(new Blob(['a']), () => undefined);
    const b = parser.parse(new Blob(['b']), () => undefined);
    await expect(a).rejects.toThrow('stopped');
    expect(first.worker.terminated).toBe(true);
    expect(second.sent).toMatchObject([{ type: 'parse' }]);
    parser.dispose();
    await expect(b).rejects.toThrow('stopped');
    expect(second.worker.terminated).toBe(true);
  });
});
