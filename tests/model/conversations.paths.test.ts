/**
 * Generated path tests of the conversation refresh (SPEC §4 Chat list loading, §9 20 s refresh):
 * every state and transition is reached, and each step runs exactly the calls it should: the
 * visibility watcher at start; page 1 when opened (and the chat sync told the chat page opened),
 * the next page while pages follow, the same page on a retry; at every tick (a timer event here)
 * the chats changed since the first page's clock once no page follows, none while pages still
 * load; no tick while the tab is hidden or the screen away, one at once on return; a chat view per
 * opened chat; page 1 again for another member on screen; the tools panel's flow started with the
 * screen's list, afresh for another member or role; a route naming a chat (`?chat=`, the analytics
 * ranking's Open chat) opens that chat once the list has it.
 *
 * Three regions run side by side; the graph is a star around the resting screen (list complete,
 * the loop waiting, no chat open, the screen on, the tab visible): from there every choice is
 * tried, away from it only what changes or leaves the region that differs.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { CHAT_PAGE_SIZE } from '../../src/contract/chats';
import { conversationsMachine, type ConversationsContext } from '../../src/machines/conversations.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';
import { routeOf, routeShown } from '../support/routes';
import { chatOf, chatsOf } from '../ui/conversation/chat-fixtures';

const TICK = 'xstate.after.refreshInterval.conversations.active.loop.waiting';
const TICK_AFTER_FAILURE = 'xstate.after.refreshInterval.conversations.active.loop.failed';
const failure = new Error('Network error');
const ctx = (s: AnyMachineSnapshot) => s.context as ConversationsContext;
const at = (s: AnyMachineSnapshot, region: string, state: string) => s.matches({ active: { [region]: state } });

/** The conversations screen shown for a viewer of this real role; another screen. */
const open = (realRole: 'admin' | 'member'): PathEvent => routeShown('/conversation', realRole);
/** The conversations screen asked to open chat c2 (its chat-service id, as the analytics ranking links it). */
const WANTED = '20000@c.us';
const openWithChat = (realRole: 'admin' | 'member'): PathEvent => routeShown('/conversation', realRole, '?chat=20000%40c.us');
const away = (realRole: 'admin' | 'member'): PathEvent => routeShown('/pipeline', realRole);

/** What each region does while it differs from the resting screen. */
const regionEvents = (s: AnyMachineSnapshot): Record<string, PathEvent[]> => {
  const c = ctx(s);
  return {
    list: at(s, 'list', 'loading')
      ? [
          ...(c.nextPage === 1 ? [{ type: 'xstate.done.actor.loadPage', output: { rows: chatsOf('c', 2), totalCount: 3, hasNext: true, timestamp: 50_000 } }] : []),
          { type: 'xstate.done.actor.loadPage', output: { rows: chatsOf('c', 1, 100_000, 3), totalCount: 3, hasNext: false, timestamp: 51_000 } },
          { type: 'xstate.error.actor.loadPage', error: failure },
        ]
      : at(s, 'list', 'failed')
        ? [{ type: 'user.retry' }]
        : [],
    loop: at(s, 'loop', 'refreshing')
      ? [
          { type: 'xstate.done.actor.loadChanges', output: { rows: [chatOf('c3', { updateTime: 2_000 }, 200_000)], timestamp: 70_000 } },
          { type: 'xstate.error.actor.loadChanges', error: failure },
        ]
      : at(s, 'loop', 'failed')
        ? [{ type: TICK_AFTER_FAILURE }]
        : at(s, 'loop', 'waiting')
          ? [{ type: TICK }]
          : [],
    chat: at(s, 'chat', 'open') ? [{ type: 'user.openChat', chatId: c.openChatId === 'c1' ? 'c2' : 'c1' }, { type: 'user.openChat', chatId: c.openChatId! }, { type: 'user.closeChat' }] : [],
    screen: [
      ...(c.screenOpen ? [away(c.realRole)] : [open(c.realRole), openWithChat(c.realRole)]),
      ...(c.hidden ? [{ type: 'page.visible' }] : [{ type: 'page.hidden' }]),
    ],
  };
};

const resting = (s: AnyMachineSnapshot): boolean => {
  const c = ctx(s);
  return at(s, 'list', 'complete') && at(s, 'loop', 'waiting') && at(s, 'chat', 'closed') && c.screenOpen && !c.hidden && c.filters.search === '';
};

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  if (s.matches('idle')) {
    return [open('admin'), openWithChat('admin'), { type: 'member.selected', userId: 'u2' }, { type: 'session.ended' }, c.hidden ? { type: 'page.visible' } : { type: 'page.hidden' }];
  }
  const regions = regionEvents(s);
  if (!resting(s)) {
    // Away from rest: what the differing regions do, and how the screen or the member changes.
    return [
      ...regions.list!,
      ...regions.loop!,
      ...regions.chat!,
      ...regions.screen!,
      { type: 'member.selected', userId: 'u2' },
      ...(c.filters.search !== '' ? [{ type: 'user.filter', patch: { search: '' } }] : []),
    ];
  }
  return [
    open(c.realRole),
    open(c.realRole === 'admin' ? 'member' : 'admin'),
    { type: 'member.selected', userId: 'u2' },
    { type: 'session.ended' },
    { type: 'user.openChat', chatId: 'c1' },
    { type: 'user.filter', patch: { search: 'ali' } },
    ...regions.loop!,
    ...regions.screen!,
  ];
};

