/**
 * Envelope helpers. Every answer is `{code, data, message}` with snake_case keys (SPEC §7).
 * HTTP status policy (see app.ts): every envelope goes out with HTTP 200, success or not; the
 * client reads `code`. Only paths outside the API and the app (e.g. /favicon.ico) get a 404.
 */
import type { Context } from 'hono';
import { snakeKeys } from './wire-case';
import { Code, codeMessage, type CodeValue } from '../../src/contract/codes';

/** Thrown by handlers to answer with an error code. */
export class ApiFailure extends Error {
  constructor(
    readonly code: CodeValue,
    message?: string,
    readonly data: unknown = null,
  ) {
    super(message ?? codeMessage[code]);
    this.name = 'ApiFailure';
  }
}

export const fail = (code: CodeValue, message?: string): ApiFailure => new ApiFailure(code, message);

export const envelope = (code: CodeValue, data: unknown = null, message?: string) =>
  snakeKeys({ code, data: data ?? null, message: message ?? codeMessage[code] });

/** The `Server-Timing` header of an answer, when the request's arrival was noted (SERVER_TIMING=1). */
export const serverTimingHeader = (c: Context): Record<string, string> => {
  const startedAt = (c as Context<{ Variables: { startedAt?: number } }>).get('startedAt');
  return startedAt === undefined ? {} : { 'Server-Timing': `app;dur=${(performance.now() - startedAt).toFixed(2)}` };
};

export const sendEnvelope = (c: Context, code: CodeValue, data: unknown = null, message?: string, status: 200 | 404 = 200) => {
  const text = JSON.stringify(envelope(code, data, message));
  return c.body(text, status, { 'Content-Type': 'application/json', ...serverTimingHeader(c) });
};

export const sendOk = (c: Context, data: unknown) => sendEnvelope(c, Code.OK, data);
