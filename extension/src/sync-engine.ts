/**
 * The sync of the chat page's account into the workspace (SPEC §4 Chat sync flow, from the
 * extension's side). One run at a time: a request while one runs is remembered and served when it
 * ends. Progress is stored after every batch (Chrome may stop the service worker between two), so a
 * stopped sync resumes at its next batch; uploads are idempotent on the server, so a batch sent
 * twice is harmless.
 *
 * - `sync`: a full sync of this number into this account, unless it already finished; then only
 *   what the chat page added since (a top-up).
 * - `resume`: continue a full sync that was under way when the worker stopped.
 * - `topUp`: after a finished sync, upload the chats and messages the chat page made since (SPEC:
 *   manual and auto keep the chats up to date while the chat page is open).
 *
 * SYNC_LIMIT (100050) sets the limit flag (SPEC §8 'You can add up to 5 chat-service numbers for
 * each account.'), SYNC_OFF (100051) stops it, a lost session stops it; a network failure is tried
 * again twice before the run gives up (the next request continues from the same batch).
 */
import { Code } from '../../src/contract/codes';
import { chatsEndpoints } from '../../src/contract/chats';
import { planSync, planTopUp, UPLOAD_LIMITS, type BatchLimits, type SyncBatch } from './batches';
import { generateAccount, mergeAccount, type ChatAccount } from './chat-data';
import type { CallOutcome, CrmClient } from './crm-client';
import { syncOf } from './replies';
import type { AccountRecord, CrmSession, Store, SyncState } from './state';

export type SyncMode = 'sync' | 'resume' | 'topUp';

/** A sync asked for before the chat page was ready is started when it is, if asked this recently. */
export const PENDING_SYNC_MS = 5 * 60_000;

/** Waits before trying an unreachable workspace again. */
export const RETRY_DELAYS_MS = [1_000, 3_000] as const;

export type SyncEngineDeps = {
  store: Store;
  client: CrmClient;
  now: () => number;
  sleep?: (ms: number) => Promise<void>;
  limits?: BatchLimits;
  generate?: (number: string, anchor: number) => ChatAccount;
  log?: (text: string) => void;
};

export type SyncEngine = {
  /** Starts a run of this mode, or remembers it for when the current run ends. Resolves when no run is left. */
  schedule(mode: SyncMode): Promise<void>;
  /** On the chat page opening: asks the workspace for the sync type; `auto` starts a sync, otherwise a top-up. */
  chatPageOpened(): Promise<void>;
  isRunning(): boolean;
};

type RunContext = { session: CrmSession; number: string; account: AccountRecord };

const rank: Record<SyncMode, number> = { topUp: 0, resume: 1, sync: 2 };

export const freshSyncState = (ctx: { session: CrmSession; number: string }): SyncState => ({
  origin: ctx.session.origin,
  userId: ctx.session.userId,
  number: ctx.number,
  phase: 'idle',
  cursor: 0,
  extraChatsAtStart: 0,
  extraMessagesAtStart: 0,
  uploadedExtraChats: 0,
  uploadedExtraMessages: 0,
  firstBatchFinished: false,
  finished: false,
  reachLimit: false,
  syncOff: false,
  lastSyncTime: null,
  lastError: null,
});

