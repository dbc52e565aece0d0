import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { accountMachine, selectMembers, selectUser, selectWorkspace, type AccountData, type AccountRefresh, type MembersAnnouncement } from '../../src/machines/account.machine';
import { adminUser, config, members, payInfo, workspace } from '../support/fixtures';
import { controllable, flush } from '../support/fakes';

const loaded: AccountData = { userInfo: adminUser, payInfo, workspace, members, config };
const joinedIds = members.filter((m) => m.status === 'joined').map((m) => m.userId);

const setupAccount = () => {
  const refresh = controllable<AccountRefresh>();
  const announced = vi.fn<(a: MembersAnnouncement) => void>();
  const actor = createActor(
    accountMachine.provide({
      actors: { refreshAccount: refresh.logic },
      actions: { announceMembers: (_, a: MembersAnnouncement) => announced(a) },
    }),
  ).start();
  return { actor, refresh, announced };
};

describe('account', () => {
  it('starts empty and holds what the gate loaded, announcing the joined members', () => {
    const a = setupAccount();
    expect(a.actor.getSnapshot().hasTag('loaded')).toBe(false);
    expect(selectUser(a.actor.getSnapshot())).toBeNull();
    a.actor.send({ type: 'account.loaded', account: loaded });
    const snap = a.actor.getSnapshot();
    expect(snap.hasTag('loaded')).toBe(true);
    expect(selectUser(snap)).toEqual(adminUser);
    expect(selectWorkspace(snap)).toEqual(workspace);
    expect(selectMembers(snap)).toEqual(members);
    expect(snap.context).toMatchObject({ payInfo, config });
    expect(a.announced).toHaveBeenCalledTimes(1);
    expect(a.announced.mock.calls[0]![0].self).toEqual({ userId: adminUser.userId, roles: adminUser.roles });
    expect(a.announced.mock.calls[0]![0].members.map((m) => m.userId)).toEqual(joinedIds);
  });

  it('a load without a user (user info refused) stays empty and announces nothing', () => {
    const a = setupAccount();
    a.actor.send({ type: 'account.loaded', account: { ...loaded, userInfo: null } });
    expect(a.actor.getSnapshot().hasTag('loaded')).toBe(false);
    expect(a.announced).not.toHaveBeenCalled();
  });

  it('refreshes user, workspace and members, keeps pay info and config, and announces again', async () => {
    const a = setupAccount();
    a.actor.send({ type: 'account.loaded', account: { ...loaded, members: [] } });
    a.actor.send({ type: 'account.refresh' });
    expect(a.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(a.actor.getSnapshot().hasTag('loaded')).toBe(true);
    expect(a.refresh.calls).toHaveLength(1);
    a.refresh.resolve({ userInfo: adminUser, workspace: { ...workspace, memberCount: 5 }, members });
    await flush();
    const snap = a.actor.getSnapshot();
    expect(snap.hasTag('busy')).toBe(false);
    expect(snap.context).toMatchObject({ members, payInfo, config, refreshFailed: false });
    expect(snap.context.workspace?.memberCount).toBe(5);
    expect(a.announced).toHaveBeenCalledTimes(2);
  });

  it('a refresh asked for during one starts over: the last answer wins', async () => {
    const a = setupAccount();
    a.actor.send({ type: 'account.loaded', account: loaded });
    a.actor.send({ type: 'account.refresh' });
    a.actor.send({ type: 'account.refresh' });
    expect(a.refresh.calls).toHaveLength(2);
    a.refresh.resolve({ userInfo: adminUser, workspace, members: [] });
    await flush();
    // The first (cancelled) call's answer is not taken.
    expect(a.actor.getSnapshot().context.members).toEqual(members);
    expect(a.actor.getSnapshot().hasTag('busy')).toBe(true);
    a.refresh.resolve({ userInfo: adminUser, workspace, members: members.slice(0, 1) });
    await flush();
    expect(a.actor.getSnapshot().context.members).toEqual(members.slice(0, 1));
  });

  it('a failed refresh keeps the data and says so', async () => {
    const a = setupAccount();
    a.actor.send({ type: 'account.loaded', account: loaded });
    a.actor.send({ type: 'account.refresh' });
    a.refresh.reject(new Error('down'));
    await flush();
    expect(a.actor.getSnapshot().context).toMatchObject({ members, refreshFailed: true });
    expect(a.actor.getSnapshot().hasTag('loaded')).toBe(true);
    expect(a.announced).toHaveBeenCalledTimes(1);
  });

  it('ignores a refresh with no account, and forgets everything at sign-out', () => {
    const a = setupAccount();
    a.actor.send({ type: 'account.refresh' });
    expect(a.refresh.calls).toHaveLength(0);
    a.actor.send({ type: 'account.loaded', account: loaded });
    a.actor.send({ type: 'session.ended' });
    expect(a.actor.getSnapshot().hasTag('loaded')).toBe(false);
    expect(a.actor.getSnapshot().context).toMatchObject({ userInfo: null, workspace: null, members: [], config: [], payInfo: null });
  });
});
