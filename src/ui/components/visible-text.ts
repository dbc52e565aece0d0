/**
 * What a piece of user or synced text (a name, a message, a tag, an email) shows on screen
 * (docs/security.md, "User text on screen"). The explicit bidi controls it may carry, overrides
 * (U+202D, U+202E), embeddings (U+202A, U+202B) with their pop (U+202C) and isolates
 * (U+2066–U+2069), would make the browser reorder the text ("evil‮gnp.exe" read as "evilexe.png")
 * or the sentence around it, so on display each is a visible mark `[U+202E]`: the text reads in
 * the order it was stored, and anyone can see that it carried a control. The stored text stays
 * as it came; only the display changes. Marks that merely hint a direction (LRM, RLM, ALM) cannot
 * reorder anything and stay.
 */

/** The controls shown as marks: every explicit embedding, override and isolate of Unicode's bidi algorithm. */
export const BIDI_CONTROLS: ReadonlySet<string> = new Set(['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']);

const CONTROL = /[\u202a-\u202e\u2066-\u2069]/gu;

/** The text with each bidi control replaced by its visible mark (`[U+202E]`). */
export const visibleText = (text: string): string =>
  text.replace(CONTROL, (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase()}]`);

/**
 * The text for a sentence or an attribute (a dialog title, an aria-label, a toast): its visible
 * form between a first-strong isolate and its pop, so it reads in its own direction without moving
 * the words around it. Where an element can be rendered, `<UserText>` does the same.
 */
export const isolatedText = (text: string): string => `\u2068${visibleText(text)}\u2069`;
