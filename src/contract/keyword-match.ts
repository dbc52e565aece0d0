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

// ---- The matcher --------------------------------------------------------------------------------

/** What the matcher needs of a template (an auto reply, src/contract/templates.ts). */
export type MatchableTemplate = {
  readonly id: string;
  readonly type: 'keyword' | 'replyAll';
  readonly keywords: readonly string[];
  readonly matchMode: 'fuzzy' | 'exact';
};

export type KeywordMatcher<T extends MatchableTemplate> = {
  /** The template an incoming message triggers, or null. */
  match(text: string): T | null;
};

/**
 * Case ignored (SPEC §3 match mode), alike on every end: compatibility forms made one (NFKC:
 * full-width Ａ is A, the ligature ﬁ is fi), then upper- and lower-cased without a locale (the
 * form's preview in one browser and the executor in another fold alike), so the letters whose
 * cases differ in length meet too (ß and SS, final and medial sigma).
 */
export const foldCase = (text: string): string => text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');

/** What an exact keyword is compared with: the whole message, trimmed, folded. */
export const exactKey = (text: string): string => foldCase(text.trim());

/** No template (a template index above any). */
const NONE = 0x7fffffff;
/** Goto keys are the node times 2^16 plus the UTF-16 code unit. */
const UNITS = 0x10000;

/**
 * An Aho–Corasick automaton over UTF-16 code units (what String.prototype.includes compares). Each
 * node holds the lowest template index of a keyword ending there or at one of its suffixes, so one
 * pass over a message finds the first template any of its keywords belongs to.
 */
class FuzzyAutomaton {
  private readonly goto = new Map<number, number>();
  /** Per node: the lowest template index (NONE: none), the failure link, and for the build its code unit, first child and next sibling. */
  private readonly best: number[] = [NONE];
  private readonly fail: number[] = [0];
  private readonly unit: number[] = [-1];
  private readonly firstChild: number[] = [-1];
  private readonly sibling: number[] = [-1];
  empty = true;

  add(keyword: string, index: number): void {
    let node = 0;
    for (let i = 0; i < keyword.length; i++) {
      const unit = keyword.charCodeAt(i);
      let child = this.goto.get(node * UNITS + unit);
      if (child === undefined) {
        child = this.best.length;
        this.best.push(NONE);
        this.fail.push(0);
        this.unit.push(unit);
        this.sibling.push(this.firstChild[node]!);
        this.firstChild.push(-1);
        this.firstChild[node] = child;
        this.goto.set(node * UNITS + unit, child);
      }
      node = child;
    }
    if (index < this.best[node]!) this.best[node] = index;
    this.empty = false;
  }

  /** The node after `node` reads `unit`, following failure links. */
  private step(node: number, unit: number): number {
    for (;;) {
      const target = this.goto.get(node * UNITS + unit);
      if (target !== undefined) return target;
      if (node === 0) return 0;
      node = this.fail[node]!;
    }
  }

  /** Failure links, breadth first; a node's best takes in its failure target's (a suffix matches too). */
  build(): void {
    const queue: number[] = [];
    for (let c = this.firstChild[0]!; c !== -1; c = this.sibling[c]!) queue.push(c);
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      for (let c = this.firstChild[node]!; c !== -1; c = this.sibling[c]!) {
        const link = node === 0 ? 0 : this.step(this.fail[node]!, this.unit[c]!);
        this.fail[c] = link;
        if (this.best[link]! < this.best[c]!) this.best[c] = this.best[link]!;
        queue.push(c);
      }
    }
  }

  /** The lowest template index of a keyword the text contains, if below `bound`; else `bound`. */
  first(text: string, bound: number): number {
    let best = bound;
    let node = 0;
    for (let i = 0; i < text.length && best > 0; i++) {
      node = this.step(node, text.charCodeAt(i));
      if (this.best[node]! < best) best = this.best[node]!;
    }
    return best;
  }
}

/**
 * One matcher over the templates in priority order (SPEC §3 Auto reply): the first keyword
 * template with a keyword that matches wins (fuzzy: the message contains it; exact: the message,
 * trimmed, is it; case ignored by foldCase); when none does, the first reply-all template answers.
 * An empty keyword never matches. The index is built once (exact keywords in a map, fuzzy ones in
 * an Aho–Corasick automaton), so a message costs about its own length, whatever the number of
 * templates. The form's live preview and the executor (the companion extension) both use it.
 */
export const compileMatcher = <T extends MatchableTemplate>(templates: readonly T[]): KeywordMatcher<T> => {
  /** Folded exact keyword -> the first template (its index) that has it. */
  const exact = new Map<string, number>();
  const fuzzy = new FuzzyAutomaton();
  let replyAll: T | null = null;
  templates.forEach((template, index) => {
    if (template.type === 'replyAll') {
      replyAll ??= template;
      return;
    }
    for (const keyword of template.keywords) {
      const folded = foldCase(keyword);
      if (folded === '') continue;
      if (template.matchMode === 'fuzzy') fuzzy.add(folded, index);
      else if (!exact.has(folded)) exact.set(folded, index);
    }
  });
  fuzzy.build();
  return {
    match(text) {
      let best = exact.size > 0 ? (exact.get(exactKey(text)) ?? NONE) : NONE;
      if (!fuzzy.empty) best = fuzzy.first(foldCase(text), best);
      return best === NONE ? replyAll : templates[best]!;
    },
  };
};
