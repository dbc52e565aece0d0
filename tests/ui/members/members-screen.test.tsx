/**
 * The workspace-members screen (/settings/workspace-members, SPEC §2, §4 Member status, §6 roles,
 * §7 Workspace calls) rendered in the real app on a fake workspace server: the paged list, the
 * admin's changes and removals, invitations, what managers and members may do, leaving and
 * exit-and-delete, the list's loading, empty and error states, and the screen in Arabic and Chinese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code, codeMessage } from '../../../src/contract/codes';
import type { WorkspaceMember } from '../../../src/contract/workspace';
import { ApiError } from '../../../src/services/api/client';
import { adminUser, managerUser, memberUser } from '../../support/fixtures';
import { failResult, okResult, renderApp } from '../harness';
import {
  invitedRow,
  managerRow,
  MEMBERS_PATH,
  member,
  memberRow,
  otherRow,
  ownerRow,
  pickOption,
  removedRow,
  renderMembers,
  rowCells,
  teamServer,
  type User,
} from './members-fixture';

// jsdom has no Element.scrollTo; Ark's select scrolls its list to the chosen item.
if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;

// The whole app renders in jsdom (a full page of members is 40 Ark selects): give it room under load.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  // Load the lazy route modules once, so the first test does not wait for their transform.
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/team/members-screen')]);
});

afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const W = 'w-1';
const rowIds = () => screen.queryAllByTestId(/^member-row-/).map((r) => r.getAttribute('data-testid')?.slice('member-row-'.length));
const confirmDialog = () => screen.findByTestId('members-confirm');
const headers = (page: HTMLElement) => Array.from(page.querySelectorAll('thead th'), (h) => h.textContent);
const title = (page: HTMLElement) => page.querySelector('h1')?.textContent;
/** The pager, with its accessible name ('Page 1 of 2') checked; role queries are slow on a full table. */
const pager = (page: HTMLElement, name: string) => {
  const nav = page.querySelector('nav');
  expect(nav?.getAttribute('aria-label')).toBe(name);
  return nav as HTMLElement;
};

/** Resolves when the list has been asked for `n` times in all and shows no busy state. */
const settled = async (page: HTMLElement, calls: () => number, n: number) => {
  await waitFor(() => expect(calls()).toBe(n));
  await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'));
};

