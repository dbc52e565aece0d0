/**
 * Scheduled sends from the chat page against a fake workspace: claimed only with a number and a
 * session, written into each recipient's chat (a new single chat made, an unknown group or a
 * blocked chat reported), confirmed with each send's outcome, and not written twice when a send
 * comes back after a lost confirmation.
 */
import { describe, expect, it } from 'vitest';
import { syncMessage } from '../../src/contract/chats';
import { Code } from '../../src/contract/codes';
import { generateAccount, mergeAccount } from '../../extension/src/chat-data';
import { newAccountRecord } from '../../extension/src/chat-page/actions';
import type { CallOutcome, CrmClient } from '../../extension/src/crm-client';
import { applyDueSend, CLAIM_INTERVAL_MS, createScheduledSender, scheduledKey, type DueSend, type SendResult } from '../../extension/src/scheduled-sends';
import { createStore, memoryArea, type AccountRecord, type CrmSession } from '../../extension/src/state';

const NOW = 1_750_000_000_000;
const NUMBER = '14155550100';
const ANCHOR = NOW - 3_600_000;
const session: CrmSession = { origin: 'http://127.0.0.1:8787', accessToken: 'a', refreshToken: 'r', expiresAt: NOW + 900_000, userId: 'u1', email: 'mia@example.test', workspaceId: 'w1' };
const generated = generateAccount(NUMBER, ANCHOR);
const single = mergeAccount(generated, [], []).chats.find((c) => !c.isGroup)!;
const group = mergeAccount(generated, [], []).chats.find((c) => c.isGroup)!;
const NEW_CHAT = '8613912345678@c.us';

const send = (id: string, chatIds: string[], message = 'Monthly catalogue is out'): DueSend => ({
  id,
  scheduleId: `s-${id}`,
  dueTime: NOW - 1000,
  recipients: chatIds.map((chatWhatsappId) => ({ chatWhatsappId, name: '' })),
  message,
});

const CLAIM = '/member/schedule/sends/claim';
const CONFIRM = '/member/schedule/sends/confirm';

const setup = (claims: CallOutcome<{ items: DueSend[] }>[], initial: Record<string, unknown> = { crmSession: session, chatLogin: { number: NUMBER }, [`account:${NUMBER}`]: newAccountRecord(ANCHOR) }, confirmAnswer: CallOutcome<null> = { kind: 'ok', data: null }) => {
  const area = memoryArea(initial);
  const store = createStore(area);
  const confirmed: SendResult[][] = [];
  const calls: string[] = [];
  let changes = 0;
  const call = (async (endpoint: { path: string }, body: unknown) => {
    calls.push(endpoint.path);
    if (endpoint.path === CLAIM) return claims.shift() ?? { kind: 'ok', data: { items: [] } };
    if (endpoint.path === CONFIRM) {
      confirmed.push((body as { results: SendResult[] }).results);
      return confirmAnswer;
    }
    throw new Error(`unexpected call ${endpoint.path}`);
  }) as CrmClient['call'];
  const sender = createScheduledSender({ store, call, now: () => NOW, changed: () => void changes++, generate: () => generated });
  const account = () => area.data[`account:${NUMBER}`] as AccountRecord;
  return { sender, calls, confirmed, account, changes: () => changes };
};

