import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom } from 'xstate';
import type { RealRole } from '../contract/roles';
import { autoReplyPanelMachine, type AutoReplyPanelActorRef } from './auto-reply-panel.machine';
import { quickReplyPanelMachine, type QuickReplyPanelActorRef } from './quick-reply-panel.machine';
import { schedulesMachine, type SchedulesActorRef } from './schedule.machine';
import type { ToolsChat } from './tools-chat';

/**
 * The member's panels beside the open chat (SPEC §2 /conversation: quick reply, auto reply and
 * schedule message panels): one side panel with three tabs. A child flow of the conversations
 * (src/machines/conversations.machine.ts), which starts it with the screen's data and tells it the
 * open chat (`chat.changed`) whenever the person opens another chat or closes it; a new member
 * chosen (an admin acting for a member) starts it afresh, so every panel reads that member's data.
 *
 * It owns the three panels' flows as children, each started the first time its tab shows and kept
 * while it lives (switching tabs keeps a chosen quick reply or a half-filled schedule):
 * - `quickReplies` (src/machines/quick-reply-panel.machine.ts), told every chat change;
 * - `autoReply` (src/machines/auto-reply-panel.machine.ts);
 * - `schedules` (src/machines/schedule.machine.ts), whose view takes the open chat as the default
 *   recipient.
 * It hears `quickReply.sent` from the quick reply panel: on a phone the sheet closes so the chat
 * shows the message.
 *
 * The panel is open or closed (collapsible); the view shows it as a column beside the chat on a
 * wide screen and as a sheet (a modal dialog) on a phone (`narrow`, from the viewport service,
 * `watchViewport`). It starts open on a wide screen and closed on a phone; a screen that becomes
 * phone-narrow closes it (a sheet never opens by itself).
 *
 * Tags for the view: open.
 */

export const toolTabs = ['quickReplies', 'autoReply', 'schedules'] as const;
export type ToolTab = (typeof toolTabs)[number];

/** The open chat, and the viewer's real role (the schedules' chat list: /admin or /member, SPEC §6). */
export type ChatToolsInput = { chat: ToolsChat | null; realRole: RealRole };

export type ChatToolsEvent =
  | { type: 'viewport.changed'; narrow: boolean }
  /** From the conversations: the open chat (null: none). */
  | { type: 'chat.changed'; chat: ToolsChat | null }
  | { type: 'user.openTools'; tab?: ToolTab }
  | { type: 'user.closeTools' }
  | { type: 'user.showTab'; tab: ToolTab }
  /** From the quick reply panel: a quick reply went out. */
  | { type: 'quickReply.sent' };

export type ChatToolsContext = {
  chat: ToolsChat | null;
  realRole: RealRole;
  tab: ToolTab;
  narrow: boolean;
  /** The panels started so far (each once). */
  started: ToolTab[];
};

/** The viewport's changes as events; provided from the viewport service (its first report at once). */
const watchViewportNotProvided = fromCallback<ChatToolsEvent>(() => {
  throw new Error("actor 'watchViewport' is not provided");
});

