import { expect, type Page } from '@playwright/test';
import { lastMailCode } from './server';

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (global setup did not run)');
  return url;
};
export const app = (path: string) => `${baseUrl()}/crm${path}`;

let counter = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${counter++}@e2e.test`;

/** Waits for the server to have printed a code for `email` and returns it. */
export async function mailCode(email: string, previous: string | null = null): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(() => {
      code = lastMailCode(process.env.E2E_SERVER_LOG!, email);
      return code !== null && code !== previous;
    }, { timeout: 15_000 })
    .toBe(true);
  return code!;
}

/** Signs up through the UI with the emailed code; ends on the confirmed page. */
export async function signUp(page: Page, email: string, password: string) {
  await page.goto(app('/signup'));
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill(password);
  await page.getByTestId('signup-confirm').fill(password);
  await page.getByTestId('signup-submit').click();
  const code = await mailCode(email);
  await page.getByTestId('signup-code').fill(code);
  await page.getByTestId('signup-verify').click();
  await expect(page).toHaveURL(/\/crm\/confirmed/);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto(app('/login'));
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A new user is sent to /workspace by the gate; creating one lands on home. */
export async function createWorkspace(page: Page, name: string) {
  await expect(page).toHaveURL(/\/crm\/workspace/);
  await page.getByTestId('workspace-name').fill(name);
  await page.getByTestId('workspace-create').click();
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
}

export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu-trigger').click();
}

export async function signOut(page: Page) {
  await openUserMenu(page);
  await page.getByTestId('user-menu-sign-out').click();
  await expect(page).toHaveURL(/\/crm\/login/);
}

/** A fresh user with a workspace, signed in and on home. */
export async function freshUserOnHome(page: Page, tag: string, password = 'first-pass-123') {
  const email = uniqueEmail(tag);
  await signUp(page, email, password);
  await page.getByTestId('confirmed-continue').click();
  await createWorkspace(page, `${tag} team`);
  return { email, password };
}
