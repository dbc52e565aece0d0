import { assign, setup, type ActorRefFrom } from 'xstate';
import type { Message } from '../contract/chats';
import { actorNotProvided } from './not-provided';

/**
 * One open chat's messages (SPEC §2 /conversation chat view, §3 Message, §4 Chat list loading,
 * §9 50 messages per fetch). The conversation refresh (src/machines/conversations.machine.ts)
 * spawns one for the chat the person opens and stops it when another opens or the chat closes.
 *
 * - At start the latest 50 messages load (`loadLatest`: the page before nothing). A failure shows
 *   a retry (`failed`); the next refresh tick tries again by itself too.
 * - Older messages load when the view scrolls up to the oldest shown (`user.loadOlder`: the page
 *   before the oldest, by its send time and key), prepended, until the server says there are no
 *   more (`hasOlder`). A failure keeps what is shown and offers the same button again.
 * - Newer messages come with the refresh loop: every tick the refresh sends `chat.refresh` with the
 *   chat's last message time as the chat list has it (`lastMessageTime`, null when unknown). The
 *   view then asks for the messages after the newest shown, 50 at a time, repeating while the
 *   server says more follow; with no message shown yet it asks for the latest 50 instead (SPEC §4).
 *
 *   The skip rule: when the newest message shown is at least as new as the list's last message
 *   time, nothing newer can exist, so no call is made. It covers the tick whose incremental list
 *   did not change this chat (the call would answer nothing), and still catches up after a failed
 *   fetch, since then the newest shown stays older than the list's. (Two messages sent in the same
 *   millisecond, one shown and one not, wait for the chat's next message.)
 * - Every page merges by message key: a message is never shown twice, and the list stays ordered
 *   oldest first by send time (then key).
 *
 * Tags for the view: loading (the first page is on its way), failed (it could not load),
 * loadingOlder, olderFailed, loadingNewer, newerFailed, empty (loaded, no message).
 */

export type ChatViewInput = { conversationId: string };

/** Where a page starts: a message's send time and key. */
export type MessageCursor = { sendTime: number; msgKey: string };

export type MessagePage = { rows: Message[]; hasMore: boolean };

export type LoadLatestInput = { conversationId: string };
export type LoadAroundInput = { conversationId: string } & MessageCursor;

export type ChatViewContext = {
  conversationId: string;
  /** Oldest first. */
  messages: Message[];
  /** The server has messages older than the oldest shown. */
  hasOlder: boolean;
};

export type ChatViewEvent =
  | { type: 'user.retry' }
  | { type: 'user.loadOlder' }
  | { type: 'user.retryNewer' }
  /** A refresh tick: the chat list's last message time for this chat (null when it does not know). */
  | { type: 'chat.refresh'; lastMessageTime: number | null };

/** Oldest first by send time, then by key. */
export const compareMessages = (a: MessageCursor, b: MessageCursor): number =>
  a.sendTime - b.sendTime || (a.msgKey < b.msgKey ? -1 : a.msgKey > b.msgKey ? 1 : 0);

/**
 * The messages with `rows` added, each key once (a message already shown keeps its place), oldest
 * first. Pages before the oldest or after the newest are prepended or appended as they are; any
 * other mix is sorted.
 */
export const mergeMessages = (messages: readonly Message[], rows: readonly Message[]): Message[] => {
  if (rows.length === 0) return messages as Message[];
  const keys = new Set(messages.map((m) => m.msgKey));
  const fresh: Message[] = [];
  for (const row of rows) {
    if (keys.has(row.msgKey)) continue;
    keys.add(row.msgKey);
    fresh.push(row);
  }
  if (fresh.length === 0) return messages as Message[];
  const sortedFresh = fresh.every((m, i) => i === 0 || compareMessages(fresh[i - 1]!, m) <= 0) ? fresh : [...fresh].sort(compareMessages);
  const first = messages[0];
  const last = messages[messages.length - 1];
  if (!first || !last) return sortedFresh;
  if (compareMessages(last, sortedFresh[0]!) <= 0) return [...messages, ...sortedFresh];
  if (compareMessages(sortedFresh[sortedFresh.length - 1]!, first) <= 0) return [...sortedFresh, ...messages];
  return [...messages, ...sortedFresh].sort(compareMessages);
};

const cursorOf = (m: Message | undefined): MessageCursor | null => (m ? { sendTime: m.sendTime, msgKey: m.msgKey } : null);
/** The newest message shown (where the next refresh starts). */
export const newestOf = (messages: readonly Message[]): MessageCursor | null => cursorOf(messages[messages.length - 1]);
/** The oldest message shown (where the next older page ends). */
export const oldestOf = (messages: readonly Message[]): MessageCursor | null => cursorOf(messages[0]);

/** The skip rule (see above): the newest message shown is as new as the list's last message. */
export const isUpToDate = (messages: readonly Message[], lastMessageTime: number | null): boolean => {
  const newest = newestOf(messages);
  return newest !== null && lastMessageTime !== null && newest.sendTime >= lastMessageTime;
};

