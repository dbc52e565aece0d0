import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { Code } from '../../../src/contract/codes';
import type { AuthAnswer, SignedIn } from '../../../src/machines/auth/auth-form';
import { signInMachine } from '../../../src/machines/auth/sign-in.machine';

const start = (answer: (input: { email: string; password: string }) => Promise<AuthAnswer<SignedIn>>) => {
  const signedIn = vi.fn();
  const calls: { email: string; password: string }[] = [];
  const actor = createActor(
    signInMachine.provide({
      actors: {
        submitLogin: fromPromise<AuthAnswer<SignedIn>, { email: string; password: string }>(({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
      actions: { signedIn: (_, params) => signedIn(params) },
    }),
    { input: {} },
  );
  actor.start();
  return { actor, signedIn, calls };
};

describe('sign-in machine', () => {
  it('refuses an empty form with the SPEC messages and names the first invalid field', () => {
    const { actor, calls } = start(async () => ({ ok: true, data: { accessToken: 't' } }));
    actor.send({ type: 'user.submit' });
    const s = actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.errors).toEqual({ email: 'emailEmpty', password: 'passwordRequired' });
    expect(s.context.firstInvalid).toBe('email');
    expect(calls).toEqual([]);
  });

  it('checks a field on blur and clears its error as the user fixes it', () => {
    const { actor } = start(async () => ({ ok: true, data: { accessToken: 't' } }));
    actor.send({ type: 'user.change', email: 'ann@' });
    expect(actor.getSnapshot().context.errors.email).toBeUndefined();
    actor.send({ type: 'user.blur', field: 'email' });
    expect(actor.getSnapshot().context.errors.email).toBe('emailInvalid');
    actor.send({ type: 'user.change', email: 'ann@example.com' });
    expect(actor.getSnapshot().context.errors.email).toBeUndefined();
  });

  it('signs in, runs signedIn with the token and ends with it as output', async () => {
    const { actor, signedIn, calls } = start(async () => ({ ok: true, data: { accessToken: 'tok-1' } }));
    actor.send({ type: 'user.change', email: ' Ann@Example.com ', password: 'pw' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.accessToken).toBe('tok-1');
    expect(done.hasTag('done')).toBe(true);
    expect(signedIn).toHaveBeenCalledWith({ accessToken: 'tok-1', to: '/v2/home' });
    expect(calls).toEqual([{ email: 'Ann@Example.com', password: 'pw' }]);
  });

  it('shows 100006 inline and clears it when the user edits', async () => {
    const { actor, signedIn } = start(async () => ({
      ok: false,
      code: Code.NO_ACTIVE_ACCOUNT,
      message: 'No active account found with the given credentials',
    }));
    actor.send({ type: 'user.change', email: 'ann@example.com', password: 'wrong' });
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, (x) => x.hasTag('showError'));
    expect(s.context.formError?.key).toBe('noActiveAccount');
    expect(s.matches({ editing: 'rejected' })).toBe(true);
    expect(signedIn).not.toHaveBeenCalled();
    actor.send({ type: 'user.change', password: 'wrong2' });
    expect(actor.getSnapshot().hasTag('showError')).toBe(false);
    expect(actor.getSnapshot().context.formError).toBeNull();
  });

  it('shows the rate-limit message and a failed request', async () => {
    let fail = false;
    const { actor } = start(async () => {
      if (fail) throw new Error('network');
      return { ok: false, code: Code.RATE_LIMITED, message: 'Too many' };
    });
    actor.send({ type: 'user.change', email: 'ann@example.com', password: 'pw' });
    actor.send({ type: 'user.submit' });
    expect((await waitFor(actor, (x) => x.hasTag('showError'))).context.formError?.key).toBe('rateLimited');
    fail = true;
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, (x) => x.hasTag('showError') && x.context.formError?.key === 'requestFailed');
    expect(s.context.formError).toEqual({ key: 'requestFailed', code: null, message: '' });
  });

  it('takes an initial email from its input', () => {
    const actor = createActor(signInMachine, { input: { email: 'pre@example.com' } }).start();
    expect(actor.getSnapshot().context.email).toBe('pre@example.com');
    actor.stop();
  });

  it('an unprovided submitLogin rejects, which the form shows as a failed request', async () => {
    const actor = createActor(signInMachine, { input: {} }).start();
    actor.send({ type: 'user.change', email: 'ann@example.com', password: 'pw' });
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, (x) => x.hasTag('showError'));
    expect(s.context.formError?.key).toBe('requestFailed');
  });
});
