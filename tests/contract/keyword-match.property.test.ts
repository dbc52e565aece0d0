/**
 * The auto-reply keyword rule and matcher (SPEC §3 Auto reply, §5), with fast-check: keywords
 * written with '|' between them; fuzzy (the message contains a keyword) and exact (the message,
 * trimmed, is the keyword) with case ignored, in Latin, Arabic and Chinese text; the first keyword
 * template in the list wins and the reply-all template answers when none does. The compiled
 * matcher answers as a plain loop over the templates would, on random templates and messages.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileMatcher,
  foldCase,
  KEYWORD_SEPARATOR,
  keywordProblem,
  splitKeywords,
  type MatchableTemplate,
} from '../../src/contract/keyword-match';

type T = MatchableTemplate & { id: string };
const keywordTemplate = (id: string, keywords: string[], matchMode: 'fuzzy' | 'exact' = 'fuzzy'): T => ({ id, type: 'keyword', keywords, matchMode });
const replyAll = (id = 'all'): T => ({ id, type: 'replyAll', keywords: [], matchMode: 'fuzzy' });
const matchId = (templates: T[], text: string) => compileMatcher(templates).match(text)?.id ?? null;

/**
 * The reference: the templates tried one by one, each keyword compared as the rule says. It
 * shares only foldCase with the matcher (the case rule, tested on its own below).
 */
const naiveMatch = (templates: readonly T[], text: string): T | null => {
  const folded = foldCase(text);
  const whole = foldCase(text.trim());
  for (const t of templates) {
    if (t.type !== 'keyword') continue;
    const hit = t.keywords.some((k) => {
      const key = foldCase(k);
      if (key === '') return false;
      return t.matchMode === 'fuzzy' ? folded.includes(key) : whole === key;
    });
    if (hit) return t;
  }
  return templates.find((t) => t.type === 'replyAll') ?? null;
};

/**
 * Few letters, so keywords overlap, nest and repeat: cases that fold together (a/A, ß/SS,
 * full-width Ａ), Chinese, Arabic with a presentation form (ﻉ is ع after NFKC), spaces.
 */
const units = ['a', 'b', 'A', 'B', 'Ａ', 's', 'S', 'ß', '中', '文', 'ع', 'ﻉ', 'ر', ' ', '!'];
const text = (maxLength: number) => fc.string({ unit: fc.constantFrom(...units), maxLength });
const keyword = text(4).filter((k) => keywordProblem(k) === null && !k.includes(KEYWORD_SEPARATOR));
const template = (i: number) =>
  fc.record({
    type: fc.constantFrom<'keyword' | 'replyAll'>('keyword', 'keyword', 'keyword', 'keyword', 'replyAll'),
    keywords: fc.array(keyword, { minLength: 1, maxLength: 4 }),
    matchMode: fc.constantFrom<'fuzzy' | 'exact'>('fuzzy', 'exact'),
  }).map((t): T => ({ id: `t${i}`, ...t }));
const templateList = fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => template(i))));

describe("keyword lists: '|' between keywords (SPEC §5)", () => {
  it('a list of valid keywords joined with | splits back into the same keywords', () => {
    fc.assert(
      fc.property(fc.array(keyword, { minLength: 1, maxLength: 10 }), (keywords) => {
        const split = splitKeywords(keywords.join(KEYWORD_SEPARATOR));
        expect(split).toEqual(keywords);
        expect(split.map(keywordProblem)).toEqual(keywords.map(() => null));
      }),
      { numRuns: 300 },
    );
  });

  it('an empty list is no keyword; an empty keyword between bars is kept, and refused', () => {
    expect(splitKeywords('')).toEqual([]);
    expect(splitKeywords('a||b')).toEqual(['a', '', 'b']);
    expect(splitKeywords('a|')).toEqual(['a', '']);
    expect(keywordProblem('')).toBe('A keyword must not be empty');
  });

  it('a keyword that starts or ends with a space (or any white space) is refused; one with spaces inside is not', () => {
    fc.assert(
      fc.property(keyword, fc.constantFrom(' ', '\t', '\u3000', '\u00a0'), fc.boolean(), (k, space, atStart) => {
        const padded = atStart ? `${space}${k}` : `${k}${space}`;
        expect(keywordProblem(padded)).toBe('A keyword must not start or end with a space');
        expect(splitKeywords(`x|${padded}`).map(keywordProblem)[1]).toBe('A keyword must not start or end with a space');
      }),
      { numRuns: 200 },
    );
    expect(keywordProblem('good morning')).toBeNull();
    expect(keywordProblem('早上 好')).toBeNull();
  });
});

