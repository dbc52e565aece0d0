/**
 * joinTransfer (/workspace/join-transfer, SPEC §2: it skips the login gate and carries a join in
 * progress to the workspace page) with the real wiring (gate, router, app system, views) on fake
 * services: a signed-out person's token is carried to the invitation page through the sign-in (the
 * gate applies there, not here); a signed-in person without a workspace reaches the invitation
 * with the token; without a token the workspace page (create a workspace) opens.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Code } from '../../../src/contract/codes';
import { memberUser } from '../../support/fixtures';
import { accountApi } from '../fake-account';
import { failResult, okResult, renderApp } from '../harness';

vi.setConfig({ testTimeout: 20_000 });

const joinerApi = () =>
  accountApi({
    user: memberUser,
    workspace: null,
    extra: {
      workspaceInfo: () => failResult(Code.NO_WORKSPACE, 'You have no workspace yet'),
      invitationInfo: () => okResult({ workspaceName: 'Globex Sales', kind: 'public' as const, email: null, status: 'valid' as const }),
    },
  });

describe('joinTransfer', () => {
  it('carries a signed-out person’s token past the sign-in to the invitation page', async () => {
    const api = joinerApi();
    api.handlers.login = () => okResult({ accessToken: 'signed-in-token', expiresIn: 3600 });
    const app = await renderApp({ path: '/workspace/join-transfer?invite_token=J1', api });
    // The page itself needs no session: nothing was asked before it moved on.
    expect(await screen.findByTestId('login-email', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.navigations.map((n) => n.to)).toEqual(['/workspace/grant-access?invite_token=J1', '/login?redirect=%2Fworkspace%2Fgrant-access%3Finvite_token%3DJ1']);
    expect(app.navigations.every((n) => n.replace)).toBe(true);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('login-email'), memberUser.email);
    await user.type(screen.getByTestId('login-password'), 'first-pass-123{Enter}');
    expect(await screen.findByTestId('invitation-workspace', {}, { timeout: 5000 })).toHaveProperty('textContent', 'Globex Sales');
    expect(app.location()).toBe('/workspace/grant-access?invite_token=J1');
    expect(app.api.calls.find((c) => c.name === 'invitationInfo')?.body).toEqual({ inviteToken: 'J1' });
  });

  it('takes a signed-in person without a workspace to the invitation with the token', async () => {
    const app = await renderApp({ path: '/workspace/join-transfer?invite_token=J2', api: joinerApi(), storage: { accessToken: 'tok' } });
    expect(await screen.findByTestId('grant-access-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.location()).toBe('/workspace/grant-access?invite_token=J2');
    // Gate step 1 did not send the token home first: the route skips the gate.
    expect(app.navigations.map((n) => n.to)).toEqual(['/workspace/grant-access?invite_token=J2']);
  });

  it('goes to the workspace page without a token', async () => {
    const app = await renderApp({ path: '/workspace/join-transfer', api: joinerApi(), storage: { accessToken: 'tok' } });
    expect(await screen.findByTestId('workspace-page', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/workspace'));
  });
});
