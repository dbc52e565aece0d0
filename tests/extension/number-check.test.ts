/**
 * The simulated service's number check (SPEC §2 assistant tools, number check; the page's
 * `checkNumbers`): the logged-in number, its single chats' contacts (with their names) and its
 * groups' participants have an account; any other number by a seeded hash (about 60%); the same
 * question always gets the same answer. The service worker answers only a page of its session's
 * origin with a number on the chat page, and only a payload of at most NUMBER_CHECK_BATCH E.164
 * numbers.
 */
import { describe, expect, it } from 'vitest';
import { checkNumbersReply, NUMBER_CHECK_BATCH } from '../../src/contract/extension';
import { generateAccount } from '../../extension/src/chat-data';
import { newAccountRecord } from '../../extension/src/chat-page/actions';
import { allGroupParticipants } from '../../extension/src/groups';
import { checkNumbersWith, hasAccountByHash, knownAccounts, NUMBER_ACCOUNT_SHARE } from '../../extension/src/number-check';
import { handlePageRequest, type PageHandlerDeps } from '../../extension/src/page-handlers';
import { routePageMessage, type PageRequest } from '../../extension/src/routing';
import { createStore, memoryArea, type CrmSession } from '../../extension/src/state';

const NUMBER = '14155550100';
const ANCHOR = 1_750_000_000_000;
const origin = 'http://127.0.0.1:8787';
const session: CrmSession = { origin, accessToken: 'a', refreshToken: 'r', expiresAt: ANCHOR + 900_000, userId: 'u1', email: 'mia@example.test', workspaceId: 'w1' };
const account = generateAccount(NUMBER, ANCHOR);
const singles = account.chats.filter((c) => !c.isGroup);
const phoneOf = (chatId: string) => chatId.split('@')[0]!;
/** Numbers none of the account's data has: 10,000 of them, by a rule of the test's own. */
const strangers = Array.from({ length: 10_000 }, (_, i) => `4420${String(70_000_000 + i * 7)}`);

describe('the simulated service’s rule', () => {
  it('gives the logged-in number and every single chat’s contact an account, with the chat’s name', () => {
    const known = knownAccounts(NUMBER, account);
    const asked = [NUMBER, ...singles.map((c) => phoneOf(c.chatWhatsappId))];
    expect(checkNumbersWith(asked, known)).toEqual([
      { phone: NUMBER, exists: true, name: null },
      ...singles.map((c) => ({ phone: phoneOf(c.chatWhatsappId), exists: true, name: c.name })),
    ]);
  });

  it('gives every group participant an account, with the name the number knows them by', () => {
    const participants = allGroupParticipants(NUMBER, account);
    const contacts = new Set(singles.map((c) => phoneOf(c.chatWhatsappId)));
    const others = participants.filter((p) => !contacts.has(p.phone));
    expect(others.length).toBeGreaterThan(0);
    expect(checkNumbersWith(others.map((p) => p.phone), knownAccounts(NUMBER, account))).toEqual(others.map((p) => ({ phone: p.phone, exists: true, name: p.name })));
  });

  it('gives other numbers an account by a seeded hash, about 60% of them, never with a name', () => {
    const answers = checkNumbersWith(strangers, knownAccounts(NUMBER, account));
    const share = answers.filter((a) => a.exists).length / strangers.length;
    expect(share).toBeGreaterThan(NUMBER_ACCOUNT_SHARE - 0.03);
    expect(share).toBeLessThan(NUMBER_ACCOUNT_SHARE + 0.03);
    expect(answers.every((a) => a.name === null)).toBe(true);
    expect(answers.map((a) => a.exists)).toEqual(strangers.map(hasAccountByHash));
  });

  it('answers the same question the same way, whoever is logged in, in the order asked', () => {
    const other = '8613800138000';
    const asked = strangers.slice(0, 50);
    const mine = checkNumbersWith(asked, knownAccounts(NUMBER, account));
    expect(checkNumbersWith(asked, knownAccounts(NUMBER, generateAccount(NUMBER, ANCHOR + 5_000)))).toEqual(mine);
    expect(checkNumbersWith(asked, knownAccounts(other, generateAccount(other, ANCHOR)))).toEqual(mine);
    expect(mine.map((a) => a.phone)).toEqual(asked);
    // Some have an account and some have none (the journeys pick one of each).
    expect(new Set(mine.map((a) => a.exists))).toEqual(new Set([true, false]));
  });
});

describe('checkNumbers in the service worker', () => {
  const setup = (initial: Record<string, unknown>) => {
    const deps: PageHandlerDeps = {
      store: createStore(memoryArea(initial)),
      schedule: () => undefined,
      chatPage: { isOpen: async () => true, open: async () => true },
      verifySession: async () => true,
      now: () => ANCHOR,
    };
    return (payload: unknown, from = origin) => {
      const request = routePageMessage({ sender: 'crm-web', target: 'background', type: 'checkNumbers', payload }, { origin: from, url: `${from}/crm/v2/home` });
      if (!request) throw new Error('checkNumbers was ignored');
      return handlePageRequest(request as PageRequest, deps).then((reply) => checkNumbersReply.parse(reply));
    };
  };
  const ready = { crmSession: session, chatLogin: { number: NUMBER }, [`account:${NUMBER}`]: newAccountRecord(ANCHOR) };
  const contact = singles[0]!;

  it('answers a page of its session’s origin with the account’s numbers', async () => {
    const ask = setup(ready);
    const stranger = strangers.find((s) => !hasAccountByHash(s))!;
    expect(await ask({ phones: [phoneOf(contact.chatWhatsappId), stranger] })).toEqual({
      results: [
        { phone: phoneOf(contact.chatWhatsappId), exists: true, name: contact.name },
        { phone: stranger, exists: false, name: null },
      ],
    });
  });

  it('refuses another origin, a page without a session, and a chat page without a number', async () => {
    const phones = [NUMBER];
    expect(await setup(ready)({ phones }, 'http://localhost:9000')).toEqual({ results: [], refused: 'notConnected' });
    expect(await setup({ chatLogin: { number: NUMBER } })({ phones })).toEqual({ results: [], refused: 'notConnected' });
    expect(await setup({ crmSession: session })({ phones })).toEqual({ results: [], refused: 'noNumber' });
  });

  it('refuses a payload of more than NUMBER_CHECK_BATCH numbers, none, or one that is not E.164 digits', async () => {
    const ask = setup(ready);
    const tooMany = strangers.slice(0, NUMBER_CHECK_BATCH + 1);
    expect(await ask({ phones: tooMany })).toEqual({ results: [], refused: 'invalid' });
    expect((await ask({ phones: tooMany.slice(0, NUMBER_CHECK_BATCH) })).results).toHaveLength(NUMBER_CHECK_BATCH);
    for (const bad of [{ phones: [] }, { phones: ['+14155550100'] }, { phones: ['014155550100'] }, { phones: ['12345'] }, { phones: [1415] }, undefined, 'x']) {
      expect(await ask(bad), JSON.stringify(bad)).toEqual({ results: [], refused: 'invalid' });
    }
  });
});