describe('case ignored (SPEC §3 match mode)', () => {
  it('a fuzzy keyword matches in any case, wherever it stands in the message', () => {
    fc.assert(
      fc.property(keyword, text(6), text(6), fc.constantFrom('upper', 'lower', 'same'), (k, before, after, shape) => {
        const written = shape === 'upper' ? k.toUpperCase() : shape === 'lower' ? k.toLowerCase() : k;
        expect(matchId([keywordTemplate('k', [k])], `${before}${written}${after}`)).toBe('k');
      }),
      { numRuns: 500 },
    );
  });

  it('an exact keyword matches the whole message in any case, with spaces around it', () => {
    fc.assert(
      fc.property(keyword, fc.constantFrom('', ' ', '  ', '\n', '\u3000'), (k, pad) => {
        expect(matchId([keywordTemplate('k', [k], 'exact')], `${pad}${k.toUpperCase()}${pad}`)).toBe('k');
        expect(matchId([keywordTemplate('k', [k.toUpperCase()], 'exact')], `${pad}${k.toLowerCase()}${pad}`)).toBe('k');
      }),
      { numRuns: 300 },
    );
  });

  it('folds letters whose cases differ in length, full-width forms and Arabic presentation forms', () => {
    expect(matchId([keywordTemplate('k', ['straße'])], 'WELCOME TO STRASSE 5')).toBe('k');
    expect(matchId([keywordTemplate('k', ['STRASSE'], 'exact')], 'Straße')).toBe('k');
    expect(matchId([keywordTemplate('k', ['price'])], 'ＰＲＩＣＥ please')).toBe('k');
    // ﻣﺮﺣﺒﺎ is مرحبا written in presentation forms (NFKC makes them one).
    expect(matchId([keywordTemplate('k', ['مرحبا'])], 'ﻣﺮﺣﺒﺎ بك')).toBe('k');
    expect(matchId([keywordTemplate('k', ['Ωmega'])], 'ωMEGA')).toBe('k');
    expect(foldCase('HeLLo')).toBe('hello');
  });
});

