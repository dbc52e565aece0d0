/** Controllable fakes for machine unit tests. */
import { fromPromise } from 'xstate';

type Pending<TOutput> = { resolve(value: TOutput): void; reject(error: unknown): void };

/**
 * A promise actor whose every invocation waits until the test settles it. `calls` holds the
 * inputs in invocation order; `resolve()` / `reject()` settle the oldest pending invocation.
 */
export const controllable = <TOutput, TInput = void>() => {
  const calls: TInput[] = [];
  const pending: Pending<TOutput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push(input);
        pending.push({ resolve, reject });
      }),
  );
  const next = (): Pending<TOutput> => {
    const p = pending.shift();
    if (!p) throw new Error('no pending invocation');
    return p;
  };
  return {
    logic,
    calls,
    get pendingCount() {
      return pending.length;
    },
    resolve: (value: TOutput) => next().resolve(value),
    reject: (error: unknown = new Error('failed')) => next().reject(error),
  };
};

/** Lets settled promises reach the actors (a few microtask turns). */
export const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};
