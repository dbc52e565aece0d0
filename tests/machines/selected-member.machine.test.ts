import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { selectedMemberMachine } from '../../src/machines/selected-member.machine';
import { adminUser, managerUser, memberUser, members } from '../support/fixtures';

const start = (stored: string | null) => {
  const persisted = vi.fn<(userId: string) => void>();
  const announced = vi.fn<(userId: string) => void>();
  const actor = createActor(
    selectedMemberMachine.provide({
      actions: {
        persistSelection: (_, p: { userId: string }) => persisted(p.userId),
        announceSelection: (_, p: { userId: string }) => announced(p.userId),
      },
    }),
    { input: { stored } },
  ).start();
  const loaded = (user: typeof adminUser) =>
    actor.send({ type: 'members.loaded', self: { userId: user.userId, roles: user.roles }, members });
  return { actor, persisted, announced, loaded };
};

describe('selected member', () => {
  it('waits for the member list, then defaults to the user themselves', () => {
    const s = start(null);
    expect(s.actor.getSnapshot().value).toBe('waiting');
    s.loaded(adminUser);
    expect(s.actor.getSnapshot().context).toMatchObject({ selfId: 'u-admin', selectedId: 'u-admin', canSelect: true });
    expect(s.actor.getSnapshot().hasTag('canSelect')).toBe(true);
    expect(s.persisted).toHaveBeenCalledWith('u-admin');
  });

  it('restores a stored selection for a real admin whose choice is in the list', () => {
    const s = start('u-other');
    s.loaded(adminUser);
    expect(s.actor.getSnapshot().context.selectedId).toBe('u-other');
    expect(s.persisted).toHaveBeenLastCalledWith('u-other');
  });

  it('a manager is a real admin too', () => {
    const s = start('u-other');
    s.loaded(managerUser);
    expect(s.actor.getSnapshot().context.selectedId).toBe('u-other');
  });

  it('does not restore a stored member that is not in the list', () => {
    const s = start('u-stranger');
    s.loaded(adminUser);
    expect(s.actor.getSnapshot().context.selectedId).toBe('u-admin');
    expect(s.persisted).toHaveBeenLastCalledWith('u-admin');
  });

  it('resets a non-admin to themselves', () => {
    const s = start('u-other');
    s.loaded(memberUser);
    expect(s.actor.getSnapshot().context).toMatchObject({ selectedId: 'u-member', canSelect: false });
    expect(s.actor.getSnapshot().hasTag('canSelect')).toBe(false);
    expect(s.persisted).toHaveBeenLastCalledWith('u-member');
  });

  it('lets an admin select members of the list only', () => {
    const s = start(null);
    s.loaded(adminUser);
    s.actor.send({ type: 'user.select', userId: 'u-other' });
    expect(s.actor.getSnapshot().context.selectedId).toBe('u-other');
    expect(s.persisted).toHaveBeenLastCalledWith('u-other');
    s.actor.send({ type: 'user.select', userId: 'u-stranger' });
    expect(s.actor.getSnapshot().context.selectedId).toBe('u-other');
    s.actor.send({ type: 'user.select', userId: 'u-admin' });
    expect(s.actor.getSnapshot().context.selectedId).toBe('u-admin');
    expect(s.persisted).toHaveBeenCalledTimes(3);
    // Every resolved or chosen selection is announced (the app system broadcasts `member.selected`).
    expect(s.announced.mock.calls).toEqual([['u-admin'], ['u-other'], ['u-admin']]);
  });

  it('ignores selections by non-admins', () => {
    const s = start(null);
    s.loaded(memberUser);
    s.actor.send({ type: 'user.select', userId: 'u-other' });
    expect(s.actor.getSnapshot().context.selectedId).toBe('u-member');
    expect(s.persisted).toHaveBeenCalledTimes(1);
  });

  it('keeps a valid selection when the members load again, and waits again after the session ends', () => {
    const s = start(null);
    s.loaded(adminUser);
    s.actor.send({ type: 'user.select', userId: 'u-other' });
    s.loaded(adminUser);
    expect(s.actor.getSnapshot().context.selectedId).toBe('u-other');
    s.actor.send({ type: 'session.ended' });
    expect(s.actor.getSnapshot().value).toBe('waiting');
    expect(s.actor.getSnapshot().context).toMatchObject({ selfId: null, selectedId: null, canSelect: false, stored: 'u-other' });
    // Another user signs in: not an admin, so reset to themselves.
    s.loaded(memberUser);
    expect(s.actor.getSnapshot().context.selectedId).toBe('u-member');
  });
});
