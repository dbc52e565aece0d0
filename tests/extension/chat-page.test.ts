/** The chat page's pure parts: input reading, the counterpart, new chats, message display, links, texts. */
import { describe, expect, it } from 'vitest';
import { MAX_CHAT_FILE_BYTES, messageTypes, syncMessage, type SyncMessage } from '../../src/contract/chats';
import { counterpartAnswers, generateAccount, mergeAccount, UNKNOWN_TYPE } from '../../extension/src/chat-data';
import { chatPageHash, parseChatPageHash } from '../../extension/src/chat-page-link';
import { addMessage, answeredCount, counterpartMessage, incomingMessage, newAccountRecord, openOrMakeChat, readNumber, readOrigin, sentMessage } from '../../extension/src/chat-page/actions';
import { whoChanged } from '../../extension/src/chat-page/executors';
import { describeMessage, formatFileSize, previewOf, safeLink } from '../../extension/src/chat-page/format';
import { pageTexts, pickLocale } from '../../extension/src/chat-page/texts';

const ANCHOR = Date.UTC(2025, 4, 1);
const t = pageTexts.en;

describe('chat page input', () => {
  it('reads a number of 5 to 20 digits written with spaces, dashes, brackets or a plus', () => {
    expect(readNumber('+1 (415) 555-0100')).toBe('14155550100');
    expect(readNumber('12345')).toBe('12345');
    expect(readNumber('1234')).toBeNull();
    expect(readNumber('1'.repeat(21))).toBeNull();
    expect(readNumber('phone 12345')).toBeNull();
    expect(readNumber('')).toBeNull();
  });

  it('reads a workspace address as its origin', () => {
    expect(readOrigin('http://127.0.0.1:8787/crm/v2/home')).toBe('http://127.0.0.1:8787');
    expect(readOrigin(' https://crm.example.com ')).toBe('https://crm.example.com');
    expect(readOrigin('javascript:alert(1)')).toBeNull();
    expect(readOrigin('crm.example.com')).toBeNull();
  });
});

describe('chat page actions', () => {
  const generated = generateAccount('14155550100', ANCHOR);
  const account = mergeAccount(generated, [], []);
  const single = account.chats.find((c) => !c.isGroup)!;
  const group = account.chats.find((c) => c.isGroup)!;

  it('sends a message as a valid upload message, and the counterpart answers in the chat’s language', () => {
    const sent = sentMessage(single.chatWhatsappId, 'Hello there', ANCHOR, 'ABC');
    expect(syncMessage.safeParse(sent).success).toBe(true);
    expect(sent).toMatchObject({ fromMe: true, type: 'chat', text: 'Hello there', msgKey: `true_${single.chatWhatsappId}_ABC` });
    let record = addMessage(newAccountRecord(ANCHOR), sent);
    const answer = counterpartMessage(single, answeredCount(record, single.chatWhatsappId), ANCHOR + 1, 'DEF');
    expect(answer).toMatchObject({ fromMe: false, text: counterpartAnswers[single.lang][0], senderName: null });
    record = addMessage(record, answer);
    expect(answeredCount(record, single.chatWhatsappId)).toBe(1);
    expect(counterpartMessage(single, 1, ANCHOR, 'G').text).toBe(counterpartAnswers[single.lang][1]);
    // In a group one of its members answers.
    expect(group.members).toContain(counterpartMessage(group, 0, ANCHOR, 'H').senderName);
  });

  it('makes the contact write a message (the simulate control): from the contact, in a group from its members in turn', () => {
    const received = incomingMessage(single, 'Is it in stock?', 0, ANCHOR, 'IN1');
    expect(syncMessage.safeParse(received).success).toBe(true);
    expect(received).toMatchObject({ fromMe: false, type: 'chat', text: 'Is it in stock?', senderName: null, msgKey: `false_${single.chatWhatsappId}_IN1` });
    expect(incomingMessage(group, 'a', 0, ANCHOR, 'G1').senderName).toBe(group.members[0]);
    expect(incomingMessage(group, 'b', 1, ANCHOR, 'G2').senderName).toBe(group.members[1 % group.members.length]);
    expect(incomingMessage(single, 'x'.repeat(5000), 0, ANCHOR, 'L').text).toHaveLength(4096);
  });

  it('opens an existing chat, makes a single chat for a new number, and finds no unknown group', () => {
    const record = newAccountRecord(ANCHOR);
    expect(openOrMakeChat(record, account, single.chatWhatsappId)).toEqual({ kind: 'open', record, chatId: single.chatWhatsappId });
    const made = openOrMakeChat(record, account, '8613912345678@c.us');
    expect(made).toMatchObject({ kind: 'open', chatId: '8613912345678@c.us' });
    expect(made.kind === 'open' && made.record.extraChats).toEqual([{ chatWhatsappId: '8613912345678@c.us', name: '+8613912345678', isGroup: false }]);
    expect(openOrMakeChat(record, account, '1234-1600000000@g.us')).toEqual({ kind: 'notFound' });
    expect(openOrMakeChat(record, account, 'nonsense')).toEqual({ kind: 'notFound' });
  });
});

