/**
 * The chat view's text formatting (SPEC §9: *bold*, _italic_, ~strike~, ```code```) read by the
 * parser into a tree (never HTML), and file sizes in bytes, kB, MB, GB and 'over 1 TB' at their
 * edges (SPEC §9), with the 16 MB placeholder limit (SPEC §5).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHAT_FILE_BYTES } from '../../src/contract/chats';
import { durationText, fileSizeOf, isTooLarge } from '../../src/ui/screens/conversation/format/file-size';
import { parseFormatting, shownTextOf, sourceOf, type FormatNode } from '../../src/ui/screens/conversation/format/parse';

const text = (t: string): FormatNode => ({ kind: 'text', text: t });
const bold = (...children: FormatNode[]): FormatNode => ({ kind: 'bold', children });
const italic = (...children: FormatNode[]): FormatNode => ({ kind: 'italic', children });
const strike = (...children: FormatNode[]): FormatNode => ({ kind: 'strike', children });

describe('the formatting parser', () => {
  it('reads each marker', () => {
    expect(parseFormatting('a *b* c')).toEqual([text('a '), bold(text('b')), text(' c')]);
    expect(parseFormatting('_it_')).toEqual([italic(text('it'))]);
    expect(parseFormatting('~gone~!')).toEqual([strike(text('gone')), text('!')]);
    expect(parseFormatting('run ```npm i *x*``` now')).toEqual([text('run '), { kind: 'code', text: 'npm i *x*' }, text(' now')]);
  });

  it('nests formats and keeps them on one line; code spans lines', () => {
    expect(parseFormatting('*_both_*')).toEqual([bold(italic(text('both')))]);
    expect(parseFormatting('~*a* b~')).toEqual([strike(bold(text('a')), text(' b'))]);
    expect(parseFormatting('*no\nbold*')).toEqual([text('*no\nbold*')]);
    expect(parseFormatting('```a\nb```')).toEqual([{ kind: 'code', text: 'a\nb' }]);
  });

  it('leaves markers that do not open or close as text', () => {
    for (const t of ['snake_case_name', '2*3*4', '* not bold *', '*open', 'close*', '**', '_ _', '``````', '```open', 'a*b c*d', 'x~y~z']) {
      expect(parseFormatting(t), t).toEqual([text(t)]);
    }
    // A marker opens after punctuation and closes before it.
    expect(parseFormatting('(*yes*).')).toEqual([text('('), bold(text('yes')), text(').')]);
  });

  it('reads formats in any script', () => {
    expect(parseFormatting('مرحبا *عالم*')).toEqual([text('مرحبا '), bold(text('عالم'))]);
    expect(parseFormatting('你好_世界_')).toEqual([text('你好_世界_')]);
    expect(parseFormatting('你好 _世界_')).toEqual([text('你好 '), italic(text('世界'))]);
  });

  it('links http and https addresses only, without the punctuation after them', () => {
    expect(parseFormatting('see https://example.com/a_b_c.')).toEqual([
      text('see '),
      { kind: 'link', href: 'https://example.com/a_b_c', text: 'https://example.com/a_b_c' },
      text('.'),
    ]);
    expect(parseFormatting('*HTTP://Example.com*')).toEqual([bold({ kind: 'link', href: 'http://example.com/', text: 'HTTP://Example.com' })]);
    for (const t of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com', 'xhttp://example.com', 'http://', 'http://[::1']) {
      expect(parseFormatting(t).some((n) => n.kind === 'link'), t).toBe(false);
    }
  });

  it('never throws and never loses a character of the text (property)', () => {
    const alphabet = fc.constantFrom('*', '_', '~', '`', '```', ' ', '\n', 'a', 'Z', '9', 'ب', '中', '\u202e', 'h', 'http://x.y', 'https://a.b/_c_', '.', '(', '😀');
    const texts = fc.oneof(fc.string(), fc.array(alphabet, { maxLength: 60 }).map((parts) => parts.join('')));
    fc.assert(
      fc.property(texts, (t) => {
        const nodes = parseFormatting(t);
        expect(sourceOf(nodes)).toBe(t);
        // What shows is the text without the markers the nodes stand for: never longer.
        expect(shownTextOf(nodes).length).toBeLessThanOrEqual(t.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a long hostile text of unmatched markers without quadratic work', () => {
    const hostile = `${'*a _b ~c '.repeat(8_000)}${'```'.repeat(500)}`;
    const nodes = parseFormatting(hostile);
    expect(sourceOf(nodes)).toBe(hostile);
  });
});

describe('file sizes', () => {
  const KB = 1024;
  it('shows bytes, kB, MB, GB and over 1 TB at each edge', () => {
    expect(fileSizeOf(0)).toEqual({ unit: 'bytes', value: 0 });
    expect(fileSizeOf(1)).toEqual({ unit: 'oneByte', value: 1 });
    expect(fileSizeOf(1023)).toEqual({ unit: 'bytes', value: 1023 });
    expect(fileSizeOf(KB)).toEqual({ unit: 'kB', value: 1 });
    expect(fileSizeOf(1536)).toEqual({ unit: 'kB', value: 1.5 });
    expect(fileSizeOf(KB ** 2 - 1)).toEqual({ unit: 'kB', value: 1023.9 });
    expect(fileSizeOf(KB ** 2)).toEqual({ unit: 'MB', value: 1 });
    expect(fileSizeOf(MAX_CHAT_FILE_BYTES)).toEqual({ unit: 'MB', value: 16 });
    expect(fileSizeOf(KB ** 3 - 1)).toEqual({ unit: 'MB', value: 1023.9 });
    expect(fileSizeOf(KB ** 3)).toEqual({ unit: 'GB', value: 1 });
    expect(fileSizeOf(KB ** 4 - 1)).toEqual({ unit: 'GB', value: 1023.9 });
    expect(fileSizeOf(KB ** 4)).toEqual({ unit: 'overTB', value: 1 });
    expect(fileSizeOf(Number.MAX_SAFE_INTEGER)).toEqual({ unit: 'overTB', value: 1 });
    expect(fileSizeOf(-5)).toEqual({ unit: 'bytes', value: 0 });
    expect(fileSizeOf(Number.NaN)).toEqual({ unit: 'bytes', value: 0 });
  });

  it('makes files over 16 MB a placeholder, 16 MB itself not', () => {
    expect(isTooLarge(MAX_CHAT_FILE_BYTES)).toBe(false);
    expect(isTooLarge(MAX_CHAT_FILE_BYTES + 1)).toBe(true);
    expect(isTooLarge(null)).toBe(false);
  });

  it('writes lengths as m:ss or h:mm:ss', () => {
    expect(durationText(0)).toBe('0:00');
    expect(durationText(59)).toBe('0:59');
    expect(durationText(61)).toBe('1:01');
    expect(durationText(3_600)).toBe('1:00:00');
    expect(durationText(3_725)).toBe('1:02:05');
  });
});
