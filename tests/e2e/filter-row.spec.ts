import { expect, test, type Page } from '@playwright/test';
import { app, dismissGuidanceWhenShown, expectAccessible, signIn } from './helpers';

/**
 * The lists' filter row (pipeline and contacts): the search, a Filters button whose popover holds
 * the other filters, and the active filters as removable chips that clear their filter in the URL
 * and the list. And the first-run guidance's Not Now for the demo admin, who has leads (SPEC §4
 * lead-count rule): no "No leads found" mask follows, and nothing lies over the Tags screen's
 * controls. Signed in as the demo admin (no new sign-up).
 */

async function signInAsAdmin(page: Page) {
  await signIn(page, 'admin@demo.test', 'demo-admin-pass');
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
}

test('pipeline: a filter chosen in the popover shows as a chip; removing the chip clears it in the URL and the board', async ({ page }) => {
  await dismissGuidanceWhenShown(page);
  await signInAsAdmin(page);
  await page.goto(app('/pipeline'));
  await expect(page.getByTestId('pipeline-board')).toBeVisible();
  await expect(page.getByTestId('filter-chips')).toHaveCount(0);
  await page.getByTestId('filter-open').click();
  const popover = page.getByTestId('filter-popover');
  await expect(popover).toBeVisible();
  await expectAccessible(page, 'pipeline filters popover');
  await popover.getByText('Awaiting reply only').click();
  await expect(page).toHaveURL(/[?&]await=1/);
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  const chip = page.getByTestId('filter-chip-awaitReply');
  await expect(chip).toHaveText('Awaiting reply only');
  await expect(page.getByTestId('filter-open')).toHaveText('Filters (1)');
  await chip.getByRole('button', { name: 'Remove the filter Awaiting reply only' }).click();
  await expect(page.getByTestId('filter-chip-awaitReply')).toHaveCount(0);
  await expect(page).toHaveURL(/\/crm\/pipeline$/);
  await expect(page.getByTestId('pipeline-board')).toBeVisible();
});

test('contacts: a filter chosen in the popover shows as a chip; removing the chip clears it in the URL and the list', async ({ page }) => {
  await dismissGuidanceWhenShown(page);
  await signInAsAdmin(page);
  await page.goto(app('/contacts'));
  const total = page.getByTestId('contacts-total');
  await expect(total).toHaveText(/\d/);
  await expect(page.getByTestId('contacts-table')).toBeVisible();
  const everyone = await total.textContent();
  await page.getByTestId('contacts-filter-open').click();
  const popover = page.getByTestId('contacts-filter-popover');
  await expect(popover).toBeVisible();
  await popover.getByText('With notes').click();
  await expect(page).toHaveURL(/filters=.*isNoted/);
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  const chip = page.getByTestId('contacts-filter-chip-isNoted');
  await expect(chip).toHaveText('With notes');
  await chip.getByRole('button', { name: 'Remove the filter With notes' }).click();
  await expect(page.getByTestId('contacts-filter-chip-isNoted')).toHaveCount(0);
  await expect(page).toHaveURL(/\/crm\/contacts$/);
  await expect(total).toHaveText(everyone!);
});

test('Not Now on the first-run guidance for the demo admin (who has leads) shows no "No leads found" mask; Add tag stays clickable', async ({ page }) => {
  await signInAsAdmin(page);
  const guide = page.getByTestId('first-run-guide');
  await expect(guide).toBeVisible({ timeout: 20_000 });
  await guide.getByTestId('guide-not-now').click();
  await expect(guide).toBeHidden();
  // The lead count and the sync status are answered well within this.
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId('sync-mask')).toHaveCount(0);
  await page.goto(app('/tags'));
  const addTag = page.getByTestId('tags-add-tag');
  await expect(addTag).toBeEnabled();
  // A trial click fails if anything lies over the button.
  await addTag.click({ trial: true, timeout: 5_000 });
  await expect(page.getByTestId('sync-mask')).toHaveCount(0);
});
