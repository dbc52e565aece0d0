import { useSelector } from '@xstate/react';
import type { ChatSyncActorRef } from '../../../machines/chat-sync.machine';
import { useAppActors, useFlow } from '../../app-actors';

/** The chat sync ('chatSync'), undefined until its module loads after sign-in. */
export function useChatSyncActor(): ChatSyncActorRef | undefined {
  return useFlow('chatSync');
}

/**
 * Whether the screen shows the person's own data (not another member's, chosen in the member
 * selector): a sync uploads the signed-in person's own chats, so Sync is offered only then.
 */
export function useActsForSelf(): boolean {
  const { selectedMember } = useAppActors();
  return useSelector(selectedMember, (s) => s.context.selectedId === null || s.context.selectedId === s.context.selfId);
}
