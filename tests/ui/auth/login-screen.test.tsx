import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Code } from '../../../src/contract/codes';
import { LoginScreen } from '../../../src/ui/screens/auth/login-screen';
import { failResult, okResult } from '../harness';
import { landedAt, renderAuth, stubGoogleIdentity } from './render-auth';

// Screens render in jsdom and may be slow under load.
vi.setConfig({ testTimeout: 20_000 });

const login = (handlers: Parameters<typeof renderAuth>[2] = {}, path = '/login') =>
  renderAuth(path, () => <LoginScreen />, handlers);

describe('login screen', () => {
  it('signs in, hands the token over and goes to the redirect path', async () => {
    const user = userEvent.setup();
    const { api, signedIn } = await login(
      { handlers: { login: () => okResult({ accessToken: 'tok-1', expiresIn: 3600 }) } },
      '/login?redirect=%2Fcontacts%3Fa%3D1',
    );
    await user.type(screen.getByTestId('login-email'), 'ann@example.com');
    await user.type(screen.getByTestId('login-password'), 'secret-pass');
    await user.click(screen.getByTestId('login-submit'));
    expect(await landedAt()).toBe('/contacts?a=1');
    expect(signedIn).toEqual(['tok-1']);
    expect(api.calls.find((c) => c.name === 'login')?.body).toEqual({ email: 'ann@example.com', password: 'secret-pass' });
  });

  it('goes home when there is no redirect, and submits on Enter', async () => {
    const user = userEvent.setup();
    await login({ handlers: { login: () => okResult({ accessToken: 'tok-2', expiresIn: 3600 }) } });
    await user.type(screen.getByTestId('login-email'), 'ann@example.com');
    await user.type(screen.getByTestId('login-password'), 'secret-pass{Enter}');
    expect(await landedAt()).toBe('/v2/home');
  });

  it('ignores a redirect to another origin', async () => {
    const user = userEvent.setup();
    await login({ handlers: { login: () => okResult({ accessToken: 'tok-3', expiresIn: 3600 }) } }, '/login?redirect=%2F%2Fevil.example');
    await user.type(screen.getByTestId('login-email'), 'ann@example.com');
    await user.type(screen.getByTestId('login-password'), 'secret-pass{Enter}');
    expect(await landedAt()).toBe('/v2/home');
  });

  it('shows 100006 inline with the SPEC text and stays on the form', async () => {
    const user = userEvent.setup();
    const { signedIn } = await login({
      handlers: { login: () => failResult(Code.NO_ACTIVE_ACCOUNT, 'No active account found with the given credentials') },
    });
    await user.type(screen.getByTestId('login-email'), 'ann@example.com');
    await user.type(screen.getByTestId('login-password'), 'wrong');
    await user.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toContain('No active account found with the given credentials');
    expect(screen.getByRole('alert')).toBe(screen.getByTestId('form-error'));
    expect(signedIn).toEqual([]);
    await user.type(screen.getByTestId('login-password'), 'x');
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('checks the fields on submit, ties messages to inputs and focuses the first invalid one', async () => {
    const user = userEvent.setup();
    const { api } = await login();
    await user.click(screen.getByTestId('login-submit'));
    const email = screen.getByTestId('login-email');
    expect(screen.getByText('Email is empty')).toBeTruthy();
    expect(screen.getByText('Please enter the password')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby') ?? '').toContain(screen.getByText('Email is empty').id);
    expect(document.activeElement).toBe(email);
    expect(screen.getByLabelText(/^Email/)).toBe(email);
    expect(api.calls.filter((c) => c.name === 'login')).toEqual([]);
  });

  it('checks the email on blur', async () => {
    const user = userEvent.setup();
    await login();
    await user.type(screen.getByTestId('login-email'), 'ann@');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
  });

  it('disables the submit button while signing in', async () => {
    const user = userEvent.setup();
    let answer: (v: ReturnType<typeof okResult<{ accessToken: string; expiresIn: number }>>) => void = () => undefined;
    await login({ handlers: { login: () => new Promise((resolve) => (answer = resolve)) } });
    await user.type(screen.getByTestId('login-email'), 'ann@example.com');
    await user.type(screen.getByTestId('login-password'), 'secret-pass');
    await user.click(screen.getByTestId('login-submit'));
    expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(true);
    answer(okResult({ accessToken: 'tok', expiresIn: 1 }));
    expect(await landedAt()).toBe('/v2/home');
  });

  // The check runs once the config answer reached the screen; the same wait must show the button
  // when Google is configured, so a check that ran before the answer fails one of the two.
  for (const enabled of [false, true]) {
    it(`shows the Google button only when the server has Google configured (enabled: ${enabled})`, async () => {
      let answered: () => void = () => undefined;
      const answer = new Promise<void>((resolve) => (answered = resolve));
      const { api } = await login({
        handlers: {
          googleConfig: () => {
            answered();
            return okResult(enabled ? { enabled: true, clientId: 'client-1' } : { enabled: false, clientId: null });
          },
        },
      });
      await act(async () => {
        await answer;
        // The answer travels through promises only: one macrotask later the screen has it.
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(api.calls.filter((c) => c.name === 'googleConfig')).toHaveLength(1);
      expect(screen.queryByTestId('login-google') !== null).toBe(enabled);
    });
  }

  it('signs in with Google when configured', async () => {
    const user = userEvent.setup();
    const unstub = stubGoogleIdentity((id) => `cred-for-${id}-0123456789`);
    try {
      const { signedIn, api } = await renderAuth('/login', () => <LoginScreen />, {
        handlers: {
          googleConfig: () => okResult({ enabled: true, clientId: 'client-1' }),
          loginGoogle: () => okResult({ accessToken: 'g-tok', expiresIn: 3600 }),
        },
      });
      await user.click(await screen.findByTestId('login-google'));
      expect(await landedAt()).toBe('/v2/home');
      expect(signedIn).toEqual(['g-tok']);
      expect(api.calls.find((c) => c.name === 'loginGoogle')?.body).toEqual({ credential: 'cred-for-client-1-0123456789' });
    } finally {
      unstub();
    }
  });

  it('links to sign-up and password reset', async () => {
    const user = userEvent.setup();
    await login();
    expect(screen.getByTestId('login-signup').getAttribute('href')).toBe('/crm/signup');
    await user.click(screen.getByTestId('login-forgot'));
    expect(await landedAt()).toBe('/reset-password');
  });

  it('speaks Arabic', async () => {
    await renderAuth('/login', () => <LoginScreen />, { locale: 'ar' });
    expect(screen.getByTestId('login-submit').textContent).toContain('تسجيل الدخول');
  });
});
