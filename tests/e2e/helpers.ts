import { expect, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

/**
 * The first-run guidance (install the extension) opens by itself a few seconds into a session in a
 * browser without the extension, over whatever screen is showing. Journeys that are not about it
 * answer Not Now whenever it appears, as a person would, so it never takes a click meant for the
 * screen underneath.
 */
export async function dismissGuidanceWhenShown(page: Page) {
  await page.addLocatorHandler(page.getByTestId('first-run-guide'), async (guide) => {
    await guide.getByRole('button', { name: /not now/i }).click();
    await expect(guide).toBeHidden();
  });
}

/** Signs up through the UI with the emailed code; ends on the confirmed page. */
export async function signUp(page: Page, email: string, password: string) {
  await page.goto(app('/signup'));
  await expect(page.getByTestId('signup-page')).toBeVisible();
  await expectAccessible(page, 'sign-up');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill(password);
  await page.getByTestId('signup-confirm').fill(password);
  await page.getByTestId('signup-submit').click();
  const code = await mailCode(email);
  await expect(page.getByTestId('signup-code')).toBeVisible();
  await expectAccessible(page, 'sign-up code');
  await page.getByTestId('signup-code').fill(code);
  await page.getByTestId('signup-verify').click();
  await expect(page).toHaveURL(/\/crm\/confirmed/);
  await expect(page.getByTestId('confirmed-page')).toBeVisible();
  await expectAccessible(page, 'confirmed');
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto(app('/login'));
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expectAccessible(page, 'login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A new user is sent to /workspace by the gate; creating one lands on home. */
export async function createWorkspace(page: Page, name: string) {
  await expect(page).toHaveURL(/\/crm\/workspace/);
  await expect(page.getByTestId('workspace-name')).toBeVisible();
  await expectAccessible(page, 'create workspace');
  await page.getByTestId('workspace-name').fill(name);
  await page.getByTestId('workspace-create').click();
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expectAccessible(page, 'home');
}

/** Opens the user menu and waits until it has finished opening (a click during its opening animation can be lost). */
export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByTestId('user-menu-sign-out')).toBeVisible();
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
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

/** What axe reports for one violated rule (the part the failure message lists). */
type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string; summary: string }[] };

const axeSource = readFileSync(fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8');

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the page as it is now and fails on any serious or
 * critical violation, naming the rule, the elements and why. axe is evaluated through the
 * DevTools protocol rather than `addScriptTag`: the app page's strict Content-Security-Policy
 * refuses inline scripts, and the journeys must not switch CSP off. Wait for the screen's content
 * before calling it.
 */
export async function expectAccessible(page: Page, label: string) {
  await page.waitForLoadState('load');
  // Colours are read from the painted styles: wait for fonts, and for opening animations (a menu
  // fading in) to end, so a half-transparent frame is not mistaken for low contrast.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ') })),
    }));
  });
  const blocking = (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target} — ${n.summary}`).join('\n')}`)
    .join('\n');
  expect(blocking, `axe on "${label}" (${page.url()}):\n${report}`).toEqual([]);
}

/** The demo team's admin (the demo data is seeded for e2e) hands out the team's public invitation link. */
export async function demoTeamLink(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin@demo.test', 'demo-admin-pass');
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
  await page.goto(app('/settings/workspace-members'));
  await page.getByTestId('members-invite').click();
  await page.getByTestId('invite-tab-link').click();
  const url = page.getByTestId('invite-link-url');
  if ((await url.count()) === 0 || (await url.inputValue()) === '') await page.getByTestId('invite-link-generate').click();
  await expect.poll(() => page.getByTestId('invite-link-url').inputValue()).toContain('invite_token=');
  const link = await page.getByTestId('invite-link-url').inputValue();
  await context.close();
  return link;
}
