/**
 * The number check's reading (SPEC §2 assistant tools, number check; §5 "Check tools need country
 * code and phone number"): a pasted list cut into numbers (lines, commas, semicolons) of at most
 * NUMBER_CHECK_MAX; each read by the one phone rule into E.164 with the default calling code for
 * those written without one; invalid entries kept with their reasons and lines; repeated numbers
 * merged. And the page's reading of a list a slice at a time, which answers what one pass does.
 */
import { describe, expect, it } from 'vitest';
import { callingCodeDigits, NUMBER_CHECK_MAX, splitNumberList } from '../../src/contract/number-check';
import { isKnownCallingCode, readNumber, readNumberList } from '../../src/contract/number-reading';
import { parseNumberList, readSingleNumber } from '../../src/services/actors/number-check';

describe('cutting a pasted list', () => {
  it('takes one number per line, or several separated by commas or semicolons, leaving out blanks, with their lines', () => {
    expect(splitNumberList('+1 415 555 0101\r\n\n 020 7946 0958 ; +86 138 0013 8000,,\r  ,\n0044 20 7946 0959')).toEqual({
      ok: true,
      entries: [
        { line: 1, text: '+1 415 555 0101' },
        { line: 3, text: '020 7946 0958' },
        { line: 3, text: '+86 138 0013 8000' },
        { line: 5, text: '0044 20 7946 0959' },
      ],
    });
    expect(splitNumberList('  \n ; ,')).toEqual({ ok: true, entries: [] });
  });

  it('refuses a list of more than NUMBER_CHECK_MAX numbers as a whole', () => {
    const numbers = Array.from({ length: NUMBER_CHECK_MAX }, (_, i) => `+1 415 555 ${String(1000 + i)}`);
    expect(NUMBER_CHECK_MAX).toBe(1000);
    const full = splitNumberList(numbers.join('\n'));
    expect(full.ok && full.entries.length).toBe(1000);
    expect(splitNumberList([...numbers, '+1 415 555 9999'].join('\n'))).toEqual({ ok: false, tooMany: true });
    // Blank entries do not count.
    expect(splitNumberList([...numbers, '', ' ; '].join('\n')).ok).toBe(true);
  });

  it('reads a calling code written with or without +, and nothing else', () => {
    expect(['86', '+86', ' + 1 ', '971'].map(callingCodeDigits)).toEqual(['86', '86', '1', '971']);
    expect(['', '0', '+0', '1234', 'US', '+8 6'].map(callingCodeDigits)).toEqual([null, null, null, null, null, null]);
    expect(['1', '44', '86', '971'].every(isKnownCallingCode)).toBe(true);
    expect(['999', '0'].some(isKnownCallingCode)).toBe(false);
  });
});

describe('reading one number into E.164', () => {
  const ok = (phone: string, international: string) => ({ ok: true, phone, international });

  it('reads + numbers as international, and a national number with the calling code', () => {
    expect(readNumber('+86 138 0013 8000', '1')).toEqual(ok('8613800138000', '+86 138 0013 8000'));
    expect(readNumber('020 7946 0958', '44')).toEqual(ok('442079460958', '+44 20 7946 0958'));
    expect(readNumber('(415) 555-0101', '1')).toEqual(ok('14155550101', '+1 415 555 0101'));
    expect(readNumber('1 415 555 0101', '1')).toEqual(ok('14155550101', '+1 415 555 0101'));
  });

  it('reads the country’s exit code and 00 as international, and digits that only make an international number', () => {
    expect(readNumber('011 44 20 7946 0958', '1')).toEqual(ok('442079460958', '+44 20 7946 0958'));
    expect(readNumber('0044 20 7946 0958', '86')).toEqual(ok('442079460958', '+44 20 7946 0958'));
    expect(readNumber('0086 138 0013 8000', '1')).toEqual(ok('8613800138000', '+86 138 0013 8000'));
    expect(readNumber('8613800138000', '1')).toEqual(ok('8613800138000', '+86 138 0013 8000'));
  });

  it('says why a text is no number', () => {
    expect(readNumber('415.555.0101', '1')).toEqual({ ok: false, problem: 'characters' });
    expect(readNumber('call me', '1')).toEqual({ ok: false, problem: 'characters' });
    expect(readNumber(`+1 ${'5'.repeat(40)}`, '1')).toEqual({ ok: false, problem: 'tooLong' });
    expect(readNumber('415 555 0101', null)).toEqual({ ok: false, problem: 'noCountryCode' });
    expect(readNumber('12', '1')).toEqual({ ok: false, problem: 'invalid' });
    // A possible length but no number plan of the country (US area codes do not start with 1).
    expect(readNumber('+1 155 555 0101', null)).toEqual({ ok: false, problem: 'invalid' });
  });
});

