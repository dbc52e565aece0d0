/**
 * How the number check reads a number (SPEC §2 assistant tools, number check; SPEC §5 "Check tools
 * need country code and phone number"): the one phone rule of the project, and libphonenumber-js
 * (its `min` metadata, as the server's phone key, server/leads/phone-key.ts) for the E.164 form.
 *
 * 1. The text must be a phone by the rule (src/contract/phone.ts `isPhoneText`: digits, spaces and
 *    - + \ ( ), at most PHONE_MAX_CHARS).
 * 2. It is read by the project's one reading (src/contract/phone-reading.ts, the server's phone
 *    key reads leads' phones with it), with the country calling code as the number's home:
 *    '+', the exit code of the calling code's country, '00', national, bare international digits.
 *    Without a calling code only '+' and '00' writings can be read (else: no country code).
 * 3. The reading must be a valid number (libphonenumber's `isValid`: a possible length and a
 *    number plan of the country), not only a possible one: a check asks the chat service about
 *    real numbers only.
 *
 * Loaded with the number-check dialog (the library's metadata stays out of the pages' first chunks).
 */
import { countryOfCallingCode, readPhoneNumber } from './phone-reading';
import { isPhoneText, PHONE_MAX_CHARS } from './phone';
import type { ListEntry, ListNumber, NumberProblem, ParsedList } from './number-check';

export type ReadNumber = { ok: true; phone: string; international: string } | { ok: false; problem: NumberProblem };

/** Whether a country has the calling code (digits, e.g. '44'). */
export const isKnownCallingCode = (digits: string): boolean => countryOfCallingCode(digits) !== undefined;

/**
 * A number as the check writes it: `phone` in E.164 digits without '+' (what the extension is
 * asked about), `international` as a person reads it ('+44 20 7946 0958'); or why it is none.
 * `callingCode`: the country calling code's digits for a number written without one (null: none given).
 */
export const readNumber = (text: string, callingCode: string | null): ReadNumber => {
  const trimmed = text.trim();
  if (trimmed.length > PHONE_MAX_CHARS) return { ok: false, problem: 'tooLong' };
  if (!isPhoneText(trimmed)) return { ok: false, problem: 'characters' };
  const code = callingCode !== null && isKnownCallingCode(callingCode) ? callingCode : null;
  // Without a calling code only an international writing can be read ('+', or the '00' prefix).
  if (code === null && !trimmed.startsWith('+') && !trimmed.startsWith('00')) return { ok: false, problem: 'noCountryCode' };
  const found = readPhoneNumber(trimmed, code === null ? null : { callingCode: code }, (n) => n.isValid());
  return found ? { ok: true, phone: found.number.slice(1), international: found.formatInternational() } : { ok: false, problem: 'invalid' };
};

/** A list being read, a slice at a time (the page yields between slices: no long main-thread task). */
export type ListReading = ParsedList & { byPhone: Map<string, ListNumber> };

export const startListReading = (): ListReading => ({ numbers: [], invalid: [], duplicates: 0, byPhone: new Map() });

/** Reads `entries` into the list: a number seen before adds its line to the first one (merged), an invalid entry is kept with its reason. */
export const readEntries = (reading: ListReading, entries: readonly ListEntry[], callingCode: string | null): void => {
  for (const entry of entries) {
    const read = readNumber(entry.text, callingCode);
    if (!read.ok) {
      reading.invalid.push({ ...entry, problem: read.problem });
      continue;
    }
    const seen = reading.byPhone.get(read.phone);
    if (seen) {
      reading.duplicates += 1;
      if (!seen.lines.includes(entry.line)) seen.lines.push(entry.line);
      continue;
    }
    const number: ListNumber = { phone: read.phone, international: read.international, lines: [entry.line] };
    reading.byPhone.set(read.phone, number);
    reading.numbers.push(number);
  }
};

/** The list read at once (tests, and lists small enough not to need slices). */
export const readNumberList = (entries: readonly ListEntry[], callingCode: string | null): ParsedList => {
  const reading = startListReading();
  readEntries(reading, entries, callingCode);
  return { numbers: reading.numbers, invalid: reading.invalid, duplicates: reading.duplicates };
};
