/**
 * A small fake workspace server for the members screen and the invite dialog view tests: the
 * account of fake-account.ts plus a stateful member table answering the paged list and the
 * member actions (role, sync type, remove, invitations, leave, disband), and the invite links.
 */
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { PayInfo, UserInfo } from '../../../src/contract/account';
import { Code, codeMessage } from '../../../src/contract/codes';
import type { WorkspaceInfo, WorkspaceMember } from '../../../src/contract/workspace';
import { adminUser, managerUser, memberUser, payInfo, workspace } from '../../support/fixtures';
import { accountApi } from '../fake-account';
import { failResult, okResult, renderApp, type ApiHandlers, type FakeApi } from '../harness';

export type User = ReturnType<typeof userEvent.setup>;

export const MEMBERS_PATH = '/settings/workspace-members';

export const member = (over: Partial<WorkspaceMember> & { email: string }): WorkspaceMember => ({
  userId: over.status === 'invited' ? '' : `u-${over.email.split('@')[0] ?? 'x'}`,
  name: over.email.split('@')[0] ?? '',
  status: 'joined',
  level: 'member',
  number: null,
  syncType: 'off',
  ...over,
});

/** The owner, the manager and the member of the shared fixtures, as rows of the member table. */
export const ownerRow = member({ userId: adminUser.userId, email: adminUser.email, level: 'admin', syncType: 'auto' });
export const managerRow = member({ userId: managerUser.userId, email: managerUser.email, level: 'manager', syncType: 'manual' });
export const memberRow = member({ userId: memberUser.userId, email: memberUser.email, number: '+15550100', syncType: 'manual' });
export const otherRow = member({ userId: 'u-other', email: 'other@example.test', syncType: 'off' });
export const invitedRow = member({ email: 'invited@example.test', status: 'invited' });
export const removedRow = member({ userId: 'u-gone', email: 'gone@example.test', status: 'removed' });

export type TeamServer = {
  api: FakeApi;
  /** The member table as the server holds it now. */
  rows: WorkspaceMember[];
  /** The bodies of the calls made to one endpoint, in order. */
  bodies: (name: FakeApi['calls'][number]['name']) => unknown[];
};

export type TeamOptions = {
  user?: UserInfo;
  rows?: WorkspaceMember[];
  pay?: PayInfo;
  /** Overrides for single endpoints (the default ones keep the table up to date). */
  extra?: ApiHandlers;
};

/** A signed-in account in a workspace whose members screen answers from `rows`. */
export function teamServer(options: TeamOptions = {}): TeamServer {
  const user = options.user ?? adminUser;
  const rows: WorkspaceMember[] = (options.rows ?? [ownerRow, managerRow, memberRow, otherRow, invitedRow]).map((r) => ({ ...r }));
  let ws: WorkspaceInfo | null = { ...workspace };
  let link = 0;
  const linkAnswer = () => ({ inviteToken: `L${link}`, inviteUrl: `https://crm.example.test/crm/workspace/invitation?invite_token=L${link}`, expiresAt: 1_900_000_000 + link });
  const find = (userId: string) => rows.find((r) => r.userId === userId);
  const handlers: ApiHandlers = {
    payInfo: () => okResult(options.pay ?? payInfo),
    workspaceInfo: () => (ws ? okResult(ws) : failResult(Code.NO_WORKSPACE, codeMessage[Code.NO_WORKSPACE])),
    workspacePage: (body) => {
      const page = body?.page ?? 1;
      const size = body?.size ?? 20;
      return okResult({ items: rows.slice((page - 1) * size, page * size).map((r) => ({ ...r })), total: rows.length, page, size });
    },
    userLevelUpdate: (body) => {
      const row = body && find(body.userId);
      if (!row || !body) return failResult(Code.NOT_FOUND, codeMessage[Code.NOT_FOUND]);
      row.level = body.userLevel;
      return okResult(null);
    },
    syncTypeUpdate: (body) => {
      const row = body && find(body.userId);
      if (!row || !body) return failResult(Code.NOT_FOUND, codeMessage[Code.NOT_FOUND]);
      row.syncType = body.syncType;
      return okResult(null);
    },
    inviteRecordDelete: (body) => {
      if (body?.targetUserId) {
        const row = find(body.targetUserId);
        if (!row) return failResult(Code.NOT_FOUND, codeMessage[Code.NOT_FOUND]);
        row.status = 'removed';
        return okResult(null);
      }
      const i = rows.findIndex((r) => r.status === 'invited' && r.email === body?.email);
      if (i < 0) return failResult(Code.NOT_FOUND, codeMessage[Code.NOT_FOUND]);
      rows.splice(i, 1);
      return okResult(null);
    },
    inviteRecordCreate: (body) => {
      for (const email of body?.emails ?? []) {
        const row = rows.find((r) => r.email === email);
        if (row) row.status = row.status === 'removed' ? 'invited' : row.status;
        else rows.push(member({ email, status: 'invited' }));
      }
      return okResult({ invited: body?.emails ?? [] });
    },
    workspaceLeave: () => {
      ws = null;
      return okResult(null);
    },
    workspaceDisband: () => {
      if (rows.some((r) => r.userId !== user.userId && r.status !== 'removed')) return failResult(Code.MEMBERS_REMAIN, codeMessage[Code.MEMBERS_REMAIN]);
      ws = null;
      return okResult(null);
    },
    inviteUrlList: () => okResult({ items: link > 0 ? [{ ...linkAnswer(), kind: 'public' as const, email: null }] : [] }),
    publicInviteUrlGenerate: () => {
      link += 1;
      return okResult(linkAnswer());
    },
    publicInviteUrlReset: () => {
      link += 1;
      return okResult(linkAnswer());
    },
    ...options.extra,
  };
  const api = accountApi({ user, members: rows.filter((r) => r.status === 'joined'), extra: handlers });
  return { api, rows, bodies: (name) => api.calls.filter((c) => c.name === name).map((c) => c.body) };
}

/** Renders the app at the members screen and waits for the first page of the list. */
export async function renderMembers(options: TeamOptions & { storage?: Record<string, string> } = {}) {
  const server = teamServer(options);
  const app = await renderApp({ path: MEMBERS_PATH, api: server.api, storage: { accessToken: 'tok', ...options.storage } });
  const page = await screen.findByTestId('members-page', {}, { timeout: 5000 });
  await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'));
  return { ...server, app, page };
}

/**
 * The cells of a member's row as a person reads them: a select's chosen value, the other cells'
 * text (the action buttons' labels joined by '|').
 */
export const rowCells = (email: string): string[] =>
  Array.from(screen.getByTestId(`member-row-${email}`).querySelectorAll('td')).map((td) => {
    const chosen = td.querySelector('[data-part="value-text"]');
    if (chosen) return (chosen.textContent ?? '').trim();
    const buttons = td.querySelectorAll('button');
    if (buttons.length > 0) return Array.from(buttons, (b) => (b.textContent ?? '').trim()).join('|');
    return (td.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

/** Opens an Ark select by its trigger and picks the option with this visible label. */
export async function pickOption(user: User, triggerTestId: string, label: string): Promise<void> {
  const trigger = screen.getByTestId(triggerTestId);
  await user.click(trigger);
  await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'));
  const listbox = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error(`no listbox for ${triggerTestId}`);
  const option = Array.from(listbox.querySelectorAll<HTMLElement>('[role="option"]')).find((o) => o.textContent?.trim() === label);
  if (!option) throw new Error(`no option ${label} in ${triggerTestId}`);
  await user.pointer({ keys: '[MouseLeft>]', target: option });
  await user.click(option);
}
