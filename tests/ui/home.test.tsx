/** The home page's SPEC §2 content, and the standalone intro page. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guideSteps } from '../../src/ui/screens/home/home-content';
import { adminUser, memberUser, members } from '../support/fixtures';
import { okResult } from './harness';
import { accountApi } from './fake-account';
import { renderApp } from './harness';

describe('home page', () => {
  it('shows the guide with what is done, the bulletin, FAQ links, quick actions and the template centre for admins', async () => {
    await renderApp({
      path: '/v2/home',
      api: accountApi({ user: adminUser }),
      storage: { accessToken: 'tok', extensionId: 'lbbmbjlnmlmgipbkhjejnbbcmhbklhlp' },
    });
    await screen.findByTestId('home-page');
    expect(screen.getByTestId('guide-step-createWorkspace').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('guide-step-installExtension').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('guide-step-inviteEmployees').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('home-guide').textContent).toContain('3 of 3 steps done');
    expect(screen.getByTestId('home-bulletin').textContent).toContain('After November 11, 2024');
    const faq = within(screen.getByTestId('home-faq')).getAllByRole('link');
    expect(faq.map((a) => a.getAttribute('href'))).toEqual([
      '/crm/intro#faq-what',
      '/crm/intro#faq-extension',
      '/crm/intro#faq-roles',
      '/crm/intro#faq-languages',
    ]);
    expect(screen.getByTestId('quick-action-changePassword').getAttribute('href')).toBe('/crm/change-password');
    expect(screen.getByTestId('home-template-centre').textContent).toContain('Team template centre');
  });

  it('marks steps not done from what is known', async () => {
    await renderApp({ path: '/v2/home', api: accountApi({ user: memberUser, members: [] }), storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    expect(screen.getByTestId('guide-step-installExtension').getAttribute('data-done')).toBe('false');
    expect(screen.getByTestId('guide-step-inviteEmployees').getAttribute('data-done')).toBe('false');
    expect(screen.getByTestId('home-guide').textContent).toContain('1 of 3 steps done');
    expect(screen.queryByTestId('home-template-centre')).toBeNull();
  });

  it('follows the account actor: a refresh after someone joined marks the invite step done', async () => {
    const api = accountApi({ user: adminUser, members: [] });
    const app = await renderApp({ path: '/v2/home', api, storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    expect(screen.getByTestId('guide-step-inviteEmployees').getAttribute('data-done')).toBe('false');
    api.handlers.workspaceList = () => okResult({ members });
    // What a team flow's effect does after an invitation, a join, a removal or a role change.
    await act(async () => app.shell.actors.account.send({ type: 'account.refresh' }));
    await waitFor(() => expect(screen.getByTestId('guide-step-inviteEmployees').getAttribute('data-done')).toBe('true'));
    expect(api.calls.filter((c) => c.name === 'workspaceList')).toHaveLength(2);
  });

  it('derives the steps from the facts', () => {
    expect(guideSteps({ workspaceName: ' ', extensionKnown: false, memberCount: 1 }).map((s) => s.done)).toEqual([false, false, false]);
    expect(guideSteps({ workspaceName: 'A', extensionKnown: true, memberCount: 2 }).map((s) => s.done)).toEqual([true, true, true]);
  });
});

describe('intro page', () => {
  it('introduces the product, answers the FAQ and links to sign-in and sign-up', async () => {
    await renderApp({ path: '/intro#faq-roles' });
    const page = await screen.findByTestId('intro-page');
    expect(page.querySelector('#faq-roles')?.textContent).toContain('What can admins, managers and members see?');
    expect(screen.getByTestId('intro-sign-in').getAttribute('href')).toBe('/crm/login');
    expect(screen.getByTestId('intro-sign-up').getAttribute('href')).toBe('/crm/signup');
  });
});
