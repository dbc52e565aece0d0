/**
 * The first-run guidance with its real effects (src/services/actors/first-run-guide.ts) on fake
 * services: the calls it makes, the storage mark a hidden guidance leaves (SPEC §3 keys), the
 * extension messages, and the mask's Sync Now.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Endpoint } from '../../src/contract/endpoint';
import { PIPELINE_PATH } from '../../src/machines/constants';
import { firstRunGuideMachine, LOGIN_POLL_INTERVAL_MS } from '../../src/machines/first-run-guide.machine';
import { extensionKnown, firstRunGuideEffects } from '../../src/services/actors/first-run-guide';
import type { ApiClient, ApiResult } from '../../src/services/api/client';
import { createFakeExtension } from '../../src/services/extension/fake';
import type { FlowServices } from '../../src/services/flow-services';
import { createMemoryBackend, createStorage } from '../../src/services/storage';
import { flush } from '../support/fakes';
import { serviceFakes } from '../support/service-fakes';

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });

const world = (options: { storage?: Record<string, string>; guideType?: number; leadCount?: ApiResult<unknown>; syncedChatCount?: number } = {}) => {
  const calls: string[] = [];
  const sent: { systemId: string; event: unknown }[] = [];
  const navigations: string[] = [];
  const answers: Record<string, () => ApiResult<unknown>> = {
    '/api/crm/v2/user/get-guide-type': () => ok({ guideType: options.guideType ?? 0 }),
    '/member/leads/count': () => options.leadCount ?? ok({ items: [], totalCount: 7 }),
    '/api/crm/v2/sync/status': () => ok({ numbers: [], limit: 5, syncType: 'manual', lastSyncTime: null, syncedChatCount: options.syncedChatCount ?? 0 }),
  };
  const api = {
    call: (async (endpoint: Endpoint) => {
      calls.push(endpoint.path);
      const answer = answers[endpoint.path];
      if (!answer) throw new Error(`no answer for ${endpoint.path}`);
      return answer();
    }) as ApiClient['call'],
  };
  const storage = createStorage(createMemoryBackend(options.storage ?? {}));
  const bridge = createFakeExtension();
  const services: FlowServices = {
    api,
    storage,
    bridge,
    clipboard: { writeText: async () => undefined },
    files: { save: () => undefined },
    ...serviceFakes(storage),
    navigate: (to) => navigations.push(to),
    sendTo: (systemId, event) => sent.push({ systemId, event }),
  };
  const clock = new SimulatedClock();
  const actor = createActor(firstRunGuideMachine.provide(firstRunGuideEffects(services)), { clock }).start();
  return { actor, clock, calls, sent, navigations, storage, bridge };
};

describe('first-run guidance with its effects', () => {
  it('a known extension (remembered id or a past mark) opens nothing and asks the extension nothing', async () => {
    const marks: Record<string, string>[] = [{ extensionId: 'kfbkmhobnmhebibkgfcgbjjkmkmmdmcn' }, { extensionConfig: JSON.stringify({ chatServiceId: null }) }];
    for (const known of marks) {
      const w = world({ storage: known });
      await waitFor(w.actor, (s) => s.matches('idle'));
      expect(w.calls).toEqual(['/api/crm/v2/user/get-guide-type']);
      expect(w.bridge.sent).toEqual([]);
    }
    expect(extensionKnown({ storage: createStorage(createMemoryBackend({})) })).toBe(false);
  });

  it('the extension installed during the guidance: the mark and its chat-service id are kept, the lead count read', async () => {
    const w = world();
    await waitFor(w.actor, (s) => s.hasTag('showGuide'));
    expect(w.bridge.sent.map((m) => m.type)).toEqual(['fetchLoginInfo']);
    // The person installs the extension; the next poll reaches it.
    w.bridge.setHandler('fetchLoginInfo', () => ({ isLogin: false, isOpenWhatsapp: false }));
    w.bridge.setHandler('findConfigInfo', () => ({ chatServiceId: 'cs-42' }));
    w.bridge.setHandler('activateChatWebTab', () => ({ ok: true }));
    w.clock.increment(LOGIN_POLL_INTERVAL_MS);
    await waitFor(w.actor, (s) => s.matches('idle'));
    await flush();
    expect(w.storage.get('extensionConfig')).toEqual({ chatServiceId: 'cs-42' });
    expect(w.bridge.sent.map((m) => m.type)).toEqual(['fetchLoginInfo', 'fetchLoginInfo', 'findConfigInfo', 'activateChatWebTab']);
    expect(w.calls).toEqual(['/api/crm/v2/user/get-guide-type', '/member/leads/count']);
    expect(w.actor.getSnapshot().context.closeReason).toBe('checkInstallationClose');
  });

  it('Not Now marks the browser (no chat-service id yet) and, with no lead and synced chats, the mask syncs and opens the pipeline', async () => {
    const w = world({ syncedChatCount: 12, leadCount: ok({ items: [], totalCount: 0 }) });
    await waitFor(w.actor, (s) => s.hasTag('showGuide'));
    w.actor.send({ type: 'user.dismiss' });
    await waitFor(w.actor, (s) => s.hasTag('showSyncMask'));
    expect(w.storage.get('extensionConfig')).toEqual({ chatServiceId: null });
    w.actor.send({ type: 'user.syncNow' });
    expect(w.sent).toEqual([{ systemId: 'chatSync', event: { type: 'user.sync' } }]);
    expect(w.navigations).toEqual([PIPELINE_PATH]);
  });

  it('Not Now with leads (7 on the server) and synced chats shows no mask (SPEC §4 lead-count rule)', async () => {
    const w = world({ syncedChatCount: 12 });
    await waitFor(w.actor, (s) => s.hasTag('showGuide'));
    w.actor.send({ type: 'user.dismiss' });
    await waitFor(w.actor, (s) => s.matches('idle'));
    expect(w.actor.getSnapshot().hasTag('showSyncMask')).toBe(false);
  });

  it('a refused lead count is an unknown count: no mask, the guidance closes with the installation check', async () => {
    const w = world({ leadCount: { ok: false, raw: false, code: Code.NO_WORKSPACE, data: null, message: 'No workspace' } });
    await waitFor(w.actor, (s) => s.hasTag('showGuide'));
    w.bridge.setHandler('fetchLoginInfo', () => ({ isOpenWhatsapp: true }));
    w.clock.increment(LOGIN_POLL_INTERVAL_MS);
    await waitFor(w.actor, (s) => s.matches('idle'));
    expect(w.actor.getSnapshot().hasTag('showSyncMask')).toBe(false);
    expect(w.actor.getSnapshot().context.closeReason).toBe('checkInstallationClose');
  });
});
