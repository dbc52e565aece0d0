/**
 * The selected-member actor's effects (SPEC §4 "Selected member"): the choice is kept in storage
 * (the API client reads it for the source-user header) and announced to the root, which
 * broadcasts `member.selected {userId}` to every actor of the system.
 */
import { sendParent } from 'xstate';
import type { selectedMemberMachine } from '../../machines/selected-member.machine';
import type { Implementations } from '../flow-services';
import type { CoreServices } from './core';

export const selectedMemberEffects = (services: Pick<CoreServices, 'storage'>): Implementations<typeof selectedMemberMachine> => ({
  actions: {
    persistSelection: (_: unknown, params: { userId: string }): void => {
      if (params.userId) services.storage.set('selectedMember', params.userId);
    },
    announceSelection: sendParent((_, p) => ({
      type: 'member.selected',
      userId: p.userId,
    })),
  },
});
