/**
 * Generated path tests of the selected-member machine: every state and transition is reached, and
 * each step stores and announces the member it selects (SPEC §6: only a real admin chooses).
 */
import { selectedMemberMachine } from '../../src/machines/selected-member.machine';
import { actionRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';
import { adminUser, memberUser, members } from '../support/fixtures';

const self = (u: typeof adminUser) => ({ userId: u.userId, roles: u.roles });

const events = [
  { type: 'members.loaded', self: self(adminUser), members },
  { type: 'members.loaded', self: self(memberUser), members },
  { type: 'user.select', userId: 'u-other' },
  { type: 'user.select', userId: 'u-admin' },
  { type: 'user.select', userId: 'u-stranger' },
  { type: 'session.ended' },
];

const variants = [
  { name: 'stored member in list', input: { stored: 'u-other' } },
  { name: 'stored stranger', input: { stored: 'u-stranger' } },
  { name: 'nothing stored', input: { stored: null } },
];

type Selection = { selectedId: string | null; stored: string | null };
const memberIds = members.map((m) => m.userId);
const selectable = (userId: string | null, selfId: string): userId is string => !!userId && (userId === selfId || memberIds.includes(userId));
const chose = (userId: string): Effect[] => [actionRan('persistSelection', { userId }), actionRan('announceSelection', { userId })];

/**
 * When the members arrive: a real admin keeps a selection that is still a member, else gets the
 * stored member back, else selects themselves; anyone else is themselves. Only a change is stored
 * and announced. Later an admin may select another member of the list.
 */
const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  const before = step.before?.context as Selection | undefined;
  if (event.type === 'members.loaded') {
    const loaded = event as unknown as { self: { userId: string }; members: unknown[] };
    const selfId = loaded.self.userId;
    const admin = selfId === adminUser.userId;
    if (admin && selectable(before!.selectedId, selfId)) return [];
    if (admin && selectable(before!.stored, selfId)) return chose(before!.stored);
    return chose(selfId);
  }
  if (event.type === 'user.select') {
    const userId = event.userId as string;
    const admin = step.before!.hasTag('canSelect');
    return admin && memberIds.includes(userId) && userId !== before!.selectedId ? chose(userId) : [];
  }
  return [];
};

machinePathSuite('selected member paths', selectedMemberMachine, { events, effects, variants });
