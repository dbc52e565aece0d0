/**
 * The number check's list (SPEC §2 Other panels: assistant tools, number check; SPEC §5 "Check
 * tools need country code and phone number"): what a pasted list may hold, how it is cut into
 * numbers, and the shapes the page's machine, its effects and its dialog share. Kept free of the
 * phone library, so the machine (loaded with every session) stays small; the reading of each
 * number (libphonenumber-js) is ./number-reading.ts, loaded with the dialog.
 *
 * A list holds one number per line, or numbers separated by commas or semicolons; blank entries
 * are left out. It may hold at most NUMBER_CHECK_MAX numbers: a longer one is refused as a whole
 * (the person splits it), never cut silently.
 */

/** Most numbers one pasted list may hold (the dialog states it). */
export const NUMBER_CHECK_MAX = 1000;

/**
 * Why an entry is no number to check:
 * - characters: it breaks the one phone rule (src/contract/phone.ts: digits, spaces and - + \ ( ));
 * - tooLong: longer than a phone may be (PHONE_MAX_CHARS);
 * - noCountryCode: written without its country code ('+' or '00') and no default code was given;
 * - invalid: no reading makes it a valid number (libphonenumber-js), e.g. too short, or a number
 *   plan the country does not have.
 */
export const numberProblems = ['characters', 'tooLong', 'noCountryCode', 'invalid'] as const;
export type NumberProblem = (typeof numberProblems)[number];

/** One entry of the pasted list: its text (trimmed) and the 1-based line it is on. */
export type ListEntry = { line: number; text: string };

/** A number of the list that passed the rule: E.164 digits without '+', its international form, and the lines it is on (duplicates merged). */
export type ListNumber = { phone: string; international: string; lines: number[] };

/** An entry that is no number, with its reason. */
export type InvalidEntry = ListEntry & { problem: NumberProblem };

/** The list read: its distinct numbers in the order first seen, the invalid entries, and how many entries repeated an earlier number. */
export type ParsedList = { numbers: ListNumber[]; invalid: InvalidEntry[]; duplicates: number };

/** The list cut into entries, or refused for holding more than `max` (counting stops there). */
export type SplitList = { ok: true; entries: ListEntry[] } | { ok: false; tooMany: true };

/** Cuts a pasted list into its entries: lines, then commas and semicolons within a line. */
export const splitNumberList = (text: string, max: number = NUMBER_CHECK_MAX): SplitList => {
  const entries: ListEntry[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    for (const part of lines[i]!.split(/[,;]/)) {
      const trimmed = part.trim();
      if (trimmed === '') continue;
      if (entries.length === max) return { ok: false, tooMany: true };
      entries.push({ line: i + 1, text: trimmed });
    }
  }
  return { ok: true, entries };
};

/** A country calling code as written ('86', '+86', '+ 1'): its digits, or null when it is no 1 to 3 digit code (unknown codes are told by the reading). */
export const callingCodeDigits = (text: string): string | null => {
  const m = /^\+?\s*([1-9][0-9]{0,2})$/.exec(text.trim());
  return m ? m[1]! : null;
};
