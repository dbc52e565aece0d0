import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { app, createWorkspace, dismissGuidanceWhenShown, expectAccessible, signIn, signUp, uniqueEmail } from './helpers';

/** A person in their own browser context who signs up (and is then signed in). */
async function person(browser: Browser, tag: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(tag);
  await signUp(page, email, `${tag}-password-1`);
  return { page, email };
}

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The "N open · M awaiting reply" line of a panel, as its open count. */
const openCount = async (panelLocator: Locator) => Number(await panelLocator.locator('[data-testid^="panel-count-"]').getAttribute('data-open'));

async function openPipeline(page: Page) {
  await page.goto(app('/pipeline'));
  await expect(page.getByTestId('pipeline-page')).toBeVisible();
  await expect(page.getByTestId('pipeline-board')).toBeVisible();
}

async function addTab(page: Page, name: string) {
  await page.getByTestId('pipeline-add-tab').click();
  await expect(page.getByTestId('tab-dialog')).toBeVisible();
  await page.getByTestId('tab-name').fill(name);
  await page.getByTestId('tab-save').click();
  await expect(page.getByTestId('tab-dialog')).toHaveCount(0);
  await expect(panel(page, name)).toBeVisible();
}

async function addLead(page: Page, tabName: string, leadName: string) {
  await panel(page, tabName).locator('[data-testid^="panel-menu-"]').click();
  await page.getByRole('menuitem', { name: 'Add a lead here' }).click();
  await expect(page.getByTestId('lead-form')).toBeVisible();
  await page.getByTestId('lead-form-name').fill(leadName);
  await page.getByTestId('lead-form-save').click();
  await expect(page.getByTestId('lead-form')).toHaveCount(0);
  await expect(panel(page, tabName).getByText(leadName, { exact: true })).toBeVisible();
}

