/**
 * The one adapter from the API client's result to a flow's answer (src/machines/answer.ts):
 * a successful answer gives its data, any other code a refusal with the server's message. A
 * non-JSON answer counts as the server's failure (code INTERNAL, no message to show).
 */
import { Code } from '../contract/codes';
import type { Answer, Outcome } from '../machines/answer';
import type { ApiResult } from './api/client';

export type { Answer, Outcome };

export function answerOf<T>(result: ApiResult<T>): Answer<T>;
export function answerOf<T, R>(result: ApiResult<T>, pick: (data: T) => R): Answer<R>;
export function answerOf<T, R>(result: ApiResult<T>, pick?: (data: T) => R): Answer<T | R> {
  if (!result.ok) return { ok: false, code: result.code, message: result.message };
  if (result.raw) return { ok: false, code: Code.INTERNAL, message: '' };
  return { ok: true, data: pick ? pick(result.data) : result.data };
}

/** For flows where only success will do: the data, or a rejection (the machine's `onError`). */
export const dataOf = <T>(result: ApiResult<T>): T => {
  const answer = answerOf(result);
  if (answer.ok) return answer.data;
  throw new Error(answer.message || `The server refused the call (code ${answer.code})`);
};

/** An answer without data (the call's outcome only). */
export const outcomeOf = (result: ApiResult<unknown>): Outcome => answerOf(result, () => null);
