/**
 * The auto-reply executor on the chat page (where incoming messages arrive): it keeps the member's
 * auto replies and switch from the workspace (read with the extension's session, refreshed every
 * AUTO_REPLY_REFRESH_MS and when the chat page opens), looks at each message the account receives
 * (the simulated counterpart's answers and the simulate control's messages), decides with
 * auto-reply.ts, and sends each reply when its delay is over. What it remembers (how far it looked,
 * when each template last answered each chat, the replies waiting) is in storage, so a reload
 * neither answers a message twice nor forgets a reply that was waiting. Effects come in as deps.
 */
import { templateEndpoints } from '../../src/contract/templates';
import type { SyncMessage } from '../../src/contract/chats';
import { cachedMatcher, decideAutoReply, replyKey, sendAutoReply, type MatcherFor } from './auto-reply';
import { generateAccount, mergeAccount, type ChatAccount } from './chat-data';
import type { CrmClient } from './crm-client';
import type { AccountRecord, AutoReplyConfig, AutoReplyMemory, Store } from './state';

/** How often the member's auto replies and switch are read again while the chat page is open. */
export const AUTO_REPLY_REFRESH_MS = 30_000;

/** A timer: runs `run` after `ms`; the returned function cancels it. */
export type SetTimer = (run: () => void, ms: number) => () => void;

export type AutoReplyRunnerDeps = {
  store: Store;
  call: CrmClient['call'];
  now: () => number;
  setTimer: SetTimer;
  /** Tells the service worker the account changed (it uploads the replies after a finished sync). */
  changed: () => void;
  matcherFor?: MatcherFor;
  generate?: (number: string, anchor: number) => ChatAccount;
  log?: (text: string) => void;
};

export type AutoReplyRunner = {
  /** Reads the member's auto replies and switch again, then looks at what arrived. */
  refresh(): Promise<void>;
  /** Decides on the messages received since the last look. */
  process(): Promise<void>;
  /** Sends the replies whose delay is over. */
  flush(): Promise<void>;
  /** Cancels the waiting timer (the replies stay stored). */
  stop(): void;
};

/** The stored config, if it is this session's (another workspace's or user's templates never answer). */
export const configOfSession = (config: AutoReplyConfig | undefined, session: { origin: string; userId: string } | undefined): AutoReplyConfig | undefined =>
  config && session && config.origin === session.origin && config.userId === session.userId ? config : undefined;

