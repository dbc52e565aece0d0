/**
 * User or synced text on screen (docs/security.md, "User text on screen"): every name, message,
 * tag, email or note a person or the chat service wrote is rendered through `<UserText>`. It is a
 * `<bdi>` (isolated from the page: its direction is its own first strong character, and nothing in
 * it moves the text around it) and shows the text's bidi controls as visible marks
 * (`visibleText`), so a text cannot disguise itself. A sentence of the dictionary that quotes such
 * a text ("Delete {name}?") is `<UserSentence>`: the page's words with the text as a `<UserText>`.
 * Attributes (aria-label, title) take `visibleText`: names read aloud are not reordered; a string
 * shown where no element can go takes `isolatedText` (./visible-text.ts).
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { visibleText } from './visible-text';

export type UserTextProps = Omit<HTMLAttributes<HTMLElement>, 'children' | 'dir'> & {
  /** The text as stored. */
  text: string;
  'data-testid'?: string;
};

export function UserText({ text, ...rest }: UserTextProps) {
  return <bdi {...rest}>{visibleText(text)}</bdi>;
}

/** Where the quoted text goes in the sentence (a private-use character: no dictionary text holds one). */
const SLOT = '\ue000';

export type UserSentenceProps = {
  /** The dictionary sentence, given what stands for the quoted text: `(name) => t.deleteTitle({ name })`. */
  sentence: (quoted: string) => string;
  /** The quoted text as stored. */
  text: string;
};

/** A sentence of the page's words quoting user text: the text isolated, its controls shown. */
export function UserSentence({ sentence, text }: UserSentenceProps): ReactNode {
  const parts = sentence(SLOT).split(SLOT);
  return parts.flatMap((part, i) => (i === 0 ? [part] : [<UserText key={i} text={text} />, part]));
}
