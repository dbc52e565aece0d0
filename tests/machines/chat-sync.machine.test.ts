/**
 * The chat-sync machine (SPEC §4 Chat sync flow, §9: polls once a second, at most 20) with fakes
 * for its effects and a SimulatedClock for the polls. The path test reaches every state; this one
 * follows whole syncs in time: the happy path, the 20-try limit, the extension falling silent,
 * the network failing, no extension at all, the two login errors, the auto sync type, a member
 * change in the middle, and start chat.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  chatSyncMachine,
  SYNC_POLL_INTERVAL_MS,
  SYNC_POLL_MAX_TRIES,
  type ActionReplyOrNone,
  type LoginInfoOrNone,
  type StartChatInput,
  type SyncReplyOrNone,
  type SyncStatusFacts,
} from '../../src/machines/chat-sync.machine';
import { controllable, flush } from '../support/fakes';
import { syncReply as reply } from '../support/sync-fixtures';

const signedIn: LoginInfoOrNone = { isWhatsappLogin: true, isLogin: true, isOpenWhatsapp: true };

const start = () => {
  const clock = new SimulatedClock();
  const fakes = {
    loadSyncStatus: controllable<SyncStatusFacts>(),
    fetchLoginInfo: controllable<LoginInfoOrNone>(),
    requestSync: controllable<SyncReplyOrNone>(),
    fetchSyncInfo: controllable<SyncReplyOrNone>(),
    startChat: controllable<ActionReplyOrNone, StartChatInput>(),
  };
  const actions = {
    askLoginGuidance: vi.fn(),
    activateChatTab: vi.fn(),
    reloadLeads: vi.fn<(p: { hideClosed: boolean }) => void>(),
    logEvent: vi.fn<(p: { event: string; status: string }) => void>(),
  };
  const actor = createActor(
    chatSyncMachine.provide({
      actors: {
        loadSyncStatus: fakes.loadSyncStatus.logic,
        fetchLoginInfo: fakes.fetchLoginInfo.logic,
        requestSync: fakes.requestSync.logic,
        fetchSyncInfo: fakes.fetchSyncInfo.logic,
        startChat: fakes.startChat.logic,
      },
      actions: {
        askLoginGuidance: () => actions.askLoginGuidance(),
        activateChatTab: () => actions.activateChatTab(),
        reloadLeads: (_, p) => actions.reloadLeads(p),
        logEvent: (_, p) => actions.logEvent(p),
      },
    }),
    { clock },
  ).start();
  const snap = () => actor.getSnapshot();
  const notice = () => snap().context.notice?.kind ?? null;
  /** Presses Sync and answers the sync type and login info; the first request is then asked. */
  const syncSignedIn = async (syncType: SyncStatusFacts['syncType'] = 'manual') => {
    actor.send({ type: 'user.sync' });
    fakes.loadSyncStatus.resolve({ syncType });
    await flush();
    fakes.fetchLoginInfo.resolve(signedIn);
    await flush();
  };
  /** Up to the polls: both requests answer "unfinished, chat page open". */
  const toPolling = async () => {
    await syncSignedIn();
    fakes.requestSync.resolve(reply());
    await flush();
    fakes.requestSync.resolve(reply());
    await flush();
  };
  /** One second passes and the poll it starts is answered. */
  const poll = async (answer: SyncReplyOrNone) => {
    clock.increment(SYNC_POLL_INTERVAL_MS);
    await flush();
    fakes.fetchSyncInfo.resolve(answer);
    await flush();
  };
  return { actor, clock, fakes, actions, snap, notice, syncSignedIn, toPolling, poll };
};

