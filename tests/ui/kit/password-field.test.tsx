/** The kit's password field: label and error tied to the input, a show/hide button that is a real tab stop and says its state. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordField } from '../../../src/ui/components/password-input';

const visibilityLabel = (visible: boolean) => (visible ? 'Hide password' : 'Show password');

describe('PasswordField', () => {
  it('ties the label and the error text to a password input', () => {
    render(<PasswordField label="Password" errorText="Too short" errorTestId="pw-error" visibilityLabel={visibilityLabel} />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('current-password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByTestId('pw-error').id);
  });

  it('shows and hides the password from the keyboard, saying its state', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" autoComplete="new-password" visibilityLabel={visibilityLabel} />);
    const input = screen.getByLabelText('Password');
    await user.type(input, 'secret-pass');
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(input.id);
    await user.keyboard('{Enter}');
    expect(input.getAttribute('type')).toBe('text');
    expect((input as HTMLInputElement).value).toBe('secret-pass');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard(' ');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
  });

  it('disables the toggle with the field', () => {
    render(<PasswordField label="Password" disabled visibilityLabel={visibilityLabel} />);
    expect((screen.getByLabelText('Password') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Show password' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