test('a pipeline: tabs, leads, search and dates, drag between tabs, close, the admin looks on, privacy', async ({ browser }) => {
  test.setTimeout(300_000);
  // The admin creates a workspace and a public link; two members join with it.
  const admin = await person(browser, 'padmin');
  await admin.page.getByTestId('confirmed-continue').click();
  await createWorkspace(admin.page, 'Pipeline team');
  await admin.page.goto(app('/settings/workspace-members'));
  await admin.page.getByTestId('members-invite').click();
  await admin.page.getByTestId('invite-tab-link').click();
  await admin.page.getByTestId('invite-link-generate').click();
  await expect.poll(() => admin.page.getByTestId('invite-link-url').inputValue()).toContain('invite_token=');
  const link = await admin.page.getByTestId('invite-link-url').inputValue();
  await admin.page.keyboard.press('Escape');
  const mia = await person(browser, 'pmia');
  const noa = await person(browser, 'pnoa');
  for (const who of [mia, noa]) {
    await who.page.goto(link);
    await who.page.getByTestId('invitation-join').click();
    await expect(who.page).toHaveURL(/\/crm\/v2\/home/);
  }

  // Mia opens the pipeline from the side menu: no leads yet, the sync guidance shows.
  await mia.page.getByRole('link', { name: 'Pipeline' }).first().click();
  await expect(mia.page.getByTestId('pipeline-page')).toBeVisible();
  await expect(mia.page.getByTestId('pipeline-empty')).toBeVisible();
  await mia.page.getByTestId('pipeline-sync-now').click();
  await expect(mia.page.getByTestId('pipeline-needs-extension')).toBeVisible();
  await expectAccessible(mia.page, 'empty pipeline');

  // Mia makes a tab; the admin makes another one for her through the member selector.
  await addTab(mia.page, 'Qualified');
  await openPipeline(admin.page);
  await admin.page.getByTestId('member-selector').click();
  await admin.page.getByRole('option', { name: new RegExp(mia.email.replace(/[.+]/g, '\\$&')) }).click();
  await expect(panel(admin.page, 'Qualified')).toBeVisible();
  await addTab(admin.page, 'Proposal');

  // Mia adds three leads to Qualified.
  await mia.page.reload();
  await expect(panel(mia.page, 'Proposal')).toBeVisible();
  for (const name of ['Acme Trading', 'Beta Foods', 'Gamma Tools']) await addLead(mia.page, 'Qualified', name);
  await expect.poll(() => openCount(panel(mia.page, 'Qualified'))).toBe(3);
  await expectAccessible(mia.page, 'pipeline with leads');

  // She finds Acme by its name, then within today's create time; the filters are in the URL.
  await mia.page.getByTestId('filter-search').fill('acm');
  await expect(panel(mia.page, 'Qualified').getByText('Beta Foods')).toHaveCount(0);
  await expect(panel(mia.page, 'Qualified').getByText('Acme Trading')).toBeVisible();
  await expect(mia.page).toHaveURL(/q=acm/);
  await mia.page.getByTestId('filter-created').getByRole('button', { name: 'Today' }).click();
  await expect(mia.page).toHaveURL(/created=\d+-\d+/);
  await expect(panel(mia.page, 'Qualified').getByText('Acme Trading')).toBeVisible();
  await mia.page.reload();
  await expect(mia.page.getByTestId('filter-search')).toHaveValue('acm');
  await expect(panel(mia.page, 'Qualified').getByText('Acme Trading')).toBeVisible();
  await expect(panel(mia.page, 'Qualified').getByText('Gamma Tools')).toHaveCount(0);
  await mia.page.getByTestId('filter-clear').click();
  await expect(panel(mia.page, 'Qualified').getByText('Gamma Tools')).toBeVisible();

  // She drags Acme onto Proposal: it moves at once and the counts follow.
  const acme = panel(mia.page, 'Qualified').locator('[data-testid^="lead-card-"]', { hasText: 'Acme Trading' });
  // Dropped near the top of the list: its middle may be far below, and reaching it would scroll.
  await acme.dragTo(panel(mia.page, 'Proposal').getByRole('list'), { targetPosition: { x: 40, y: 40 } });
  await expect(panel(mia.page, 'Proposal').getByText('Acme Trading')).toBeVisible();
  await expect(panel(mia.page, 'Qualified').getByText('Acme Trading')).toHaveCount(0);
  await expect.poll(() => openCount(panel(mia.page, 'Proposal'))).toBe(1);
  await expect.poll(() => openCount(panel(mia.page, 'Qualified'))).toBe(2);
  // The keyboard way: Beta moves with its Move to select.
  const beta = panel(mia.page, 'Qualified').locator('[data-testid^="lead-card-"]', { hasText: 'Beta Foods' }).locator('[data-testid^="lead-move-"]');
  await beta.selectOption({ label: 'Proposal' });
  await expect.poll(() => openCount(panel(mia.page, 'Proposal'))).toBe(2);

  // She closes Acme with a reason: hidden until Show closed leads is on.
  const acmeCard = panel(mia.page, 'Proposal').locator('[data-testid^="lead-card-"]', { hasText: 'Acme Trading' });
  await acmeCard.locator('[data-testid^="lead-actions-"]').click();
  await mia.page.getByTestId('lead-action-close').click();
  await expect(mia.page.getByTestId('close-dialog')).toBeVisible();
  await expectAccessible(mia.page, 'close a lead');
  await mia.page.getByTestId('close-reason').fill('Chose another supplier');
  await mia.page.getByTestId('close-confirm').click();
  await expect(panel(mia.page, 'Proposal').getByText('Acme Trading')).toHaveCount(0);
  await expect.poll(() => openCount(panel(mia.page, 'Proposal'))).toBe(1);
  await mia.page.getByText('Show closed leads', { exact: true }).click();
  await expect(mia.page.getByTestId('filter-closed')).toBeChecked();
  await expect(panel(mia.page, 'Proposal').getByText('Acme Trading')).toBeVisible();
  await expect(acmeCard).toContainText('Closed');

  // The admin, looking at Mia's pipeline, sees the same panels and leads.
  await openPipeline(admin.page);
  await expect(admin.page.getByTestId('member-selector')).toContainText(mia.email);
  await expect(panel(admin.page, 'Proposal').getByText('Beta Foods')).toBeVisible();
  await expect(panel(admin.page, 'Qualified').getByText('Gamma Tools')).toBeVisible();
  await expect.poll(() => openCount(panel(admin.page, 'Proposal'))).toBe(1);

  // Noa sees none of it: her own empty pipeline.
  await openPipeline(noa.page);
  await expect(noa.page.getByTestId('pipeline-empty')).toBeVisible();
  await expect(noa.page.getByText('Acme Trading')).toHaveCount(0);
  await expect(noa.page.getByText('Qualified')).toHaveCount(0);
});

test('on a phone the pipeline lists 5 leads a page (SPEC §9), and follows the screen when it widens', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // A demo member with leads in several tabs (signing a new person up would count against the
  // sign-ups one address may make in an hour, which the other journeys use).
  await dismissGuidanceWhenShown(page);
  await signIn(page, 'member2@demo.test', 'demo-member2-pass');
  await expect(page.getByTestId('home-page')).toBeVisible();
  /** The page sizes of the lead list calls made from now on. */
  const pageSizes: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/leads/list')) pageSizes.push(Number((request.postDataJSON() as { page_size: number }).page_size));
  });
  await page.goto(app('/pipeline'));
  await expect(page.getByTestId('pipeline-page')).toBeVisible();
  await expect(page.getByTestId('lead-panel-0')).toBeVisible();
  // Every panel's first page asks for 5 leads.
  await expect.poll(() => pageSizes.length > 0 && pageSizes.every((size) => size === 5)).toBe(true);
  await expectAccessible(page, 'pipeline on a phone');
  const onPhone = pageSizes.length;
  await page.setViewportSize({ width: 1280, height: 800 });
  // Wider: every panel loads again with 40.
  await expect.poll(() => pageSizes.length > onPhone && pageSizes.slice(onPhone).every((size) => size === 40)).toBe(true);
  await context.close();
});
