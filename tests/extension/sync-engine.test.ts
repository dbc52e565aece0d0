/**
 * The sync run against a fake workspace: the plan's batches in order, the flags they set, the
 * codes that stop it, resuming where it stopped, top-ups after it finished, and auto sync.
 */
import { describe, expect, it, vi } from 'vitest';
import type { syncUploadRequest } from '../../src/contract/chats';
import { Code } from '../../src/contract/codes';
import type { z } from 'zod/mini';
import { planSync } from '../../extension/src/batches';
import { generateAccount, mergeAccount } from '../../extension/src/chat-data';
import type { CallOutcome, CrmClient } from '../../extension/src/crm-client';
import { createStore, memoryArea, type AccountRecord, type CrmSession, type SyncState } from '../../extension/src/state';
import { createSyncEngine, PENDING_SYNC_MS } from '../../extension/src/sync-engine';
import { sentMessage } from '../../extension/src/chat-page/actions';

type Upload = z.input<typeof syncUploadRequest>;

const NOW = 1_750_000_000_000;
const NUMBER = '14155550100';
const ANCHOR = NOW - 3_600_000;
const session: CrmSession = { origin: 'http://127.0.0.1:8787', accessToken: 'a', refreshToken: 'r', expiresAt: NOW + 900_000, userId: 'u1', email: 'mia@example.test', workspaceId: 'w1' };
const record: AccountRecord = { anchor: ANCHOR, extraChats: [], extraMessages: [] };
const expectedPlan = planSync(mergeAccount(generateAccount(NUMBER, ANCHOR), [], []));

type Answer = CallOutcome<unknown> | ((body: Upload) => CallOutcome<unknown> | Promise<CallOutcome<unknown>>);

/** A fake client: records uploads and answers from a script (then success). */
const setup = (answers: Answer[] = [], syncType: 'off' | 'manual' | 'auto' = 'manual', initial: Record<string, unknown> = {}) => {
  const area = memoryArea({ crmSession: session, chatLogin: { number: NUMBER }, [`account:${NUMBER}`]: record, ...initial });
  const store = createStore(area);
  const uploads: Upload[] = [];
  const ok = { kind: 'ok', data: { chatsStored: 0, messagesStored: 0, leadsCreated: 0, leadsUpdated: 0 } } as const;
  const client: CrmClient = {
    call: (async (endpoint: { path: string }, body: unknown) => {
      if (endpoint.path === '/api/crm/v2/sync/status') return { kind: 'ok', data: { numbers: [], limit: 5, syncType, lastSyncTime: null, syncedChatCount: 0 } };
      uploads.push(body as Upload);
      const next = answers.shift() ?? ok;
      return typeof next === 'function' ? next(body as Upload) : next;
    }) as CrmClient['call'],
    renew: async () => ({ kind: 'ok', data: session }),
  };
  const slept: number[] = [];
  const engine = createSyncEngine({ store, client, now: () => NOW, sleep: async (ms) => void slept.push(ms) });
  const sync = () => area.data.sync as SyncState | undefined;
  return { area, store, engine, uploads, slept, sync };
};

const keysOf = (batches: { messages: { msgKey: string }[] }[]) => batches.flatMap((b) => b.messages.map((m) => m.msgKey));

