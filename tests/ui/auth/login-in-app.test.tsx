/** The login screen mounted by the real routes and shell: signing in stores the token and the gate opens the wanted page. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Code } from '../../../src/contract/codes';
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

  it('after the server ends the session on a page, signing in again brings the person back there', async () => {
    const user = userEvent.setup();
    const api = accountApi({ extra: { login: () => okResult({ accessToken: 'second-token', expiresIn: 3600 }) } });
    const app = await renderApp({ path: '/v2/home', api, storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    // What the API client does when any call answers 100004 (src/main.tsx onSessionEnded).
    act(() => app.shell.actors.session.send({ type: 'api.sessionEnded', code: Code.TOKEN_EXPIRED }));
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fv2%2Fhome'));
    expect(app.storage.get('accessToken')).toBeNull();
    await user.type(await screen.findByTestId('login-email'), 'admin@example.test');
    await user.type(screen.getByTestId('login-password'), 'first-pass-123{Enter}');
    await waitFor(() => expect(app.location()).toBe('/v2/home'), { timeout: 5000 });
    expect(await screen.findByTestId('home-page')).toBeTruthy();
  });
});
