/**
 * The dictionary loads by area (src/i18n/areas.ts): a language brings only its boot areas, and a
 * screen brings its own before it renders, for every loaded language. Runs the real app on fake
 * services with the app's loader (not the whole dictionary the other view tests load).
 *
 * The loader keeps which areas were asked for and which dictionaries are loaded for a page's
 * lifetime, so every test starts from fresh modules (a fresh page): they pass in any order.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

/** A fresh page: the dictionary loader and the dictionaries with nothing loaded yet. */
const freshPage = async () => {
  vi.resetModules();
  const areas = await import('../../src/i18n/areas');
  const { loadedLocales } = await import('../../src/i18n/i18n-util');
  const areasOf = (locale: 'en' | 'ar' | 'zh-CN') => Object.keys(loadedLocales[locale] ?? {}).sort();
  return { ...areas, areasOf };
};

describe('dictionary by area', () => {
  it('loads a language with its boot areas only', async () => {
    const { dictionaryVersion, loadLocaleByAreas, areasOf } = await freshPage();
    expect(areasOf('zh-CN')).toEqual([]);
    const before = dictionaryVersion();
    await loadLocaleByAreas('zh-CN');
    expect(areasOf('zh-CN')).toEqual(['auth', 'common', 'layout', 'pages']);
    expect(dictionaryVersion()).toBeGreaterThan(before);
  });

  it('adds an asked-for area to every loaded language, once, and to a language loaded later', async () => {
    const { dictionaryVersion, loadAreas, loadLocaleByAreas, areasOf } = await freshPage();
    await loadLocaleByAreas('zh-CN');
    expect(areasOf('zh-CN')).not.toContain('intro');
    await loadAreas(['intro']);
    expect(areasOf('zh-CN')).toContain('intro');
    const version = dictionaryVersion();
    await loadAreas(['intro']);
    expect(dictionaryVersion()).toBe(version);
    await loadLocaleByAreas('ar');
    expect(areasOf('ar')).toEqual(['auth', 'common', 'intro', 'layout', 'pages']);
  });

  it('brings the home and team texts with the home page and the layout, and keeps them across a language switch', async () => {
    const { loadLocaleByAreas, areasOf } = await freshPage();
    const { renderApp } = await import('./harness');
    const { accountApi } = await import('./fake-account');
    const { chooseItem } = await import('./menu-helpers');
    await renderApp({ path: '/v2/home', api: accountApi(), storage: { accessToken: 'tok' }, loadLocale: loadLocaleByAreas });
    const home = await screen.findByTestId('home-page', {}, { timeout: 5000 });
    expect(within(home).getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Acme Support');
    expect(screen.getByTestId('member-selector-invite').textContent).toBe('Invite members');
    // Only what this page shows (the layout's chat-sync parts and its assistant tools menu load their
    // texts beside it): the intro and onboarding screens' areas stay out.
    await waitFor(() => expect(areasOf('en')).toEqual(['assistant', 'auth', 'common', 'home', 'layout', 'pages', 'sync', 'team']));
    expect(areasOf('ar')).toEqual([]);

    const user = userEvent.setup();
    await user.click(screen.getByTestId('user-menu-trigger'));
    await chooseItem(user, 'language-ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(within(screen.getByTestId('home-page')).getByRole('heading', { level: 1 }).textContent).toBe('مرحبًا بك في Acme Support');
    expect(screen.getByTestId('member-selector-invite').textContent).toBe('دعوة أعضاء');
    expect(areasOf('ar')).toEqual(['assistant', 'auth', 'common', 'home', 'layout', 'pages', 'sync', 'team']);
    // A fresh page imports the whole app again.
  }, 30_000);
});
