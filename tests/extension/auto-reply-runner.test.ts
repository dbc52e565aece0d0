/**
 * The auto-reply executor against a fake workspace and a fake clock: it reads the member's
 * templates and switch with the extension's session, answers what arrives after the delay, keeps
 * its memory in storage across a reload (no second reply, a waiting reply not forgotten), ignores
 * another session's templates, and stops answering when the workspace says no.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes';
import type { AutoReply } from '../../src/contract/templates';
import { autoReplyKey, replyKey } from '../../extension/src/auto-reply';
import { AUTO_REPLY_REFRESH_MS, configOfSession, createAutoReplyRunner } from '../../extension/src/auto-reply-runner';
import { generateAccount, mergeAccount } from '../../extension/src/chat-data';
import { addMessage, counterpartMessage, incomingMessage, newAccountRecord, sentMessage } from '../../extension/src/chat-page/actions';
import type { CallOutcome, CrmClient } from '../../extension/src/crm-client';
import { createStore, memoryArea, type AccountRecord, type AutoReplyMemory, type CrmSession } from '../../extension/src/state';

const START = new Date(2025, 4, 1, 10, 0).getTime();
const NUMBER = '14155550100';
const ANCHOR = START - 3_600_000;
const session: CrmSession = { origin: 'http://127.0.0.1:8787', accessToken: 'a', refreshToken: 'r', expiresAt: START + 900_000, userId: 'u1', email: 'mia@example.test', workspaceId: 'w1' };
const generated = generateAccount(NUMBER, ANCHOR);
const chats = mergeAccount(generated, [], []).chats.filter((c) => !c.isGroup);
const [chatA, chatB] = [chats[0]!, chats[1]!];

const template = (over: Partial<AutoReply> = {}): AutoReply => ({
  id: 't-all',
  name: 'Everyone',
  type: 'replyAll',
  keywords: [],
  matchMode: 'fuzzy',
  reply: 'Thanks, we will answer soon.',
  effective: { kind: 'always' },
  effectiveGroups: 'all',
  archiveAfterReply: false,
  notForActiveChats: false,
  quoteWhenReplying: false,
  blockSender: false,
  intervalMinutes: 0,
  delaySeconds: 30,
  status: 'active',
  updatedAt: 1,
  ...over,
});

/** A fake clock with timers that fire when it is moved on. */
const fakeClock = (start: number) => {
  let time = start;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let next = 0;
  return {
    now: () => time,
    setTimer: (run: () => void, ms: number) => {
      const id = next++;
      timers.push({ at: time + ms, run, id });
      return () => void (timers = timers.filter((t) => t.id !== id));
    },
    /** Moves the clock on, firing the timers that come due. */
    advance: (ms: number) => {
      time += ms;
      const due = timers.filter((t) => t.at <= time);
      timers = timers.filter((t) => t.at > time);
      for (const t of due) t.run();
    },
    pending: () => timers.length,
  };
};

type Answer = CallOutcome<{ enabled: boolean; items: AutoReply[] }>;

const setup = (answer: Answer = { kind: 'ok', data: { enabled: true, items: [template()] } }, area = memoryArea({ crmSession: session, chatLogin: { number: NUMBER }, [`account:${NUMBER}`]: newAccountRecord(ANCHOR) })) => {
  const store = createStore(area);
  const clock = fakeClock(START);
  const calls: string[] = [];
  let changes = 0;
  const state = { answer };
  const call = (async (endpoint: { path: string }) => {
    calls.push(endpoint.path);
    return state.answer;
  }) as CrmClient['call'];
  const make = () => createAutoReplyRunner({ store, call, now: clock.now, setTimer: clock.setTimer, changed: () => void changes++, generate: () => generated });
  const runner = make();
  const account = async () => (await store.getAccount(NUMBER))!;
  const receive = async (text: string, chat = chatA, id = `IN${clock.now()}`) => {
    await store.setAccount(NUMBER, addMessage(await account(), incomingMessage(chat, text, 0, clock.now(), id)));
  };
  /** The runner looks at what arrived, then the timers now due fire and their sends finish. */
  const settle = async () => {
    await runner.process();
    clock.advance(0);
    await runner.flush();
  };
  return { area, store, clock, calls, runner, make, account, receive, settle, state, changes: () => changes };
};

