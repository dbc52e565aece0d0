/** The phone key (server/leads/phone-key.ts): one person's number written many ways reads as one E.164 key. */
import fc from 'fast-check';
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
