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

/** Where the n-th quoted text goes in the sentence (private-use characters: no dictionary text holds one). */
const slot = (n: number) => String.fromCharCode(0xe000 + n);

export type UserSentenceProps = {
  /**
   * The dictionary sentence, given what stands for each quoted text:
   * `(name) => t.deleteTitle({ name })`, `(name, tab) => t.moved({ name, tab })`.
   */
  sentence: (...quoted: string[]) => string;
  /** The quoted text as stored, or the quoted texts in the sentence's argument order. */
  text: string | readonly string[];
};

/** A sentence of the page's words quoting user text: each text isolated, its controls shown. */
export function UserSentence({ sentence, text }: UserSentenceProps): ReactNode {
  const texts = typeof text === 'string' ? [text] : text;
  const slots = texts.map((_, n) => slot(n));
  return sentence(...slots)
    .split(new RegExp(`(${slots.join('|')})`))
    .map((part, i) => {
      const n = slots.indexOf(part);
      return n < 0 ? part : <UserText key={i} text={texts[n]!} />;
    });
}
