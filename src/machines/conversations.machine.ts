import { assign, enqueueActions, fromCallback, not, setup, type ActorRefFrom } from 'xstate';
import { CHAT_PAGE_SIZE, isGroupChatId, phoneOfChatId, type Chat } from '../contract/chats';
import { chatPinsMachine } from './chat-pins.machine';
import { chatToolsMachine } from './chat-tools.machine';
import { chatViewMachine, type ChatViewActorRef } from './chat-view.machine';
import type { RealRole } from '../contract/roles';
import { CHAT_PARAM, CONVERSATION_PATHS } from './constants';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { realRoleOf, routeParam, showsPath, type RouteFacts, type RouteShownEvent } from './route-facts';
import { toolsChatOf } from './tools-chat';

/**
 * The synced conversations of the selected member (SPEC §2 /conversation, §4 Chat list loading,
 * §6 an admin reading a member's conversations, §9 20 s refresh, pages of 500), a long-lived flow
 * of the app system ('conversations'): it lives as long as the session, so the list survives a
 * visit to another screen (a return is instant and catches up at once), and it hears the system's
 * broadcasts: `member.selected` (another member's conversations: everything reloads from page 1,
 * or is forgotten while the screen is away) and `session.ended` (back to idle, cleared).
 *
 * `idle` until a conversations screen is on (`route.shown` of /conversation, /chats,
 * /hubspot-chats or /conversations, or such a route when the flow starts), with the viewer's
 * real role (/admin or /member list calls, SPEC §6). Another route keeps everything and pauses the
 * refresh; coming back catches up at once. Each arrival on the screen tells the chat sync.
 *
 * `active` runs three regions side by side:
 * - list: the chat list in pages of 500 (`loadPage`), one after the other until a page says no
 *   page follows; then it is complete. The first page's server clock (`timestamp`) is where the
 *   incremental refresh starts, so a chat that changed while later pages loaded is caught by it.
 *   A failed page offers a retry of that page.
 * - loop: the refresh loop. Every 20 s (`refreshInterval`) a tick, while the screen is open and
 *   the browser tab is visible (SPEC §9; hidden: paused, visible again: a tick at once). A tick:
 *   if the list is complete (no next page), the chats changed since the last clock are fetched
 *   (`loadChanges`, SPEC §7 by-inc) and merged by id (deleted ones leave); then the open chat is
 *   told (`chat.refresh`, with its last message time as the list now has it), which fetches the
 *   messages after the newest it shows, 50 at a time while more follow, or the latest 50 if it
 *   shows none. The open chat skips that fetch when it already shows a message as new as the
 *   list's last one (the rule is written in src/machines/chat-view.machine.ts): a tick whose
 *   incremental answer did not change the open chat costs one call, not two. A failed refresh
 *   keeps the list and tries again at the next tick.
 * - chat: the open chat, a chat view actor (src/machines/chat-view.machine.ts) spawned for it. A
 *   route that names a chat (`?chat=<chat-service id>`, CHAT_PARAM: the analytics ranking's
 *   "Open chat") opens it as soon as the list has it (`wantedChat`); the person opening or closing
 *   a chat, another member or leaving the screen forgets it.
 *
 * Beside them runs the member's tools panel (quick replies, auto reply, schedules), a child flow
 * (`chatTools`, src/machines/chat-tools.machine.ts) started with `active`, so another member or
 * role starts it afresh; every chat opened or closed is told to it (`chat.changed` with the chat's
 * facts from its row), and it tells its panels. The member's pinned chats are another child
 * (`chatPins`, src/machines/chat-pins.machine.ts), started with `active` too: the view shows the
 * pinned chats first (`pinnedFirst`).
 *
 * The tab's visibility comes from a service (`watchVisibility`, `page.hidden` / `page.visible`);
 * the machine never reads the document.
 *
 * Context stays small enough to record: the chats are one array of the server's rows, newest last
 * message first, merged by id (a page or an increment costs one pass over the list plus a sort of
 * the rows it brings); the open chat's messages live in its own actor.
 *
 * Tags for the view: loadingList (a page is on its way), listFailed, listComplete, refreshing,
 * refreshFailed, chatOpen.
 */

