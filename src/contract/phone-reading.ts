/**
 * How a written phone number is read as an international number: the one reading of the project,
 * shared by the server's phone key (server/leads/phone-key.ts: a lead's phone in E.164 form, how
 * the import tells a row is an existing lead and what a contact search matches) and the number
 * check (src/contract/number-reading.ts). libphonenumber-js with its `min` metadata.
 *
 * The number is read against its home: a default country ('US', the key's) or a country calling
 * code ('44', the number check's). In order, the first reading that `accept`s wins:
 * 1. written with '+': international;
 * 2. starting with the home country's own exit code (its international prefix in libphonenumber's
 *    metadata: '011' in the US and Canada, '0011' in Australia, '009' in Nigeria, '010' in Japan,
 *    '00' in China and most of the world): the international number after it, as a phone in that
 *    country dials it;
 * 3. written with '00': the international number after the '00', whatever the home: '00' is the
 *    international prefix of most of the world, so '0044 20 7946 0958' copied from a card is that
 *    number even where the home dials out with another prefix. No national number starts with
 *    '00' (one trunk '0' at most, then an area code that does not start with 0), so this never
 *    misreads a local number. The home's own exit code goes first because several start with '00'
 *    ('009 1 664 492 3456' in Nigeria is +1 664, not +91);
 * 4. a national number of the home ('(646) 100-0042' in the US, '020 7946 0958' with 44);
 * 5. its digits as an international number without the '+' ('8613800138000').
 * Nothing accepted: null (the key then keeps the digits; the check calls the number invalid).
 *
 * `accept` is the caller's bar: the key takes a possible number (a possible length, so an unknown
 * area code still keys), the check a valid one (it asks the chat service about real numbers only).
 */
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  Metadata,
  parsePhoneNumberFromString,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/min';

/** Where a number written without its country code belongs. */
export type NumberHome = { country: CountryCode } | { callingCode: string };

/**
 * Each calling code with the first of its countries (alphabetical: the countries that share a
 * code share its exit code, e.g. '011' across +1). Built once.
 */
let countryOfCode: Map<string, CountryCode> | null = null;
export const countryOfCallingCode = (digits: string): CountryCode | undefined => {
  if (!countryOfCode) {
    countryOfCode = new Map();
    for (const country of getCountries()) {
      const code = getCountryCallingCode(country);
      if (!countryOfCode.has(code)) countryOfCode.set(code, country);
    }
  }
  return countryOfCode.get(digits);
};

const exitCodes = new Map<string, RegExp | null>();
/** The country's exit code as a pattern anchored at the start of the digits (null: unknown country or none). */
const exitCodeOf = (country: string): RegExp | null => {
  let pattern = exitCodes.get(country);
  if (pattern === undefined) {
    pattern = null;
    if (isSupportedCountry(country)) {
      const metadata = new Metadata();
      metadata.selectNumberingPlan(country);
      const idd = metadata.numberingPlan?.IDDPrefix();
      if (idd) pattern = new RegExp(`^(?:${idd})`);
    }
    exitCodes.set(country, pattern);
  }
  return pattern;
};

const countryOfHome = (home: NumberHome): CountryCode | undefined => ('country' in home ? home.country : countryOfCallingCode(home.callingCode));

/** The number read from `phone` at `home` (null: no home, only steps 1, 3 and 5 apply), or null (see the module doc). */
export const readPhoneNumber = (phone: string, home: NumberHome | null, accept: (n: PhoneNumber) => boolean): PhoneNumber | null => {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return null;
  const take = (n: PhoneNumber | undefined): PhoneNumber | null => (n && accept(n) ? n : null);
  const international = (d: string): PhoneNumber | null => (d === '' || d[0] === '0' ? null : take(parsePhoneNumberFromString(`+${d}`)));
  if (trimmed.startsWith('+')) return take(parsePhoneNumberFromString(trimmed));
  const country = home === null ? undefined : countryOfHome(home);
  const afterExit = country === undefined ? undefined : exitCodeOf(country)?.exec(digits)?.[0].length;
  const viaExit = afterExit === undefined ? null : international(digits.slice(afterExit));
  if (viaExit) return viaExit;
  const viaDoubleZero = trimmed.startsWith('00') ? international(digits.slice(2)) : null;
  if (viaDoubleZero) return viaDoubleZero;
  if (home === null) return international(digits);
  const local = take('country' in home ? parsePhoneNumberFromString(trimmed, home.country) : parsePhoneNumberFromString(trimmed, { defaultCallingCode: home.callingCode }));
  return local ?? international(digits);
};
