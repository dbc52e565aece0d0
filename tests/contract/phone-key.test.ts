/** The phone key (server/leads/phone-key.ts): one person's number written many ways reads as one E.164 key. */
import fc from 'fast-check';
import { getCountries, getExampleNumber, Metadata, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { fastPhoneKey, fullPhoneKey, phoneKey } from '../../server/leads/phone-key';

describe('phone key', () => {
  it('reads the SPEC §5 example and its neighbours as one number', () => {
    for (const written of ['+1 (415) 555-0100', '14155550100', '(415) 555-0100', '415.555.0100', '+1-415-555-0100']) expect(phoneKey(written), written).toBe('+14155550100');
  });

  it('takes the default country for local numbers, international ones as written, and never re-reads a possible local number abroad', () => {
    expect(phoneKey('138 0013 8000', 'CN')).toBe('+8613800138000');
    expect(phoneKey('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(phoneKey('+86 138 0013 8000', 'GB')).toBe('+8613800138000');
    expect(phoneKey('8613800138000')).toBe('+8613800138000');
    expect(phoneKey('(646) 100-0042')).toBe('+16461000042');
  });

  it('keys unreadable numbers by their digits, and nothing without digits', () => {
    expect(phoneKey('123')).toBe('123');
    expect(phoneKey('abc')).toBeNull();
    expect(phoneKey('')).toBeNull();
    expect(phoneKey(null)).toBeNull();
  });
});

describe('phone key fast path', () => {
  const digit = fc.integer({ min: 0, max: 9 }).map(String);
  const digitsOf = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''));
  const sep = fc.constantFrom('', ' ', '-', '.', '  ', '/', '(', ')', ' - ', '\t');
  const prefix = fc.constantFrom('', '+1', '1', '+', '+44', '+86', '01', '001', '011', '+1 ', '+ 1', '+11', '2', '0');
  /** Numbers in and around the shapes the fast path takes: NANP-like groups with assorted prefixes and separators. */
  const nanpLike = fc
    .record({
      prefix,
      s1: sep,
      area: digitsOf(3),
      parens: fc.boolean(),
      s2: sep,
      mid: fc.oneof(digitsOf(3), digitsOf(2), digitsOf(4)),
      s3: sep,
      last: fc.oneof(digitsOf(4), digitsOf(3), digitsOf(5)),
      pad: fc.constantFrom('', ' ', '  '),
    })
    .map(({ prefix, s1, area, parens, s2, mid, s3, last, pad }) => `${pad}${prefix}${s1}${parens ? `(${area})` : area}${s2}${mid}${s3}${last}${pad}`);

  /**
   * phoneKey is the fast key when the fast path takes the number, else the full reading itself:
   * only numbers the fast path takes can tell the two apart, so only those pay for a full reading
   * (about 35 µs each; a property of 45,000 full readings took over 5 s on a slow machine).
   */
  const sameAsFullReading = (phone: string, c: string): boolean => {
    if (fastPhoneKey(phone.trim(), c) === undefined) return false;
    expect(phoneKey(phone, c), `${JSON.stringify(phone)} in ${c}`).toBe(fullPhoneKey(phone, c));
    return true;
  };
  const countries = ['US', 'CA', 'JM', 'PR', 'AG', 'DO', 'GB', 'CN', 'DE', 'IN', 'AE'];
  const separators = ['', ' ', '-', '.'];

  it('answers what the full libphonenumber reading answers, for every shape the fast path takes in every default country', () => {
    // Every prefix, separator and parenthesis the fast path's pattern allows, with each country:
    // 9 prefixes x 2 x 4 x 4 = 288 shapes, x 11 countries; the digits vary from number to number.
    const prefixes = ['', ...['1', '+1'].flatMap((p) => separators.map((s) => p + s))];
    let n = 0;
    let taken = 0;
    for (const prefix of prefixes) {
      for (const parens of [false, true]) {
        for (const s2 of separators) {
          for (const s3 of separators) {
            for (const c of countries) {
              n++;
              const area = String(200 + ((n * 7919) % 800));
              const mid = String((n * 104_729) % 1000).padStart(3, '0');
              const last = String((n * 1_299_709) % 10_000).padStart(4, '0');
              if (sameAsFullReading(`${prefix}${parens ? `(${area})` : area}${s2}${mid}${s3}${last}`, c)) taken++;
            }
          }
        }
      }
    }
    expect(n).toBe(288 * 11);
    // Taken: every '+1' shape in every country, the others in US only.
    expect(taken).toBe(128 * 11 + 160);
  });

  it('answers what the full reading answers for generated numbers around those shapes (assorted prefixes, separators, group lengths)', () => {
    const country = fc.constantFrom(...countries);
    let taken = 0;
    fc.assert(
      fc.property(nanpLike, country, (phone, c) => {
        if (sameAsFullReading(phone, c)) taken++;
      }),
      { numRuns: 20_000 },
    );
    // Most miss the fast path's shapes on purpose (a miss costs no full reading); a few dozen hit them.
    expect(taken).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '2', '5', '9', '+', ' ', '-', '.', '(', ')', '\\', 'x', '#') }), country, (phone, c) => {
        sameAsFullReading(phone, c);
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers what the full reading answers for every area code, in each shape the fast path takes', () => {
    // Each area code in all six shapes, the default country turning over US, CA and GB from shape
    // to shape: every area code is read in the three '+1' shapes and once as a local US number, and
    // each shape meets each country for a third of the area codes.
    const countriesInTurn = ['US', 'CA', 'GB'];
    let taken = 0;
    for (let area = 200; area <= 999; area++) {
      const rest = String((area * 7919) % 10_000_000).padStart(7, '0');
      const [mid, last] = [rest.slice(0, 3), rest.slice(3)];
      const shapes = [`+1 ${area} ${mid} ${last}`, `+1-${area}-${mid}-${last}`, `(${area}) ${mid}-${last}`, `1${area}${mid}${last}`, `${area}.${mid}.${last}`, `+1 (${area}) ${mid}${last}`];
      shapes.forEach((phone, i) => {
        const c = countriesInTurn[(area + i) % 3]!;
        // Every US reading and the '+1' ones elsewhere go the fast way.
        expect(fastPhoneKey(phone, c) !== undefined, `${phone} in ${c}`).toBe(phone.startsWith('+1') || c === 'US');
        if (sameAsFullReading(phone, c)) taken++;
      });
    }
    expect(taken).toBe(800 * (3 + 1));
  });
});

