/**
 * Invite links end to end in Chromium against the real server (SPEC §2 /invite-link/:id, §3 Invite
 * link, §5, §7 Share links): a member adds a chat link set on the screen, its public short link is
 * opened three times in the browser (each visit is redirected to the chat service, which the test
 * stands in for), and the list and the detail show the three clicks.
 */
import { expect, test } from '@playwright/test';
import { app, expectAccessible, signIn } from './helpers';

const member = { email: 'member1@demo.test', password: 'demo-member1-pass' };

test.use({ actionTimeout: 20_000 });

test('invite links: a chat link set is created, its short link clicked three times, and the counts show', async ({ page, context }) => {
  test.setTimeout(120_000);
  const name = `Spring offer ${Date.now().toString(36)}`;
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
  await page.goto(app('/invite-link/chat'));
  await expect(page.getByTestId('invite-links-page')).toBeVisible();
  await page.getByTestId('invite-links-add').click();
  const dialog = page.getByTestId('invite-link-dialog');
  await dialog.getByTestId('invite-link-name').fill(name);
  // A group link in a chat set is refused as typed (SPEC §5: please enter again).
  await dialog.getByTestId('invite-link-url-0').fill('https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv');
  await expect(dialog.getByText(/please enter again/i).first()).toBeVisible();
  await dialog.getByTestId('invite-link-url-0').fill('https://wa.me/14155550102');
  await expect(dialog.getByText(/please enter again/i)).toHaveCount(0);
  await page.getByTestId('invite-link-dialog-save').click();
  await expect(dialog).toBeHidden();
  const table = page.getByTestId('invite-links-table');
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expectAccessible(page, 'invite links list');

  // The short link: what Copy copies (the row shows its path, the whole address as its title).
  const shortUrl = await row.locator('bdi[title]').first().getAttribute('title');
  expect(shortUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/l\/[A-Za-z0-9_-]+$/);

  // Three visits in the browser. The chat service is out of reach here, so the browser's request
  // for the short link goes to the server as sent (its own headers) and the server's redirect is
  // read, then answered with a stand-in page instead of being followed to the chat service.
  const redirects: string[] = [];
  await context.route(shortUrl!, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    expect(response.status()).toBe(302);
    redirects.push(response.headers()['location'] ?? '');
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Chat</title><p>On the chat service</p>' });
  });
  const visitor = await context.newPage();
  for (let i = 0; i < 3; i += 1) {
    await visitor.goto(shortUrl!);
    await expect(visitor.getByText('On the chat service')).toBeVisible();
  }
  await visitor.close();
  expect(redirects).toHaveLength(3);
  // Each goes to the chat link, with the set's reference in its prefilled message (the funnel).
  for (const location of redirects) expect(location).toMatch(/^https:\/\/wa\.me\/14155550102\?text=/);
  expect(decodeURIComponent(redirects[0]!)).toMatch(/\(ref: [A-Za-z0-9_-]+\)/);

  // The detail: three clicks in the funnel, the per-link count and the chart's text alternative.
  await page.reload();
  await expect(page.getByTestId('invite-links-table')).toBeVisible();
  await page.getByTestId('invite-links-table').getByRole('row').filter({ hasText: name }).locator('[data-testid^="invite-link-details-"]').click();
  const detail = page.getByTestId('invite-link-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('invite-link-funnel')).toContainText('3');
  await expect(detail.getByTestId('invite-link-per-link')).toContainText('3');
  await expect(detail.getByTestId('invite-link-chart')).toBeVisible();
  await expectAccessible(page, 'invite link detail');
});
