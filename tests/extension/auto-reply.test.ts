/**
 * The auto-reply decision, rule by rule, on a fake clock (times are built in the local time zone,
 * as the rules read them): the switch, the templates in force (status, effective dates and days,
 * effective groups), the matcher's choice, not for active chats, the interval, the delay, the quote,
 * archive and block, the variables, and the reply written into the account.
 */
import { describe, expect, it, vi } from 'vitest';
import { syncMessage, type SyncMessage } from '../../src/contract/chats';
import type { AutoReply, Effective } from '../../src/contract/templates';
import {
  ACTIVE_CHAT_MINUTES,
  autoReplyKey,
  cachedMatcher,
  decideAutoReply,
  intervalAllows,
  isActiveChat,
  isEffectiveAt,
  localDay,
  reachesChat,
  replyKey,
  sendAutoReply,
  variableValues,
  type DecisionInput,
} from '../../extension/src/auto-reply';
import { generateAccount, mergeAccount } from '../../extension/src/chat-data';
import { incomingMessage, newAccountRecord, sentMessage } from '../../extension/src/chat-page/actions';
import type { PendingReply } from '../../extension/src/state';

/** Thursday 1 May 2025, 10:00 local time. */
const at = (day = 1, hour = 10, minute = 0, month = 5) => new Date(2025, month - 1, day, hour, minute).getTime();
const MINUTE = 60_000;

const account = mergeAccount(generateAccount('14155550100', at(1, 0)), [], []);
const single = account.chats.find((c) => !c.isGroup && !c.name.startsWith('+') && c.lang === 'en')!;
const group = account.chats.find((c) => c.isGroup)!;

const template = (over: Partial<AutoReply> = {}): AutoReply => ({
  id: 't-price',
  name: 'Price',
  type: 'keyword',
  keywords: ['price'],
  matchMode: 'fuzzy',
  reply: 'Hello {firstName}, our prices are on the way.',
  effective: { kind: 'always' },
  effectiveGroups: 'all',
  archiveAfterReply: false,
  notForActiveChats: false,
  quoteWhenReplying: false,
  blockSender: false,
  intervalMinutes: 0,
  delaySeconds: 0,
  status: 'active',
  updatedAt: 1,
  ...over,
});

const incoming = (text: string, time = at(), chat = single, id = 'IN1'): SyncMessage => incomingMessage(chat, text, 0, time, id);

const input = (over: Partial<DecisionInput> = {}): DecisionInput => ({
  enabled: true,
  templates: [template()],
  chat: single,
  incoming: incoming('What is the price?'),
  chatMessages: [],
  details: {},
  flags: undefined,
  lastReplies: {},
  now: at(),
  matcherFor: cachedMatcher(),
  ...over,
});

const decide = (over: Partial<DecisionInput> = {}) => decideAutoReply(input(over));
const reply = (over: Partial<DecisionInput> = {}): PendingReply => {
  const decision = decide(over);
  if (decision.kind !== 'reply') throw new Error(`no reply: ${decision.reason}`);
  return decision.reply;
};

describe('auto reply: who is answered', () => {
  it('answers a matching incoming message when the member’s switch is on', () => {
    expect(reply()).toMatchObject({ chatId: single.chatWhatsappId, templateId: 't-price', incomingKey: incoming('x').msgKey, dueAt: at() });
  });

  it('answers nothing with the switch off, to the number’s own messages, or in a blocked chat', () => {
    expect(decide({ enabled: false })).toEqual({ kind: 'skip', reason: 'switchOff' });
    expect(decide({ incoming: sentMessage(single.chatWhatsappId, 'price', at(), 'OUT') })).toEqual({ kind: 'skip', reason: 'fromMe' });
    expect(decide({ flags: { blocked: true } })).toEqual({ kind: 'skip', reason: 'blocked' });
    expect(decide({ flags: { archived: true } }).kind).toBe('reply');
  });

  it('lets the one matcher choose: keyword templates in order, then the reply-all template; paused ones never', () => {
    const replyAll = template({ id: 't-all', type: 'replyAll', keywords: [], reply: 'Thanks for writing.' });
    const exact = template({ id: 't-hi', keywords: ['hi'], matchMode: 'exact', reply: 'Hi!' });
    const templates = [replyAll, exact, template()];
    expect(reply({ templates }).templateId).toBe('t-price');
    expect(reply({ templates, incoming: incoming('  HI ') }).templateId).toBe('t-hi');
    expect(reply({ templates, incoming: incoming('hi there') }).templateId).toBe('t-all');
    expect(decide({ templates: [exact], incoming: incoming('hi there') })).toEqual({ kind: 'skip', reason: 'noTemplate' });
    expect(decide({ templates: [template({ status: 'paused' })] })).toEqual({ kind: 'skip', reason: 'noTemplate' });
    expect(decide({ templates: [] })).toEqual({ kind: 'skip', reason: 'noTemplate' });
  });

  it('compiles the matcher once per set of templates in force', () => {
    const compile = vi.fn((templates: readonly AutoReply[]) => ({ match: () => templates[0] ?? null }));
    const matcherFor = cachedMatcher(compile);
    const templates = [template()];
    decide({ templates, matcherFor });
    decide({ templates, matcherFor, incoming: incoming('another price', at(), single, 'IN2') });
    expect(compile).toHaveBeenCalledTimes(1);
    decide({ templates: [template({ updatedAt: 2 })], matcherFor });
    expect(compile).toHaveBeenCalledTimes(2);
  });
});

