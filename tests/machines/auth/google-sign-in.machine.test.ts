import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { Code } from '../../../src/contract/codes';
import type { AuthAnswer, SignedIn } from '../../../src/machines/auth/auth-form';
import { googleSignInMachine, type GoogleConfig } from '../../../src/machines/auth/google-sign-in.machine';

const start = (config: () => Promise<GoogleConfig>, answer: AuthAnswer<SignedIn> = { ok: true, data: { accessToken: 'g-tok' } }) => {
  const signedIn = vi.fn();
  const credentials: string[] = [];
  const actor = createActor(
    googleSignInMachine.provide({
      actors: {
        loadGoogleConfig: fromPromise<GoogleConfig, void>(() => config()),
        obtainGoogleCredential: fromPromise<string, { clientId: string }>(async ({ input }) => `id-token-for-${input.clientId}`),
        submitGoogleLogin: fromPromise<AuthAnswer<SignedIn>, { credential: string }>(async ({ input }) => {
          credentials.push(input.credential);
          return answer;
        }),
      },
      actions: { signedIn: (_, params) => signedIn(params) },
    }),
    { input: {} },
  );
  actor.start();
  return { actor, signedIn, credentials };
};

describe('google sign-in machine', () => {
  it('hides the button when Google is not configured', async () => {
    const { actor } = start(async () => ({ enabled: false, clientId: null }));
    const s = await waitFor(actor, (x) => x.matches('hidden'));
    expect(s.value).toBe('hidden');
    expect(s.hasTag('showButton')).toBe(false);
  });

  it('hides the button when the config cannot be read', async () => {
    const { actor } = start(async () => {
      throw new Error('offline');
    });
    expect((await waitFor(actor, (x) => x.matches('hidden'))).value).toBe('hidden');
  });

  it('shows the button and signs in with the Google credential', async () => {
    const { actor, signedIn, credentials } = start(async () => ({ enabled: true, clientId: 'client-1' }));
    await waitFor(actor, (x) => x.hasTag('showButton'));
    actor.send({ type: 'user.googleStart' });
    const s = await waitFor(actor, (x) => x.matches('done'));
    expect(s.context.accessToken).toBe('g-tok');
    expect(credentials).toEqual(['id-token-for-client-1']);
    expect(signedIn).toHaveBeenCalledWith({ accessToken: 'g-tok', to: '/v2/home' });
  });

  it('shows a refused Google sign-in inline', async () => {
    const { actor } = start(async () => ({ enabled: true, clientId: 'client-1' }), {
      ok: false,
      code: Code.GOOGLE_INVALID,
      message: 'bad token',
    });
    await waitFor(actor, (x) => x.hasTag('showButton'));
    actor.send({ type: 'user.googleStart' });
    const s = await waitFor(actor, (x) => x.hasTag('showError'));
    expect(s.context.formError?.key).toBe('googleFailed');
    expect(s.context.credential).toBeNull();
  });
});