/** SPEC §9: conversation refresh every 20 s. */
export const CONVERSATION_REFRESH_MS = 20_000;


export type ChatKind = 'all' | 'single' | 'group';
/** SPEC §2 /conversation filters: search by name or number, single or group chats, awaiting a reply. */
export type ChatFilters = { search: string; kind: ChatKind; awaitingReply: boolean };
export const DEFAULT_CHAT_FILTERS: ChatFilters = { search: '', kind: 'all', awaitingReply: false };

export type ChatPage = { rows: Chat[]; totalCount: number; hasNext: boolean; timestamp: number };
export type ChatChanges = { rows: Chat[]; timestamp: number };

export type LoadChatPageInput = { realRole: RealRole; pageNo: number; pageSize: number };
export type LoadChatChangesInput = { realRole: RealRole; timestamp: number };

/** The route on screen when the flow starts (null before any). */
export type ConversationsInput = { route: RouteFacts | null };

export type ConversationsEvent =
  | RouteShownEvent
  | { type: 'member.selected'; userId: string }
  | { type: 'session.ended' }
  /** From the visibility service: the browser tab was hidden or shown. */
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'user.retry' }
  | { type: 'user.openChat'; chatId: string }
  | { type: 'user.closeChat' }
  | { type: 'user.filter'; patch: Partial<ChatFilters> };

export type ConversationsContext = {
  realRole: RealRole;
  /** A conversations screen is the route on screen. */
  screenOpen: boolean;
  /** The browser tab is hidden (from the visibility service). */
  hidden: boolean;
  /** Newest last message first (chats without messages last). */
  chats: Chat[];
  /** The page to load next; null once a page said no page follows. */
  nextPage: number | null;
  /** The list's total on the server (from the last page). */
  totalCount: number;
  /** The server clock the next incremental refresh asks from (null before the first page). */
  since: number | null;
  filters: ChatFilters;
  openChatId: string | null;
  /** The chat the route asked for (its chat-service id), opened once the list has it. */
  wantedChat: string | null;
  chatView: ChatViewActorRef | null;
  /** Chat views spawned so far (each gets a new id, so a reopened chat starts fresh). */
  chatViews: number;
};

export const initialConversationsContext = (): ConversationsContext => ({
  realRole: 'member',
  screenOpen: false,
  hidden: false,
  chats: [],
  nextPage: 1,
  totalCount: 0,
  since: null,
  filters: DEFAULT_CHAT_FILTERS,
  openChatId: null,
  wantedChat: null,
  chatView: null,
  chatViews: 0,
});

/** True when the route is one of the conversations screens. */
export const showsConversations = (route: Pick<RouteFacts, 'pathname'> | null): boolean => CONVERSATION_PATHS.some((path) => showsPath(route, path));

const lastTime = (c: Chat): number => c.lastMessage?.sendTime ?? -1;

/** The list's order: newest last message first, chats without messages last, then by id. */
export const compareChats = (a: Chat, b: Chat): number => lastTime(b) - lastTime(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The chats with `rows` merged by id: a row replaces the chat with its id unless the chat on
 * screen changed later (`updateTime`); a deleted row (`isDel`) removes it. The result keeps the
 * list's order. Costs one pass over the list plus sorting the rows (a 500-row page into 20,000
 * chats stays in the low milliseconds).
 */
