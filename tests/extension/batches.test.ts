/** How a sync is cut into uploads: a quick first batch, the rest within limits, final on the last. */
import { describe, expect, it } from 'vitest';
import { SYNC_BATCH_MAX_CHATS, SYNC_BATCH_MAX_MESSAGES, SYNC_BODY_LIMIT, syncUploadRequest } from '../../src/contract/chats';
import { snakeKeys } from '../../src/contract/case';
import { FIRST_BATCH_CHATS, FIRST_BATCH_MESSAGES_PER_CHAT, UPLOAD_LIMITS, planSync, planTopUp, type BatchLimits, type SyncBatch } from '../../extension/src/batches';
import { generateAccount, messagesOf, sortChats, type ChatAccount } from '../../extension/src/chat-data';

const ANCHOR = Date.UTC(2025, 4, 1);
const account = generateAccount('14155550100', ANCHOR);

/** Every chat and message once, each message in or after its chat's batch, within the limits, flags right. */
const expectWellFormed = (plan: SyncBatch[], source: ChatAccount, limits: BatchLimits) => {
  expect(plan.length).toBeGreaterThan(0);
  plan.forEach((b, i) => {
    expect(b.firstBatch).toBe(i === 0);
    expect(b.final).toBe(i === plan.length - 1);
    expect(b.chats.length).toBeLessThanOrEqual(limits.maxChats);
    expect(b.messages.length).toBeLessThanOrEqual(limits.maxMessages);
    const body = { number: '14155550100', ...b };
    expect(syncUploadRequest.safeParse(body).success).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(snakeKeys(body))).length).toBeLessThanOrEqual(SYNC_BODY_LIMIT);
  });
  const chatBatch = new Map<string, number>();
  plan.forEach((b, i) => b.chats.forEach((c) => {
    expect(chatBatch.has(c.chatWhatsappId), `${c.chatWhatsappId} twice`).toBe(false);
    chatBatch.set(c.chatWhatsappId, i);
  }));
  expect([...chatBatch.keys()].sort()).toEqual(source.chats.map((c) => c.chatWhatsappId).sort());
  const keys: string[] = [];
  plan.forEach((b, i) => b.messages.forEach((m) => {
    keys.push(m.msgKey);
    expect(chatBatch.get(m.chatWhatsappId)!, `${m.msgKey} before its chat`).toBeLessThanOrEqual(i);
  }));
  expect(keys.sort()).toEqual(source.messages.map((m) => m.msgKey).sort());
};

describe('planSync', () => {
  it('sends the most recent chats with their latest messages first, then the rest, final on the last', () => {
    const plan = planSync(account);
    expectWellFormed(plan, account, UPLOAD_LIMITS);
    const recent = sortChats(account.chats, account.messages).slice(0, FIRST_BATCH_CHATS).map((s) => s.chat.chatWhatsappId);
    const first = plan[0]!;
    expect(first.chats.map((c) => c.chatWhatsappId)).toEqual(recent);
    for (const chatId of recent) {
      const latest = messagesOf(account.messages, chatId).slice(-FIRST_BATCH_MESSAGES_PER_CHAT).map((m) => m.msgKey);
      expect(first.messages.filter((m) => m.chatWhatsappId === chatId).map((m) => m.msgKey)).toEqual(latest);
    }
    expect(first.messages.every((m) => recent.includes(m.chatWhatsappId))).toBe(true);
    // The generated account is larger than its first batch: at least one more, the final one.
    expect(plan.length).toBeGreaterThan(1);
    expect(plan[0]!.final).toBe(false);
  });

  it('keeps within tighter limits, splitting chats and messages over more batches', () => {
    for (const limits of [
      { maxChats: 7, maxMessages: 50, maxBytes: UPLOAD_LIMITS.maxBytes },
      { maxChats: SYNC_BATCH_MAX_CHATS, maxMessages: SYNC_BATCH_MAX_MESSAGES, maxBytes: 20_000 },
      { maxChats: 1, maxMessages: 1, maxBytes: 100_000 },
    ]) {
      const plan = planSync(account, limits);
      expectWellFormed(plan, account, limits);
      expect(plan.length).toBeGreaterThan(planSync(account).length);
      for (const b of plan) {
        const bytes = new TextEncoder().encode(JSON.stringify([...b.chats, ...b.messages])).length;
        if (b.chats.length + b.messages.length > 1) expect(bytes).toBeLessThanOrEqual(limits.maxBytes);
      }
    }
  });

  it('sends one empty batch, first and final, for an account without chats', () => {
    expect(planSync({ chats: [], messages: [] })).toEqual([{ chats: [], messages: [], firstBatch: true, final: true }]);
  });

  it('sends a small account in one batch that is both first and final', () => {
    const small: ChatAccount = { chats: account.chats.slice(0, 3), messages: account.messages.filter((m) => account.chats.slice(0, 3).some((c) => c.chatWhatsappId === m.chatWhatsappId)).slice(0, 10) };
    const chatsWithMessages = new Set(small.messages.map((m) => m.chatWhatsappId));
    small.chats = small.chats.filter((c) => chatsWithMessages.has(c.chatWhatsappId));
    const plan = planSync(small);
    expect(plan).toHaveLength(1);
    expect(plan[0]).toMatchObject({ firstBatch: true, final: true });
    expectWellFormed(plan, small, UPLOAD_LIMITS);
  });
});

describe('planTopUp', () => {
  it('uploads new chats before messages, in order, neither first nor final', () => {
    const chats = [{ chatWhatsappId: '8613912345678@c.us', name: '+8613912345678' }];
    const messages = account.messages.slice(0, 5);
    const plan = planTopUp(chats, messages, { ...UPLOAD_LIMITS, maxMessages: 2 });
    expect(plan.map((b) => [b.chats.length, b.messages.length])).toEqual([[1, 2], [0, 2], [0, 1]]);
    expect(plan.every((b) => !b.firstBatch && !b.final)).toBe(true);
    expect(plan.flatMap((b) => b.messages)).toEqual(messages);
    expect(plan[0]!.chats[0]).toEqual({ chatWhatsappId: '8613912345678@c.us', name: '+8613912345678', avatarUrl: null, isDel: false });
    expect(planTopUp([], [])).toEqual([]);
  });
});
