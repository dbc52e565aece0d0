/** Key-case conversion for the wire: bodies go out snake_case, responses are read camelCase (SPEC §7). */

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * A key's conversion, remembered: answers repeat the same few dozen keys on every row (a page of
 * 40 leads has 1,200), and a regular-expression replace per key was a measurable part of a list
 * call's time. The memory is bounded (keys from requests are the client's: a flood of new ones
 * is converted, not remembered).
 */
const remembered = (convert: (key: string) => string): ((key: string) => string) => {
  const known = new Map<string, string>();
  return (key) => {
    let out = known.get(key);
    if (out === undefined) {
      out = convert(key);
      if (known.size < 2000) known.set(key, out);
    }
    return out;
  };
};

export const toSnake = remembered((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
export const toCamel = remembered((key) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

const mapKeys = (value: unknown, f: (k: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((v) => mapKeys(v, f));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[f(k)] = mapKeys(v, f);
  return out;
};

export const snakeKeys = <T>(value: T): unknown => mapKeys(value, toSnake);
export const camelKeys = <T>(value: T): unknown => mapKeys(value, toCamel);
