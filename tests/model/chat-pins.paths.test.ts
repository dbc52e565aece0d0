/**
 * Generated path tests of the pinned chats (SPEC §2 assistant tools, pin chats;
 * src/machines/chat-pins.machine.ts): every state and transition is reached, and each step runs
 * exactly its effects: the member's pins loaded at start and on a retry; a pin or an unpin saved
 * with what it changed (an unpin carries the pin it removed); a pin beyond the limit refused here
 * with its toast and no call; a refusal or a failed call undone with the toast of its kind; a pin
 * of a pinned chat and an unpin of one not pinned running nothing. Then the list itself: the
 * optimistic order, the undo putting a pin back at its place, and `pinnedFirst`.
 */
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ChatPin, PinList } from '../../src/contract/pins';
import { chatPinsMachine, pinnedFirst, type ChatPinsContext, type PinChange, type PinToast, type SavePinOutcome } from '../../src/machines/chat-pins.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

/** The member's pins at load: c1, pinned at 100; room for two. */
const LOADED: PinList = { pins: [{ chatId: 'c1', number: '15550001000', chatWhatsappId: '100@c.us', pinnedAt: 100 }], limit: 2 };
const storedPin = (chatId: string): ChatPin => ({ chatId, number: '15550001000', chatWhatsappId: `${chatId}@c.us`, pinnedAt: 500 });

const ctx = (s: AnyMachineSnapshot) => s.context as ChatPinsContext;

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  if (s.matches('loading')) return [{ type: 'xstate.done.actor.loadPins', output: LOADED }, { type: 'xstate.error.actor.loadPins', error: new Error('offline') }];
  if (s.matches('failed')) return [{ type: 'user.retryPins' }];
  if (s.matches({ ready: 'idle' })) {
    return [
      { type: 'user.pin', chatId: 'c1' },
      { type: 'user.pin', chatId: 'c2' },
      { type: 'user.pin', chatId: 'c3' },
      { type: 'user.unpin', chatId: 'c1' },
      { type: 'user.unpin', chatId: 'c3' },
    ];
  }
  const change = ctx(s).change!;
  return [
    { type: 'xstate.done.actor.savePin', output: { ok: true, pin: change.kind === 'pin' ? storedPin(change.chatId) : null } satisfies SavePinOutcome },
    { type: 'xstate.done.actor.savePin', output: { ok: false, limit: true } satisfies SavePinOutcome },
    { type: 'xstate.done.actor.savePin', output: { ok: false, limit: false } satisfies SavePinOutcome },
    { type: 'xstate.error.actor.savePin', error: new Error('offline') },
    // Nothing else is taken while a change is on its way.
    { type: 'user.pin', chatId: 'c3' },
  ];
};

const toast = (t: PinToast): Effect => actionRan('notify', t);

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0 || !before) return [actorRan('loadPins')];
  const c = ctx(before);
  const pinned = (chatId: string) => c.pins.some((p) => p.chatId === chatId);
  switch (event.type) {
    case 'user.retryPins':
      return [actorRan('loadPins')];
    case 'user.pin': {
      const chatId = event.chatId as string;
      if (!before.matches({ ready: 'idle' }) || pinned(chatId)) return [];
      // Loaded with room for two: c1 and one more.
      if (c.pins.length >= 2) return [toast({ kind: 'limit', limit: 2 })];
      return [actorRan('savePin', { kind: 'pin', chatId, removed: null } satisfies PinChange)];
    }
    case 'user.unpin': {
      const chatId = event.chatId as string;
      const removed = c.pins.find((p) => p.chatId === chatId);
      return removed ? [actorRan('savePin', { kind: 'unpin', chatId, removed } satisfies PinChange)] : [];
    }
    case 'xstate.done.actor.savePin': {
      const outcome = event.output as SavePinOutcome;
      if (outcome.ok) return [];
      if (outcome.limit) return [toast({ kind: 'limit', limit: 2 })];
      return [toast({ kind: c.change!.kind === 'pin' ? 'pinFailed' : 'unpinFailed' })];
    }
    case 'xstate.error.actor.savePin':
      return [toast({ kind: c.change!.kind === 'pin' ? 'pinFailed' : 'unpinFailed' })];
    default:
      return [];
  }
};

