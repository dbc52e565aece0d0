/**
 * The phone key: a lead's phone in E.164 form, how the import tells a row is an existing lead
 * (SPEC §5: '+1 (415) 555-0100' and '14155550100' are one person) and what a contact search
 * matches digits against. libphonenumber-js with its `min` metadata (enough for parsing).
 *
 * - A number written with '+' is read as international.
 * - Otherwise it is read in the default country (the workspace's, or the import's choice) when it
 *   has a possible length there (even if its area code is unknown, so '(646) 100-0042' never
 *   turns into a New Zealand number); when it has not, and its digits make a possible international
 *   number without the '+' ('8613800138000'), that is taken.
 * - A number no reading makes possible keys as its digits alone, so equal digits still match.
 * - No digits at all: no key.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

export const DEFAULT_COUNTRY = 'US';

const digitsOf = (phone: string): string => phone.replace(/\D/g, '');

export const phoneKey = (phone: string | null | undefined, defaultCountry: string = DEFAULT_COUNTRY): string | null => {
  if (!phone) return null;
  const digits = digitsOf(phone);
  if (digits === '') return null;
  const country = defaultCountry as CountryCode;
  const trimmed = phone.trim();
  if (trimmed.startsWith('+')) {
    const international = parsePhoneNumberFromString(trimmed);
    return international?.isPossible() ? international.number : digits;
  }
  const local = parsePhoneNumberFromString(trimmed, country);
  if (local?.isPossible()) return local.number;
  const international = parsePhoneNumberFromString(`+${digits}`);
  if (international?.isPossible()) return international.number;
  return digits;
};
