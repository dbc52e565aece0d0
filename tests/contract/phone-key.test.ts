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
  const country = fc.constantFrom('US', 'CA', 'JM', 'PR', 'AG', 'DO', 'GB', 'CN', 'DE', 'IN', 'AE');
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

  /** Numbers in the shapes the fast path takes (and their edges: area codes from 0, any digits after). */
  const shaped = fc
    .record({ prefix: fc.constantFrom('', '+1', '1', '+1 ', '1-', '+1.'), area: digitsOf(3), parens: fc.boolean(), s2: fc.constantFrom('', ' ', '-', '.'), mid: digitsOf(3), s3: fc.constantFrom('', ' ', '-', '.'), last: digitsOf(4) })
    .map(({ prefix, area, parens, s2, mid, s3, last }) => `${prefix}${parens ? `(${area})` : area}${s2}${mid}${s3}${last}`);

  it('answers what the full libphonenumber reading answers, for generated numbers in every default country', () => {
    let taken = 0;
    fc.assert(
      fc.property(shaped, country, (phone, c) => {
        if (fastPhoneKey(phone, c) !== undefined) taken++;
        expect(phoneKey(phone, c), `${JSON.stringify(phone)} in ${c}`).toBe(fullPhoneKey(phone, c));
      }),
      { numRuns: 20_000 },
    );
    // Most of them went the fast way (the rest: area codes from 0 or 1, local numbers outside US).
    expect(taken).toBeGreaterThan(5_000);
    fc.assert(
      fc.property(nanpLike, country, (phone, c) => {
        expect(phoneKey(phone, c), `${JSON.stringify(phone)} in ${c}`).toBe(fullPhoneKey(phone, c));
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '2', '5', '9', '+', ' ', '-', '.', '(', ')', '\\', 'x', '#') }), country, (phone, c) => {
        expect(phoneKey(phone, c), `${JSON.stringify(phone)} in ${c}`).toBe(fullPhoneKey(phone, c));
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers what the full reading answers for every area code, in each shape the fast path takes', () => {
    let taken = 0;
    for (let area = 200; area <= 999; area++) {
      const rest = String((area * 7919) % 10_000_000).padStart(7, '0');
      const [mid, last] = [rest.slice(0, 3), rest.slice(3)];
      for (const phone of [`+1 ${area} ${mid} ${last}`, `+1-${area}-${mid}-${last}`, `(${area}) ${mid}-${last}`, `1${area}${mid}${last}`, `${area}.${mid}.${last}`, `+1 (${area}) ${mid}${last}`]) {
        for (const c of ['US', 'CA', 'GB']) {
          if (fastPhoneKey(phone, c) !== undefined) taken++;
          expect(phoneKey(phone, c), `${phone} in ${c}`).toBe(fullPhoneKey(phone, c));
        }
      }
    }
    // Every US reading and the '+1' ones elsewhere went the fast way.
    expect(taken).toBe(800 * (6 + 2 * 3));
  });
});
