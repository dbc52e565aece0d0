/**
 * The phone key: a lead's phone in E.164 form, how the import tells a row is an existing lead
 * (SPEC §5: '+1 (415) 555-0100' and '14155550100' are one person) and what a contact search
 * matches digits against. The reading is the project's one (src/contract/phone-reading.ts, shared
 * with the number check), at the default country, taking a possible number:
 *
 * - A number written with '+' is read as international.
 * - A number that starts with the default country's own exit code (its international prefix in
 *   libphonenumber's metadata: '011' in the US and Canada, '0011' in Australia, '009' in Nigeria,
 *   '010' in Japan, '00' in China and most of the world) is read as the international number after
 *   it, as a phone in that country dials it.
 * - Otherwise a number written with '00' is read as the international number after the '00', in
 *   every default country: '00' is the international prefix of most of the world (Europe, China,
 *   the Arab countries, India ...), so '0044 20 7946 0958' or '001-415-555-0101' copied from a card
 *   or a chat is that international number even where the default country dials out with another
 *   prefix. No national number starts with '00' (national forms have one trunk '0' at most, then an
 *   area code that does not start with 0), so this never misreads a local number. The country's
 *   own exit code goes first because several start with '00' ('009 1 664 492 3456' in Nigeria is
 *   +1 664, not +91).
 * - Either reading is taken only when it makes a possible number; otherwise the rules below apply.
 * - Otherwise it is read in the default country (the workspace's, or the import's choice) when it
 *   has a possible length there (even if its area code is unknown, so '(646) 100-0042' never
 *   turns into a New Zealand number); when it has not, and its digits make a possible international
 *   number without the '+' ('8613800138000'), that is taken.
 * - A number no reading makes possible keys as its digits alone, so equal digits still match.
 * - No digits at all: no key.
 *
 * North American numbers in their usual shapes ('+1 415 555 0100', '+1-415-555-0100', and in the
 * default country US '(415) 555-0100', '1 415 555 0100') take a fast path that builds the key from
 * the digits: libphonenumber spends most of its time there telling which of the 25 countries that
 * share +1 a number belongs to, which never changes the key (the E.164 form is the same, and every
 * one of those countries has the same possible length, 10). The fast path answers exactly what
 * the full reading does (a property test compares the two over generated numbers).
 */
import type { CountryCode } from 'libphonenumber-js/min';
import { readPhoneNumber } from '../../src/contract/phone-reading';

export const DEFAULT_COUNTRY = 'US';

const digitsOf = (phone: string): string => phone.replace(/\D/g, '');

/**
 * A North American number: optionally '+1' or '1' and one optional space, dash or dot; a 3-digit area code
 * not starting with 0 or 1 (bare or in parentheses), 3 digits and 4 digits, each group after one
 * optional space, dash or dot. Groups 1, 2 and 3 hold the prefix, the area code and the rest.
 */
const NANP_SHAPE = /^(?:(\+1|1)[ .-]?)?(?:\(([2-9]\d\d)\)|([2-9]\d\d))[ .-]?(\d{3})[ .-]?(\d{4})$/;

/** The key of a number in NANP_SHAPE, or undefined when the fast path does not apply. */
export const fastPhoneKey = (trimmed: string, defaultCountry: string): string | undefined => {
  const m = NANP_SHAPE.exec(trimmed);
  if (!m) return undefined;
  // Without '+1' the number is read in the default country: only US's reading is known to match.
  if (m[1] !== '+1' && defaultCountry !== 'US') return undefined;
  return `+1${m[2] ?? m[3]}${m[4]}${m[5]}`;
};

export const phoneKey = (phone: string | null | undefined, defaultCountry: string = DEFAULT_COUNTRY): string | null => {
  if (!phone) return null;
  const fast = phone.length <= 24 ? fastPhoneKey(phone.trim(), defaultCountry) : undefined;
  return fast ?? fullPhoneKey(phone, defaultCountry);
};

/** The key as libphonenumber reads it (every number the fast path does not take): src/contract/phone-reading.ts at the default country, a possible number. */
export const fullPhoneKey = (phone: string | null | undefined, defaultCountry: string = DEFAULT_COUNTRY): string | null => {
  if (!phone) return null;
  const digits = digitsOf(phone);
  if (digits === '') return null;
  return readPhoneNumber(phone, { country: defaultCountry as CountryCode }, (n) => n.isPossible())?.number ?? digits;
};
