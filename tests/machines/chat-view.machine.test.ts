/** An open chat's messages (SPEC §4 Chat list loading: after the last send time, 50 at a time, or the latest 50). */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  chatViewMachine,
  isUpToDate,
  mergeMessages,
  newestOf,
  oldestOf,
  type LoadAroundInput,
  type LoadLatestInput,
  type MessagePage,
} from '../../src/machines/chat-view.machine';
import { controllable, flush } from '../support/fakes';
import { messageOf, messagesOf } from '../ui/conversation/chat-fixtures';

const start = () => {
  const loadLatest = controllable<MessagePage, LoadLatestInput>();
  const loadBefore = controllable<MessagePage, LoadAroundInput>();
  const loadAfter = controllable<MessagePage, LoadAroundInput>();
  const actor = createActor(
    chatViewMachine.provide({ actors: { loadLatest: loadLatest.logic, loadBefore: loadBefore.logic, loadAfter: loadAfter.logic } }),
    { input: { conversationId: 'c1' } },
  ).start();
  const keys = () => actor.getSnapshot().context.messages.map((m) => m.msgKey);
  const tags = () => [...actor.getSnapshot().tags].sort();
  return { actor, loadLatest, loadBefore, loadAfter, keys, tags };
};

const ready = async (rows = messagesOf(3, 10), hasMore = true) => {
  const t = start();
  t.loadLatest.resolve({ rows, hasMore });
  await flush();
  return t;
};

describe('chat view machine', () => {
  it('shows the latest 50 first, then the older ones before the oldest shown on scroll-up, until there are none', async () => {
    const { actor, loadLatest, loadBefore, keys, tags } = start();
    expect(tags()).toEqual(['loading']);
    expect(loadLatest.calls).toEqual([{ conversationId: 'c1' }]);
    loadLatest.resolve({ rows: messagesOf(3, 10), hasMore: true });
    await flush();
    expect(keys()).toEqual(['k0010', 'k0011', 'k0012']);
    expect(tags()).toEqual([]);

    actor.send({ type: 'user.loadOlder' });
    expect(tags()).toEqual(['loadingOlder']);
    // A second scroll-up while the page is on its way asks for nothing more.
    actor.send({ type: 'user.loadOlder' });
    expect(loadBefore.calls).toEqual([{ conversationId: 'c1', sendTime: 10_000, msgKey: 'k0010' }]);
    // The page overlaps what is shown by one message: it is not shown twice.
    loadBefore.resolve({ rows: messagesOf(3, 8), hasMore: false });
    await flush();
    expect(keys()).toEqual(['k0008', 'k0009', 'k0010', 'k0011', 'k0012']);
    actor.send({ type: 'user.loadOlder' });
    expect(loadBefore.calls).toHaveLength(1);
  });

  it('a failing first load shows a retry; a retry or the next refresh tick loads again', async () => {
    const { actor, loadLatest, keys, tags } = start();
    loadLatest.reject(new Error('Network error'));
    await flush();
    expect(tags()).toEqual(['failed']);
    actor.send({ type: 'user.retry' });
    expect(tags()).toEqual(['loading']);
    loadLatest.reject(new Error('Network error'));
    await flush();
    actor.send({ type: 'chat.refresh', lastMessageTime: 5_000 });
    expect(loadLatest.calls).toHaveLength(3);
    loadLatest.resolve({ rows: [], hasMore: false });
    await flush();
    expect(keys()).toEqual([]);
    expect(tags()).toEqual(['empty']);
  });

  it('a refresh asks for the messages after the newest shown, 50 at a time while more follow, and appends them once each', async () => {
    const { actor, loadAfter, keys, tags } = await ready();
    actor.send({ type: 'chat.refresh', lastMessageTime: 99_000 });
    expect(tags()).toEqual(['loadingNewer']);
    expect(loadAfter.calls).toEqual([{ conversationId: 'c1', sendTime: 12_000, msgKey: 'k0012' }]);
    // A tick while the fetch runs starts no second one.
    actor.send({ type: 'chat.refresh', lastMessageTime: 99_000 });
    loadAfter.resolve({ rows: [messageOf('k0012', 12_000), ...messagesOf(2, 13)], hasMore: true });
    await flush();
    expect(loadAfter.calls).toEqual([
      { conversationId: 'c1', sendTime: 12_000, msgKey: 'k0012' },
      { conversationId: 'c1', sendTime: 14_000, msgKey: 'k0014' },
    ]);
    loadAfter.resolve({ rows: messagesOf(1, 15), hasMore: false });
    await flush();
    expect(keys()).toEqual(['k0010', 'k0011', 'k0012', 'k0013', 'k0014', 'k0015']);
    expect(tags()).toEqual([]);
  });

  it('skips the fetch when the newest shown is as new as the list says (the call would answer nothing)', async () => {
    const { actor, loadAfter, tags } = await ready();
    actor.send({ type: 'chat.refresh', lastMessageTime: 12_000 });
    actor.send({ type: 'chat.refresh', lastMessageTime: 11_000 });
    expect(loadAfter.calls).toEqual([]);
    expect(tags()).toEqual([]);
    // The list does not know the chat's last message: the fetch runs.
    actor.send({ type: 'chat.refresh', lastMessageTime: null });
    expect(loadAfter.calls).toHaveLength(1);
  });

  it('asks for the latest 50 when no message is shown yet', async () => {
    const { actor, loadLatest, keys } = await ready([], false);
    actor.send({ type: 'chat.refresh', lastMessageTime: 3_000 });
    expect(loadLatest.calls).toHaveLength(2);
    loadLatest.resolve({ rows: messagesOf(2, 1), hasMore: false });
    await flush();
    expect(keys()).toEqual(['k0001', 'k0002']);
  });

  it('a failing refresh shows a retry and catches up at the next tick, since the newest shown stays older', async () => {
    const { actor, loadAfter, keys, tags } = await ready();
    actor.send({ type: 'chat.refresh', lastMessageTime: 13_000 });
    loadAfter.reject(new Error('Network error'));
    await flush();
    expect(tags()).toEqual(['newerFailed']);
    actor.send({ type: 'user.retryNewer' });
    loadAfter.reject(new Error('Network error'));
    await flush();
    actor.send({ type: 'chat.refresh', lastMessageTime: 13_000 });
    expect(loadAfter.calls).toHaveLength(3);
    loadAfter.resolve({ rows: messagesOf(1, 13), hasMore: false });
    await flush();
    expect(keys().at(-1)).toBe('k0013');
    expect(tags()).toEqual([]);
    // Now up to date: the failure notice is gone and a tick asks nothing.
    actor.send({ type: 'chat.refresh', lastMessageTime: 13_000 });
    expect(loadAfter.calls).toHaveLength(3);
  });

  it('a failing older page keeps what is shown and offers the same button again', async () => {
    const { actor, loadBefore, keys, tags } = await ready();
    actor.send({ type: 'user.loadOlder' });
    loadBefore.reject(new Error('Network error'));
    await flush();
    expect(tags()).toEqual(['olderFailed']);
    expect(keys()).toHaveLength(3);
    actor.send({ type: 'user.loadOlder' });
    expect(loadBefore.calls).toHaveLength(2);
  });
});