describe('the member list', () => {
  const filler = Array.from({ length: 20 }, (_, i) => member({ email: `m${String(i + 1).padStart(2, '0')}@example.test`, number: `+1555000${i}` }));
  const twentyFive: WorkspaceMember[] = [ownerRow, managerRow, memberRow, invitedRow, ...filler.slice(0, 16), removedRow, ...filler.slice(16)];

  it('shows an admin 20 members a page with email, role, number, sync type and status, and pages on', async () => {
    const { page, bodies } = await renderMembers({ rows: twentyFive });
    expect(title(page)).toBe('Workspace members');
    expect(page.textContent).toContain('Everyone in Acme Support');
    expect(headers(page)).toEqual(['Email', 'Role', 'Chat number', 'Sync type', 'Status', 'Actions']);
    expect(bodies('workspacePage')).toEqual([{ workspaceId: W, page: 1, size: 20 }]);

    expect(rowIds()).toEqual(twentyFive.slice(0, 20).map((r) => r.email));
    expect(rowCells(adminUser.email)).toEqual([`${adminUser.email} (you)`, 'Admin', '—', 'Auto', 'Joined', '']);
    expect(rowCells(managerUser.email)).toEqual([managerUser.email, 'Manager', '—', 'Manual', 'Joined', 'Remove']);
    expect(rowCells(memberUser.email)).toEqual([memberUser.email, 'Member', '+15550100', 'Manual', 'Joined', 'Remove']);
    expect(rowCells(invitedRow.email)).toEqual([invitedRow.email, 'Member', '—', 'Off', 'Invited', 'Resend|Delete invitation']);
    // The number is kept left-to-right (a phone number inside any text direction).
    expect(screen.getByTestId(`member-row-${memberUser.email}`).querySelector('bdi')?.getAttribute('dir')).toBe('ltr');

    const pager1 = pager(page, 'Page 1 of 2');
    expect(pager1.textContent).toContain('Page 1 of 2');
    expect(within(pager1).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup({ delay: null });
    await user.click(within(pager1).getByRole('button', { name: 'Next' }));
    await settled(page, () => bodies('workspacePage').length, 2);
    expect(bodies('workspacePage')[1]).toEqual({ workspaceId: W, page: 2, size: 20 });
    await waitFor(() => expect(rowIds()).toEqual(twentyFive.slice(20).map((r) => r.email)));
    expect(rowCells(removedRow.email)).toEqual([removedRow.email, 'Member', '—', 'Off', 'Removed', 'Invite again']);
    const pager2 = pager(page, 'Page 2 of 2');
    expect(within(pager2).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(pager2).getByRole('button', { name: 'Previous' }));
    await settled(page, () => bodies('workspacePage').length, 3);
    expect(bodies('workspacePage')[2]).toEqual({ workspaceId: W, page: 1, size: 20 });
    await waitFor(() => expect(rowIds()).toHaveLength(20));
  });

  it('has no pager when every member fits on one page', async () => {
    const { page } = await renderMembers({ rows: twentyFive.slice(0, 20) });
    expect(rowIds()).toHaveLength(20);
    expect(page.querySelector('nav')).toBeNull();
  });

  it('says so when the workspace has nobody to list', async () => {
    const { page } = await renderMembers({ extra: { workspacePage: () => okResult({ items: [], total: 0, page: 1, size: 20 }) } });
    expect(page.textContent).toContain('No members yet. Invite your colleagues to work together.');
    expect(rowIds()).toEqual([]);
    expect(page.querySelector('nav')).toBeNull();
    expect(screen.queryByTestId('members-retry')).toBeNull();
  });

  it('is busy while the page loads, without claiming the list is empty', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rows = [ownerRow, otherRow];
    const server = teamServer({
      rows,
      extra: {
        workspacePage: async () => {
          await gate;
          return okResult({ items: rows, total: rows.length, page: 1, size: 20 });
        },
      },
    });
    await renderApp({ path: MEMBERS_PATH, api: server.api, storage: { accessToken: 'tok' } });
    const page = await screen.findByTestId('members-page', {}, { timeout: 5000 });
    await waitFor(() => expect(server.bodies('workspacePage')).toHaveLength(1));
    expect(page.getAttribute('aria-busy')).toBe('true');
    expect(page.textContent).not.toContain('No members yet');
    expect(screen.getByTestId('members-loading').textContent).toBe('Loading members…');
    expect(rowIds()).toEqual([]);
    release();
    await waitFor(() => expect(rowIds()).toEqual([adminUser.email, otherRow.email]));
    expect(page.getAttribute('aria-busy')).toBe('false');
  });

  it('shows an error with a retry that works when a page cannot be loaded', async () => {
    let failures = 1;
    const rows = [ownerRow, otherRow];
    const { page, bodies } = await renderMembers({
      rows,
      extra: {
        workspacePage: (body) => {
          if (failures > 0) {
            failures -= 1;
            throw new ApiError('network', 'workspacePage', 'offline');
          }
          return okResult({ items: rows, total: rows.length, page: body?.page ?? 1, size: 20 });
        },
      },
    });
    expect(page.textContent).toContain('The member list could not be loaded.');
    expect(page.textContent).not.toContain('No members yet');
    expect(rowIds()).toEqual([]);
    expect(screen.getByTestId('members-retry').textContent).toBe('Try again');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('members-retry'));
    await waitFor(() => expect(rowIds()).toEqual([adminUser.email, otherRow.email]));
    expect(bodies('workspacePage')).toEqual([
      { workspaceId: W, page: 1, size: 20 },
      { workspaceId: W, page: 1, size: 20 },
    ]);
    expect(page.textContent).not.toContain('could not be loaded');
    expect(screen.queryByTestId('members-retry')).toBeNull();
  });

  it('retries the page that failed (page 2), and a refusal code counts as a failure too', async () => {
    const rows = Array.from({ length: 23 }, (_, i) => member({ email: `p${i + 1}@example.test` }));
    let failPage2 = true;
    const { page, bodies } = await renderMembers({
      rows,
      extra: {
        workspacePage: (body) => {
          const p = body?.page ?? 1;
          if (p === 2 && failPage2) {
            failPage2 = false;
            return failResult(Code.INTERNAL, codeMessage[Code.INTERNAL]);
          }
          return okResult({ items: rows.slice((p - 1) * 20, p * 20), total: rows.length, page: p, size: 20 });
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(within(pager(page, 'Page 1 of 2')).getByRole('button', { name: 'Next' }));
    const retry = await screen.findByTestId('members-retry');
    expect(page.textContent).toContain('The member list could not be loaded.');
    // Page 1 stays on screen, named as page 1, until page 2 arrives.
    expect(rowIds()[0]).toBe('p1@example.test');
    expect(pager(page, 'Page 1 of 2').textContent).toContain('Page 1 of 2');
    await user.click(retry);
    await waitFor(() => expect(rowIds()).toEqual(['p21@example.test', 'p22@example.test', 'p23@example.test']));
    expect(bodies('workspacePage').map((b) => (b as { page: number }).page)).toEqual([1, 2, 2]);
    expect(pager(page, 'Page 2 of 2').textContent).toContain('Page 2 of 2');
  });
});

describe('an admin changing members', () => {
  it('makes a member a manager: sends the level and shows the new role', async () => {
    const { page, bodies, rows } = await renderMembers();
    const user = userEvent.setup({ delay: null });
    await pickOption(user, `member-role-${otherRow.email}`, 'Manager');
    await waitFor(() => expect(bodies('userLevelUpdate')).toEqual([{ userLevel: 'manager', userId: otherRow.userId, workspaceId: W }]));
    await settled(page, () => bodies('workspacePage').length, 2);
    expect(rowCells(otherRow.email)[1]).toBe('Manager');
    expect(rows.find((r) => r.userId === otherRow.userId)?.level).toBe('manager');
    expect(screen.getByTestId('members-notice').textContent).toBe('Save success');
  });

  it('sets a sync type to auto: sends it and shows it', async () => {
    const { page, bodies } = await renderMembers();
    expect(rowCells(memberUser.email)[3]).toBe('Manual');
    const user = userEvent.setup({ delay: null });
    await pickOption(user, `member-sync-${memberUser.email}`, 'Auto');
    await waitFor(() => expect(bodies('syncTypeUpdate')).toEqual([{ syncType: 'auto', userId: memberUser.userId, workspaceId: W }]));
    await settled(page, () => bodies('workspacePage').length, 2);
    expect(rowCells(memberUser.email)[3]).toBe('Auto');
    expect(screen.getByTestId('members-notice').textContent).toBe('Save success');
  });

  it('keeps the old role and shows the refusal when the server forbids the change', async () => {
    const { page, bodies } = await renderMembers({
      extra: { userLevelUpdate: () => failResult(Code.FORBIDDEN, codeMessage[Code.FORBIDDEN]) },
    });
    const user = userEvent.setup({ delay: null });
    await pickOption(user, `member-role-${otherRow.email}`, 'Manager');
    const error = await screen.findByTestId('members-error');
    expect(error.textContent).toBe('Request failed: You do not have permission to do this');
    expect(bodies('userLevelUpdate')).toHaveLength(1);
    await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'));
    expect(rowCells(otherRow.email)[1]).toBe('Member');
    expect(screen.queryByTestId('members-notice')).toBeNull();
    // Nothing changed, so the list is not asked for again.
    expect(bodies('workspacePage')).toHaveLength(1);
  });

  it('keeps the old sync type when the change is refused, and says so plainly when the call fails', async () => {
    let refuse = true;
    const { bodies } = await renderMembers({
      extra: {
        syncTypeUpdate: () => {
          if (refuse) {
            refuse = false;
            return failResult(Code.FORBIDDEN, codeMessage[Code.FORBIDDEN]);
          }
          throw new ApiError('network', 'syncTypeUpdate', 'offline');
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await pickOption(user, `member-sync-${otherRow.email}`, 'Auto');
    expect((await screen.findByTestId('members-error')).textContent).toBe('Request failed: You do not have permission to do this');
    expect(rowCells(otherRow.email)[3]).toBe('Off');
    await pickOption(user, `member-sync-${otherRow.email}`, 'Manual');
    await waitFor(() => expect(screen.getByTestId('members-error').textContent).toBe('Request failed, please try again later'));
    expect(bodies('syncTypeUpdate')).toEqual([
      { syncType: 'auto', userId: otherRow.userId, workspaceId: W },
      { syncType: 'manual', userId: otherRow.userId, workspaceId: W },
    ]);
    expect(rowCells(otherRow.email)[3]).toBe('Off');
  });

  it('asks before removing a member: cancel sends nothing, confirm removes them', async () => {
    const { page, bodies } = await renderMembers();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId(`member-remove-${otherRow.email}`));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText(`Remove ${otherRow.email}?`)).toBeTruthy();
    expect(dialog.textContent).toContain('They lose access at once. Their data is kept.');
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('members-confirm')).toBeNull());
    expect(bodies('inviteRecordDelete')).toEqual([]);
    expect(rowCells(otherRow.email)[4]).toBe('Joined');

    await user.click(screen.getByTestId(`member-remove-${otherRow.email}`));
    await user.click(within(await confirmDialog()).getByTestId('confirm-ok'));
    await waitFor(() => expect(bodies('inviteRecordDelete')).toEqual([{ workspaceId: W, targetUserId: otherRow.userId }]));
    await settled(page, () => bodies('workspacePage').length, 2);
    await waitFor(() => expect(screen.queryByTestId('members-confirm')).toBeNull());
    expect(rowCells(otherRow.email)).toEqual([otherRow.email, 'Member', '—', 'Off', 'Removed', 'Invite again']);
    expect(screen.getByTestId('members-notice').textContent).toBe('Successfully deleted');
  });

  it('resends an invitation at once, and deletes one after confirming', async () => {
    const { page, bodies } = await renderMembers();
    // An invitation has no role or sync type to edit and nobody to remove yet.
    expect(screen.queryByTestId(`member-role-${invitedRow.email}`)).toBeNull();
    expect(screen.queryByTestId(`member-sync-${invitedRow.email}`)).toBeNull();
    expect(screen.queryByTestId(`member-remove-${invitedRow.email}`)).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId(`member-resend-${invitedRow.email}`));
    await waitFor(() => expect(bodies('inviteRecordCreate')).toEqual([{ emails: [invitedRow.email] }]));
    expect(screen.queryByTestId('members-confirm')).toBeNull();
    expect((await screen.findByTestId('members-notice')).textContent).toBe('Send invitation email success');
    await settled(page, () => bodies('workspacePage').length, 2);

    await user.click(screen.getByTestId(`member-delete-invite-${invitedRow.email}`));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText(`Delete the invitation for ${invitedRow.email}?`)).toBeTruthy();
    expect(dialog.textContent).toContain('The invitation link they received stops working.');
    expect(bodies('inviteRecordDelete')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(bodies('inviteRecordDelete')).toEqual([{ workspaceId: W, email: invitedRow.email }]));
    await waitFor(() => expect(screen.queryByTestId(`member-row-${invitedRow.email}`)).toBeNull());
    expect(screen.getByTestId('members-notice').textContent).toBe('Successfully deleted');
  });

  it('invites a removed member again', async () => {
    const { bodies } = await renderMembers({ rows: [ownerRow, removedRow] });
    await userEvent.setup({ delay: null }).click(screen.getByTestId(`member-resend-${removedRow.email}`));
    await waitFor(() => expect(bodies('inviteRecordCreate')).toEqual([{ emails: [removedRow.email] }]));
    await waitFor(() => expect(rowCells(removedRow.email)[4]).toBe('Invited'));
  });

  it('cannot change or remove the owner or themself', async () => {
    await renderMembers();
    expect(screen.queryByTestId(`member-role-${adminUser.email}`)).toBeNull();
    expect(screen.queryByTestId(`member-remove-${adminUser.email}`)).toBeNull();
    // The owner may still choose how their own chats sync.
    expect(screen.getByTestId(`member-sync-${adminUser.email}`)).toBeTruthy();
  });
});

describe('what each role may do', () => {
  it('a manager has the admin actions but cannot exit and delete the workspace', async () => {
    const { page, bodies } = await renderMembers({ user: managerUser });
    expect(screen.getByTestId('members-invite').textContent).toBe('Invite members');
    expect(screen.getByTestId(`member-role-${otherRow.email}`)).toBeTruthy();
    expect(screen.getByTestId(`member-sync-${otherRow.email}`)).toBeTruthy();
    expect(screen.getByTestId(`member-remove-${otherRow.email}`)).toBeTruthy();
    expect(screen.getByTestId(`member-resend-${invitedRow.email}`)).toBeTruthy();
    expect(headers(page)).toContain('Actions');
    // Not on the owner (who is above them) nor on themself.
    expect(rowCells(adminUser.email)).toEqual([adminUser.email, 'Admin', '—', 'Auto', 'Joined', '']);
    expect(screen.queryByTestId(`member-role-${managerUser.email}`)).toBeNull();
    expect(rowCells(managerUser.email)[0]).toBe(`${managerUser.email} (you)`);
    expect(screen.queryByTestId('members-disband')).toBeNull();
    expect(page.textContent).not.toContain('Exit and delete workspace');
    expect(screen.getByTestId('members-leave').textContent).toBe('Leave workspace');

    const user = userEvent.setup({ delay: null });
    await pickOption(user, `member-sync-${otherRow.email}`, 'Manual');
    await waitFor(() => expect(bodies('syncTypeUpdate')).toEqual([{ syncType: 'manual', userId: otherRow.userId, workspaceId: W }]));
    await waitFor(() => expect(rowCells(otherRow.email)[3]).toBe('Manual'));
  });

  it('a member sees the list without admin actions, and only leave', async () => {
    const { page } = await renderMembers({ user: memberUser });
    expect(rowIds()).toEqual([adminUser.email, managerUser.email, memberUser.email, otherRow.email, invitedRow.email]);
    expect(headers(page)).toEqual(['Email', 'Role', 'Chat number', 'Sync type', 'Status']);
    expect(rowCells(otherRow.email)).toEqual([otherRow.email, 'Member', '—', 'Off', 'Joined']);
    expect(rowCells(invitedRow.email)).toEqual([invitedRow.email, 'Member', '—', 'Off', 'Invited']);
    expect(within(page).queryAllByRole('combobox')).toEqual([]);
    expect(screen.queryByTestId('members-invite')).toBeNull();
    expect(screen.queryByTestId('members-disband')).toBeNull();
    expect(screen.queryByTestId(/^member-(remove|resend|delete-invite)-/)).toBeNull();
    expect(within(page).getAllByRole('button').map((b) => b.textContent)).toEqual(['Leave workspace']);
  });

  it('a member leaves after confirming, and goes on to create or join a workspace', async () => {
    const { app, bodies } = await renderMembers({ user: memberUser });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('members-leave'));
    let dialog = await confirmDialog();
    expect(within(dialog).getByText('Leave this workspace?')).toBeTruthy();
    expect(dialog.textContent).toContain('ask the administrator for a new invitation');
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('members-confirm')).toBeNull());
    expect(bodies('workspaceLeave')).toEqual([]);

    await user.click(screen.getByTestId('members-leave'));
    dialog = await confirmDialog();
    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(bodies('workspaceLeave')).toEqual([{ workspaceId: W }]));
    expect(await screen.findByTestId('workspace-page', {}, { timeout: 5000 })).toBeTruthy();
    // On /workspace itself: not /workspace?to=… back to a screen of the workspace just left.
    await waitFor(() => expect(app.location()).toBe('/workspace'));
  });
});

