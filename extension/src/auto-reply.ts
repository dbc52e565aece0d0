/**
 * The auto-reply decision (SPEC §3 Auto reply, §4 Auto reply: active or paused, §6: the member's
 * switch), pure: given the member's templates and switch, one incoming message, its chat and what
 * the executor remembers, whether a reply goes out, which one, when, and what it does to the chat.
 * The chat page runs it (auto-reply-runner.ts) where incoming messages arrive.
 *
 * Rules, in order:
 * - the member's switch off, a message the number wrote itself, or a blocked chat: no reply;
 * - templates in force: active, effective at the message's time (always; between two dates, both
 *   included; or on days of the week, 0 Sunday; all in the browser's local time), and for the
 *   chat's kind (all, single or group chats);
 * - among them the one matcher (src/contract/keyword-match.ts) picks the template for the text;
 * - that template's "not for active chats": no reply in a chat where the number itself wrote in
 *   the last ACTIVE_CHAT_MINUTES (auto replies and scheduled sends do not count as writing);
 * - its interval: 0 answers a chat once; N at most once every N minutes (counted from the reply);
 *   a template held back by these two leaves the message unanswered (no other template stands in:
 *   the message is that template's);
 * - the reply goes `delaySeconds` after the message arrived, with the variables filled in, quoting
 *   the message when the template says so, then archives the chat or blocks its sender if asked.
 */
import { isGroupChatId, type SyncMessage } from '../../src/contract/chats';
import { compileMatcher } from '../../src/contract/keyword-match';
import type { AutoReply, Effective } from '../../src/contract/templates';
import { fillVariables } from '../../src/contract/variables';
import { messageKey } from './chat-data';
import { hashHex } from './random';
import type { AccountRecord, ChatFlags, MessageDetail, PendingReply, QuotedMessage } from './state';

/** "Not for active chats": the number wrote in this chat within this many minutes (SPEC leaves N open). */
export const ACTIVE_CHAT_MINUTES = 10;

