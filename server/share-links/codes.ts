/**
 * The public side of an invite link's code (SPEC §3 Invite link, §7 Share links): the short link's
 * code, its absolute address, and the reference a chat link's prefilled message carries so a chat
 * that starts from it can be told apart (the funnel: clicks, leads created from those chats, leads
 * won).
 *
 * - A code is CODE_LENGTH characters of [A-Za-z0-9] drawn with crypto's randomInt (about 59.5 bits:
 *   guessing a live code is hopeless). It is the whole public address, so it is unique across
 *   workspaces (share_links_code_key).
 * - A chat link's redirect carries `(ref: CODE)` in the chat service's `text` parameter: appended
 *   to a text the link already has, or `Hi! (ref: CODE)` when it has none. When the visitor sends
 *   that message, the synced incoming message names the link (server/share-links/attribution.ts).
 */
import { randomInt } from 'node:crypto';
import { SHORT_LINK_PREFIX } from '../../src/contract/share-links';

export const CODE_LENGTH = 10;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** What a short link's path may hold: anything else is answered "not found" without a query. */
export const CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{${CODE_LENGTH}}$`);

export const newShareLinkCode = (): string => Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** The short link on the configured origin (PUBLIC_URL), never on a request's Host header. */
export const shortUrlOf = (publicUrl: string, code: string): string => `${publicUrl.replace(/\/+$/, '')}${SHORT_LINK_PREFIX}${code}`;

/** The reference a chat link's prefilled message carries. */
export const refOf = (code: string): string => `(ref: ${code})`;
/** The prefilled message of a chat link that has none. */
export const DEFAULT_GREETING = 'Hi!';

const REF_IN_TEXT = new RegExp(`\\(ref: ([A-Za-z0-9]{${CODE_LENGTH}})\\)`, 'g');

/** The codes a message's text names (each once, in order). */
export const refsIn = (text: string | null | undefined): string[] => {
  if (!text || !text.includes('(ref: ')) return [];
  return [...new Set([...text.matchAll(REF_IN_TEXT)].map((m) => m[1]!))];
};

/**
 * A chat link with the reference in its prefilled text (`text`), every query parameter written
 * with encodeURIComponent (a space as %20, which the chat service reads; '+' would be ambiguous).
 * A text that already carries this reference is left as it is.
 */
export const withRef = (link: string, code: string): string => {
  const url = new URL(link);
  const params = [...url.searchParams];
  const ref = refOf(code);
  const at = params.findIndex(([key]) => key === 'text');
  const current = at >= 0 ? params[at]![1].trim() : '';
  const text = current === '' ? `${DEFAULT_GREETING} ${ref}` : current.includes(ref) ? current : `${current} ${ref}`;
  if (at >= 0) params[at] = ['text', text];
  else params.push(['text', text]);
  url.search = params.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  return url.toString();
};
