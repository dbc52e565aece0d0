/**
 * Which page messages the service worker answers (SPEC §7 Extension messaging): only
 * `{sender: 'crm-web', target: 'background', type, payload}` with a known type, from an http(s)
 * page (Chrome lets only the manifest's externally_connectable origins through). Anything else is
 * ignored: no answer at all. Each payload is checked with the contract's schema; a payload that
 * does not parse is read as absent, which makes the request do nothing (and say so where its reply
 * can).
 */
import { CHAT_ID_PATTERN } from '../../src/contract/chats';
import {
  chatsSyncPayload,
  checkNumbersPayload,
  eclientAuthPayload,
  extensionMessage,
  groupParticipantsPayload,
  loginInfoPayload,
  sendMessagePayload,
  startChatPayload,
  type EclientAuthPayload,
  type SendMessagePayload,
} from '../../src/contract/extension';

export type PageRequest =
  | { type: 'fetchLoginInfo'; origin: string; user: { userId: string; email?: string | undefined } | null }
  | { type: 'fetchChatsSyncInfo'; origin: string }
  /** `start`: the page asked for the sync (`isSyncData: true`). */
  | { type: 'fetchChatsSync'; origin: string; start: boolean }
  | { type: 'loginGuidance'; origin: string }
  | { type: 'activateChatWebTab'; origin: string }
  /** `chatId`: the chat to open, from its id or a phone (null: neither was usable). */
  | { type: 'startChat'; origin: string; chatId: string | null }
  | { type: 'findConfigInfo'; origin: string }
  | { type: 'eclientAuth'; origin: string; auth: EclientAuthPayload | null }
  /** `message`: what to send and where (null: the payload did not parse). */
  | { type: 'sendMessage'; origin: string; message: SendMessagePayload | null }
  /** The group tool: the logged-in number's groups; one group's participants (`chatId` null: the payload did not parse). */
  | { type: 'fetchGroups'; origin: string }
  | { type: 'fetchGroupParticipants'; origin: string; chatId: string | null }
  /** The number check: the numbers to check, at most NUMBER_CHECK_BATCH E.164 digits (null: the payload did not parse). */
  | { type: 'checkNumbers'; origin: string; phones: string[] | null };

export type SenderInfo = { origin?: string | undefined; url?: string | undefined };

/** The sender page's origin, when it is an http(s) page. */
export const senderOrigin = (sender: SenderInfo): string | null => {
  const raw = sender.origin && sender.origin !== 'null' ? sender.origin : sender.url;
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/** A single chat's id from a phone written any way (`+1 (415) 555-0134`): its 5 to 20 digits. */
export const chatIdOfPhone = (phone: string): string | null => {
  if (/[^0-9+\-\s().]/.test(phone)) return null;
  const digits = phone.replace(/\D/g, '');
  return /^[0-9]{5,20}$/.test(digits) ? `${digits}@c.us` : null;
};

const startChatTarget = (payload: unknown): string | null => {
  const parsed = startChatPayload.safeParse(payload);
  if (!parsed.success) return null;
  const { chatWhatsappId, phone } = parsed.data;
  if (chatWhatsappId !== undefined && CHAT_ID_PATTERN.test(chatWhatsappId)) return chatWhatsappId;
  return phone !== undefined ? chatIdOfPhone(phone) : null;
};

/** The request a message makes, or null when the message is to be ignored. */
export const routePageMessage = (message: unknown, sender: SenderInfo): PageRequest | null => {
  const origin = senderOrigin(sender);
  if (!origin) return null;
  const parsed = extensionMessage.safeParse(message);
  if (!parsed.success) return null;
  const { type, payload } = parsed.data;
  switch (type) {
    case 'fetchLoginInfo': {
      const user = loginInfoPayload.safeParse(payload);
      return { type, origin, user: user.success ? user.data : null };
    }
    case 'fetchChatsSync': {
      const sync = chatsSyncPayload.safeParse(payload);
      return { type, origin, start: sync.success && sync.data.isSyncData };
    }
    case 'startChat':
      return { type, origin, chatId: startChatTarget(payload) };
    case 'eclientAuth': {
      const auth = eclientAuthPayload.safeParse(payload);
      const usable = auth.success && auth.data.accessToken !== '' && auth.data.refreshToken !== '' && auth.data.expiresIn > 0;
      return { type, origin, auth: usable ? auth.data : null };
    }
    case 'fetchChatsSyncInfo':
    case 'loginGuidance':
    case 'activateChatWebTab':
    case 'findConfigInfo':
      return { type, origin };
    case 'sendMessage': {
      const message = sendMessagePayload.safeParse(payload);
      return { type, origin, message: message.success ? message.data : null };
    }
    case 'fetchGroups':
      return { type, origin };
    case 'fetchGroupParticipants': {
      const group = groupParticipantsPayload.safeParse(payload);
      return { type, origin, chatId: group.success && CHAT_ID_PATTERN.test(group.data.chatWhatsappId) ? group.data.chatWhatsappId : null };
    }
    case 'checkNumbers': {
      const check = checkNumbersPayload.safeParse(payload);
      return { type, origin, phones: check.success ? check.data.phones : null };
    }
  }
};
