/**
 * Passwords (and verification codes) are hashed with argon2id (@node-rs/argon2 defaults: m=19 MiB, t=2).
 *
 * Every hash and verify goes through one gate that lets at most `ARGON2_CONCURRENCY` (2 × CPU
 * cores) run at once and queues the rest in order: a burst of sign-ins or sign-ups cannot take
 * all the memory (19 MiB each) or every thread, and other requests keep being answered.
 */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

export const ARGON2_CONCURRENCY = Math.max(2, 2 * availableParallelism());

type Gate = { limit: number; running: number; queue: (() => void)[]; started: number; peak: number };

const gate: Gate = { limit: ARGON2_CONCURRENCY, running: 0, queue: [], started: 0, peak: 0 };

const acquire = (): Promise<void> => {
  if (gate.running < gate.limit) {
    gate.running++;
    return Promise.resolve();
  }
  return new Promise((resolve) => gate.queue.push(resolve));
};

const release = () => {
  const next = gate.queue.shift();
  // The slot passes straight to the next waiter, so `running` stays the same.
  if (next) next();
  else gate.running--;
};

const gated = async <T>(work: () => Promise<T>): Promise<T> => {
  await acquire();
  gate.started++;
  gate.peak = Math.max(gate.peak, gate.running);
  try {
    return await work();
  } finally {
    release();
  }
};

/** Counters of the gate (tests, diagnostics): jobs started so far, running now, queued, peak at once. */
export const argon2Stats = () => ({ limit: gate.limit, started: gate.started, running: gate.running, queued: gate.queue.length, peak: gate.peak });

/** Resets the peak counter (tests). */
export const resetArgon2Peak = () => {
  gate.peak = gate.running;
};

export const hashSecret = (secret: string): Promise<string> => gated(() => hash(secret));

const verifyGated = (hashed: string, secret: string) => gated(() => verify(hashed, secret));

const dummyHash: Promise<string> = hash('not-a-real-password-0000');

export const verifySecret = async (hashed: string | null | undefined, secret: string): Promise<boolean> => {
  if (!hashed) {
    // Spend about the same time as a real check, so timing does not tell whether an account exists.
    await verifyGated(await dummyHash, secret).catch(() => false);
    return false;
  }
  try {
    return await verifyGated(hashed, secret);
  } catch {
    return false;
  }
};

/** One argon2 verification's worth of work with no answer (keeps timing alike on paths that skip a check). */
export const spendHashTime = async (secret: string): Promise<void> => {
  await verifySecret(null, secret);
};
