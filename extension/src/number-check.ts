/**
 * The simulated chat service's answer to the number check (SPEC §2 Other panels: assistant tools,
 * number check; the page's `checkNumbers`, src/contract/extension.ts): which numbers have an
 * account, with the profile name the service shows for it when it is known. Deterministic: the
 * same logged-in number and the same asked number always give the same answer.
 *
 * The rule, for a number asked (E.164 digits without '+'), in this order:
 * 1. the logged-in number itself has an account (its name unknown here: null);
 * 2. a contact of a single chat of the logged-in number (its generated chats, extension/src/chat-data.ts,
 *    and those started on the chat page since) has one, with the chat's name;
 * 3. a participant of a group of the logged-in number (extension/src/groups.ts) has one, with
 *    the name the number knows it by (null when unknown);
 * 4. any other number has one when a hash of it says so (a seeded draw, `number-check:<digits>`,
 *    true for about NUMBER_ACCOUNT_SHARE of numbers), its name unknown (null).
 *
 * Answered only for a page of the origin the extension's session belongs to (like sendMessage: the
 * workspace the extension is connected to), with a number logged in on the chat page.
 */
import type { CheckNumbersReply, NumberCheckResult } from '../../src/contract/extension';
import { generateAccount, mergeAccount, type ChatAccount } from './chat-data';
import { allGroupParticipants } from './groups';
import { createRandom } from './random';
import type { Store } from './state';

/** The share of other numbers the hash rule gives an account. */
export const NUMBER_ACCOUNT_SHARE = 0.6;

/** Rule 4: whether a number the account does not know has an account. */
export const hasAccountByHash = (phone: string): boolean => createRandom(`number-check:${phone}`).chance(NUMBER_ACCOUNT_SHARE);

/** Rules 1 to 3: every number the logged-in account knows to have an account, with its name (null: unknown). */
export const knownAccounts = (number: string, account: ChatAccount): Map<string, string | null> => {
  const known = new Map<string, string | null>();
  for (const p of allGroupParticipants(number, account)) known.set(p.phone, p.name);
  // A single chat's name wins over a group's: it is the name the number saved.
  for (const chat of account.chats) if (!chat.isGroup && chat.chatWhatsappId.endsWith('@c.us')) known.set(chat.chatWhatsappId.slice(0, -'@c.us'.length), chat.name);
  known.set(number, null);
  return known;
};

/** The answer for each asked number, in the order asked. */
export const checkNumbersWith = (phones: readonly string[], known: ReadonlyMap<string, string | null>): NumberCheckResult[] =>
  phones.map((phone) => (known.has(phone) ? { phone, exists: true, name: known.get(phone) ?? null } : { phone, exists: hasAccountByHash(phone), name: null }));

/** checkNumbers: the answers for the logged-in number, or why none (`phones` null: the payload did not parse). */
export const checkNumbersReplyFor = async (origin: string, phones: readonly string[] | null, store: Store): Promise<CheckNumbersReply> => {
  const [session, login] = await Promise.all([store.get('crmSession'), store.get('chatLogin')]);
  if (!session || session.origin !== origin) return { results: [], refused: 'notConnected' };
  if (phones === null) return { results: [], refused: 'invalid' };
  if (!login) return { results: [], refused: 'noNumber' };
  const record = await store.getAccount(login.number);
  if (!record) return { results: [], refused: 'noNumber' };
  const account = mergeAccount(generateAccount(login.number, record.anchor), record.extraChats, []);
  return { results: checkNumbersWith(phones, knownAccounts(login.number, account)) };
};
