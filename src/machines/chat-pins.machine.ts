import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ChatPin, PinList } from '../contract/pins';
import { MAX_PINNED_CHATS } from '../contract/pins';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * Pinned chats (SPEC §2 assistant tools, pin chats): the member's pins of the conversations list,
 * kept per member on the server (src/contract/pins.ts). A child flow of the conversations
 * (src/machines/conversations.machine.ts), started with its `active` state, so another member
 * chosen (an admin reading a member's conversations) or another real role loads that member's
 * pins afresh, and a sign-out forgets them.
 *
 * - loading: the member's pins (`loadPins`); failed: the list shows unpinned, and a retry loads
 *   again (`user.retryPins`).
 * - ready: `user.pin` / `user.unpin` with the chat's wire id change the list at once (optimistic:
 *   a pin goes first, the most recently pinned leading), then the change is saved (`savePin`). A
 *   refusal or a failed call undoes the change (a pin leaves, an unpin comes back at its place)
 *   and raises a toast (`notify`); a pin beyond the member's limit is refused here, with its toast,
 *   before any call. One change is saved at a time: while one is on its way no other is taken
 *   (the view offers no pin action meanwhile: tag `saving`). Pinning a pinned chat or unpinning
 *   one not pinned changes nothing.
 *
 * Who may pin: the view offers the actions only on the member's own conversations; an admin or
 * manager reading a member's sees the member's pins, which they do not change (the server refuses
 * the source-user header on pin and unpin).
 *
 * Tags for the view: loading, failed, ready, saving.
 */

/** A pinned chat as the list keeps it: `pinnedAt` is null while its pin is on its way to the server. */
export type PinnedChat = { chatId: string; pinnedAt: number | null };

/** The change on its way: what it does and, for an unpin, the pin it removed (to put it back on failure). */
export type PinChange = { kind: 'pin' | 'unpin'; chatId: string; removed: PinnedChat | null };

/** What saving a change answered: the pin as stored (a pin), or the refusal (`limit`: the member's limit). */
export type SavePinOutcome = { ok: true; pin: ChatPin | null } | { ok: false; limit: boolean };

/** The toasts of the flow (their words are the view's: src/services/actors/chat-pins.ts). */
export type PinToast = { kind: 'limit'; limit: number } | { kind: 'pinFailed' } | { kind: 'unpinFailed' };

export type ChatPinsEvent =
  | { type: 'user.pin'; chatId: string }
  | { type: 'user.unpin'; chatId: string }
  | { type: 'user.retryPins' };

export type ChatPinsContext = {
  /** Most recently pinned first. */
  pins: PinnedChat[];
  limit: number;
  change: PinChange | null;
};

/** The pins as the list shows them: the wire list's order (most recently pinned first). */
const fromWire = (list: PinList): PinnedChat[] => list.pins.map((p) => ({ chatId: p.chatId, pinnedAt: p.pinnedAt }));

/** `pin` put back where its time places it (after the newer ones and those still on their way). */
const putBack = (pins: readonly PinnedChat[], pin: PinnedChat): PinnedChat[] => {
  const at = pins.findIndex((p) => p.pinnedAt !== null && pin.pinnedAt !== null && p.pinnedAt < pin.pinnedAt);
  return at < 0 ? [...pins, pin] : [...pins.slice(0, at), pin, ...pins.slice(at)];
};

export const isPinned = (pins: readonly PinnedChat[], chatId: string): boolean => pins.some((p) => p.chatId === chatId);

/** The chat ids of the pins, most recently pinned first (a selector for the view). */
export const pinnedIdsOf = (context: { pins: readonly PinnedChat[] }): string[] => context.pins.map((p) => p.chatId);

/**
 * The chats as the list shows them: the pinned ones first, most recently pinned first, then the
 * others in the order given. Costs one pass over the chats.
 */
export const pinnedFirst = <T extends { id: string }>(chats: readonly T[], pinnedIds: readonly string[]): readonly T[] => {
  if (pinnedIds.length === 0) return chats;
  const rank = new Map(pinnedIds.map((id, i) => [id, i]));
  const pinned: T[] = [];
  const rest: T[] = [];
  for (const chat of chats) (rank.has(chat.id) ? pinned : rest).push(chat);
  if (pinned.length === 0) return chats;
  pinned.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return [...pinned, ...rest];
};

