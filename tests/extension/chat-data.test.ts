/** The simulated chat service's data: repeatable from the number, valid for the upload, every type present. */
import { describe, expect, it } from 'vitest';
import { CHAT_ID_PATTERN, MAX_CHAT_FILE_BYTES, messageTypes, syncMessage } from '../../src/contract/chats';
import { GROUP_CHATS, GUARANTEED_TYPES, SINGLE_CHATS, UNKNOWN_TYPE, generateAccount, langOfPhone, mergeAccount, messagesOf, sortChats } from '../../extension/src/chat-data';
import { createRandom } from '../../extension/src/random';

const ANCHOR = Date.UTC(2025, 4, 1, 12, 0, 0);

describe('generated chat data', () => {
  it('is the same for the same number and anchor, and differs for another number', () => {
    const a = generateAccount('14155550100', ANCHOR);
    const b = generateAccount('14155550100', ANCHOR);
    expect(b).toEqual(a);
    const other = generateAccount('971501234567', ANCHOR);
    expect(other.chats.map((c) => c.chatWhatsappId)).not.toEqual(a.chats.map((c) => c.chatWhatsappId));
    expect(other.messages.map((m) => m.msgKey)).not.toEqual(a.messages.map((m) => m.msgKey));
  });

  it('moves only the times when the anchor moves', () => {
    const a = generateAccount('8613800138000', ANCHOR);
    const later = generateAccount('8613800138000', ANCHOR + 86_400_000);
    expect(later.chats).toEqual(a.chats);
    expect(later.messages.map((m) => ({ ...m, sendTime: m.sendTime - 86_400_000 }))).toEqual(a.messages);
  });

  it('has single chats and groups with valid, distinct ids, never the own number', () => {
    const number = '447700900123';
    const { chats } = generateAccount(number, ANCHOR);
    expect(chats.filter((c) => !c.isGroup)).toHaveLength(SINGLE_CHATS);
    expect(chats.filter((c) => c.isGroup)).toHaveLength(GROUP_CHATS);
    for (const chat of chats) {
      expect(chat.chatWhatsappId).toMatch(CHAT_ID_PATTERN);
      expect(chat.chatWhatsappId.endsWith(chat.isGroup ? '@g.us' : '@c.us')).toBe(true);
      if (chat.isGroup) {
        expect(chat.chatWhatsappId).toMatch(/^[0-9]+-[0-9]+@g\.us$/);
        expect(chat.members.length).toBeGreaterThan(0);
      }
    }
    expect(new Set(chats.map((c) => c.chatWhatsappId)).size).toBe(chats.length);
    expect(chats.some((c) => c.chatWhatsappId === `${number}@c.us`)).toBe(false);
    // Names are unique among single chats (they become leads, unique per member).
    const names = chats.filter((c) => !c.isGroup).map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('names people in English, Chinese and Arabic', () => {
    const { chats } = generateAccount('14155550100', ANCHOR);
    expect(chats.some((c) => /^[A-Za-z]+ [A-Za-z]+$/.test(c.name))).toBe(true);
    expect(chats.some((c) => /\p{Script=Han}/u.test(c.name))).toBe(true);
    expect(chats.some((c) => /\p{Script=Arabic}/u.test(c.name))).toBe(true);
  });

  it('contains every recognised message type, one unknown type, and a file over 16 MB', () => {
    for (const number of ['14155550100', '97150123456', '12345']) {
      const { messages } = generateAccount(number, ANCHOR);
      const types = new Set(messages.map((m) => m.type));
      for (const type of [...messageTypes, UNKNOWN_TYPE]) expect(types, `${number} lacks ${type}`).toContain(type);
      expect(GUARANTEED_TYPES).toEqual([...messageTypes, UNKNOWN_TYPE]);
      expect(messages.some((m) => m.type === 'document' && (m.fileSize ?? 0) > MAX_CHAT_FILE_BYTES)).toBe(true);
    }
  });

  it('gives each type its meta, and every message parses as an upload message', () => {
    const { chats, messages } = generateAccount('14155550100', ANCHOR);
    const ofType = (type: string) => messages.filter((m) => m.type === type);
    expect(ofType('location').every((m) => m.meta?.location && typeof m.meta.location.lat === 'number')).toBe(true);
    expect(ofType('vcard').every((m) => m.meta?.vcard && m.meta.vcard.phones.length > 0)).toBe(true);
    expect(ofType('poll_creation').every((m) => (m.meta?.poll?.options.length ?? 0) >= 2)).toBe(true);
    expect(ofType('order').every((m) => m.meta?.order && m.meta.order.itemCount > 0)).toBe(true);
    expect(ofType('payment').every((m) => m.meta?.payment && m.meta.payment.amount > 0)).toBe(true);
    expect(ofType('interactive').every((m) => (m.meta?.interactive?.buttons.length ?? 0) > 0)).toBe(true);
    expect(ofType('ptt').every((m) => typeof m.meta?.durationSec === 'number')).toBe(true);
    expect(ofType('revoked').every((m) => m.text === null)).toBe(true);
    for (const m of messages) expect(syncMessage.safeParse(m).success, m.msgKey).toBe(true);
    // Keys are unique; group messages from others name their sender, single chats never do.
    expect(new Set(messages.map((m) => m.msgKey)).size).toBe(messages.length);
    const groups = new Set(chats.filter((c) => c.isGroup).map((c) => c.chatWhatsappId));
    for (const m of messages) expect(m.senderName !== null).toBe(groups.has(m.chatWhatsappId) && !m.fromMe);
    // Every message is before the anchor.
    expect(Math.max(...messages.map((m) => m.sendTime))).toBeLessThan(ANCHOR);
  });

  it('merges the chats and messages made on the chat page, newest activity first', () => {
    const generated = generateAccount('14155550100', ANCHOR);
    const newChat = { chatWhatsappId: '8613912345678@c.us', name: '+8613912345678', isGroup: false };
    const sent = { ...generated.messages[0]!, chatWhatsappId: newChat.chatWhatsappId, msgKey: 'true_x_1', sendTime: ANCHOR + 1000 };
    const merged = mergeAccount(generated, [newChat], [sent]);
    expect(merged.chats).toHaveLength(generated.chats.length + 1);
    expect(merged.chats[0]!.chatWhatsappId).toBe(newChat.chatWhatsappId);
    expect(merged.chats[0]!.lang).toBe('zh');
    expect(messagesOf(merged.messages, newChat.chatWhatsappId)).toEqual([sent]);
    const order = sortChats(merged.chats, merged.messages).map((s) => s.last?.sendTime ?? 0);
    expect([...order].sort((a, b) => b - a)).toEqual(order);
    // A message of a chat the account does not have is left out.
    const stray = { ...sent, chatWhatsappId: '19998887777@c.us', msgKey: 'true_y_1' };
    expect(mergeAccount(generated, [], [stray]).messages).toHaveLength(generated.messages.length);
  });

  it('reads a new chat’s language from its country code', () => {
    expect(langOfPhone('8613800138000@c.us')).toBe('zh');
    expect(langOfPhone('971501234567@c.us')).toBe('ar');
    expect(langOfPhone('14155550100@c.us')).toBe('en');
  });
});

describe('seeded random', () => {
  it('repeats its sequence for a seed and stays within bounds', () => {
    const a = createRandom('seed');
    const b = createRandom('seed');
    const first = Array.from({ length: 50 }, () => a.int(3, 7));
    expect(Array.from({ length: 50 }, () => b.int(3, 7))).toEqual(first);
    expect(first.every((n) => n >= 3 && n <= 7)).toBe(true);
    expect(new Set(first).size).toBeGreaterThan(1);
    expect(createRandom('other').digits(12)).not.toBe(createRandom('seed').digits(12));
    expect(createRandom('x').hex(16)).toMatch(/^[0-9a-f]{16}$/);
    expect(() => createRandom('x').pick([])).toThrow();
  });
});
