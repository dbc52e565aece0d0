import { expect, test, type Page } from '@playwright/test';
import { app, demoTeamLink, expectAccessible, signIn, signUp, uniqueEmail } from './helpers';
import { launchWithExtension, logInChatPage, openChatPage } from './extension-context';

/**
 * Chats through the workspace's own screens (SPEC §2 /conversation and the guidance dialogs, §4
 * Chat sync flow, First-run guidance, Chat list loading): a new member of the demo team first
 * works in a browser without the companion extension (the first-run guidance offers to install
 * it; Sync ends with a notice, never a spinner that runs on), then in one with it: logs in on the
 * chat page, connects it to the workspace through /crm/eclient/auth, syncs from the pipeline and
 * finds their chats as leads and as conversations; a message sent on the chat page shows in the
 * conversations view within one refresh (20 s); the admin reads that member's conversations.
 */

const NUMBER = '14155550142';
const PASSWORD = 'chats-password-1';

/** The sync button has settled: not checking, not syncing. */
const syncSettled = (page: Page) => expect(page.getByTestId('sync-button')).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });

test('chats: first-run guidance without the extension, then sync, leads, conversations, a live message, the admin reads them', async ({ browser }) => {
  test.setTimeout(360_000);
  const link = await demoTeamLink(browser);
  const email = uniqueEmail('chats');

  // Without the extension: the guidance offers installation; Sync ends with a notice at once.
  const plain = await browser.newContext();
  const page = await plain.newPage();
  await signUp(page, email, PASSWORD);
  await page.goto(link);
  await page.getByTestId('invitation-join').click();
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
  const guide = page.getByTestId('first-run-guide');
  await expect(guide).toBeVisible({ timeout: 20_000 });
  await expect(guide.getByTestId('guide-install')).toHaveAttribute('href', /chromewebstore\.google\.com/);
  await expectAccessible(page, 'first-run guidance');
  await page.goto(app('/pipeline'));
  await expect(page.getByTestId('pipeline-board')).toBeVisible();
  await page.getByTestId('sync-button').click();
  await expect(page.getByTestId('pipeline-needs-extension')).toBeVisible({ timeout: 20_000 });
  await syncSettled(page);
  await plain.close();

  // With the extension: the same member signs in; the extension answers, so no guidance.
  const ext = await launchWithExtension();
  try {
    const crm = await ext.context.newPage();
    await signIn(crm, email, PASSWORD);
    await expect(crm).toHaveURL(/\/crm\/v2\/home/);

    // The chat page: log in with a number, then connect it to the workspace (a tab of its own).
    const chat = await openChatPage(ext);
    await logInChatPage(chat, NUMBER);
    const [auth] = await Promise.all([ext.context.waitForEvent('page'), chat.getByTestId('crm-connect').click()]);
    await expect(auth.getByTestId('eclient-auth-connected')).toBeVisible({ timeout: 20_000 });
    await expectAccessible(auth, 'extension connected');
    await auth.close();
    await expect(chat.getByTestId('crm-status')).toContainText(email);

    // Sync from the pipeline: the chats become leads.
    await crm.goto(app('/pipeline'));
    await expect(crm.getByTestId('pipeline-board')).toBeVisible();
    await crm.getByTestId('sync-button').click();
    await syncSettled(crm);
    const noTabs = crm.getByTestId('lead-panel-0');
    await expect(noTabs.locator('[data-testid^="lead-card-"]').first()).toBeVisible({ timeout: 20_000 });
    // The newest single chat (groups never become leads) is a lead: the pipeline's search finds it.
    const single = chat.locator('[data-testid="chat-item"][data-chat-id$="@c.us"]').first();
    const firstChatName = (await single.locator('.chat-name').textContent())!.trim();
    await crm.getByTestId('filter-search').fill(firstChatName);
    await expect(noTabs.getByText(firstChatName, { exact: true })).toBeVisible();

    // The conversations: the same chat, its messages.
    await crm.goto(app('/conversation'));
    await expect(crm.getByTestId('chat-list')).toBeVisible();
    await expectAccessible(crm, 'conversations');
    await crm.getByTestId('chat-list').getByText(firstChatName, { exact: true }).first().click();
    await expect(crm.getByTestId('chat-messages')).toBeVisible();

    // A message written on the chat page shows in the open conversation within one refresh.
    await single.click();
    const words = `Journey message ${Date.now().toString(36)}`;
    await chat.getByTestId('chat-composer-input').fill(words);
    await chat.getByTestId('chat-composer-input').press('Enter');
    await expect(crm.getByTestId('chat-messages').getByText(words)).toBeVisible({ timeout: 30_000 });

    // The admin reads this member's conversations.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin@demo.test', 'demo-admin-pass');
    await expect(admin).toHaveURL(/\/crm\/v2\/home/);
    await admin.goto(app('/conversation'));
    await admin.getByTestId('member-chooser').click();
    await admin.getByRole('option', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click();
    await expect(admin.getByTestId('chat-list').getByText(firstChatName, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await admin.getByTestId('chat-list').getByText(firstChatName, { exact: true }).first().click();
    await expect(admin.getByTestId('chat-messages').getByText(words)).toBeVisible();
    await adminContext.close();
  } finally {
    await ext.close();
  }
});
