/**
 * Scheduled messages from the chat page's side (SPEC §3 Schedule message, §4 Schedule: pending to
 * completed): while the chat page is open with a number logged in and the extension connected, it
 * asks the workspace every CLAIM_INTERVAL_MS for the sends due now (the claim also tells the
 * workspace the chat page is open), writes each into its recipients' chats (a single chat the
 * account has no chat with yet is made, as startChat makes it) and confirms each send with its
 * outcome. A send's message keys come from its id, so a send claimed again after a failure to
 * confirm is not written twice.
 */
import type { z } from 'zod/mini';
import { scheduleEndpoints, type dueSend } from '../../src/contract/schedules';
import type { SyncMessage } from '../../src/contract/chats';
import { generateAccount, mergeAccount, messageKey, type ChatAccount } from './chat-data';
import { openOrMakeChat } from './chat-page/actions';
import type { CallOutcome, CrmClient } from './crm-client';
import { hashHex } from './random';
import type { AccountRecord, Store } from './state';

/** How often the open chat page asks for due sends. */
export const CLAIM_INTERVAL_MS = 5_000;
/** Results confirmed in one call (the confirm request's limit). */
export const CONFIRM_BATCH = 100;

export type DueSend = z.output<typeof dueSend>;
export type SendResult = { id: string; ok: boolean; error?: string };

/** The key of a send's message in one chat: the same send always gives the same key. */
export const scheduledKey = (sendId: string, chatId: string): string => messageKey(true, chatId, `SC${hashHex(sendId)}`);

/**
 * The account with one due send written: a message to each recipient (each chat once), new single
 * chats made. A recipient that cannot be reached (a group the account is not in, a blocked chat)
 * is named in the result's error and the send is not ok; the others still get the message.
 */
export const applyDueSend = (record: AccountRecord, generated: ChatAccount, send: DueSend, sendTime: number): { record: AccountRecord; result: SendResult } => {
  let next = record;
  const failed: string[] = [];
  const chatIds = [...new Set(send.recipients.map((r) => r.chatWhatsappId))];
  for (const chatId of chatIds) {
    const outcome = openOrMakeChat(next, mergeAccount(generated, next.extraChats, []), chatId);
    if (outcome.kind === 'notFound' || next.chatFlags?.[chatId]?.blocked) {
      failed.push(chatId);
      continue;
    }
    next = outcome.record;
    const key = scheduledKey(send.id, chatId);
    if (next.extraMessages.some((m) => m.msgKey === key)) continue;
    const message: SyncMessage = {
      chatWhatsappId: chatId,
      msgKey: key,
      sendTime,
      fromMe: true,
      type: 'chat',
      text: send.message,
      senderName: null,
      fileName: null,
      fileSize: null,
      mimeType: null,
      meta: null,
    };
    next = { ...next, extraMessages: [...next.extraMessages, message], details: { ...next.details, [key]: { via: 'schedule' } } };
  }
  const result: SendResult = failed.length === 0 ? { id: send.id, ok: true } : { id: send.id, ok: false, error: `Not on this chat-service account or blocked: ${failed.join(', ')}`.slice(0, 500) };
  return { record: next, result };
};

export type ScheduledSenderDeps = {
  store: Store;
  call: CrmClient['call'];
  now: () => number;
  /** Tells the service worker the account changed (it uploads the messages after a finished sync). */
  changed: () => void;
  generate?: (number: string, anchor: number) => ChatAccount;
  log?: (text: string) => void;
};

export type TickOutcome =
  | { kind: 'idle' }
  | { kind: 'claimFailed'; outcome: Exclude<CallOutcome<unknown>, { kind: 'ok' }> }
  | { kind: 'sent'; results: SendResult[]; confirmed: boolean };

export type ScheduledSender = {
  /** One round: claim, write, confirm. Rounds never overlap (a call while one runs waits for it and does nothing). */
  tick(): Promise<TickOutcome>;
};

export const createScheduledSender = (deps: ScheduledSenderDeps): ScheduledSender => {
  const { store, call, now } = deps;
  const log = deps.log ?? (() => undefined);
  let running: Promise<TickOutcome> | null = null;

  const round = async (): Promise<TickOutcome> => {
    const [session, login] = await Promise.all([store.get('crmSession'), store.get('chatLogin')]);
    if (!session || !login) return { kind: 'idle' };
    const claim = await call(scheduleEndpoints.scheduleSendsClaim, {});
    if (claim.kind !== 'ok') {
      log(`scheduled sends not claimed: ${claim.kind === 'refused' ? `${claim.code} ${claim.message}` : claim.kind === 'unreachable' ? claim.message : 'signed out'}`);
      return { kind: 'claimFailed', outcome: claim };
    }
    if (claim.data.items.length === 0) return { kind: 'idle' };
    // Read after the claim: the page may have written meanwhile.
    const record = await store.getAccount(login.number);
    const results: SendResult[] = [];
    if (!record) {
      for (const send of claim.data.items) results.push({ id: send.id, ok: false, error: 'No chat-service account is logged in' });
    } else {
      const generated = (deps.generate ?? generateAccount)(login.number, record.anchor);
      let next = record;
      claim.data.items.forEach((send, i) => {
        const applied = applyDueSend(next, generated, send, now() + i);
        next = applied.record;
        results.push(applied.result);
      });
      if (next !== record) {
        await store.setAccount(login.number, next);
        deps.changed();
      }
    }
    let confirmed = true;
    for (let i = 0; i < results.length; i += CONFIRM_BATCH) {
      const outcome = await call(scheduleEndpoints.scheduleSendsConfirm, { results: results.slice(i, i + CONFIRM_BATCH) });
      if (outcome.kind !== 'ok') {
        // The workspace offers an unconfirmed send again; its keys keep it from being written twice.
        confirmed = false;
        log(`scheduled sends not confirmed: ${outcome.kind}`);
      }
    }
    return { kind: 'sent', results, confirmed };
  };

  return {
    tick: () => {
      if (running) return running.then(() => ({ kind: 'idle' }) as const);
      running = round().finally(() => {
        running = null;
      });
      return running;
    },
  };
};
