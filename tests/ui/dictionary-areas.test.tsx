/**
 * The dictionary loads by area (src/i18n/areas.ts): a language brings only its boot areas, and a
 * screen brings its own before it renders, for every loaded language. Runs the real app on fake
 * services with the app's loader (not the whole dictionary the other view tests load).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dictionaryVersion, loadAreas, loadLocaleByAreas } from '../../src/i18n/areas';
import { loadedLocales } from '../../src/i18n/i18n-util';
import { accountApi } from './fake-account';
import { renderApp } from './harness';
import { chooseItem } from './menu-helpers';

const areasOf = (locale: 'en' | 'ar' | 'zh-CN') => Object.keys(loadedLocales[locale] ?? {}).sort();

// One sequence: the loader keeps which areas were asked for, as it does in a page's lifetime.
describe('dictionary by area', () => {
  it('loads a language with its boot areas only', async () => {
    const before = dictionaryVersion();
    await loadLocaleByAreas('zh-CN');
    expect(areasOf('zh-CN')).toEqual(['auth', 'common', 'layout', 'pages']);
    expect(dictionaryVersion()).toBeGreaterThan(before);
  });

  it('adds an asked-for area to every loaded language, once', async () => {
    await loadAreas(['intro']);
    expect(areasOf('zh-CN')).toContain('intro');
    const version = dictionaryVersion();
    await loadAreas(['intro']);
    expect(dictionaryVersion()).toBe(version);
  });

  it('brings the home and team texts with the home page and the layout, and keeps them across a language switch', async () => {
    await renderApp({ path: '/v2/home', api: accountApi(), storage: { accessToken: 'tok' }, loadLocale: loadLocaleByAreas });
    const home = await screen.findByTestId('home-page', {}, { timeout: 5000 });
    expect(within(home).getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Acme Support');
    expect(screen.getByTestId('member-selector-invite').textContent).toBe('Invite members');
    expect(areasOf('en')).toEqual(expect.arrayContaining(['home', 'team', 'intro']));
    expect(areasOf('en')).not.toContain('onboarding');

    const user = userEvent.setup();
    await user.click(screen.getByTestId('user-menu-trigger'));
    await chooseItem(user, 'language-ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(within(screen.getByTestId('home-page')).getByRole('heading', { level: 1 }).textContent).toBe('مرحبًا بك في Acme Support');
    expect(screen.getByTestId('member-selector-invite').textContent).toBe('دعوة أعضاء');
    expect(areasOf('ar')).toEqual(expect.arrayContaining(['home', 'team', 'intro', 'pages']));
  });
});
