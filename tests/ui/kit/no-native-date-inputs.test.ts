/**
 * No native date input in the views: the browser's own date and date-time fields (`type="date"`,
 * `datetime-local`, `month`, `week`) show the browser's format (mm/dd/yyyy) left to right whatever
 * the app's language, so every date is chosen with the kit's date picker (Ark DatePicker with the
 * app's locale: src/ui/components/date-field.tsx, date-range-picker.tsx). A type written as a
 * string anywhere in src/ui (an attribute, a map of input types) fails here, by file and line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const ui = join(root, 'src', 'ui');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(tsx?|jsx?)$/.test(name) ? [path] : [];
  });

/**
 * A native date type as a string literal: "date", 'datetime-local', "week" anywhere (an attribute,
 * a map of input types), and "month" given as a type (`type="month"`, `type: 'month'`): a
 * calendar's own month view (`view="month"`) is not an input.
 */
const nativeDateType = /(["'`])(date|datetime-local|week)\1|\btype\s*[=:]\s*\{?\s*(["'`])month\3/;

describe('date inputs in src/ui', () => {
  it('has no native date or date-time input type', () => {
    const found = filesUnder(ui).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (nativeDateType.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('catches one (the check itself can fail)', () => {
    expect(nativeDateType.test('<input type="date" />')).toBe(true);
    expect(nativeDateType.test("followUpTime: 'datetime-local',")).toBe(true);
    expect(nativeDateType.test("{ type: 'month' }")).toBe(true);
    expect(nativeDateType.test('<input type={"week"} />')).toBe(true);
    expect(nativeDateType.test("birthday: 'date',")).toBe(true);
    expect(nativeDateType.test('const updated = formatDate(x);')).toBe(false);
    expect(nativeDateType.test('<GridView view="month" />')).toBe(false);
    expect(nativeDateType.test("const grid = view === 'month' ? a : b;")).toBe(false);
  });
});
