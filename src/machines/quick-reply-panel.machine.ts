import { assign, setup, type ActorRefFrom } from 'xstate';
import type { SendMessagePayload } from '../contract/extension';
import type { Attachment, QuickReply } from '../contract/templates';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { filledMessageOf, type ToolsChat } from './tools-chat';

/**
 * The quick reply panel beside the open chat (SPEC §2 quick reply panel, §3 Quick reply, §5, §6:
 * quick replies are enabled for every member). A child flow of the chat tools
 * (src/machines/chat-tools.machine.ts), which starts it the first time its tab shows and tells it
 * the open chat (`chat.changed`) whenever the person opens another chat or closes it.
 *
 * - `loading` reads the team's quick replies (`loadQuickReplies`); a failure offers a retry
 *   (`failed`), an empty list is the view's `empty` state (selector `isEmptyOf`). The search box
 *   filters by title and message (`visibleQuickRepliesOf`, no call).
 * - `ready`: choosing one (`user.select`) shows its message with the fill-in variables filled for
 *   the open chat (`filledMessageOf`, src/machines/tools-chat.ts says which chat fact fills which
 *   variable) and its attachments. Send (`user.send`) checks, in this order: a chat is open
 *   ('Please open a chat.', SPEC §5), the filled message is not empty ('Enter a message.'); the
 *   check's refusal is `problem`, shown beside the button, and nothing is sent.
 * - `signing`: the attachments' signed download URLs from the file store (`signAttachments`, SPEC
 *   §7 Files: the extension never holds a store credential); a message without attachments skips it.
 * - `sending`: `{chatWhatsappId, text, attachments}` to the companion extension (`sendToChat`, the
 *   extension message 'sendMessage' through the injected bridge). Its answer is a toast (`notify`):
 *   sent; refused by the extension (its reason); no answer at all (the bridge reads every failure
 *   to reach the extension as no answer, SPEC §7: the toast says to install or open it); the store
 *   or the network failed. What goes out is fixed when Send is pressed (`outgoing`): a chat opened
 *   meanwhile does not receive it. A sent message is announced to the parent (`announceSent`).
 *
 * Tags for the view: loading, loadFailed, sending (signing or sending: Send is busy).
 */

export type QuickReplyPanelInput = { chat: ToolsChat | null };

/** Why Send did nothing (SPEC §5 quick reply). */
export type SendProblem = 'noChat' | 'emptyMessage';

/** The message Send fixed: the chat, the filled text, the attachments as stored. */
export type Outgoing = { chatWhatsappId: string; text: string; attachments: Attachment[] };

/** fileId -> signed download URL (only for the time of one send; never recorded). */
export type SignedUrls = Record<string, string>;

/** The extension's answer to 'sendMessage': done or refused (with its reason), or null when nothing answered. */
export type SendAnswer = { ok: boolean; message?: string | undefined } | null;

export type QuickReplyToast =
  | { kind: 'sent' }
  | { kind: 'refused'; message: string }
  | { kind: 'noExtension' }
  | { kind: 'failed' };

export type QuickReplyPanelEvent =
  | { type: 'user.retry' }
  | { type: 'user.reload' }
  | { type: 'user.search'; text: string }
  | { type: 'user.select'; id: string }
  | { type: 'user.unselect' }
  | { type: 'user.send' }
  /** From the chat tools: the person opened another chat (null: closed it). */
  | { type: 'chat.changed'; chat: ToolsChat | null };

export type QuickReplyPanelContext = {
  chat: ToolsChat | null;
  items: QuickReply[];
  search: string;
  selectedId: string | null;
  problem: SendProblem | null;
  outgoing: Outgoing | null;
  signed: SignedUrls | null;
};

// ---------------------------------------------------------------------------------------------
// Pure selectors (the view's, and the machine's own rules)

const normalize = (text: string): string => text.normalize('NFKC').toLocaleLowerCase();