describe('reading a list', () => {
  const entries = [
    { line: 1, text: '+1 415 555 0101' },
    { line: 2, text: '415 555 0101' },
    { line: 3, text: 'hello' },
    { line: 4, text: '020 7946 0958' },
    { line: 4, text: '(415) 555-0101' },
    { line: 5, text: '+44 20 7946 0958' },
  ];

  it('keeps each number once with all its lines, and the invalid entries with their reasons', () => {
    expect(readNumberList(entries, '1')).toEqual({
      numbers: [
        { phone: '14155550101', international: '+1 415 555 0101', lines: [1, 2, 4] },
        { phone: '442079460958', international: '+44 20 7946 0958', lines: [5] },
      ],
      invalid: [
        { line: 3, text: 'hello', problem: 'characters' },
        { line: 4, text: '020 7946 0958', problem: 'invalid' },
      ],
      duplicates: 2,
    });
  });

  it('reads a list a slice at a time to the same result as one pass, and refuses too many numbers or an unknown default code', async () => {
    const text = Array.from({ length: NUMBER_CHECK_MAX }, (_, i) => (i % 10 === 9 ? `bad ${i}` : `+1 415 555 ${String(1000 + (i % 900))}`)).join('\n');
    const split = splitNumberList(text);
    if (!split.ok) throw new Error('the list should fit');
    // A clock that moves 5 ms at each look: a slice holds one step, so the reading yields many times.
    let clock = 0;
    const sliced = await parseNumberList({ text, defaultCode: '+1' }, { now: () => (clock += 5) });
    expect(sliced).toEqual({ ok: true, list: readNumberList(split.entries, '1') });
    expect(clock).toBeGreaterThan(100);
    if (!sliced.ok) return;
    // 900 numbers written, of which the last 90 repeat earlier ones; every tenth entry is no number.
    expect(sliced.list.numbers).toHaveLength(810);
    expect(sliced.list.invalid).toHaveLength(100);
    expect(sliced.list.duplicates).toBe(90);

    expect(await parseNumberList({ text: `${text}\n+1 415 555 0000`, defaultCode: '1' })).toEqual({ ok: false, problem: 'tooMany' });
    expect(await parseNumberList({ text, defaultCode: '999' })).toEqual({ ok: false, problem: 'defaultCodeUnknown' });
    expect(await parseNumberList({ text, defaultCode: 'US' })).toEqual({ ok: false, problem: 'defaultCodeUnknown' });
    expect(await parseNumberList({ text: '415 555 0101\n+44 20 7946 0958', defaultCode: '' })).toEqual({
      ok: true,
      list: { numbers: [{ phone: '442079460958', international: '+44 20 7946 0958', lines: [2] }], invalid: [{ line: 1, text: '415 555 0101', problem: 'noCountryCode' }], duplicates: 0 },
    });
  });

  it('reads the one number of the single check, its country code first', async () => {
    expect(await readSingleNumber({ countryCode: '+86', phone: '138 0013 8000' })).toEqual({ ok: true, phone: '8613800138000', international: '+86 138 0013 8000' });
    expect(await readSingleNumber({ countryCode: '999', phone: '138 0013 8000' })).toEqual({ ok: false, field: 'countryCode', problem: 'unknown' });
    expect(await readSingleNumber({ countryCode: 'CN', phone: '138 0013 8000' })).toEqual({ ok: false, field: 'countryCode', problem: 'unknown' });
    expect(await readSingleNumber({ countryCode: '86', phone: '138#0013' })).toEqual({ ok: false, field: 'phone', problem: 'characters' });
    expect(await readSingleNumber({ countryCode: '86', phone: '138' })).toEqual({ ok: false, field: 'phone', problem: 'invalid' });
  });
});