describe('exact and fuzzy', () => {
  it('a keyword inside a longer message matches fuzzy, not exact', () => {
    fc.assert(
      fc.property(keyword, fc.constantFrom('why ', 'ab', '中文', 'عر'), fc.constantFrom('', '?', ' now'), (k, before, after) => {
        const message = `${before}${k}${after}`;
        expect(matchId([keywordTemplate('fuzzy', [k])], message)).toBe('fuzzy');
        expect(matchId([keywordTemplate('exact', [k], 'exact')], message)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('Chinese: a keyword matches inside a sentence without spaces (fuzzy), and only alone (exact)', () => {
    const templates = [keywordTemplate('price', ['价格'], 'exact'), keywordTemplate('hello', ['你好'])];
    expect(matchId(templates, '你好，请问价格是多少？')).toBe('hello');
    expect(matchId(templates, '价格是多少')).toBeNull();
    expect(matchId(templates, ' 价格 ')).toBe('price');
    expect(matchId(templates, '价格\u3000')).toBe('price');
  });

  it('Arabic: right-to-left text matches by its letters (fuzzy and exact)', () => {
    const templates = [keywordTemplate('price', ['السعر'], 'exact'), keywordTemplate('hello', ['مرحبا'])];
    expect(matchId(templates, 'مرحبا، كم السعر؟')).toBe('hello');
    expect(matchId(templates, 'كم السعر؟')).toBeNull();
    expect(matchId(templates, 'السعر')).toBe('price');
    expect(matchId(templates, '\u202bالسعر\u202c')).toBeNull();
  });

  it('an empty keyword (refused on save) never matches', () => {
    expect(matchId([keywordTemplate('k', [''])], 'anything')).toBeNull();
    expect(matchId([keywordTemplate('k', [''], 'exact')], '')).toBeNull();
    expect(matchId([keywordTemplate('k', ['', 'x'])], 'a x')).toBe('k');
  });
});

describe('priority and the reply-all template', () => {
  it('of two templates that both match, the one listed first answers', () => {
    fc.assert(
      fc.property(keyword, keyword, text(5), fc.constantFrom<'fuzzy' | 'exact'>('fuzzy', 'exact'), (a, b, filler, mode) => {
        const message = mode === 'exact' ? a : `${filler}${a}${filler}`;
        // The second template's keywords hold the first's, so both match the message.
        const first = keywordTemplate('first', [a], mode);
        const second = keywordTemplate('second', [b, a], mode);
        expect(matchId([first, second], message)).toBe('first');
        expect(matchId([second, first], message)).toBe('second');
      }),
      { numRuns: 300 },
    );
  });

  it('a fuzzy template listed before an exact one wins, and the other way round', () => {
    const fuzzy = keywordTemplate('fuzzy', ['hi']);
    const exact = keywordTemplate('exact', ['hi there'], 'exact');
    expect(matchId([fuzzy, exact], 'Hi there')).toBe('fuzzy');
    expect(matchId([exact, fuzzy], 'Hi there')).toBe('exact');
  });

  it('the reply-all template answers what no keyword matches, wherever it is listed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), (at) => {
        const templates = [keywordTemplate('a', ['price']), keywordTemplate('b', ['refund'], 'exact')];
        templates.splice(at, 0, replyAll());
        expect(matchId(templates, 'where is my parcel')).toBe('all');
        expect(matchId(templates, 'the PRICE?')).toBe('a');
        expect(matchId(templates, 'a refund')).toBe('all');
        expect(matchId(templates, '')).toBe('all');
      }),
    );
  });

  it('no template, or none that matches and no reply-all: no answer', () => {
    expect(matchId([], 'hello')).toBeNull();
    expect(matchId([keywordTemplate('a', ['price'])], 'hello')).toBeNull();
  });

  it('a reply-all template keeps its keywords out of the matching', () => {
    const all: T = { id: 'all', type: 'replyAll', keywords: ['secret'], matchMode: 'exact' };
    expect(matchId([all, keywordTemplate('k', ['secret'])], 'secret')).toBe('k');
  });
});

describe('the compiled matcher answers as the plain loop does', () => {
  it('on random templates and messages', () => {
    fc.assert(
      fc.property(templateList, fc.array(text(10), { minLength: 1, maxLength: 10 }), (templates, messages) => {
        const matcher = compileMatcher(templates);
        for (const message of messages) expect(matcher.match(message)?.id ?? null).toBe(naiveMatch(templates, message)?.id ?? null);
      }),
      { numRuns: 1000 },
    );
  });

  it('on messages made of the templates own keywords (many hits, nested and overlapping)', () => {
    const messageOf = (templates: T[]) =>
      fc.array(fc.oneof(text(3), fc.constantFrom('', ...templates.flatMap((t) => t.keywords))), { maxLength: 5 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        templateList.chain((templates) => fc.tuple(fc.constant(templates), fc.array(messageOf(templates), { minLength: 1, maxLength: 8 }))),
        ([templates, messages]) => {
          const matcher = compileMatcher(templates);
          for (const message of messages) expect(matcher.match(message)?.id ?? null).toBe(naiveMatch(templates, message)?.id ?? null);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
