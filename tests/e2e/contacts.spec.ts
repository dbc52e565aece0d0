import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { app, createWorkspace, demoTeamLink, expectAccessible, signUp, uniqueEmail } from './helpers';

/**
 * Contacts, import, tags and export (SPEC §2 /contacts and the import wizard, §4 Import wizard, §5
 * Import, §6 export on paid plans only): a new member of the demo team (Pro plan) imports a file
 * with good rows, a phone written twice in two ways and bad rows, checks the review's counts,
 * imports, finds the contacts, imports the same file again and sees nothing change, tags twenty
 * contacts at once by a filter, keeps a column choice across a reload and exports; a person on
 * the free plan gets the export-limit dialog instead.
 */

const HARBOR = Array.from({ length: 20 }, (_, i) => `Harbor Buyer ${String(i + 1).padStart(2, '0')}`);

/** 21 good rows (20 Harbor buyers and Ann Lee), Ann's phone again written another way, and three rows with errors. */
const importFile = (): string => {
  const rows = [
    'Name,Phone,Email,Company Name',
    ...HARBOR.map((name, i) => `${name},+1 415 555 01${String(i + 10).padStart(2, '0')},,Harbor Supply`),
    'Ann Lee,"+1 (415) 555-0199",ann@example.com,Lee Imports',
    'Ann Lee Again,14155550199,,Lee Imports',
    'Bad Phone,abc-123,,',
    ',+1 415 555 0177,,',
    'No Email,+1 415 555 0178,not-an-email,',
  ];
  const dir = mkdtempSync(join(tmpdir(), 'crm-import-'));
  const path = join(dir, 'buyers.csv');
  writeFileSync(path, rows.join('\r\n') + '\r\n', 'utf8');
  return path;
};

async function person(browser: Browser, tag: string) {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  const email = uniqueEmail(tag);
  await signUp(page, email, `${tag}-password-1`);
  return { page, email };
}

/** A file of raw bytes (NUL and control characters) named like a CSV file. */
const binaryFile = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'crm-import-'));
  const path = join(dir, 'export.csv');
  writeFileSync(path, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 32)));
  return path;
};

/** Chooses a file with the dialog's own button (in the app's language), through the browser's file chooser. */
async function chooseFile(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-choose').click();
  await (await chooser).setFiles(file);
  await expect(page.getByTestId('import-file-name')).toHaveText(basename(file));
}

async function importThroughWizard(page: Page, file: string, options: { refusedFirst?: string } = {}) {
  await page.goto(app('/pipeline'));
  await expect(page.getByTestId('pipeline-board')).toBeVisible();
  await page.getByTestId('pipeline-import').click();
  await expect(page.getByTestId('import-dialog')).toBeVisible();
  await expect(page.getByTestId('import-file-name')).toHaveText('No file chosen');
  if (options.refusedFirst) {
    // A file that is not text is refused at the first step, with its reason.
    await chooseFile(page, options.refusedFirst);
    await expect(page.getByTestId('import-error')).toHaveText('This is not a text file. Choose a CSV or TSV file saved as UTF-8 text.');
    await expect(page.getByTestId('import-next')).toBeDisabled();
    await expectAccessible(page, 'import file refused');
  }
  await chooseFile(page, file);
  await expect(page.getByTestId('import-next')).toBeEnabled();
  await page.getByTestId('import-next').click();
  // The mapping was matched from the header row; Name and Phone are set.
  await expect(page.getByTestId('import-next')).toBeEnabled();
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-confirm')).toBeEnabled();
}

const count = async (page: Page, key: 'added' | 'updated' | 'unchanged' | 'skipped') => Number((await page.getByTestId(`import-count-${key}`).first().textContent())?.trim());

async function openContacts(page: Page) {
  await page.goto(app('/contacts'));
  await expect(page.getByTestId('contacts-table')).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByTestId('contacts-search').locator('input').or(page.getByTestId('contacts-search')).first().fill(text);
}