const chatToolsSetup = setup({
  types: {} as {
    context: ChatToolsContext;
    events: ChatToolsEvent;
    input: ChatToolsInput;
    tags: 'open';
  },
  actors: {
    /** Reports `viewport.changed {narrow}`: once at start, then on every change. */
    watchViewport: watchViewportNotProvided,
    quickReplyPanel: quickReplyPanelMachine,
    autoReplyPanel: autoReplyPanelMachine,
    schedules: schedulesMachine,
  },
  actions: {
    takeChat: assign((_, chat: ToolsChat | null) => ({ chat })),
    takeViewport: assign((_, narrow: boolean) => ({ narrow })),
    pickTab: assign((_, tab: ToolTab) => ({ tab })),
  },
  guards: {
    narrow: (_, narrow: boolean) => narrow,
    /** A wide screen became phone-narrow. */
    becomesNarrow: ({ context }, narrow: boolean) => narrow && !context.narrow,
    isNarrow: ({ context }) => context.narrow,
    hasTab: (_, tab: ToolTab | undefined) => tab !== undefined,
  },
}).extend({
  actions: {
    /** Starts the panel of the tab on screen unless it runs already. */
    startPanel: enqueueActions(({ context, enqueue }) => {
      const tab = context.tab;
      if (context.started.includes(tab)) return;
      if (tab === 'quickReplies') enqueue.spawnChild('quickReplyPanel', { id: 'quickReplies', input: { chat: context.chat } });
      else if (tab === 'autoReply') enqueue.spawnChild('autoReplyPanel', { id: 'autoReply' });
      else enqueue.spawnChild('schedules', { id: 'schedules', input: { realRole: context.realRole } });
      enqueue.assign({ started: [...context.started, tab] });
    }),
    /** The open chat reaches the panels that use it (the schedules' view reads it from this context). */
    tellChat: enqueueActions(({ context, enqueue }, chat: ToolsChat | null) => {
      if (context.started.includes('quickReplies')) enqueue.sendTo('quickReplies', { type: 'chat.changed', chat });
    }),
  },
});

export const chatToolsMachine = chatToolsSetup.createMachine({
  id: 'chatTools',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['chat', 'realRole', 'tab', 'narrow', 'started'] },
  context: ({ input }) => ({ chat: input.chat, realRole: input.realRole, tab: 'quickReplies', narrow: false, started: [] }),
  invoke: { id: 'viewport', src: 'watchViewport' },
  on: {
    'chat.changed': { actions: [{ type: 'takeChat', params: ({ event }) => event.chat }, { type: 'tellChat', params: ({ event }) => event.chat }] },
  },
  initial: 'starting',
  states: {
    starting: {
      description: "Waits for the viewport's first report (sent at once): open beside the chat on a wide screen, closed on a phone.",
      on: {
        'viewport.changed': [
          { guard: { type: 'narrow', params: ({ event }) => event.narrow }, target: 'closed', actions: { type: 'takeViewport', params: true } },
          { target: 'open', actions: { type: 'takeViewport', params: false } },
        ],
      },
    },
    closed: {
      description: 'The panel is collapsed; the chat has the room.',
      on: {
        'viewport.changed': { actions: { type: 'takeViewport', params: ({ event }) => event.narrow } },
        'user.openTools': { target: 'open', actions: { type: 'pickTab', params: ({ context, event }) => event.tab ?? context.tab } },
      },
    },
    open: {
      description: 'The panel shows the tab chosen (a column beside the chat, or a sheet on a phone); its panel flow starts the first time.',
      tags: ['open'],
      entry: 'startPanel',
      on: {
        'viewport.changed': [
          { description: 'The screen became phone-narrow: the panel closes rather than turn into a sheet by itself.', guard: { type: 'becomesNarrow', params: ({ event }) => event.narrow }, target: 'closed', actions: { type: 'takeViewport', params: true } },
          { actions: { type: 'takeViewport', params: ({ event }) => event.narrow } },
        ],
        'user.closeTools': 'closed',
        'user.openTools': { guard: { type: 'hasTab', params: ({ event }) => event.tab }, actions: [{ type: 'pickTab', params: ({ event }) => event.tab! }, 'startPanel'] },
        'user.showTab': { actions: [{ type: 'pickTab', params: ({ event }) => event.tab }, 'startPanel'] },
        'quickReply.sent': { description: 'On a phone the sheet closes, so the chat shows the message sent.', guard: 'isNarrow', target: 'closed' },
      },
    },
  },
});

export type ChatToolsActorRef = ActorRefFrom<typeof chatToolsMachine>;
export type ChatToolsSnapshot = ReturnType<ChatToolsActorRef['getSnapshot']>;
export type { AutoReplyPanelActorRef, QuickReplyPanelActorRef, SchedulesActorRef };