describe('chat-sync machine: a sync', () => {
  it('checks the sync type and the login, logs, requests, repeats, polls once a second, then activates the page and reloads without closed leads', async () => {
    const t = start();
    t.actor.send({ type: 'user.sync' });
    expect(t.snap().hasTag('checking')).toBe(true);
    expect(t.snap().hasTag('syncing')).toBe(false);
    t.fakes.loadSyncStatus.resolve({ syncType: 'manual' });
    await flush();
    expect(t.fakes.fetchLoginInfo.calls).toHaveLength(1);
    t.fakes.fetchLoginInfo.resolve(signedIn);
    await flush();
    // Step 4: the spinner, the event, the request.
    expect(t.snap().hasTag('syncing')).toBe(true);
    expect(t.actions.logEvent).toHaveBeenCalledWith({ event: 'chatSync', status: 'manual' });
    expect(t.fakes.requestSync.calls).toHaveLength(1);
    t.fakes.requestSync.resolve(reply());
    await flush();
    // Step 6: repeated.
    expect(t.fakes.requestSync.calls).toHaveLength(2);
    t.fakes.requestSync.resolve(reply());
    await flush();
    expect(t.actions.askLoginGuidance).not.toHaveBeenCalled();
    // Step 7: nothing before a second has passed.
    t.clock.increment(SYNC_POLL_INTERVAL_MS - 1);
    await flush();
    expect(t.fakes.fetchSyncInfo.calls).toHaveLength(0);
    t.clock.increment(1);
    await flush();
    expect(t.fakes.fetchSyncInfo.calls).toHaveLength(1);
    t.fakes.fetchSyncInfo.resolve(reply());
    await flush();
    await t.poll(reply({ chatSyncFirstBatchFinished: true }));
    expect(t.fakes.fetchSyncInfo.calls).toHaveLength(2);
    expect(t.actions.activateChatTab).toHaveBeenCalledTimes(1);
    expect(t.actions.reloadLeads).toHaveBeenCalledWith({ hideClosed: true });
    expect(t.snap().hasTag('syncing')).toBe(false);
    expect(t.notice()).toBe('synced');
  });

  it(`stops with a notice after ${SYNC_POLL_MAX_TRIES} polls without the first batch, and polls no more`, async () => {
    const t = start();
    await t.toPolling();
    for (let i = 0; i < SYNC_POLL_MAX_TRIES; i++) {
      expect(t.snap().hasTag('syncing')).toBe(true);
      await t.poll(reply());
    }
    expect(t.fakes.fetchSyncInfo.calls).toHaveLength(SYNC_POLL_MAX_TRIES);
    expect(t.snap().hasTag('syncing')).toBe(false);
    expect(t.notice()).toBe('timedOut');
    t.clock.increment(10 * SYNC_POLL_INTERVAL_MS);
    await flush();
    expect(t.fakes.fetchSyncInfo.calls).toHaveLength(SYNC_POLL_MAX_TRIES);
    expect(t.actions.reloadLeads).not.toHaveBeenCalled();
  });

  it('ends with extensionLost when the extension stops answering in the middle', async () => {
    const t = start();
    await t.toPolling();
    await t.poll(reply());
    await t.poll(undefined);
    expect(t.snap().hasTag('syncing')).toBe(false);
    expect(t.notice()).toBe('extensionLost');
    t.clock.increment(5 * SYNC_POLL_INTERVAL_MS);
    await flush();
    expect(t.fakes.fetchSyncInfo.calls).toHaveLength(2);
  });

  it('ends with extensionLost when a sync request gets no answer', async () => {
    const t = start();
    await t.syncSignedIn();
    t.fakes.requestSync.resolve(undefined);
    await flush();
    expect(t.notice()).toBe('extensionLost');
    expect(t.snap().hasTag('syncing')).toBe(false);
  });

  it('stops with a network notice when the sync type cannot be read, without asking the extension', async () => {
    const t = start();
    t.actor.send({ type: 'user.sync' });
    t.fakes.loadSyncStatus.reject(new Error('Network error'));
    await flush();
    expect(t.notice()).toBe('network');
    expect(t.fakes.fetchLoginInfo.calls).toHaveLength(0);
    expect(t.snap().hasTag('checking')).toBe(false);
  });

  it('refuses to sync for the off sync type', async () => {
    const t = start();
    t.actor.send({ type: 'user.sync' });
    t.fakes.loadSyncStatus.resolve({ syncType: 'off' });
    await flush();
    expect(t.notice()).toBe('syncOff');
    expect(t.fakes.fetchLoginInfo.calls).toHaveLength(0);
  });

  it('without the extension reloads the leads directly (step 8) and says the extension is needed', async () => {
    const t = start();
    t.actor.send({ type: 'user.sync' });
    t.fakes.loadSyncStatus.resolve({ syncType: 'manual' });
    await flush();
    t.fakes.fetchLoginInfo.resolve(undefined);
    await flush();
    expect(t.actions.reloadLeads).toHaveBeenCalledWith({ hideClosed: false });
    expect(t.notice()).toBe('noExtension');
    expect(t.fakes.requestSync.calls).toHaveLength(0);
  });

  it('logged in nowhere: the extension opens the chat page (step 2); only the CRM extension signed out: the SPEC §8 error (step 3)', async () => {
    const t = start();
    t.actor.send({ type: 'user.sync' });
    t.fakes.loadSyncStatus.resolve({ syncType: 'manual' });
    await flush();
    t.fakes.fetchLoginInfo.resolve({ isWhatsappLogin: false, isLogin: false });
    await flush();
    expect(t.actions.askLoginGuidance).toHaveBeenCalledTimes(1);
    expect(t.notice()).toBe('openChatPage');
    t.actor.send({ type: 'user.sync' });
    // A new sync clears the old notice.
    expect(t.notice()).toBe(null);
    t.fakes.loadSyncStatus.resolve({ syncType: 'manual' });
    await flush();
    t.fakes.fetchLoginInfo.resolve({ isWhatsappLogin: true, isLogin: false });
    await flush();
    expect(t.notice()).toBe('notLoggedIn');
    expect(t.snap().hasTag('syncing')).toBe(false);
    expect(t.fakes.requestSync.calls).toHaveLength(0);
  });

  it('stops at once on a finished reply or the sync limit', async () => {
    const t = start();
    await t.syncSignedIn();
    t.fakes.requestSync.resolve(reply({ chatSyncFinished: true }));
    await flush();
    expect(t.notice()).toBe('upToDate');
    await t.syncSignedIn();
    t.fakes.requestSync.resolve(reply({ isReachSyncLimit: true }));
    await flush();
    expect(t.notice()).toBe('syncLimit');
    expect(t.fakes.requestSync.calls).toHaveLength(2);
  });

  it('with the chat page open but not logged in to the chat service, asks for login guidance too', async () => {
    const t = start();
    await t.syncSignedIn();
    t.fakes.requestSync.resolve(reply({ isWhatsappLogin: false }));
    await flush();
    t.fakes.requestSync.resolve(reply({ isWhatsappLogin: false }));
    await flush();
    expect(t.actions.askLoginGuidance).toHaveBeenCalledTimes(1);
    expect(t.notice()).toBe('loginGuidance');
    expect(t.snap().hasTag('syncing')).toBe(true);
  });

  it('with the chat page closed, asks for login guidance and then polls', async () => {
    const t = start();
    await t.syncSignedIn();
    t.fakes.requestSync.resolve(reply({ isWhatsappOpen: false }));
    await flush();
    t.fakes.requestSync.resolve(reply({ isWhatsappOpen: false }));
    await flush();
    expect(t.actions.askLoginGuidance).toHaveBeenCalledTimes(1);
    expect(t.notice()).toBe('loginGuidance');
    await t.poll(reply({ chatSyncFirstBatchFinished: true }));
    expect(t.notice()).toBe('synced');
  });

  it('the chat page opening syncs by itself only for the auto sync type', async () => {
    const t = start();
    t.actor.send({ type: 'conversations.opened' });
    t.fakes.loadSyncStatus.resolve({ syncType: 'manual' });
    await flush();
    expect(t.fakes.fetchLoginInfo.calls).toHaveLength(0);
    expect(t.notice()).toBe(null);
    t.actor.send({ type: 'conversations.opened' });
    t.fakes.loadSyncStatus.resolve({ syncType: 'auto' });
    await flush();
    t.fakes.fetchLoginInfo.resolve(signedIn);
    await flush();
    expect(t.actions.logEvent).toHaveBeenCalledWith({ event: 'chatSync', status: 'auto' });
    expect(t.snap().hasTag('syncing')).toBe(true);
  });

  it('a member change stops the polls and clears the notice; a press while syncing is ignored', async () => {
    const t = start();
    await t.toPolling();
    t.actor.send({ type: 'user.sync' });
    expect(t.fakes.loadSyncStatus.calls).toHaveLength(1);
    t.actor.send({ type: 'member.selected', userId: 'u2' });
    expect(t.snap().hasTag('syncing')).toBe(false);
    t.clock.increment(3 * SYNC_POLL_INTERVAL_MS);
    await flush();
    expect(t.fakes.fetchSyncInfo.calls).toHaveLength(0);
  });
});

