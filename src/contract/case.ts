/** Key-case conversion for the wire: bodies go out snake_case, responses are read camelCase (SPEC §7). */

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

export const toSnake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const toCamel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export const mapKeys = (value: unknown, f: (k: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((v) => mapKeys(v, f));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[f(k)] = mapKeys(v, f);
  return out;
};

export const snakeKeys = <T>(value: T): unknown => mapKeys(value, toSnake);
export const camelKeys = <T>(value: T): unknown => mapKeys(value, toCamel);
