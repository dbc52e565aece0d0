/**
 * The one shape in which a flow's actor hands back a server call (SPEC §7 envelope, SPEC §8
 * codes): the data, or the refusal's code and message. Transport failures (network, time-out,
 * an unreadable answer) are not answers: the actor rejects and the machine takes `onError`.
 * The adapter from the API client's result is `answerOf` (and `outcomeOf` for calls without
 * data) in src/services/answer.ts.
 */

export type Refusal = { ok: false; code: number; message: string };

export type Answer<T> = { ok: true; data: T } | Refusal;

/** An answer without data (the call's outcome only): `{ ok: true }` or a refusal. */
export type Outcome = { ok: true; data?: null } | Refusal;

/**
 * What went wrong with a call, as a flow keeps it for its view: the server refused (its code and
 * message), or the call failed on the way (the API client has already shown a toast).
 */
export type CallError = { kind: 'server'; code: number; message: string } | { kind: 'network' };

/** A refused answer as a CallError; `null` for a successful one. */
export const refusalOf = (answer: Answer<unknown> | Outcome): CallError | null =>
  answer.ok ? null : { kind: 'server', code: answer.code, message: answer.message };

/** The call failed on the way (the actor rejected). */
export const networkError: CallError = { kind: 'network' };

/** True for a refusal with this code. */
export const refusedWith = (answer: Answer<unknown> | Outcome, code: number): boolean => !answer.ok && answer.code === code;
