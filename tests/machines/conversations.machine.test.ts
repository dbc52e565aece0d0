/**
 * The conversation refresh (SPEC §4 Chat list loading, §9 20 s refresh), on a SimulatedClock: pages
 * of 500 until no page follows, then every 20 s the chats changed since the last clock and the
 * open chat's newer messages (its real chat view, on fake calls); paused while the tab is hidden or
 * the screen away, caught up at once on return; another member reloads from page 1.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type AnyActorRef, type AnyEventObject } from 'xstate';
import type { Chat } from '../../src/contract/chats';
import type { ChatToolsInput, chatToolsMachine } from '../../src/machines/chat-tools.machine';
import { chatViewMachine, type LoadAroundInput, type LoadLatestInput, type MessagePage } from '../../src/machines/chat-view.machine';
import {
  CONVERSATION_REFRESH_MS,
  conversationsMachine,
  DEFAULT_CHAT_FILTERS,
  mergeChats,
  visibleChats,
  type ChatChanges,
  type ChatPage,
  type ConversationsEvent,
  type LoadChatChangesInput,
  type LoadChatPageInput,
} from '../../src/machines/conversations.machine';
import { controllable, flush } from '../support/fakes';
import { chatOf, chatsOf, messageOf, messagesOf } from '../ui/conversation/chat-fixtures';
import { routeShown } from '../support/routes';

const start = (options: { hiddenAtStart?: boolean } = {}) => {
  const clock = new SimulatedClock();
  const loadPage = controllable<ChatPage, LoadChatPageInput>();
  const loadChanges = controllable<ChatChanges, LoadChatChangesInput>();
  const loadLatest = controllable<MessagePage, LoadLatestInput>();
  const loadBefore = controllable<MessagePage, LoadAroundInput>();
  const loadAfter = controllable<MessagePage, LoadAroundInput>();
  let announced = 0;
  let tell: ((e: ConversationsEvent) => void) | null = null;
  /** The tools panel's flows as this test sees them: each start's input and the events it was told. */
  const tools: { input: unknown; heard: AnyEventObject[] }[] = [];
  const machine = conversationsMachine.provide({
    actors: {
      loadPage: loadPage.logic,
      loadChanges: loadChanges.logic,
      watchVisibility: fromCallback<ConversationsEvent>(({ sendBack }) => {
        tell = sendBack;
        if (options.hiddenAtStart) sendBack({ type: 'page.hidden' });
      }),
      chatView: chatViewMachine.provide({ actors: { loadLatest: loadLatest.logic, loadBefore: loadBefore.logic, loadAfter: loadAfter.logic } }),
      chatTools: fromCallback<AnyEventObject, ChatToolsInput>(({ input, receive }) => {
        const run = { input, heard: [] as AnyEventObject[] };
        tools.push(run);
        receive((event) => run.heard.push(event));
        // A stand-in for the tools' machine: it keeps what it is started with and told.
      }) as unknown as typeof chatToolsMachine,
    },
    actions: { announceOpened: () => void (announced += 1) },
  });
  const actor = createActor(machine, { clock, input: { route: null } }).start();
  const tags = () => [...actor.getSnapshot().tags].sort();
  const ids = () => actor.getSnapshot().context.chats.map((c) => c.id);
  const chatView = () => actor.getSnapshot().context.chatView as AnyActorRef | null;
  return {
    actor,
    clock,
    loadPage,
    loadChanges,
    loadLatest,
    loadAfter,
    tags,
    ids,
    chatView,
    tools,
    announced: () => announced,
    visibility: (e: ConversationsEvent) => tell!(e),
  };
};

const page = (rows: Chat[], hasNext: boolean, timestamp = 50_000, totalCount = 3): ChatPage => ({ rows, hasNext, timestamp, totalCount });

/** Opened by the screen, the list loaded in one page at clock 50,000. */
const loaded = async (rows = chatsOf('c', 3)) => {
  const t = start();
  t.actor.send(routeShown('/conversation', 'admin'));
  t.loadPage.resolve(page(rows, false));
  await flush();
  return t;
};

