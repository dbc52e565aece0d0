/**
 * Generated path tests of the chat tools (SPEC §2 quick reply, auto reply and schedule message
 * panels beside the open chat): every state and transition is reached, and each step runs exactly
 * its effects: the viewport watched from the start; each tab's panel flow started the first time
 * its tab shows (the quick reply panel with the open chat), never twice; every chat change handed
 * on to the quick reply panel once it runs (and to nothing before); the panel open beside the chat
 * on a wide screen and closed on a phone at start, closed when the screen becomes phone-narrow,
 * and the phone's sheet closed after a quick reply went out.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { chatToolsMachine, toolTabs, type ChatToolsContext, type ToolTab } from '../../src/machines/chat-tools.machine';
import type { ToolsChat } from '../../src/machines/tools-chat';
import { actorRan, machinePathSuite, sentTo, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const alice: ToolsChat = { chatWhatsappId: '15550100@c.us', name: 'Alice Smith', isGroup: false };

const ctx = (s: AnyMachineSnapshot) => s.context as ChatToolsContext;

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  const chatChange: PathEvent = { type: 'chat.changed', chat: c.chat === null ? alice : null };
  if (s.matches('starting')) {
    return [{ type: 'viewport.changed', narrow: true }, { type: 'viewport.changed', narrow: false }, chatChange];
  }
  const viewport: PathEvent = { type: 'viewport.changed', narrow: !c.narrow };
  if (s.matches('closed')) return [{ type: 'user.openTools' }, { type: 'user.openTools', tab: 'autoReply' }, viewport, chatChange];
  return [
    { type: 'user.closeTools' },
    ...toolTabs.map((tab) => ({ type: 'user.showTab', tab })),
    { type: 'user.openTools', tab: 'quickReplies' },
    { type: 'user.openTools' },
    viewport,
    // The same report again (a wide screen stays wide, a phone stays a phone): nothing closes.
    { type: 'viewport.changed', narrow: c.narrow },
    { type: 'quickReply.sent' },
    chatChange,
  ];
};

/** The panel flow a tab starts: the quick replies with the open chat, the schedules with the viewer's real role. */
const start = (tab: ToolTab, c: ChatToolsContext): Effect[] => {
  switch (tab) {
    case 'quickReplies':
      return [actorRan('quickReplyPanel', { chat: c.chat })];
    case 'autoReply':
      return [actorRan('autoReplyPanel')];
    case 'schedules':
      return [actorRan('schedules', { realRole: c.realRole })];
  }
};

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0 || !before) return [actorRan('watchViewport')];
  const c = ctx(before);
  const opened = !before.hasTag('open') && step.after.hasTag('open');
  const startIfNew = (tab: ToolTab): Effect[] => (c.started.includes(tab) ? [] : start(tab, c));
  switch (event.type) {
    case 'viewport.changed':
      // Wide at start: open, and the quick reply tab's flow starts.
      return before.matches('starting') && !event.narrow ? startIfNew('quickReplies') : [];
    case 'user.openTools':
      if (opened) return startIfNew((event.tab as ToolTab | undefined) ?? c.tab);
      return event.tab !== undefined ? startIfNew(event.tab as ToolTab) : [];
    case 'user.showTab':
      return before.hasTag('open') ? startIfNew(event.tab as ToolTab) : [];
    case 'chat.changed':
      return c.started.includes('quickReplies') ? [sentTo('quickReplies', { type: 'chat.changed', chat: event.chat as ToolsChat | null })] : [];
    default:
      return [];
  }
};

machinePathSuite('chat tools machine paths', chatToolsMachine, {
  events,
  effects,
  checkSentEvents: true,
  serializeContext: (c) => ({ chat: c.chat?.name ?? null, tab: c.tab, narrow: c.narrow, started: c.started }),
  variants: [
    { name: 'no chat open', input: { chat: null, realRole: 'member' } },
    { name: 'a chat open, an admin', input: { chat: alice, realRole: 'admin' } },
  ],
});
