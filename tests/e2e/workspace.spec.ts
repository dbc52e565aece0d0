import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { app, createWorkspace, dismissGuidanceWhenShown, expectAccessible, mailCode, signUp, uniqueEmail } from './helpers';

/** The newest invitation link the server printed for mail to `email`. */
async function mailLink(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(() => {
      const lines = readFileSync(process.env.E2E_SERVER_LOG!, 'utf8').split('\n').filter((l) => l.includes('[mail]') && l.toLowerCase().includes(email.toLowerCase()));
      for (const line of lines.reverse()) {
        const m = /link=(\S+)/.exec(line);
        if (m) { link = m[1]!; return true; }
      }
      return false;
    }, { timeout: 15_000 })
    .toBe(true);
  return link!;
}

const valueOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((e) => (e instanceof HTMLInputElement ? e.value : e.textContent ?? '').trim());

/** A person in their own browser context who signs up (and is then signed in). */
async function person(browser: Browser, tag: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await dismissGuidanceWhenShown(page);
  const email = uniqueEmail(tag);
  await signUp(page, email, `${tag}-password-1`);
  return { page, email, context };
}

async function openMembers(page: Page) {
  await page.goto(app('/settings/workspace-members'));
  await expect(page.getByTestId('members-page')).toBeVisible();
  await expect(page.locator('[data-testid^="member-row-"]').first()).toBeVisible();
  await expectAccessible(page, 'members');
}

async function confirm(page: Page) {
  await expect(page.getByTestId('confirm-ok')).toBeVisible();
  await expectAccessible(page, 'confirmation');
  await page.getByTestId('confirm-ok').click();
}

async function chooseInSelect(page: Page, testId: string, optionText: RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: optionText }).click();
}

