/**
 * The one adapter from the API client's result to a flow's answer (src/machines/answer.ts):
 * a successful answer gives its data, any other code a refusal with the server's message. A
 * non-JSON answer counts as the server's failure (code INTERNAL, no message to show), except
 * for the login gate, which decides by the code alone and takes a non-JSON answer for none.
 */
import { Code } from '../contract/codes';
import type { Answer, Outcome } from '../machines/answer';
import type { ApiAnswer } from '../machines/login-gate.machine';
import type { ApiResult } from './api/client';

export type { Answer, Outcome };

export function answerOf<T>(result: ApiResult<T>): Answer<T>;
export function answerOf<T, R>(result: ApiResult<T>, pick: (data: T) => R): Answer<R>;
export function answerOf<T, R>(result: ApiResult<T>, pick?: (data: T) => R): Answer<T | R> {
  if (!result.ok) return { ok: false, code: result.code, message: result.message };
  if (result.raw) return { ok: false, code: Code.INTERNAL, message: '' };
  return { ok: true, data: pick ? pick(result.data) : result.data };
}

/**
 * For flows where only success will do: the data, or a rejection (the machine's `onError`).
 * With a label (`what`, e.g. 'Member list') the rejection names the call instead of repeating
 * the server's message.
 */
export const dataOf = <T>(result: ApiResult<T>, what?: string): T => {
  const answer = answerOf(result);
  if (answer.ok) return answer.data;
  if (what !== undefined) throw new Error(`${what} failed${result.raw ? '' : ` (code ${answer.code})`}`);
  throw new Error(answer.message || `The server refused the call (code ${answer.code})`);
};

/**
 * The login gate's answer (SPEC §2 steps 2-4): the code decides, the data is kept on success. A
 * non-JSON answer is no answer at all: a rejection naming the call (the gate's `onError`).
 */
export const codeAnswerOf = <T>(result: ApiResult<T>, what: string): ApiAnswer<T> => {
  if (result.raw) throw new Error(`${what}: the server did not answer with JSON`);
  const answer = answerOf(result);
  return answer.ok ? { code: result.code, data: answer.data } : { code: answer.code, data: null };
};

/** An answer without data (the call's outcome only). */
export const outcomeOf = (result: ApiResult<unknown>): Outcome => answerOf(result, () => null);
