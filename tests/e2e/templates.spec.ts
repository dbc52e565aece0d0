/**
 * Team templates and scheduled messages end to end, in Chromium with the companion extension and
 * its simulated chat service (SPEC §2 template centre and the conversation's panels, §3 Quick
 * reply, Auto reply, Schedule message, §4 Schedule and Auto reply, §7 Files): the demo team's admin
 * has a quick reply with an image (uploaded to the file store) and an auto reply; a member, whose
 * chat page is logged in and connected, sends the quick reply into a chat through the extension
 * (the page's sendMessage: the text and the image show on the chat page), switches auto replies
 * on, and an incoming message on the chat page gets the auto reply after its delay; a schedule set
 * a few seconds ahead is claimed by the open chat page, written into its chat, and completed.
 *
 * Through the screens: the admin's quick reply (with its upload) and auto reply in the template
 * centre; the member's quick reply sent from the conversation's quick-reply panel, the auto-reply
 * switch in its panel, the schedule's state in the schedules panel. Through the API: the schedule
 * itself (its form takes minutes; this one is due in seconds), and a refused sendMessage.
 */
import { expect, test, type Page } from '@playwright/test';
import { camelKeys, snakeKeys } from '../../src/contract/case';
import { actionReply, syncReply } from '../../src/contract/extension';
import { scheduleEndpoints, type Schedule } from '../../src/contract/schedules';
import { templateEndpoints, type AutoReply, type QuickReply } from '../../src/contract/templates';
import { app, baseUrl, expectAccessible, signIn } from './helpers';
import { launchWithExtension, logInChatPage, messageExtension, openChatPage, type ExtensionSession } from './extension-context';

const admin = { email: 'admin@demo.test', password: 'demo-admin-pass' };
const member = { email: 'member1@demo.test', password: 'demo-member1-pass' };
/** The member's own number in the demo data (scripts/seed-demo.ts): no new number counts against the limit. */
const NUMBER = '14155550102';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const OK = 100000;

/** A POST to the workspace's API with a bearer token, as the app's client sends it; the answer's data camelCased. */
async function api<T>(token: string, path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(snakeKeys(body)),
  });
  const envelope = (await response.json()) as { code: number; data: unknown; message: string };
  expect(envelope.code, `${path}: ${envelope.message}`).toBe(OK);
  return camelKeys(envelope.data) as T;
}

/** Signs in through the app and keeps its access token. */
async function signInForToken(page: Page, who: { email: string; password: string }): Promise<string> {
  await signIn(page, who.email, who.password);
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  return token!;
}

/** The auto reply's delay: long enough to see it wait, short enough for the journey. */
const AUTO_REPLY_DELAY_S = 6;

/**
 * Connects the chat page to the workspace the member is signed in to (its Connect button opens
 * /crm/eclient/auth on the origin of the workspace page that last messaged the extension; until one
 * has, it asks for the address).
 */
async function connectChatPage(ext: ExtensionSession, chat: Page) {
  const address = chat.getByTestId('crm-origin');
  if ((await address.count()) > 0) await address.fill(baseUrl());
  const [auth] = await Promise.all([ext.context.waitForEvent('page'), chat.getByTestId('crm-connect').click()]);
  await expect(auth.getByTestId('eclient-auth-connected')).toBeVisible({ timeout: 20_000 });
  await auth.close();
  await expect(chat.getByTestId('crm-status')).toContainText(member.email);
}

/** The conversation's tools: open beside the chat on a wide screen by themselves, else opened with the Tools button. */
async function openTools(page: Page) {
  const toggle = page.getByTestId('tools-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', /^(true|false)$/);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByTestId('tools-panel')).toBeVisible();
}

// A step that cannot be done fails where it is, not at the journey's time-out.
test.use({ actionTimeout: 20_000 });

