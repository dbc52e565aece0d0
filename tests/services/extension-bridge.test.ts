import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChromeBridge, EXTENSION_TIMEOUT_MS, type ChromeRuntimeLike } from '../../src/services/extension/bridge';
import { createFakeExtension } from '../../src/services/extension/fake';
import { createMemoryBackend, createStorage } from '../../src/services/storage';
import { extensionMessage, KNOWN_EXTENSION_IDS, type ExtensionMessage } from '../../src/contract/extension';

const [ID_A, ID_B] = KNOWN_EXTENSION_IDS;
const STORED = 'abcdefghijklmnopabcdefghijklmnop';

/** How one extension id behaves in the fake runtime. */
type Behaviour =
  | { kind: 'answer'; reply: (m: ExtensionMessage) => unknown }
  | { kind: 'lastError' }
  | { kind: 'throw' }
  | { kind: 'silent' };

const createFakeRuntime = (behaviours: Record<string, Behaviour>) => {
  const tried: string[] = [];
  const runtime: ChromeRuntimeLike = {
    lastError: undefined,
    sendMessage(id, message, callback) {
      tried.push(id);
      const b = behaviours[id] ?? { kind: 'lastError' };
      if (b.kind === 'throw') throw new Error(`Invalid extension id: '${id}'`);
      if (b.kind === 'silent') return undefined;
      queueMicrotask(() => {
        if (b.kind === 'lastError') {
          runtime.lastError = { message: 'Could not establish connection. Receiving end does not exist.' };
          callback(undefined);
          runtime.lastError = undefined;
        } else {
          callback(b.reply(message));
        }
      });
      return undefined;
    },
  };
  return { runtime, tried };
};

