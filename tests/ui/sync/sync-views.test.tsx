/**
 * The sync views in the real app on fake services: the first-run guidance and the sync-button mask
 * in the main layout (SPEC §2 Dialogs), the pipeline's Sync button with its spinner and notices
 * (SPEC §4 Chat sync flow, §8 messages), Start chat from a lead card, and the extension's sign-in
 * page (/eclient/auth) in English, Chinese and Arabic.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// jsdom has no Element.scrollTo; Ark's menus and the virtual list call it.
if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
import { Code } from '../../../src/contract/codes';
import { leadOf } from '../../support/lead-fixtures';
import { failResult, okResult } from '../harness';
import { chooseItem } from '../menu-helpers';
import { renderSyncWorld } from './render-sync';
import { syncReply } from '../../support/sync-fixtures';

afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('first-run guidance', () => {
  it('shows step 0 to a member without the extension; Not Now hides it for good and, with synced chats, the mask offers Sync Now', async () => {
    const user = userEvent.setup();
    const world = await renderSyncWorld({ path: '/v2/home', syncedChatCount: 5 });
    const guide = await screen.findByTestId('first-run-guide', {}, { timeout: 4000 });
    expect(guide.getAttribute('role')).toBe('dialog');
    expect(guide.getAttribute('data-step')).toBe('0');
    expect(within(guide).getByRole('heading').textContent).toBe('Install the Chat CRM extension');
    const install = within(guide).getByTestId('guide-install');
    expect(install.getAttribute('href')).toMatch(/^https:\/\/chromewebstore\.google\.com\/detail\/[a-p]{32}$/);
    expect(install.getAttribute('target')).toBe('_blank');
    // The workspace stays usable: the guidance is not modal.
    expect(guide.getAttribute('aria-modal')).toBe('false');
    await user.click(within(guide).getByTestId('guide-not-now'));
    await waitFor(() => expect(screen.queryByTestId('first-run-guide')).toBeNull());
    expect(world.storage.get('extensionConfig')).toEqual({ chatServiceId: null });
    const mask = await screen.findByTestId('sync-mask');
    expect(within(mask).getByRole('heading').textContent).toBe('No leads found');
    // In the main content's flow, not a layer over the screen's controls.
    expect(mask.closest('main')?.id).toBe('main-content');
    // Escape inside the mask closes it, like Close.
    within(mask).getByTestId('sync-mask-sync-now').focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('sync-mask')).toBeNull());
  });

  it('Not Now for a member who has leads shows no mask, even with synced chats (SPEC §4 lead-count rule)', async () => {
    const user = userEvent.setup();
    await renderSyncWorld({ path: '/v2/home', syncedChatCount: 5, leads: [leadOf('l1'), leadOf('l2')] });
    const guide = await screen.findByTestId('first-run-guide', {}, { timeout: 4000 });
    await user.click(within(guide).getByTestId('guide-not-now'));
    await waitFor(() => expect(screen.queryByTestId('first-run-guide')).toBeNull());
    // Long enough for the lead count and the sync status to have been answered.
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.queryByTestId('sync-mask')).toBeNull();
  });

  it('moves through its steps and closes by itself when the extension answers, in Arabic (right to left)', async () => {
    const user = userEvent.setup();
    const world = await renderSyncWorld({ path: '/v2/home', browserLanguages: ['ar'] });
    const guide = await screen.findByTestId('first-run-guide', {}, { timeout: 4000 });
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(guide).getByRole('heading').textContent).toBe('ثبّت امتداد Chat CRM');
    await user.click(within(guide).getByTestId('guide-install'));
    expect(guide.getAttribute('data-step')).toBe('1');
    await user.click(within(guide).getByTestId('guide-installed'));
    expect(guide.getAttribute('data-step')).toBe('2');
    expect(within(guide).getByRole('heading').textContent).toBe('جارٍ البحث عن الامتداد…');
    expect(within(guide).getByRole('status').textContent).toContain('نتحقق من أن الامتداد مثبّت ومفعّل');
    // The extension is installed: the next poll reaches it.
    world.extension.setHandler('fetchLoginInfo', () => ({ isLogin: false, isOpenWhatsapp: true }));
    await waitFor(() => expect(screen.queryByTestId('first-run-guide')).toBeNull(), { timeout: 3000 });
    expect(world.storage.get('extensionConfig')).toEqual({ chatServiceId: null });
  });

  it('opens nothing when the browser knows the extension', async () => {
    const world = await renderSyncWorld({ path: '/v2/home', storage: { extensionId: 'kfbkmhobnmhebibkgfcgbjjkmkmmdmcn' } });
    await screen.findByTestId('home-page');
    await waitFor(() => expect(world.api.calls.some((c) => c.name === 'guideType')).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 1200)));
    expect(screen.queryByTestId('first-run-guide')).toBeNull();
    expect(world.extension.sent).toEqual([]);
  });

  it('opens no first-run guidance for the payment-issue guide type (13): the survey opens instead', async () => {
    const world = await renderSyncWorld({ path: '/v2/home', guideType: 13 });
    await screen.findByTestId('home-page');
    await waitFor(() => expect(world.api.calls.some((c) => c.name === 'guideType')).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 1200)));
    expect(screen.queryByTestId('first-run-guide')).toBeNull();
    expect(world.extension.sent).toEqual([]);
  });
});

describe('the pipeline Sync button', () => {
  it('without the extension: the leads reload and the notice says the extension is needed, with the store link', async () => {
    const user = userEvent.setup();
    const world = await renderSyncWorld({ path: '/pipeline', storage: { extensionId: 'kfbkmhobnmhebibkgfcgbjjkmkmmdmcn' }, leads: [leadOf('l1', { phone: '+1 646 100 0042' })] });
    const button = await screen.findByTestId('sync-button', {}, { timeout: 4000 });
    expect(button.textContent).toBe('Sync');
    const listsBefore = world.api.calls.filter((c) => c.name === 'memberLeadsList').length;
    await user.click(button);
    const notice = await screen.findByTestId('pipeline-needs-extension');
    expect(notice.getAttribute('data-kind')).toBe('noExtension');
    expect(within(notice).getByTestId('sync-notice-install').getAttribute('target')).toBe('_blank');
    await waitFor(() => expect(world.api.calls.filter((c) => c.name === 'memberLeadsList').length).toBeGreaterThan(listsBefore));
    await user.click(within(notice).getByTestId('sync-notice-dismiss'));
    expect(screen.queryByTestId('pipeline-needs-extension')).toBeNull();
  });

  it('with the extension: the spinner runs while the sync polls, then the notice says the chats are synced (Chinese)', async () => {
    const user = userEvent.setup();
    let polls = 0;
    await renderSyncWorld({
      path: '/pipeline',
      browserLanguages: ['zh-CN'],
      storage: { extensionId: 'kfbkmhobnmhebibkgfcgbjjkmkmmdmcn' },
      leads: [leadOf('l1')],
      extension: {
        fetchLoginInfo: () => ({ isWhatsappLogin: true, isLogin: true, isOpenWhatsapp: true }),
        fetchChatsSync: () => syncReply(),
        fetchChatsSyncInfo: () => syncReply({ chatSyncFirstBatchFinished: ++polls >= 1 }),
        activateChatWebTab: () => ({ ok: true }),
      },
    });
    const button = await screen.findByTestId('sync-button', {}, { timeout: 4000 });
    expect(button.textContent).toBe('同步');
    await user.click(button);
    await waitFor(() => expect(button.getAttribute('data-state')).toBe('syncing'));
    expect(button.textContent).toBe('同步中…');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const notice = await screen.findByTestId('sync-notice', {}, { timeout: 3000 });
    expect(notice.getAttribute('data-kind')).toBe('synced');
    expect(notice.textContent).toContain('聊天已同步');
    expect(button.getAttribute('data-state')).toBe('idle');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('the CRM extension signed in as someone else: the SPEC §8 error with the way to connect it', async () => {
    const user = userEvent.setup();
    await renderSyncWorld({
      path: '/pipeline',
      storage: { extensionId: 'kfbkmhobnmhebibkgfcgbjjkmkmmdmcn' },
      leads: [leadOf('l1')],
      extension: { fetchLoginInfo: () => ({ isWhatsappLogin: true, isLogin: false }) },
    });
    await user.click(await screen.findByTestId('sync-button', {}, { timeout: 4000 }));
    const notice = await screen.findByTestId('sync-notice');
    expect(notice.textContent).toContain('Please login Chat CRM Extension with the same Account to access your data.');
    expect(within(notice).getByTestId('sync-notice-connect').getAttribute('href')).toBe('/crm/eclient/auth');
  });
});

describe('Start chat', () => {
  // jsdom has no layout: the lead panel's virtual list gets a 400px viewport to show its cards.
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-virtual-scroller') ? 400 : 0;
      },
    });
  });
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  });

  it("Start chat on a lead card asks the extension with the lead's phone; without it, the notice says it is needed", async () => {
    const user = userEvent.setup();
    const world = await renderSyncWorld({ path: '/pipeline', storage: { extensionId: 'kfbkmhobnmhebibkgfcgbjjkmkmmdmcn' }, leads: [leadOf('l1', { phone: '+1 646 100 0042' })] });
    await user.click(await screen.findByTestId('lead-actions-l1', {}, { timeout: 4000 }));
    await screen.findByTestId('lead-action-start-chat');
    await chooseItem(user, 'lead-action-start-chat');
    // The notice follows the extension's silence (the bridge's wait for an answer), past findBy's default second.
    const notice = await screen.findByTestId('chat-notice', {}, { timeout: 4000 });
    expect(notice.getAttribute('data-kind')).toBe('noExtension');
    expect(world.extension.sent.at(-1)).toEqual({ sender: 'crm-web', target: 'background', type: 'startChat', payload: { phone: '+1 646 100 0042' } });
  });
});

describe('/eclient/auth', () => {
  const grant = { accessToken: 'ext-a', refreshToken: 'ext-r-0123456789abcdef', expiresIn: 900, userId: 'u-member', email: 'member@example.test', workspaceId: 'w1' };

  it('hands the grant to the extension and says it is connected', async () => {
    const world = await renderSyncWorld({
      path: '/eclient/auth',
      extension: { findConfigInfo: () => ({ chatServiceId: null }), eclientAuth: () => ({ ok: true }) },
      extra: { eclientGrant: () => okResult(grant) },
    });
    const connected = await screen.findByTestId('eclient-auth-connected', {}, { timeout: 4000 });
    expect(connected.textContent).toContain('The extension is connected as member@example.test. You can close this tab.');
    expect(world.extension.sent.find((m) => m.type === 'eclientAuth')?.payload).toEqual(grant);
  });

  it('without the extension says how to install it (Chinese)', async () => {
    await renderSyncWorld({ path: '/eclient/auth', browserLanguages: ['zh-CN'] });
    const page = await screen.findByTestId('eclient-auth-page', {}, { timeout: 4000 });
    await waitFor(() => expect(page.getAttribute('data-state')).toBe('noExtension'));
    expect(page.textContent).toContain('此浏览器中未安装扩展');
    expect(within(page).getByTestId('eclient-auth-install').getAttribute('target')).toBe('_blank');
  });

  it('shows a refused grant with the server message and offers a retry', async () => {
    await renderSyncWorld({
      path: '/eclient/auth',
      extension: { findConfigInfo: () => ({ chatServiceId: null }) },
      extra: { eclientGrant: () => failResult(Code.NO_WORKSPACE, 'You have no workspace yet') },
    });
    const error = await screen.findByTestId('eclient-auth-error', {}, { timeout: 4000 });
    expect(error.textContent).toContain('The extension could not be connected: You have no workspace yet');
    expect(screen.getByTestId('eclient-auth-retry')).toBeTruthy();
  });

  it('without a session offers sign-in, which comes back to the page', async () => {
    const user = userEvent.setup();
    const world = await renderSyncWorld({ path: '/eclient/auth', storage: { accessToken: '' } });
    await user.click(await screen.findByTestId('eclient-auth-sign-in', {}, { timeout: 4000 }));
    await waitFor(() => expect(world.location()).toBe('/login?redirect=%2Feclient%2Fauth'));
  });
});