export const mergeChats = (chats: readonly Chat[], rows: readonly Chat[]): Chat[] => {
  if (rows.length === 0) return chats as Chat[];
  const incoming = new Map<string, Chat>();
  for (const row of rows) {
    const seen = incoming.get(row.id);
    if (!seen || row.updateTime >= seen.updateTime) incoming.set(row.id, row);
  }
  const kept: Chat[] = [];
  for (const chat of chats) {
    const row = incoming.get(chat.id);
    if (!row) kept.push(chat);
    else if (row.updateTime < chat.updateTime) {
      // The row is older than what is shown: the shown chat stays.
      incoming.delete(chat.id);
      kept.push(chat);
    }
  }
  const fresh = [...incoming.values()].filter((c) => !c.isDel).sort(compareChats);
  if (fresh.length === 0) return kept;
  // Both lists are in order: one merge pass.
  const out: Chat[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length || j < fresh.length) {
    if (j >= fresh.length || (i < kept.length && compareChats(kept[i]!, fresh[j]!) <= 0)) out.push(kept[i++]!);
    else out.push(fresh[j++]!);
  }
  return out;
};

/** Letters and digits of a search, lower-cased, for matching names; its digits for numbers. */
const normalize = (text: string): string => text.normalize('NFKC').toLocaleLowerCase();

/** Is the chat awaiting the member's reply (its last message came from the other side)? */
export const isAwaitingReply = (chat: Chat): boolean => chat.lastMessage !== null && !chat.lastMessage.fromMe;

/** The chats the filters show, in the list's order (a pure selector for the view). */
export const visibleChats = (chats: readonly Chat[], filters: ChatFilters): readonly Chat[] => {
  const search = normalize(filters.search.trim());
  const digits = search.replace(/\D/g, '');
  const searchesNumber = digits.length > 0 && /^[\d\s()+\-.]+$/.test(search);
  if (search === '' && filters.kind === 'all' && !filters.awaitingReply) return chats;
  return chats.filter((chat) => {
    if (filters.kind === 'single' && chat.isGroup) return false;
    if (filters.kind === 'group' && !chat.isGroup) return false;
    if (filters.awaitingReply && !isAwaitingReply(chat)) return false;
    if (search === '') return true;
    if (normalize(chat.name).includes(search)) return true;
    const phone = isGroupChatId(chat.chatWhatsappId) ? null : phoneOfChatId(chat.chatWhatsappId);
    return searchesNumber && phone !== null && phone.includes(digits);
  });
};

/** The chat a conversations route names (`?chat=`), if any. */
export const wantedChatOf = (route: RouteFacts | null): string | null => (showsConversations(route) ? routeParam(route, CHAT_PARAM) : null);

/** The row of the chat the route asked for, once the list has it. */
const wantedRowOf = (context: Pick<ConversationsContext, 'chats' | 'wantedChat'>): Chat | null =>
  context.wantedChat === null ? null : (context.chats.find((c) => c.chatWhatsappId === context.wantedChat) ?? null);

/** The open chat's row, if the list has it. */
export const openChatOf = (context: Pick<ConversationsContext, 'chats' | 'openChatId'>): Chat | null =>
  context.openChatId === null ? null : (context.chats.find((c) => c.id === context.openChatId) ?? null);

/** The visibility watcher, a callback actor (it reports as the tab changes); its default fails loudly as those of not-provided.ts do. */
const watchVisibilityNotProvided = fromCallback<ConversationsEvent>(() => {
  throw new Error("actor 'watchVisibility' is not provided");
});

