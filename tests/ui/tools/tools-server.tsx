/**
 * The chat tools view tests' server: the real Hono app with the team world (tools-server-worker.ts)
 * behind a real API client (src/services/api/client.ts) whose fetch goes to it, as the members
 * view tests do (tests/ui/members/team-server.tsx). The panels' rules (who reads which quick
 * replies and auto replies, whose switch a call sets, which files get download links) are the
 * server's own; the extension is the in-memory fake (src/services/extension/fake.ts), which
 * records every message and answers 'sendMessage' as the test says.
 */
import { screen, waitFor } from '@testing-library/react';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect } from 'vitest';
import { nameOfEndpoint, type EndpointName } from '../../../src/contract/all-endpoints';
import type { Endpoint } from '../../../src/contract/endpoint';
import { createApiClient, type ApiClient, type ApiResult } from '../../../src/services/api/client';
import { createFakeExtension, type FakeExtension, type FakeExtensionHandler } from '../../../src/services/extension/fake';
import { createMemoryBackend, createStorage, type AppStorage } from '../../../src/services/storage';
import { fixedViewport } from '../../../src/services/viewport';
import type { Person } from '../../server/support/team-world';
import { renderApp, type FakeApi } from '../harness';
import type { ToolsSeed, ToolsWorld, WorkerReply, WorkerRequest } from './tools-server-protocol';

export type { ToolsSeed };

type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;
type Pending = { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void };

export type ToolsServer = {
  reset(seed: ToolsSeed): Promise<ToolsWorld>;
  /** A person's member config as the server holds it. */
  config(person: Person): Promise<{ key: string; value: string }[]>;
  fetch: typeof fetch;
  stop(): Promise<void>;
};

/** Starts the server worker (a fresh in-memory database with the team world); once per test file. */
export async function startToolsServer(): Promise<ToolsServer> {
  const worker = new Worker(resolve('tests/ui/tools/tools-server-boot.mjs'), {
    workerData: { entry: resolve('tests/ui/tools/tools-server-worker.ts') },
  });
  const pending = new Map<number, Pending>();
  let next = 1;
  let ready: Pending | null = null;
  const readyPromise = new Promise<WorkerReply>((res, rej) => (ready = { resolve: res, reject: rej }));
  worker.on('message', (reply: WorkerReply) => {
    if (reply.op === 'ready') return ready?.resolve(reply);
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.op === 'error') waiting?.reject(new Error(reply.message));
    else waiting?.resolve(reply);
  });
  worker.on('error', (error) => {
    ready?.reject(error);
    for (const p of pending.values()) p.reject(error);
  });
  await readyPromise;

  const ask = <R extends WorkerReply>(request: Unsent<WorkerRequest>): Promise<R> =>
    new Promise<R>((res, rej) => {
      const id = next++;
      pending.set(id, { resolve: (r) => res(r as R), reject: rej });
      worker.postMessage({ ...request, id });
    });

  const serverFetch: typeof fetch = async (input, init) => {
    const request = new Request(input as string, init);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
    const reply = await ask<Extract<WorkerReply, { op: 'fetch' }>>({ op: 'fetch', url: request.url, method: request.method, headers: [...request.headers.entries()], body });
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  };

  return {
    reset: async (seed) => (await ask<Extract<WorkerReply, { op: 'reset' }>>({ op: 'reset', seed })).world,
    config: async (person) => (await ask<Extract<WorkerReply, { op: 'config' }>>({ op: 'config', person })).items,
    fetch: serverFetch,
    stop: async () => {
      await worker.terminate();
    },
  };
}

/** Replaces single calls: answer, hold back or fail (throw an ApiError) instead of the server. */
export type Overrides = { [N in EndpointName]?: (body: unknown, real: () => Promise<ApiResult<unknown>>) => unknown };

export type RecordingApi = FakeApi & { bodies: (name: EndpointName) => unknown[] };

/** The app's API client on the server, recording every call; it reads the token from `storage`. */
function serverApi(server: ToolsServer, storage: AppStorage, overrides: Overrides): RecordingApi {
  const client: ApiClient = createApiClient({ baseUrl: 'http://test', storage, notify: () => undefined, onSessionEnded: () => undefined, fetch: server.fetch });
  const calls: RecordingApi['calls'] = [];
  const call = (async (endpoint: Endpoint, body?: unknown) => {
    const name = nameOfEndpoint(endpoint);
    calls.push({ name, body });
    const real = () => client.call(endpoint, body as never) as Promise<ApiResult<unknown>>;
    const override = overrides[name];
    return override ? override(body, real) : real();
  }) as ApiClient['call'];
  return { call, calls, handlers: {}, bodies: (name) => calls.filter((c) => c.name === name).map((c) => c.body) };
}

const following = (target: () => AppStorage): AppStorage => ({
  get: (key) => target().get(key),
  set: (key, value) => target().set(key, value),
  remove: (key) => target().remove(key),
});

export type RenderToolsOptions = {
  as?: Person;
  seed: ToolsSeed;
  storage?: Record<string, string>;
  overrides?: Overrides;
  /** How the fake extension answers 'sendMessage' (no handler: it answers nothing). */
  sendMessage?: FakeExtensionHandler;
  /** A phone-narrow screen (the tools open as a sheet). */
  narrow?: boolean;
  path?: string;
};

/** Lays the world out, signs `as` in (the member by default) and renders the conversations screen with its chat list loaded. */
export async function renderTools(server: ToolsServer, options: RenderToolsOptions) {
  const world = await server.reset(options.seed);
  const person = world.who[options.as ?? 'member'];
  const items = { accessToken: person.accessToken, ...options.storage };
  let appStorage: AppStorage = createStorage(createMemoryBackend(items));
  const api = serverApi(
    server,
    following(() => appStorage),
    options.overrides ?? {},
  );
  const bridge: FakeExtension = createFakeExtension(options.sendMessage ? { sendMessage: options.sendMessage } : {});
  const app = await renderApp({
    path: options.path ?? '/conversation',
    api,
    storage: items,
    bridge,
    viewport: fixedViewport(options.narrow ?? false),
    beforeRender: (_shell, storage) => {
      appStorage = storage;
    },
  });
  await screen.findByTestId('conversation-page', {}, { timeout: 10_000 });
  await waitFor(() => expect(screen.queryByTestId('chat-list-loading')).toBeNull(), { timeout: 10_000 });
  return { app, api, world, bridge, bodies: api.bodies };
}

/** The 'sendMessage' payloads the page sent to the extension. */
export const sentMessages = (bridge: FakeExtension): unknown[] => bridge.sent.filter((m) => m.type === 'sendMessage').map((m) => m.payload);
