/**
 * Accepting an invitation with the real wiring (gate, router, views) on fake services, and the
 * outcome pages (SPEC §2 standalone routes, §8 messages) in the three languages.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Code } from '../../../src/contract/codes';
import type { WorkspaceInfo } from '../../../src/contract/workspace';
import type { InvitationInfo } from '../../../src/machines/invitation.machine';
import { memberUser } from '../../support/fixtures';
import { accountApi } from '../fake-account';
import { failResult, okResult, renderApp, type ApiHandlers } from '../harness';

// The app renders in jsdom (lazy screens load on first use) and may be slow under load.
vi.setConfig({ testTimeout: 20_000 });

const invitation = (status: InvitationInfo['status'], kind: InvitationInfo['kind'] = 'email'): InvitationInfo => ({
  workspaceName: 'Globex Sales',
  kind,
  email: kind === 'email' ? memberUser.email : null,
  status,
});

/** A signed-in member without a workspace; joining gives them Globex Sales. */
const joinerApi = (info: InvitationInfo, join: ApiHandlers['workspaceJoin'] = undefined) => {
  let ws: WorkspaceInfo | null = null;
  const joined = () => {
    ws = { workspaceId: 'w-globex', workspaceName: 'Globex Sales', memberCount: 2 };
    return okResult(ws);
  };
  return accountApi({
    user: memberUser,
    workspace: null,
    extra: {
      workspaceInfo: () => (ws ? okResult(ws) : failResult(Code.NO_WORKSPACE, 'You have no workspace yet')),
      invitationInfo: () => okResult(info),
      workspaceJoin: join ?? (() => joined()),
      joinByPublicInviteUrl: () => joined(),
    },
  });
};

