import { fromPromise, type PromiseActorLogic } from 'xstate';

/**
 * Default implementations for a machine's named effects (ARCHITECTURE.md "Statecharts").
 *
 * A machine declares every effect in `setup({actors, actions, guards})` with one of these
 * placeholders; the real implementation is supplied with `machine.provide(...)` at wiring time
 * (src/services/actors.ts) and fakes in tests. A placeholder fails loudly with
 * "actor 'fetchUserInfo' is not provided" (an invoked placeholder rejects, so the machine sees
 * `xstate.error.actor.<id>` carrying that message).
 *
 * Placeholders are remembered, so the path-test toolkit (tests/support/machine-paths.ts) can tell
 * a missing effect from a provided one.
 */
const placeholders = new WeakSet<object>();

const mark = <T extends object>(impl: T): T => {
  placeholders.add(impl);
  return impl;
};

/** True when `impl` is one of the placeholders below (nothing was provided for it). */
export const isNotProvided = (impl: unknown): boolean =>
  (typeof impl === 'object' || typeof impl === 'function') && impl !== null && placeholders.has(impl);

const notProvided = (kind: 'actor' | 'action' | 'guard', name: string): Error =>
  new Error(`${kind} '${name}' is not provided`);

/** A promise actor that must be provided; the default rejects at once. */
export const actorNotProvided = <TOutput, TInput = void>(name: string): PromiseActorLogic<TOutput, TInput> =>
  mark(
    fromPromise<TOutput, TInput>(() => {
      throw notProvided('actor', name);
    }),
  );

/** An action that must be provided; the default throws when executed. */
export const actionNotProvided = <TParams = undefined>(name: string) =>
  mark((_args: unknown, _params: TParams): void => {
    throw notProvided('action', name);
  });

/** A guard that must be provided; the default throws when evaluated. */
export const guardNotProvided = (name: string) =>
  mark((_args: unknown): boolean => {
    throw notProvided('guard', name);
  });