/** The quick replies the search shows (by title or message, case ignored), in the list's order. */
export const visibleQuickRepliesOf = (c: Pick<QuickReplyPanelContext, 'items' | 'search'>): readonly QuickReply[] => {
  const search = normalize(c.search.trim());
  if (search === '') return c.items;
  return c.items.filter((q) => normalize(q.title).includes(search) || normalize(q.message).includes(search));
};

/** The chosen quick reply, if it is still in the list. */
export const selectedQuickReplyOf = (c: Pick<QuickReplyPanelContext, 'items' | 'selectedId'>): QuickReply | null =>
  c.selectedId === null ? null : (c.items.find((q) => q.id === c.selectedId) ?? null);

/** The chosen quick reply's message as it would go out to the open chat (variables filled). */
export const previewOf = (c: Pick<QuickReplyPanelContext, 'items' | 'selectedId' | 'chat'>): string | null => {
  const reply = selectedQuickReplyOf(c);
  return reply === null ? null : filledMessageOf(reply.message, c.chat);
};

/** Loaded, and the team has no quick reply. */
export const isEmptyOf = (c: Pick<QuickReplyPanelContext, 'items'>): boolean => c.items.length === 0;

/** What Send would refuse with now (null: it would send). */
export const sendProblemOf = (c: Pick<QuickReplyPanelContext, 'items' | 'selectedId' | 'chat'>): SendProblem | null => {
  if (c.chat === null) return 'noChat';
  const text = previewOf(c);
  return text === null || text.trim() === '' ? 'emptyMessage' : null;
};

/** The extension message for the outgoing quick reply with its attachments' signed URLs. */
export const sendPayloadOf = (outgoing: Outgoing, signed: SignedUrls | null): SendMessagePayload => ({
  chatWhatsappId: outgoing.chatWhatsappId,
  text: outgoing.text,
  attachments: outgoing.attachments.map((a) => ({ name: a.name, mimeType: a.mimeType, kind: a.kind, size: a.size, url: signed?.[a.fileId] ?? '' })),
});

// ---------------------------------------------------------------------------------------------
// The machine