// ---------------------------------------------------------------------------------------------
// The effects each step must run

type Seen = Pick<ConversationsContext, 'realRole' | 'screenOpen' | 'hidden' | 'nextPage' | 'since' | 'openChatId' | 'wantedChat' | 'chats'>;

const loadPage = (realRole: string, pageNo: number): Effect => actorRan('loadPage', { realRole, pageNo, pageSize: CHAT_PAGE_SIZE });
/** The tools panel's flow starts with every (re)opening for a member or role, no chat open yet. */
const tools = (realRole: string): Effect => actorRan('chatTools', { chat: null, realRole });
/** Started with the tools panel: the member's pinned chats (src/machines/chat-pins.machine.ts), loaded afresh for each member or role. */
const children = (realRole: string): Effect[] => [tools(realRole), actorRan('chatPins')];
/** Chat c2 opens when it is wanted, listed (in `rows`) and not the open chat. */
const opensWanted = (wanted: string | null, rows: readonly { id: string }[], openChatId: string | null): Effect[] =>
  wanted === WANTED && rows.some((r) => r.id === 'c2') && openChatId !== 'c2' ? [actorRan('chatView', { conversationId: 'c2' })] : [];
/** A tick: the changes since the clock once no page follows (the open chat is told either way, no call here). */
const tick = (c: Seen): Effect[] => (c.nextPage === null && c.since !== null ? [actorRan('loadChanges', { realRole: c.realRole, timestamp: c.since })] : []);

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0 || !before) {
    // Started while the screen was on (the module came after the route): opened at once.
    return step.variant === 'started on the screen' ? [actorRan('watchVisibility'), actionRan('announceOpened'), loadPage('admin', 1), ...children('admin')] : [actorRan('watchVisibility')];
  }
  const c = before.context as Seen;
  const active = before.matches('active');
  const paused = active && at(before, 'loop', 'paused');
  switch (event.type) {
    case 'route.shown': {
      // Another screen: the list stays, the refresh pauses (nothing runs).
      if (event.pathname !== '/conversation') return [];
      const realRole = (event.viewer as { realRole: string }).realRole;
      if (!active || realRole !== c.realRole) return [actionRan('announceOpened'), loadPage(realRole, 1), ...children(realRole)];
      // The same screen announced again: nothing.
      if (c.screenOpen) return [];
      // Back on screen: a tick at once when the tab is visible; the chat the route names opens when listed.
      const wanted = event.search === '?chat=20000%40c.us' ? WANTED : null;
      return [actionRan('announceOpened'), ...(paused && !c.hidden ? tick(c) : []), ...opensWanted(wanted, c.chats, c.openChatId)];
    }
    case 'page.visible':
      return paused && c.screenOpen ? tick(c) : [];
    case 'member.selected':
      return active && c.screenOpen ? [loadPage(c.realRole, 1), ...children(c.realRole)] : [];
    case 'xstate.done.actor.loadPage': {
      const page = event.output as { hasNext: boolean; rows: { id: string }[] };
      return [...(page.hasNext ? [loadPage(c.realRole, (c.nextPage ?? 1) + 1)] : []), ...opensWanted(c.wantedChat, page.rows, c.openChatId)];
    }
    case 'user.retry':
      return active && at(before, 'list', 'failed') ? [loadPage(c.realRole, c.nextPage ?? 1)] : [];
    case TICK:
    case TICK_AFTER_FAILURE:
      return tick(c);
    case 'user.openChat':
      return active && event.chatId !== c.openChatId ? [actorRan('chatView', { conversationId: event.chatId })] : [];
    default:
      return [];
  }
};

machinePathSuite('conversations machine paths', conversationsMachine, {
  events,
  effects,
  input: { route: null },
  variants: [
    { name: 'started before the screen', input: { route: null } },
    { name: 'started on the screen', input: { route: routeOf('/conversation', 'admin') } },
  ],
  serializeContext: (c) => ({
    role: c.realRole,
    screenOpen: c.screenOpen,
    hidden: c.hidden,
    chats: c.chats.map((x) => `${x.id}@${x.lastMessage?.sendTime ?? ''}`).join(),
    nextPage: c.nextPage,
    since: c.since,
    search: c.filters.search,
    openChatId: c.openChatId,
    wantedChat: c.wantedChat,
  }),
});