describe('chat-sync machine: start chat', () => {
  it('asks the extension with the trimmed phone; no answer says the extension is needed; a refusal shows its message', async () => {
    const t = start();
    t.actor.send({ type: 'user.startChat', phone: '   ' });
    expect(t.fakes.startChat.calls).toHaveLength(0);
    t.actor.send({ type: 'user.startChat', phone: ' +1 646 100 0042 ' });
    expect(t.snap().hasTag('startingChat')).toBe(true);
    expect(t.fakes.startChat.calls).toEqual([{ phone: '+1 646 100 0042' }]);
    t.fakes.startChat.resolve(undefined);
    await flush();
    expect(t.snap().context.chatNotice).toEqual({ kind: 'noExtension', message: '' });
    t.actor.send({ type: 'user.startChat', phone: '+86 138 0000 0000' });
    // Starting again clears the last notice.
    expect(t.snap().context.chatNotice).toBe(null);
    t.fakes.startChat.resolve({ ok: false, message: 'No such chat' });
    await flush();
    expect(t.snap().context.chatNotice).toEqual({ kind: 'chatRefused', message: 'No such chat' });
    t.actor.send({ type: 'user.dismissChatNotice' });
    expect(t.snap().context.chatNotice).toBe(null);
  });

  it('runs beside a sync: the sync keeps polling while a chat opens', async () => {
    const t = start();
    await t.toPolling();
    t.actor.send({ type: 'user.startChat', phone: '+1 646 100 0042' });
    t.fakes.startChat.resolve({ ok: true });
    await flush();
    expect(t.snap().context.chatNotice?.kind).toBe('chatOpened');
    expect(t.snap().hasTag('syncing')).toBe(true);
    await t.poll(reply({ chatSyncFirstBatchFinished: true }));
    expect(t.notice()).toBe('synced');
  });
});