test('contacts: import with review, re-import unchanged, tag twenty by filter, columns kept, export by plan', async ({ browser }) => {
  test.setTimeout(300_000);
  const link = await demoTeamLink(browser);
  const ivy = await person(browser, 'cimport');
  await ivy.page.goto(link);
  await ivy.page.getByTestId('invitation-join').click();
  await expect(ivy.page).toHaveURL(/\/crm\/v2\/home/);
  const file = importFile();

  // The review says what the import will do before anything is written.
  await importThroughWizard(ivy.page, file, { refusedFirst: binaryFile() });
  await expectAccessible(ivy.page, 'import review');
  expect(await count(ivy.page, 'added')).toBe(21);
  expect(await count(ivy.page, 'updated')).toBe(0);
  expect(await count(ivy.page, 'skipped')).toBe(4);
  await expect(ivy.page.getByTestId('import-skipped')).toContainText('Ann Lee Again');
  await ivy.page.getByTestId('import-confirm').click();
  await expect(ivy.page.getByTestId('import-done')).toBeVisible();
  expect(await count(ivy.page, 'added')).toBe(21);
  await expect(ivy.page.getByTestId('import-warning')).toHaveText('4 rows were skipped.');
  await ivy.page.getByTestId('import-finish').click();
  await expect(ivy.page.getByTestId('import-dialog')).toHaveCount(0);

  // The contacts are there, found by name and by the phone written another way.
  await openContacts(ivy.page);
  await expectAccessible(ivy.page, 'contacts');
  await expect(ivy.page.getByTestId('contacts-total')).toHaveText('21 contacts');
  await search(ivy.page, '(415) 555-0199');
  await expect(ivy.page.getByTestId('contacts-total')).toHaveText('1 contacts');
  await expect(ivy.page.getByTestId('contacts-table')).toContainText('Ann Lee');

  // The same file again changes nothing.
  await importThroughWizard(ivy.page, file);
  expect(await count(ivy.page, 'added')).toBe(0);
  expect(await count(ivy.page, 'updated')).toBe(0);
  expect(await count(ivy.page, 'unchanged')).toBe(21);
  await ivy.page.getByTestId('import-confirm').click();
  await expect(ivy.page.getByTestId('import-done')).toBeVisible();
  await ivy.page.getByTestId('import-finish').click();
  await openContacts(ivy.page);
  await expect(ivy.page.getByTestId('contacts-total')).toHaveText('21 contacts');

  // Twenty contacts tagged at once: the filter, the page, then every contact matching it.
  await search(ivy.page, 'Harbor');
  await expect(ivy.page.getByTestId('contacts-total')).toHaveText('20 contacts');
  // The page's checkbox in the header (Ark draws the box a person clicks over the input).
  await ivy.page.getByTestId('contacts-table').locator('thead [data-scope="checkbox"][data-part="control"]').click();
  await ivy.page.getByTestId('table-select-all-matching').click();
  await expect(ivy.page.getByTestId('contacts-selection')).toContainText('20');
  await ivy.page.getByTestId('contacts-batch-tag').click();
  await expect(ivy.page.getByTestId('batch-tag-dialog')).toBeVisible();
  await ivy.page.getByTestId('batch-tag-value').filter({ hasText: 'Machinery' }).click();
  await ivy.page.getByTestId('batch-tag-apply').click();
  await expect(ivy.page.getByTestId('batch-tag-dialog')).toHaveCount(0);
  // Every one of them carries the value now: the tag filter alone finds the twenty.
  await search(ivy.page, '');
  await ivy.page.getByTestId('contacts-filter-open').click();
  await ivy.page.getByTestId('contacts-filter-popover').getByRole('group', { name: 'Interest' }).getByText('Machinery', { exact: true }).click();
  await expect(ivy.page.getByTestId('contacts-total')).toHaveText('20 contacts');
  await ivy.page.keyboard.press('Escape');
  await expect(ivy.page.getByTestId('contacts-filter-chip-tags')).toBeVisible();

  // A column chosen is kept after a reload.
  await ivy.page.getByTestId('contacts-columns').click();
  await ivy.page.getByTestId('contacts-columns-dialog').getByText('Email', { exact: true }).click();
  await ivy.page.getByTestId('contacts-columns-done').click();
  await expect(ivy.page.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await ivy.page.reload();
  await expect(ivy.page.getByTestId('contacts-table')).toBeVisible();
  await expect(ivy.page.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  // The filter survived the reload too (it is in the URL).
  await expect(ivy.page.getByTestId('contacts-total')).toHaveText('20 contacts');

  // The Pro plan exports what the filter shows: a CSV with a byte-order mark.
  const [download] = await Promise.all([ivy.page.waitForEvent('download'), ivy.page.getByTestId('contacts-export').click()]);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('Harbor Buyer 01');
  expect(text).not.toContain('Ann Lee');
  expect(text.trim().split(/\r?\n/)).toHaveLength(21);

  // A workspace on the free plan gets the export-limit dialog.
  const solo = await person(browser, 'cfree');
  await solo.page.getByTestId('confirmed-continue').click();
  await createWorkspace(solo.page, 'Free team');
  await openContacts(solo.page);
  await solo.page.getByTestId('contacts-export').click();
  await expect(solo.page.getByTestId('export-limit-dialog')).toBeVisible();
  await expectAccessible(solo.page, 'export limit');
  await solo.page.getByTestId('export-limit-close').click();
  await expect(solo.page.getByTestId('export-limit-dialog')).toHaveCount(0);
});
