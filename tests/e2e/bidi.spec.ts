import { expect, test, type Page } from '@playwright/test';
import { app, baseUrl, signIn } from './helpers';

/**
 * User text on screen (docs/security.md, "User text on screen"): a chat synced with a
 * right-to-left override (U+202E) in its name and its message becomes a lead and a conversation;
 * on the pipeline's card, in the chat list and in the chat pane, in English and in Arabic, the
 * override shows as the visible mark `[U+202E]` inside an isolating <bdi>, the text reads in the
 * order it was stored ("evil[U+202E]gnp.exe", never "evilexe.png"), and no override reaches the page.
 */

const RLO = '\u202e';
const ADMIN_NUMBER = '14155550100';

/** Text of the first <bdi> holding `want`, and whether any bidi control is left in `root`. */
const isolated = (page: Page, testId: string, want: string) =>
  page.getByTestId(testId).evaluate(
    (root, w) => ({
      bdi: [...root.querySelectorAll('bdi')].map((b) => b.textContent ?? '').find((t) => t.includes(w)) ?? null,
      controls: /[\u202a-\u202e\u2066-\u2069]/u.test(root.textContent ?? ''),
    }),
    want,
  );

test('bidi: a synced name and message with a right-to-left override show the mark and keep their order, in English and Arabic', async ({ page }) => {
  test.setTimeout(120_000);
  // The first-run guidance (no extension here) is dismissed whenever it shows, in either language.
  await page.addLocatorHandler(page.getByTestId('first-run-guide'), async (guide) => {
    await guide.getByTestId('guide-not-now').click();
  });
  await signIn(page, 'admin@demo.test', 'demo-admin-pass');
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();

  // The admin's own upload, as the companion extension sends it: a single chat (it becomes a lead).
  const suffix = String(Date.now() % 100_000).padStart(5, '0');
  const chatId = `1415556${suffix}@c.us`;
  const name = `evil${RLO}gnp.exe ${suffix}`;
  const shownName = `evil[U+202E]gnp.exe ${suffix}`;
  const res = await fetch(`${baseUrl()}/api/crm/v2/sync/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      number: ADMIN_NUMBER,
      chats: [{ chat_whatsapp_id: chatId, name, avatar_url: null }],
      messages: [{ chat_whatsapp_id: chatId, msg_key: `bidi-${suffix}`, send_time: Date.now(), from_me: false, type: 'chat', text: `see *${RLO}evil name* now` }],
    }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(100000);

  for (const language of ['en', 'ar'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);

    // The pipeline: the lead's card.
    await page.goto(app('/pipeline'));
    await expect(page.getByTestId('pipeline-board')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await page.getByTestId('filter-search').fill('evil');
    const card = page.locator('[data-testid^="lead-open-"]', { hasText: shownName });
    await expect(card).toBeVisible({ timeout: 20_000 });
    expect(await card.locator('bdi').textContent()).toBe(shownName);
    expect(await card.textContent()).not.toContain(RLO);

    // The conversations: the list's row and the open chat, its formatting kept.
    await page.goto(app('/conversation'));
    const list = page.getByTestId('chat-list');
    await expect(list).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('chat-search').fill(suffix);
    const row = list.locator('bdi', { hasText: shownName }).first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    expect(await row.textContent()).toBe(shownName);
    await row.click();
    await expect(page.getByTestId('chat-messages')).toBeVisible({ timeout: 20_000 });
    expect(await isolated(page, 'chat-title', suffix)).toEqual({ bdi: shownName, controls: false });
    const bubble = page.locator('[data-testid="message-bidi-' + suffix + '"]');
    await expect(bubble.locator('strong')).toHaveText('[U+202E]evil name');
    expect(await bubble.textContent()).toContain('see [U+202E]evil name now');
    expect(await isolated(page, 'chat-list', suffix)).toMatchObject({ controls: false });
  }
});