describe('phone key: international prefixes', () => {
  it('reads "00" as the international prefix in every default country, so 001-415-555-0101 is +1 (415) 555-0101 in the US', () => {
    expect(phoneKey('001-415-555-0101', 'US')).toBe('+14155550101');
    expect(phoneKey('+1 (415) 555-0101', 'US')).toBe('+14155550101');
    expect(phoneKey('0086 138 0013 8000', 'US')).toBe('+8613800138000');
    expect(phoneKey('00971 50 123 4567', 'SA')).toBe('+971501234567');
    expect(phoneKey('011 44 20 7946 0958', 'US')).toBe('+442079460958');
    // A "00" that makes no possible number still keys as before.
    expect(phoneKey('0012', 'US')).toBe('0012');
  });

  /** A written-out exit code for an international-prefix pattern of libphonenumber's metadata (first that matches it whole). */
  const exitCandidates = ['00', '011', '010', '0011', '001', '002', '005', '009', '810', '8~10', '000', '0000', '00414', '0044', '0015', '0021', '1810', '1710', '119', '990', '994', '999', '012', '013', '014', '0013', '00444', '007', '008'];
  const exitCodeOf = (country: CountryCode): string | undefined => {
    const meta = new Metadata();
    meta.selectNumberingPlan(country);
    const preferred = meta.numberingPlan!.defaultIDDPrefix();
    if (preferred) return preferred.replace(/~/g, '');
    const pattern = meta.numberingPlan!.IDDPrefix();
    if (!pattern) return undefined;
    const whole = new RegExp(`^(?:${pattern})$`);
    return exitCandidates.find((c) => whole.test(c))?.replace(/~/g, '');
  };
  /** Every default country a workspace or an import may choose: every region libphonenumber knows (src/contract/lead-files.ts countryCode). */
  const defaults = getCountries();
  const exitCodes = new Map(defaults.map((c) => [c, exitCodeOf(c)]));
  /** A real number of each country (libphonenumber's example mobile numbers). */
  const numbers = defaults.flatMap((c) => {
    const example = getExampleNumber(c, examples);
    return example ? [{ country: c, e164: example.number, cc: example.countryCallingCode, national: example.nationalNumber }] : [];
  });

  /** True when the country's own exit code starts these digits as another prefix than `prefix` ('002' in Hong Kong). */
  const ownExitCodeStarts = (country: CountryCode, digits: string, prefix = '00'): boolean => {
    const meta = new Metadata();
    meta.selectNumberingPlan(country);
    const pattern = meta.numberingPlan!.IDDPrefix();
    const found = pattern ? new RegExp(`^(?:${pattern})`).exec(digits) : null;
    return found !== null && found[0] !== prefix;
  };

  it('reads a number after the default country’s own exit code as that country dials it, before the "00" rule', () => {
    expect(phoneKey('009 1 664 492 3456', 'NG')).toBe('+16644923456');
    expect(phoneKey('0011 44 20 7946 0958', 'AU')).toBe('+442079460958');
    expect(phoneKey('0044 20 7946 0958', 'AU')).toBe('+442079460958');
  });

  it('knows an exit code for nearly every default country', () => {
    expect(defaults.length).toBe(245);
    expect([...exitCodes.values()].filter((c) => c === undefined).length).toBeLessThan(10);
    expect(exitCodes.get('US')).toBe('011');
    expect(exitCodes.get('CN')).toBe('00');
    expect(exitCodes.get('AU')).toBe('0011');
  });

  it('keys +, 00 and the default country’s own exit code alike, and a national number in its own country, for every default country', () => {
    const sep = fc.constantFrom('', ' ', '-');
    fc.assert(
      fc.property(fc.constantFrom(...defaults), fc.constantFrom(...numbers), sep, (home, n, s) => {
        const writtenAs = [`+${n.cc}${s}${n.national}`];
        // Where the country's own exit code is longer than what is written and starts the number too
        // ('009' in Cambodia before 994, '002' in Hong Kong before 247), the number is read as that
        // country dials it: only the other writings here.
        if (!ownExitCodeStarts(home, `00${n.cc}${n.national}`)) writtenAs.push(`00${n.cc}${s}${n.national}`);
        const exit = exitCodes.get(home);
        if (exit && !ownExitCodeStarts(home, `${exit}${n.cc}${n.national}`, exit)) writtenAs.push(`${exit}${s}${n.cc}${s}${n.national}`);
        for (const written of writtenAs) expect(phoneKey(written, home), `${written} in ${home}`).toBe(n.e164);
      }),
      { numRuns: 400 },
    );
    // Every country's own number written nationally, read in that country.
    for (const n of numbers) {
      const national = parsePhoneNumberFromString(n.e164)!.formatNational();
      expect(phoneKey(national, n.country), `${national} in ${n.country}`).toBe(n.e164);
      if (!ownExitCodeStarts(n.country, `00${n.cc}${n.national}`)) expect(phoneKey(`00${n.cc} ${n.national}`, n.country), `00 in ${n.country}`).toBe(n.e164);
    }
  });
});
