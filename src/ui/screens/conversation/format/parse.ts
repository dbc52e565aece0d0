/**
 * The chat service's text formatting (SPEC §9: asterisks bold, underscores italic, tildes strike,
 * triple backticks code) read into a tree that the view renders as React elements: message text
 * is never HTML and never reaches innerHTML. Addresses starting with http:// or https:// become
 * link nodes (no other scheme does: a `javascript:` text stays text).
 *
 * The rules, as the chat service applies them:
 * - a marker opens where it follows the start, a space or a non-letter, and is followed by a
 *   non-space; it closes at the first same marker, on the same line, that follows a non-space and
 *   is followed by the end, a space or a non-letter (so snake_case_names stay as they are);
 * - what lies between is read again (formats nest: *_bold italic_*); a marker without its closer
 *   stays text;
 * - ``` opens a code span that ends at the next ``` (lines included); its text is not read again.
 *
 * Nothing is lost: every character of the text is either in a node's text or one of the markers
 * a node stands for (`sourceOf` writes the text back). Reading is linear in the text's length
 * times the nesting depth (at most one level per marker kind): each marker's closers are listed
 * once and found by binary search, so a hostile text of 65,536 unmatched markers reads quickly.
 */

export type FormatKind = 'bold' | 'italic' | 'strike';

export type FormatNode =
  | { kind: 'text'; text: string }
  | { kind: FormatKind; children: FormatNode[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; text: string };

const MARKERS: Record<string, FormatKind> = { '*': 'bold', _: 'italic', '~': 'strike' };
const MARKER_OF: Record<FormatKind, string> = { bold: '*', italic: '_', strike: '~' };
const CODE = '```';

const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;
const isWord = (ch: string | undefined): boolean => ch !== undefined && WORD.test(ch);
const isSpace = (ch: string | undefined): boolean => ch !== undefined && SPACE.test(ch);

/** A link: http(s)://, up to a space or a character no address ends with (at most 2,048 long). */
const LINK = /https?:\/\/[^\s<>"'`]{1,2048}/iy;
const TRAILING = /[.,;:!?)\]}]+$/;

/** The first index in the sorted list that is at least `min` (the list's length when none). */
const firstAtLeast = (sorted: readonly number[], min: number): number => {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < min) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** The address at `i` (ending by `end`) and its safe href, or null (not http or https, or not an address at all). */
const linkAt = (text: string, i: number, end: number): { end: number; href: string } | null => {
  if (isWord(text[i - 1]) || text.slice(i, i + 4).toLowerCase() !== 'http') return null;
  LINK.lastIndex = i;
  const found = LINK.exec(text);
  if (!found) return null;
  const candidate = found[0].slice(0, end - i).replace(TRAILING, '');
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { end: i + candidate.length, href: url.href };
  } catch {
    return null;
  }
};

/** Reads the formatting of a text. */
export const parseFormatting = (text: string): FormatNode[] => {
  const n = text.length;
  // Where each marker may close, in order, and where each line ends.
  const closers: Record<string, number[]> = { '*': [], _: [], '~': [] };
  const lineEnd: number[] = new Array<number>(n);
  let nextNewline = n;
  for (let j = n - 1; j >= 0; j--) {
    if (text[j] === '\n') nextNewline = j;
    lineEnd[j] = nextNewline;
    const ch = text[j]!;
    if (ch in MARKERS && j > 0 && !isSpace(text[j - 1]) && !isWord(text[j + 1])) closers[ch]!.push(j);
  }
  for (const list of Object.values(closers)) list.reverse();
  // No ``` after this index: opening code spans later is pointless.
  let noCodeFrom = n;

  const readRange = (start: number, end: number): FormatNode[] => {
    const nodes: FormatNode[] = [];
    let plain = '';
    const flush = () => {
      if (plain !== '') nodes.push({ kind: 'text', text: plain });
      plain = '';
    };
    let i = start;
    while (i < end) {
      const ch = text[i]!;
      if (ch === '`' && i < noCodeFrom && text.startsWith(CODE, i)) {
        const close = text.indexOf(CODE, i + CODE.length);
        if (close === -1) noCodeFrom = i;
        else if (close > i + CODE.length && close + CODE.length <= end) {
          flush();
          nodes.push({ kind: 'code', text: text.slice(i + CODE.length, close) });
          i = close + CODE.length;
          continue;
        }
      }
      if (ch === 'h' || ch === 'H') {
        const link = linkAt(text, i, end);
        if (link) {
          flush();
          nodes.push({ kind: 'link', href: link.href, text: text.slice(i, link.end) });
          i = link.end;
          continue;
        }
      }
      const kind = MARKERS[ch];
      if (kind && !isSpace(text[i + 1]) && i + 1 < end && !isWord(text[i - 1])) {
        const list = closers[ch]!;
        const at = list[firstAtLeast(list, i + 2)];
        if (at !== undefined && at < end && at < lineEnd[i]!) {
          flush();
          nodes.push({ kind, children: readRange(i + 1, at) });
          i = at + 1;
          continue;
        }
      }
      plain += ch;
      i += 1;
    }
    flush();
    return nodes;
  };

  return readRange(0, n);
};

/** The text the nodes were read from (markers written back). */
export const sourceOf = (nodes: readonly FormatNode[]): string =>
  nodes
    .map((node) => {
      switch (node.kind) {
        case 'text':
        case 'link':
          return node.text;
        case 'code':
          return `${CODE}${node.text}${CODE}`;
        default:
          return `${MARKER_OF[node.kind]}${sourceOf(node.children)}${MARKER_OF[node.kind]}`;
      }
    })
    .join('');

/** The text the nodes show (without the markers). */
export const shownTextOf = (nodes: readonly FormatNode[]): string =>
  nodes.map((node) => (node.kind === 'text' || node.kind === 'link' || node.kind === 'code' ? node.text : shownTextOf(node.children))).join('');