describe('sync engine', () => {
  it('uploads the plan in order, first batch then final, and marks the sync finished', async () => {
    const { engine, uploads, sync } = setup();
    await engine.schedule('sync');
    expect(uploads).toHaveLength(expectedPlan.length);
    expect(uploads.map((u) => [u.number, u.firstBatch, u.final])).toEqual(expectedPlan.map((b) => [NUMBER, b.firstBatch, b.final]));
    expect(keysOf(uploads)).toEqual(keysOf(expectedPlan));
    expect(sync()).toMatchObject({ phase: 'finished', finished: true, firstBatchFinished: true, reachLimit: false, cursor: expectedPlan.length, lastSyncTime: NOW, userId: 'u1', number: NUMBER });
  });

  it('marks the first batch finished before the rest is stored', async () => {
    let seen: SyncState | undefined;
    const holder: { sync?: () => SyncState | undefined } = {};
    const ok = { kind: 'ok', data: {} } as const;
    const env = setup([ok, () => ((seen = holder.sync!()), ok)]);
    holder.sync = env.sync;
    await env.engine.schedule('sync');
    expect(seen).toMatchObject({ phase: 'running', firstBatchFinished: true, finished: false, cursor: 1 });
  });

  it('sets the limit flag on SYNC_LIMIT and stops; a later success clears it', async () => {
    const { engine, uploads, sync } = setup([{ kind: 'refused', code: Code.SYNC_LIMIT, message: 'You can add up to 5 chat-service numbers for each account.' }]);
    await engine.schedule('sync');
    expect(uploads).toHaveLength(1);
    expect(sync()).toMatchObject({ phase: 'failed', reachLimit: true, finished: false, firstBatchFinished: false, cursor: 0 });
    await engine.schedule('sync');
    expect(sync()).toMatchObject({ phase: 'finished', reachLimit: false, finished: true });
  });

  it('stops on SYNC_OFF and on a lost session', async () => {
    const off = setup([{ kind: 'refused', code: Code.SYNC_OFF, message: 'off' }]);
    await off.engine.schedule('sync');
    expect(off.sync()).toMatchObject({ phase: 'failed', syncOff: true, finished: false });
    expect(off.uploads).toHaveLength(1);

    const out = setup([{ kind: 'ok', data: {} }, { kind: 'signedOut' }]);
    await out.engine.schedule('sync');
    expect(out.uploads).toHaveLength(2);
    expect(out.sync()).toMatchObject({ phase: 'failed', firstBatchFinished: true, finished: false, cursor: 1 });
  });

  it('tries an unreachable workspace again, then continues from the batch it stopped at', async () => {
    const down = { kind: 'unreachable', message: 'offline' } as const;
    const { engine, uploads, slept, sync } = setup([{ kind: 'ok', data: {} }, down, down, down]);
    await engine.schedule('sync');
    expect(slept).toEqual([1000, 3000]);
    expect(sync()).toMatchObject({ phase: 'failed', cursor: 1, lastError: 'offline' });
    const before = uploads.length;
    await engine.schedule('sync');
    // It resumes at the second batch: the first is not sent again.
    expect(uploads[before]!.firstBatch).toBe(false);
    expect(keysOf(uploads.slice(before))).toEqual(keysOf(expectedPlan.slice(1)));
    expect(sync()).toMatchObject({ phase: 'finished', finished: true });
  });

  it('resumes a sync the worker was stopped in, and does nothing for resume otherwise', async () => {
    const stopped = setup([], 'manual');
    await stopped.engine.schedule('resume');
    expect(stopped.uploads).toHaveLength(0);

    const running = { ...(await (async () => { const s = setup(); await s.engine.schedule('sync'); return s.sync()!; })()), phase: 'running', cursor: 1, finished: false };
    const resumed = setup([], 'manual', { sync: running });
    await resumed.engine.schedule('resume');
    expect(keysOf(resumed.uploads)).toEqual(keysOf(expectedPlan.slice(1)));
    expect(resumed.sync()).toMatchObject({ phase: 'finished', finished: true });
  });

  it('after a finished sync uploads only what the chat page added, and a new request only tops up', async () => {
    const { engine, uploads, store, sync } = setup();
    await engine.schedule('sync');
    const count = uploads.length;
    await engine.schedule('topUp');
    expect(uploads).toHaveLength(count);

    const chatId = '8613912345678@c.us';
    const message = sentMessage(chatId, 'Hello', NOW, 'A1');
    await store.setAccount(NUMBER, { ...record, extraChats: [{ chatWhatsappId: chatId, name: '+8613912345678', isGroup: false }], extraMessages: [message] });
    await engine.schedule('topUp');
    expect(uploads.slice(count)).toEqual([{ number: NUMBER, chats: [{ chatWhatsappId: chatId, name: '+8613912345678', avatarUrl: null, isDel: false }], messages: [message], firstBatch: false, final: false }]);
    expect(sync()).toMatchObject({ uploadedExtraChats: 1, uploadedExtraMessages: 1 });

    await engine.schedule('sync');
    expect(uploads).toHaveLength(count + 1);
  });

  it('does not top up before a sync finished, nor for another account', async () => {
    const { engine, uploads } = setup();
    await engine.schedule('topUp');
    expect(uploads).toHaveLength(0);

    const finishedForOther = setup([], 'manual');
    await finishedForOther.engine.schedule('sync');
    const n = finishedForOther.uploads.length;
    await finishedForOther.store.set('crmSession', { ...session, userId: 'u2' });
    await finishedForOther.engine.schedule('topUp');
    expect(finishedForOther.uploads).toHaveLength(n);
    // A sync for the other account starts afresh, from the first batch.
    await finishedForOther.engine.schedule('sync');
    expect(finishedForOther.uploads[n]).toMatchObject({ firstBatch: true });
  });

  it('runs one sync at a time and serves a request made meanwhile when it ends', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { engine, uploads, store } = setup([() => gate.then(() => ({ kind: 'ok', data: {} }) as const)]);
    const first = engine.schedule('sync');
    // The first upload waits at the gate: ask again, and the chat page adds a message meanwhile.
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    const second = engine.schedule('sync');
    expect(engine.isRunning()).toBe(true);
    await store.setAccount(NUMBER, { ...record, extraMessages: [sentMessage(expectedPlan[0]!.chats[0]!.chatWhatsappId, 'Hi', NOW, 'B1')] });
    release();
    await Promise.all([first, second]);
    expect(engine.isRunning()).toBe(false);
    expect(uploads.filter((u) => u.firstBatch)).toHaveLength(1);
    expect(uploads).toHaveLength(expectedPlan.length + 1);
    expect(uploads.at(-1)).toMatchObject({ firstBatch: false, final: false, messages: [{ msgKey: expect.stringContaining('B1') }] });
  });

  it('syncs by itself when the chat page opens only for sync type auto', async () => {
    const auto = setup([], 'auto');
    await auto.engine.chatPageOpened();
    expect(auto.sync()).toMatchObject({ finished: true });

    const manual = setup([], 'manual');
    await manual.engine.chatPageOpened();
    expect(manual.uploads).toHaveLength(0);

    const off = setup([], 'off');
    await off.engine.schedule('sync');
    await off.engine.chatPageOpened();
    expect(off.sync()).toMatchObject({ syncOff: true });
    const n = off.uploads.length;
    await off.store.setAccount(NUMBER, { ...record, extraMessages: [sentMessage(expectedPlan[0]!.chats[0]!.chatWhatsappId, 'Hi', NOW, 'C1')] });
    await off.engine.schedule('topUp');
    expect(off.uploads).toHaveLength(n);
  });

  it('starts a sync the workspace asked for before the chat page was logged in, once, if asked recently', async () => {
    const asked = setup([], 'manual', { pendingSync: { origin: session.origin, at: NOW - 60_000 } });
    await asked.engine.chatPageOpened();
    expect(asked.sync()).toMatchObject({ finished: true });
    expect(asked.area.data.pendingSync).toBeUndefined();

    const stale = setup([], 'manual', { pendingSync: { origin: session.origin, at: NOW - PENDING_SYNC_MS - 1 } });
    await stale.engine.chatPageOpened();
    expect(stale.uploads).toHaveLength(0);
    expect(stale.area.data.pendingSync).toBeUndefined();

    const elsewhere = setup([], 'manual', { pendingSync: { origin: 'http://localhost:9000', at: NOW } });
    await elsewhere.engine.chatPageOpened();
    expect(elsewhere.uploads).toHaveLength(0);
  });

  it('needs a session, a number and its account', async () => {
    for (const missing of ['crmSession', 'chatLogin', `account:${NUMBER}`]) {
      const env = setup();
      delete env.area.data[missing];
      await env.engine.schedule('sync');
      expect(env.uploads, missing).toHaveLength(0);
    }
  });
});
