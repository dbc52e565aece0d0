import { expect, test } from '@playwright/test';
import { app, createWorkspace, expectAccessible, freshUserOnHome, mailCode, openUserMenu, signIn, signOut, signUp, uniqueEmail } from './helpers';

test('sign up with the emailed code, create a workspace, sign in again and land on home', async ({ page }) => {
  const email = uniqueEmail('signup');
  await signUp(page, email, 'sign-up-pass-1');
  await page.getByTestId('confirmed-continue').click();
  await createWorkspace(page, 'Signup team');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await signOut(page);
  await signIn(page, email, 'sign-up-pass-1');
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('a wrong password is refused with the SPEC message', async ({ page }) => {
  const { email } = await freshUserOnHome(page, 'wrongpw');
  await signOut(page);
  await signIn(page, email, 'not-the-password');
  await expect(page.getByTestId('form-error')).toContainText('No active account found with the given credentials');
  await expect(page).toHaveURL(/\/crm\/login/);
  await expectAccessible(page, 'login with a refusal');
});

test('sign out, then a protected path sends the browser to login', async ({ page }) => {
  await freshUserOnHome(page, 'signout');
  await signOut(page);
  await page.goto(app('/v2/home'));
  await expect(page).toHaveURL(/\/crm\/login/);
  await expect(page.getByTestId('login-email')).toBeVisible();
  await expectAccessible(page, 'login after a protected path');
});

test('reset a forgotten password with the emailed code and sign in with the new one', async ({ page }) => {
  const { email } = await freshUserOnHome(page, 'reset', 'old-pass-1234');
  await signOut(page);
  const signupCode = await mailCode(email);
  await page.goto(app('/reset-password'));
  await expect(page.getByTestId('reset-page')).toBeVisible();
  await expectAccessible(page, 'reset password');
  await page.getByTestId('reset-email').fill(email);
  await page.getByTestId('reset-request').click();
  const code = await mailCode(email, signupCode);
  await expect(page.getByTestId('reset-code')).toBeVisible();
  await expectAccessible(page, 'reset password code');
  await page.getByTestId('reset-code').fill(code);
  await page.getByTestId('reset-password').fill('new-pass-5678');
  await page.getByTestId('reset-confirm').fill('new-pass-5678');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await expectAccessible(page, 'reset password done');
  await signIn(page, email, 'old-pass-1234');
  await expect(page.getByTestId('form-error')).toBeVisible();
  await signIn(page, email, 'new-pass-5678');
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
});

test('change password, then only the new one signs in', async ({ page }) => {
  const { email } = await freshUserOnHome(page, 'change', 'before-pass-1');
  await openUserMenu(page);
  await page.getByTestId('user-menu-change-password').click();
  await expect(page).toHaveURL(/\/crm\/change-password/);
  await expect(page.getByTestId('change-page')).toBeVisible();
  await expectAccessible(page, 'change password');
  await page.getByTestId('change-old').fill('before-pass-1');
  await page.getByTestId('change-new').fill('after-pass-22');
  await page.getByTestId('change-confirm').fill('after-pass-22');
  await page.getByTestId('change-submit').click();
  await expect(page.getByTestId('change-done')).toBeVisible();
  await expectAccessible(page, 'change password done');
  await signOut(page);
  await signIn(page, email, 'before-pass-1');
  await expect(page.getByTestId('form-error')).toBeVisible();
  await signIn(page, email, 'after-pass-22');
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
});

test('switch to Arabic (right to left) and to Chinese; the choice is kept after reload', async ({ page }) => {
  await freshUserOnHome(page, 'lang');
  await openUserMenu(page);
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('home-page')).toContainText(/[\u0600-\u06FF]/);
  await expectAccessible(page, 'home in Arabic');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('home-page')).toContainText(/[\u0600-\u06FF]/);
  await openUserMenu(page);
  await page.getByTestId('language-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('home-page')).toContainText(/[\u4e00-\u9fff]/);
  await expectAccessible(page, 'home in Chinese');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('home-page')).toContainText(/[\u4e00-\u9fff]/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto(app('/no/such/place'));
  await expect(page).toHaveURL(/\/crm\/404/);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expectAccessible(page, '404');
});
