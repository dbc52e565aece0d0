/** The login screen mounted by the real routes and shell: signing in stores the token and the gate opens the wanted page. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountApi } from '../fake-account';
import { okResult, renderApp } from '../harness';

// The app renders in jsdom and may be slow under load: give a whole journey room.
vi.setConfig({ testTimeout: 20_000 });

describe('login inside the app', () => {
  it('signs in from /login?redirect=… and lands on that page inside the layout', async () => {
    const user = userEvent.setup();
    const api = accountApi({ extra: { login: () => okResult({ accessToken: 'signed-in-token', expiresIn: 3600 }) } });
    const app = await renderApp({ path: '/login?redirect=%2Fv2%2Fhome', api });
    await user.type(await screen.findByTestId('login-email'), 'admin@example.test');
    await user.type(screen.getByTestId('login-password'), 'first-pass-123{Enter}');
    await waitFor(() => expect(app.location()).toBe('/v2/home'), { timeout: 5000 });
    expect(app.storage.get('accessToken')).toBe('signed-in-token');
    expect(app.shell.actors.session.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(await screen.findByTestId('home-page')).toBeTruthy();
  });
});
