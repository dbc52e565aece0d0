/**
 * Leaving a workspace by application end to end (SPEC §4: "leaving requires applying to the
 * administrator"): a member of the demo team applies on the members page and keeps their access,
 * the admin sees the application on the members page and approves it, and the member is then out
 * of the workspace (their next load lands on /workspace).
 *
 * The member is a person who signs up and joins the demo team inside this journey (the demo
 * members are used by other journeys against the same database, so none of them leaves), from a
 * client address of its own (the e2e server trusts X-Forwarded-For from loopback): sign-ups are
 * limited per address and hour, and the other journeys sign people up too. Leaving frees the seat
 * the joiner took, so the demo team's seats are as they were.
 */
import { expect, test } from '@playwright/test';
import { app, demoTeamLink, dismissGuidanceWhenShown, expectAccessible, signIn, signUp, uniqueEmail } from './helpers';

const MEMBERS = '/settings/workspace-members';

test('a member applies to leave, keeps access while pending, the admin approves on the members page, and the member is out', async ({ browser }) => {
  test.setTimeout(180_000);
  const link = await demoTeamLink(browser);

  // A new member joins the demo team.
  const memberContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.57' } });
  const member = await memberContext.newPage();
  await dismissGuidanceWhenShown(member);
  const email = uniqueEmail('leaver');
  await signUp(member, email, 'leaver-pass-123');
  await member.goto(link);
  await member.getByTestId('invitation-join').click();
  await expect(member).toHaveURL(/\/crm\/v2\/home/);

  // The member applies: the dialog says leaving is by application and access stays until approved.
  await member.goto(app(MEMBERS));
  await expect(member.getByTestId('members-page')).toBeVisible();
  await expect(member.getByTestId('members-leave')).toBeEnabled();
  await member.getByTestId('members-leave').click();
  const dialog = member.getByTestId('leave-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Leaving is done by applying to your workspace admin. You keep full access until the admin approves');
  await expectAccessible(member, 'leave application dialog');
  await dialog.getByTestId('leave-note').fill('Moving to another team');
  await dialog.getByTestId('leave-apply').click();
  await expect(member.getByTestId('leave-pending')).toContainText('You keep full access until your workspace admin approves.');
  await expect(member.getByTestId('members-leave')).toHaveCount(0);
  await expectAccessible(member, 'leave application pending');

  // Still a member while pending: other screens open, and the application is still there after a reload.
  await member.goto(app('/pipeline'));
  await expect(member.getByTestId('pipeline-page')).toBeVisible();
  await member.goto(app(MEMBERS));
  await expect(member.getByTestId('leave-pending')).toBeVisible();

  // The admin sees the application on the members page and approves it (after confirming).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await dismissGuidanceWhenShown(admin);
  await signIn(admin, 'admin@demo.test', 'demo-admin-pass');
  await expect(admin).toHaveURL(/\/crm\/v2\/home/);
  await admin.goto(app(MEMBERS));
  const row = admin.getByTestId(`leave-review-row-${email}`);
  await expect(row).toContainText('Moving to another team');
  await expect(admin.getByTestId(`member-row-${email}`)).toContainText('Joined');
  await expectAccessible(admin, 'pending applications to leave');
  await row.getByTestId(`leave-approve-${email}`).click();
  const confirm = admin.getByTestId('leave-approve-dialog');
  await expect(confirm).toContainText(`Approve ${email} leaving?`);
  await expectAccessible(admin, 'approve leaving');
  await confirm.getByTestId('leave-approve-ok').click();
  await expect(admin.getByTestId('leave-review-notice')).toContainText('the member has left the workspace');
  await expect(admin.getByTestId(`member-row-${email}`)).toContainText('Removed');
  await expect(admin.getByTestId(`leave-review-row-${email}`)).toHaveCount(0);

  // The member is out: their next load goes to /workspace, to create or join a workspace.
  await member.reload();
  await expect(member).toHaveURL(/\/crm\/workspace/);
  await expect(member.getByTestId('workspace-page')).toBeVisible();
  await expectAccessible(member, 'after leaving');

  await memberContext.close();
  await adminContext.close();
});
