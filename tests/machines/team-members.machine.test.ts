/** The workspace-members machine's paging and seat-limit rules (the paths test reaches every state). */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { WorkspaceMember } from '../../src/contract/workspace';
import type { Seats } from '../../src/machines/invite-members.machine';
import {
  teamMembersMachine,
  type ActionAnswer,
  type LoadPageInput,
  type MembersPage,
  type RunActionInput,
} from '../../src/machines/team-members.machine';
import { controllable, flush } from '../support/fakes';

const member = (i: number, status: WorkspaceMember['status'] = 'joined'): WorkspaceMember => ({
  userId: status === 'invited' ? '' : `u${i}`,
  email: `m${i}@x.test`,
  name: `M${i}`,
  status,
  level: 'member',
  number: null,
  syncType: 'off',
});
const rows = (from: number, n: number) => Array.from({ length: n }, (_, k) => member(from + k));

const start = () => {
  const loadPage = controllable<MembersPage, LoadPageInput>();
  const runAction = controllable<ActionAnswer, RunActionInput>();
  const loadSeats = controllable<Seats, void>();
  const leftWorkspace = vi.fn();
  const actor = createActor(
    teamMembersMachine.provide({
      actors: { loadPage: loadPage.logic, runAction: runAction.logic, loadSeats: loadSeats.logic },
      actions: { leftWorkspace },
    }),
    { input: { workspaceId: 'w1', selfId: 'u0', role: 'admin' } },
  ).start();
  return { actor, loadPage, runAction, loadSeats, leftWorkspace };
};

describe('team members machine', () => {
  it('shows a page only once it arrived: a failed page 2 keeps page 1 on screen', async () => {
    const { actor, loadPage } = start();
    loadPage.resolve({ items: rows(1, 20), total: 21 });
    await flush();
    actor.send({ type: 'user.page', page: 2 });
    expect(loadPage.calls.at(-1)).toEqual({ workspaceId: 'w1', page: 2 });
    expect(actor.getSnapshot().context.page).toBe(1);
    loadPage.reject(new Error('network'));
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches('failed')).toBe(true);
    expect(s.context.page).toBe(1);
    expect(s.context.items[0]?.email).toBe('m1@x.test');
    actor.send({ type: 'user.retry' });
    expect(loadPage.calls.at(-1)).toEqual({ workspaceId: 'w1', page: 2 });
    loadPage.resolve({ items: [member(21, 'invited')], total: 21 });
    await flush();
    expect(actor.getSnapshot().context.page).toBe(2);
  });

  it('falls back to the last page with rows when a deletion empties the page on screen', async () => {
    const { actor, loadPage, runAction } = start();
    loadPage.resolve({ items: rows(1, 20), total: 21 });
    await flush();
    actor.send({ type: 'user.page', page: 2 });
    loadPage.resolve({ items: [member(21, 'invited')], total: 21 });
    await flush();
    actor.send({ type: 'user.deleteInvite', email: 'm21@x.test' });
    actor.send({ type: 'user.confirm' });
    runAction.resolve({ ok: true });
    await flush();
    expect(loadPage.calls.at(-1)).toEqual({ workspaceId: 'w1', page: 2 });
    loadPage.resolve({ items: [], total: 20 });
    await flush();
    expect(loadPage.calls.at(-1)).toEqual({ workspaceId: 'w1', page: 1 });
    loadPage.resolve({ items: rows(1, 20), total: 20 });
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches('ready')).toBe(true);
    expect(s.context.page).toBe(1);
    expect(s.context.items).toHaveLength(20);
    expect(s.context.done).toBe('deleteInvite');
  });

  it('an empty workspace stays on page 1 without asking again', async () => {
    const { actor, loadPage } = start();
    loadPage.resolve({ items: [], total: 0 });
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(loadPage.calls).toHaveLength(1);
  });

  it('opens the Usage limit dialog when a re-invitation needs a seat the plan lacks', async () => {
    const { actor, loadPage, runAction, loadSeats } = start();
    loadPage.resolve({ items: [member(1, 'removed')], total: 1 });
    await flush();
    actor.send({ type: 'user.resend', email: 'm1@x.test' });
    runAction.resolve({ ok: false, code: Code.MEMBER_EXCEEDED, message: 'Exceeded personnel limit' });
    await flush();
    expect(actor.getSnapshot().matches({ usageLimit: 'loading' })).toBe(true);
    loadSeats.resolve({ planName: 'Starter', used: 5, limit: 5 });
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches({ usageLimit: 'shown' })).toBe(true);
    expect(s.context.seats).toEqual({ planName: 'Starter', used: 5, limit: 5 });
    expect(s.context.error).toBeNull();
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });
});
