/**
 * Analytics end to end in Chromium against the real server (SPEC §2 /analytics, §3 Analytics
 * numbers, §6 member selector, §7 Analytics): the demo team's manager opens the analytics page,
 * chooses a member in the member selector and reads that member's numbers; a lead the member adds
 * shows as one more new lead today on the manager's page after a refresh, and the numbers are the
 * ones the server answers for that member.
 */
import { expect, test, type Page } from '@playwright/test';
import { analyticsEndpoints } from '../../src/contract/analytics';
import { camelKeys, snakeKeys } from '../../src/contract/case';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { leadsEndpoints } from '../../src/contract/leads';
import { baseUrl, expectAccessible, signIn } from './helpers';

const manager = { email: 'manager@demo.test', password: 'demo-manager-pass' };
const member = { email: 'member1@demo.test', password: 'demo-member1-pass' };
const OK = 100000;

async function api<T>(token: string, path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(snakeKeys(body)),
  });
  const envelope = (await response.json()) as { code: number; data: unknown; message: string };
  expect(envelope.code, `${path}: ${envelope.message}`).toBe(OK);
  return camelKeys(envelope.data) as T;
}

async function signInForToken(page: Page, who: { email: string; password: string }): Promise<string> {
  await signIn(page, who.email, who.password);
  await expect(page).toHaveURL(/\/crm\/v2\/home/);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  return token!;
}

const numberIn = async (page: Page, testId: string): Promise<number> => {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
};

test.use({ actionTimeout: 20_000 });

test('analytics: a manager reads a member’s numbers through the member selector', async ({ browser }) => {
  test.setTimeout(120_000);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const memberToken = await signInForToken(memberPage, member);
  const memberInfo = await api<{ userId: string }>(memberToken, '/public/user/setting');

  const context = await browser.newContext({ timezoneId: 'UTC' });
  const page = await context.newPage();
  const managerToken = await signInForToken(page, manager);
  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await expect(page).toHaveURL(/\/crm\/analytics/);
  await expect(page.getByTestId('analytics-total')).toBeVisible();

  // The member selector: the member's numbers replace the manager's own.
  await page.getByTestId('member-selector').click();
  await page.getByRole('option', { name: /Mia Member/ }).click();
  await expect(page.getByTestId('member-selector')).toContainText(/Mia Member|member1@demo\.test/);
  const forMember = { [SOURCE_USER_HEADER]: memberInfo.userId };
  const expected = await api<{ totalFollow: number }>(managerToken, analyticsEndpoints.adminAnalysisTotal.path, {}, forMember);
  await expect.poll(() => numberIn(page, 'analytics-total')).toBe(expected.totalFollow);
  const status = await api<{ total: number; open: number; closed: number }>(managerToken, analyticsEndpoints.adminLeadsStatusCount.path, {}, forMember);
  await expect.poll(() => numberIn(page, 'analytics-status-open')).toBe(status.open);
  await expect(page.getByTestId('analytics-sync')).toBeVisible();
  await expect(page.getByTestId('analytics-trend')).toBeVisible();
  await expectAccessible(page, 'analytics for a member');

  // The member adds a lead: one more new lead today for them on the manager's page.
  const before = await numberIn(page, 'analytics-day-new');
  await api(memberToken, leadsEndpoints.memberLeadsAdd.path, { name: `Analytics lead ${Date.now().toString(36)}`, tabId: 0 });
  await page.getByTestId('analytics-refresh').click();
  await expect.poll(() => numberIn(page, 'analytics-day-new')).toBe(before + 1);
  await expect.poll(() => numberIn(page, 'analytics-total')).toBe(expected.totalFollow + 1);

  await memberContext.close();
  await context.close();
});