describe('scheduled sends', () => {
  it(`claims every ${CLAIM_INTERVAL_MS / 1000} s only with a number logged in and the extension connected`, async () => {
    const noSession = setup([], { chatLogin: { number: NUMBER } });
    expect(await noSession.sender.tick()).toEqual({ kind: 'idle' });
    const noNumber = setup([], { crmSession: session });
    expect(await noNumber.sender.tick()).toEqual({ kind: 'idle' });
    expect([...noSession.calls, ...noNumber.calls]).toEqual([]);
    const ready = setup([]);
    expect(await ready.sender.tick()).toEqual({ kind: 'idle' });
    expect(ready.calls).toEqual([CLAIM]);
  });

  it('writes each send into its recipients’ chats, makes a new single chat, and confirms', async () => {
    const { sender, confirmed, account, changes } = setup([{ kind: 'ok', data: { items: [send('d1', [single.chatWhatsappId, NEW_CHAT, single.chatWhatsappId])] } }]);
    const outcome = await sender.tick();
    expect(outcome).toEqual({ kind: 'sent', results: [{ id: 'd1', ok: true }], confirmed: true });
    expect(confirmed).toEqual([[{ id: 'd1', ok: true }]]);
    const record = account();
    expect(record.extraChats).toEqual([{ chatWhatsappId: NEW_CHAT, name: '+8613912345678', isGroup: false }]);
    // Each chat once, from the number, marked as a scheduled send.
    expect(record.extraMessages.map((m) => [m.chatWhatsappId, m.text, m.fromMe])).toEqual([
      [single.chatWhatsappId, 'Monthly catalogue is out', true],
      [NEW_CHAT, 'Monthly catalogue is out', true],
    ]);
    for (const m of record.extraMessages) {
      expect(syncMessage.safeParse(m).success).toBe(true);
      expect(record.details?.[m.msgKey]).toEqual({ via: 'schedule' });
    }
    expect(changes()).toBe(1);
  });

  it('reports recipients it cannot reach (a group the account is not in, a blocked chat) and still sends to the others', async () => {
    const blocked = mergeAccount(generated, [], []).chats.filter((c) => !c.isGroup)[1]!;
    const record: AccountRecord = { ...newAccountRecord(ANCHOR), chatFlags: { [blocked.chatWhatsappId]: { blocked: true } } };
    const { sender, confirmed, account } = setup([{ kind: 'ok', data: { items: [send('d2', ['1234-1600000000@g.us', blocked.chatWhatsappId, group.chatWhatsappId])] } }], {
      crmSession: session,
      chatLogin: { number: NUMBER },
      [`account:${NUMBER}`]: record,
    });
    await sender.tick();
    expect(confirmed[0]).toEqual([{ id: 'd2', ok: false, error: expect.stringContaining('1234-1600000000@g.us') }]);
    expect(confirmed[0]![0]!.error).toContain(blocked.chatWhatsappId);
    expect(account().extraMessages.map((m) => m.chatWhatsappId)).toEqual([group.chatWhatsappId]);
  });

  it('does not write a send twice when it comes back after a lost confirmation', async () => {
    const items = [send('d3', [single.chatWhatsappId])];
    const { sender, confirmed, account } = setup([{ kind: 'ok', data: { items } }, { kind: 'ok', data: { items } }], undefined, { kind: 'unreachable', message: 'offline' });
    expect(await sender.tick()).toMatchObject({ kind: 'sent', confirmed: false });
    expect(await sender.tick()).toMatchObject({ kind: 'sent', confirmed: false });
    expect(account().extraMessages).toHaveLength(1);
    expect(account().extraMessages[0]!.msgKey).toBe(scheduledKey('d3', single.chatWhatsappId));
    expect(confirmed).toEqual([[{ id: 'd3', ok: true }], [{ id: 'd3', ok: true }]]);
  });

  it('reports a claim the workspace refuses, and runs one round at a time', async () => {
    const refused = setup([{ kind: 'refused', code: Code.TOKEN_INVALID, message: 'no' }]);
    expect(await refused.sender.tick()).toMatchObject({ kind: 'claimFailed', outcome: { kind: 'refused' } });
    const both = setup([{ kind: 'ok', data: { items: [send('d4', [single.chatWhatsappId])] } }]);
    const [first, second] = await Promise.all([both.sender.tick(), both.sender.tick()]);
    expect(first).toMatchObject({ kind: 'sent' });
    expect(second).toEqual({ kind: 'idle' });
    expect(both.calls.filter((p) => p === CLAIM)).toHaveLength(1);
  });

  it('confirms at most 100 results per call', async () => {
    const items = Array.from({ length: 150 }, (_, i) => send(`m${i}`, [single.chatWhatsappId], `Message ${i}`));
    const { sender, confirmed, account } = setup([{ kind: 'ok', data: { items } }]);
    await sender.tick();
    expect(confirmed.map((c) => c.length)).toEqual([100, 50]);
    expect(new Set(account().extraMessages.map((m) => m.msgKey)).size).toBe(150);
  });

  it('applies one send purely: the record passed in is left as it was', () => {
    const record = newAccountRecord(ANCHOR);
    const { record: next, result } = applyDueSend(record, generated, send('p1', [NEW_CHAT]), NOW);
    expect(record).toEqual(newAccountRecord(ANCHOR));
    expect(result).toEqual({ id: 'p1', ok: true });
    expect(next.extraMessages).toHaveLength(1);
  });
});
