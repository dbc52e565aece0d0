/**
 * Properties of the CSV files both ends write and the importer that reads them (fast-check):
 * any table of strings written then read is the same table; no written cell starts a formula; the
 * importer never throws on arbitrary bytes: it refuses the file with a SPEC §5 message or plans it.
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ImportFileError, planImport, readImportFile } from '../../server/leads/import';
import { fromCsv, toCsv, UTF8_BOM } from '../../src/contract/csv';

/** Strings rich in what breaks CSV and spreadsheets: quotes, delimiters, line breaks, formula starts, spaces, apostrophes, CJK and Arabic. */
const tricky = fc.string({
  unit: fc.oneof(fc.constantFrom('"', ',', ';', '\t', '\r', '\n', '=', '+', '-', '@', ' ', "'", '中', 'ع', 'a', '1'), fc.string({ minLength: 1, maxLength: 1 })),
  maxLength: 12,
});
const table = fc.array(fc.array(tricky, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 });

const RUNS_AS_FORMULA = /^[ ]*[=+\-@\t\r]/;

describe('CSV files', () => {
  it('a table written and read back is the same table', () => {
    fc.assert(
      fc.property(table, (rows) => {
        expect(fromCsv(toCsv(rows))).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });

  it('no written cell starts a formula, after any spaces', () => {
    fc.assert(
      fc.property(table, (rows) => {
        const written = toCsv(rows);
        expect(written.startsWith(UTF8_BOM)).toBe(true);
        // Read as a spreadsheet would: without taking our guard off.
        const cells = Papa.parse<string[]>(written.slice(1), { header: false, delimiter: ',' }).data.flat();
        for (const cell of cells) expect(RUNS_AS_FORMULA.test(cell), JSON.stringify(cell)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the importer', () => {
  it('never throws on arbitrary bytes: a file message or a plan whose counts add up', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.nat({ max: 3 }), fc.nat({ max: 3 }), (bytes, name, phone) => {
        let table: ReturnType<typeof readImportFile>;
        try {
          table = readImportFile(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(ImportFileError);
          return;
        }
        try {
          const plan = planImport(table, { name, phone }, [], 'US');
          expect(plan.added + plan.updated + plan.unchanged + plan.skipped).toBe(plan.total);
          expect(plan.total).toBe(table.rows.length - 1);
        } catch (error) {
          // A mapping to a column the file does not have is a file message too.
          expect(error).toBeInstanceOf(ImportFileError);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('imports what it exports: a written table of people plans as that many new leads', () => {
    const person = fc.record({ name: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''), phone: fc.integer({ min: 2012000000, max: 9899999999 }) });
    fc.assert(
      fc.property(fc.uniqueArray(person, { minLength: 1, maxLength: 20, selector: (p) => p.name.trim().toLowerCase() }), (people) => {
        const unique = people.filter((p, i) => people.findIndex((q) => q.phone === p.phone) === i);
        const written = toCsv([['Name', 'Phone'], ...unique.map((p) => [p.name, `+1 ${p.phone}`])]);
        const plan = planImport(readImportFile(new TextEncoder().encode(written)), { name: 0, phone: 1 }, [], 'US');
        expect(plan.adds.map((a) => a.name)).toEqual(unique.map((p) => p.name.trim()));
      }),
      { numRuns: 200 },
    );
  });
});