machinePathSuite('chat pins machine paths', chatPinsMachine, {
  events,
  effects,
  serializeContext: (c) => ({ pins: c.pins.map((p) => `${p.chatId}@${p.pinnedAt ?? 'new'}`).join(), limit: c.limit, change: c.change ? `${c.change.kind} ${c.change.chatId} ${c.change.removed?.pinnedAt ?? ''}` : null }),
});

/** The machine with a scripted save (each call answers the next outcome, or fails for `'fail'`). */
const run = (outcomes: (SavePinOutcome | 'fail')[], list: PinList) => {
  const toasts: PinToast[] = [];
  const saved: PinChange[] = [];
  const machine = chatPinsMachine.provide({
    actors: {
      loadPins: fromPromise(async () => list),
      savePin: fromPromise<SavePinOutcome, PinChange>(async ({ input }) => {
        saved.push(input);
        const next = outcomes.shift();
        if (next === undefined || next === 'fail') throw new Error('offline');
        return next;
      }),
    },
    actions: { notify: (_, t: PinToast) => void toasts.push(t) },
  });
  const actor = createActor(machine).start();
  const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  const ids = () => actor.getSnapshot().context.pins.map((p) => `${p.chatId}@${p.pinnedAt ?? 'new'}`);
  return { actor, toasts, saved, settled, ids };
};

const three: PinList = {
  pins: [300, 200, 100].map((at, i) => ({ chatId: `p${i + 1}`, number: '1555', chatWhatsappId: `p${i + 1}@c.us`, pinnedAt: at })),
  limit: 50,
};

describe('the pinned list', () => {
  it('a pin shows first at once, then takes the server’s time', async () => {
    const r = run([{ ok: true, pin: { chatId: 'x', number: '1555', chatWhatsappId: 'x@c.us', pinnedAt: 900 } }], three);
    await r.settled();
    r.actor.send({ type: 'user.pin', chatId: 'x' });
    expect(r.ids()).toEqual(['x@new', 'p1@300', 'p2@200', 'p3@100']);
    expect(r.actor.getSnapshot().hasTag('saving')).toBe(true);
    await r.settled();
    expect(r.ids()).toEqual(['x@900', 'p1@300', 'p2@200', 'p3@100']);
    expect(r.toasts).toEqual([]);
  });

  it('a failed unpin puts the pin back at its place, with the unpin toast', async () => {
    const r = run(['fail'], three);
    await r.settled();
    r.actor.send({ type: 'user.unpin', chatId: 'p2' });
    expect(r.ids()).toEqual(['p1@300', 'p3@100']);
    await r.settled();
    expect(r.ids()).toEqual(['p1@300', 'p2@200', 'p3@100']);
    expect(r.toasts).toEqual([{ kind: 'unpinFailed' }]);
  });

  it('a pin refused for the limit leaves, with the limit toast', async () => {
    const r = run([{ ok: false, limit: true }], three);
    await r.settled();
    r.actor.send({ type: 'user.pin', chatId: 'x' });
    await r.settled();
    expect(r.ids()).toEqual(['p1@300', 'p2@200', 'p3@100']);
    expect(r.toasts).toEqual([{ kind: 'limit', limit: 50 }]);
    expect(r.saved).toEqual([{ kind: 'pin', chatId: 'x', removed: null }]);
  });
});

describe('pinnedFirst', () => {
  const chats = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
  it('puts the pinned chats first in pin order and keeps the others’ order', () => {
    expect(pinnedFirst(chats, ['d', 'b']).map((c) => c.id)).toEqual(['d', 'b', 'a', 'c', 'e']);
  });
  it('ignores pins of chats not shown, and hands back the same list without pins', () => {
    expect(pinnedFirst(chats, ['zz']).map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(pinnedFirst(chats, [])).toBe(chats);
  });
});
