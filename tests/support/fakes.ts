/** Controllable fakes for machine unit tests. */
import { createActor, fromPromise, setup, type ActorRefFrom, type AnyActorLogic, type AnyEventObject, type InputFrom, type SimulatedClock } from 'xstate';

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

/**
 * Starts `logic` as the child of a parent that keeps every event the child sends it (a child flow
 * tells its parent with `sendParent`, which needs a parent). Returns the child and what it said.
 */
export const hostChild = <L extends AnyActorLogic>(logic: L, input?: InputFrom<L>, options: { clock?: SimulatedClock } = {}) => {
  const told: AnyEventObject[] = [];
  const parent = setup({ actors: { child: logic as AnyActorLogic } }).createMachine({
    invoke: { id: 'child', src: 'child', ...(input === undefined ? {} : { input: input as never }) },
    on: { '*': { actions: ({ event }) => void told.push(event) } },
  });
  const host = createActor(parent, options.clock ? { clock: options.clock } : {}).start();
  const child = host.getSnapshot().children.child as ActorRefFrom<L>;
  return { child, told, host };
};
