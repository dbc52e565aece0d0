/**
 * The chat-sync and first-run guidance actors, long-lived flows of the app system ('chatSync',
 * 'firstRunGuide', src/services/app-system.ts). Their modules load when the session starts, so
 * right after sign-in they may not be there yet (undefined: the views wait). Read from the system
 * on every change of its root, which spawns them.
 */
import { useSelector } from '@xstate/react';
import type { ChatSyncActorRef } from '../../../machines/chat-sync.machine';
import type { FirstRunGuideActorRef } from '../../../machines/first-run-guide.machine';
import { useAppActors, useAppShell } from '../../app-actors';

export function useChatSyncActor(): ChatSyncActorRef | undefined {
  const { system } = useAppShell();
  return useSelector(system, () => system.system.get('chatSync') as ChatSyncActorRef | undefined);
}

export function useFirstRunGuideActor(): FirstRunGuideActorRef | undefined {
  const { system } = useAppShell();
  return useSelector(system, () => system.system.get('firstRunGuide') as FirstRunGuideActorRef | undefined);
}

/**
 * Whether the screen shows the person's own data (not another member's, chosen in the member
 * selector): a sync uploads the signed-in person's own chats, so Sync is offered only then.
 */
export function useActsForSelf(): boolean {
  const { selectedMember } = useAppActors();
  return useSelector(selectedMember, (s) => s.context.selectedId === null || s.context.selectedId === s.context.selfId);
}