describe('merging message pages', () => {
  it('prepends, appends and sorts a mixed page, each key once', () => {
    const shown = messagesOf(3, 5);
    expect(mergeMessages(shown, []).map((m) => m.msgKey)).toEqual(['k0005', 'k0006', 'k0007']);
    expect(mergeMessages(shown, messagesOf(2, 3)).map((m) => m.msgKey)).toEqual(['k0003', 'k0004', 'k0005', 'k0006', 'k0007']);
    expect(mergeMessages(shown, messagesOf(2, 8)).map((m) => m.msgKey)).toEqual(['k0005', 'k0006', 'k0007', 'k0008', 'k0009']);
    const mixed = [messageOf('k0009', 9_000), messageOf('k0004', 4_000), messageOf('k0006', 6_000)];
    expect(mergeMessages(shown, mixed).map((m) => m.msgKey)).toEqual(['k0004', 'k0005', 'k0006', 'k0007', 'k0009']);
    // Same send time: ordered by key.
    expect(mergeMessages([messageOf('b', 1)], [messageOf('a', 1)]).map((m) => m.msgKey)).toEqual(['a', 'b']);
  });

  it('names the oldest and newest shown, and the skip rule', () => {
    const shown = messagesOf(3, 5);
    expect(oldestOf(shown)).toEqual({ sendTime: 5_000, msgKey: 'k0005' });
    expect(newestOf(shown)).toEqual({ sendTime: 7_000, msgKey: 'k0007' });
    expect(newestOf([])).toBeNull();
    expect(isUpToDate(shown, 7_000)).toBe(true);
    expect(isUpToDate(shown, 7_001)).toBe(false);
    expect(isUpToDate(shown, null)).toBe(false);
    expect(isUpToDate([], 1)).toBe(false);
  });
});
