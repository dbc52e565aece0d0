/**
 * Auto-reply keywords (SPEC §3 Auto reply, §5): the one rule for a keyword list and, beside it, the
 * one matcher the form's live preview and the executor (the companion extension) both use.
 *
 * A list is written with '|' between keywords; none may be empty or start or end with a space.
 */

/** Keywords of one template (a list of 10,000 is refused with this limit). */
export const MAX_KEYWORDS = 100;
/** The longest keyword. */
export const MAX_KEYWORD_LENGTH = 100;
export const KEYWORD_SEPARATOR = '|';

/** The keywords of a list as typed ("a|b|c"), none dropped (an empty one is the form's error to show). */
export const splitKeywords = (text: string): string[] => (text === '' ? [] : text.split(KEYWORD_SEPARATOR));

/** What is wrong with one keyword (SPEC §5), or null. */
export const keywordProblem = (keyword: string): string | null => {
  if (keyword.length === 0) return 'A keyword must not be empty';
  if (/^\s|\s$/u.test(keyword)) return 'A keyword must not start or end with a space';
  return null;
};
