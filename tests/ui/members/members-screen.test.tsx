/**
 * The workspace-members screen (/settings/workspace-members, SPEC §2, §4 Member status, §6 roles,
 * §7 Workspace calls) rendered in the real app against the real server (the Hono app on an
 * in-memory database with the team world, ./team-server.tsx): the paged list on the kit's table,
 * the admin's changes and removals, invitations, what managers and members may do (leaving by
 * application has its own file, ./leave-application.test.tsx), exit-and-delete, the list's
 * loading, empty and error states, and the screen in Arabic and Chinese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code, codeMessage } from '../../../src/contract/codes';
import { ApiError } from '../../../src/services/api/client';
import { failResult, okResult } from '../harness';
import {
  emails,
  pickOption,
  renderMembers,
  rowCells,
  startTeamServer,
  WORKSPACE_ID,
  usualSeed,
  type SeedRow,
  type TeamServer,
  type User,
} from './team-server';

// jsdom has no Element.scrollTo; Ark's select scrolls its list to the chosen item.
if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;

// The whole app renders in jsdom against a real server in a worker (which starts once per file).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
  // Load the lazy route modules once, so the first test does not wait for their transform.
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
const { admin, manager, member, target, pending, outsider } = emails;
/** The usual team in list order (the order they joined or were invited). */
const usual = [admin, manager, member, target, pending];
const invites = (from: number, n: number, prefix = 'f'): SeedRow[] =>
  Array.from({ length: n }, (_, i) => ({ invite: `${prefix}${String(from + i).padStart(2, '0')}@example.test` }));
const emailOf = (row: SeedRow): string =>
  'invite' in row ? row.invite : 'drop' in row ? row.drop : emails[('leave' in row ? row.leave : row.person) as keyof typeof emails];
const rowIds = () => screen.queryAllByTestId(/^member-row-/).map((r) => r.getAttribute('data-testid')?.slice('member-row-'.length));
const confirmDialog = () => screen.findByTestId('members-confirm');
const headers = (page: HTMLElement) => Array.from(page.querySelectorAll('thead th'), (h) => h.textContent);
const title = (page: HTMLElement) => page.querySelector('h1')?.textContent;
/** The pager, with its accessible name ('Page 1 of 2') checked; role queries are slow on a full table. */
const pager = (page: HTMLElement, name: string) => {
  const nav = page.querySelector('nav');
  expect(nav?.getAttribute('aria-label')).toBe(name);
  expect(screen.getByTestId('members-pages').textContent).toContain(name);
  return nav as HTMLElement;
};
const serverRow = async (email: string) => (await server.members()).find((m) => m.email === email);

/** Resolves when the list has been asked for `n` times in all and shows no busy state. */
const settled = async (page: HTMLElement, calls: () => number, n: number) => {
  await waitFor(() => expect(calls()).toBe(n), { timeout: 10_000 });
  await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
};

