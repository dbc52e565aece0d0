/**
 * The simulated chat service's groups and their participants (SPEC §2 Other panels: the group
 * tool reads a group's participants through the extension). Deterministic, like the chats
 * (extension/src/chat-data.ts): the same number and group always give the same participants,
 * whatever happened on the chat page since, and the generated chats and messages are untouched
 * (the participants come from a random sequence of their own, seeded by the number and the group).
 *
 * The rule, for a group of the number, in this order:
 * 1. the number itself, an admin, its name unknown (null);
 * 2. 2 to 4 of the number's generated single-chat contacts (picked among them sorted by chat id),
 *    with their phones and their names as the number knows them; the first is an admin half the time;
 * 3. one participant per name of the group's `members` (those who write in it), each with a new
 *    phone of the group's language region that no chat of the number has;
 * 4. 1 or 2 more new phones whose names the number does not know (null).
 * No phone comes twice in a group. A group made on the chat page (no members) has 1, 2 and 4.
 */
import type { FetchGroupParticipantsReply, FetchGroupsReply, GroupRefusal } from '../../src/contract/extension';
import { generateAccount, mergeAccount, phoneDigits, type ChatAccount, type Lang, type SimChat } from './chat-data';
import { createRandom } from './random';
import type { Store } from './state';

export type SimParticipant = { phone: string; name: string | null; isAdmin: boolean };
export type SimGroup = { chatWhatsappId: string; name: string; size: number };

/** The digits of a single chat's id (`<digits>@c.us`). */
const phoneOfChat = (chatWhatsappId: string): string => chatWhatsappId.slice(0, chatWhatsappId.indexOf('@'));

/** The number's generated single chats, sorted by id (chats do not depend on the anchor). */
const contactsOf = (number: string): SimChat[] =>
  generateAccount(number, 0)
    .chats.filter((c) => !c.isGroup)
    .sort((a, b) => a.chatWhatsappId.localeCompare(b.chatWhatsappId));

/** One group's participants by the rule above. */
export const participantsOfGroup = (number: string, group: Pick<SimChat, 'chatWhatsappId' | 'lang' | 'members'>, contacts: readonly SimChat[] = contactsOf(number)): SimParticipant[] => {
  const r = createRandom(`group-participants:${number}:${group.chatWhatsappId}`);
  const taken = new Set<string>([number, ...contacts.map((c) => phoneOfChat(c.chatWhatsappId))]);
  const newPhone = (lang: Lang): string => {
    let digits = phoneDigits(r, lang);
    while (taken.has(digits)) digits = phoneDigits(r, lang);
    taken.add(digits);
    return digits;
  };
  const participants: SimParticipant[] = [{ phone: number, name: null, isAdmin: true }];
  const pool = [...contacts];
  const known = Math.min(pool.length, r.int(2, 4));
  for (let i = 0; i < known; i++) {
    const [contact] = pool.splice(r.int(0, pool.length - 1), 1);
    participants.push({ phone: phoneOfChat(contact!.chatWhatsappId), name: contact!.name, isAdmin: i === 0 && r.chance(0.5) });
  }
  for (const name of group.members) participants.push({ phone: newPhone(group.lang), name, isAdmin: false });
  const unknown = r.int(1, 2);
  for (let i = 0; i < unknown; i++) participants.push({ phone: newPhone(group.lang), name: null, isAdmin: false });
  return participants;
};

/** The account's groups with their sizes, in the account's chat order. */
export const groupsOf = (number: string, account: ChatAccount): SimGroup[] => {
  const contacts = contactsOf(number);
  return account.chats
    .filter((c) => c.isGroup)
    .map((g) => ({ chatWhatsappId: g.chatWhatsappId, name: g.name, size: participantsOfGroup(number, g, contacts).length }));
};

/** One group of the account's participants, or null when the account has no such group. */
export const participantsOf = (number: string, account: ChatAccount, chatWhatsappId: string): SimParticipant[] | null => {
  const group = account.chats.find((c) => c.isGroup && c.chatWhatsappId === chatWhatsappId);
  return group ? participantsOfGroup(number, group) : null;
};

/**
 * Every participant of every group of the account, each phone once (its first name known), the
 * number itself left out: the people the simulated service knows to have an account besides the
 * number's chats (the number check treats them as having one).
 */
export const allGroupParticipants = (number: string, account: ChatAccount): SimParticipant[] => {
  const contacts = contactsOf(number);
  const byPhone = new Map<string, SimParticipant>();
  for (const group of account.chats.filter((c) => c.isGroup)) {
    for (const p of participantsOfGroup(number, group, contacts)) {
      if (p.phone === number) continue;
      const seen = byPhone.get(p.phone);
      if (!seen) byPhone.set(p.phone, p);
      else if (seen.name === null && p.name !== null) byPhone.set(p.phone, { ...seen, name: p.name });
    }
  }
  return [...byPhone.values()];
};

/**
 * The logged-in number's account, for a page of the origin the extension's session belongs to
 * (like sendMessage: the workspace the extension is connected to), or why not.
 */
const accountFor = async (origin: string, store: Store): Promise<{ number: string; account: ChatAccount } | { refused: GroupRefusal }> => {
  const [session, login] = await Promise.all([store.get('crmSession'), store.get('chatLogin')]);
  if (!session || session.origin !== origin) return { refused: 'notConnected' };
  if (!login) return { refused: 'noNumber' };
  const record = await store.getAccount(login.number);
  if (!record) return { refused: 'noNumber' };
  return { number: login.number, account: mergeAccount(generateAccount(login.number, record.anchor), record.extraChats, []) };
};

/** fetchGroups: the number's groups with their sizes. */
export const groupsReply = async (origin: string, store: Store): Promise<FetchGroupsReply> => {
  const found = await accountFor(origin, store);
  if ('refused' in found) return { groups: [], refused: found.refused };
  return { groups: groupsOf(found.number, found.account) };
};

/** fetchGroupParticipants: one group's participants (`chatId` null: the payload named no chat id). */
export const groupParticipantsReply = async (origin: string, chatId: string | null, store: Store): Promise<FetchGroupParticipantsReply> => {
  const found = await accountFor(origin, store);
  if ('refused' in found) return { participants: [], refused: found.refused };
  const participants = chatId === null ? null : participantsOf(found.number, found.account, chatId);
  return participants ? { participants } : { participants: [], refused: 'noGroup' };
};
