/** Deterministic chats and messages for the conversations' machine, path, effect and view tests. */
import type { Chat, Message } from '../../../src/contract/chats';

/** A single chat with `digits` as the counterpart's phone (a group when `group`), its last message at `time`. */
export const chatOf = (id: string, patch: Partial<Chat> = {}, time: number | null = 1_000): Chat => ({
  id,
  chatWhatsappId: `${id.replace(/\D/g, '') || '1'}0000@c.us`,
  name: `Chat ${id}`,
  avatarUrl: null,
  isGroup: false,
  isDel: false,
  number: '15550001111',
  lastMessage: time === null ? null : { sendTime: time, type: 'chat', text: `last of ${id}`, fromMe: false },
  leadId: null,
  updateTime: 1_000,
  ...patch,
});

/** `n` chats `prefix1`..`prefixN`, newest first (the list's order), last messages from `top` down by 10. */
export const chatsOf = (prefix: string, n: number, top = 100_000, from = 1): Chat[] =>
  Array.from({ length: n }, (_, i) => chatOf(`${prefix}${from + i}`, {}, top - 10 * (from + i)));

export const messageOf = (key: string, sendTime: number, patch: Partial<Message> = {}): Message => ({
  id: `m-${key}`,
  msgKey: key,
  conversationId: 'c1',
  sendTime,
  fromMe: false,
  type: 'chat',
  text: `text ${key}`,
  senderName: null,
  fileName: null,
  fileSize: null,
  mimeType: null,
  meta: null,
  ...patch,
});

/** Messages `k<from>`..`k<from+n-1>` at send times 1000 × their number (oldest first). */
export const messagesOf = (n: number, from = 1): Message[] => Array.from({ length: n }, (_, i) => messageOf(`k${String(from + i).padStart(4, '0')}`, 1_000 * (from + i)));
