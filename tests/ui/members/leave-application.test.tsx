/**
 * Leaving a workspace by application on the members page (SPEC §4: "leaving requires applying to
 * the administrator"), rendered in the real app against the real server (./team-server.tsx): the
 * member's Leave opens a dialog saying so, Apply sends the application and the member stays (with
 * full access) until approved, the pending application shows with Withdraw; the owner and
 * managers see the pending applications with Approve (after a confirmation: the member is then
 * removed and the list shows it) and Decline; a member whose application was approved meanwhile
 * is taken to /workspace at their next action. In English, Arabic and Simplified Chinese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { leaveEndpoints } from '../../../src/contract/leave';
import { createApiClient } from '../../../src/services/api/client';
import { dataOf } from '../../../src/services/answer';
import { createMemoryBackend, createStorage } from '../../../src/services/storage';
import { emails, renderMembers, rowCells, startTeamServer, usualSeed, WORKSPACE_ID, type TeamServer } from './team-server';

// jsdom has no Element.scrollTo; Ark's select scrolls its list to the chosen item.
if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/team/members-screen')]);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const W = WORKSPACE_ID;
const { member, target } = emails;
const T = 10_000;
const serverRow = async (email: string) => (await server.members()).find((m) => m.email === email);
/** The usual team, and a pending application to leave by the target. */
const targetApplied = [...usualSeed, { leave: 'target' as const, note: 'Moving to the Lisbon office' }];

/** The Leave button, once the member's application is known (it waits for it). */
const leaveButton = async () => {
  const button = await screen.findByTestId('members-leave', {}, { timeout: T });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false), { timeout: T });
  return button;
};

describe('a member applies to leave', () => {
  it('says leaving is by application and access stays until approved; applies, stays, and may withdraw', async () => {
    const { app, page, bodies } = await renderMembers(server, { as: 'member' });
    const user = userEvent.setup({ delay: null });
    expect(bodies('leaveMine')).toHaveLength(1);

    await user.click(await leaveButton());
    let dialog = await screen.findByTestId('leave-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Apply to leave this workspace?');
    expect(dialog.textContent).toContain('Leaving is done by applying to your workspace admin. You keep full access until the admin approves');
    expect(dialog.textContent).toContain('Up to 500 characters.');
    await user.click(within(dialog).getByTestId('leave-cancel'));
    await waitFor(() => expect(screen.queryByTestId('leave-dialog')).toBeNull());
    expect(bodies('workspaceLeave')).toEqual([]);

    await user.click(await leaveButton());
    dialog = await screen.findByTestId('leave-dialog');
    await user.type(within(dialog).getByTestId('leave-note'), '  Moving on  ');
    await user.click(within(dialog).getByTestId('leave-apply'));
    await waitFor(() => expect(bodies('workspaceLeave')).toEqual([{ workspaceId: W, note: 'Moving on' }]));

    // Pending: the member stays, with full access, on the members page; Leave gives way to Withdraw.
    const pending = await screen.findByTestId('leave-pending', {}, { timeout: T });
    expect(pending.textContent).toMatch(/^You applied to leave on .+\. You keep full access until your workspace admin approves\.Withdraw application$/);
    expect(screen.getByTestId('leave-notice').textContent).toBe('Your application to leave was sent to the workspace admin.');
    expect(screen.queryByTestId('members-leave')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('leave-dialog')).toBeNull());
    expect(app.location()).toBe('/settings/workspace-members');
    expect(rowCells(member)[4]).toBe('Joined');
    expect((await serverRow(member))?.status).toBe('joined');
    expect(page.isConnected).toBe(true);

    await user.click(screen.getByTestId('leave-withdraw'));
    await waitFor(() => expect(screen.queryByTestId('leave-pending')).toBeNull(), { timeout: T });
    expect(screen.getByTestId('leave-notice').textContent).toBe('Your application to leave was withdrawn.');
    expect(bodies('leaveWithdraw')).toHaveLength(1);
    expect(await leaveButton()).toBeTruthy();
    expect((await serverRow(member))?.status).toBe('joined');
  });

  it('finds the pending application on the page; approved meanwhile, the next action takes them to /workspace', async () => {
    const { app, world } = await renderMembers(server, { as: 'target', seed: targetApplied });
    const pending = await screen.findByTestId('leave-pending', {}, { timeout: T });
    expect(pending.textContent).toContain('You applied to leave on');
    expect(screen.queryByTestId('members-leave')).toBeNull();

    // The owner approves elsewhere.
    const owner = createApiClient({
      baseUrl: 'http://test',
      storage: createStorage(createMemoryBackend({ accessToken: world.who.admin.accessToken })),
      notify: () => undefined,
      onSessionEnded: () => undefined,
      fetch: server.fetch,
    });
    const list = dataOf(await owner.call(leaveEndpoints.leavePending));
    const id = list.items[0]?.id;
    expect(id).toBeTruthy();
    expect(dataOf(await owner.call(leaveEndpoints.leaveApprove, { id: id! })).status).toBe('approved');

    // Withdrawing now finds the person out of the workspace: the gate takes them to /workspace.
    await userEvent.setup({ delay: null }).click(screen.getByTestId('leave-withdraw'));
    expect(await screen.findByTestId('workspace-page', {}, { timeout: T })).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/workspace'));
    expect((await serverRow(target))?.status).toBe('removed');
  });

  it('offers no Leave to the owner, who disbands instead', async () => {
    await renderMembers(server);
    expect(screen.getByTestId('members-disband')).toBeTruthy();
    expect(screen.queryByTestId('members-leave')).toBeNull();
    expect(screen.queryByTestId('leave-pending')).toBeNull();
  });
});

