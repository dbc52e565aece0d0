/**
 * The extension's sign-in page flow (/crm/eclient/auth, SPEC §2) with its real effects
 * (src/services/actors/eclient-auth.ts) on fake services: an API answering by path, in-memory
 * storage and the in-memory fake extension. The path test reaches every state; this one checks
 * what goes where: the token from the cookie, the grant, and the exact `eclientAuth` message.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Endpoint } from '../../src/contract/endpoint';
import { eclientAuthMachine } from '../../src/machines/eclient-auth.machine';
import { eclientAuthEffects, signInThenBack } from '../../src/services/actors/eclient-auth';
import type { ApiClient, ApiResult } from '../../src/services/api/client';
import { createFakeExtension, type FakeExtensionHandlers } from '../../src/services/extension/fake';
import type { FlowServices } from '../../src/services/flow-services';
import { createMemoryBackend, createStorage } from '../../src/services/storage';
import { serviceFakes } from '../support/service-fakes';

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });
const refused = (code: number, message: string): ApiResult<never> => ({ ok: false, raw: false, code, data: null, message });

const grant = {
  accessToken: 'ext-access',
  refreshToken: 'ext-refresh-0123456789abcdef',
  expiresIn: 900,
  userId: 'u1',
  email: 'mia@example.com',
  workspaceId: 'w1',
};

const world = (options: { token?: boolean; answers: Record<string, () => ApiResult<unknown> | Promise<ApiResult<unknown>>>; extension: FakeExtensionHandlers }) => {
  const calls: string[] = [];
  const sent: { systemId: string; event: unknown }[] = [];
  const navigations: string[] = [];
  const api = {
    call: (async (endpoint: Endpoint) => {
      calls.push(endpoint.path);
      const answer = options.answers[endpoint.path];
      if (!answer) throw new Error(`no answer for ${endpoint.path}`);
      return answer();
    }) as ApiClient['call'],
  };
  const storage = createStorage(createMemoryBackend(options.token ? { accessToken: 'page-token' } : {}));
  const bridge = createFakeExtension(options.extension);
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
  const actor = createActor(eclientAuthMachine.provide(eclientAuthEffects(services))).start();
  return { actor, calls, sent, navigations, storage, bridge };
};

const settled = (actor: ReturnType<typeof world>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 2000 });

describe('eclient-auth flow with its effects', () => {
  it('with a stored token: checks the extension, grants, hands exactly the grant over, and is connected', async () => {
    const w = world({
      token: true,
      answers: { '/api/crm/v2/eclient/grant': () => ok(grant) },
      extension: { findConfigInfo: () => ({ chatServiceId: 'cs-1' }), eclientAuth: () => ({ ok: true }) },
    });
    const s = await settled(w.actor);
    expect(s.hasTag('connected')).toBe(true);
    expect(s.context.email).toBe('mia@example.com');
    expect(w.calls).toEqual(['/api/crm/v2/eclient/grant']);
    expect(w.bridge.sent.map((m) => m.type)).toEqual(['findConfigInfo', 'eclientAuth']);
    expect(w.bridge.sent[1]).toEqual({ sender: 'crm-web', target: 'background', type: 'eclientAuth', payload: grant });
    // The tokens never enter the context.
    expect(JSON.stringify(s.context)).not.toContain('ext-refresh');
  });

  it('without a stored token: obtains one from the cookie, stores it and starts the session', async () => {
    const w = world({
      answers: { '/api/token/': () => ok({ accessToken: 'fresh', expiresIn: 900 }), '/api/crm/v2/eclient/grant': () => ok(grant) },
      extension: { findConfigInfo: () => ({ chatServiceId: null }), eclientAuth: () => ({ ok: true }) },
    });
    const s = await settled(w.actor);
    expect(s.hasTag('connected')).toBe(true);
    expect(w.storage.get('accessToken')).toBe('fresh');
    expect(w.sent).toEqual([{ systemId: 'session', event: { type: 'session.signedIn' } }]);
  });

  it('without any session: offers sign-in, which comes back here', async () => {
    const w = world({ answers: { '/api/token/': () => refused(Code.TOKEN_EXPIRED, 'No session') }, extension: {} });
    const s = await settled(w.actor);
    expect(s.hasTag('needsSignIn')).toBe(true);
    w.actor.send({ type: 'user.signIn' });
    expect(w.navigations).toEqual([signInThenBack]);
    expect(signInThenBack).toBe('/login?redirect=%2Feclient%2Fauth');
    expect(w.bridge.sent).toEqual([]);
  });

  it('without the extension: says so and asks for no grant; a retry after installing goes on', async () => {
    const w = world({ token: true, answers: { '/api/crm/v2/eclient/grant': () => ok(grant) }, extension: {} });
    let s = await settled(w.actor);
    expect(s.hasTag('noExtension')).toBe(true);
    expect(w.calls).toEqual([]);
    w.bridge.setHandler('findConfigInfo', () => ({ chatServiceId: null }));
    w.bridge.setHandler('eclientAuth', () => ({ ok: true }));
    w.actor.send({ type: 'user.retry' });
    s = await settled(w.actor);
    expect(s.hasTag('connected')).toBe(true);
  });

  it('shows a refused grant, a network failure and a refusing or silent extension as errors', async () => {
    const w = world({
      token: true,
      answers: { '/api/crm/v2/eclient/grant': () => refused(Code.NO_WORKSPACE, 'You have no workspace yet') },
      extension: { findConfigInfo: () => ({ chatServiceId: null }) },
    });
    let s = await settled(w.actor);
    expect(s.context.error).toEqual({ kind: 'server', code: Code.NO_WORKSPACE, message: 'You have no workspace yet' });

    w.actor.send({ type: 'user.retry' });
    s = await settled(w.actor);
    expect(s.hasTag('failed')).toBe(true);

    const net = world({
      token: true,
      answers: { '/api/crm/v2/eclient/grant': () => Promise.reject(new Error('Network error')) },
      extension: { findConfigInfo: () => ({ chatServiceId: null }) },
    });
    s = await settled(net.actor);
    expect(s.context.error).toEqual({ kind: 'network' });

    const refusing = world({
      token: true,
      answers: { '/api/crm/v2/eclient/grant': () => ok(grant) },
      extension: { findConfigInfo: () => ({ chatServiceId: null }), eclientAuth: () => ({ ok: false, message: 'Signed in as someone else' }) },
    });
    s = await settled(refusing.actor);
    expect(s.context.error).toEqual({ kind: 'extension', message: 'Signed in as someone else' });

    const silent = world({ token: true, answers: { '/api/crm/v2/eclient/grant': () => ok(grant) }, extension: { findConfigInfo: () => ({ chatServiceId: null }) } });
    s = await settled(silent.actor);
    expect(s.context.error).toEqual({ kind: 'extensionSilent' });
  });
});
