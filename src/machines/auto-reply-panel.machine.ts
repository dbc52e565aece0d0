import { assign, setup, type ActorRefFrom } from 'xstate';
import type { AutoReply } from '../contract/templates';
import type { Answer } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The auto reply panel beside the open chat (SPEC §2 auto reply panel, §3 Auto reply, §4 Auto
 * reply active or paused, §6: the admin makes the team's auto replies, they are off by default and
 * each member switches them on). A child flow of the chat tools (src/machines/chat-tools.machine.ts),
 * started the first time its tab shows. Two regions side by side, so one failing leaves the other
 * usable:
 *
 * - `switch`: the member's own switch, kept in the member config (SPEC §7 `/member/config/list`
 *   and `/update`, key AUTO_REPLY_SWITCH_KEY, '1' on, anything else or absent off). `loading` reads
 *   it (`loadSwitch`); a change (`user.toggle`) shows at once and is saved (`saveSwitch`); a refusal
 *   or failure puts the switch back and says so, a save says so too (`notify`). An admin acting for
 *   a member through the member selector reads and sets that member's switch: the API client's
 *   source-user header makes the member config the member's (SPEC §6).
 * - `list`: the team's active auto replies, read only (`loadAutoReplies`): the extension answers
 *   with them while the switch is on.
 *
 * Tags for the view: switchLoading, switchFailed, saving, listLoading, listFailed.
 */

export type AutoReplyToast = { kind: 'switchedOn' } | { kind: 'switchedOff' } | { kind: 'saveFailed'; message: string };

export type AutoReplyPanelEvent =
  | { type: 'user.toggle'; enabled: boolean }
  | { type: 'user.retrySwitch' }
  | { type: 'user.retryList' };

export type AutoReplyPanelContext = {
  /** The switch as shown (null until read). */
  enabled: boolean | null;
  /** The switch as saved, to put back when a save fails. */
  saved: boolean | null;
  items: AutoReply[];
};

/** The switch was saved: the value the server now holds. */
export type SaveSwitchAnswer = Answer<{ enabled: boolean }>;

export const autoReplyPanelMachine = setup({
  types: {} as {
    context: AutoReplyPanelContext;
    events: AutoReplyPanelEvent;
    tags: 'switchLoading' | 'switchFailed' | 'saving' | 'listLoading' | 'listFailed';
  },
  actors: {
    /** The member's switch from the member config (absent: off, SPEC §6). */
    loadSwitch: actorNotProvided<boolean, void>('loadSwitch'),
    saveSwitch: actorNotProvided<SaveSwitchAnswer, { enabled: boolean }>('saveSwitch'),
    /** The team's active auto replies. */
    loadAutoReplies: actorNotProvided<AutoReply[], void>('loadAutoReplies'),
  },
  actions: {
    /** A toast (the toasts service): switched on or off, or the save failed (the server's words when it gave some). */
    notify: actionNotProvided<AutoReplyToast>('notify'),
    takeSwitch: assign((_, enabled: boolean) => ({ enabled, saved: enabled })),
    showSwitch: assign((_, enabled: boolean) => ({ enabled })),
    putBack: assign(({ context }) => ({ enabled: context.saved })),
    takeItems: assign((_, items: AutoReply[]) => ({ items })),
  },
  guards: {
    /** The switch would change (a repeated click on the shown value saves nothing). */
    changes: ({ context }, enabled: boolean) => context.enabled !== enabled,
    saved: (_, answer: SaveSwitchAnswer) => answer.ok,
  },
}).createMachine({
  id: 'autoReplyPanel',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['enabled', 'saved'] },
  context: { enabled: null, saved: null, items: [] },
  type: 'parallel',
  states: {
    switch: {
      initial: 'loading',
      states: {
        loading: {
          description: "The member's switch is read from the member config.",
          tags: ['switchLoading'],
          invoke: {
            id: 'loadSwitch',
            src: 'loadSwitch',
            onDone: { target: 'idle', actions: { type: 'takeSwitch', params: ({ event }) => event.output } },
            onError: 'failed',
          },
        },
        failed: {
          description: 'The switch could not be read; the view offers a retry.',
          tags: ['switchFailed'],
          on: { 'user.retrySwitch': 'loading' },
        },
        idle: {
          on: {
            'user.toggle': {
              guard: { type: 'changes', params: ({ event }) => event.enabled },
              target: 'saving',
              actions: { type: 'showSwitch', params: ({ event }) => event.enabled },
            },
          },
        },
        saving: {
          description: 'The new value shows while it is saved in the member config.',
          tags: ['saving'],
          invoke: {
            id: 'saveSwitch',
            src: 'saveSwitch',
            input: ({ context }) => ({ enabled: context.enabled === true }),
            onDone: [
              {
                guard: { type: 'saved', params: ({ event }) => event.output },
                target: 'idle',
                actions: [
                  { type: 'takeSwitch', params: ({ event }) => (event.output.ok ? event.output.data.enabled : false) },
                  { type: 'notify', params: ({ event }) => (event.output.ok && event.output.data.enabled ? { kind: 'switchedOn' } : { kind: 'switchedOff' }) },
                ],
              },
              {
                target: 'idle',
                actions: ['putBack', { type: 'notify', params: ({ event }) => ({ kind: 'saveFailed', message: event.output.ok ? '' : event.output.message }) }],
              },
            ],
            onError: { target: 'idle', actions: ['putBack', { type: 'notify', params: { kind: 'saveFailed', message: '' } }] },
          },
        },
      },
    },
    list: {
      initial: 'loading',
      states: {
        loading: {
          description: "The team's active auto replies are on their way.",
          tags: ['listLoading'],
          invoke: {
            id: 'loadAutoReplies',
            src: 'loadAutoReplies',
            onDone: { target: 'ready', actions: { type: 'takeItems', params: ({ event }) => event.output } },
            onError: 'failed',
          },
        },
        failed: {
          description: 'The auto replies could not be loaded; the view offers a retry.',
          tags: ['listFailed'],
          on: { 'user.retryList': 'loading' },
        },
        ready: {},
      },
    },
  },
});

export type AutoReplyPanelActorRef = ActorRefFrom<typeof autoReplyPanelMachine>;
export type AutoReplyPanelSnapshot = ReturnType<AutoReplyPanelActorRef['getSnapshot']>;
