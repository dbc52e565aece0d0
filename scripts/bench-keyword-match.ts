/**
 * Keyword matching of auto replies (printed by `npm run bench`; figures only, never asserted):
 * 1,000 incoming messages against 10,000 templates with the one matcher the form's preview and the
 * executor use (src/contract/keyword-match.ts, compileMatcher). Goal: the 1,000 messages matched in
 * at most 50 ms in total. Compiling the templates (once per change of the list) is timed apart.
 *
 * The templates and messages are made from a fixed seed: 10,000 templates in priority order, a
 * quarter exact and the rest fuzzy, each with 1 to 5 keywords (Latin words, some Chinese and
 * Arabic ones, mixed case), and a reply-all template last; the messages are 20 to 300 characters
 * of chat text in the three scripts, half of them holding a keyword (or being one, in another case).
 *
 * Runs alone in a second: `node --import tsx scripts/bench-keyword-match.ts`. BENCH_KEYWORD_RUNS
 * changes the 7 timed runs (the median is printed; the first run, with the engine still cold, beside it).
 */
import { compileMatcher, type MatchableTemplate } from '../src/contract/keyword-match';

const TEMPLATES = 10_000;
const MESSAGES = 1_000;
const RUNS = Number(process.env.BENCH_KEYWORD_RUNS ?? 7);
const GOAL_MS = 50;

/** A small seeded generator (mulberry32), so every run matches the same data. */
const random = (() => {
  let seed = 0x5eed;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const syllables = ['ka', 'lo', 'mi', 'ne', 'su', 'ta', 'ri', 'po', 'de', 'va', 'ex', 'or', 'un', 'st', 'ch', 'qu'];
const chinese = ['价格', '退款', '订单', '发货', '优惠', '客服', '你好', '谢谢', '地址', '时间'];
const arabic = ['السعر', 'استرداد', 'طلب', 'شحن', 'خصم', 'مرحبا', 'شكرا', 'العنوان', 'الوقت', 'متى'];
const fillerWords = ['hello', 'please', 'can', 'you', 'tell', 'me', 'about', 'the', 'my', 'when', 'is', 'it', 'ok', 'thanks', '请问', '一下', 'هل', 'من', 'فضلك'];

const latinWord = () => Array.from({ length: int(2, 5) }, () => pick(syllables)).join('');
const keyword = (): string => {
  const r = random();
  if (r < 0.1) return `${pick(chinese)}${int(1, 99)}`;
  if (r < 0.2) return `${pick(arabic)} ${int(1, 99)}`;
  const word = int(1, 3) === 1 ? `${latinWord()} ${latinWord()}` : latinWord();
  return random() < 0.3 ? word.toUpperCase() : word;
};

const templates: MatchableTemplate[] = Array.from({ length: TEMPLATES - 1 }, (_, i) => ({
  id: `t${i}`,
  type: 'keyword' as const,
  keywords: Array.from({ length: int(1, 5) }, keyword),
  matchMode: random() < 0.25 ? ('exact' as const) : ('fuzzy' as const),
}));
templates.push({ id: 'reply-all', type: 'replyAll', keywords: [], matchMode: 'fuzzy' });

const filler = (length: number) => {
  let text = '';
  while (text.length < length) text += `${pick(fillerWords)} `;
  return text.slice(0, length);
};
const messages = Array.from({ length: MESSAGES }, () => {
  const length = int(20, 300);
  if (random() < 0.5) return filler(length);
  const template = pick(templates.slice(0, -1));
  const word = pick(template.keywords);
  if (template.matchMode === 'exact') return random() < 0.5 ? word.toLowerCase() : ` ${word.toUpperCase()} `;
  const at = int(0, length);
  const text = filler(length);
  return `${text.slice(0, at)}${random() < 0.5 ? word.toLowerCase() : word}${text.slice(at)}`;
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const compiles: number[] = [];
const matches: number[] = [];
let answered = 0;
for (let run = 0; run < RUNS; run++) {
  const t0 = performance.now();
  const matcher = compileMatcher(templates);
  const t1 = performance.now();
  let hits = 0;
  for (const message of messages) if (matcher.match(message)?.type === 'keyword') hits++;
  const t2 = performance.now();
  compiles.push(t1 - t0);
  matches.push(t2 - t1);
  answered = hits;
}

const keywords = templates.reduce((n, t) => n + t.keywords.length, 0);
console.log(
  `keyword matching, ${MESSAGES.toLocaleString('en')} messages against ${TEMPLATES.toLocaleString('en')} templates (${keywords.toLocaleString('en')} keywords): ` +
    `${ms(median(matches))} in total (first run ${ms(matches[0]!)}; goal <= ${GOAL_MS} ms); ` +
    `compile ${ms(median(compiles))} (first run ${ms(compiles[0]!)}); ${answered} messages matched a keyword template, the rest the reply-all`,
);
