import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Code } from '../../../src/contract/codes';
import { ChangePasswordScreen } from '../../../src/ui/screens/auth/change-password-screen';
import { ResetPasswordScreen } from '../../../src/ui/screens/auth/reset-password-screen';
import { failResult, okResult } from '../harness';
import { landedAt, renderAuth } from './render-auth';

// The app renders in jsdom and may be slow under load: give a whole journey room.
vi.setConfig({ testTimeout: 20_000 });

describe('reset-password screen', () => {
  it('requests a code, then resets with code and matching passwords', async () => {
    const user = userEvent.setup();
    const { api } = await renderAuth('/reset-password', () => <ResetPasswordScreen />, {
      handlers: { resetRequest: () => okResult(null), reset: () => okResult(null) },
    });
    await user.click(screen.getByTestId('reset-request'));
    expect(screen.getByText('Email is empty')).toBeTruthy();
    await user.type(screen.getByTestId('reset-email'), 'ann@example.com{Enter}');
    await user.type(await screen.findByTestId('reset-code'), '123456');
    await user.type(screen.getByTestId('reset-password'), 'new-pass-5678');
    await user.type(screen.getByTestId('reset-confirm'), 'new-pass-5679');
    await user.click(screen.getByTestId('reset-submit'));
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    await user.clear(screen.getByTestId('reset-confirm'));
    await user.type(screen.getByTestId('reset-confirm'), 'new-pass-5678');
    await user.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('reset-done')).textContent).toContain('Your password was reset');
    expect(api.calls.find((c) => c.name === 'reset')?.body).toEqual({ email: 'ann@example.com', code: '123456', password: 'new-pass-5678' });
    await user.click(screen.getByTestId('reset-login'));
    expect(await landedAt()).toBe('/login');
  });

  it('shows an expired code inline', async () => {
    const user = userEvent.setup();
    await renderAuth('/reset-password?email=ann%40example.com', () => <ResetPasswordScreen />, {
      handlers: { resetRequest: () => okResult(null), reset: () => failResult(Code.CODE_INVALID, 'expired') },
    });
    expect((screen.getByTestId('reset-email') as HTMLInputElement).value).toBe('ann@example.com');
    await user.click(screen.getByTestId('reset-request'));
    await user.type(await screen.findByTestId('reset-code'), '123456');
    await user.type(screen.getByTestId('reset-password'), 'new-pass-5678');
    await user.type(screen.getByTestId('reset-confirm'), 'new-pass-5678{Enter}');
    expect((await screen.findByTestId('form-error')).textContent).toContain('The code is wrong or has expired');
  });
});

describe('change-password screen', () => {
  it('refuses a wrong current password inline, then changes and tells about other sessions', async () => {
    const user = userEvent.setup();
    let accept = false;
    const { api } = await renderAuth('/change-password', () => <ChangePasswordScreen />, {
      handlers: {
        changePassword: () => (accept ? okResult(null) : failResult(Code.WRONG_PASSWORD, 'The current password is wrong')),
      },
    });
    await user.type(screen.getByTestId('change-old'), 'before-pass-1');
    await user.type(screen.getByTestId('change-new'), 'after-pass-22');
    await user.type(screen.getByTestId('change-confirm'), 'after-pass-22');
    await user.click(screen.getByTestId('change-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toContain('The current password is wrong');
    accept = true;
    await user.click(screen.getByTestId('change-submit'));
    const done = await screen.findByTestId('change-done');
    expect(done.textContent).toContain('signed out on your other devices');
    expect(api.calls.filter((c) => c.name === 'changePassword').map((c) => c.body)).toEqual([
      { oldPassword: 'before-pass-1', newPassword: 'after-pass-22' },
      { oldPassword: 'before-pass-1', newPassword: 'after-pass-22' },
    ]);
  });

  it('checks the new password and its confirmation before calling', async () => {
    const user = userEvent.setup();
    const { api } = await renderAuth('/change-password', () => <ChangePasswordScreen />);
    await user.type(screen.getByTestId('change-old'), 'x');
    await user.type(screen.getByTestId('change-new'), 'short');
    await user.type(screen.getByTestId('change-confirm'), 'other');
    await user.click(screen.getByTestId('change-submit'));
    expect(screen.getByText('The password must have at least 8 characters')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('change-new'));
    expect(api.calls.filter((c) => c.name === 'changePassword')).toEqual([]);
  });
});
