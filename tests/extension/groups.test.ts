/**
 * The simulated service's groups and participants (SPEC §2 assistant tools: the group tool), and
 * the service worker's fetchGroups / fetchGroupParticipants: deterministic from the number, made
 * of the number (admin), some of its contacts, the group's writers and unknown numbers; answered
 * only for a session of the asking page's origin with a number on the chat page.
 */
import { describe, expect, it } from 'vitest';
import { fetchGroupParticipantsReply, fetchGroupsReply } from '../../src/contract/extension';
import { generateAccount, mergeAccount, GROUP_CHATS } from '../../extension/src/chat-data';
import { newAccountRecord } from '../../extension/src/chat-page/actions';
import { allGroupParticipants, groupsOf, participantsOf } from '../../extension/src/groups';
import { handlePageRequest, type PageHandlerDeps } from '../../extension/src/page-handlers';
import { routePageMessage, type PageRequest } from '../../extension/src/routing';
import { createStore, memoryArea, type CrmSession } from '../../extension/src/state';

const NUMBER = '14155550100';
const ANCHOR = 1_750_000_000_000;
const origin = 'http://127.0.0.1:8787';
const session: CrmSession = { origin, accessToken: 'a', refreshToken: 'r', expiresAt: ANCHOR + 900_000, userId: 'u1', email: 'mia@example.test', workspaceId: 'w1' };
const account = generateAccount(NUMBER, ANCHOR);
const groups = account.chats.filter((c) => c.isGroup);
const singles = account.chats.filter((c) => !c.isGroup);
const phoneOf = (chatId: string) => chatId.split('@')[0]!;

describe('group participants of the simulated service', () => {
  it('come out the same for the same number and group, and differ for another number', () => {
    const group = groups[0]!;
    const first = participantsOf(NUMBER, account, group.chatWhatsappId);
    expect(first).not.toBeNull();
    expect(participantsOf(NUMBER, generateAccount(NUMBER, ANCHOR + 86_400_000), group.chatWhatsappId)).toEqual(first);
    const other = '8613800138000';
    const otherGroup = generateAccount(other, ANCHOR).chats.find((c) => c.isGroup)!;
    expect(participantsOf(other, generateAccount(other, ANCHOR), otherGroup.chatWhatsappId)!.map((p) => p.phone)).not.toEqual(first!.map((p) => p.phone));
  });

  it('are the number as admin, 2 to 4 of its contacts with their names, the group’s writers and 1 or 2 unknown numbers', () => {
    const contactNames = new Map(singles.map((c) => [phoneOf(c.chatWhatsappId), c.name]));
    for (const group of groups) {
      const participants = participantsOf(NUMBER, account, group.chatWhatsappId)!;
      expect(participants[0]).toEqual({ phone: NUMBER, name: null, isAdmin: true });
      const contacts = participants.filter((p) => contactNames.has(p.phone));
      expect(contacts.length).toBeGreaterThanOrEqual(2);
      expect(contacts.length).toBeLessThanOrEqual(4);
      for (const c of contacts) expect(c.name).toBe(contactNames.get(c.phone));
      const strangers = participants.slice(1).filter((p) => !contactNames.has(p.phone));
      expect(strangers.filter((p) => p.name !== null).map((p) => p.name)).toEqual(group.members);
      const unnamed = strangers.filter((p) => p.name === null).length;
      expect(unnamed).toBeGreaterThanOrEqual(1);
      expect(unnamed).toBeLessThanOrEqual(2);
      expect(strangers.every((p) => !p.isAdmin)).toBe(true);
      // Every phone once, E.164 digits without '+'.
      expect(new Set(participants.map((p) => p.phone)).size).toBe(participants.length);
      for (const p of participants) expect(p.phone).toMatch(/^[1-9][0-9]{7,14}$/);
    }
  });

  it('do not change with chats and messages made on the chat page since', () => {
    const merged = mergeAccount(account, [{ chatWhatsappId: '12125550199@c.us', name: 'New chat', isGroup: false }], []);
    for (const group of groups) expect(participantsOf(NUMBER, merged, group.chatWhatsappId)).toEqual(participantsOf(NUMBER, account, group.chatWhatsappId));
  });

  it('lists the groups with their sizes, and no participants for a chat that is no group of the number', () => {
    const listed = groupsOf(NUMBER, account);
    expect(listed).toHaveLength(GROUP_CHATS);
    for (const g of listed) {
      expect(g.name).toBe(groups.find((c) => c.chatWhatsappId === g.chatWhatsappId)!.name);
      expect(g.size).toBe(participantsOf(NUMBER, account, g.chatWhatsappId)!.length);
    }
    expect(participantsOf(NUMBER, account, singles[0]!.chatWhatsappId)).toBeNull();
    expect(participantsOf(NUMBER, account, `${NUMBER}-1@g.us`)).toBeNull();
  });

  it('gathers every participant of every group once, the number left out (the number check’s known accounts)', () => {
    const all = allGroupParticipants(NUMBER, account);
    const phones = all.map((p) => p.phone);
    expect(new Set(phones).size).toBe(phones.length);
    expect(phones).not.toContain(NUMBER);
    for (const group of groups) {
      for (const p of participantsOf(NUMBER, account, group.chatWhatsappId)!) if (p.phone !== NUMBER) expect(phones).toContain(p.phone);
    }
  });
});