export const createAutoReplyRunner = (deps: AutoReplyRunnerDeps): AutoReplyRunner => {
  const { store, now } = deps;
  const matcherFor = deps.matcherFor ?? cachedMatcher();
  const log = deps.log ?? (() => undefined);

  let generated: { key: string; account: ChatAccount } | null = null;
  const accountOf = (number: string, record: AccountRecord): ChatAccount => {
    const key = `${number}:${record.anchor}`;
    if (generated?.key !== key) generated = { key, account: (deps.generate ?? generateAccount)(number, record.anchor) };
    return mergeAccount(generated.account, record.extraChats, record.extraMessages);
  };

  // One step at a time: each reads storage, decides and writes back.
  let chain: Promise<void> = Promise.resolve();
  const exclusive = (step: () => Promise<void>): Promise<void> => {
    chain = chain.then(step).catch((error: unknown) => log(`auto reply: ${error instanceof Error ? error.message : String(error)}`));
    return chain;
  };

  let cancelTimer: (() => void) | null = null;
  const arm = (memory: AutoReplyMemory) => {
    cancelTimer?.();
    cancelTimer = null;
    if (memory.pending.length === 0) return;
    const next = Math.min(...memory.pending.map((p) => p.dueAt));
    cancelTimer = deps.setTimer(() => void runner.flush(), Math.max(0, next - now()));
  };

  const processStep = async () => {
    const login = await store.get('chatLogin');
    if (!login) return;
    const record = await store.getAccount(login.number);
    if (!record) return;
    const stored = await store.getAutoReplyMemory(login.number);
    // The first look at a number starts from now: messages from before are history.
    const memory: AutoReplyMemory = stored
      ? { ...stored, lastReplies: { ...stored.lastReplies }, pending: [...stored.pending] }
      : { seen: record.extraMessages.length, lastReplies: {}, pending: [] };
    const seen = Math.min(memory.seen, record.extraMessages.length);
    const arrived = record.extraMessages.slice(seen).filter((m) => !m.fromMe);
    const [session, storedConfig] = await Promise.all([store.get('crmSession'), store.get('autoReplyConfig')]);
    const config = configOfSession(storedConfig, session);
    if (arrived.length > 0 && config?.enabled) {
      const account = accountOf(login.number, record);
      const details = record.details ?? {};
      for (const incoming of arrived) {
        const chat = account.chats.find((c) => c.chatWhatsappId === incoming.chatWhatsappId);
        if (!chat) continue;
        const chatMessages = account.messages.filter((m: SyncMessage) => m.chatWhatsappId === chat.chatWhatsappId && m.msgKey !== incoming.msgKey);
        const decision = decideAutoReply({
          enabled: config.enabled,
          templates: config.items,
          chat,
          incoming,
          chatMessages,
          details,
          flags: record.chatFlags?.[chat.chatWhatsappId],
          lastReplies: memory.lastReplies,
          now: now(),
          matcherFor,
        });
        if (decision.kind === 'skip') {
          log(`no auto reply to ${incoming.msgKey}: ${decision.reason}`);
          continue;
        }
        memory.pending.push(decision.reply);
        memory.lastReplies[replyKey(decision.reply.chatId, decision.reply.templateId)] = decision.reply.dueAt;
      }
    }
    const next = { ...memory, seen: record.extraMessages.length };
    if (!stored || next.seen !== stored.seen || next.pending.length !== stored.pending.length) await store.setAutoReplyMemory(login.number, next);
    arm(next);
  };

  const flushStep = async () => {
    const login = await store.get('chatLogin');
    if (!login) return;
    const [record, memory] = await Promise.all([store.getAccount(login.number), store.getAutoReplyMemory(login.number)]);
    if (!record || !memory) return;
    const time = now();
    const due = memory.pending.filter((p) => p.dueAt <= time).sort((a, b) => a.dueAt - b.dueAt);
    if (due.length > 0) {
      let next = record;
      due.forEach((reply, i) => {
        // Replies due together keep their order.
        next = sendAutoReply(next, reply, time + i);
      });
      // The account first: a reply written again after a failure here has the same key and is not added twice.
      if (next !== record) await store.setAccount(login.number, next);
      const rest = { ...memory, pending: memory.pending.filter((p) => !due.includes(p)) };
      await store.setAutoReplyMemory(login.number, rest);
      if (next !== record) deps.changed();
      arm(rest);
      return;
    }
    arm(memory);
  };

  const refreshStep = async () => {
    const session = await store.get('crmSession');
    if (!session) return;
    const outcome = await deps.call(templateEndpoints.autoReplyList, {});
    if (outcome.kind === 'ok') {
      await store.set('autoReplyConfig', { origin: session.origin, userId: session.userId, fetchedAt: now(), enabled: outcome.data.enabled, items: outcome.data.items });
    } else if (outcome.kind === 'signedOut' || outcome.kind === 'refused') {
      // The workspace says no (signed out, no longer a member): nothing answers until it says yes.
      await store.remove('autoReplyConfig');
      log(`auto replies not read: ${outcome.kind === 'refused' ? `${outcome.code} ${outcome.message}` : 'signed out'}`);
    } else {
      // Unreachable for now: the last answer stands.
      log(`auto replies not read: ${outcome.message}`);
    }
  };

  const runner: AutoReplyRunner = {
    refresh: () => exclusive(refreshStep).then(() => exclusive(processStep)),
    process: () => exclusive(processStep),
    flush: () => exclusive(flushStep),
    stop: () => {
      cancelTimer?.();
      cancelTimer = null;
    },
  };
  return runner;
};
