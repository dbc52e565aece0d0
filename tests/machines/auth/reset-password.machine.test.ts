import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { Code } from '../../../src/contract/codes';
import type { AuthAnswer } from '../../../src/machines/auth/auth-form';
import { resetPasswordMachine } from '../../../src/machines/auth/reset-password.machine';

type ResetInput = { email: string; code: string; password: string };

const start = (reset: (input: ResetInput) => Promise<AuthAnswer<null>> = async () => ({ ok: true, data: null })) => {
  const requests: { email: string }[] = [];
  const resets: ResetInput[] = [];
  const actor = createActor(
    resetPasswordMachine.provide({
      actors: {
        requestResetCode: fromPromise<AuthAnswer<null>, { email: string }>(async ({ input }) => {
          requests.push(input);
          return { ok: true, data: null };
        }),
        resetPassword: fromPromise<AuthAnswer<null>, ResetInput>(({ input }) => {
          resets.push(input);
          return reset(input);
        }),
      },
    }),
    { input: {} },
  );
  actor.start();
  return { actor, requests, resets };
};

describe('reset-password machine', () => {
  it('needs a valid email before sending a code', () => {
    const { actor, requests } = start();
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'emailEmpty' });
    actor.send({ type: 'user.change', email: 'nope' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'emailInvalid' });
    expect(requests).toEqual([]);
  });

  it('requests a code, checks code and passwords, then resets', async () => {
    const { actor, requests, resets } = start();
    actor.send({ type: 'user.change', email: 'ann@example.com' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.hasTag('codeStep'));
    expect(requests).toEqual([{ email: 'ann@example.com' }]);
    actor.send({ type: 'user.change', code: '123456', password: 'new-pass-1', confirmPassword: 'new-pass-2' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ confirmPassword: 'passwordsMismatch' });
    expect(actor.getSnapshot().context.firstInvalid).toBe('confirmPassword');
    actor.send({ type: 'user.change', confirmPassword: 'new-pass-1' });
    actor.send({ type: 'user.submit' });
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.hasTag('done')).toBe(true);
    expect(resets).toEqual([{ email: 'ann@example.com', code: '123456', password: 'new-pass-1' }]);
    expect(done.context.password).toBe('');
  });

  it('shows an expired or reused code inline', async () => {
    const { actor } = start(async () => ({ ok: false, code: Code.CODE_INVALID, message: 'expired' }));
    actor.send({ type: 'user.change', email: 'ann@example.com' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.hasTag('codeStep'));
    actor.send({ type: 'user.change', code: '123456', password: 'new-pass-1', confirmPassword: 'new-pass-1' });
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, (x) => x.hasTag('showError'));
    expect(s.context.formError?.key).toBe('codeInvalid');
    expect(s.matches({ reset: 'rejected' })).toBe(true);
  });

  it('goes back to ask for another code', async () => {
    const { actor } = start();
    actor.send({ type: 'user.change', email: 'ann@example.com' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.hasTag('codeStep'));
    actor.send({ type: 'user.back' });
    expect(actor.getSnapshot().matches('request')).toBe(true);
  });
});
