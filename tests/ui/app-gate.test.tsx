/**
 * The login gate with the real wiring (createAppShell), router and views, on fake services:
 * what the user sees for each outcome of SPEC §2's gate.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes';
import { memberUser, unnamedWorkspace } from '../support/fixtures';
import { accountApi } from './fake-account';
import { chooseItem } from './menu-helpers';
import { okResult, renderApp } from './harness';

describe('login gate driving the views', () => {
  it('shows only the progress bar while obtaining a token, then the login page with the wanted path', async () => {
    let release: (() => void) | null = null;
    const api = accountApi({
      extra: {
        token: () =>
          new Promise((resolve) => {
            release = () => resolve({ ok: false, raw: false, code: Code.NO_ACTIVE_ACCOUNT, data: null, message: 'No active account found with the given credentials' });
          }),
      },
    });
    const app = await renderApp({ path: '/v2/home', api });
    await waitFor(() => expect(release).not.toBeNull());
    expect(screen.getByTestId('nav-progress')).toBeTruthy();
    expect(screen.queryByTestId('home-page')).toBeNull();
    expect(screen.queryByRole('progressbar', { name: /spinner/i })).toBeNull();
    release!();
    expect(await screen.findByTestId('login-email', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.location()).toBe('/login?redirect=%2Fv2%2Fhome');
    expect(screen.queryByTestId('nav-progress')).toBeNull();
  });

  it('obtains a token from the session cookie when none is stored and opens the page', async () => {
    const app = await renderApp({ path: '/v2/home', api: accountApi({ canObtainToken: true }) });
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(app.storage.get('accessToken')).toBe('fresh-token');
    expect(app.shell.actors.session.getSnapshot().hasTag('signedIn')).toBe(true);
  });

  it('loads the account with a stored token and shows home inside the main layout', async () => {
    const app = await renderApp({ path: '/home', api: accountApi(), storage: { accessToken: 'tok' } });
    const home = await screen.findByTestId('home-page');
    expect(within(home).getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Acme Support');
    expect(screen.getByTestId('main-layout')).toBeTruthy();
    expect(app.location()).toBe('/v2/home');
    expect(app.api.calls.map((c) => c.name)).toEqual(
      expect.arrayContaining(['userInfo', 'payInfo', 'workspaceInfo', 'workspaceList', 'adminConfigList']),
    );
    expect(screen.queryByTestId('nav-progress')).toBeNull();
  });

  it('sends a user without a workspace to /workspace with `to`, and home once it is created', async () => {
    const app = await renderApp({ path: '/v2/home', api: accountApi({ workspace: null }), storage: { accessToken: 'tok' } });
    expect(await screen.findByTestId('workspace-page')).toBeTruthy();
    expect(app.location()).toBe('/workspace?to=%2Fv2%2Fhome');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('workspace-create'));
    expect(screen.getByTestId('workspace-name-error').textContent).toBe('Enter a workspace name');
    await user.type(screen.getByTestId('workspace-name'), 'New team');
    await user.type(screen.getByTestId('workspace-emails'), 'ann@example.test, bob@example.test');
    await user.click(screen.getByTestId('workspace-create'));
    const home = await screen.findByTestId('home-page');
    expect(within(home).getByRole('heading', { level: 1 }).textContent).toBe('Welcome to New team');
    expect(app.location()).toBe('/v2/home');
    expect(app.api.calls.find((c) => c.name === 'workspaceCreate')?.body).toEqual({
      workspaceName: 'New team',
      inviteEmails: ['ann@example.test', 'bob@example.test'],
    });
  });

  it('redirects a user whose workspace has no name from every path but /404 and /workspace', async () => {
    const app = await renderApp({ path: '/v2/home', api: accountApi({ workspace: unnamedWorkspace }), storage: { accessToken: 'tok' } });
    expect(await screen.findByTestId('workspace-page')).toBeTruthy();
    expect(app.location()).toBe('/workspace?to=%2Fv2%2Fhome');
    await app.go('/404');
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
  });

  it('keeps an invite_token when sending the user home', async () => {
    const app = await renderApp({ path: '/workspace?invite_token=abc', api: accountApi(), storage: { accessToken: 'tok' } });
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(app.location()).toBe('/v2/home?invite_token=abc');
    expect(app.api.calls.find((c) => c.name === 'workspaceInfo')?.body).toEqual({ inviteToken: 'abc' });
  });

  it('sends a user whose user info fails to the login page', async () => {
    const app = await renderApp({
      path: '/v2/home',
      api: accountApi({ extra: { userInfo: () => ({ ok: false, raw: false, code: Code.TOKEN_INVALID, data: null, message: 'invalid' }) } }),
      storage: { accessToken: 'tok' },
    });
    expect(await screen.findByTestId('login-email')).toBeTruthy();
    expect(app.location()).toBe('/login?redirect=%2Fv2%2Fhome');
  });

  it('goes to the login page after sign-out, and a protected path then asks to sign in again', async () => {
    const app = await renderApp({ path: '/v2/home', api: accountApi(), storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('user-menu-trigger'));
    await screen.findByTestId('user-menu-sign-out');
    await chooseItem(user, 'user-menu-sign-out');
    expect(await screen.findByTestId('login-email')).toBeTruthy();
    expect(app.location()).toBe('/login');
    expect(app.storage.get('accessToken')).toBeNull();
    await app.go('/v2/home');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fv2%2Fhome'));
    expect(screen.queryByTestId('home-page')).toBeNull();
  });

  it('shows the member page for members without the template centre card', async () => {
    await renderApp({ path: '/v2/home', api: accountApi({ user: memberUser }), storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    expect(screen.queryByTestId('home-template-centre')).toBeNull();
  });

  it('serves public pages without loading the account', async () => {
    const app = await renderApp({ path: '/intro', api: accountApi() });
    expect(await screen.findByTestId('intro-page')).toBeTruthy();
    expect(app.api.calls).toEqual([]);
  });

  it('loads the workspace answer only once across in-app navigations', async () => {
    const app = await renderApp({ path: '/v2/home', api: accountApi({ extra: { payInfo: () => okResult({ ...memberPay }) } }), storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    await app.go('/intro');
    await screen.findByTestId('intro-page');
    await app.go('/v2/home');
    await screen.findByTestId('home-page');
    expect(app.api.calls.filter((c) => c.name === 'workspaceInfo')).toHaveLength(1);
  });
});

const memberPay = {
  planCode: 'free',
  planName: 'Free',
  planPriceTitle: 'Free',
  inviteLimit: 1,
  inviteCount: 1,
  planStart: 0,
  planEnd: 0,
  planGroup: 'free',
  perms: 'p1.MA',
};

describe('unknown paths', () => {
  it('go to the 404 page, which links home', async () => {
    const app = await renderApp({ path: '/no/such/place' });
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
    expect(app.location()).toBe('/404');
    expect(screen.getByTestId('not-found-home').getAttribute('href')).toBe('/crm/home');
  });
});
