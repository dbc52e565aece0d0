/**
 * Accessibility in every language (WCAG 2.1 A/AA through axe-core): each public screen, the
 * sign-up code step, the onboarding page, home, members and intro, in English, Simplified Chinese
 * and Arabic (right to left). A screen fails on any serious or critical violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { app, expectAccessible, mailCode, openUserMenu, uniqueEmail } from './helpers';

const languages = [
  { lang: 'en', dir: 'ltr' },
  { lang: 'zh-CN', dir: 'ltr' },
  { lang: 'ar', dir: 'rtl' },
] as const;

async function expectLanguage(page: Page, lang: string, dir: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

for (const { lang, dir } of languages) {
  test(`every screen passes axe in ${lang}`, async ({ page }) => {
    test.setTimeout(120_000);
    // Signed out, the language comes from the stored choice (SPEC §3 storage key `language`).
    await page.goto(app('/login'));
    await page.evaluate((l) => localStorage.setItem('language', l), lang);

    await page.goto(app('/login'));
    await expect(page.getByTestId('login-page')).toBeVisible();
    await expectLanguage(page, lang, dir);
    await expectAccessible(page, `login (${lang})`);

    await page.goto(app('/reset-password'));
    await expect(page.getByTestId('reset-page')).toBeVisible();
    await expectAccessible(page, `reset password (${lang})`);

    await page.goto(app('/intro'));
    await expect(page.getByTestId('intro-page')).toBeVisible();
    await expectAccessible(page, `intro (${lang})`);

    await page.goto(app('/no/such/place'));
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expectAccessible(page, `404 (${lang})`);

    // Sign up: the form, then the code step.
    const email = uniqueEmail(`a11y-${lang}`);
    await page.goto(app('/signup'));
    await expect(page.getByTestId('signup-page')).toBeVisible();
    await expectLanguage(page, lang, dir);
    await expectAccessible(page, `sign-up (${lang})`);
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill('a11y-pass-123');
    await page.getByTestId('signup-confirm').fill('a11y-pass-123');
    await page.getByTestId('signup-submit').click();
    const code = await mailCode(email);
    await expect(page.getByTestId('signup-code')).toBeVisible();
    await expectAccessible(page, `sign-up code (${lang})`);
    await page.getByTestId('signup-code').fill(code);
    await page.getByTestId('signup-verify').click();
    await expect(page.getByTestId('confirmed-page')).toBeVisible();
    await expectAccessible(page, `confirmed (${lang})`);

    // Onboarding, then home and members inside the layout.
    await page.getByTestId('confirmed-continue').click();
    await expect(page).toHaveURL(/\/crm\/workspace/);
    await expect(page.getByTestId('workspace-name')).toBeVisible();
    await expectAccessible(page, `create workspace (${lang})`);
    await page.getByTestId('workspace-name').fill(`A11y ${lang}`);
    await page.getByTestId('workspace-create').click();
    await expect(page).toHaveURL(/\/crm\/v2\/home/);
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expectLanguage(page, lang, dir);
    await expectAccessible(page, `home (${lang})`);

    // The user menu open (its language choices and actions).
    await openUserMenu(page);
    await expect(page.getByTestId(`language-${lang}`)).toBeVisible();
    await expectAccessible(page, `user menu (${lang})`);
    await page.keyboard.press('Escape');

    await page.goto(app('/settings/workspace-members'));
    await expect(page.getByTestId('members-page')).toBeVisible();
    // The server keeps addresses in lower case.
    await expect(page.getByTestId(`member-row-${email.toLowerCase()}`)).toBeVisible();
    await expectAccessible(page, `members (${lang})`);

    await page.goto(app('/change-password'));
    await expect(page.getByTestId('change-page')).toBeVisible();
    await expectAccessible(page, `change password (${lang})`);
  });
}
