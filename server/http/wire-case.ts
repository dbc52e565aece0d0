/**
 * The server's key conversion for the wire (src/contract/case.ts), with each key's converted form
 * remembered: answers repeat the same few dozen keys on every row (a page of 40 leads has 1,200),
 * and a regular-expression replace per key was a measurable part of a list call's time. The
 * memory is bounded (keys from requests are the client's: a flood of new ones is converted, not
 * remembered). The browser keeps the plain converters: this code would weigh on its first page.
 */
import { mapKeys, toCamel, toSnake } from '../../src/contract/case';

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

const snake = remembered(toSnake);
const camel = remembered(toCamel);

export const snakeKeys = <T>(value: T): unknown => mapKeys(value, snake);
export const camelKeys = <T>(value: T): unknown => mapKeys(value, camel);