export const quickReplyPanelMachine = setup({
  types: {} as {
    context: QuickReplyPanelContext;
    events: QuickReplyPanelEvent;
    input: QuickReplyPanelInput;
    tags: 'loading' | 'loadFailed' | 'sending';
  },
  actors: {
    loadQuickReplies: actorNotProvided<QuickReply[], void>('loadQuickReplies'),
    /** Signed download URLs of these stored files (SPEC §7 Files); rejects when the store refuses or fails. */
    signAttachments: actorNotProvided<SignedUrls, { fileIds: string[] }>('signAttachments'),
    /** The extension message 'sendMessage'; resolves null when no extension answered. */
    sendToChat: actorNotProvided<SendAnswer, SendMessagePayload>('sendToChat'),
  },
  actions: {
    /** A toast (the toasts service): sent, refused, no extension, failed. */
    notify: actionNotProvided<QuickReplyToast>('notify'),
    /** Tells the parent a quick reply went out (`quickReply.sent`): on a phone the sheet closes. */
    announceSent: actionNotProvided('announceSent'),
    takeItems: assign((_, items: QuickReply[]) => ({ items })),
    takeChat: assign((_, chat: ToolsChat | null) => ({ chat, problem: null })),
    takeSearch: assign((_, search: string) => ({ search })),
    select: assign((_, id: string) => ({ selectedId: id, problem: null })),
    unselect: assign({ selectedId: null, problem: null }),
    refuse: assign((_, problem: SendProblem) => ({ problem })),
    /** Fixes what goes out: the open chat, the filled text, the attachments. */
    fixOutgoing: assign(({ context }) => {
      const reply = selectedQuickReplyOf(context)!;
      return { problem: null, outgoing: { chatWhatsappId: context.chat!.chatWhatsappId, text: previewOf(context)!, attachments: reply.attachments }, signed: null };
    }),
    takeSigned: assign((_, signed: SignedUrls) => ({ signed })),
    /** The send is over: nothing of it is kept (the signed URLs expire anyway). */
    forgetOutgoing: assign({ outgoing: null, signed: null }),
  },
  guards: {
    /** SPEC §5: 'Please open a chat.' */
    noChat: ({ context }) => sendProblemOf(context) === 'noChat',
    /** SPEC §5: 'Enter a message.' (the message as filled for the open chat). */
    emptyMessage: ({ context }) => sendProblemOf(context) === 'emptyMessage',
    hasAttachments: ({ context }) => (selectedQuickReplyOf(context)?.attachments.length ?? 0) > 0,
    delivered: (_, answer: SendAnswer) => answer !== null && answer.ok,
    refused: (_, answer: SendAnswer) => answer !== null && !answer.ok,
  },
}).createMachine({
  id: 'quickReplyPanel',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['chat', 'search', 'selectedId', 'problem'] },
  context: ({ input }) => ({ chat: input.chat, items: [], search: '', selectedId: null, problem: null, outgoing: null, signed: null }),
  initial: 'loading',
  on: {
    'chat.changed': { actions: { type: 'takeChat', params: ({ event }) => event.chat } },
    'user.search': { actions: { type: 'takeSearch', params: ({ event }) => event.text } },
    'user.select': { actions: { type: 'select', params: ({ event }) => event.id } },
    'user.unselect': { actions: 'unselect' },
  },
  states: {
    loading: {
      description: "The team's quick replies are on their way.",
      tags: ['loading'],
      invoke: {
        id: 'loadQuickReplies',
        src: 'loadQuickReplies',
        onDone: { target: 'ready', actions: { type: 'takeItems', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The quick replies could not be loaded; the view offers a retry.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading' },
    },
    ready: {
      description: 'The list (possibly empty) is on screen; Send checks the open chat and the filled message first (SPEC §5).',
      on: {
        'user.reload': 'loading',
        'user.send': [
          { guard: 'noChat', actions: { type: 'refuse', params: 'noChat' } },
          { guard: 'emptyMessage', actions: { type: 'refuse', params: 'emptyMessage' } },
          { guard: 'hasAttachments', target: 'signing', actions: 'fixOutgoing' },
          { target: 'sending', actions: 'fixOutgoing' },
        ],
      },
    },
    signing: {
      description: "The attachments' signed download URLs are on their way from the file store (SPEC §7 Files).",
      tags: ['sending'],
      invoke: {
        id: 'signAttachments',
        src: 'signAttachments',
        input: ({ context }) => ({ fileIds: context.outgoing!.attachments.map((a) => a.fileId) }),
        onDone: { target: 'sending', actions: { type: 'takeSigned', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: [{ type: 'notify', params: { kind: 'failed' } }, 'forgetOutgoing'] },
      },
    },
    sending: {
      description: "The message is with the companion extension ('sendMessage'), which sends it through the chat page.",
      tags: ['sending'],
      invoke: {
        id: 'sendToChat',
        src: 'sendToChat',
        input: ({ context }) => sendPayloadOf(context.outgoing!, context.signed),
        onDone: [
          {
            guard: { type: 'delivered', params: ({ event }) => event.output },
            target: 'ready',
            actions: [{ type: 'notify', params: { kind: 'sent' } }, 'announceSent', 'forgetOutgoing'],
          },
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'ready',
            actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'refused', message: event.output?.message ?? '' }) }, 'forgetOutgoing'],
          },
          { description: 'No extension answered (SPEC §7: a failure to reach it reads as no answer).', target: 'ready', actions: [{ type: 'notify', params: { kind: 'noExtension' } }, 'forgetOutgoing'] },
        ],
        onError: { target: 'ready', actions: [{ type: 'notify', params: { kind: 'failed' } }, 'forgetOutgoing'] },
      },
    },
  },
});

export type QuickReplyPanelActorRef = ActorRefFrom<typeof quickReplyPanelMachine>;
export type QuickReplyPanelSnapshot = ReturnType<QuickReplyPanelActorRef['getSnapshot']>;
