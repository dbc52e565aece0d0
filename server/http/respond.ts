/**
 * Envelope helpers. Every answer is `{code, data, message}` with snake_case keys (SPEC §7).
 * HTTP status policy (see app.ts): every envelope goes out with HTTP 200, success or not; the
 * client reads `code`. Only paths outside the API and the app (e.g. /favicon.ico) get a 404.
 */
import type { Context } from 'hono';
import { snakeKeys } from '../../src/contract/case';
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

export const sendEnvelope = (c: Context, code: CodeValue, data: unknown = null, message?: string, status: 200 | 404 = 200) =>
  c.json(envelope(code, data, message) as Record<string, unknown>, status);

export const sendOk = (c: Context, data: unknown) => sendEnvelope(c, Code.OK, data);