test('the life of a team: create, invite by email and link, roles, sync types, limits, remove, disband', async ({ browser }) => {
  // Six people sign up and every screen is scanned by axe on the way.
  test.setTimeout(420_000);
  // The admin creates a workspace.
  const admin = await person(browser, 'admin');
  await admin.page.getByTestId('confirmed-continue').click();
  await createWorkspace(admin.page, 'Life of a team');

  // Invites B by email, C by link.
  const b = await person(browser, 'bee');
  const c = await person(browser, 'cee');
  await openMembers(admin.page);
  await admin.page.getByTestId('members-invite').click();
  await expect(admin.page.getByTestId('invite-dialog')).toBeVisible();
  await expectAccessible(admin.page, 'invite dialog');
  await admin.page.getByTestId('invite-tab-email').click();
  await expect(admin.page.getByTestId('invite-emails')).toBeVisible();
  await expectAccessible(admin.page, 'invite by email');
  await admin.page.getByTestId('invite-emails').fill(b.email);
  await admin.page.getByTestId('invite-send').click();
  await expect(admin.page.getByText('Send invitation email success')).toBeVisible();
  await admin.page.getByTestId('invite-tab-link').click();
  await expect(admin.page.getByTestId('invite-link-generate')).toBeVisible();
  await admin.page.getByTestId('invite-link-generate').click();
  await expect.poll(() => valueOf(admin.page, 'invite-link-url')).toContain('invite_token=');
  const publicLink = await valueOf(admin.page, 'invite-link-url');
  await expectAccessible(admin.page, 'invite by link');
  await admin.page.keyboard.press('Escape');

  // B joins through the emailed link, C through the public link.
  await b.page.goto(await mailLink(b.email));
  await expect(b.page.getByTestId('grant-access-page')).toContainText('Life of a team');
  await expectAccessible(b.page, 'grant access');
  await b.page.getByTestId('grant-access-join').click();
  await expect(b.page).toHaveURL(/\/crm\/v2\/home/);
  await c.page.goto(publicLink);
  await expect(c.page.getByTestId('invitation-page')).toContainText('Life of a team');
  await expectAccessible(c.page, 'invitation');
  await c.page.getByTestId('invitation-join').click();
  await expect(c.page).toHaveURL(/\/crm\/v2\/home/);

  // The admin sees them join, makes C a manager and sets B's sync type to off. Auto sync comes
  // with the Pro plan (SPEC §1): on the trial its option is shown disabled, with the note.
  await openMembers(admin.page);
  await expect(admin.page.getByTestId(`member-row-${b.email}`)).toContainText(/joined/i);
  await expect(admin.page.getByTestId(`member-row-${c.email}`)).toContainText(/joined/i);
  await chooseInSelect(admin.page, `member-role-${c.email}`, /manager/i);
  await expect(admin.page.getByTestId(`member-row-${c.email}`)).toContainText(/manager/i);
  await expect(admin.page.getByTestId('members-auto-sync-note')).toContainText('Auto sync comes with the Pro plan');
  await admin.page.getByTestId(`member-sync-${b.email}`).click();
  await expect(admin.page.getByRole('option', { name: /auto/i })).toHaveAttribute('aria-disabled', 'true');
  await admin.page.getByRole('option', { name: /off/i }).click();
  await expect(admin.page.getByTestId(`member-row-${b.email}`)).toContainText(/off/i);
  await expectAccessible(admin.page, 'members after role and sync changes');

  // C (manager) sees the members screen, can pick B in the member selector, cannot disband.
  await c.page.reload();
  await openMembers(c.page);
  await expect(c.page.getByTestId(`member-row-${b.email}`)).toBeVisible();
  await expect(c.page.getByTestId('members-disband')).toHaveCount(0);
  await c.page.goto(app('/v2/home'));
  await expect(c.page.getByTestId('member-selector')).toBeEnabled();
  await expectAccessible(c.page, 'home with the member selector');
  await c.page.getByTestId('member-selector').click();
  await c.page.getByRole('option', { name: new RegExp(b.email.replace(/[.+]/g, '\\$&')) }).click();
  await expect(c.page.getByTestId('member-selector')).toContainText(b.email);

  // B (member) sees no admin actions.
  await openMembers(b.page);
  await expect(b.page.getByTestId(`member-role-${c.email}`)).toHaveCount(0);
  await expect(b.page.getByTestId(`member-remove-${c.email}`)).toHaveCount(0);
  await expect(b.page.getByTestId('members-invite')).toHaveCount(0);
  await expect(b.page.getByTestId('members-leave')).toBeVisible();

  // The admin resets the link: the old one now shows the expired page.
  await admin.page.getByTestId('members-invite').click();
  await admin.page.getByTestId('invite-tab-link').click();
  await admin.page.getByTestId('invite-link-reset').click();
  await confirm(admin.page);
  await expect.poll(() => valueOf(admin.page, 'invite-link-url')).not.toBe(publicLink);
  const newLink = await valueOf(admin.page, 'invite-link-url');
  await admin.page.keyboard.press('Escape');
  const d = await person(browser, 'dee');
  await d.page.goto(publicLink);
  await d.page.getByTestId('invitation-join').click({ timeout: 5000 }).catch(() => undefined);
  await expect(d.page.getByTestId('token-expired-page')).toBeVisible();
  await expect(d.page.getByTestId('token-expired-page')).toContainText('The token has expired, please contact the administrator to obtain a new one.');
  await expectAccessible(d.page, 'token expired');

  // Someone already in another workspace opening this invitation sees the already-joined page.
  const other = await person(browser, 'other');
  await other.page.getByTestId('confirmed-continue').click();
  await createWorkspace(other.page, 'Another team');
  await other.page.goto(newLink);
  await other.page.getByTestId('invitation-join').click({ timeout: 5000 }).catch(() => undefined);
  await expect(other.page.getByTestId('already-joined-page')).toBeVisible();
  await expectAccessible(other.page, 'already joined');

  // Fill the trial's seats with two email invitations; the next joiner sees member-exceeded.
  await openMembers(admin.page);
  await admin.page.getByTestId('members-invite').click();
  await admin.page.getByTestId('invite-tab-email').click();
  const x = uniqueEmail('x');
  const y = uniqueEmail('y');
  await admin.page.getByTestId('invite-emails').fill(`${x}, ${y}`);
  await admin.page.getByTestId('invite-send').click();
  await expect(admin.page.getByText('Send invitation email success')).toBeVisible();
  await admin.page.keyboard.press('Escape');
  await d.page.goto(newLink);
  await d.page.getByTestId('invitation-join').click({ timeout: 5000 }).catch(() => undefined);
  await expect(d.page.getByTestId('member-exceed-page')).toContainText('Exceeded personnel limit, please contact administrator to upgrade the package.');
  await expectAccessible(d.page, 'member limit exceeded');

  // The admin removes B; B's open session is refused on its next request.
  await openMembers(admin.page);
  await admin.page.getByTestId(`member-remove-${b.email}`).click();
  await confirm(admin.page);
  await expect(admin.page.getByTestId(`member-row-${b.email}`)).toContainText(/removed/i);
  await b.page.reload();
  await expect(b.page).not.toHaveURL(/\/crm\/(v2\/home|settings)/);

  // Disband only after removing everyone.
  await admin.page.getByTestId('members-disband').click();
  await confirm(admin.page);
  await expect(admin.page.getByTestId('members-page')).toBeVisible();
  await expect(admin.page.getByText(/Remove every other member/)).toBeVisible();
  await expectAccessible(admin.page, 'members with the disband refusal');
  await admin.page.getByTestId(`member-remove-${c.email}`).click();
  await confirm(admin.page);
  for (const e of [x, y]) {
    await admin.page.getByTestId(`member-delete-invite-${e}`).click();
    await confirm(admin.page);
    await expect(admin.page.getByTestId(`member-row-${e}`)).toHaveCount(0);
  }
  await admin.page.getByTestId('members-disband').click();
  await confirm(admin.page);
  await expect(admin.page).toHaveURL(/\/crm\/workspace/);
  await expect(admin.page.getByTestId('workspace-name')).toBeVisible();
  await expectAccessible(admin.page, 'workspace after disbanding');
  void mailCode;
});
