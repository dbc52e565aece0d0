/**
 * Generated path tests of the quick reply panel (SPEC §2 quick reply panel, §5 'Please open a
 * chat.' and 'Enter a message.', §7 Files and Extension messaging): every state and transition is
 * reached, and each step runs exactly its effects: the team's quick replies at start, on a retry
 * and on a reload; nothing sent without an open chat or with a message that fills in empty; the
 * attachments' signed links first when the reply has attachments; the extension message with the
 * chat, the text as filled in for that chat (written out here, not computed with the machine's
 * helpers) and the attachments with their links; a toast for each ending (sent, refused with the
 * extension's reason, no extension answering, the store or the network failing), and the parent
 * told when a reply went out.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { QuickReply } from '../../src/contract/templates';
import { quickReplyPanelMachine, type QuickReplyPanelContext } from '../../src/machines/quick-reply-panel.machine';
import type { ToolsChat } from '../../src/machines/tools-chat';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const alice: ToolsChat = { chatWhatsappId: '15550100@c.us', name: 'Alice Smith', isGroup: false };
const team: ToolsChat = { chatWhatsappId: '120363-1700000000@g.us', name: 'Team 2024', isGroup: true };

const greeting: QuickReply = { id: 'q1', title: 'Greeting', message: 'Hello {firstName}, welcome!', attachments: [], updatedAt: 1 };
const prices: QuickReply = {
  id: 'q2',
  title: 'Price list',
  message: 'Our prices, {savedName}',
  attachments: [
    { fileId: 'f1', name: 'prices.pdf', mimeType: 'application/pdf', kind: 'document', size: 2048 },
    { fileId: 'f2', name: 'shop.png', mimeType: 'image/png', kind: 'image', size: 512 },
  ],
  updatedAt: 2,
};
/** Only a group name: empty in a single chat ('Enter a message.'). */
const groupOnly: QuickReply = { id: 'q3', title: 'Group hello', message: ' {groupName} ', attachments: [], updatedAt: 3 };
const items = [greeting, prices, groupOnly];

const links = { f1: 'https://files.test/f1?sig=a', f2: 'https://files.test/f2?sig=b' };

/** What each reply reads as, filled in for each chat (SPEC §3 dynamic variables; src/machines/tools-chat.ts). */
const filled: Record<string, Record<string, string>> = {
  q1: { alice: 'Hello Alice, welcome!', team: 'Hello , welcome!' },
  q2: { alice: 'Our prices, Alice Smith', team: 'Our prices, ' },
  q3: { alice: '  ', team: ' Team 2024 ' },
};
const chatKey = (chat: ToolsChat | null): string => (chat === null ? 'none' : chat === team || chat.isGroup ? 'team' : 'alice');

const ctx = (s: AnyMachineSnapshot) => s.context as QuickReplyPanelContext;
const failure = new Error('Network error');

const nextChat = (chat: ToolsChat | null): ToolsChat | null => (chat === null ? alice : chat.isGroup ? null : team);

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  const chatChange: PathEvent = { type: 'chat.changed', chat: nextChat(c.chat) };
  if (s.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadQuickReplies', output: items },
      { type: 'xstate.done.actor.loadQuickReplies', output: [] },
      { type: 'xstate.error.actor.loadQuickReplies', error: failure },
      chatChange,
    ];
  }
  if (s.matches('failed')) return [{ type: 'user.retry' }];
  if (s.matches('signing')) {
    return [{ type: 'xstate.done.actor.signAttachments', output: links }, { type: 'xstate.error.actor.signAttachments', error: failure }, chatChange];
  }
  if (s.matches('sending')) {
    return [
      { type: 'xstate.done.actor.sendToChat', output: { ok: true } },
      { type: 'xstate.done.actor.sendToChat', output: { ok: false, message: 'The chat page is closed' } },
      { type: 'xstate.done.actor.sendToChat', output: null },
      { type: 'xstate.error.actor.sendToChat', error: failure },
    ];
  }
  // ready
  return [
    { type: 'user.reload' },
    { type: 'user.search', text: c.search === '' ? 'price' : '' },
    ...(c.selectedId === null ? items.map((q) => ({ type: 'user.select', id: q.id })) : [{ type: 'user.unselect' }]),
    { type: 'user.send' },
    chatChange,
  ];
};

/** The extension message for the reply `id` sent to `chat` (links: after signing). */
const payload = (id: string, chat: ToolsChat, signed: boolean) => ({
  chatWhatsappId: chat.chatWhatsappId,
  text: filled[id]![chatKey(chat)]!,
  attachments:
    id === 'q2'
      ? [
          { name: 'prices.pdf', mimeType: 'application/pdf', kind: 'document', size: 2048, url: signed ? links.f1 : '' },
          { name: 'shop.png', mimeType: 'image/png', kind: 'image', size: 512, url: signed ? links.f2 : '' },
        ]
      : [],
});

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0 || !before) return [actorRan('loadQuickReplies')];
  const c = ctx(before);
  const from = (state: string) => before.matches(state);
  switch (event.type) {
    case 'user.retry':
      return from('failed') ? [actorRan('loadQuickReplies')] : [];
    case 'user.reload':
      return from('ready') ? [actorRan('loadQuickReplies')] : [];
    case 'user.send': {
      if (!from('ready') || c.chat === null || c.selectedId === null || !c.items.some((q) => q.id === c.selectedId)) return [];
      const text = filled[c.selectedId]![chatKey(c.chat)]!;
      if (text.trim() === '') return [];
      return c.selectedId === 'q2' ? [actorRan('signAttachments', { fileIds: ['f1', 'f2'] })] : [actorRan('sendToChat', payload(c.selectedId, c.chat, false))];
    }
    case 'xstate.done.actor.signAttachments':
      // What goes out was fixed when Send was pressed: the chat of then, even if another opened meanwhile.
      return [actorRan('sendToChat', { ...c.outgoing!, attachments: payload('q2', alice, true).attachments })];
    case 'xstate.error.actor.signAttachments':
    case 'xstate.error.actor.sendToChat':
      return [actionRan('notify', { kind: 'failed' })];
    case 'xstate.done.actor.sendToChat': {
      const answer = event.output as { ok: boolean; message?: string } | null;
      if (answer === null) return [actionRan('notify', { kind: 'noExtension' })];
      return answer.ok ? [actionRan('notify', { kind: 'sent' }), actionRan('announceSent')] : [actionRan('notify', { kind: 'refused', message: 'The chat page is closed' })];
    }
    default:
      return [];
  }
};

machinePathSuite('quick reply panel machine paths', quickReplyPanelMachine, {
  events,
  effects,
  serializeContext: (c) => ({
    chat: chatKey(c.chat),
    items: c.items.length,
    search: c.search,
    selectedId: c.selectedId,
    problem: c.problem,
    outgoing: c.outgoing,
    signed: c.signed !== null,
  }),
  variants: [
    { name: 'no chat open', input: { chat: null } },
    { name: 'a single chat open', input: { chat: alice } },
  ],
});

