/**
 * Secret redaction for QA recordings and the inspector: passwords, tokens, verification codes and
 * webhook signing secrets never leave the page in a recording or reach the Stately inspector.
 */
export const REDACTED = '[redacted]';

const secretKeys: ReadonlySet<string> = new Set(
  ['password', 'newPassword', 'oldPassword', 'confirmPassword', 'code', 'token', 'accessToken', 'refreshToken', 'credential', 'secret'].map(
    (k) => k.toLowerCase(),
  ),
);

/** True for the listed secret keys and for any key containing "password" or "token" (case-insensitive). */
export const isSecretKey = (key: string): boolean => {
  const k = key.toLowerCase();
  return secretKeys.has(k) || k.includes('password') || k.includes('token');
};

/**
 * Whether the value under a secret key must go. `code` is special: a verification code is a string
 * of digits, but an API answer code (100004) or a role code ('admin') is not a secret and replays
 * need it as it was.
 */
const mustRedact = (key: string, value: unknown): boolean => {
  if (!isSecretKey(key)) return false;
  if (key.toLowerCase() === 'code') return typeof value === 'string' && /\d/.test(value);
  return true;
};

/** Query parameters that carry secrets (`?invite_token=...`, `&code=...`) inside any string. */
const secretQueryParam = /([?&#][^=&#\s]*(?:token|password|code|credential)[^=&#\s]*=)[^&#\s]*/gi;
export const redactQuery = (text: string): string => text.replace(secretQueryParam, `$1${REDACTED}`);

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * Deep copy of `value` with every secret key's value replaced by `[redacted]`, recursing through plain
 * objects and arrays. Other objects (class instances, actor refs, DOM nodes) are kept by reference.
 */
export const redactSecrets = <T>(value: T): T => {
  const seen = new WeakMap<object, unknown>();
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      if (seen.has(v)) return seen.get(v);
      const out: unknown[] = [];
      seen.set(v, out);
      for (const item of v) out.push(walk(item));
      return out;
    }
    if (typeof v === 'string') return redactQuery(v);
    if (!isPlainObject(v)) return v;
    if (seen.has(v)) return seen.get(v);
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const [k, item] of Object.entries(v)) out[k] = mustRedact(k, item) ? REDACTED : walk(item);
    return out;
  };
  return walk(value) as T;
};