const replies = (record: AccountRecord) => record.extraMessages.filter((m) => record.details?.[m.msgKey]?.via === 'autoReply');

describe('auto-reply executor', () => {
  it(`reads the member’s templates and switch with the extension’s session (every ${AUTO_REPLY_REFRESH_MS / 1000} s from the page)`, async () => {
    const { runner, calls, area } = setup();
    await runner.refresh();
    expect(calls).toEqual(['/public/template/auto-reply/list']);
    expect(area.data.autoReplyConfig).toMatchObject({ origin: session.origin, userId: 'u1', enabled: true, fetchedAt: START, items: [{ id: 't-all' }] });
  });

  it('answers an incoming message after the template’s delay, as a message from the number, and tells the worker', async () => {
    const { runner, clock, receive, account, settle, changes } = setup();
    await runner.refresh();
    await receive('Hello?');
    await runner.process();
    expect(replies(await account())).toHaveLength(0);
    clock.advance(29_000);
    await settle();
    expect(replies(await account())).toHaveLength(0);
    clock.advance(1_000);
    await settle();
    const [reply] = replies(await account());
    expect(reply).toMatchObject({ chatWhatsappId: chatA.chatWhatsappId, fromMe: true, text: 'Thanks, we will answer soon.', sendTime: START + 30_000 });
    expect(changes()).toBe(1);
    expect(clock.pending()).toBe(0);
  });

  it('answers the simulated counterpart’s answers too, and never what was there before it first looked', async () => {
    const { runner, clock, store, account, settle } = setup();
    await store.setAccount(NUMBER, addMessage(await account(), incomingMessage(chatA, 'old', 0, START - 1000, 'OLD')));
    await runner.refresh();
    const record = addMessage(await account(), sentMessage(chatB.chatWhatsappId, 'Hi', START, 'OUT'));
    await store.setAccount(NUMBER, addMessage(record, counterpartMessage(chatB, 0, START + 1500, 'ANS')));
    await runner.process();
    clock.advance(60_000);
    await settle();
    expect(replies(await account()).map((m) => m.chatWhatsappId)).toEqual([chatB.chatWhatsappId]);
  });

  it('keeps its memory in storage: a reload neither answers twice nor forgets a waiting reply', async () => {
    const first = setup(undefined);
    await first.runner.refresh();
    await first.receive('Hello?');
    await first.runner.process();
    const memory = first.area.data[`autoReply:${NUMBER}`] as AutoReplyMemory;
    expect(memory.pending).toHaveLength(1);
    expect(memory.lastReplies[replyKey(chatA.chatWhatsappId, 't-all')]).toBe(START + 30_000);
    // The page reloads before the delay ends: a new executor on the same storage.
    first.runner.stop();
    const reloaded = first.make();
    await reloaded.process();
    expect(replies(await first.account())).toHaveLength(0);
    first.clock.advance(30_000);
    await reloaded.flush();
    expect(replies(await first.account())).toHaveLength(1);
    // Once per chat (interval 0): a second message after the reload gets nothing.
    await first.receive('Anyone?');
    await reloaded.process();
    first.clock.advance(60_000);
    await reloaded.flush();
    expect(replies(await first.account())).toHaveLength(1);
    expect((first.area.data[`autoReply:${NUMBER}`] as AutoReplyMemory).pending).toEqual([]);
  });

  it('answers at most once every N minutes per chat and template, and each chat on its own', async () => {
    const { runner, clock, receive, account, settle } = setup({ kind: 'ok', data: { enabled: true, items: [template({ intervalMinutes: 10, delaySeconds: 0 })] } });
    await runner.refresh();
    await receive('one');
    await settle();
    clock.advance(5 * 60_000);
    await receive('two');
    await receive('other chat', chatB);
    await settle();
    expect(replies(await account()).map((m) => m.chatWhatsappId)).toEqual([chatA.chatWhatsappId, chatB.chatWhatsappId]);
    clock.advance(5 * 60_000);
    await receive('three');
    await settle();
    expect(replies(await account()).map((m) => m.chatWhatsappId)).toEqual([chatA.chatWhatsappId, chatB.chatWhatsappId, chatA.chatWhatsappId]);
  });

  it('quotes, archives and blocks as the template says; a blocked chat gets no further reply', async () => {
    const items = [template({ delaySeconds: 0, intervalMinutes: 1, quoteWhenReplying: true, archiveAfterReply: true, blockSender: true })];
    const { runner, clock, receive, account, settle } = setup({ kind: 'ok', data: { enabled: true, items } });
    await runner.refresh();
    await receive('first', chatA, 'Q1');
    await settle();
    const record = await account();
    const [reply] = replies(record);
    expect(record.details?.[reply!.msgKey]?.quote).toMatchObject({ text: 'first', fromMe: false });
    expect(record.chatFlags?.[chatA.chatWhatsappId]).toEqual({ archived: true, blocked: true });
    clock.advance(5 * 60_000);
    await receive('second');
    await settle();
    expect(replies(await account())).toHaveLength(1);
  });

  it('answers nothing with the switch off, and stops when the workspace refuses; an unreachable one leaves the last answer', async () => {
    const off = setup({ kind: 'ok', data: { enabled: false, items: [template({ delaySeconds: 0 })] } });
    await off.runner.refresh();
    await off.receive('Hello?');
    await off.settle();
    expect(replies(await off.account())).toHaveLength(0);

    const refused = setup({ kind: 'ok', data: { enabled: true, items: [template({ delaySeconds: 0 })] } });
    await refused.runner.refresh();
    refused.state.answer = { kind: 'unreachable', message: 'offline' };
    await refused.runner.refresh();
    expect(refused.area.data.autoReplyConfig).toBeDefined();
    refused.state.answer = { kind: 'refused', code: Code.TOKEN_INVALID, message: 'no' };
    await refused.runner.refresh();
    expect(refused.area.data.autoReplyConfig).toBeUndefined();
    await refused.receive('Hello?');
    await refused.settle();
    expect(replies(await refused.account())).toHaveLength(0);
  });

  it('uses only the templates read with the current session', async () => {
    const config = { origin: session.origin, userId: 'u1', fetchedAt: START, enabled: true, items: [template()] };
    expect(configOfSession(config, session)).toBe(config);
    expect(configOfSession(config, { ...session, userId: 'u2' })).toBeUndefined();
    expect(configOfSession(config, { ...session, origin: 'http://localhost:9000' })).toBeUndefined();
    expect(configOfSession(config, undefined)).toBeUndefined();
    // Stored by another member's session: nothing answers.
    const other = setup(undefined, memoryArea({ crmSession: { ...session, userId: 'u2' }, chatLogin: { number: NUMBER }, [`account:${NUMBER}`]: newAccountRecord(ANCHOR), autoReplyConfig: { ...config, items: [template({ delaySeconds: 0 })] } }));
    await other.runner.process();
    await other.receive('Hello?');
    await other.settle();
    expect(replies(await other.account())).toHaveLength(0);
  });

  it('gives the same reply to the same message the same key', () => {
    const reply = { chatId: chatA.chatWhatsappId, templateId: 't-all', incomingKey: 'false_x_1' };
    expect(autoReplyKey(reply)).toBe(autoReplyKey({ ...reply }));
    expect(autoReplyKey(reply)).not.toBe(autoReplyKey({ ...reply, templateId: 't-2' }));
    expect(autoReplyKey(reply).startsWith(`true_${chatA.chatWhatsappId}_AR`)).toBe(true);
  });
});
