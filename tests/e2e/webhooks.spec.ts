/**
 * Webhooks end to end in Chromium with the companion extension and its simulated chat service
 * (SPEC §2 /integration-center and its permission route, §3 Webhook settings, §5 webhook
 * permission, §7 Webhook and integrations): the demo team's admin points the received-messages
 * webhook at a receiver the test starts, keeps the signing secret shown once, gives themself the
 * webhook permission, and syncs their chat page; a message that then arrives on the simulated chat
 * service reaches the receiver as a `message.received` event signed the Standard Webhooks way
 * (checked with the library's own verifier), and the delivery log shows it delivered.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { camelKeys } from '../../src/contract/case';
import { syncReply } from '../../src/contract/extension';
import { app, baseUrl, expectAccessible, signIn } from './helpers';
import { launchWithExtension, logInChatPage, messageExtension, openChatPage, type ExtensionSession } from './extension-context';

const admin = { email: 'admin@demo.test', password: 'demo-admin-pass' };
/** The admin's own number in the demo data (scripts/seed-demo.ts). */
const NUMBER = '14155550100';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** The receiver: keeps every request and answers 204. */
async function startReceiver(port: number): Promise<{ server: Server; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, received };
}

async function connectChatPage(ext: ExtensionSession, chat: Page, email: string) {
  const address = chat.getByTestId('crm-origin');
  if ((await address.count()) > 0) await address.fill(baseUrl());
  const [auth] = await Promise.all([ext.context.waitForEvent('page'), chat.getByTestId('crm-connect').click()]);
  await expect(auth.getByTestId('eclient-auth-connected')).toBeVisible({ timeout: 20_000 });
  await auth.close();
  await expect(chat.getByTestId('crm-status')).toContainText(email);
}

test.use({ actionTimeout: 20_000 });

test('webhooks: a message arriving on the chat service reaches the receiver, signed', async () => {
  test.setTimeout(240_000);
  const port = Number(process.env.E2E_WEBHOOK_PORT);
  expect(port).toBeGreaterThan(0);
  const { server, received } = await startReceiver(port);
  const ext = await launchWithExtension();
  try {
    const crm = await ext.context.newPage();
    await signIn(crm, admin.email, admin.password);
    await expect(crm).toHaveURL(/\/crm\/v2\/home/);
    const token = await crm.evaluate(() => localStorage.getItem('accessToken'));
    const me = await fetch(`${baseUrl()}/public/user/setting`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' });
    const { userId } = camelKeys(((await me.json()) as { data: unknown }).data) as { userId: string };

    // The webhook settings: the received-messages URL; the first save shows the secret once.
    await crm.goto(app('/integration-center'));
    await expect(crm.getByTestId('integrations-page')).toBeVisible();
    await crm.getByTestId('webhook-open').first().click();
    const settings = crm.getByTestId('webhook-settings');
    await expect(settings.getByTestId('webhook-received-url')).toBeEnabled();
    await settings.getByTestId('webhook-received-url').fill(`http://127.0.0.1:${port}/hooks/received`);
    await settings.getByTestId('webhook-save').click();
    const secretDialog = crm.getByTestId('webhook-secret-dialog');
    await expect(secretDialog).toBeVisible();
    const secret = ((await secretDialog.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await expectAccessible(crm, 'webhook secret shown once');
    await secretDialog.getByTestId('webhook-secret-close').click();
    await expect(secretDialog).toBeHidden();
    await expect(settings.getByTestId('webhook-secret-status')).not.toContainText(secret);

    // The admin's own webhook permission (SPEC §5: applies after a refresh).
    await crm.goto(app('/integration-center/permissions'));
    const permission = crm.getByTestId(`permission-switch-${userId}`);
    await expect(permission).toBeVisible();
    await expect(permission).toHaveAttribute('aria-checked', 'false');
    await permission.click();
    await expect(crm.getByTestId('permissions-note')).toBeVisible();
    await expect(permission).toHaveAttribute('aria-checked', 'true');
    await expectAccessible(crm, 'webhook permissions');

    // The chat page: logged in with the admin's number, connected and synced.
    const chat = await openChatPage(ext);
    await logInChatPage(chat, NUMBER);
    await connectChatPage(ext, chat, admin.email);
    await crm.goto(`${baseUrl()}/favicon.ico`);
    await messageExtension(crm, ext.extensionId, 'fetchChatsSync', { isSyncData: true });
    await expect
      .poll(async () => syncReply.parse(await messageExtension(crm, ext.extensionId, 'fetchChatsSyncInfo')).chatSyncFinished, { timeout: 60_000, intervals: [500] })
      .toBe(true);

    // A contact writes: the message is synced, and the receiver gets it.
    const text = `Is the order ready? ${Date.now().toString(36)}`;
    const target = chat.locator('[data-testid="chat-item"][data-chat-id$="@c.us"]').first();
    const chatId = (await target.getAttribute('data-chat-id'))!;
    await target.click();
    await chat.getByTestId('chat-composer-input').fill(text);
    await chat.getByTestId('chat-simulate-incoming').click();
    await expect.poll(() => received.filter((r) => r.body.includes(text)).length, { timeout: 60_000, intervals: [500] }).toBe(1);
    const event = received.find((r) => r.body.includes(text))!;
    expect(event.path).toBe('/hooks/received');
    expect(event.headers['content-type']).toMatch(/^application\/json/);
    expect(event.headers['webhook-id']).toMatch(/^msg_/);
    // The library's own verifier: a wrong secret or a changed body would throw.
    const verified = new Webhook(secret).verify(event.body, {
      'webhook-id': String(event.headers['webhook-id']),
      'webhook-timestamp': String(event.headers['webhook-timestamp']),
      'webhook-signature': String(event.headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe('message.received');
    expect(JSON.stringify(verified.data)).toContain(chatId);
    expect(() => new Webhook(`whsec_${Buffer.from('another secret of 24 bytes!').toString('base64')}`).verify(event.body, {
      'webhook-id': String(event.headers['webhook-id']),
      'webhook-timestamp': String(event.headers['webhook-timestamp']),
      'webhook-signature': String(event.headers['webhook-signature']),
    })).toThrow();

    // The delivery log shows it delivered.
    await crm.goto(app('/integration-center'));
    await crm.getByTestId('webhook-open').first().click();
    await expect(crm.getByTestId('delivery-log')).toBeVisible();
    await expect(crm.getByTestId(`delivery-status-${String(event.headers['webhook-id'])}`)).toHaveAttribute('data-status', 'delivered');
    await expectAccessible(crm, 'delivery log');
  } finally {
    await ext.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