describe('auto reply: effective dates, days and groups (local time)', () => {
  it('reads local calendar days', () => {
    expect(localDay(at(1, 0, 0))).toBe('2025-05-01');
    expect(localDay(at(1, 23, 59))).toBe('2025-05-01');
    expect(localDay(at(2, 0, 0))).toBe('2025-05-02');
  });

  it('answers between two dates, both included, from the first minute of the first to the last of the last', () => {
    const dates = { kind: 'dates', from: '2025-05-01', to: '2025-05-03' } as const;
    expect(isEffectiveAt(dates, at(1, 0, 0))).toBe(true);
    expect(isEffectiveAt(dates, at(3, 23, 59))).toBe(true);
    expect(isEffectiveAt(dates, at(30, 23, 59, 4))).toBe(false);
    expect(isEffectiveAt(dates, at(4, 0, 0))).toBe(false);
    const templates = [template({ effective: dates })];
    expect(decide({ templates, incoming: incoming('price', at(3, 23, 59)), now: at(3, 23, 59) }).kind).toBe('reply');
    expect(decide({ templates, incoming: incoming('price', at(4, 0, 1)), now: at(4, 0, 1) })).toEqual({ kind: 'skip', reason: 'noTemplate' });
  });

  it('answers on the chosen days of the week only (0 is Sunday)', () => {
    const weekend: Effective = { kind: 'days', days: [0, 6] };
    expect(isEffectiveAt(weekend, at(3, 12))).toBe(true); // Saturday
    expect(isEffectiveAt(weekend, at(4, 23, 59))).toBe(true); // Sunday
    expect(isEffectiveAt(weekend, at(5, 0, 0))).toBe(false); // Monday
    expect(isEffectiveAt({ kind: 'days', days: [4] }, at(1))).toBe(true); // Thursday
    expect(isEffectiveAt({ kind: 'always' }, 0)).toBe(true);
    // A template out of its days lets the reply-all template answer in its place.
    const replyAll = template({ id: 't-all', type: 'replyAll', keywords: [] });
    expect(reply({ templates: [template({ effective: weekend }), replyAll] }).templateId).toBe('t-all');
  });

  it('answers all chats, single chats only or group chats only', () => {
    expect(reachesChat('all', single.chatWhatsappId) && reachesChat('all', group.chatWhatsappId)).toBe(true);
    expect(reachesChat('single', single.chatWhatsappId)).toBe(true);
    expect(reachesChat('single', group.chatWhatsappId)).toBe(false);
    expect(reachesChat('group', group.chatWhatsappId)).toBe(true);
    expect(reachesChat('group', single.chatWhatsappId)).toBe(false);
    const inGroup = { chat: group, incoming: incoming('price?', at(), group) };
    expect(decide({ ...inGroup, templates: [template({ effectiveGroups: 'single' })] })).toEqual({ kind: 'skip', reason: 'noTemplate' });
    expect(decide({ ...inGroup, templates: [template({ effectiveGroups: 'group' })] }).kind).toBe('reply');
  });
});