describe('conversation refresh machine', () => {
  it('loads pages of 500 one after the other until no page follows, refreshing from the first page\'s clock', async () => {
    const { actor, loadPage, loadChanges, clock, ids, tags, announced } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(loadPage.calls).toEqual([]);
    actor.send(routeShown('/conversation', 'member'));
    expect(announced()).toBe(1);
    expect(tags()).toEqual(['loadingList']);
    expect(loadPage.calls).toEqual([{ realRole: 'member', pageNo: 1, pageSize: 500 }]);
    loadPage.resolve(page(chatsOf('a', 2), true, 40_000, 5));
    await flush();
    expect(loadPage.calls.map((c) => c.pageNo)).toEqual([1, 2]);
    // A tick while pages load fetches no increment (SPEC §4: only when there is no next page).
    clock.increment(CONVERSATION_REFRESH_MS);
    expect(loadChanges.calls).toEqual([]);
    loadPage.resolve(page(chatsOf('a', 2, 100_000, 3), true, 41_000, 5));
    await flush();
    loadPage.resolve(page(chatsOf('a', 1, 100_000, 5), false, 42_000, 5));
    await flush();
    expect(loadPage.calls.map((c) => c.pageNo)).toEqual([1, 2, 3]);
    expect(ids()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(tags()).toEqual(['listComplete']);
    expect(actor.getSnapshot().context).toMatchObject({ nextPage: null, since: 40_000, totalCount: 5 });

    clock.increment(CONVERSATION_REFRESH_MS - 1);
    expect(loadChanges.calls).toEqual([]);
    clock.increment(1);
    expect(loadChanges.calls).toEqual([{ realRole: 'member', timestamp: 40_000 }]);
    expect(tags()).toContain('refreshing');
    // a3 has a new message (to the top), a5 was deleted.
    loadChanges.resolve({ rows: [chatOf('a3', { updateTime: 2_000 }, 200_000), chatOf('a5', { isDel: true, updateTime: 2_000 })], timestamp: 61_000 });
    await flush();
    expect(ids()).toEqual(['a3', 'a1', 'a2', 'a4']);
    clock.increment(CONVERSATION_REFRESH_MS);
    expect(loadChanges.calls.at(-1)).toEqual({ realRole: 'member', timestamp: 61_000 });
  });

  it('a failing page offers a retry of that page; a failing refresh tries again at the next tick', async () => {
    const { actor, loadPage, loadChanges, clock, tags } = start();
    actor.send(routeShown('/conversation', 'admin'));
    loadPage.resolve(page(chatsOf('a', 2), true));
    await flush();
    loadPage.reject(new Error('Network error'));
    await flush();
    expect(tags()).toEqual(['listFailed']);
    actor.send({ type: 'user.retry' });
    expect(loadPage.calls.map((c) => c.pageNo)).toEqual([1, 2, 2]);
    loadPage.resolve(page([], false));
    await flush();
    clock.increment(CONVERSATION_REFRESH_MS);
    loadChanges.reject(new Error('Network error'));
    await flush();
    expect(tags()).toEqual(['listComplete', 'refreshFailed']);
    expect(actor.getSnapshot().context.chats).toHaveLength(2);
    clock.increment(CONVERSATION_REFRESH_MS);
    expect(loadChanges.calls).toHaveLength(2);
  });

  it('every tick brings the open chat the messages after its newest, 50 at a time while more follow, and skips the fetch when its chat did not change', async () => {
    const { actor, clock, loadChanges, loadLatest, loadAfter, chatView, tags } = await loaded();
    actor.send({ type: 'user.openChat', chatId: 'c1' });
    expect(tags()).toContain('chatOpen');
    expect(loadLatest.calls).toEqual([{ conversationId: 'c1' }]);
    loadLatest.resolve({ rows: [messageOf('k1', 99_990)], hasMore: false });
    await flush();

    // Tick 1: the list says nothing about c1 (its last message is the one shown): no message call.
    clock.increment(CONVERSATION_REFRESH_MS);
    loadChanges.resolve({ rows: [chatOf('c2', { updateTime: 2_000 }, 99_985)], timestamp: 70_000 });
    await flush();
    expect(loadAfter.calls).toEqual([]);

    // Tick 2: c1 has new messages: the page after the newest shown, then the next one.
    clock.increment(CONVERSATION_REFRESH_MS);
    loadChanges.resolve({ rows: [chatOf('c1', { updateTime: 3_000 }, 200_000)], timestamp: 90_000 });
    await flush();
    expect(loadAfter.calls).toEqual([{ conversationId: 'c1', sendTime: 99_990, msgKey: 'k1' }]);
    loadAfter.resolve({ rows: [messageOf('k2', 150_000)], hasMore: true });
    await flush();
    expect(loadAfter.calls.at(-1)).toEqual({ conversationId: 'c1', sendTime: 150_000, msgKey: 'k2' });
    loadAfter.resolve({ rows: [messageOf('k3', 200_000)], hasMore: false });
    await flush();
    const messages = (chatView()!.getSnapshot() as { context: { messages: { msgKey: string }[] } }).context.messages;
    expect(messages.map((m) => m.msgKey)).toEqual(['k1', 'k2', 'k3']);

    // Another chat: the first one's actor stops, a new one loads the latest 50.
    const first = chatView()!;
    actor.send({ type: 'user.openChat', chatId: 'c2' });
    expect(first.getSnapshot().status).toBe('stopped');
    expect(loadLatest.calls.at(-1)).toEqual({ conversationId: 'c2' });
    actor.send({ type: 'user.closeChat' });
    expect(chatView()).toBeNull();
    expect(tags()).not.toContain('chatOpen');
  });

  it('a tick while pages still load goes straight to the open chat, which fetches since the list cannot tell', async () => {
    const { actor, clock, loadPage, loadChanges, loadLatest, loadAfter } = start();
    actor.send(routeShown('/conversation', 'admin'));
    loadPage.resolve(page(chatsOf('c', 2), true));
    await flush();
    actor.send({ type: 'user.openChat', chatId: 'c1' });
    loadLatest.resolve({ rows: messagesOf(1, 1), hasMore: false });
    await flush();
    clock.increment(CONVERSATION_REFRESH_MS);
    expect(loadChanges.calls).toEqual([]);
    // The row's last message (99,990) is newer than the one shown (1,000).
    expect(loadAfter.calls).toEqual([{ conversationId: 'c1', sendTime: 1_000, msgKey: 'k0001' }]);
  });

  it('pauses while the tab is hidden or the screen away, and catches up at once on return', async () => {
    const { actor, clock, loadChanges, visibility } = await loaded();
    visibility({ type: 'page.hidden' });
    clock.increment(CONVERSATION_REFRESH_MS * 3);
    expect(loadChanges.calls).toEqual([]);
    visibility({ type: 'page.visible' });
    expect(loadChanges.calls).toHaveLength(1);
    loadChanges.resolve({ rows: [], timestamp: 60_000 });
    await flush();

    actor.send(routeShown('/pipeline', 'admin'));
    clock.increment(CONVERSATION_REFRESH_MS * 2);
    expect(loadChanges.calls).toHaveLength(1);
    actor.send(routeShown('/conversation', 'admin'));
    expect(loadChanges.calls).toHaveLength(2);
    // The list stayed: no page was asked for again.
    expect(actor.getSnapshot().context.chats).toHaveLength(3);
  });

  it('a tab hidden when the flow starts runs no tick until it is shown', async () => {
    const { actor, clock, loadPage, loadChanges, visibility } = start({ hiddenAtStart: true });
    actor.send(routeShown('/conversation', 'admin'));
    loadPage.resolve(page(chatsOf('c', 1), false));
    await flush();
    clock.increment(CONVERSATION_REFRESH_MS * 2);
    expect(loadChanges.calls).toEqual([]);
    visibility({ type: 'page.visible' });
    expect(loadChanges.calls).toHaveLength(1);
  });

  it('another member reloads from page 1 on screen, or is forgotten while the screen is away; sign-out clears everything', async () => {
    const { actor, loadPage, loadLatest, chatView } = await loaded();
    actor.send({ type: 'user.openChat', chatId: 'c1' });
    const view = chatView()!;
    actor.send({ type: 'member.selected', userId: 'u2' });
    expect(view.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().context).toMatchObject({ chats: [], nextPage: 1, since: null, openChatId: null, screenOpen: true });
    expect(loadPage.calls.at(-1)).toEqual({ realRole: 'admin', pageNo: 1, pageSize: 500 });
    expect(loadLatest.calls).toHaveLength(1);

    actor.send(routeShown('/pipeline', 'admin'));
    actor.send({ type: 'member.selected', userId: 'u3' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send(routeShown('/conversation', 'admin'));
    expect(loadPage.calls.at(-1)).toEqual({ realRole: 'admin', pageNo: 1, pageSize: 500 });

    actor.send({ type: 'session.ended' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.chats).toEqual([]);
  });

  it('starts the tools panel with the screen and tells it every chat opened or closed, with the chat facts from the list', async () => {
    const rows = [chatOf('c1', { name: 'Alice Smith', chatWhatsappId: '15550100@c.us' }), chatOf('c2', { name: 'Team 2024', chatWhatsappId: '120363-1700000000@g.us', isGroup: true })];
    const { actor, tools } = await loaded(rows);
    expect(tools.map((t) => t.input)).toEqual([{ chat: null, realRole: 'admin' }]);
    actor.send({ type: 'user.openChat', chatId: 'c1' });
    actor.send({ type: 'user.openChat', chatId: 'c1' });
    actor.send({ type: 'user.openChat', chatId: 'c2' });
    actor.send({ type: 'user.closeChat' });
    expect(tools[0]!.heard).toEqual([
      { type: 'chat.changed', chat: { chatWhatsappId: '15550100@c.us', name: 'Alice Smith', isGroup: false } },
      { type: 'chat.changed', chat: { chatWhatsappId: '120363-1700000000@g.us', name: 'Team 2024', isGroup: true } },
      { type: 'chat.changed', chat: null },
    ]);
    // Another member: the panels start afresh (that member's switch and schedules).
    actor.send({ type: 'member.selected', userId: 'u2' });
    expect(tools.map((t) => t.input)).toEqual([{ chat: null, realRole: 'admin' }, { chat: null, realRole: 'admin' }]);
    // Sign-out stops them (nothing more is told).
    actor.send({ type: 'session.ended' });
    actor.send({ type: 'user.openChat', chatId: 'c1' });
    expect(tools[1]!.heard).toEqual([]);
  });

  it('opens the chat the route names (?chat=, the analytics ranking’s Open chat) once a page lists it', async () => {
    const { actor, loadPage, chatView, tools } = start();
    actor.send(routeShown('/conversation', 'admin', '?chat=20000%40c.us'));
    expect(actor.getSnapshot().context.wantedChat).toBe('20000@c.us');
    loadPage.resolve(page([chatOf('c1')], true));
    await flush();
    expect(chatView()).toBeNull();
    loadPage.resolve(page([chatOf('c2'), chatOf('c3')], false));
    await flush();
    expect(actor.getSnapshot().context.openChatId).toBe('c2');
    expect(chatView()).not.toBeNull();
    expect(actor.getSnapshot().context.wantedChat).toBeNull();
    expect(tools[0]!.heard).toEqual([{ type: 'chat.changed', chat: { chatWhatsappId: '20000@c.us', name: 'Chat c2', isGroup: false } }]);
    // Away and back naming another chat: it opens at once (the list has it).
    actor.send(routeShown('/pipeline', 'admin'));
    actor.send(routeShown('/conversation', 'admin', '?chat=30000%40c.us'));
    expect(actor.getSnapshot().context.openChatId).toBe('c3');
    // A chat the list does not have waits, and is forgotten when the screen goes away.
    actor.send(routeShown('/pipeline', 'admin'));
    actor.send(routeShown('/conversation', 'admin', '?chat=99990000%40c.us'));
    expect(actor.getSnapshot().context.openChatId).toBe('c3');
    actor.send(routeShown('/pipeline', 'admin'));
    expect(actor.getSnapshot().context.wantedChat).toBeNull();
  });

  it('keeps the filters it is given', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'user.filter', patch: { kind: 'group' } });
    actor.send({ type: 'user.filter', patch: { search: 'x' } });
    expect(actor.getSnapshot().context.filters).toEqual({ search: 'x', kind: 'group', awaitingReply: false });
  });
});

describe('merging chat rows', () => {
  it('replaces by id, keeps a newer row on screen, drops deleted chats and keeps the order', () => {
    const list = chatsOf('c', 4);
    const merged = mergeChats(list, [
      chatOf('c4', { updateTime: 5_000 }, 500_000),
      chatOf('c2', { isDel: true, updateTime: 5_000 }),
      chatOf('c1', { updateTime: 10, name: 'stale' }, 1),
      chatOf('n1', { updateTime: 5_000 }, 99_975),
    ]);
    expect(merged.map((c) => c.id)).toEqual(['c4', 'c1', 'n1', 'c3']);
    expect(merged.find((c) => c.id === 'c1')!.name).toBe('Chat c1');
    expect(mergeChats(list, [])).toBe(list);
  });

  it('keeps 20,000 chats in order through pages and increments', () => {
    let chats: Chat[] = [];
    for (let p = 0; p < 40; p++) chats = mergeChats(chats, chatsOf('c', 500, 1_000_000, p * 500 + 1));
    expect(chats).toHaveLength(20_000);
    chats = mergeChats(chats, [chatOf('c19999', { updateTime: 9_000 }, 2_000_000)]);
    expect(chats[0]!.id).toBe('c19999');
    expect(chats.every((c, i) => i === 0 || (chats[i - 1]!.lastMessage?.sendTime ?? -1) >= (c.lastMessage?.sendTime ?? -1))).toBe(true);
  });
});

describe('chat filters', () => {
  const chats = [
    chatOf('1', { name: 'Alice Smith', chatWhatsappId: '8613800001111@c.us' }),
    chatOf('2', { name: 'سارة', chatWhatsappId: '971500001234@c.us', lastMessage: { sendTime: 1, type: 'chat', text: 'hi', fromMe: true } }),
    chatOf('3', { name: 'Team 2024', chatWhatsappId: '120363-1700000000@g.us', isGroup: true }),
  ];
  const ids = (patch: Partial<typeof DEFAULT_CHAT_FILTERS>) => visibleChats(chats, { ...DEFAULT_CHAT_FILTERS, ...patch }).map((c) => c.id);

  it('searches names in any script, and numbers by their digits', () => {
    expect(visibleChats(chats, DEFAULT_CHAT_FILTERS)).toBe(chats);
    expect(ids({ search: 'alice' })).toEqual(['1']);
    expect(ids({ search: 'سار' })).toEqual(['2']);
    expect(ids({ search: '+86 138' })).toEqual(['1']);
    expect(ids({ search: '1234' })).toEqual(['2']);
    // A group's id is no phone number; its name still matches.
    expect(ids({ search: '120363' })).toEqual([]);
    expect(ids({ search: '2024' })).toEqual(['3']);
  });

  it('shows single or group chats, and those awaiting a reply', () => {
    expect(ids({ kind: 'single' })).toEqual(['1', '2']);
    expect(ids({ kind: 'group' })).toEqual(['3']);
    expect(ids({ awaitingReply: true })).toEqual(['1', '3']);
    expect(ids({ kind: 'single', awaitingReply: true, search: 'ali' })).toEqual(['1']);
  });
});

describe('the tab visibility service', () => {
  it('reports a hidden tab at start and every change after, from the document', async () => {
    const { makeConversationsEffects, documentVisibility } = await import('../../src/services/actors/conversations');
    const { fakeFlowServices } = await import('../support/fake-api');
    let state: DocumentVisibilityState = 'hidden';
    const original = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    try {
      const effects = makeConversationsEffects(() => documentVisibility(document))(fakeFlowServices(() => undefined).services);
      const clock = new SimulatedClock();
      const loadChanges = controllable<ChatChanges, LoadChatChangesInput>();
      const loadPage = controllable<ChatPage, LoadChatPageInput>();
      const actor = createActor(
        conversationsMachine.provide({ ...effects, actors: { ...effects.actors, loadPage: loadPage.logic, loadChanges: loadChanges.logic } }),
        { clock, input: { route: null } },
      ).start();
      expect(actor.getSnapshot().context.hidden).toBe(true);
      actor.send(routeShown('/conversation', 'member'));
      loadPage.resolve(page([], false));
      await flush();
      clock.increment(CONVERSATION_REFRESH_MS);
      expect(loadChanges.calls).toEqual([]);
      state = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      expect(actor.getSnapshot().context.hidden).toBe(false);
      expect(loadChanges.calls).toHaveLength(1);
      actor.stop();
      // Stopped: the listener is gone.
      state = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
      expect(actor.getSnapshot().context.hidden).toBe(false);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      if (original) Object.defineProperty(Document.prototype, 'visibilityState', original);
    }
  });
});
