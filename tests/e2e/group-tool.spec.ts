import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fromCsv } from '../../src/contract/csv';
import { launchWithExtension, logInChatPage, openChatPage } from './extension-context';
import { app, dismissGuidanceWhenShown, expectAccessible, signIn } from './helpers';

/**
 * The group tool (SPEC §2 Other panels: assistant tools; §5 Import rules; §7 Extension messaging)
 * in Chromium with the companion extension: a demo member opens it from the header's Assistant
 * tools before the extension is connected to the workspace (a clear message with a retry), logs in
 * a number on the chat page and connects it, then reads a group's participants (the simulated
 * service's, extension/src/groups.ts), exports them as a CSV file named after the group, and adds
 * them as leads to one of their tabs: the import's outcome counts show, and the leads are in that
 * tab of the pipeline.
 */

const member = { email: 'member2@demo.test', password: 'demo-member2-pass' };
/** This journey's own chat-service number (the groups and participants follow from it). */
const NUMBER = '14155550177';
const TAB = 'Follow-up';

test('group tool: a group’s participants exported and added as leads to a tab, with the extension', async () => {
  test.setTimeout(240_000);
  const ext = await launchWithExtension();
  try {
    const crm = await ext.context.newPage();
    await dismissGuidanceWhenShown(crm);
    await signIn(crm, member.email, member.password);
    await expect(crm.getByTestId('home-page')).toBeVisible({ timeout: 20_000 });
    // The tab's open leads before (its panel's count).
    const panel = crm.getByRole('region', { name: TAB, exact: true });
    const openCount = async () => Number(await panel.locator('[data-testid^="panel-count-"]').getAttribute('data-open'));
    await crm.goto(app('/pipeline'));
    await expect(panel.locator('[data-testid^="panel-count-"]')).toHaveAttribute('data-open', /\d+/, { timeout: 20_000 });
    const before = await openCount();

    // Not connected yet: the tool says so, with a retry.
    const openTool = async () => {
      await expect(crm.getByTestId('assistant-tools-trigger')).toBeEnabled({ timeout: 20_000 });
      await crm.getByTestId('assistant-tools-trigger').click();
      await crm.getByTestId('assistant-tools-group-tool').click();
    };
    await openTool();
    const dialog = crm.getByTestId('group-tool-dialog');
    await expect(dialog.getByTestId('group-tool-stop')).toContainText('not connected to this workspace', { timeout: 20_000 });
    await expectAccessible(crm, 'group tool, not connected');

    // The chat page: a number logged in, connected to the workspace (a tab of its own).
    const chat = await openChatPage(ext);
    await logInChatPage(chat, NUMBER);
    const [auth] = await Promise.all([ext.context.waitForEvent('page'), chat.getByTestId('crm-connect').click()]);
    await expect(auth.getByTestId('eclient-auth-connected')).toBeVisible({ timeout: 20_000 });
    await auth.close();
    await expect(chat.getByTestId('crm-status')).toContainText(member.email);

    // Retry: the number's groups; one is picked and its participants read.
    await crm.bringToFront();
    await dialog.getByTestId('group-tool-retry').click();
    const groups = dialog.getByTestId('group-tool-group');
    await expect(groups.first()).toBeVisible({ timeout: 20_000 });
    expect(await groups.count()).toBe(6);
    const groupName = (await groups.first().locator('bdi').textContent())!;
    await groups.first().click();
    const rows = dialog.getByTestId('group-tool-row');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    const total = await rows.count();
    await expect(dialog.getByTestId('group-tool-selected')).toHaveText(`${total} of ${total} selected`);
    await expectAccessible(crm, 'group tool, participants');

    // The number itself (the group's admin) is left out.
    await dialog.locator(`[data-testid="group-tool-row"][data-phone="${NUMBER}"]`).getByRole('checkbox').click({ force: true });
    await expect(dialog.getByTestId('group-tool-selected')).toHaveText(`${total - 1} of ${total} selected`);
    const selected = dialog.locator(`[data-testid="group-tool-row"]:not([data-phone="${NUMBER}"])`);
    const people = await selected.evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll('td')];
        const named = cells[1]!.querySelector('[data-sensitive]');
        return { name: named ? named.textContent! : null, phone: cells[2]!.textContent!, admin: cells[3]!.textContent! };
      }),
    );
    expect(people.some((p) => p.name === null)).toBe(true);

    // Export CSV: a file named after the group, the selected participants in it.
    const [download] = await Promise.all([crm.waitForEvent('download'), dialog.getByTestId('group-tool-export').click()]);
    expect(download.suggestedFilename()).toBe(`${groupName.replace(/[\\/:*?"<>|]/g, '_')}.csv`);
    const csv = fromCsv(readFileSync(await download.path(), 'utf8'));
    expect(csv).toEqual([['Name', 'Phone', 'Admin'], ...people.map((p) => [p.name ?? '', p.phone, p.admin])]);

    // Add as leads to a tab: the import's counts.
    await dialog.getByTestId('group-tool-add').click();
    await expect(dialog.getByTestId('group-tool-confirm')).toBeEnabled({ timeout: 20_000 });
    await dialog.getByTestId('group-tool-tab').click();
    await crm.getByRole('option', { name: TAB, exact: true }).click();
    await expect(dialog.getByTestId('group-tool-tab')).toContainText(TAB);
    await dialog.getByTestId('group-tool-confirm').click();
    await expect(dialog.getByTestId('group-tool-counts')).toBeVisible({ timeout: 30_000 });
    const count = async (key: string) => Number((await dialog.locator(`[data-count="${key}"] dd`).textContent())!);
    // Every selected participant is counted once; the new phones are added, except a row the import's
    // rules skip (a name another lead of the member already has: names are unique per member, SPEC §5).
    const added = await count('added');
    expect(added + (await count('updated')) + (await count('unchanged')) + (await count('skipped'))).toBe(people.length);
    expect(await count('updated')).toBe(0);
    expect(added).toBeGreaterThanOrEqual(people.filter((p) => p.name === null).length);
    await expectAccessible(crm, 'group tool, added');
    await dialog.getByRole('button', { name: 'Close Group tool' }).click();
    await expect(dialog).toBeHidden();

    // The leads are in that tab of the pipeline: its open count grew by the leads added, and the
    // nameless participants are there under their phones.
    await crm.reload();
    await expect(crm.getByTestId('pipeline-board')).toBeVisible();
    await expect.poll(openCount, { timeout: 20_000 }).toBe(before + added);
    for (const person of people.filter((p) => p.name === null)) {
      await crm.getByTestId('filter-search').fill(person.phone);
      await expect(panel.locator('[data-testid^="lead-card-"]', { hasText: person.phone })).toBeVisible({ timeout: 20_000 });
    }
  } finally {
    await ext.close();
  }
});