test('templates: a quick reply with an image sent into a chat, an auto reply to an incoming message, a schedule sent by the chat page', async ({ browser }) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36);
  const title = `Catalogue ${tag}`;
  const keyword = `pricelist${tag}`;

  // The admin makes the quick reply with an image and the auto reply in the template centre.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const adminToken = await signInForToken(adminPage, admin);
  await adminPage.goto(app('/template-center/quick-reply'));
  await expect(adminPage.getByTestId('quick-replies-page')).toBeVisible();
  await adminPage.getByTestId('quick-replies-add').click();
  const qrDialog = adminPage.getByTestId('quick-reply-dialog');
  await qrDialog.getByTestId('quick-reply-title').fill(title);
  await qrDialog.getByTestId('quick-reply-message').fill('Hello {firstName}, here is our catalogue.');
  await expect(qrDialog.getByTestId('quick-reply-pick')).toBeEnabled();
  await qrDialog.getByTestId('quick-reply-files').setInputFiles({ name: 'catalogue.png', mimeType: 'image/png', buffer: PNG });
  await expect(qrDialog.getByTestId('quick-reply-attachment')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await qrDialog.getByTestId('quick-reply-dialog-save').click();
  await expect(qrDialog).toBeHidden();
  await expect(adminPage.getByTestId('quick-replies-table')).toContainText(title);
  const { items: adminQuickReplies } = await api<{ items: QuickReply[] }>(adminToken, templateEndpoints.quickReplyAdminList.path);
  const quickReply = adminQuickReplies.find((q) => q.title === title)!;
  expect(quickReply.attachments).toMatchObject([{ name: 'catalogue.png', kind: 'image', mimeType: 'image/png', size: PNG.length }]);

  await adminPage.goto(app('/template-center/auto-reply'));
  await expect(adminPage.getByTestId('auto-replies-page')).toBeVisible();
  await adminPage.getByTestId('auto-replies-add').click();
  const arDialog = adminPage.getByTestId('auto-reply-dialog');
  await arDialog.getByTestId('auto-reply-name').fill(`Price question ${tag}`);
  await arDialog.getByTestId('auto-reply-keywords').fill(keyword);
  await arDialog.getByTestId('auto-reply-test').fill(`the ${keyword.toUpperCase()} please`);
  await expect(arDialog.getByTestId('auto-reply-test-result')).toBeVisible();
  await arDialog.getByTestId('auto-reply-reply').fill('Hi {firstName}, our price list is on its way.');
  await arDialog.getByText('Quote the message when replying').click();
  await arDialog.getByTestId('auto-reply-delay').fill(String(AUTO_REPLY_DELAY_S));
  await arDialog.getByTestId('auto-reply-dialog-save').click();
  await expect(arDialog).toBeHidden();
  const { items: adminAutoReplies } = await api<{ items: AutoReply[] }>(adminToken, templateEndpoints.autoReplyAdminList.path);
  const autoReply = adminAutoReplies.find((r) => r.name === `Price question ${tag}`)!;
  expect(autoReply).toMatchObject({ type: 'keyword', keywords: [keyword], quoteWhenReplying: true, delaySeconds: AUTO_REPLY_DELAY_S, intervalMinutes: 0, status: 'active' });
  await adminContext.close();

  const ext = await launchWithExtension();
  try {
    // The member: signed in beside the chat page, which is logged in with their number, connected
    // and synced (the quick reply goes to a chat the workspace has).
    const crm = await ext.context.newPage();
    const memberToken = await signInForToken(crm, member);
    const chat = await openChatPage(ext);
    await logInChatPage(chat, NUMBER);
    await connectChatPage(ext, chat);
    await crm.goto(`${baseUrl()}/favicon.ico`);
    await messageExtension(crm, ext.extensionId, 'fetchChatsSync', { isSyncData: true });
    await expect
      .poll(async () => {
        const reply = syncReply.parse(await messageExtension(crm, ext.extensionId, 'fetchChatsSyncInfo'));
        return reply.chatSyncFinished;
      }, { timeout: 60_000, intervals: [500] })
      .toBe(true);

    const target = chat.locator('[data-testid="chat-item"][data-chat-id$="@c.us"]').first();
    const chatId = (await target.getAttribute('data-chat-id'))!;
    const chatName = ((await target.locator('.chat-name').textContent()) ?? '').trim();
    const digits = chatId.slice(0, chatId.indexOf('@'));

    // The conversation: the chat, its tools, the team's quick reply, previewed and sent.
    await crm.goto(app('/conversation'));
    await expect(crm.getByTestId('chat-list')).toBeVisible();
    await crm.getByTestId('chat-search').fill(digits);
    await crm.getByTestId('chat-list').getByText(chatName, { exact: true }).first().click();
    await expect(crm.getByTestId('chat-messages')).toBeVisible();
    await openTools(crm);
    await crm.getByTestId('tools-tab-quickReplies').click();
    await crm.getByTestId(`quick-reply-${quickReply.id}`).click();
    const preview = ((await crm.getByTestId('quick-reply-preview').textContent()) ?? '').trim();
    expect(preview).toMatch(/^Hello .+, here is our catalogue\.$/);
    await expectAccessible(crm, 'quick reply panel');
    await crm.getByTestId('quick-reply-send').click();

    await target.click();
    const messages = chat.getByTestId('chat-messages');
    const sentText = messages.getByTestId('chat-message').filter({ hasText: preview });
    await expect(sentText).toHaveAttribute('data-via', 'workspace', { timeout: 20_000 });
    const image = messages.locator('[data-testid="chat-message"][data-type="image"][data-via="workspace"]');
    await expect(image).toContainText('catalogue.png');
    await expect(image.getByTestId('chat-message-thumb')).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/api\/files\/object\//);
    // The thumbnail is the uploaded image itself, loaded through its signed link.
    await expect.poll(() => image.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expectAccessible(chat, 'chat page with a quick reply');
    // A chat the number does not have is refused with a reason (the page's sendMessage, as the panel sends it).
    await crm.goto(`${baseUrl()}/favicon.ico`);
    const refused = await messageExtension(crm, ext.extensionId, 'sendMessage', { chatWhatsappId: '19995550000@c.us', text: 'Hello', attachments: [] });
    expect(actionReply.parse(refused)).toMatchObject({ ok: false, message: expect.stringContaining('not on the chat-service number') });

    // The member switches auto replies on in the panel; the chat page reads them when it opens.
    await crm.goto(app('/conversation'));
    await crm.getByTestId('chat-search').fill(digits);
    await crm.getByTestId('chat-list').getByText(chatName, { exact: true }).first().click();
    await openTools(crm);
    await crm.getByTestId('tools-tab-autoReply').click();
    const autoSwitch = crm.getByTestId('auto-reply-switch');
    await expect(autoSwitch).toBeEnabled();
    if (!(await autoSwitch.isChecked())) await crm.getByTestId('auto-reply-panel').getByText('Auto reply', { exact: true }).first().click();
    await expect(autoSwitch).toBeChecked();
    await expect.poll(async () => (await api<{ enabled: boolean }>(memberToken, templateEndpoints.autoReplyList.path)).enabled).toBe(true);
    await chat.reload();
    await expect(chat.getByTestId('auto-reply-status')).toContainText('Auto replies on');

    // The contact writes a message with the keyword (the simulate control): the auto reply comes
    // after its delay, quoting the message, its first name filled in.
    await chat.locator(`[data-testid="chat-item"][data-chat-id="${chatId}"]`).click();
    const question = `Could you send the ${keyword.toUpperCase()} please?`;
    await chat.getByTestId('chat-composer-input').fill(question);
    const asked = Date.now();
    await chat.getByTestId('chat-simulate-incoming').click();
    await expect(messages.getByTestId('chat-message').filter({ hasText: question }).first()).toHaveAttribute('data-from-me', 'false');
    const answer = messages.locator('[data-testid="chat-message"][data-via="autoReply"]');
    await expect(answer).toHaveCount(0);
    await expect(answer).toHaveCount(1, { timeout: (AUTO_REPLY_DELAY_S + 10) * 1000 });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(AUTO_REPLY_DELAY_S * 1000 - 500);
    await expect(answer).toContainText(`Hi ${chatName.split(/\s+/)[0]}, our price list is on its way.`);
    await expect(answer.getByTestId('chat-message-quote')).toContainText(question);
    await expect(answer).toHaveAttribute('data-from-me', 'true');

    // A schedule a few seconds ahead (API: the form's time is to the minute): the server's executor
    // makes the send when it is due, the open chat page claims it, writes it into the chat and
    // confirms; the schedules panel marks it completed.
    const scheduleText = `Scheduled hello ${tag}`;
    const schedule = await api<Schedule>(memberToken, scheduleEndpoints.scheduleSave.path, {
      recipients: [{ chatWhatsappId: chatId, name: chatName }],
      title: `Journey ${tag}`,
      message: scheduleText,
      startTime: Date.now() + 15_000,
      timeZone: 'UTC',
      recurrence: 'once',
    });
    expect(schedule.status).toBe('pending');
    await crm.getByTestId('tools-tab-schedules').click();
    await expect(crm.getByTestId(`schedule-status-${schedule.id}`)).toHaveText('Pending');
    const scheduled = messages.locator('[data-testid="chat-message"][data-via="schedule"]').filter({ hasText: scheduleText });
    await expect(scheduled).toHaveCount(1, { timeout: 60_000 });
    await expect(crm.getByTestId(`schedule-status-${schedule.id}`)).toHaveText('Completed', { timeout: 30_000 });
    await expectAccessible(crm, 'schedules panel');
  } finally {
    await ext.close();
  }
});
