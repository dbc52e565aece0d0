import { selectedMemberMachine } from '../../src/machines/selected-member.machine';
import { machinePathSuite } from '../support/machine-paths';
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

machinePathSuite('selected member paths', selectedMemberMachine, {
  events,
  variants: [
    { name: 'stored member in list', input: { stored: 'u-other' } },
    { name: 'stored stranger', input: { stored: 'u-stranger' } },
    { name: 'nothing stored', input: { stored: null } },
  ],
});
