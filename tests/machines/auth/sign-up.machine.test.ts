import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import { Code } from '../../../src/contract/codes';
import { RESEND_COOLDOWN_MS, type AuthAnswer, type SignedIn } from '../../../src/machines/auth/auth-form';
import { signUpMachine } from '../../../src/machines/auth/sign-up.machine';

type Fakes = {
  register?: (input: { email: string; password: string }) => Promise<AuthAnswer<null>>;
  verify?: (input: { email: string; code: string }) => Promise<AuthAnswer<SignedIn>>;
};

const start = (fakes: Fakes = {}) => {
  const clock = new SimulatedClock();
  const signedIn = vi.fn();
  const registerCalls: { email: string; password: string }[] = [];
  const verifyCalls: { email: string; code: string }[] = [];
  const actor = createActor(
    signUpMachine.provide({
      actors: {
        requestSignupCode: fromPromise<AuthAnswer<null>, { email: string; password: string }>(({ input }) => {
          registerCalls.push(input);
          return fakes.register ? fakes.register(input) : Promise.resolve({ ok: true, data: null });
        }),
        verifySignup: fromPromise<AuthAnswer<SignedIn>, { email: string; code: string }>(({ input }) => {
          verifyCalls.push(input);
          return fakes.verify ? fakes.verify(input) : Promise.resolve({ ok: true, data: { accessToken: 'tok' } });
        }),
      },
      actions: { signedIn: (_, params) => signedIn(params) },
    }),
    { clock },
  );
  actor.start();
  return { actor, clock, signedIn, registerCalls, verifyCalls };
};

const fillDetails = (actor: ReturnType<typeof start>['actor'], confirm = 'secret-123') => {
  actor.send({ type: 'user.change', email: 'new@example.com', password: 'secret-123', confirmPassword: confirm });
};

describe('sign-up machine', () => {
  it('says the passwords do not match and focuses the confirmation', () => {
    const { actor, registerCalls } = start();
    fillDetails(actor, 'secret-124');
    actor.send({ type: 'user.submit' });
    const s = actor.getSnapshot();
    expect(s.context.errors).toEqual({ confirmPassword: 'passwordsMismatch' });
    expect(s.context.firstInvalid).toBe('confirmPassword');
    expect(s.matches('details')).toBe(true);
    expect(registerCalls).toEqual([]);
  });

  it('re-checks the confirmation when the password changes after an error', () => {
    const { actor } = start();
    fillDetails(actor, 'secret-12');
    actor.send({ type: 'user.blur', field: 'confirmPassword' });
    expect(actor.getSnapshot().context.errors.confirmPassword).toBe('passwordsMismatch');
    actor.send({ type: 'user.change', password: 'secret-12' });
    expect(actor.getSnapshot().context.errors.confirmPassword).toBeUndefined();
  });

  it('asks for a code, verifies it and ends signed in', async () => {
    const { actor, signedIn, registerCalls, verifyCalls } = start();
    fillDetails(actor);
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.hasTag('codeStep'));
    expect(registerCalls).toEqual([{ email: 'new@example.com', password: 'secret-123' }]);
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errors.code).toBe('codeRequired');
    actor.send({ type: 'user.change', code: '123456' });
    actor.send({ type: 'user.submit' });
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.accessToken).toBe('tok');
    expect(verifyCalls).toEqual([{ email: 'new@example.com', code: '123456' }]);
    expect(signedIn).toHaveBeenCalledWith({ accessToken: 'tok', to: '/confirmed' });
  });

  it('shows a wrong code inline and keeps the code step', async () => {
    const { actor } = start({ verify: async () => ({ ok: false, code: Code.CODE_INVALID, message: 'bad' }) });
    fillDetails(actor);
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.hasTag('codeStep'));
    actor.send({ type: 'user.change', code: '000000' });
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, (x) => x.hasTag('showError'));
    expect(s.context.formError?.key).toBe('codeInvalid');
    expect(s.hasTag('codeStep')).toBe(true);
  });

  it('lets a new code be requested only after the resendCooldown delay', async () => {
    const { actor, clock, registerCalls } = start();
    fillDetails(actor);
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.hasTag('codeStep'));
    expect(actor.getSnapshot().hasTag('canResend')).toBe(false);
    actor.send({ type: 'user.resend' });
    expect(registerCalls).toHaveLength(1);
    clock.increment(RESEND_COOLDOWN_MS - 1);
    expect(actor.getSnapshot().hasTag('canResend')).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('canResend')).toBe(true);
    actor.send({ type: 'user.resend' });
    await waitFor(actor, (s) => s.matches({ code: { resend: 'coolingDown' } }));
    expect(registerCalls).toHaveLength(2);
  });

  it('shows a refused resend and allows another try', async () => {
    let refuse = false;
    const { actor, clock } = start({
      register: async () => (refuse ? { ok: false, code: Code.RATE_LIMITED, message: 'slow down' } : { ok: true, data: null }),
    });
    fillDetails(actor);
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.hasTag('codeStep'));
    refuse = true;
    clock.increment(RESEND_COOLDOWN_MS);
    actor.send({ type: 'user.resend' });
    const s = await waitFor(actor, (x) => x.matches({ code: { resend: 'failed' } }));
    expect(s.context.formError?.key).toBe('rateLimited');
    expect(s.hasTag('showError')).toBe(true);
    expect(s.hasTag('canResend')).toBe(true);
  });

  it('goes back to the details to change the email', async () => {
    const { actor } = start();
    fillDetails(actor);
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.hasTag('codeStep'));
    actor.send({ type: 'user.change', code: '12' });
    actor.send({ type: 'user.back' });
    const s = actor.getSnapshot();
    expect(s.matches('details')).toBe(true);
    expect(s.context.code).toBe('');
    expect(s.context.email).toBe('new@example.com');
  });

  it('shows a refused registration on the details step', async () => {
    const { actor } = start({ register: async () => ({ ok: false, code: 109000, message: 'bad body' }) });
    fillDetails(actor);
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, (x) => x.hasTag('showError'));
    expect(s.matches({ details: 'rejected' })).toBe(true);
    expect(s.context.formError?.key).toBe('invalidRequest');
  });
});