const conversationsSetup = setup({
  types: {} as {
    context: ConversationsContext;
    events: ConversationsEvent;
    input: ConversationsInput;
    tags: 'loadingList' | 'listFailed' | 'listComplete' | 'refreshing' | 'refreshFailed' | 'chatOpen';
  },
  actors: {
    /** Sends `page.hidden` now if the tab is hidden, then on every change `page.hidden` / `page.visible`. */
    watchVisibility: watchVisibilityNotProvided,
    loadPage: actorNotProvided<ChatPage, LoadChatPageInput>('loadPage'),
    loadChanges: actorNotProvided<ChatChanges, LoadChatChangesInput>('loadChanges'),
    chatView: chatViewMachine,
    chatTools: chatToolsMachine,
    chatPins: chatPinsMachine,
  },
  delays: { refreshInterval: CONVERSATION_REFRESH_MS },
  actions: {
    /**
     * The chat page opened: the chat sync is told (`conversations.opened` to 'chatSync'), which
     * starts a sync by itself for a member whose sync type is `auto` (Pro plan).
     */
    announceOpened: actionNotProvided('announceOpened'),
    open: assign((_, route: RouteFacts) => ({ realRole: realRoleOf(route), screenOpen: true, wantedChat: wantedChatOf(route) })),
    show: assign((_, route: RouteFacts) => ({ screenOpen: true, wantedChat: wantedChatOf(route) })),
    hide: assign({ screenOpen: false, wantedChat: null }),
    tabHidden: assign({ hidden: true }),
    tabVisible: assign({ hidden: false }),
    addPage: assign(({ context }, page: ChatPage) => ({
      chats: mergeChats(context.chats, page.rows),
      totalCount: page.totalCount,
      nextPage: page.hasNext && context.nextPage !== null ? context.nextPage + 1 : null,
      // The first page's clock: the changes of the time the later pages took are asked for too.
      since: context.since ?? page.timestamp,
    })),
    addChanges: assign(({ context }, changes: ChatChanges) => ({
      chats: mergeChats(context.chats, changes.rows),
      since: Math.max(context.since ?? 0, changes.timestamp),
    })),
    /** Back to the start (sign-out); only the tab's visibility is still true. */
    reset: assign(({ context }) => ({ ...initialConversationsContext(), hidden: context.hidden })),
    filter: assign(({ context }, patch: Partial<ChatFilters>) => ({ filters: { ...context.filters, ...patch } })),
  },
  guards: {
    /** The route is a conversations screen. */
    showsConversations: (_, route: RouteFacts) => showsConversations(route),
    /** A conversations screen again while away, for the same real role as the list it holds. */
    returns: ({ context }, route: RouteFacts) => !context.screenOpen && showsConversations(route) && realRoleOf(route) === context.realRole,
    /** A conversations screen for another real role than the list it holds. */
    opensForAnotherRole: ({ context }, route: RouteFacts) => showsConversations(route) && realRoleOf(route) !== context.realRole,
    /** Another screen while this one is on. */
    leaves: ({ context }, route: RouteFacts) => context.screenOpen && !showsConversations(route),
    screenOpen: ({ context }) => context.screenOpen,
    /** The loop runs while the screen is open and the tab visible. */
    running: ({ context }) => context.screenOpen && !context.hidden,
    /** SPEC §4: the incremental refresh runs once there is no next page. */
    listComplete: ({ context }) => context.nextPage === null && context.since !== null,
    hasNext: (_, page: ChatPage) => page.hasNext,
    isOtherChat: ({ context }, chatId: string) => context.openChatId !== chatId,
    /** The list has the chat the route asked for, and it is not the open one. */
    wantedChatListed: ({ context }) => {
      const row = wantedRowOf(context);
      return row !== null && row.id !== context.openChatId;
    },
  },
}).extend({
  actions: {
    /**
     * Forgets the member's conversations (another member, a new open, sign-out): the open chat's
     * actor stops; the screen's facts (role, on screen, tab hidden, filters) stay.
     */
    clearData: enqueueActions(({ context, enqueue }) => {
      if (context.chatView) enqueue.stopChild(context.chatView);
      enqueue.assign(({ context: c }) => ({
        ...initialConversationsContext(),
        realRole: c.realRole,
        screenOpen: c.screenOpen,
        hidden: c.hidden,
        filters: c.filters,
      }));
    }),
    /** A chat view for the chat (the one shown before stops); the tools panel hears which chat is open. */
    openChat: enqueueActions(({ context, enqueue }, chatId: string) => {
      if (context.chatView) enqueue.stopChild(context.chatView);
      enqueue.sendTo('chatTools', { type: 'chat.changed', chat: toolsChatOf(context.chats.find((c) => c.id === chatId) ?? null) });
      enqueue.assign({
        openChatId: chatId,
        wantedChat: null,
        chatViews: ({ context: c }) => c.chatViews + 1,
        chatView: ({ context: c, spawn }) => spawn('chatView', { id: `chatView-${c.chatViews + 1}`, input: { conversationId: chatId } }),
      });
    }),
    closeChat: enqueueActions(({ context, enqueue }) => {
      if (context.chatView) enqueue.stopChild(context.chatView);
      enqueue.sendTo('chatTools', { type: 'chat.changed', chat: null });
      enqueue.assign({ openChatId: null, chatView: null, wantedChat: null });
    }),
    /** A tick reaches the open chat with its last message time as the list has it. */
    refreshOpenChat: enqueueActions(({ context, enqueue }) => {
      if (!context.chatView) return;
      const row = openChatOf(context);
      enqueue.sendTo(context.chatView, { type: 'chat.refresh', lastMessageTime: row?.lastMessage?.sendTime ?? null });
    }),
  },
});

