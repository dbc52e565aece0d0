/**
 * The conversations flow, a long-lived flow of the app system (system id 'conversations',
 * src/services/app-system.ts `appFlows`). Its module is loaded when the session starts, so right
 * after sign-in it may not be there yet (undefined: the screen waits). The ref is read from the
 * system on every change of the root, which spawns it.
 */
import { useSelector } from '@xstate/react';
import type { ConversationsActorRef } from '../../../machines/conversation-refresh.machine';
import { useAppShell } from '../../app-actors';

export function useConversationsActor(): ConversationsActorRef | undefined {
  const { system } = useAppShell();
  return useSelector(system, () => system.system.get('conversations') as ConversationsActorRef | undefined);
}