export const createSyncEngine = (deps: SyncEngineDeps): SyncEngine => {
  const { store, client, now } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const limits = deps.limits ?? UPLOAD_LIMITS;
  const log = deps.log ?? (() => undefined);

  // Generating an account takes a few milliseconds; a run reads the same one for every batch.
  let generated: { key: string; account: ChatAccount } | null = null;
  const generate = (number: string, anchor: number): ChatAccount => {
    const key = `${number}:${anchor}`;
    if (generated?.key !== key) generated = { key, account: (deps.generate ?? generateAccount)(number, anchor) };
    return generated.account;
  };

  const context = async (): Promise<RunContext | null> => {
    const [session, login] = await Promise.all([store.get('crmSession'), store.get('chatLogin')]);
    if (!session || !login) return null;
    const account = await store.getAccount(login.number);
    return account ? { session, number: login.number, account } : null;
  };

  const upload = async (ctx: RunContext, batch: SyncBatch): Promise<CallOutcome<unknown>> => {
    const body = { number: ctx.number, chats: batch.chats, messages: batch.messages, firstBatch: batch.firstBatch, final: batch.final };
    let outcome = await client.call(chatsEndpoints.syncUpload, body);
    for (const delay of RETRY_DELAYS_MS) {
      if (outcome.kind !== 'unreachable') break;
      log(`upload failed (${outcome.message}); trying again in ${delay} ms`);
      await sleep(delay);
      outcome = await client.call(chatsEndpoints.syncUpload, body);
    }
    return outcome;
  };

  /** The state after a failed upload: the flags its code sets, and why. */
  const failed = (state: SyncState, outcome: Exclude<CallOutcome<unknown>, { kind: 'ok' }>, keepPhase: boolean): SyncState => {
    const phase = keepPhase ? state.phase : 'failed';
    if (outcome.kind === 'signedOut') return { ...state, phase, lastError: 'Not signed in to the workspace' };
    if (outcome.kind === 'unreachable') return { ...state, phase, lastError: outcome.message };
    if (outcome.code === Code.SYNC_LIMIT) return { ...state, phase, reachLimit: true, lastError: outcome.message };
    if (outcome.code === Code.SYNC_OFF) return { ...state, phase, syncOff: true, lastError: outcome.message };
    return { ...state, phase, lastError: `${outcome.code}: ${outcome.message}` };
  };

  const fullSync = async (ctx: RunContext, start: SyncState): Promise<SyncState> => {
    let state = start;
    if (state.phase === 'idle') {
      state = { ...state, cursor: 0, extraChatsAtStart: ctx.account.extraChats.length, extraMessagesAtStart: ctx.account.extraMessages.length };
    }
    state = { ...state, phase: 'running', lastError: null };
    await store.set('sync', state);
    const account = mergeAccount(
      generate(ctx.number, ctx.account.anchor),
      ctx.account.extraChats.slice(0, state.extraChatsAtStart),
      ctx.account.extraMessages.slice(0, state.extraMessagesAtStart),
    );
    const plan = planSync(account, limits);
    for (let i = state.cursor; i < plan.length; i++) {
      const batch = plan[i]!;
      const outcome = await upload(ctx, batch);
      if (outcome.kind !== 'ok') {
        state = failed(state, outcome, false);
        await store.set('sync', state);
        return state;
      }
      state = { ...state, cursor: i + 1, reachLimit: false, syncOff: false };
      if (batch.firstBatch) state.firstBatchFinished = true;
      if (batch.final) {
        state = {
          ...state,
          phase: 'finished',
          finished: true,
          lastSyncTime: now(),
          uploadedExtraChats: state.extraChatsAtStart,
          uploadedExtraMessages: state.extraMessagesAtStart,
        };
      }
      await store.set('sync', state);
      log(`batch ${i + 1} of ${plan.length} stored`);
    }
    return state;
  };

  const topUp = async (ctx: RunContext, start: SyncState): Promise<SyncState> => {
    let state = start;
    // The chat page may have added more while the sync ran: read its account again.
    const account = (await store.getAccount(ctx.number)) ?? ctx.account;
    const chats = account.extraChats.slice(state.uploadedExtraChats);
    const messages = account.extraMessages.slice(state.uploadedExtraMessages);
    if (chats.length === 0 && messages.length === 0) return state;
    for (const batch of planTopUp(chats, messages, limits)) {
      const outcome = await upload(ctx, batch);
      if (outcome.kind !== 'ok') {
        state = failed(state, outcome, true);
        await store.set('sync', state);
        return state;
      }
      state = {
        ...state,
        uploadedExtraChats: state.uploadedExtraChats + batch.chats.length,
        uploadedExtraMessages: state.uploadedExtraMessages + batch.messages.length,
        reachLimit: false,
        syncOff: false,
        lastSyncTime: now(),
        lastError: null,
      };
      await store.set('sync', state);
    }
    return state;
  };

  const run = async (mode: SyncMode): Promise<void> => {
    const ctx = await context();
    if (!ctx) return;
    const stored = syncOf({ session: ctx.session, login: { number: ctx.number }, sync: await store.get('sync') });
    let state = stored ?? freshSyncState(ctx);
    if (mode === 'resume' && state.phase !== 'running') return;
    if (mode === 'topUp' && (!state.finished || state.syncOff)) return;
    if (!state.finished || state.phase === 'running') {
      state = await fullSync(ctx, state);
      if (!state.finished) return;
    }
    await topUp(ctx, state);
  };

  let active: Promise<void> | null = null;
  let queued: SyncMode | null = null;

  const schedule = (mode: SyncMode): Promise<void> => {
    if (active) {
      queued = queued === null || rank[mode] > rank[queued] ? mode : queued;
      return active;
    }
    active = (async () => {
      let next: SyncMode | null = mode;
      while (next) {
        queued = null;
        try {
          await run(next);
        } catch (error) {
          log(`sync run failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        next = queued;
      }
    })().finally(() => {
      active = null;
    });
    return active;
  };

  const chatPageOpened = async (): Promise<void> => {
    const ctx = await context();
    if (!ctx) return;
    // The workspace asked for a sync while the chat page was not logged in yet: it starts now.
    const pending = await store.get('pendingSync');
    if (pending) {
      await store.remove('pendingSync');
      if (pending.origin === ctx.session.origin && now() - pending.at <= PENDING_SYNC_MS) return schedule('sync');
    }
    const status = await client.call(chatsEndpoints.syncStatus, {});
    if (status.kind !== 'ok') return;
    if (status.data.syncType === 'auto') return schedule('sync');
    const stored = syncOf({ session: ctx.session, login: { number: ctx.number }, sync: await store.get('sync') });
    if (status.data.syncType === 'off') {
      if (stored && !stored.syncOff) await store.set('sync', { ...stored, syncOff: true });
      return;
    }
    // manual: a finished sync is kept up to date; a sync type turned back on clears the stop.
    if (stored?.syncOff) await store.set('sync', { ...stored, syncOff: false });
    return schedule('topUp');
  };

  return { schedule, chatPageOpened, isRunning: () => active !== null };
};
