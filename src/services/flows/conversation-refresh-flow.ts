/**
 * The conversations as a long-lived flow (src/services/app-system.ts): the chat list and its 20 s
 * refresh, with the open chat. Its machine and effects in one module, loaded when a session starts
 * (a dynamic import), so neither the machines nor the chats contract reach the login page.
 */
import { conversationRefreshMachine } from '../../machines/conversation-refresh.machine';
import { conversationRefreshEffects } from '../actors/conversations';
import { defineLongLivedFlow } from '../flow-definition';

export const conversationRefreshFlow = defineLongLivedFlow({ systemId: 'conversations', machine: conversationRefreshMachine, effects: conversationRefreshEffects });