export const chatViewMachine = setup({
  types: {} as {
    context: ChatViewContext;
    events: ChatViewEvent;
    input: ChatViewInput;
    tags: 'loading' | 'failed' | 'loadingOlder' | 'olderFailed' | 'loadingNewer' | 'newerFailed' | 'empty';
  },
  actors: {
    /** The latest 50 (the page before nothing). */
    loadLatest: actorNotProvided<MessagePage, LoadLatestInput>('loadLatest'),
    /** Up to 50 older than the cursor. */
    loadBefore: actorNotProvided<MessagePage, LoadAroundInput>('loadBefore'),
    /** Up to 50 newer than the cursor. */
    loadAfter: actorNotProvided<MessagePage, LoadAroundInput>('loadAfter'),
  },
  actions: {
    showLatest: assign(({ context }, page: MessagePage) => ({ messages: mergeMessages(context.messages, page.rows), hasOlder: page.hasMore })),
    prependOlder: assign(({ context }, page: MessagePage) => ({ messages: mergeMessages(context.messages, page.rows), hasOlder: page.hasMore })),
    appendNewer: assign(({ context }, page: MessagePage) => ({ messages: mergeMessages(context.messages, page.rows) })),
  },
  guards: {
    hasOlder: ({ context }) => context.hasOlder && context.messages.length > 0,
    hasMessages: ({ context }) => context.messages.length > 0,
    hasNoMessages: ({ context }) => context.messages.length === 0,
    upToDate: ({ context }, lastMessageTime: number | null) => isUpToDate(context.messages, lastMessageTime),
    moreFollow: (_, page: MessagePage) => page.hasMore && page.rows.length > 0,
  },
}).createMachine({
  id: 'chatView',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['conversationId', 'hasOlder'] },
  context: ({ input }) => ({ conversationId: input.conversationId, messages: [], hasOlder: false }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The latest 50 messages are on their way (a refresh tick meanwhile changes nothing).',
      tags: ['loading'],
      invoke: {
        id: 'loadLatest',
        src: 'loadLatest',
        input: ({ context }) => ({ conversationId: context.conversationId }),
        onDone: { target: 'ready', actions: { type: 'showLatest', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The latest messages could not be loaded: the view offers a retry; the next refresh tick tries again too.',
      tags: ['failed'],
      on: { 'user.retry': 'loading', 'chat.refresh': 'loading' },
    },
    ready: {
      description: 'Messages on screen; older ones load on scroll-up while newer ones arrive with the refresh.',
      type: 'parallel',
      states: {
        shown: {
          initial: 'listed',
          states: {
            listed: { always: { guard: 'hasNoMessages', target: 'empty' } },
            empty: {
              description: 'Loaded, and the chat has no message.',
              tags: ['empty'],
              always: { guard: 'hasMessages', target: 'listed' },
            },
          },
        },
        older: {
          initial: 'idle',
          states: {
            idle: { on: { 'user.loadOlder': { guard: 'hasOlder', target: 'loading' } } },
            loading: {
              description: 'The 50 messages before the oldest shown are on their way.',
              tags: ['loadingOlder'],
              invoke: {
                id: 'loadBefore',
                src: 'loadBefore',
                input: ({ context }) => ({ conversationId: context.conversationId, ...oldestOf(context.messages)! }),
                onDone: { target: 'idle', actions: { type: 'prependOlder', params: ({ event }) => event.output } },
                onError: 'failed',
              },
            },
            failed: {
              description: 'Older messages could not be loaded; what is shown stays and the same button tries again.',
              tags: ['olderFailed'],
              on: { 'user.loadOlder': { guard: 'hasOlder', target: 'loading' } },
            },
          },
        },
        newer: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'chat.refresh': [
                  // The skip rule: nothing newer can exist (no call; the state stays).
                  { guard: { type: 'upToDate', params: ({ event }) => event.lastMessageTime }, target: 'idle' },
                  { guard: 'hasMessages', target: 'after' },
                  { target: 'latest' },
                ],
              },
            },
            after: {
              description: 'The messages after the newest shown are on their way, 50 at a time while more follow.',
              tags: ['loadingNewer'],
              invoke: {
                id: 'loadAfter',
                src: 'loadAfter',
                input: ({ context }) => ({ conversationId: context.conversationId, ...newestOf(context.messages)! }),
                onDone: [
                  {
                    guard: { type: 'moreFollow', params: ({ event }) => event.output },
                    target: 'after',
                    reenter: true,
                    actions: { type: 'appendNewer', params: ({ event }) => event.output },
                  },
                  { target: 'idle', actions: { type: 'appendNewer', params: ({ event }) => event.output } },
                ],
                onError: 'failed',
              },
            },
            latest: {
              description: 'No message was shown: the latest 50 are asked for instead of those after the newest (SPEC §4).',
              tags: ['loadingNewer'],
              invoke: {
                id: 'refreshLatest',
                src: 'loadLatest',
                input: ({ context }) => ({ conversationId: context.conversationId }),
                onDone: { target: 'idle', actions: { type: 'showLatest', params: ({ event }) => event.output } },
                onError: 'failed',
              },
            },
            failed: {
              description: 'Newer messages could not be loaded: the view offers a retry; the next refresh tick tries again too.',
              tags: ['newerFailed'],
              on: {
                'chat.refresh': [
                  { guard: { type: 'upToDate', params: ({ event }) => event.lastMessageTime }, target: 'idle' },
                  { guard: 'hasMessages', target: 'after' },
                  { target: 'latest' },
                ],
                'user.retryNewer': [{ guard: 'hasMessages', target: 'after' }, { target: 'latest' }],
              },
            },
          },
        },
      },
    },
  },
});

export type ChatViewActorRef = ActorRefFrom<typeof chatViewMachine>;
export type ChatViewSnapshot = ReturnType<ChatViewActorRef['getSnapshot']>;
