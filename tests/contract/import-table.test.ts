/**
 * Reading an import file (src/contract/import-table.ts), the one reading the browser's parsing
 * worker and the server share: every line of a file is a row that imports or a row skipped with
 * its reason. A line whose quotes are broken is a row of its own (SPEC §5 row error), never merged
 * with the lines after it; a row that does not line up with the header is skipped; a file that is
 * not text is refused before it is read (SPEC §5 file messages).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportFileError, planImport, readImportFile } from '../../server/leads/import';
import { importFileErrors } from '../../src/contract/lead-files';
import { looksLikeText, readImportTable, tableRowErrors } from '../../src/contract/import-table';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('a line with broken quotes', () => {
  const text = 'Name,Phone,Email\r\n=HYPERLINK("http://x","y"),+1 415 555 0106,a@x.io\r\nBob Ray,+1 415 555 0107,b@x.io\r\nCid,+1 415 555 0108,c@x.io\r\n';

  it('is a row of its own, read as its line split on the delimiter; the rows after it are read as written', () => {
    const table = readImportTable(text);
    expect(table.rows).toEqual([
      ['Name', 'Phone', 'Email'],
      ['=HYPERLINK("http://x"', '"y")', '+1 415 555 0106', 'a@x.io'],
      ['Bob Ray', '+1 415 555 0107', 'b@x.io'],
      ['Cid', '+1 415 555 0108', 'c@x.io'],
    ]);
    expect(table.lines).toEqual([1, 2, 3, 4]);
    expect([...table.malformed]).toEqual([1]);
    expect(tableRowErrors(table, 1, { name: 0, phone: 1 })).toEqual(['badQuotes']);
    expect(tableRowErrors(table, 2, { name: 0, phone: 1 })).toEqual([]);
  });

  it('is skipped by the server’s plan naming its line, and the next person is imported', () => {
    const plan = planImport(readImportFile(bytes(text)), { name: 0, phone: 1, email: 2 }, [], 'US');
    expect(plan.adds.map((a) => a.name)).toEqual(['Bob Ray', 'Cid']);
    expect(plan.skippedRows).toEqual([{ row: 1, line: 2, name: '=HYPERLINK("http://x"', phone: '"y")', reasons: ['badQuotes'] }]);
    expect(plan).toMatchObject({ total: 3, added: 2, skipped: 1 });
  });

  it('unterminated at the end of a line, or closed with text after the quote, in any of the delimiters; quoted line breaks still read', () => {
    const table = readImportTable('Name;Phone\n"Ann;1\nBo;2\n"Cy" x;3\nDee;"4"\n"Eve\nJr";5\n');
    expect(table.rows).toEqual([['Name', 'Phone'], ['"Ann', '1'], ['Bo', '2'], ['"Cy" x', '3'], ['Dee', '4'], ['Eve\nJr', '5']]);
    expect(table.lines).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...table.malformed]).toEqual([1, 3]);
  });

  it('re-splits a row that a quote never closed merges with the next line without an error, when it does not line up with the header', () => {
    const table = readImportTable('Name,Phone,Email\n"Ann,1,a@x.io\nBo,2,b"\nCy,3,c@x.io\n');
    expect(table.rows).toEqual([['Name', 'Phone', 'Email'], ['"Ann', '1', 'a@x.io'], ['Bo', '2', 'b"'], ['Cy', '3', 'c@x.io']]);
    expect([...table.malformed]).toEqual([1]);
    expect(table.lines).toEqual([1, 2, 3, 4]);
  });

  it('numbers lines across quoted line breaks and blank lines', () => {
    const table = readImportTable('Name,Phone\r\n"A\nB",1\r\n\r\n  \r\nC,"2"\r\n"D\r\nE\r\nF",3');
    expect(table.rows).toEqual([['Name', 'Phone'], ['A\nB', '1'], ['C', '2'], ['D\r\nE\r\nF', '3']]);
    expect(table.lines).toEqual([1, 2, 6, 7]);
    expect(table.malformed.size).toBe(0);
  });
});

describe('a row that does not line up with the header', () => {
  it('is skipped as fieldCount: cells past the header’s, or missing a titled column; trailing empty cells are fine', () => {
    const table = readImportTable('Name,Phone,Email,\nAnn,1,a@x.io\nBo,2\nCy,3,c@x.io,,extra\nDee,4,d@x.io,,\nEd,5,e@x.io,\n');
    const errors = table.rows.slice(1).map((_, i) => tableRowErrors(table, i + 1, { name: 0, phone: 1 }));
    expect(errors).toEqual([[], ['fieldCount'], ['fieldCount'], [], []]);
  });
});

describe('every line is a row', () => {
  /** A cell as a well-formed file writes it on one line: plain (a quote only inside it) or quoted. */
  const plain = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '1', '+', '"', '=', '(', 'ع', '中'), minLength: 1, maxLength: 6 }).filter((s) => !s.startsWith('"') && s.trim() !== '');
  const quoted = fc.string({ unit: fc.constantFrom('a', ',', '"', ' ', '1'), maxLength: 6 }).map((s) => `"${s.replace(/"/g, '""')}"`);
  const cell = fc.oneof(plain, quoted);
  /**
   * A cell whose quotes are broken: opened at its start and closed with text after the quote
   * ('"y")'). (A quote never closed on its line is valid CSV when a later line closes it in a row
   * that lines up with the header: a multi-line cell; the unit tests above cover the other cases.)
   */
  const broken = fc.tuple(plain, plain).map(([a, b]) => `"${a.replace(/"/g, '')}"${b.replace(/^[ ,"]+/, 'x')}`);
  const unquote = (c: string) => (c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c);
  /** A line of the file; a row of only blank cells is a blank line, which the reader drops, so every generated row says something. */
  const line = fc
    .record({ cells: fc.array(cell, { minLength: 3, maxLength: 3 }), breakAt: fc.option(fc.nat({ max: 2 }), { freq: 3 }), brokenCell: broken })
    .filter((l) => l.breakAt !== null || l.cells.some((c) => unquote(c).trim() !== ''));

  it('reads a file of one-line rows, some with broken quotes, as one row per line: the broken ones skipped, the others as written', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.constantFrom('\n', '\r\n'), (lines, newline) => {
        const written = lines.map((l) => l.cells.map((c, i) => (i === l.breakAt ? l.brokenCell : c)).join(','));
        const table = readImportTable(['Name,Phone,Email', ...written].join(newline));
        expect(table.rows.length).toBe(lines.length + 1);
        expect(table.lines).toEqual(Array.from({ length: lines.length + 1 }, (_, i) => i + 1));
        lines.forEach((l, i) => {
          if (l.breakAt === null) expect(table.rows[i + 1]).toEqual(l.cells.map(unquote));
          else expect(tableRowErrors(table, i + 1, { name: 0, phone: 1 }), written[i]).toEqual(['badQuotes']);
        });
        const plan = planImport(readImportFile(bytes(['Name,Phone,Email', ...written].join(newline))), { name: 0, phone: 1 }, [], 'US');
        expect(plan.total).toBe(lines.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a file that is not text', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  const controls = Uint8Array.from({ length: 4000 }, (_, i) => (i % 3 === 0 ? 0x41 : (i % 31) + 1));

  it('is told apart by NUL bytes or mostly control characters in its first kilobytes', () => {
    expect(looksLikeText(png)).toBe(false);
    expect(looksLikeText(controls)).toBe(false);
    expect(looksLikeText(bytes('Name,Phone\r\nAnn,+1 415 555 0101\r\n王小明\t138 0013 8000\r\nليلى;+971 50 123 4567\f\r\n'))).toBe(true);
    expect(looksLikeText(bytes('\uFEFFName,Phone\r\n'))).toBe(true);
    expect(looksLikeText(new Uint8Array())).toBe(true);
    // UTF-16 text has a NUL beside every ASCII letter: it is not the UTF-8 text the import reads.
    expect(looksLikeText(new Uint8Array([0xff, 0xfe, 0x4e, 0, 0x61, 0]))).toBe(false);
  });

  it('is refused by the server with the file message', () => {
    expect(() => readImportFile(png)).toThrow(new ImportFileError(importFileErrors.notText));
    expect(importFileErrors.notText).toBe('This is not a text file. Choose a CSV or TSV file saved as UTF-8 text.');
  });
});