export const chatPinsMachine = setup({
  types: {} as {
    context: ChatPinsContext;
    events: ChatPinsEvent;
    tags: 'loading' | 'failed' | 'ready' | 'saving';
  },
  actors: {
    loadPins: actorNotProvided<PinList>('loadPins'),
    savePin: actorNotProvided<SavePinOutcome, PinChange>('savePin'),
  },
  actions: {
    notify: actionNotProvided<PinToast>('notify'),
    takeList: assign((_, list: PinList) => ({ pins: fromWire(list), limit: list.limit })),
    pinHere: assign(({ context }, chatId: string) => ({
      pins: [{ chatId, pinnedAt: null }, ...context.pins],
      change: { kind: 'pin' as const, chatId, removed: null },
    })),
    unpinHere: assign(({ context }, chatId: string) => ({
      pins: context.pins.filter((p) => p.chatId !== chatId),
      change: { kind: 'unpin' as const, chatId, removed: context.pins.find((p) => p.chatId === chatId) ?? null },
    })),
    /** The server's pin time replaces the one on its way. */
    confirm: assign(({ context }, pin: ChatPin | null) => ({
      pins: pin === null ? context.pins : context.pins.map((p) => (p.chatId === pin.chatId ? { chatId: p.chatId, pinnedAt: pin.pinnedAt } : p)),
      change: null,
    })),
    /** Undoes the change that failed: a pin leaves, an unpin's pin comes back. */
    undo: assign(({ context }) => {
      const change = context.change;
      if (!change) return {};
      if (change.kind === 'pin') return { pins: context.pins.filter((p) => p.chatId !== change.chatId), change: null };
      return { pins: change.removed && !isPinned(context.pins, change.chatId) ? putBack(context.pins, change.removed) : context.pins, change: null };
    }),
  },
  guards: {
    pinned: ({ context }, chatId: string) => isPinned(context.pins, chatId),
    notPinned: ({ context }, chatId: string) => !isPinned(context.pins, chatId),
    /** Pinning this chat (not pinned yet) would go beyond the member's limit. */
    limitReachedFor: ({ context }, chatId: string) => !isPinned(context.pins, chatId) && context.pins.length >= context.limit,
    saved: (_, outcome: SavePinOutcome) => outcome.ok,
    overLimit: (_, outcome: SavePinOutcome) => !outcome.ok && outcome.limit,
    changeIsPin: ({ context }) => context.change?.kind === 'pin',
  },
}).createMachine({
  id: 'chatPins',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['pins', 'limit', 'change'] },
  context: { pins: [], limit: MAX_PINNED_CHATS, change: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The member’s pins are on their way; the list shows unpinned meanwhile.',
      tags: ['loading'],
      invoke: {
        id: 'loadPins',
        src: 'loadPins',
        onDone: { target: 'ready', actions: { type: 'takeList', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The pins could not be loaded: the list shows unpinned and nothing can be pinned until a retry loads them.',
      tags: ['failed'],
      on: { 'user.retryPins': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            // A pinned chat pinned again changes nothing (no transition is taken).
            'user.pin': [
              {
                description: 'The member’s limit is reached: refused here, before any call.',
                guard: { type: 'limitReachedFor', params: ({ event }) => event.chatId },
                actions: { type: 'notify', params: ({ context }) => ({ kind: 'limit', limit: context.limit }) },
              },
              { guard: { type: 'notPinned', params: ({ event }) => event.chatId }, target: 'saving', actions: { type: 'pinHere', params: ({ event }) => event.chatId } },
            ],
            'user.unpin': { guard: { type: 'pinned', params: ({ event }) => event.chatId }, target: 'saving', actions: { type: 'unpinHere', params: ({ event }) => event.chatId } },
          },
        },
        saving: {
          description: 'The change shows already; it is being saved. A failure undoes it with a toast.',
          tags: ['saving'],
          invoke: {
            id: 'savePin',
            src: 'savePin',
            input: ({ context }) => context.change!,
            onDone: [
              { guard: { type: 'saved', params: ({ event }) => event.output }, target: 'idle', actions: { type: 'confirm', params: ({ event }) => (event.output.ok ? event.output.pin : null) } },
              {
                description: 'Refused for the member’s limit (pinned elsewhere meanwhile).',
                guard: { type: 'overLimit', params: ({ event }) => event.output },
                target: 'idle',
                actions: ['undo', { type: 'notify', params: ({ context }) => ({ kind: 'limit', limit: context.limit }) }],
              },
              { guard: 'changeIsPin', target: 'idle', actions: ['undo', { type: 'notify', params: { kind: 'pinFailed' } }] },
              { target: 'idle', actions: ['undo', { type: 'notify', params: { kind: 'unpinFailed' } }] },
            ],
            onError: [
              { guard: 'changeIsPin', target: 'idle', actions: ['undo', { type: 'notify', params: { kind: 'pinFailed' } }] },
              { target: 'idle', actions: ['undo', { type: 'notify', params: { kind: 'unpinFailed' } }] },
            ],
          },
        },
      },
    },
  },
});

export type ChatPinsActorRef = ActorRefFrom<typeof chatPinsMachine>;
export type ChatPinsSnapshot = ReturnType<ChatPinsActorRef['getSnapshot']>;
