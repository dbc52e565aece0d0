/**
 * A small seeded pseudo-random generator (mulberry32 over an FNV-1a hash of the seed text): the
 * same seed gives the same sequence on every machine, which makes the simulated chat data
 * repeatable. Not for anything secret.
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** `n` decimal digits (leading zeros allowed). */
  digits(n: number): string;
  /** `n` lowercase hex digits. */
  hex(n: number): string;
};

const fnv1a = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

/**
 * A short stable id of a text (two FNV-1a hashes: 16 hex digits), for message keys that must come
 * out the same when the same thing is sent twice (a retried scheduled send, an auto reply written
 * again after a reload), so the second is recognised and not added.
 */
export const hashHex = (text: string): string =>
  [fnv1a(text), fnv1a(`${text.length}:${text}`)].map((h) => h.toString(16).padStart(8, '0')).join('').toUpperCase();

export const createRandom = (seed: string): Random => {
  let state = fnv1a(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T,>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    chance: (p) => next() < p,
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
    hex: (n) => Array.from({ length: n }, () => int(0, 15).toString(16)).join(''),
  };
};
