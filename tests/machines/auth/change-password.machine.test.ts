import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { Code } from '../../../src/contract/codes';
import type { AuthAnswer } from '../../../src/machines/auth/auth-form';
import { changePasswordMachine } from '../../../src/machines/auth/change-password.machine';

type ChangeInput = { oldPassword: string; newPassword: string };

const start = (answer: (input: ChangeInput) => Promise<AuthAnswer<null>>) => {
  const calls: ChangeInput[] = [];
  const actor = createActor(
    changePasswordMachine.provide({
      actors: {
        changePassword: fromPromise<AuthAnswer<null>, ChangeInput>(({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
    }),
  );
  actor.start();
  return { actor, calls };
};

describe('change-password machine', () => {
  it('requires all three fields and the matching confirmation', () => {
    const { actor, calls } = start(async () => ({ ok: true, data: null }));
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      oldPassword: 'passwordRequired',
      newPassword: 'passwordRequired',
      confirmPassword: 'confirmRequired',
    });
    expect(actor.getSnapshot().context.firstInvalid).toBe('oldPassword');
    actor.send({ type: 'user.change', oldPassword: 'old', newPassword: 'brand-new-1', confirmPassword: 'brand-new-2' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ confirmPassword: 'passwordsMismatch' });
    expect(calls).toEqual([]);
  });

  it('changes the password and ends in done', async () => {
    const { actor, calls } = start(async () => ({ ok: true, data: null }));
    actor.send({ type: 'user.change', oldPassword: 'old', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const s = await waitFor(actor, (x) => x.matches('done'));
    expect(s.hasTag('done')).toBe(true);
    expect(calls).toEqual([{ oldPassword: 'old', newPassword: 'brand-new-1' }]);
    expect(s.context.newPassword).toBe('');
  });

  it('shows a wrong current password inline', async () => {
    const { actor } = start(async () => ({ ok: false, code: Code.WRONG_PASSWORD, message: 'wrong' }));
    actor.send({ type: 'user.change', oldPassword: 'bad', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' });
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, (x) => x.hasTag('showError'));
    expect(s.context.formError?.key).toBe('wrongPassword');
  });
});
