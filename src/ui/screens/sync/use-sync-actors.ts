import { useSelector } from '@xstate/react';
import { useAppActors } from '../../app-actors';

/**
 * Whether the screen shows the person's own data (not another member's, chosen in the member
 * selector): a sync uploads the signed-in person's own chats, so Sync is offered only then.
 */
export function useActsForSelf(): boolean {
  const { selectedMember } = useAppActors();
  return useSelector(selectedMember, (s) => s.context.selectedId === null || s.context.selectedId === s.context.selfId);
}
