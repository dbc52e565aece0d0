/**
 * The pure parts of an upload (server/chats/upload.ts planUpload, server/chats/leads.ts
 * planChatLeads and candidateName): what a batch does to stored chats, and what touched single
 * chats do to the member's leads, without a database.
 */
import { describe, expect, it } from 'vitest';
import { candidateName, chatPhone, planChatLeads, type ChatForLead, type LeadState } from '../../server/chats/leads';
import { planUpload, type ExistingChat } from '../../server/chats/upload';

const ids = () => {
  let n = 0;
  return () => `new-${++n}`;
};
const stored = (chatWhatsappId: string, extra: Partial<ExistingChat> = {}): [string, ExistingChat] => [
  chatWhatsappId,
  { id: `row-${chatWhatsappId}`, chatWhatsappId, name: 'Old', avatarUrl: 'https://a', isDel: false, ...extra },
];
const msg = (chatWhatsappId: string) => ({ chatWhatsappId, msgKey: 'k', sendTime: 1, fromMe: true, type: 'chat' });

describe('planUpload', () => {
  it('inserts new chats, updates only changed ones, keeps the last entry of a repeated chat, and finds messages’ chats', () => {
    const existing = new Map([stored('1@c.us'), stored('2@c.us'), stored('3@c.us')]);
    const plan = planUpload(
      {
        chats: [
          { chatWhatsappId: '1@c.us', name: 'Old', isDel: false },
          { chatWhatsappId: '2@c.us', name: 'Renamed', isDel: false },
          { chatWhatsappId: '9@c.us', name: 'First', isDel: false },
          { chatWhatsappId: '9@c.us', name: 'Second', isDel: true },
        ],
        messages: [msg('3@c.us'), msg('9@c.us'), msg('7@c.us'), msg('7@c.us')],
      },
      existing,
      ids(),
    );
    expect(plan.inserts).toEqual([{ id: 'new-1', chat: { chatWhatsappId: '9@c.us', name: 'Second', isDel: true } }]);
    expect(plan.updates).toEqual([{ id: 'row-2@c.us', name: 'Renamed', avatarUrl: 'https://a', isDel: false }]);
    expect(Object.fromEntries(plan.rowIds)).toEqual({ '1@c.us': 'row-1@c.us', '2@c.us': 'row-2@c.us', '9@c.us': 'new-1', '3@c.us': 'row-3@c.us' });
    expect(plan.unknownChats).toEqual(['7@c.us']);
  });

  it('keeps a stored avatar when the batch has none, clears it on null, and sees a deletion as a change', () => {
    const existing = new Map([stored('1@c.us'), stored('2@c.us'), stored('3@c.us')]);
    const plan = planUpload(
      {
        chats: [
          { chatWhatsappId: '1@c.us', name: 'Old', isDel: false },
          { chatWhatsappId: '2@c.us', name: 'Old', avatarUrl: null, isDel: false },
          { chatWhatsappId: '3@c.us', name: 'Old', isDel: true },
        ],
        messages: [],
      },
      existing,
    );
    expect(plan.updates.map((u) => [u.id, u.avatarUrl, u.isDel])).toEqual([
      ['row-2@c.us', null, false],
      ['row-3@c.us', 'https://a', true],
    ]);
  });
});

const chat = (id: string, phoneDigits: string, extra: Partial<ChatForLead> = {}): ChatForLead => ({
  id,
  chatWhatsappId: `${phoneDigits}@c.us`,
  name: `Chat ${id}`,
  leadId: null,
  isDel: false,
  lastMessageAt: 1000,
  lastMessageFromMe: false,
  ...extra,
});
const lead = (id: string, extra: Partial<LeadState> = {}): LeadState => ({ id, lastMessageAt: null, awaitingReply: false, isClosed: false, ...extra });

describe('planChatLeads', () => {
  it('matches a chat to a lead by phone, makes one lead per new phone from its newest chat, skips deleted chats', () => {
    const byKey = new Map([['+4915112345678', lead('L1', { lastMessageAt: 500 })]]);
    const plan = planChatLeads(
      [
        chat('a', '4915112345678'),
        chat('b', '447700900001', { lastMessageAt: 10, name: 'Older' }),
        chat('c', '447700900001', { lastMessageAt: 20, name: 'Newer', lastMessageFromMe: true }),
        chat('d', '447700900002', { isDel: true }),
      ],
      new Map(),
      byKey,
    );
    expect(plan.links).toEqual([{ chatId: 'a', leadId: 'L1' }]);
    expect(plan.updates).toEqual([{ leadId: 'L1', lastMessageAt: 1000, awaitingReply: true }]);
    expect(plan.creates).toEqual([{ phone: '+447700900001', phoneKey: '+447700900001', chat: expect.objectContaining({ id: 'c', name: 'Newer' }), chatIds: ['b', 'c'] }]);
  });

  it('updates a linked lead only forward in time, never awaits a reply on a closed lead, and leaves an unchanged lead alone', () => {
    const byId = new Map([
      ['newer', lead('newer', { lastMessageAt: 5000, awaitingReply: true })],
      ['closed', lead('closed', { lastMessageAt: 10, isClosed: true })],
      ['same', lead('same', { lastMessageAt: 1000, awaitingReply: true })],
    ]);
    const plan = planChatLeads(
      [chat('x', '1', { leadId: 'newer', lastMessageFromMe: true }), chat('y', '2', { leadId: 'closed' }), chat('z', '3', { leadId: 'same' }), chat('w', '4', { leadId: 'gone' })],
      byId,
      new Map(),
    );
    expect(plan.updates).toEqual([{ leadId: 'closed', lastMessageAt: 1000, awaitingReply: false }]);
    expect([plan.links, plan.creates]).toEqual([[], []]);
  });
});

describe('lead names and phones from chats', () => {
  it('tries the chat’s name, then with the phone, then numbered, within 100 characters; a nameless chat is its phone', () => {
    expect(candidateName(' Alice ', '+4915112345678', 0)).toBe('Alice');
    expect(candidateName('Alice', '+4915112345678', 1)).toBe('Alice (+4915112345678)');
    expect(candidateName('Alice', '+4915112345678', 3)).toBe('Alice (+4915112345678) 3');
    expect(candidateName('   ', '+4915112345678', 0)).toBe('+4915112345678');
    const long = '名'.repeat(150);
    expect(Array.from(candidateName(long, '+4915112345678', 0))).toHaveLength(100);
    expect(Array.from(candidateName(long, '+4915112345678', 2))).toHaveLength(100);
    expect(candidateName(long, '+4915112345678', 2).endsWith(' (+4915112345678) 2')).toBe(true);
  });

  it('reads a single chat’s phone from its id, digits only, at most 40 characters', () => {
    expect(chatPhone('4915112345678@c.us')).toBe('+4915112345678');
    expect(chatPhone('49-151-1234@c.us')).toBe('+491511234');
    expect(chatPhone(`${'9'.repeat(60)}@c.us`)).toHaveLength(40);
  });
});