describe('accepting an invitation', () => {
  it('takes a user without a workspace from the invitation link to grant access, joins, and goes home', async () => {
    const app = await renderApp({ path: '/change-password?invite_token=T1', api: joinerApi(invitation('valid')), storage: { accessToken: 'tok' } });
    const page = await screen.findByTestId('grant-access-page', {}, { timeout: 5000 });
    expect(app.location()).toBe('/workspace/grant-access?invite_token=T1');
    expect(app.navigations.map((n) => n.to)).toEqual(['/v2/home?invite_token=T1', '/workspace/grant-access?invite_token=T1']);
    expect(await within(page).findByTestId('invitation-workspace')).toHaveProperty('textContent', 'Globex Sales');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Accept your invitation');
    expect(screen.getByTestId('grant-access-page-message').textContent).toBe('You are invited to join Globex Sales');
    expect(screen.getByTestId('invitation-status').textContent).toBe('Valid: you can join now');
    expect(page.textContent).toContain(`This invitation was sent to ${memberUser.email}. It can be used once.`);

    await userEvent.setup().click(screen.getByTestId('grant-access-join'));
    expect(await screen.findByTestId('home-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.location()).toBe('/v2/home');
    expect(app.api.calls.find((c) => c.name === 'workspaceJoin')?.body).toEqual({ email: memberUser.email, inviteToken: 'T1' });
    expect(app.api.calls.filter((c) => c.name === 'workspaceInfo')).toHaveLength(2);
    expect(screen.getByTestId('main-layout')).toBeTruthy();
  });

  it('joins a public link on the invitation page', async () => {
    const app = await renderApp({
      path: '/workspace/invitation?invite_token=P1',
      api: joinerApi(invitation('valid', 'public')),
      storage: { accessToken: 'tok' },
    });
    await screen.findByTestId('invitation-workspace');
    expect(screen.getByTestId('invitation-page').textContent).toContain('Anyone with this link can join');
    await userEvent.setup().click(screen.getByTestId('invitation-join'));
    expect(await screen.findByTestId('home-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.api.calls.find((c) => c.name === 'joinByPublicInviteUrl')?.body).toEqual({ inviteToken: 'P1' });
    expect(app.api.calls.some((c) => c.name === 'workspaceJoin')).toBe(false);
  });

  it('shows the token-expired page for an expired link, with the SPEC message and the next steps', async () => {
    const app = await renderApp({ path: '/workspace/invitation?invite_token=OLD', api: joinerApi(invitation('expired', 'public')), storage: { accessToken: 'tok' } });
    expect(await screen.findByTestId('token-expired-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.location()).toBe('/workspace/tokenExpired');
    expect(screen.getByTestId('token-expired-page-message').textContent).toBe(
      'The token has expired, please contact the administrator to obtain a new one.',
    );
    expect(screen.getByTestId('outcome-sign-out')).toBeTruthy();
    await userEvent.setup().click(screen.getByTestId('outcome-create-workspace'));
    expect(await screen.findByTestId('workspace-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.location()).toBe('/workspace');
  });

  it('goes to the member-exceeded page when the join finds no seat left', async () => {
    const app = await renderApp({
      path: '/workspace/grant-access?invite_token=T2',
      api: joinerApi(invitation('valid'), () => failResult(Code.MEMBER_EXCEEDED, 'Exceeded personnel limit')),
      storage: { accessToken: 'tok' },
    });
    await screen.findByTestId('invitation-workspace');
    await userEvent.setup().click(screen.getByTestId('grant-access-join'));
    expect(await screen.findByTestId('member-exceed-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.location()).toBe('/workspace/memberExceed');
    expect(screen.getByTestId('member-exceed-page-message').textContent).toBe(
      'Exceeded personnel limit, please contact administrator to upgrade the package.',
    );
  });

  it('shows a refusal without its own page on the invitation page', async () => {
    await renderApp({
      path: '/workspace/grant-access?invite_token=T3',
      api: joinerApi(invitation('valid'), () => failResult(Code.FORBIDDEN, 'You do not have permission to do this')),
      storage: { accessToken: 'tok' },
    });
    await screen.findByTestId('invitation-workspace');
    await userEvent.setup().click(screen.getByTestId('grant-access-join'));
    expect((await screen.findByTestId('invitation-error')).textContent).toContain(
      'You could not join the workspace: You do not have permission to do this',
    );
    expect(screen.getByTestId('grant-access-join')).toBeTruthy();
  });

  it('tells a user who already has a workspace, and takes them back to it', async () => {
    const app = await renderApp({
      path: '/workspace/invitation?invite_token=OTHER',
      api: accountApi({ extra: { invitationInfo: () => okResult(invitation('alreadyJoined', 'public')) } }),
      storage: { accessToken: 'tok' },
    });
    expect(await screen.findByTestId('already-joined-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.location()).toBe('/workspace/error/already-joined/OTHER');
    expect(screen.getByTestId('already-joined-page').textContent).toContain('apply to leave on its members page. You keep full access until your workspace admin approves.');
    await userEvent.setup().click(screen.getByTestId('outcome-go-home'));
    expect(await screen.findByTestId('home-page', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('asks for the right account when an email invitation is for another address', async () => {
    await renderApp({
      path: '/workspace/grant-access?invite_token=T4',
      api: joinerApi({ ...invitation('emailMismatch'), email: 'someone@example.test' }),
      storage: { accessToken: 'tok' },
    });
    expect(await screen.findByTestId('invitation-mismatch')).toBeTruthy();
    expect(screen.getByTestId('grant-access-page-message').textContent).toBe(
      'The invitation to Globex Sales was sent to someone@example.test. Sign out and sign in with that address to join.',
    );
    expect(screen.queryByTestId('grant-access-join')).toBeNull();
  });

  it('explains a link without a token', async () => {
    await renderApp({ path: '/workspace/invitation', api: joinerApi(invitation('valid')), storage: { accessToken: 'tok' } });
    expect(await screen.findByTestId('invitation-missing')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This invitation link is incomplete');
  });

  it('retries a load that failed on the network', async () => {
    let fail = true;
    const api = joinerApi(invitation('valid'));
    const loaded = api.handlers.invitationInfo!;
    api.handlers.invitationInfo = (body) => {
      if (fail) return Promise.reject(new Error('offline'));
      return loaded(body);
    };
    await renderApp({ path: '/workspace/invitation?invite_token=T5', api, storage: { accessToken: 'tok' } });
    expect((await screen.findByTestId('invitation-error')).textContent).toContain('Check your connection');
    fail = false;
    await userEvent.setup().click(screen.getByTestId('invitation-retry'));
    expect(await screen.findByTestId('invitation-workspace')).toBeTruthy();
  });

  it('sends a signed-out person to sign in, coming back to the invitation', async () => {
    const api = joinerApi(invitation('valid', 'public'));
    api.handlers.login = () => okResult({ accessToken: 'signed-in-token', expiresIn: 3600 });
    const app = await renderApp({ path: '/workspace/invitation?invite_token=P9', api });
    expect(await screen.findByTestId('login-email')).toBeTruthy();
    expect(app.location()).toBe('/login?redirect=%2Fworkspace%2Finvitation%3Finvite_token%3DP9');
    const user = userEvent.setup();
    await user.type(screen.getByTestId('login-email'), memberUser.email);
    await user.type(screen.getByTestId('login-password'), 'first-pass-123{Enter}');
    expect(await screen.findByTestId('invitation-workspace')).toBeTruthy();
    expect(app.location()).toBe('/workspace/invitation?invite_token=P9');
    expect(app.api.calls.find((c) => c.name === 'invitationInfo')?.body).toEqual({ inviteToken: 'P9' });
  });
});

describe('outcome pages', () => {
  it.each([
    ['en', 'The team workspace has been disbanded. Please contact the team admin.', 'Create a new workspace'],
    ['zh-CN', '该团队工作区已解散，请联系团队管理员。', '创建新的工作区'],
    ['ar', 'تم حلّ مساحة عمل الفريق. يرجى التواصل مع مسؤول الفريق.', 'إنشاء مساحة عمل جديدة'],
  ])('the disband page in %s says so and offers a new workspace', async (language, message, action) => {
    const app = await renderApp({
      path: '/workspace/disband',
      api: accountApi({ workspace: null }),
      storage: { accessToken: 'tok', language },
    });
    expect(await screen.findByTestId('disband-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.location()).toBe('/workspace/disband');
    expect(screen.getByTestId('disband-page-message').textContent).toBe(message);
    expect(screen.getByTestId('outcome-create-workspace').textContent).toBe(action);
    await userEvent.setup().click(screen.getByTestId('outcome-create-workspace'));
    expect(await screen.findByTestId('workspace-page', {}, { timeout: 5000 })).toBeTruthy();
  });

  it.each([
    ['/workspace/memberExceed', 'member-exceed-page'],
    ['/workspace/tokenExpired', 'token-expired-page'],
    ['/workspace/error/already-joined', 'already-joined-page'],
    ['/workspace/error/already-joined/T', 'already-joined-page'],
  ])('%s is standalone and open without a workspace', async (path, testId) => {
    const app = await renderApp({ path, api: accountApi({ workspace: null }), storage: { accessToken: 'tok' } });
    expect(await screen.findByTestId(testId)).toBeTruthy();
    expect(app.location()).toBe(path);
    expect(screen.queryByTestId('main-layout')).toBeNull();
  });

  it('signs out from an outcome page', async () => {
    const app = await renderApp({ path: '/workspace/tokenExpired', api: accountApi({ workspace: null }), storage: { accessToken: 'tok' } });
    await screen.findByTestId('token-expired-page', {}, { timeout: 5000 });
    await userEvent.setup().click(screen.getByTestId('outcome-sign-out'));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(app.storage.get('accessToken')).toBeNull();
  });
});
