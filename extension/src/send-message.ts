/**
 * A message the workspace page sends into a chat of the logged-in number (the page's sendMessage:
 * a quick reply, SPEC §2 quick reply panel, §3 Quick reply), written into the stored account as a
 * message written on the chat page is: the text as one message, then each attachment as a message
 * of its kind (image, video or document) with its name, size and type, and its signed download
 * link kept on this browser (the chat page shows it as a link, an image also as a thumbnail; both
 * inert; a link given as a path is on the sending page's origin). Pure: the service worker stores
 * the result.
 */
import type { SyncMessage } from '../../src/contract/chats';
import type { SendMessagePayload } from '../../src/contract/extension';
import type { ChatAccount } from './chat-data';
import { messageKey } from './chat-data';
import { MAX_MESSAGE_LENGTH } from './chat-page/actions';
import type { AccountRecord, MessageDetail } from './state';

/** What the page is told when nothing was sent (SPEC §5 'Enter a message.' for an empty one). */
export const SEND_REFUSALS = {
  invalid: 'The message to send is not valid.',
  notConnected: 'The extension is not connected to this workspace: connect it from the chat page.',
  otherWorkspace: 'The extension is connected to another workspace: connect it to this one from the chat page.',
  noNumber: 'No number is logged in on the chat page.',
  noChat: 'This chat is not on the chat-service number logged in on the chat page.',
  blocked: 'This chat is blocked on the chat page.',
  empty: 'Enter a message.',
  badLink: 'An attachment has no valid download link.',
} as const;

/** The longest MIME type an upload's message takes (src/contract/chats.ts syncMessage). */
const MAX_MIME_LENGTH = 100;

/**
 * An attachment's link as an absolute http(s) URL: the embedded file store's links are paths on the
 * workspace's own origin (`/api/files/object/...`), read against the sending page's origin; an
 * S3-compatible store's are absolute. Anything else (javascript:, data:) is null.
 */
export const attachmentLink = (url: string, base: string): string | null => {
  try {
    const link = new URL(url, base);
    return link.protocol === 'http:' || link.protocol === 'https:' ? link.href : null;
  } catch {
    return null;
  }
};

export type SentMessages = { messages: SyncMessage[]; details: Record<string, MessageDetail> };
export type SendOutcome = ({ kind: 'sent' } & SentMessages) | { kind: 'refused'; message: string };

/** The account with the sent messages added (to the latest record read: the chat page may have written meanwhile). */
export const addSent = (record: AccountRecord, sent: SentMessages): AccountRecord => ({
  ...record,
  extraMessages: [...record.extraMessages, ...sent.messages],
  details: { ...record.details, ...sent.details },
});

export const applySendMessage = (
  record: AccountRecord,
  account: ChatAccount,
  payload: SendMessagePayload,
  now: number,
  randomId: () => string,
  /** The sending page's origin (relative links are on it). */
  base: string,
): SendOutcome => {
  const chatId = payload.chatWhatsappId;
  if (!account.chats.some((c) => c.chatWhatsappId === chatId)) return { kind: 'refused', message: SEND_REFUSALS.noChat };
  if (record.chatFlags?.[chatId]?.blocked) return { kind: 'refused', message: SEND_REFUSALS.blocked };
  const text = payload.text.trim();
  if (text === '' && payload.attachments.length === 0) return { kind: 'refused', message: SEND_REFUSALS.empty };
  const links = payload.attachments.map((a) => attachmentLink(a.url, base));
  if (links.some((link) => link === null)) return { kind: 'refused', message: SEND_REFUSALS.badLink };

  const messages: SyncMessage[] = [];
  const details: Record<string, MessageDetail> = {};
  // One millisecond apart: the chat shows them in the order they were given.
  const common = { chatWhatsappId: chatId, fromMe: true, senderName: null, meta: null } as const;
  if (text !== '') {
    const msgKey = messageKey(true, chatId, randomId());
    messages.push({ ...common, msgKey, sendTime: now, type: 'chat', text: text.slice(0, MAX_MESSAGE_LENGTH), fileName: null, fileSize: null, mimeType: null });
    details[msgKey] = { via: 'workspace' };
  }
  for (const [i, file] of payload.attachments.entries()) {
    const msgKey = messageKey(true, chatId, randomId());
    messages.push({
      ...common,
      msgKey,
      sendTime: now + messages.length,
      type: file.kind,
      text: null,
      fileName: file.name === '' ? null : file.name,
      fileSize: file.size >= 0 ? file.size : null,
      mimeType: file.mimeType !== '' && file.mimeType.length <= MAX_MIME_LENGTH ? file.mimeType : null,
    });
    details[msgKey] = { via: 'workspace', url: links[i] ?? undefined };
  }
  return { kind: 'sent', messages, details };
};
