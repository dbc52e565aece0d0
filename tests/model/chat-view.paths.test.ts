/**
 * Generated path tests of an open chat's messages (SPEC §4 Chat list loading, §9 50 per fetch):
 * every state and transition is reached, and each step runs exactly the calls it should: the
 * latest 50 at start and on a retry; the page before the oldest shown on scroll-up while older
 * ones exist; on a refresh tick the page after the newest shown (again while more follow), the
 * latest 50 when nothing is shown, nothing when the newest shown is as new as the list's last
 * message (the skip rule); a failing network shows a retry.
 *
 * To keep the graph small, pages that bring more messages are offered only while few are shown.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { chatViewMachine, type ChatViewContext } from '../../src/machines/chat-view.machine';
import { actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';
import { messagesOf } from '../ui/conversation/chat-fixtures';

const failure = new Error('Network error');
const ctx = (s: AnyMachineSnapshot) => s.context as ChatViewContext;
const at = (s: AnyMachineSnapshot, region: string, state: string) => s.matches({ ready: { [region]: state } });
const newest = (c: ChatViewContext) => c.messages[c.messages.length - 1];
const oldest = (c: ChatViewContext) => c.messages[0];
/** The number in a fixture's key (k0012 -> 12). */
const numberOf = (key: string | undefined) => Number(key?.slice(1) ?? 0);

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  if (s.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadLatest', output: { rows: messagesOf(2, 10), hasMore: true } },
      { type: 'xstate.done.actor.loadLatest', output: { rows: [], hasMore: false } },
      { type: 'xstate.error.actor.loadLatest', error: failure },
    ];
  }
  if (s.matches('failed')) return [{ type: 'user.retry' }, { type: 'chat.refresh', lastMessageTime: 5_000 }];
  const out: PathEvent[] = [];
  const few = c.messages.length < 4;
  if (at(s, 'older', 'loading')) {
    out.push(
      { type: 'xstate.done.actor.loadBefore', output: { rows: messagesOf(2, numberOf(oldest(c)?.msgKey) - 2), hasMore: false } },
      { type: 'xstate.error.actor.loadBefore', error: failure },
    );
  } else out.push({ type: 'user.loadOlder' });
  if (at(s, 'newer', 'after')) {
    const next = numberOf(newest(c)?.msgKey) + 1;
    out.push(
      ...(few ? [{ type: 'xstate.done.actor.loadAfter', output: { rows: messagesOf(1, next), hasMore: true } }] : []),
      { type: 'xstate.done.actor.loadAfter', output: { rows: messagesOf(1, next), hasMore: false } },
      // The server says more follow but sends nothing: the loop stops.
      { type: 'xstate.done.actor.loadAfter', output: { rows: [], hasMore: true } },
      { type: 'xstate.error.actor.loadAfter', error: failure },
    );
  } else if (at(s, 'newer', 'latest')) {
    out.push(
      { type: 'xstate.done.actor.refreshLatest', output: { rows: messagesOf(2, 20), hasMore: false } },
      { type: 'xstate.error.actor.refreshLatest', error: failure },
    );
  } else {
    const shown = newest(c);
    out.push(
      // As new as the list says (the skip rule), and newer than what is shown.
      ...(shown ? [{ type: 'chat.refresh', lastMessageTime: shown.sendTime }] : []),
      ...(few ? [{ type: 'chat.refresh', lastMessageTime: 999_000 }] : []),
      { type: 'user.retryNewer' },
    );
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// The effects each step must run

const latest = (c: ChatViewContext): Effect => actorRan('loadLatest', { conversationId: c.conversationId });
const after = (c: ChatViewContext, sendTime: number, msgKey: string): Effect => actorRan('loadAfter', { conversationId: c.conversationId, sendTime, msgKey });
/** A refresh or retry of the newer messages: after the newest shown, or the latest 50 when none is. */
const fetchNewer = (c: ChatViewContext): Effect[] => {
  const n = newest(c);
  return [n ? after(c, n.sendTime, n.msgKey) : latest(c)];
};

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0 || !before) return [latest({ conversationId: 'c1', messages: [], hasOlder: false })];
  const c = ctx(before);
  switch (event.type) {
    case 'user.retry':
      return before.matches('failed') ? [latest(c)] : [];
    case 'user.loadOlder': {
      const o = oldest(c);
      const canAsk = (at(before, 'older', 'idle') || at(before, 'older', 'failed')) && c.hasOlder && o;
      return canAsk ? [actorRan('loadBefore', { conversationId: c.conversationId, sendTime: o.sendTime, msgKey: o.msgKey })] : [];
    }
    case 'chat.refresh': {
      if (before.matches('failed')) return [latest(c)];
      if (!(at(before, 'newer', 'idle') || at(before, 'newer', 'failed'))) return [];
      const n = newest(c);
      const time = event.lastMessageTime as number | null;
      return n && time !== null && n.sendTime >= time ? [] : fetchNewer(c);
    }
    case 'user.retryNewer':
      return at(before, 'newer', 'failed') ? fetchNewer(c) : [];
    case 'xstate.done.actor.loadAfter': {
      const page = event.output as { rows: { sendTime: number; msgKey: string }[]; hasMore: boolean };
      const last = page.rows[page.rows.length - 1];
      return page.hasMore && last ? [after(c, last.sendTime, last.msgKey)] : [];
    }
    default:
      return [];
  }
};

machinePathSuite('chat view machine paths', chatViewMachine, {
  events,
  effects,
  input: { conversationId: 'c1' },
  serializeContext: (c) => ({
    n: c.messages.length,
    first: c.messages[0]?.msgKey ?? null,
    last: c.messages[c.messages.length - 1]?.msgKey ?? null,
    hasOlder: c.hasOlder,
  }),
});