describe('exit and delete the workspace (admin)', () => {
  const disband = async (user: User) => {
    await user.click(screen.getByTestId('members-disband'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('Exit and delete this workspace?')).toBeTruthy();
    expect(dialog.textContent).toContain('Every other member must be removed first.');
    await user.click(within(dialog).getByTestId('confirm-ok'));
  };

  it('is refused while other members remain, with the reason', async () => {
    const { app, page, bodies } = await renderMembers();
    expect(screen.queryByTestId('members-leave')).toBeNull();
    expect(screen.getByTestId('members-disband').textContent).toBe('Exit and delete workspace');
    await disband(userEvent.setup({ delay: null }));
    await waitFor(() => expect(bodies('workspaceDisband')).toEqual([{ workspaceId: W }]));
    expect((await screen.findByTestId('members-error')).textContent).toBe(`Request failed: ${codeMessage[Code.MEMBERS_REMAIN]}`);
    await waitFor(() => expect(screen.queryByTestId('members-confirm')).toBeNull());
    expect(app.location()).toBe('/settings/workspace-members');
    expect(rowIds()).toHaveLength(5);
    expect(page.isConnected).toBe(true);
  });

  it('succeeds when the admin is alone, and leaves the workspace', async () => {
    const { app, bodies } = await renderMembers({ rows: [ownerRow, removedRow] });
    await disband(userEvent.setup({ delay: null }));
    await waitFor(() => expect(bodies('workspaceDisband')).toEqual([{ workspaceId: W }]));
    expect(await screen.findByTestId('workspace-page', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/workspace'));
    expect(screen.queryByTestId('members-page')).toBeNull();
  });
});

describe('after a change', () => {
  it('goes back to the last page with rows when deleting empties the page on screen', async () => {
    const rows = [...Array.from({ length: 20 }, (_, i) => member({ email: `p${i + 1}@example.test` })), member({ email: 'last@example.test', status: 'invited' })];
    const { page, bodies } = await renderMembers({ rows });
    const user = userEvent.setup({ delay: null });
    await user.click(within(pager(page, 'Page 1 of 2')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowIds()).toEqual(['last@example.test']));
    await user.click(screen.getByTestId('member-delete-invite-last@example.test'));
    await user.click(within(await confirmDialog()).getByTestId('confirm-ok'));
    await waitFor(() => expect(rowIds()).toHaveLength(20));
    expect(rowIds()[0]).toBe('p1@example.test');
    expect(page.textContent).not.toContain('No members yet');
    expect(bodies('workspacePage').map((b) => (b as { page: number }).page)).toEqual([1, 2, 2, 1]);
    expect(screen.getByTestId('members-notice').textContent).toBe('Successfully deleted');
  });

  it('opens the Usage limit dialog when inviting a removed member again needs a seat the plan lacks', async () => {
    const { bodies } = await renderMembers({
      rows: [ownerRow, otherRow, removedRow],
      extra: { inviteRecordCreate: () => failResult(Code.MEMBER_EXCEEDED, codeMessage[Code.MEMBER_EXCEEDED]) },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId(`member-resend-${removedRow.email}`));
    const dialog = await screen.findByTestId('usage-limit-dialog');
    expect(bodies('inviteRecordCreate')).toEqual([{ emails: [removedRow.email] }]);
    await waitFor(() => expect(dialog.textContent).toContain('Seats available:'));
    expect(dialog.textContent).toContain('Usage limit');
    expect(within(dialog).queryByRole('button', { name: /upgrade/i })).toBeNull();
    expect(screen.queryByTestId('members-error')).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('usage-limit-dialog')).toBeNull());
  });
});

describe('in other languages', () => {
  it('gives a refusal in the reader’s language', async () => {
    await renderMembers({ storage: { language: 'ar' } });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('members-disband'));
    await user.click(within(await confirmDialog()).getByTestId('confirm-ok'));
    expect((await screen.findByTestId('members-error')).textContent).toBe('فشل الطلب: أزل جميع الأعضاء الآخرين قبل حل مساحة العمل');
  });

  it('reads right to left in Arabic', async () => {
    const { page } = await renderMembers({ storage: { language: 'ar' } });
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(title(page)).toBe('أعضاء مساحة العمل');
    expect(headers(page)).toEqual(['البريد الإلكتروني', 'الدور', 'رقم المحادثة', 'نوع المزامنة', 'الحالة', 'الإجراءات']);
    expect(rowCells(memberUser.email)).toEqual([memberUser.email, 'عضو', '+15550100', 'يدوية', 'منضم', 'إزالة']);
    expect(rowCells(invitedRow.email)[4]).toBe('مدعو');
    expect(screen.getByTestId(`member-row-${memberUser.email}`).querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('members-disband').textContent).toBe('الخروج وحذف مساحة العمل');
    expect(screen.getByTestId('members-invite').textContent).toBe('دعوة أعضاء');
  });

  it('reads in Simplified Chinese', async () => {
    const { page } = await renderMembers({ storage: { language: 'zh-CN' }, user: memberUser });
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.documentElement.dir).toBe('ltr');
    expect(title(page)).toBe('工作区成员');
    expect(headers(page)).toEqual(['邮箱', '角色', '聊天号码', '同步方式', '状态']);
    expect(rowCells(adminUser.email)).toEqual([adminUser.email, '管理员', '—', '自动', '已加入']);
    expect(rowCells(invitedRow.email)[4]).toBe('已邀请');
    expect(screen.getByTestId('members-leave').textContent).toBe('退出工作区');
  });
});