const answer = (reply: unknown): Behaviour => ({ kind: 'answer', reply: () => reply });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('chrome extension bridge', () => {
  it('sends the SPEC message shape', async () => {
    const received: ExtensionMessage[] = [];
    const { runtime } = createFakeRuntime({ [ID_A]: { kind: 'answer', reply: (m) => (received.push(m), { ok: 1 }) } });
    const bridge = createChromeBridge({ storage: createStorage(createMemoryBackend()), runtime });
    await bridge.send('fetchChatsSync', { isSyncData: true });
    expect(received).toEqual([{ sender: 'crm-web', target: 'background', type: 'fetchChatsSync', payload: { isSyncData: true } }]);
    expect(extensionMessage.safeParse(received[0]).success).toBe(true);
  });

  it('tries the stored id first and stops when it answers', async () => {
    const storage = createStorage(createMemoryBackend());
    storage.set('extensionId', STORED);
    const { runtime, tried } = createFakeRuntime({ [STORED]: answer({ chatServiceId: 'cs-1' }), [ID_A]: answer('wrong') });
    const bridge = createChromeBridge({ storage, runtime });
    await expect(bridge.send('findConfigInfo')).resolves.toEqual({ chatServiceId: 'cs-1' });
    expect(tried).toEqual([STORED]);
    expect(storage.get('extensionId')).toBe(STORED);
  });

  it('falls back to the known ids in order and remembers the one that answers', async () => {
    const storage = createStorage(createMemoryBackend());
    storage.set('extensionId', STORED);
    const { runtime, tried } = createFakeRuntime({ [STORED]: { kind: 'lastError' }, [ID_A]: { kind: 'lastError' }, [ID_B]: answer({ isLogin: true }) });
    const bridge = createChromeBridge({ storage, runtime });
    await expect(bridge.send('fetchLoginInfo')).resolves.toEqual({ isLogin: true });
    expect(tried).toEqual([STORED, ID_A, ID_B]);
    expect(storage.get('extensionId')).toBe(ID_B);
  });

  it('with nothing stored, tries the known ids and remembers the first that answers', async () => {
    const storage = createStorage(createMemoryBackend());
    const { runtime, tried } = createFakeRuntime({ [ID_A]: answer(true), [ID_B]: answer(false) });
    const bridge = createChromeBridge({ storage, runtime });
    await expect(bridge.send('activateChatWebTab')).resolves.toBe(true);
    expect(tried).toEqual([ID_A]);
    expect(storage.get('extensionId')).toBe(ID_A);
    // The next message goes to the remembered id directly.
    await bridge.send('activateChatWebTab');
    expect(tried).toEqual([ID_A, ID_A]);
  });

  it('does not try a stored id twice when it is also a known id', async () => {
    const storage = createStorage(createMemoryBackend());
    storage.set('extensionId', ID_B);
    const { runtime, tried } = createFakeRuntime({});
    const bridge = createChromeBridge({ storage, runtime });
    await expect(bridge.send('startChat', { phone: '1' })).resolves.toBeUndefined();
    expect(tried).toEqual([ID_B, ID_A]);
  });

  it('swallows lastError, thrown errors and silence as no answer, leaving storage alone', async () => {
    vi.useFakeTimers();
    const storage = createStorage(createMemoryBackend());
    storage.set('extensionId', STORED);
    const { runtime, tried } = createFakeRuntime({ [STORED]: { kind: 'throw' }, [ID_A]: { kind: 'lastError' }, [ID_B]: { kind: 'silent' } });
    const bridge = createChromeBridge({ storage, runtime });
    const result = bridge.send('fetchChatsSyncInfo');
    const settled = vi.fn();
    void result.then(settled);
    await vi.advanceTimersByTimeAsync(EXTENSION_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeUndefined();
    expect(tried).toEqual([STORED, ID_A, ID_B]);
    expect(storage.get('extensionId')).toBe(STORED);
  });

  it('treats an undefined answer as no answer and tries the next id', async () => {
    const storage = createStorage(createMemoryBackend());
    const { runtime, tried } = createFakeRuntime({ [ID_A]: answer(undefined), [ID_B]: answer('here') });
    const bridge = createChromeBridge({ storage, runtime });
    await expect(bridge.send('loginGuidance')).resolves.toBe('here');
    expect(tried).toEqual([ID_A, ID_B]);
  });

  it('answers undefined when there is no chrome.runtime', async () => {
    const storage = createStorage(createMemoryBackend());
    await expect(createChromeBridge({ storage, runtime: undefined }).send('fetchLoginInfo')).resolves.toBeUndefined();
    vi.stubGlobal('chrome', undefined);
    await expect(createChromeBridge({ storage }).send('fetchLoginInfo')).resolves.toBeUndefined();
  });

  it('looks up globalThis.chrome.runtime when no runtime is given', async () => {
    const storage = createStorage(createMemoryBackend());
    const { runtime } = createFakeRuntime({ [ID_A]: answer({ chatServiceId: null }) });
    vi.stubGlobal('chrome', { runtime });
    await expect(createChromeBridge({ storage }).send('findConfigInfo')).resolves.toEqual({ chatServiceId: null });
  });

  it('swallows a rejected promise returned by sendMessage', async () => {
    const storage = createStorage(createMemoryBackend());
    const runtime: ChromeRuntimeLike = {
      sendMessage: () => Promise.reject(new Error('Extension context invalidated.')),
    };
    await expect(createChromeBridge({ storage, runtime, knownIds: [ID_A] }).send('fetchLoginInfo')).resolves.toBeUndefined();
  });
});

describe('fake extension', () => {
  it('answers through its handlers and records what was sent', async () => {
    const fake = createFakeExtension({ findConfigInfo: () => ({ chatServiceId: 'cs-9' }), fetchChatsSync: async (p) => ({ echoed: p }) });
    await expect(fake.send('findConfigInfo')).resolves.toEqual({ chatServiceId: 'cs-9' });
    await expect(fake.send('fetchChatsSync', { isSyncData: true })).resolves.toEqual({ echoed: { isSyncData: true } });
    expect(fake.sent).toEqual([
      { sender: 'crm-web', target: 'background', type: 'findConfigInfo' },
      { sender: 'crm-web', target: 'background', type: 'fetchChatsSync', payload: { isSyncData: true } },
    ]);
  });

  it('answers undefined without a handler or when the handler fails', async () => {
    const fake = createFakeExtension({
      startChat: () => {
        throw new Error('boom');
      },
      loginGuidance: () => Promise.reject(new Error('boom')),
    });
    await expect(fake.send('fetchLoginInfo')).resolves.toBeUndefined();
    await expect(fake.send('startChat')).resolves.toBeUndefined();
    await expect(fake.send('loginGuidance')).resolves.toBeUndefined();
    expect(fake.sent.map((m) => m.type)).toEqual(['fetchLoginInfo', 'startChat', 'loginGuidance']);
  });

  it('lets a test replace and remove handlers', async () => {
    const fake = createFakeExtension();
    fake.setHandler('fetchLoginInfo', () => ({ isLogin: false }));
    await expect(fake.send('fetchLoginInfo')).resolves.toEqual({ isLogin: false });
    fake.setHandler('fetchLoginInfo', undefined);
    await expect(fake.send('fetchLoginInfo')).resolves.toBeUndefined();
  });
});