describe('the owner and managers decide', () => {
  it('lists the pending applications; Approve asks first, then removes the member and the list shows it', async () => {
    const { page, bodies } = await renderMembers(server, { seed: targetApplied });
    const review = await screen.findByTestId('leave-review', {}, { timeout: T });
    expect(within(review).getByRole('heading').textContent).toBe('Applications to leave');
    const row = within(review).getByTestId(`leave-review-row-${target}`);
    expect(row.textContent).toContain(target);
    expect(row.textContent).toContain('Moving to the Lisbon office');
    expect(row.textContent).toMatch(/Applied on /);
    // The applicant's name, address and reason are blurred by the privacy switch.
    expect(row.querySelectorAll('[data-sensitive]').length).toBeGreaterThanOrEqual(2);

    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByTestId(`leave-approve-${target}`));
    let dialog = await screen.findByTestId('leave-approve-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(`Approve ${target} leaving?`);
    expect(dialog.textContent).toContain('They lose access to the workspace at once. Their own data is kept');
    await user.click(within(dialog).getByTestId('leave-approve-cancel'));
    await waitFor(() => expect(screen.queryByTestId('leave-approve-dialog')).toBeNull());
    expect(bodies('leaveApprove')).toEqual([]);
    expect(rowCells(target)[4]).toBe('Joined');

    await user.click(within(row).getByTestId(`leave-approve-${target}`));
    dialog = await screen.findByTestId('leave-approve-dialog');
    await user.click(within(dialog).getByTestId('leave-approve-ok'));
    await waitFor(() => expect(bodies('leaveApprove')).toHaveLength(1));
    expect(await screen.findByTestId('leave-review-notice', {}, { timeout: T })).toBeTruthy();
    expect(screen.getByTestId('leave-review-notice').textContent).toBe('Application approved: the member has left the workspace.');
    // The members page loads again and shows them removed (their data kept, SPEC §4).
    await waitFor(() => expect(rowCells(target)[4]).toBe('Removed'), { timeout: T });
    expect(bodies('workspacePage')).toHaveLength(2);
    expect(screen.queryByTestId(`leave-review-row-${target}`)).toBeNull();
    expect((await serverRow(target))?.status).toBe('removed');
    expect(page.isConnected).toBe(true);
  });

  it('Decline keeps the member; a manager decides too', async () => {
    const { bodies } = await renderMembers(server, { as: 'manager', seed: targetApplied });
    const row = await screen.findByTestId(`leave-review-row-${target}`, {}, { timeout: T });
    await userEvent.setup({ delay: null }).click(within(row).getByTestId(`leave-decline-${target}`));
    expect((await screen.findByTestId('leave-review-notice', {}, { timeout: T })).textContent).toBe('Application declined: the member stays in the workspace.');
    expect(bodies('leaveDecline')).toHaveLength(1);
    expect(screen.queryByTestId('leave-approve-dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId(`leave-review-row-${target}`)).toBeNull(), { timeout: T });
    expect(rowCells(target)[4]).toBe('Joined');
    expect((await serverRow(target))?.status).toBe('joined');
  });

  it('shows a member no applications of others', async () => {
    const { bodies } = await renderMembers(server, { as: 'member', seed: targetApplied });
    await leaveButton();
    expect(screen.queryByTestId('leave-review')).toBeNull();
    expect(bodies('leavePending')).toEqual([]);
  });
});

describe('in other languages', () => {
  it('reads in Arabic, right to left: the dialog, the pending application and the deciders’ list say the same', async () => {
    await renderMembers(server, { as: 'member', storage: { language: 'ar' } });
    expect(document.documentElement.dir).toBe('rtl');
    const user = userEvent.setup({ delay: null });
    await user.click(await leaveButton());
    const dialog = await screen.findByTestId('leave-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('تقديم طلب لمغادرة مساحة العمل هذه؟');
    expect(dialog.textContent).toContain('تتم المغادرة بتقديم طلب إلى مسؤول مساحة العمل. يبقى لديك وصول كامل حتى يوافق المسؤول');
    await user.click(within(dialog).getByTestId('leave-apply'));
    const pending = await screen.findByTestId('leave-pending', {}, { timeout: T });
    expect(pending.textContent).toContain('يبقى لديك وصول كامل حتى يوافق مسؤول مساحة العمل.');
    expect(within(pending).getByTestId('leave-withdraw').textContent).toBe('سحب الطلب');

    await renderMembers(server, { seed: targetApplied, storage: { language: 'ar' } });
    const review = await screen.findByTestId('leave-review', {}, { timeout: T });
    expect(within(review).getByRole('heading').textContent).toBe('طلبات المغادرة');
    expect(within(review).getByTestId(`leave-approve-${target}`).textContent).toBe('موافقة');
    expect(within(review).getByTestId(`leave-decline-${target}`).textContent).toBe('رفض');
  });

  it('reads in Simplified Chinese', async () => {
    await renderMembers(server, { as: 'member', storage: { language: 'zh-CN' } });
    const user = userEvent.setup({ delay: null });
    const leave = await leaveButton();
    expect(leave.textContent).toBe('退出工作区');
    await user.click(leave);
    const dialog = await screen.findByTestId('leave-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('申请退出此工作区？');
    expect(dialog.textContent).toContain('退出需要向工作区管理员提交申请。在管理员批准之前，你仍拥有全部访问权限');
    await user.click(within(dialog).getByTestId('leave-apply'));
    const pending = await screen.findByTestId('leave-pending', {}, { timeout: T });
    expect(pending.textContent).toContain('在工作区管理员批准之前，你仍拥有全部访问权限。');

    await renderMembers(server, { seed: targetApplied, storage: { language: 'zh-CN' } });
    const review = await screen.findByTestId('leave-review', {}, { timeout: T });
    expect(within(review).getByRole('heading').textContent).toBe('退出申请');
    await user.click(within(review).getByTestId(`leave-approve-${target}`));
    expect(within(await screen.findByTestId('leave-approve-dialog')).getByRole('heading').textContent).toBe(`批准 ${target} 退出？`);
  });
});
