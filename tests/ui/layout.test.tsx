/**
 * The main layout: side menu, user menu (languages, change password, recording, sign out),
 * the member selector's visibility and permission, and right-to-left Arabic.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor as waitForActor } from 'xstate';
import { createRecorder } from '../../src/services/recorder';
import { AppActorsProvider } from '../../src/ui/app-actors';
import { I18nProvider } from '../../src/ui/i18n-provider';
import { MainLayout } from '../../src/ui/layout/main-layout';
import { menuEntriesFor, route, showsMemberSelector, type RouteEntry } from '../../src/ui/route-entry';
import { routeTable } from '../../src/ui/route-table';
import { adminUser, memberUser } from '../support/fixtures';
import { accountApi } from './fake-account';
import { chooseItem } from './menu-helpers';
import { BASENAME, createTestShell, renderApp } from './harness';

// jsdom has no Element.scrollTo; Ark's select scrolls its list to the chosen item.
if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;

afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

/**
 * Ark keeps a document-wide stack of open layers: a test must not end with its menu open, or the
 * next test's menu is not the top layer. Closes it with Escape when needed.
 */
const expectMenuClosed = async (user: ReturnType<typeof userEvent.setup>) => {
  const trigger = screen.getByTestId('user-menu-trigger');
  if (trigger.getAttribute('aria-expanded') === 'true') await user.keyboard('{Escape}');
  await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('false'));
};

const openUserMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByTestId('user-menu-trigger'));
  return screen.findByTestId('user-menu-sign-out');
};

