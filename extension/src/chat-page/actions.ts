/**
 * What the chat page does to its account, as pure functions of the stored record: log in, send a
 * message, the simulated counterpart's answer, a message the contact writes (the simulate
 * control), open a chat with a new number. The page stores
 * what these return and tells the service worker (which uploads it after a finished sync).
 */
import { CHAT_ID_PATTERN, isGroupChatId, type SyncMessage } from '../../../src/contract/chats';
import { counterpartAnswers, messageKey, type ChatAccount, type SimChat } from '../chat-data';
import type { AccountRecord } from '../state';

/** How long the simulated counterpart takes to answer. */
export const COUNTERPART_DELAY_MS = 1_500;
/** The longest message the page sends. */
export const MAX_MESSAGE_LENGTH = 4_096;

/** A chat-service number from what was typed (spaces, dashes, brackets and a leading + allowed): 5 to 20 digits, or null. */
export const readNumber = (input: string): string | null => {
  const trimmed = input.trim();
  if (!/^\+?[0-9\s\-().]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return /^[0-9]{5,20}$/.test(digits) ? digits : null;
};

/** A workspace address typed by the person: its http(s) origin, or null. */
export const readOrigin = (input: string): string | null => {
  try {
    const url = new URL(input.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

export const newAccountRecord = (anchor: number): AccountRecord => ({ anchor, extraChats: [], extraMessages: [] });

/** A message written on the chat page (a new key each time). */
export const sentMessage = (chatId: string, text: string, sendTime: number, id: string): SyncMessage => ({
  chatWhatsappId: chatId,
  msgKey: messageKey(true, chatId, id),
  sendTime,
  fromMe: true,
  type: 'chat',
  text: text.slice(0, MAX_MESSAGE_LENGTH),
  senderName: null,
  fileName: null,
  fileSize: null,
  mimeType: null,
  meta: null,
});

/** The counterpart's answer, in the chat's language (a group's answer comes from one of its members). */
export const counterpartMessage = (chat: SimChat, answered: number, sendTime: number, id: string): SyncMessage => {
  const answers = counterpartAnswers[chat.lang];
  return {
    chatWhatsappId: chat.chatWhatsappId,
    msgKey: messageKey(false, chat.chatWhatsappId, id),
    sendTime,
    fromMe: false,
    type: 'chat',
    text: answers[answered % answers.length]!,
    senderName: chat.isGroup ? (chat.members[answered % Math.max(1, chat.members.length)] ?? null) : null,
    fileName: null,
    fileSize: null,
    mimeType: null,
    meta: null,
  };
};

/**
 * A message the open chat's contact writes now (the page's "receive as contact" control, standing
 * in for the chat service delivering one): in a group, from one of its members in turn.
 */
export const incomingMessage = (chat: SimChat, text: string, received: number, sendTime: number, id: string): SyncMessage => ({
  chatWhatsappId: chat.chatWhatsappId,
  msgKey: messageKey(false, chat.chatWhatsappId, id),
  sendTime,
  fromMe: false,
  type: 'chat',
  text: text.slice(0, MAX_MESSAGE_LENGTH),
  senderName: chat.isGroup ? (chat.members[received % Math.max(1, chat.members.length)] ?? null) : null,
  fileName: null,
  fileSize: null,
  mimeType: null,
  meta: null,
});

export const addMessage = (record: AccountRecord, message: SyncMessage): AccountRecord => ({
  ...record,
  extraMessages: [...record.extraMessages, message],
});

export type OpenOutcome = { kind: 'open'; record: AccountRecord; chatId: string } | { kind: 'notFound' };

/**
 * Opening a chat the workspace asked for (startChat): an existing chat opens; a single chat with a
 * number the account has no chat with is made (named by its number); an unknown group is not found.
 */
export const openOrMakeChat = (record: AccountRecord, account: ChatAccount, chatId: string): OpenOutcome => {
  if (!CHAT_ID_PATTERN.test(chatId)) return { kind: 'notFound' };
  if (account.chats.some((c) => c.chatWhatsappId === chatId)) return { kind: 'open', record, chatId };
  if (isGroupChatId(chatId)) return { kind: 'notFound' };
  const digits = chatId.slice(0, chatId.indexOf('@'));
  return {
    kind: 'open',
    chatId,
    record: { ...record, extraChats: [...record.extraChats, { chatWhatsappId: chatId, name: `+${digits}`, isGroup: false }] },
  };
};

/** How many messages the counterpart of a chat has answered on the page so far (picks the next answer). */
export const answeredCount = (record: AccountRecord, chatId: string): number =>
  record.extraMessages.filter((m) => m.chatWhatsappId === chatId && !m.fromMe).length;
