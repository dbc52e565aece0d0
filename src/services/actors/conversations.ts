/**
 * The conversations' effects (SPEC §4 Chat list loading, §7 Chats): the chat list's pages and
 * increments through the /admin or /member call of the caller's real role (`forRole`, SPEC §6),
 * an open chat's message pages, and the browser tab's visibility; the tools panel's (quick
 * replies, auto reply, schedules) are src/services/actors/chat-tools.ts. Built only from the flow
 * services (and the visibility source); every call is aborted when the flow no longer waits for
 * it (another member, sign-out), so a late answer never lands. The source-user header of an admin
 * reading a member's conversations is the API client's (the selected member in storage). The pinned
 * chats' effects are src/services/actors/chat-pins.ts.
 *
 * Loads reject on a refusal (src/services/answer.ts `dataOf`): the machines' onError offers a retry.
 */
import { fromCallback, fromPromise } from 'xstate';
import { CHAT_PAGE_SIZE, MESSAGE_PAGE_SIZE, chatCalls, chatsEndpoints } from '../../contract/chats';
import { forRole } from '../../contract/role-pair';
import { chatViewMachine, type LoadAroundInput, type LoadLatestInput, type MessagePage } from '../../machines/chat-view.machine';
import type {
  ChatChanges,
  ChatPage,
  ConversationsEvent,
  LoadChatChangesInput,
  LoadChatPageInput,
  conversationsMachine,
} from '../../machines/conversations.machine';
import { chatPinsMachine } from '../../machines/chat-pins.machine';
import { chatToolsMachine } from '../../machines/chat-tools.machine';
import { dataOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import { chatPinsEffects } from './chat-pins';
import { chatToolsEffects } from './chat-tools';

/** Whether the browser tab is hidden, and its changes (the document's visibility, or a test's). */
export type VisibilitySource = {
  isHidden(): boolean;
  /** Calls `onChange` on every change; returns the unsubscribe. */
  subscribe(onChange: () => void): () => void;
};

/** The document's visibility (`visibilitychange`); without a document the tab counts as visible. */
export const documentVisibility = (doc: Document | undefined = globalThis.document): VisibilitySource => ({
  isHidden: () => doc?.visibilityState === 'hidden',
  subscribe: (onChange) => {
    if (!doc) return () => undefined;
    doc.addEventListener('visibilitychange', onChange);
    return () => doc.removeEventListener('visibilitychange', onChange);
  },
});

export const chatViewEffects: FlowEffects<typeof chatViewMachine> = (services) => ({
  actors: {
    loadLatest: fromPromise<MessagePage, LoadLatestInput>(async ({ input, signal }) =>
      dataOf(await services.api.call(chatsEndpoints.messagePageBefore, { conversationId: input.conversationId, pageSize: MESSAGE_PAGE_SIZE }, { signal }), 'Messages'),
    ),
    loadBefore: fromPromise<MessagePage, LoadAroundInput>(async ({ input, signal }) =>
      dataOf(
        await services.api.call(
          chatsEndpoints.messagePageBefore,
          { conversationId: input.conversationId, sendTime: input.sendTime, msgKey: input.msgKey, pageSize: MESSAGE_PAGE_SIZE },
          { signal },
        ),
        'Older messages',
      ),
    ),
    loadAfter: fromPromise<MessagePage, LoadAroundInput>(async ({ input, signal }) =>
      dataOf(
        await services.api.call(
          chatsEndpoints.messagePageAfter,
          { conversationId: input.conversationId, sendTime: input.sendTime, msgKey: input.msgKey, pageSize: MESSAGE_PAGE_SIZE },
          { signal },
        ),
        'New messages',
      ),
    ),
  },
});

/** The refresh's effects with a visibility source (tests pass their own). */
export const makeConversationsEffects =
  (visibility: () => VisibilitySource): FlowEffects<typeof conversationsMachine> =>
  (services) => ({
    actors: {
      watchVisibility: fromCallback<ConversationsEvent>(({ sendBack }) => {
        const source = visibility();
        let hidden = source.isHidden();
        if (hidden) sendBack({ type: 'page.hidden' });
        return source.subscribe(() => {
          const now = source.isHidden();
          if (now === hidden) return;
          hidden = now;
          sendBack({ type: now ? 'page.hidden' : 'page.visible' });
        });
      }),
      loadPage: fromPromise<ChatPage, LoadChatPageInput>(async ({ input, signal }) =>
        dataOf(
          await services.api.call(forRole(chatCalls.conversationListByPage, input.realRole), { pageNo: input.pageNo, pageSize: input.pageSize || CHAT_PAGE_SIZE }, { signal }),
          'Chat list',
        ),
      ),
      loadChanges: fromPromise<ChatChanges, LoadChatChangesInput>(async ({ input, signal }) =>
        dataOf(await services.api.call(forRole(chatCalls.conversationListByInc, input.realRole), { timestamp: input.timestamp }, { signal }), 'Chat list refresh'),
      ),
      chatView: chatViewMachine.provide(chatViewEffects(services)),
      chatTools: chatToolsMachine.provide(chatToolsEffects(services)),
      chatPins: chatPinsMachine.provide(chatPinsEffects(services)),
    },
    actions: {
      /** The chat sync starts a sync by itself on this for a member whose sync type is `auto`. */
      announceOpened: () => services.sendTo('chatSync', { type: 'conversations.opened' }),
    },
  });

export const conversationsEffects = makeConversationsEffects(() => documentVisibility());
