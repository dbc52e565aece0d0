import { expect, test, type Page } from '@playwright/test';
import { readNumber } from '../../src/contract/number-reading';
import { generateAccount } from '../../extension/src/chat-data';
import { hasAccountByHash } from '../../extension/src/number-check';
import { app, createWorkspace, dismissGuidanceWhenShown, expectAccessible, signUp, uniqueEmail } from './helpers';
import { launchWithExtension, logInChatPage, openChatPage } from './extension-context';

/**
 * The header's Assistant tools (SPEC §2 Layout header, Other panels: assistant tools) in Chromium
 * with the companion extension and its simulated chat service (extension/src/chat-data.ts,
 * extension/src/number-check.ts).
 *
 * Number check: a new workspace owner logs a number in on the chat page and connects the
 * extension; a list of three numbers, two of them contacts of that number (so the service knows
 * them, with their names) and one it gives no account, finds the two; they are added as leads to
 * a tab the owner made, and the pipeline shows them there under their names.
 */

const PASSWORD = 'assistant-password-1';
/** The chat-service number this journey logs in (no other journey uses it). */
const NUMBER = '14155550177';

/** Two single-chat contacts of the number, valid by the number check's rule, and one number the service gives no account. */
const pickNumbers = () => {
  const contacts = generateAccount(NUMBER, 0)
    .chats.filter((c) => !c.isGroup)
    .map((c) => ({ name: c.name, read: readNumber(`+${c.chatWhatsappId.split('@')[0]}`, null) }))
    .flatMap((c) => (c.read.ok ? [{ name: c.name, international: c.read.international }] : []));
  const found = contacts.slice(0, 2);
  const stranger = Array.from({ length: 200 }, (_, i) => `+44 20 7946 ${String(1000 + i)}`).find((n) => {
    const read = readNumber(n, null);
    return read.ok && !hasAccountByHash(read.phone);
  });
  if (found.length < 2 || !stranger) throw new Error('the simulated data gave no numbers for the journey');
  return { found, stranger };
};

async function openNumberCheck(page: Page) {
  const trigger = page.getByTestId('assistant-tools-trigger');
  await expect(trigger).toBeEnabled({ timeout: 20_000 });
  // The menu by keyboard: Enter opens it, the arrows move, Enter chooses.
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('assistant-tools-number-check')).toBeVisible();
  await expectAccessible(page, 'assistant tools menu');
  await page.getByTestId('assistant-tools-number-check').click();
  await expect(page.getByTestId('number-check-dialog')).toBeVisible();
}

test.describe('number check', () => {
  test('finds two of three numbers through the extension and adds them as leads to a tab the pipeline shows', async () => {
    test.setTimeout(300_000);
    const { found, stranger } = pickNumbers();
    // A client address of its own: the journeys' sign-ups together exceed one address's hourly limit.
    const ext = await launchWithExtension({ clientAddress: '203.0.113.61' });
    try {
      const crm = await ext.context.newPage();
      await dismissGuidanceWhenShown(crm);
      await signUp(crm, uniqueEmail('numbercheck'), PASSWORD);
      await crm.getByTestId('confirmed-continue').click();
      await createWorkspace(crm, 'Number check team');

      // The chat page: log the number in and connect the extension to this workspace.
      const chat = await openChatPage(ext);
      await logInChatPage(chat, NUMBER);
      const [auth] = await Promise.all([ext.context.waitForEvent('page'), chat.getByTestId('crm-connect').click()]);
      await expect(auth.getByTestId('eclient-auth-connected')).toBeVisible({ timeout: 20_000 });
      await auth.close();

      // A tab for the leads to come.
      await crm.bringToFront();
      await crm.goto(app('/pipeline'));
      await expect(crm.getByTestId('pipeline-board')).toBeVisible();
      await crm.getByTestId('pipeline-add-tab').click();
      await crm.getByTestId('tab-name').fill('Checked numbers');
      await crm.getByTestId('tab-save').click();
      await expect(crm.getByRole('region', { name: 'Checked numbers', exact: true })).toBeVisible();

      // The number check: one number first, then the list.
      await openNumberCheck(crm);
      const dialog = crm.getByTestId('number-check-dialog');
      await dialog.getByTestId('number-check-submit').click();
      await expect(dialog.getByTestId('number-check-country-error')).toHaveText('Enter the country code.');
      await expect(dialog.getByTestId('number-check-phone-error')).toHaveText('Enter the phone number.');
      await dialog.getByTestId('number-check-country').fill('+44');
      await dialog.getByTestId('number-check-phone').fill(stranger.replace(/^\+44 /, '0'));
      await dialog.getByTestId('number-check-submit').click();
      await expect(dialog.getByTestId('number-check-result')).toHaveAttribute('data-status', 'notFound');
      await expectAccessible(crm, 'number check, one number');

      await dialog.getByTestId('number-check-mode-list').click();
      await expect(dialog.getByText('Up to 1,000 numbers', { exact: false })).toBeVisible();
      await dialog.getByTestId('number-check-list').fill([found[0]!.international, stranger, found[1]!.international].join('\n'));
      await dialog.getByTestId('number-check-list-submit').click();
      await expect(dialog.getByTestId('number-check-filter-found')).toHaveText(/ 2$/, { timeout: 20_000 });
      await expect(dialog.getByTestId('number-check-filter-notFound')).toHaveText(/ 1$/);
      await expect(dialog.getByTestId('number-check-stopped')).toHaveCount(0);
      for (const f of found) await expect(dialog.getByTestId('number-check-rows').getByText(f.name, { exact: true })).toBeVisible();
      await expectAccessible(crm, 'number check, results');

      await dialog.getByTestId('number-check-tab').click();
      await crm.getByRole('option', { name: 'Checked numbers' }).click();
      await dialog.getByTestId('number-check-add').click();
      await expect(dialog.getByTestId('number-check-outcome-added')).toHaveText('2', { timeout: 20_000 });
      await expect(dialog.getByTestId('number-check-outcome-skipped')).toHaveText('0');
      await dialog.getByRole('button', { name: 'Close Number check' }).click();
      await expect(dialog).toHaveCount(0);

      // The pipeline shows them in that tab, under the names the service gave.
      const tab = crm.getByRole('region', { name: 'Checked numbers', exact: true });
      for (const f of found) await expect(tab.getByText(f.name, { exact: true })).toBeVisible({ timeout: 20_000 });
    } finally {
      await ext.close();
    }
  });
});

// The group tool's journeys: their own `test.describe('group tool', ...)` block goes below this line.
