/**
 * The chat sync as a long-lived flow (src/services/app-system.ts): its machine and effects in one
 * module, loaded when a session starts (a dynamic import), so neither the machine nor the chats
 * contract reach the login page.
 */
import { chatSyncMachine } from '../../machines/chat-sync.machine';
import { chatSyncEffects } from '../actors/chat-sync';
import { defineLongLivedFlow } from '../flow-definition';

export const chatSyncFlow = defineLongLivedFlow({ systemId: 'chatSync', machine: chatSyncMachine, effects: chatSyncEffects });