const MINUTE = 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a time, as the template's dates are written (YYYY-MM-DD). */
export const localDay = (time: number): string => {
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Whether a template's effective setting covers a time (local dates and weekdays). */
export const isEffectiveAt = (effective: Effective, time: number): boolean => {
  switch (effective.kind) {
    case 'always':
      return true;
    case 'dates': {
      const day = localDay(time);
      return effective.from <= day && day <= effective.to;
    }
    case 'days':
      return effective.days.includes(new Date(time).getDay());
  }
};

/** Whether a template's effective groups reach a chat: all chats, single chats or group chats. */
export const reachesChat = (groups: AutoReply['effectiveGroups'], chatId: string): boolean =>
  groups === 'all' || (groups === 'group') === isGroupChatId(chatId);

/** Messages the number wrote without a person: they do not make a chat active. */
const isAutomated = (detail: MessageDetail | undefined) => detail?.via === 'autoReply' || detail?.via === 'schedule';

/** Whether the number itself wrote in the chat within the last `minutes` before `at`. */
export const isActiveChat = (
  chatMessages: readonly SyncMessage[],
  details: Readonly<Record<string, MessageDetail>>,
  at: number,
  minutes: number = ACTIVE_CHAT_MINUTES,
): boolean => chatMessages.some((m) => m.fromMe && m.sendTime <= at && at - m.sendTime < minutes * MINUTE && !isAutomated(details[m.msgKey]));

/** The executor's memory key of a template's last reply in a chat. */
export const replyKey = (chatId: string, templateId: string) => `${chatId}|${templateId}`;

/** The interval rule: 0 answers once; N at most once every N minutes since the last reply. */
export const intervalAllows = (intervalMinutes: number, last: number | undefined, at: number): boolean =>
  last === undefined || (intervalMinutes > 0 && at - last >= intervalMinutes * MINUTE);

export type Matcher = { match(text: string): AutoReply | null | undefined };
export type MatcherFor = (templates: readonly AutoReply[]) => Matcher;

/**
 * The matcher of a set of templates, compiled once per set (the templates in force change only with
 * the date, the weekday and the chat's kind, so a few sets cover a day).
 */
export const cachedMatcher = (compile: (templates: readonly AutoReply[]) => Matcher = compileMatcher, size = 16): MatcherFor => {
  const cache = new Map<string, Matcher>();
  return (templates) => {
    const key = templates.map((t) => `${t.id}@${t.updatedAt}`).join(',');
    let matcher = cache.get(key);
    if (!matcher) {
      matcher = compile(templates);
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
      cache.set(key, matcher);
    }
    return matcher;
  };
};

export type ReplyChat = { chatWhatsappId: string; name: string };

/**
 * The variables of a reply (SPEC §3: the contact's first name as on their account, their name as
 * saved on the phone, the group's name). The simulated service has one name per contact, the
 * saved one: its first word is the first name (a Chinese name, family name first, gives its given
 * name); a chat known only by its number has neither. In a group the contact is the member who wrote.
 */
export const variableValues = (chat: ReplyChat, incoming: SyncMessage): { firstName: string; savedName: string; groupName: string } => {
  const group = isGroupChatId(chat.chatWhatsappId);
  const contact = group ? (incoming.senderName ?? '') : chat.name.startsWith('+') ? '' : chat.name;
  const firstWord = contact.trim().split(/\s+/u)[0] ?? '';
  const firstName = /^\p{Script=Han}{2,}$/u.test(firstWord) ? firstWord.slice(1) : firstWord;
  return { firstName, savedName: contact, groupName: group ? chat.name : '' };
};

export type SkipReason = 'switchOff' | 'fromMe' | 'blocked' | 'noTemplate' | 'activeChat' | 'interval';

export type Decision = { kind: 'reply'; reply: PendingReply } | { kind: 'skip'; reason: SkipReason; templateId?: string };

export type DecisionInput = {
  /** The member's switch (SPEC §6: off by default). */
  enabled: boolean;
  templates: readonly AutoReply[];
  chat: ReplyChat;
  incoming: SyncMessage;
  /** The chat's messages (any order; those after the incoming one are not looked at). */
  chatMessages: readonly SyncMessage[];
  details: Readonly<Record<string, MessageDetail>>;
  flags: ChatFlags | undefined;
  lastReplies: Readonly<Record<string, number>>;
  now: number;
  matcherFor: MatcherFor;
};

const quoteOf = (m: SyncMessage): QuotedMessage => ({ msgKey: m.msgKey, text: m.text ?? null, senderName: m.senderName ?? null, fromMe: m.fromMe });

export const decideAutoReply = (input: DecisionInput): Decision => {
  const { incoming, chat } = input;
  if (!input.enabled) return { kind: 'skip', reason: 'switchOff' };
  if (incoming.fromMe) return { kind: 'skip', reason: 'fromMe' };
  if (input.flags?.blocked) return { kind: 'skip', reason: 'blocked' };
  const at = incoming.sendTime;
  const inForce = input.templates.filter((t) => t.status === 'active' && isEffectiveAt(t.effective, at) && reachesChat(t.effectiveGroups, chat.chatWhatsappId));
  const template = inForce.length === 0 ? null : input.matcherFor(inForce).match(incoming.text ?? '');
  if (!template) return { kind: 'skip', reason: 'noTemplate' };
  if (template.notForActiveChats && isActiveChat(input.chatMessages, input.details, at)) return { kind: 'skip', reason: 'activeChat', templateId: template.id };
  if (!intervalAllows(template.intervalMinutes, input.lastReplies[replyKey(chat.chatWhatsappId, template.id)], at)) {
    return { kind: 'skip', reason: 'interval', templateId: template.id };
  }
  return {
    kind: 'reply',
    reply: {
      chatId: chat.chatWhatsappId,
      templateId: template.id,
      incomingKey: incoming.msgKey,
      dueAt: Math.max(input.now, at + template.delaySeconds * 1000),
      text: fillVariables(template.reply, variableValues(chat, incoming)),
      quote: template.quoteWhenReplying ? quoteOf(incoming) : null,
      archive: template.archiveAfterReply,
      block: template.blockSender,
    },
  };
};

/** The message key of a reply: the same reply to the same message always has the same key. */
export const autoReplyKey = (reply: Pick<PendingReply, 'chatId' | 'templateId' | 'incomingKey'>): string =>
  messageKey(true, reply.chatId, `AR${hashHex(`${reply.incomingKey}|${reply.templateId}`)}`);

/**
 * The account with a due reply sent: the message (fromMe, like one written on the chat page), its
 * local detail (an auto reply, the quote), and the chat archived or blocked when the template says
 * so. A reply already there (written before a reload) is not added again; a chat blocked since is
 * not answered.
 */
export const sendAutoReply = (record: AccountRecord, reply: PendingReply, sendTime: number): AccountRecord => {
  const flags = record.chatFlags?.[reply.chatId];
  const key = autoReplyKey(reply);
  if (flags?.blocked || record.extraMessages.some((m) => m.msgKey === key)) return record;
  const message: SyncMessage = {
    chatWhatsappId: reply.chatId,
    msgKey: key,
    sendTime,
    fromMe: true,
    type: 'chat',
    text: reply.text,
    senderName: null,
    fileName: null,
    fileSize: null,
    mimeType: null,
    meta: null,
  };
  const detail: MessageDetail = { via: 'autoReply', templateId: reply.templateId, ...(reply.quote ? { quote: reply.quote } : {}) };
  const changedFlags = reply.archive || reply.block;
  return {
    ...record,
    extraMessages: [...record.extraMessages, message],
    details: { ...record.details, [key]: detail },
    ...(changedFlags
      ? { chatFlags: { ...record.chatFlags, [reply.chatId]: { ...flags, ...(reply.archive ? { archived: true } : {}), ...(reply.block ? { blocked: true } : {}) } } }
      : {}),
  };
};
