/** Time source, injected so tests can move time (token expiry, code expiry, rate-limit windows). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to (tests). */
export type FakeClock = Clock & { advance(ms: number): void; set(at: Date): void };

export const createFakeClock = (start: Date = new Date('2025-01-15T09:00:00.000Z')): FakeClock => {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (at) => {
      t = at.getTime();
    },
  };
};