describe('auto reply: active chats and the interval', () => {
  const mine = (minutesBefore: number, id = 'M') => sentMessage(single.chatWhatsappId, 'Let me check', at() - minutesBefore * MINUTE, id);

  it(`leaves a chat where the number wrote in the last ${ACTIVE_CHAT_MINUTES} minutes, if the template says so`, () => {
    const templates = [template({ notForActiveChats: true })];
    expect(decide({ templates, chatMessages: [mine(ACTIVE_CHAT_MINUTES - 1)] })).toEqual({ kind: 'skip', reason: 'activeChat', templateId: 't-price' });
    expect(decide({ templates, chatMessages: [mine(ACTIVE_CHAT_MINUTES)] }).kind).toBe('reply');
    expect(decide({ chatMessages: [mine(1)] }).kind).toBe('reply');
    // The contact's own messages, and the number's automatic ones, do not make a chat active.
    expect(decide({ templates, chatMessages: [incoming('hello', at() - MINUTE, single, 'IN0')] }).kind).toBe('reply');
    const auto = mine(1, 'AUTO');
    expect(isActiveChat([auto], { [auto.msgKey]: { via: 'autoReply' } }, at())).toBe(false);
    expect(isActiveChat([auto], { [auto.msgKey]: { via: 'schedule' } }, at())).toBe(false);
    expect(isActiveChat([auto], { [auto.msgKey]: { via: 'workspace' } }, at())).toBe(true);
    // A message written after the incoming one is not looked at.
    expect(isActiveChat([mine(-1)], {}, at())).toBe(false);
  });

  it('answers a chat once per template with interval 0', () => {
    const key = replyKey(single.chatWhatsappId, 't-price');
    expect(intervalAllows(0, undefined, at())).toBe(true);
    expect(intervalAllows(0, at() - 365 * 24 * 60 * MINUTE, at())).toBe(false);
    expect(decide({ lastReplies: { [key]: at(1, 9) } })).toEqual({ kind: 'skip', reason: 'interval', templateId: 't-price' });
    // Another chat, or another template, is answered.
    expect(decide({ lastReplies: { [replyKey(group.chatWhatsappId, 't-price')]: at(1, 9) } }).kind).toBe('reply');
  });

  it('answers at most once every N minutes, counted from the last reply', () => {
    const key = replyKey(single.chatWhatsappId, 't-price');
    const templates = [template({ intervalMinutes: 30 })];
    expect(decide({ templates, lastReplies: { [key]: at() - 29 * MINUTE } })).toMatchObject({ kind: 'skip', reason: 'interval' });
    expect(decide({ templates, lastReplies: { [key]: at() - 30 * MINUTE } }).kind).toBe('reply');
    // A reply still waiting for its delay (its time is ahead) holds the next one back.
    expect(decide({ templates, lastReplies: { [key]: at() + MINUTE } })).toMatchObject({ kind: 'skip', reason: 'interval' });
  });
});

describe('auto reply: the reply', () => {
  it('goes the delay after the message arrived, and never in the past', () => {
    const templates = [template({ delaySeconds: 45 })];
    expect(reply({ templates }).dueAt).toBe(at() + 45_000);
    // Looked at late (the page was reloaded): the delay still counts from the arrival.
    expect(reply({ templates, now: at() + 10_000 }).dueAt).toBe(at() + 45_000);
    expect(reply({ templates, now: at() + 60_000 }).dueAt).toBe(at() + 60_000);
  });

  it('fills in the variables: first name, saved name, group name', () => {
    const firstName = single.name.split(' ')[0]!;
    expect(reply().text).toBe(`Hello ${firstName}, our prices are on the way.`);
    const groupTemplate = template({ reply: '{firstName} / {savedName} / {groupName}' });
    const message = incoming('price', at(), group);
    expect(reply({ templates: [groupTemplate], chat: group, incoming: message }).text).toBe(`${message.senderName!.split(' ')[0]} / ${message.senderName} / ${group.name}`);
    expect(variableValues({ chatWhatsappId: '8613912345678@c.us', name: '王芳' }, incoming('x'))).toEqual({ firstName: '芳', savedName: '王芳', groupName: '' });
    // A chat known only by its number has no names.
    expect(variableValues({ chatWhatsappId: '14155550999@c.us', name: '+14155550999' }, incoming('x'))).toEqual({ firstName: '', savedName: '', groupName: '' });
  });

  it('quotes the message, archives the chat and blocks the sender when the template says so', () => {
    const plain = reply();
    expect(plain).toMatchObject({ quote: null, archive: false, block: false });
    const message = incoming('What is the price?');
    const full = reply({ templates: [template({ quoteWhenReplying: true, archiveAfterReply: true, blockSender: true })], incoming: message });
    expect(full).toMatchObject({ quote: { msgKey: message.msgKey, text: 'What is the price?', senderName: null, fromMe: false }, archive: true, block: true });
  });

  it('is written as a message from the number, with its detail and the chat’s new flags, once', () => {
    const full = reply({ templates: [template({ quoteWhenReplying: true, archiveAfterReply: true, blockSender: true })] });
    const record = sendAutoReply(newAccountRecord(at(1, 0)), full, at() + 1);
    const [message] = record.extraMessages;
    expect(syncMessage.safeParse(message).success).toBe(true);
    expect(message).toMatchObject({ fromMe: true, type: 'chat', text: full.text, sendTime: at() + 1, msgKey: autoReplyKey(full), chatWhatsappId: single.chatWhatsappId });
    expect(record.details?.[message!.msgKey]).toEqual({ via: 'autoReply', templateId: 't-price', quote: full.quote });
    expect(record.chatFlags?.[single.chatWhatsappId]).toEqual({ archived: true, blocked: true });
    // Written again (after a reload) it is not added twice; a blocked chat gets no further reply.
    expect(sendAutoReply(record, full, at() + 2)).toBe(record);
    expect(sendAutoReply(record, { ...reply(), incomingKey: 'other' }, at() + 3)).toBe(record);
    const plain = sendAutoReply(newAccountRecord(at(1, 0)), reply(), at());
    expect(plain.chatFlags).toBeUndefined();
  });
});