describe('the member list', () => {
  // The usual five, then invitations and a removed member: 26 rows, 20 on page 1.
  const extra: SeedRow[] = [...invites(1, 16), { person: 'outsider', status: 'removed' }, ...invites(17, 4)];
  const all = [...usual, ...extra.map(emailOf)];

  it('shows an admin 20 members a page with email, role, number, sync type and status, and pages on', async () => {
    const { page, bodies } = await renderMembers(server, { seed: [...usualSeed, ...extra] });
    expect(title(page)).toBe('Workspace members');
    expect(page.textContent).toContain('Everyone in Main team');
    expect(headers(page)).toEqual(['Email', 'Role', 'Chat number', 'Sync type', 'Status', 'Actions']);
    expect(bodies('workspacePage')).toEqual([{ workspaceId: W, page: 1, size: 20 }]);

    expect(rowIds()).toEqual(all.slice(0, 20));
    expect(rowCells(admin)).toEqual([`${admin} (you)`, 'Admin', '—', 'Auto', 'Joined', '']);
    expect(rowCells(manager)).toEqual([manager, 'Manager', '—', 'Manual', 'Joined', 'Remove']);
    expect(rowCells(member)).toEqual([member, 'Member', '+15550100', 'Manual', 'Joined', 'Remove']);
    expect(rowCells(pending)).toEqual([pending, 'Member', '—', 'Manual', 'Invited', 'Resend|Delete invitation']);
    // The number is kept left-to-right (a phone number inside any text direction).
    expect(screen.getByTestId(`member-row-${member}`).querySelector('bdi[dir]')?.getAttribute('dir')).toBe('ltr');

    const pager1 = pager(page, 'Page 1 of 2');
    expect(within(pager1).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup({ delay: null });
    await user.click(within(pager1).getByRole('button', { name: 'Next' }));
    await settled(page, () => bodies('workspacePage').length, 2);
    expect(bodies('workspacePage')[1]).toEqual({ workspaceId: W, page: 2, size: 20 });
    await waitFor(() => expect(rowIds()).toEqual(all.slice(20)));
    expect(rowCells(outsider)).toEqual([outsider, 'Member', '—', 'Off', 'Removed', 'Invite again']);
    const pager2 = pager(page, 'Page 2 of 2');
    expect(within(pager2).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(pager2).getByRole('button', { name: 'Previous' }));
    await settled(page, () => bodies('workspacePage').length, 3);
    expect(bodies('workspacePage')[2]).toEqual({ workspaceId: W, page: 1, size: 20 });
    await waitFor(() => expect(rowIds()).toHaveLength(20));
  });

  it('sorts the page on screen by email', async () => {
    const { page } = await renderMembers(server);
    const user = userEvent.setup({ delay: null });
    const header = page.querySelector('thead th') as HTMLElement;
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(rowIds()).toEqual([...usual].sort()));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(rowIds()).toEqual([...usual].sort().reverse()));
  });

  it('has no pager when every member fits on one page', async () => {
    const { page } = await renderMembers(server, { seed: invites(1, 15) });
    expect(rowIds()).toHaveLength(20);
    expect(page.querySelector('nav')).toBeNull();
  });

  it('says so when the workspace has nobody to list', async () => {
    const { page } = await renderMembers(server, { overrides: { workspacePage: () => okResult({ items: [], total: 0, page: 1, size: 20 }) } });
    expect(page.textContent).toContain('No members yet. Invite your colleagues to work together.');
    expect(screen.getByTestId('table-empty-row')).toBeTruthy();
    expect(rowIds()).toEqual([]);
    expect(page.querySelector('nav')).toBeNull();
    expect(screen.queryByTestId('table-retry')).toBeNull();
  });

  it('is busy while the page loads, without claiming the list is empty', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app, bodies } = await renderMembers(server, {
      waitForList: false,
      overrides: {
        workspacePage: async (_body, real) => {
          await gate;
          return real();
        },
      },
    });
    const page = await screen.findByTestId('members-page', {}, { timeout: 10_000 });
    await waitFor(() => expect(bodies('workspacePage')).toHaveLength(1));
    expect(page.getAttribute('aria-busy')).toBe('true');
    expect(page.textContent).not.toContain('No members yet');
    expect(screen.getByTestId('table-loading-row').textContent).toBe('Loading members…');
    expect(rowIds()).toEqual([]);
    release();
    await waitFor(() => expect(rowIds()).toEqual(usual), { timeout: 10_000 });
    expect(page.getAttribute('aria-busy')).toBe('false');
    expect(app.location()).toBe('/settings/workspace-members');
  });

  it('shows an error with a retry that works when a page cannot be loaded', async () => {
    let failures = 1;
    const { page, bodies } = await renderMembers(server, {
      overrides: {
        workspacePage: (_body, real) => {
          if (failures > 0) {
            failures -= 1;
            throw new ApiError('network', 'workspacePage', 'offline');
          }
          return real();
        },
      },
    });
    expect(page.textContent).toContain('The member list could not be loaded.');
    expect(page.textContent).not.toContain('No members yet');
    expect(rowIds()).toEqual([]);
    expect(screen.getByTestId('table-retry').textContent).toBe('Try again');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('table-retry'));
    await waitFor(() => expect(rowIds()).toEqual(usual), { timeout: 10_000 });
    expect(bodies('workspacePage')).toEqual([
      { workspaceId: W, page: 1, size: 20 },
      { workspaceId: W, page: 1, size: 20 },
    ]);
    expect(page.textContent).not.toContain('could not be loaded');
    expect(screen.queryByTestId('table-retry')).toBeNull();
  });

  it('retries the page that failed (page 2), and a refusal code counts as a failure too', async () => {
    // 5 + 18 invitations: 23 rows.
    let failPage2 = true;
    const { page, bodies } = await renderMembers(server, {
      seed: invites(1, 18, 'p'),
      overrides: {
        workspacePage: (body, real) => {
          if ((body as { page: number }).page === 2 && failPage2) {
            failPage2 = false;
            return failResult(Code.INTERNAL, codeMessage[Code.INTERNAL]);
          }
          return real();
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(within(pager(page, 'Page 1 of 2')).getByRole('button', { name: 'Next' }));
    const retry = await screen.findByTestId('members-retry', {}, { timeout: 10_000 });
    expect(page.textContent).toContain('The member list could not be loaded.');
    // Page 1 stays on screen, named as page 1, until page 2 arrives.
    expect(rowIds()[0]).toBe(admin);
    expect(pager(page, 'Page 1 of 2').getAttribute('aria-label')).toBe('Page 1 of 2');
    await user.click(retry);
    await waitFor(() => expect(rowIds()).toEqual(['p16@example.test', 'p17@example.test', 'p18@example.test']), { timeout: 10_000 });
    expect(bodies('workspacePage').map((b) => (b as { page: number }).page)).toEqual([1, 2, 2]);
    pager(page, 'Page 2 of 2');
  });
});

describe('an admin changing members', () => {
  it('makes a member a manager: sends the level and shows the new role', async () => {
    const { page, bodies, world } = await renderMembers(server);
    const user = userEvent.setup({ delay: null });
    await pickOption(user, `member-role-${target}`, 'Manager');
    await waitFor(() => expect(bodies('userLevelUpdate')).toEqual([{ userLevel: 'manager', userId: world.who.target.userId, workspaceId: W }]));
    await settled(page, () => bodies('workspacePage').length, 2);
    expect(rowCells(target)[1]).toBe('Manager');
    expect((await serverRow(target))?.level).toBe('manager');
    expect(screen.getByTestId('members-notice').textContent).toBe('Save success');
  });

  it('sets a sync type to auto: sends it and shows it', async () => {
    const { page, bodies, world } = await renderMembers(server);
    expect(rowCells(member)[3]).toBe('Manual');
    const user = userEvent.setup({ delay: null });
    await pickOption(user, `member-sync-${member}`, 'Auto');
    await waitFor(() => expect(bodies('syncTypeUpdate')).toEqual([{ syncType: 'auto', userId: world.who.member.userId, workspaceId: W }]));
    await settled(page, () => bodies('workspacePage').length, 2);
    expect(rowCells(member)[3]).toBe('Auto');
    expect((await serverRow(member))?.syncType).toBe('auto');
    expect(screen.getByTestId('members-notice').textContent).toBe('Save success');
  });

  it('keeps the old role and shows the refusal when the server forbids the change', async () => {
    const { page, bodies } = await renderMembers(server, {
      overrides: { userLevelUpdate: () => failResult(Code.FORBIDDEN, codeMessage[Code.FORBIDDEN]) },
    });
    const user = userEvent.setup({ delay: null });
    await pickOption(user, `member-role-${target}`, 'Manager');
    const error = await screen.findByTestId('members-error', {}, { timeout: 10_000 });
    expect(error.textContent).toBe('Request failed: You do not have permission to do this');
    expect(bodies('userLevelUpdate')).toHaveLength(1);
    await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'));
    expect(rowCells(target)[1]).toBe('Member');
    expect(screen.queryByTestId('members-notice')).toBeNull();
    // Nothing changed, so the list is not asked for again.
    expect(bodies('workspacePage')).toHaveLength(1);
  });

  it('keeps the old sync type when the change is refused, and says so plainly when the call fails', async () => {
    let refuse = true;
    const { bodies, world } = await renderMembers(server, {
      overrides: {
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
    await pickOption(user, `member-sync-${target}`, 'Auto');
    expect((await screen.findByTestId('members-error', {}, { timeout: 10_000 })).textContent).toBe('Request failed: You do not have permission to do this');
    expect(rowCells(target)[3]).toBe('Off');
    await pickOption(user, `member-sync-${target}`, 'Manual');
    await waitFor(() => expect(screen.getByTestId('members-error').textContent).toBe('Request failed, please try again later'));
    expect(bodies('syncTypeUpdate')).toEqual([
      { syncType: 'auto', userId: world.who.target.userId, workspaceId: W },
      { syncType: 'manual', userId: world.who.target.userId, workspaceId: W },
    ]);
    expect(rowCells(target)[3]).toBe('Off');
  });

  it('asks before removing a member: cancel sends nothing, confirm removes them', async () => {
    const { page, bodies, world } = await renderMembers(server);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId(`member-remove-${target}`));
    const dialog = await confirmDialog();
    // The address is the member's own text, isolated inside the sentence.
    expect(within(dialog).getByRole('heading').textContent).toBe(`Remove ${target}?`);
    expect(within(dialog).getByRole('heading').querySelector('bdi')?.textContent).toBe(target);
    expect(dialog.textContent).toContain('They lose access at once. Their data is kept.');
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('members-confirm')).toBeNull());
    expect(bodies('inviteRecordDelete')).toEqual([]);
    expect(rowCells(target)[4]).toBe('Joined');

    await user.click(screen.getByTestId(`member-remove-${target}`));
    await user.click(within(await confirmDialog()).getByTestId('confirm-ok'));
    await waitFor(() => expect(bodies('inviteRecordDelete')).toEqual([{ workspaceId: W, targetUserId: world.who.target.userId }]));
    await settled(page, () => bodies('workspacePage').length, 2);
    await waitFor(() => expect(screen.queryByTestId('members-confirm')).toBeNull());
    expect(rowCells(target)).toEqual([target, 'Member', '—', 'Off', 'Removed', 'Invite again']);
    expect((await serverRow(target))?.status).toBe('removed');
    expect(screen.getByTestId('members-notice').textContent).toBe('Successfully deleted');
  });

  it('resends an invitation at once, and deletes one after confirming', async () => {
    const { page, bodies } = await renderMembers(server);
    // An invitation has no role or sync type to edit and nobody to remove yet.
    expect(screen.queryByTestId(`member-role-${pending}`)).toBeNull();
    expect(screen.queryByTestId(`member-sync-${pending}`)).toBeNull();
    expect(screen.queryByTestId(`member-remove-${pending}`)).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId(`member-resend-${pending}`));
    await waitFor(() => expect(bodies('inviteRecordCreate')).toEqual([{ emails: [pending] }]));
    expect(screen.queryByTestId('members-confirm')).toBeNull();
    expect((await screen.findByTestId('members-notice', {}, { timeout: 10_000 })).textContent).toBe('Send invitation email success');
    await settled(page, () => bodies('workspacePage').length, 2);

    await user.click(screen.getByTestId(`member-delete-invite-${pending}`));
    const dialog = await confirmDialog();
    expect(within(dialog).getByRole('heading').textContent).toBe(`Delete the invitation for ${pending}?`);
    expect(dialog.textContent).toContain('The invitation link they received stops working.');
    expect(bodies('inviteRecordDelete')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(bodies('inviteRecordDelete')).toEqual([{ workspaceId: W, email: pending }]));
    await waitFor(() => expect(screen.queryByTestId(`member-row-${pending}`)).toBeNull(), { timeout: 10_000 });
    expect(await serverRow(pending)).toBeUndefined();
    expect(screen.getByTestId('members-notice').textContent).toBe('Successfully deleted');
  });

  it('invites a removed member again', async () => {
    const { bodies } = await renderMembers(server, { seed: [{ person: 'outsider', status: 'removed' }] });
    await userEvent.setup({ delay: null }).click(screen.getByTestId(`member-resend-${outsider}`));
    await waitFor(() => expect(bodies('inviteRecordCreate')).toEqual([{ emails: [outsider] }]));
    await waitFor(() => expect(rowCells(outsider)[4]).toBe('Invited'), { timeout: 10_000 });
  });

  it('cannot change or remove the owner or themself', async () => {
    await renderMembers(server);
    expect(screen.queryByTestId(`member-role-${admin}`)).toBeNull();
    expect(screen.queryByTestId(`member-remove-${admin}`)).toBeNull();
    // The owner may still choose how their own chats sync.
    expect(screen.getByTestId(`member-sync-${admin}`)).toBeTruthy();
  });
});

describe('what each role may do', () => {
  it('a manager has the admin actions but cannot exit and delete the workspace', async () => {
    const { page, bodies, world } = await renderMembers(server, { as: 'manager' });
    expect(screen.getByTestId('members-invite').textContent).toBe('Invite members');
    expect(screen.getByTestId(`member-role-${target}`)).toBeTruthy();
    expect(screen.getByTestId(`member-sync-${target}`)).toBeTruthy();
    expect(screen.getByTestId(`member-remove-${target}`)).toBeTruthy();
    expect(screen.getByTestId(`member-resend-${pending}`)).toBeTruthy();
    expect(headers(page)).toContain('Actions');
    // Not on the owner (who is above them) nor on themself.
    expect(rowCells(admin)).toEqual([admin, 'Admin', '—', 'Auto', 'Joined', '']);
    expect(screen.queryByTestId(`member-role-${manager}`)).toBeNull();
    expect(rowCells(manager)[0]).toBe(`${manager} (you)`);
    expect(screen.queryByTestId('members-disband')).toBeNull();
    expect(page.textContent).not.toContain('Exit and delete workspace');
    expect(screen.getByTestId('members-leave').textContent).toBe('Leave workspace');

    const user = userEvent.setup({ delay: null });
    await pickOption(user, `member-sync-${target}`, 'Manual');
    await waitFor(() => expect(bodies('syncTypeUpdate')).toEqual([{ syncType: 'manual', userId: world.who.target.userId, workspaceId: W }]));
    await waitFor(() => expect(rowCells(target)[3]).toBe('Manual'), { timeout: 10_000 });
  });

  it('a member sees the list without admin actions, and only leave', async () => {
    const { page } = await renderMembers(server, { as: 'member' });
    expect(rowIds()).toEqual(usual);
    expect(headers(page)).toEqual(['Email', 'Role', 'Chat number', 'Sync type', 'Status']);
    expect(rowCells(target)).toEqual([target, 'Member', '—', 'Off', 'Joined']);
    expect(rowCells(pending)).toEqual([pending, 'Member', '—', 'Manual', 'Invited']);
    expect(within(page).queryAllByRole('combobox')).toEqual([]);
    expect(screen.queryByTestId('members-invite')).toBeNull();
    expect(screen.queryByTestId('members-disband')).toBeNull();
    expect(screen.queryByTestId(/^member-(remove|resend|delete-invite)-/)).toBeNull();
    // Leave, and the email column's sort button.
    expect(within(page).getAllByRole('button').map((b) => b.textContent)).toEqual(['Leave workspace', 'Email']);
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
    const { app, page, bodies } = await renderMembers(server);
    expect(screen.queryByTestId('members-leave')).toBeNull();
    expect(screen.getByTestId('members-disband').textContent).toBe('Exit and delete workspace');
    await disband(userEvent.setup({ delay: null }));
    await waitFor(() => expect(bodies('workspaceDisband')).toEqual([{ workspaceId: W }]));
    expect((await screen.findByTestId('members-error', {}, { timeout: 10_000 })).textContent).toBe(`Request failed: ${codeMessage[Code.MEMBERS_REMAIN]}`);
    await waitFor(() => expect(screen.queryByTestId('members-confirm')).toBeNull());
    expect(app.location()).toBe('/settings/workspace-members');
    expect(rowIds()).toHaveLength(5);
    expect(page.isConnected).toBe(true);
  });

  it('succeeds when the admin is alone, and leaves the workspace', async () => {
    const alone: SeedRow[] = [
      { person: 'manager', status: 'removed' },
      { person: 'member', status: 'removed' },
      { person: 'target', status: 'removed' },
      // A pending invitation counts as a member who remains (the server's rule).
      { drop: pending },
    ];
    const { app, bodies } = await renderMembers(server, { seed: alone });
    await disband(userEvent.setup({ delay: null }));
    await waitFor(() => expect(bodies('workspaceDisband')).toEqual([{ workspaceId: W }]));
    expect(await screen.findByTestId('workspace-page', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/workspace'));
    expect(screen.queryByTestId('members-page')).toBeNull();
  });
});

describe('after a change', () => {
  it('goes back to the last page with rows when deleting empties the page on screen', async () => {
    // 5 + 15 invitations fill page 1; one more invitation is alone on page 2.
    const { page, bodies } = await renderMembers(server, { seed: [...invites(1, 15, 'p'), { invite: 'last@example.test' }] });
    const user = userEvent.setup({ delay: null });
    await user.click(within(pager(page, 'Page 1 of 2')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowIds()).toEqual(['last@example.test']), { timeout: 10_000 });
    await user.click(screen.getByTestId('member-delete-invite-last@example.test'));
    await user.click(within(await confirmDialog()).getByTestId('confirm-ok'));
    await waitFor(() => expect(rowIds()).toHaveLength(20), { timeout: 10_000 });
    expect(rowIds()[0]).toBe(admin);
    expect(page.textContent).not.toContain('No members yet');
    expect(bodies('workspacePage').map((b) => (b as { page: number }).page)).toEqual([1, 2, 2, 1]);
    expect(screen.getByTestId('members-notice').textContent).toBe('Successfully deleted');
  });

  it('opens the Usage limit dialog when inviting a removed member again needs a seat the plan lacks', async () => {
    // The starter plan has 3 seats; four members are in already.
    const { bodies } = await renderMembers(server, { plan: 'starter', seed: [{ person: 'outsider', status: 'removed' }] });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId(`member-resend-${outsider}`));
    const dialog = await screen.findByTestId('usage-limit-dialog', {}, { timeout: 10_000 });
    expect(bodies('inviteRecordCreate')).toEqual([{ emails: [outsider] }]);
    await waitFor(() => expect(dialog.textContent).toContain('Seats available:'));
    expect(dialog.textContent).toContain('Usage limit');
    expect(dialog.textContent).toContain('Plan: Starter');
    expect(within(dialog).getByTestId('usage-limit-upgrade').textContent).toBe('Upgrade now');
    expect(screen.queryByTestId('members-error')).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('usage-limit-dialog')).toBeNull());
  });

  it('Upgrade now buys a seat; closed unpaid it comes back, paid the re-invitation goes out again', async () => {
    // The payment is the provider's (stood in for here); once paid, the invitation is accepted.
    let full = true;
    const { bodies } = await renderMembers(server, {
      plan: 'starter',
      seed: [{ person: 'outsider', status: 'removed' }],
      overrides: {
        inviteRecordCreate: (_body, real) => (full ? real() : okResult({ invited: [outsider] })),
        seatPrice: () => okResult({ total: 750, subtotal: 750, discount: 0, unitAmount: 1500, currency: 'usd', prorationDate: 1_736_931_600, periodEnd: 1_738_000_000 }),
        seatPayment: () => {
          full = false;
          return okResult({ success: true, url: null, checkoutId: null });
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId(`member-resend-${outsider}`));
    const limit = await screen.findByTestId('usage-limit-dialog', {}, { timeout: 10_000 });
    await user.click(await within(limit).findByTestId('usage-limit-upgrade'));
    let seats = await screen.findByTestId('seat-purchase-dialog', {}, { timeout: 10_000 });
    expect((within(seats).getByTestId('seat-quantity') as HTMLInputElement).value).toBe('1');
    // Cancel: back to the Usage limit dialog, nothing sent again.
    await user.click(within(seats).getByTestId('seat-cancel'));
    await waitFor(() => expect(screen.queryByTestId('seat-purchase-dialog')).toBeNull());
    expect(bodies('inviteRecordCreate')).toEqual([{ emails: [outsider] }]);
    await user.click(within(screen.getByTestId('usage-limit-dialog')).getByTestId('usage-limit-upgrade'));
    seats = await screen.findByTestId('seat-purchase-dialog');
    await waitFor(() => expect(within(seats).getByTestId('seat-price-total').textContent).toBe('$7.50'));
    await user.click(within(seats).getByTestId('seat-confirm'));
    await user.click(within(seats).getByTestId('seat-pay'));
    expect((await screen.findByTestId('members-notice', {}, { timeout: 10_000 })).textContent).toBe('Send invitation email success');
    expect(bodies('inviteRecordCreate')).toEqual([{ emails: [outsider] }, { emails: [outsider] }]);
    expect(bodies('seatPayment')).toEqual([{ planId: 'starter', seatQuantity: 1, prorationDate: 1_736_931_600 }]);
    expect(screen.queryByTestId('usage-limit-dialog')).toBeNull();
  });
});

describe('in other languages', () => {
  it('gives a refusal in the reader’s language', async () => {
    await renderMembers(server, { storage: { language: 'ar' } });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('members-disband'));
    await user.click(within(await confirmDialog()).getByTestId('confirm-ok'));
    expect((await screen.findByTestId('members-error', {}, { timeout: 10_000 })).textContent).toBe('فشل الطلب: أزل جميع الأعضاء الآخرين قبل حل مساحة العمل');
  });

  it('reads right to left in Arabic', async () => {
    const { page } = await renderMembers(server, { storage: { language: 'ar' } });
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(title(page)).toBe('أعضاء مساحة العمل');
    expect(headers(page)).toEqual(['البريد الإلكتروني', 'الدور', 'رقم المحادثة', 'نوع المزامنة', 'الحالة', 'الإجراءات']);
    expect(rowCells(member)).toEqual([member, 'عضو', '+15550100', 'يدوية', 'منضم', 'إزالة']);
    expect(rowCells(pending)[4]).toBe('مدعو');
    expect(screen.getByTestId(`member-row-${member}`).querySelector('bdi[dir]')?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('members-disband').textContent).toBe('الخروج وحذف مساحة العمل');
    expect(screen.getByTestId('members-invite').textContent).toBe('دعوة أعضاء');
  });

  it('reads in Simplified Chinese', async () => {
    const { page } = await renderMembers(server, { storage: { language: 'zh-CN' }, as: 'member' });
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.documentElement.dir).toBe('ltr');
    expect(title(page)).toBe('工作区成员');
    expect(headers(page)).toEqual(['邮箱', '角色', '聊天号码', '同步方式', '状态']);
    expect(rowCells(admin)).toEqual([admin, '管理员', '—', '自动', '已加入']);
    expect(rowCells(pending)[4]).toBe('已邀请');
    expect(screen.getByTestId('members-leave').textContent).toBe('退出工作区');
  });
});