describe('fetchGroups and fetchGroupParticipants', () => {
  const setup = (initial: Record<string, unknown>, from = origin) => {
    const deps: PageHandlerDeps = {
      store: createStore(memoryArea(initial)),
      schedule: () => undefined,
      chatPage: { isOpen: async () => true, open: async () => true },
      verifySession: async () => true,
      now: () => ANCHOR,
    };
    return (type: string, payload?: unknown) => {
      const request = routePageMessage({ sender: 'crm-web', target: 'background', type, payload }, { origin: from, url: `${from}/crm/home` });
      if (!request) throw new Error(`${type} was ignored`);
      return handlePageRequest(request as PageRequest, deps);
    };
  };
  const ready = { crmSession: session, chatLogin: { number: NUMBER }, [`account:${NUMBER}`]: newAccountRecord(ANCHOR) };

  it('answers the number’s groups and a group’s participants to the page of the session’s origin', async () => {
    const ask = setup(ready);
    const listed = fetchGroupsReply.parse(await ask('fetchGroups'));
    // Newest activity first, as the chat page lists them.
    expect(listed).toEqual({ groups: groupsOf(NUMBER, mergeAccount(account, [], [])) });
    expect(listed.groups.map((g) => g.name).sort()).toEqual(groups.map((g) => g.name).sort());
    const group = listed.groups[1]!;
    const reply = fetchGroupParticipantsReply.parse(await ask('fetchGroupParticipants', { chatWhatsappId: group.chatWhatsappId }));
    expect(reply).toEqual({ participants: participantsOf(NUMBER, account, group.chatWhatsappId) });
    expect(reply.participants).toHaveLength(group.size);
  });

  it('refuses a page of another origin, or with no session: not connected', async () => {
    const group = groups[0]!.chatWhatsappId;
    for (const ask of [setup(ready, 'http://localhost:9000'), setup({ chatLogin: { number: NUMBER }, [`account:${NUMBER}`]: newAccountRecord(ANCHOR) })]) {
      expect(fetchGroupsReply.parse(await ask('fetchGroups'))).toEqual({ groups: [], refused: 'notConnected' });
      expect(fetchGroupParticipantsReply.parse(await ask('fetchGroupParticipants', { chatWhatsappId: group }))).toEqual({ participants: [], refused: 'notConnected' });
    }
  });

  it('refuses without a number logged in on the chat page', async () => {
    const ask = setup({ crmSession: session });
    expect(await ask('fetchGroups')).toEqual({ groups: [], refused: 'noNumber' });
    expect(await ask('fetchGroupParticipants', { chatWhatsappId: groups[0]!.chatWhatsappId })).toEqual({ participants: [], refused: 'noNumber' });
  });

  it('answers no group for a single chat, an unknown group or a payload that is no chat id', async () => {
    const ask = setup(ready);
    for (const payload of [{ chatWhatsappId: singles[0]!.chatWhatsappId }, { chatWhatsappId: `${NUMBER}-1@g.us` }, { chatWhatsappId: '<script>' }, { id: 1 }, undefined]) {
      expect(await ask('fetchGroupParticipants', payload)).toEqual({ participants: [], refused: 'noGroup' });
    }
  });
});
