import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Code } from '../../../src/contract/codes';
import { ConfirmedScreen } from '../../../src/ui/screens/auth/confirmed-screen';
import { SignupScreen } from '../../../src/ui/screens/auth/signup-screen';
import { failResult, okResult } from '../harness';
import { landedAt, renderAuth } from './render-auth';

// Screens render in jsdom and may be slow under load.
vi.setConfig({ testTimeout: 20_000 });

const fillDetails = async (user: ReturnType<typeof userEvent.setup>, confirm: string) => {
  await user.type(screen.getByTestId('signup-email'), 'new@example.com');
  await user.type(screen.getByTestId('signup-password'), 'secret-123');
  await user.type(screen.getByTestId('signup-confirm'), confirm);
};

describe('sign-up screen', () => {
  it('says the passwords do not match and focuses the confirmation', async () => {
    const user = userEvent.setup();
    const { api } = await renderAuth('/signup', () => <SignupScreen />);
    await fillDetails(user, 'secret-124');
    await user.click(screen.getByTestId('signup-submit'));
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('signup-confirm'));
    expect(api.calls.filter((c) => c.name === 'register')).toEqual([]);
  });

  it('sends the code, verifies it and goes to the confirmed page signed in', async () => {
    const user = userEvent.setup();
    const { api, signedIn } = await renderAuth('/signup', () => <SignupScreen />, {
      handlers: {
        register: () => okResult(null),
        registerVerify: () => okResult({ accessToken: 'new-tok', expiresIn: 3600 }),
      },
    });
    await fillDetails(user, 'secret-123');
    await user.click(screen.getByTestId('signup-submit'));
    const code = await screen.findByTestId('signup-code');
    expect(screen.getByText(/new@example\.com/)).toBeTruthy();
    expect((screen.getByTestId('signup-resend') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('signup-verify'));
    expect(screen.getByText('Please enter the verification code')).toBeTruthy();
    expect(document.activeElement).toBe(code);
    await user.type(code, '123456{Enter}');
    expect(await landedAt()).toBe('/confirmed');
    expect(signedIn).toEqual(['new-tok']);
    expect(api.calls.find((c) => c.name === 'register')?.body).toEqual({ email: 'new@example.com', password: 'secret-123' });
    expect(api.calls.find((c) => c.name === 'registerVerify')?.body).toEqual({ email: 'new@example.com', code: '123456' });
  });

  it('shows a wrong code inline', async () => {
    const user = userEvent.setup();
    await renderAuth('/signup', () => <SignupScreen />, {
      handlers: { register: () => okResult(null), registerVerify: () => failResult(Code.CODE_INVALID, 'The code is wrong or has expired') },
    });
    await fillDetails(user, 'secret-123');
    await user.click(screen.getByTestId('signup-submit'));
    await user.type(await screen.findByTestId('signup-code'), '000000{Enter}');
    expect((await screen.findByTestId('form-error')).textContent).toContain('The code is wrong or has expired');
  });

  it('goes back to change the email', async () => {
    const user = userEvent.setup();
    await renderAuth('/signup', () => <SignupScreen />, { handlers: { register: () => okResult(null) } });
    await fillDetails(user, 'secret-123');
    await user.click(screen.getByTestId('signup-submit'));
    await user.click(await screen.findByTestId('signup-back'));
    expect((screen.getByTestId('signup-email') as HTMLInputElement).value).toBe('new@example.com');
  });

  it('shows the server message for an unknown refusal', async () => {
    const user = userEvent.setup();
    await renderAuth('/signup', () => <SignupScreen />, {
      handlers: { register: () => failResult(123456, 'Sign-up is closed today') },
    });
    await fillDetails(user, 'secret-123');
    await user.click(screen.getByTestId('signup-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toContain('Sign-up is closed today');
  });
});

describe('confirmed screen', () => {
  it('confirms and continues to home', async () => {
    const user = userEvent.setup();
    await renderAuth('/confirmed', () => <ConfirmedScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your email is confirmed');
    await user.click(screen.getByTestId('confirmed-continue'));
    expect(await landedAt()).toBe('/home');
  });
});