export const conversationsMachine = conversationsSetup.createMachine({
  id: 'conversations',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['realRole', 'screenOpen', 'hidden', 'nextPage', 'since', 'totalCount', 'filters', 'openChatId', 'wantedChat', 'chatViews'] },
  context: ({ input }) => ({
    ...initialConversationsContext(),
    realRole: realRoleOf(input.route),
    screenOpen: showsConversations(input.route),
    wantedChat: wantedChatOf(input.route),
  }),
  initial: 'idle',
  invoke: { id: 'watchVisibility', src: 'watchVisibility' },
  on: {
    'session.ended': { target: '.idle', actions: ['clearData', 'reset'] },
    // The tab's visibility is kept in every state; the loop reacts to it (its `always` rules).
    'page.hidden': { actions: 'tabHidden' },
    'page.visible': { actions: 'tabVisible' },
  },
  states: {
    idle: {
      description: 'Not opened since the session began (or since the member changed while the screen was away): nothing loaded.',
      // Started while a conversations screen is on (the flow's module came after the route).
      always: { guard: 'screenOpen', target: 'active', actions: 'announceOpened' },
      on: {
        'route.shown': {
          guard: { type: 'showsConversations', params: ({ event }) => event },
          target: 'active',
          actions: [{ type: 'open', params: ({ event }) => event }, 'announceOpened'],
        },
      },
    },
    active: {
      description: "Opened: the selected member's chat list, the refresh loop and the open chat, kept while the screen is away.",
      type: 'parallel',
      invoke: [
        { id: 'chatTools', src: 'chatTools', input: ({ context }) => ({ chat: toolsChatOf(openChatOf(context)), realRole: context.realRole }) },
        // The member's pinned chats (src/machines/chat-pins.machine.ts): loaded afresh for another member or role.
        { id: 'chatPins', src: 'chatPins' },
      ],
      on: {
        // The same screen announced again (a route on screen re-rendered) matches none of these.
        'route.shown': [
          {
            description: 'Back on the screen: the list of before shows and catches up at once.',
            guard: { type: 'returns', params: ({ event }) => event },
            actions: [{ type: 'show', params: ({ event }) => event }, 'announceOpened'],
          },
          {
            description: 'The screen for another real role: everything loads again.',
            guard: { type: 'opensForAnotherRole', params: ({ event }) => event },
            target: 'active',
            reenter: true,
            actions: ['clearData', { type: 'open', params: ({ event }) => event }, 'announceOpened'],
          },
          { description: 'Another screen: everything stays, the refresh pauses.', guard: { type: 'leaves', params: ({ event }) => event }, actions: 'hide' },
        ],
        'member.selected': [
          { guard: 'screenOpen', target: 'active', reenter: true, actions: 'clearData' },
          { target: 'idle', actions: 'clearData' },
        ],
        'user.filter': { actions: { type: 'filter', params: ({ event }) => event.patch } },
      },
      states: {
        list: {
          initial: 'loading',
          states: {
            loading: {
              description: 'A page of 500 chats is on its way; the pages of before are on screen.',
              tags: ['loadingList'],
              invoke: {
                id: 'loadPage',
                src: 'loadPage',
                input: ({ context }) => ({ realRole: context.realRole, pageNo: context.nextPage ?? 1, pageSize: CHAT_PAGE_SIZE }),
                onDone: [
                  {
                    guard: { type: 'hasNext', params: ({ event }) => event.output },
                    target: 'loading',
                    reenter: true,
                    actions: { type: 'addPage', params: ({ event }) => event.output },
                  },
                  { target: 'complete', actions: { type: 'addPage', params: ({ event }) => event.output } },
                ],
                onError: 'failed',
              },
            },
            failed: {
              description: 'A page could not be loaded; the chats of before stay. A retry asks for the same page.',
              tags: ['listFailed'],
              on: { 'user.retry': 'loading' },
            },
            complete: {
              description: 'No page follows: the list is kept up to date by the refresh loop.',
              tags: ['listComplete'],
            },
          },
        },
        loop: {
          initial: 'waiting',
          states: {
            waiting: {
              description: 'The next tick comes 20 s after the last one.',
              always: { guard: not('running'), target: 'paused' },
              after: { refreshInterval: 'tick' },
            },
            paused: {
              description: 'The screen is away or the browser tab hidden: no tick until both are back, then one at once.',
              always: { guard: 'running', target: 'tick' },
            },
            tick: {
              description: 'A tick: the chats changed since the last clock when the list is complete, else straight on to the open chat.',
              always: [{ guard: 'listComplete', target: 'refreshing' }, { target: 'waiting', actions: 'refreshOpenChat' }],
            },
            refreshing: {
              description: 'The chats changed since the last clock are on their way (SPEC §7 by-inc).',
              tags: ['refreshing'],
              invoke: {
                id: 'loadChanges',
                src: 'loadChanges',
                input: ({ context }) => ({ realRole: context.realRole, timestamp: context.since ?? 0 }),
                onDone: { target: 'waiting', actions: [{ type: 'addChanges', params: ({ event }) => event.output }, 'refreshOpenChat'] },
                onError: 'failed',
              },
            },
            failed: {
              description: 'The last refresh failed; the list stays and the next tick tries again.',
              tags: ['refreshFailed'],
              always: { guard: not('running'), target: 'paused' },
              after: { refreshInterval: 'tick' },
            },
          },
        },
        chat: {
          initial: 'closed',
          states: {
            closed: {
              always: { guard: 'wantedChatListed', target: 'open', actions: { type: 'openChat', params: ({ context }) => wantedRowOf(context)!.id } },
              on: { 'user.openChat': { target: 'open', actions: { type: 'openChat', params: ({ event }) => event.chatId } } },
            },
            open: {
              description: 'A chat is open: its messages are a chat view actor of their own.',
              tags: ['chatOpen'],
              always: { guard: 'wantedChatListed', actions: { type: 'openChat', params: ({ context }) => wantedRowOf(context)!.id } },
              on: {
                'user.openChat': { guard: { type: 'isOtherChat', params: ({ event }) => event.chatId }, actions: { type: 'openChat', params: ({ event }) => event.chatId } },
                'user.closeChat': { target: 'closed', actions: 'closeChat' },
              },
            },
          },
        },
      },
    },
  },
});

export type ConversationsActorRef = ActorRefFrom<typeof conversationsMachine>;
export type ConversationsSnapshot = ReturnType<ConversationsActorRef['getSnapshot']>;
