/**
 * SPEC §5 file-level errors of a parsed table (src/contract/import-rows.ts `tableError`): a table
 * with no row holding anything is empty, one with a single such row (the header) has no record.
 * The check stops at the second row with something in it; it must answer as counting every row would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tableError } from '../../src/contract/import-rows';
import { importFileErrors } from '../../src/contract/lead-files';

/** The rule as written: count the rows with something in them. */
const byCounting = (table: string[][]): string | null => {
  const filled = table.filter((row) => row.some((value) => value.trim() !== '')).length;
  return filled === 0 ? importFileErrors.empty : filled === 1 ? importFileErrors.noRecord : null;
};

describe('tableError', () => {
  it('names an empty file, a header alone, and accepts a header with a record', () => {
    expect(tableError([])).toBe(importFileErrors.empty);
    expect(tableError([[''], ['  ', '\t']])).toBe(importFileErrors.empty);
    expect(tableError([['Name', 'Phone']])).toBe(importFileErrors.noRecord);
    expect(tableError([[' '], ['Name', 'Phone'], ['', ' ']])).toBe(importFileErrors.noRecord);
    expect(tableError([['Name', 'Phone'], [' ', ''], ['Ann', '']])).toBeNull();
  });

  it('answers as counting every row would, for any table of blank and filled cells', () => {
    const cell = fc.constantFrom('', ' ', '\t', '\u3000', 'a', ' 中 ', 'ع');
    fc.assert(
      fc.property(fc.array(fc.array(cell, { maxLength: 4 }), { maxLength: 8 }), (table) => {
        expect(tableError(table)).toBe(byCounting(table));
      }),
      { numRuns: 500 },
    );
  });
});
