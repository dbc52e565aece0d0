/**
 * The conversations as a long-lived flow (src/services/app-system.ts): the chat list and its 20 s
 * refresh, with the open chat. Its machine and effects in one module, loaded when a session starts
 * (a dynamic import), so neither the machines nor the chats contract reach the login page.
 */
import { conversationsMachine } from '../../machines/conversations.machine';
import { conversationsEffects } from '../actors/conversations';
import { defineLongLivedFlow } from '../flow-definition';

export const conversationsFlow = defineLongLivedFlow({
  systemId: 'conversations',
  machine: conversationsMachine,
  effects: conversationsEffects,
  // Opened at once when a conversations screen was already on when the module arrived.
  input: (route) => ({ route }),
});
