/**
 * Fill-in variables of quick replies and auto replies (SPEC §3 Auto reply "dynamic variables":
 * the contact's first name as on their account, their name as saved on the phone, the group's
 * name). A message holds them as tokens (`{firstName}`); they are filled in right before sending
 * (the quick reply's preview, the extension's auto reply).
 *
 * Filling in is plain text replacement in one pass: nothing in the text or in a value is evaluated
 * or read as a pattern, and a value that itself looks like a token stays as it is.
 */

export const variableKeys = ['firstName', 'savedName', 'groupName'] as const;
export type VariableKey = (typeof variableKeys)[number];

/** The token a message holds for a variable. */
export const variableToken = (key: VariableKey): string => `{${key}}`;

/** The variables in the order the forms' insert buttons show them (their labels are texts of the screens). */
export const VARIABLES: readonly { key: VariableKey; token: string }[] = variableKeys.map((key) => ({ key, token: variableToken(key) }));

/** What is known of the chat a message goes to; a value not known is left out, null or empty. */
export type VariableValues = Partial<Record<VariableKey, string | null | undefined>>;

/**
 * A missing value takes the other name of the contact: the first name as on their account, else
 * the name saved on the phone (and the other way round); a missing group name (a single chat) is
 * empty.
 */
const fallbacks: Record<VariableKey, readonly VariableKey[]> = {
  firstName: ['firstName', 'savedName'],
  savedName: ['savedName', 'firstName'],
  groupName: ['groupName'],
};

const TOKEN = new RegExp(`\\{(${variableKeys.join('|')})\\}`, 'g');

/** The value a variable is filled in with: its own, else its fallback's, else empty. */
export const variableValue = (key: VariableKey, values: VariableValues): string => {
  for (const candidate of fallbacks[key]) {
    const value = values[candidate]?.trim();
    if (value) return value;
  }
  return '';
};

/** The text with every variable token filled in (unknown tokens such as `{name}` are left as written). */
export const fillVariables = (text: string, values: VariableValues): string =>
  text.replace(TOKEN, (_token, key: VariableKey) => variableValue(key, values));

/** The variables a text uses, each once, in the order of VARIABLES (what a preview asks for). */
export const usedVariables = (text: string): VariableKey[] => {
  const seen = new Set<string>();
  for (const match of text.matchAll(TOKEN)) seen.add(match[1]!);
  return variableKeys.filter((key) => seen.has(key));
};