describe('message display', () => {
  const { messages } = generateAccount('14155550100', ANCHOR);
  const first = (type: string) => messages.find((m) => m.type === type)!;

  it('labels every type, shows a generic bubble for others, and a placeholder for files over 16 MB', () => {
    for (const type of messageTypes) expect(describeMessage(first(type), t, 'en'), type).toBeTruthy();
    expect(describeMessage(first('chat'), t, 'en')).toMatchObject({ label: null, text: first('chat').text, tooLarge: false });
    expect(describeMessage(first('revoked'), t, 'en')).toMatchObject({ label: t.deleted, text: null });
    expect(describeMessage(first(UNKNOWN_TYPE), t, 'en').label).toBe(t.unsupported(UNKNOWN_TYPE));
    const huge = messages.find((m) => m.type === 'document' && (m.fileSize ?? 0) > MAX_CHAT_FILE_BYTES)!;
    expect(describeMessage(huge, t, 'en')).toMatchObject({ label: t.document, tooLarge: true });
    expect(describeMessage(first('location'), t, 'en').details.join(' ')).toMatch(/\d+\.\d{4}, -?\d+\.\d{4}/);
    expect(describeMessage(first('poll_creation'), t, 'en').details.length).toBeGreaterThanOrEqual(2);
    expect(describeMessage(first('interactive'), t, 'en').buttons.length).toBeGreaterThan(0);
    expect(describeMessage(first('vcard'), t, 'en').details[0]).toBe(first('vcard').meta!.vcard!.displayName);
    expect(previewOf(first('image'), t, 'en').startsWith(t.photo)).toBe(true);
  });

  it('writes file sizes in bytes, kB, MB, GB and over 1 TB', () => {
    expect(formatFileSize(999)).toBe('999 B');
    expect(formatFileSize(1500)).toBe('1.5 kB');
    expect(formatFileSize(17_000_000)).toBe('17.0 MB');
    expect(formatFileSize(2_500_000_000)).toBe('2.5 GB');
    expect(formatFileSize(2e12)).toBe('over 1 TB');
  });

  it('makes links of http(s) addresses only', () => {
    expect(safeLink('http://127.0.0.1:8787/files/a?sig=1')).toBe('http://127.0.0.1:8787/files/a?sig=1');
    expect(safeLink('https://store.example.com/b/c.png')).toBe('https://store.example.com/b/c.png');
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeLink('not a url')).toBeNull();
    expect(safeLink(undefined)).toBeNull();
  });

  it('keeps text as given (the view writes it as text, never markup)', () => {
    const m: SyncMessage = { ...first('chat'), text: '<img src=x onerror=alert(1)>' };
    expect(describeMessage(m, t, 'en').text).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('chat page link and texts', () => {
  it('carries the chat or guidance in the fragment, each request a new one', () => {
    const a = chatPageHash({ chat: '14155550134@c.us' }, 1);
    expect(a).not.toBe(chatPageHash({ chat: '14155550134@c.us' }, 2));
    expect(parseChatPageHash(a)).toEqual({ chat: '14155550134@c.us' });
    expect(parseChatPageHash(chatPageHash({ guidance: 'login' }, 3))).toEqual({ guidance: 'login' });
    expect(chatPageHash({}, 4)).toBe('');
    expect(parseChatPageHash('#chat=%3Cscript%3E&guidance=other')).toEqual({});
  });

  it('picks the language from ?lang=, then the browser, else English; all three have every text', () => {
    expect(pickLocale('ar', ['en-US'])).toBe('ar');
    expect(pickLocale(null, ['zh-TW', 'en'])).toBe('zh-CN');
    expect(pickLocale(null, ['fr-FR'])).toBe('en');
    const keys = Object.keys(pageTexts.en).sort();
    for (const locale of ['zh-CN', 'ar'] as const) {
      expect(Object.keys(pageTexts[locale]).sort()).toEqual(keys);
      // Every plain text is translated (the product name stays as it is).
      for (const key of keys as (keyof typeof pageTexts.en)[]) {
        const english = pageTexts.en[key];
        if (typeof english === 'string' && key !== 'crmHeading') expect(pageTexts[locale][key], `${locale} ${key}`).not.toBe(english);
      }
    }
  });
});

describe('chat page executors', () => {
  it('read the templates again for another member, workspace or number, not for a renewed token', () => {
    const session = { origin: 'http://127.0.0.1:8787', userId: 'u1', accessToken: 'a1' };
    expect(whoChanged(undefined)).toBe(false);
    expect(whoChanged({ oldValue: session, newValue: { ...session, accessToken: 'a2' } })).toBe(false);
    expect(whoChanged({ oldValue: session, newValue: { ...session, userId: 'u2' } })).toBe(true);
    expect(whoChanged({ oldValue: session, newValue: { ...session, origin: 'http://localhost:9000' } })).toBe(true);
    expect(whoChanged({ newValue: session })).toBe(true);
    expect(whoChanged({ oldValue: session })).toBe(true);
    expect(whoChanged({ oldValue: { number: '14155550100' }, newValue: { number: '14155550101' } })).toBe(true);
  });
});
