/**
 * The chat sync with its real effects (src/services/actors/chat-sync.ts) on fake services: an API
 * answering by path, in-memory storage with the signed-in user, and the in-memory fake extension.
 * It checks what the page sends (SPEC §7 Extension messaging: sender, target, type, payload), that
 * the extension's replies are read with the contract's schemas, what the pipeline is told, and the
 * analytics log (SPEC §7 Analytics logging).
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Endpoint } from '../../src/contract/endpoint';
import { chatSyncMachine, SYNC_POLL_INTERVAL_MS } from '../../src/machines/chat-sync.machine';
import { chatSyncEffects } from '../../src/services/actors/chat-sync';
import { EVENT_SOURCE } from '../../src/services/event-log';
import type { ApiClient, ApiResult } from '../../src/services/api/client';
import { createFakeExtension, type FakeExtensionHandlers } from '../../src/services/extension/fake';
import type { FlowServices } from '../../src/services/flow-services';
import { createMemoryBackend, createStorage } from '../../src/services/storage';
import { flush } from '../support/fakes';
import { syncReply as reply } from '../support/sync-fixtures';
import { serviceFakes } from '../support/service-fakes';

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });
const status = (syncType: 'off' | 'manual' | 'auto') => ok({ numbers: [], limit: 5, syncType, lastSyncTime: null, syncedChatCount: 0 });
const user = { userId: 'u1', email: 'mia@example.com', name: 'Mia', roles: [{ code: 'member' as const, level: 2 }], isAdmin: false, syncTypes: [], planGroup: 'pro' };
const world = (extension: FakeExtensionHandlers, syncType: 'off' | 'manual' | 'auto' = 'manual') => {
  const sent: { systemId: string; event: unknown }[] = [];
  const calls: string[] = [];
  const api = {
    call: (async (endpoint: Endpoint) => {
      calls.push(endpoint.path);
      if (endpoint.path === '/api/crm/v2/sync/status') return status(syncType);
      throw new Error(`no answer for ${endpoint.path}`);
    }) as ApiClient['call'],
  };
  const storage = createStorage(createMemoryBackend({ userInfo: JSON.stringify(user) }));
  const bridge = createFakeExtension(extension);
  const extras = serviceFakes(storage);
  const services: FlowServices = {
    api,
    storage,
    bridge,
    clipboard: { writeText: async () => undefined },
    files: { save: () => undefined },
    ...extras,
    navigate: () => undefined,
    sendTo: (systemId, event) => sent.push({ systemId, event }),
  };
  const clock = new SimulatedClock();
  const actor = createActor(chatSyncMachine.provide(chatSyncEffects(services)), { clock }).start();
  return { actor, clock, bridge, sent, calls, eventLog: extras.eventLog };
};

describe('chat sync with its effects', () => {
  it('sends the SPEC §7 messages with their payloads and tells the pipeline to reload without closed leads', async () => {
    let polls = 0;
    const w = world({
      fetchLoginInfo: () => ({ isWhatsappLogin: true, isLogin: true, isOpenWhatsapp: true }),
      fetchChatsSync: () => reply(),
      fetchChatsSyncInfo: () => reply({ chatSyncFirstBatchFinished: ++polls >= 2 }),
      activateChatWebTab: () => ({ ok: true }),
    });
    w.actor.send({ type: 'user.sync' });
    await waitFor(w.actor, (s) => s.matches({ sync: 'polling' }));
    for (let i = 0; i < 2; i++) {
      w.clock.increment(SYNC_POLL_INTERVAL_MS);
      await flush();
    }
    await waitFor(w.actor, (s) => s.matches({ sync: 'idle' }));
    expect(w.actor.getSnapshot().context.notice?.kind).toBe('synced');
    expect(w.bridge.sent).toEqual([
      { sender: 'crm-web', target: 'background', type: 'fetchLoginInfo', payload: { userId: 'u1', email: 'mia@example.com' } },
      { sender: 'crm-web', target: 'background', type: 'fetchChatsSync', payload: { isSyncData: true } },
      { sender: 'crm-web', target: 'background', type: 'fetchChatsSync', payload: { isSyncData: true } },
      { sender: 'crm-web', target: 'background', type: 'fetchChatsSyncInfo' },
      { sender: 'crm-web', target: 'background', type: 'fetchChatsSyncInfo' },
      { sender: 'crm-web', target: 'background', type: 'activateChatWebTab' },
    ]);
    expect(w.sent).toEqual([{ systemId: 'pipeline', event: { type: 'leads.changed', hideClosed: true } }]);
    const [event] = w.eventLog.events();
    // The user id and email are the session's: the server takes them from the cookie (src/services/event-log.ts).
    expect(event).toEqual({ eventSource: EVENT_SOURCE, eventType: 'chatSync', time: expect.any(Number), status: 'manual', browser: 'Test browser', sampleTime: 0.05, count: 1 });
  });

  it('without the extension: reloads tabs and leads directly and says the extension is needed', async () => {
    const w = world({});
    w.actor.send({ type: 'user.sync' });
    await waitFor(w.actor, (s) => s.context.notice !== null);
    expect(w.actor.getSnapshot().context.notice?.kind).toBe('noExtension');
    expect(w.sent).toEqual([{ systemId: 'pipeline', event: { type: 'leads.changed' } }]);
    expect(w.eventLog.events()).toEqual([]);
  });

  it('a reply of another shape counts as no answer (the extension lost mid-sync)', async () => {
    const w = world({ fetchLoginInfo: () => ({ isWhatsappLogin: true, isLogin: true }), fetchChatsSync: () => ({ status: 'syncing' }) });
    w.actor.send({ type: 'user.sync' });
    await waitFor(w.actor, (s) => s.context.notice !== null);
    expect(w.actor.getSnapshot().context.notice?.kind).toBe('extensionLost');
  });

  it('step 2 sends loginGuidance; the off sync type asks the extension nothing', async () => {
    const w = world({ fetchLoginInfo: () => ({ isWhatsappLogin: false, isLogin: false }), loginGuidance: () => ({ ok: true }) });
    w.actor.send({ type: 'user.sync' });
    await waitFor(w.actor, (s) => s.context.notice !== null);
    expect(w.bridge.sent.map((m) => m.type)).toEqual(['fetchLoginInfo', 'loginGuidance']);

    const off = world({ fetchLoginInfo: () => reply() }, 'off');
    off.actor.send({ type: 'user.sync' });
    await waitFor(off.actor, (s) => s.context.notice !== null);
    expect(off.actor.getSnapshot().context.notice?.kind).toBe('syncOff');
    expect(off.bridge.sent).toEqual([]);
  });

  it('start chat sends the phone; an answer of another shape reads as no extension', async () => {
    const w = world({ startChat: () => ({ ok: true }) });
    w.actor.send({ type: 'user.startChat', phone: '+1 646 100 0042' });
    await waitFor(w.actor, (s) => s.context.chatNotice !== null);
    expect(w.bridge.sent).toEqual([{ sender: 'crm-web', target: 'background', type: 'startChat', payload: { phone: '+1 646 100 0042' } }]);
    expect(w.actor.getSnapshot().context.chatNotice?.kind).toBe('chatOpened');
    w.bridge.setHandler('startChat', () => 'yes');
    w.actor.send({ type: 'user.startChat', phone: '+1 646 100 0042' });
    await waitFor(w.actor, (s) => s.context.chatNotice !== null);
    expect(w.actor.getSnapshot().context.chatNotice?.kind).toBe('noExtension');
  });
});