describe('user menu', () => {
  it('offers the three languages, each named in its own script, and the account actions', async () => {
    await renderApp({ path: '/v2/home', api: accountApi(), storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    const user = userEvent.setup();
    await openUserMenu(user);
    expect(screen.getByTestId('language-en').textContent).toContain('English');
    expect(screen.getByTestId('language-zh-CN').textContent).toContain('简体中文');
    expect(screen.getByTestId('language-ar').textContent).toContain('العربية');
    expect(screen.getByTestId('language-en').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('user-menu-change-password').textContent).toBe('Change password');
    expect(screen.queryByTestId('user-menu-download-recording')).toBeNull();
    await expectMenuClosed(user);
  });

  it('switches to Arabic: dir="rtl" on <html>, Arabic text everywhere, the choice kept and saved', async () => {
    const app = await renderApp({ path: '/v2/home', api: accountApi(), storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    const user = userEvent.setup();
    await openUserMenu(user);
    await chooseItem(user, 'language-ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    const home = screen.getByTestId('home-page');
    expect(within(home).getByRole('heading', { level: 1 }).textContent).toBe('مرحبًا بك في Acme Support');
    expect(screen.getByTestId('menu-home').textContent).toBe('الرئيسية');
    expect(app.storage.get('language')).toBe('ar');
    await waitFor(() => expect(app.api.calls.find((c) => c.name === 'userSetting')?.body).toEqual({ language: 'ar' }));
    await expectMenuClosed(user);
  });

  it('switches to Chinese and back to English', async () => {
    await renderApp({ path: '/v2/home', api: accountApi(), storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    const user = userEvent.setup();
    await openUserMenu(user);
    await chooseItem(user, 'language-zh-CN');
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByTestId('home-guide').textContent).toContain('快速上手');
    await openUserMenu(user);
    await chooseItem(user, 'language-en');
    await waitFor(() => expect(screen.getByTestId('home-guide').textContent).toContain('Get started'));
    await expectMenuClosed(user);
  });

  it('starts in the stored language', async () => {
    await renderApp({ path: '/v2/home', api: accountApi(), storage: { accessToken: 'tok', language: 'ar' } });
    await screen.findByTestId('home-page');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByTestId('home-bulletin').textContent).toContain('إشعار بتحديث قادم');
  });

  it('opens the change-password page inside the layout', async () => {
    const app = await renderApp({ path: '/v2/home', api: accountApi(), storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    const user = userEvent.setup();
    await openUserMenu(user);
    await chooseItem(user, 'user-menu-change-password');
    // The route module loads first (lazy), then the location changes.
    await waitFor(() => expect(app.location()).toBe('/change-password'), { timeout: 5000 });
    expect(await screen.findByTestId('change-old')).toBeTruthy();
    expect(screen.getByTestId('main-layout')).toBeTruthy();
    await expectMenuClosed(user);
  });

  it('offers the recording download only when recording, and downloads it', async () => {
    const recorder = createRecorder();
    const download = vi.spyOn(recorder, 'download').mockImplementation(() => undefined);
    await renderApp({ path: '/v2/home', api: accountApi(), storage: { accessToken: 'tok' }, recorder });
    await screen.findByTestId('home-page');
    const user = userEvent.setup();
    await openUserMenu(user);
    await chooseItem(user, 'user-menu-download-recording');
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    await expectMenuClosed(user);
  });
});

describe('side menu', () => {
  it('lists Home, marked as the current page', async () => {
    await renderApp({ path: '/v2/home', api: accountApi(), storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    const home = screen.getByTestId('menu-home');
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(home.getAttribute('href')).toBe('/crm/v2/home');
    const links = within(screen.getByTestId('side-menu')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('data-testid'))).toEqual(menuEntriesFor('admin', routeTable).map((e) => `menu-${e.label}`));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/crm/v2/home', '/crm/pipeline', '/crm/contacts', '/crm/tags', '/crm/conversation', '/crm/analytics', '/crm/integration-center', '/crm/template-center', '/crm/settings/workspace-members', '/crm/settings/product-events']);
  });

  it('collapses behind a menu button on narrow screens', async () => {
    await renderApp({ path: '/v2/home', api: accountApi(), storage: { accessToken: 'tok' } });
    await screen.findByTestId('home-page');
    const toggle = screen.getByTestId('side-menu-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('side-menu')?.getAttribute('data-open')).toBe('true');
  });
});

const stub = () => Promise.resolve({ Stub: () => null });
/** The app's table (its admin-only template centre among them) plus later screens: a conversation screen without the selector and a hidden entry. */
const laterTable: readonly RouteEntry[] = [
  ...routeTable,
  route({ path: '/conversation/:chatId?', load: stub, screen: 'Stub', layout: 'main', access: 'workspace', memberSelector: false, menu: { label: 'home', icon: 'home', order: 15 } }),
  route({ path: '/invite-link/:id', load: stub, screen: 'Stub', layout: 'main', access: 'workspace', menu: { label: 'members', icon: 'members', order: 5, hidden: true } }),
];

describe('route table: menu and header', () => {
  it('orders the menu, leaves out hidden entries and those the role may not open', () => {
    expect(menuEntriesFor('admin', laterTable).map((e) => e.path)).toEqual(['/v2/home', '/conversation/:chatId?', '/pipeline', '/contacts', '/tags', '/conversation', '/analytics', '/integration-center', '/template-center', '/settings/workspace-members', '/settings/product-events']);
    expect(menuEntriesFor('member', laterTable).map((e) => e.path)).toEqual(['/v2/home', '/conversation/:chatId?', '/pipeline', '/contacts', '/tags', '/conversation', '/analytics', '/integration-center', '/settings/workspace-members']);
  });

  it('says where the member selector shows', () => {
    expect(showsMemberSelector('/settings/workspace-members', routeTable)).toBe(false);
    expect(showsMemberSelector('/v2/home', routeTable)).toBe(true);
    expect(showsMemberSelector('/conversation/chat-1', laterTable)).toBe(false);
    expect(showsMemberSelector('/conversation', laterTable)).toBe(false);
    expect(showsMemberSelector('/conversationz', laterTable)).toBe(true);
    // SPEC §2: the conversations screen chooses its member inside; the standalone chat views have no header.
    expect(showsMemberSelector('/conversation', routeTable)).toBe(false);
    expect(showsMemberSelector('/conversations', routeTable)).toBe(false);
  });
});

/** The real layout under a test route table holding the paths of later screens. */
async function renderLayoutAt(path: string, user = adminUser) {
  const { shell, storage } = await createTestShell({ api: accountApi({ user }), storage: { accessToken: 'tok' } });
  shell.actors.gate.send({ type: 'router.navigate', pathname: '/v2/home', search: '' });
  await waitForActor(shell.actors.gate, (s) => s.hasTag('ready'));
  await waitForActor(shell.actors.selectedMember, (s) => s.hasTag('ready'));
  const router = createMemoryRouter(
    [
      {
        element: <MainLayout table={laterTable} />,
        children: ['/v2/home', '/settings/workspace-members', '/conversation', '/conversation/chat-1'].map((p) => ({
          path: p,
          element: <p data-testid="screen">{p}</p>,
        })),
      },
    ],
    { basename: BASENAME, initialEntries: [`${BASENAME}${path}`] },
  );
  render(
    <AppActorsProvider shell={shell}>
      <I18nProvider language={shell.actors.language}>
        <RouterProvider router={router} />
      </I18nProvider>
    </AppActorsProvider>,
  );
  await screen.findByTestId('screen');
  return { shell, storage, router };
}

describe('member selector', () => {
  it('is hidden on the workspace-members and conversation screens only', async () => {
    const { router } = await renderLayoutAt('/settings/workspace-members');
    expect(screen.queryByTestId('member-selector')).toBeNull();
    expect(screen.getByTestId('user-menu-trigger')).toBeTruthy();
    await router.navigate('/conversation');
    await waitFor(() => expect(screen.getByTestId('screen').textContent).toBe('/conversation'));
    expect(screen.queryByTestId('member-selector')).toBeNull();
    await router.navigate('/v2/home');
    expect(await screen.findByTestId('member-selector')).toBeTruthy();
  });

  it('is disabled for members (no memberSelect.query permission)', async () => {
    await renderLayoutAt('/v2/home', memberUser);
    const trigger = screen.getByTestId('member-selector');
    expect(trigger.hasAttribute('disabled')).toBe(true);
    // The name is the member's own text, isolated inside the label.
    expect(trigger.textContent).toContain('\u2068Mia Member\u2069 (me)');
  });

  it('lets an admin pick another member, which the selected-member machine keeps', async () => {
    const { shell, storage } = await renderLayoutAt('/v2/home', adminUser);
    const trigger = screen.getByTestId('member-selector');
    expect(trigger.hasAttribute('disabled')).toBe(false);
    expect(trigger.textContent).toContain('\u2068Ada Admin\u2069 (me)');
    const user = userEvent.setup();
    await user.click(trigger);
    await user.click(await screen.findByTestId('member-option-u-other'));
    await waitFor(() => expect(shell.actors.selectedMember.getSnapshot().context.selectedId).toBe('u-other'));
    expect(storage.get('selectedMember')).toBe('u-other');
    await waitFor(() => expect(screen.getByTestId('member-selector').textContent).toContain('Oli Other'));
  });
});
