/**
 * The real server of the view tests that run against the server's own rules (members, chat tools,
 * schedules), in a worker thread: the `unit` project transforms modules for the browser (jsdom),
 * which breaks the server's `new URL(…, import.meta.url)` file paths, so the server runs in a
 * worker as Node runs it (loaded through tsx by server-worker-boot.mjs).
 *
 * This module holds what every such test shares: the request/answer protocol's plumbing on both
 * sides (`startServerWorker` here, `serveWorker` in the worker: server-worker-host.ts), a `fetch` that goes to the
 * worker's app, the app's real API client on it recording every call (`serverApi`), and picking an
 * option of an Ark select (`pickOption`). Each area's worker adds its own operations (`reset`
 * with its world, reading back what the server holds).
 */
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect } from 'vitest';
import { nameOfEndpoint, type EndpointName } from '../../src/contract/all-endpoints';
import type { Endpoint } from '../../src/contract/endpoint';
import { createApiClient, type ApiClient, type ApiResult } from '../../src/services/api/client';
import type { AppStorage } from '../../src/services/storage';
import type { FakeApi } from './harness';
import type { BaseReply, FetchReply, FetchRequest, Message } from './server-worker-host';

export type { BaseReply, FetchReply, FetchRequest };

export type User = ReturnType<typeof userEvent.setup>;

/** A request without its id (the id is given when it is sent). */
export type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;

export type ServerWorker<Req extends Message, Reply extends Message> = {
  /** Sends one request and waits for its answer (an `error` answer rejects). */
  ask<R extends Reply>(request: Unsent<Req>): Promise<R>;
  /** A fetch answered by the worker's app. */
  fetch: typeof fetch;
  stop(): Promise<void>;
};

/** Starts the worker at `entry` (a TypeScript module that calls `serveWorker`) and waits until it is ready; once per test file. */
export async function startServerWorker<Req extends Message, Reply extends Message>(entry: string): Promise<ServerWorker<Req | FetchRequest, Reply | BaseReply>> {
  type AnyReply = Reply | BaseReply;
  type Pending = { resolve: (reply: AnyReply) => void; reject: (error: Error) => void };
  const worker = new Worker(resolve('tests/ui/server-worker-boot.mjs'), { workerData: { entry: resolve(entry) } });
  const pending = new Map<number, Pending>();
  let next = 1;
  let ready: Pending | null = null;
  const readyPromise = new Promise<AnyReply>((res, rej) => (ready = { resolve: res, reject: rej }));
  worker.on('message', (reply: AnyReply) => {
    if (reply.op === 'ready') return ready?.resolve(reply);
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.op === 'error') waiting?.reject(new Error((reply as { message: string }).message));
    else waiting?.resolve(reply);
  });
  worker.on('error', (error) => {
    ready?.reject(error);
    for (const p of pending.values()) p.reject(error);
  });
  await readyPromise;

  const ask = <R extends AnyReply>(request: Unsent<Req | FetchRequest>): Promise<R> =>
    new Promise<R>((res, rej) => {
      const id = next++;
      pending.set(id, { resolve: (r) => res(r as R), reject: rej });
      worker.postMessage({ ...request, id });
    });

  const serverFetch: typeof fetch = async (input, init) => {
    const request = new Request(input as string, init);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
    const reply = await ask<FetchReply>({ op: 'fetch', url: request.url, method: request.method, headers: [...request.headers.entries()], body } as Unsent<FetchRequest>);
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  };

  return {
    ask,
    fetch: serverFetch,
    stop: async () => {
      await worker.terminate();
    },
  };
}

/** Replaces single calls: answer, hold back or fail (throw an ApiError) instead of the server. */
export type Overrides = { [N in EndpointName]?: (body: unknown, real: () => Promise<ApiResult<unknown>>) => unknown };

export type RecordingApi = FakeApi & { bodies: (name: EndpointName) => unknown[] };

/**
 * The app's API client on the server, recording every call (endpoint name and body as the app
 * passed it). It reads the token from `storage`.
 */
export function serverApi(serverFetch: typeof fetch, storage: AppStorage, overrides: Overrides = {}): RecordingApi {
  const client: ApiClient = createApiClient({ baseUrl: 'http://test', storage, notify: () => undefined, onSessionEnded: () => undefined, fetch: serverFetch });
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

/** An AppStorage that reads and writes `target()` (the app's storage once it exists: the client needs the token before). */
export const following = (target: () => AppStorage): AppStorage => ({
  get: (key) => target().get(key),
  set: (key, value) => target().set(key, value),
  remove: (key) => target().remove(key),
});

/** Opens an Ark select by its trigger and picks the option with this visible label. */
export async function pickOption(user: User, triggerTestId: string, label: string): Promise<void> {
  const trigger = screen.getByTestId(triggerTestId);
  await user.click(trigger);
  await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'));
  const listbox = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error(`no listbox for ${triggerTestId}`);
  const option = Array.from(listbox.querySelectorAll<HTMLElement>('[role="option"]')).find((o) => o.textContent?.trim() === label);
  if (!option) throw new Error(`no option ${label} in ${triggerTestId}`);
  await user.pointer({ keys: '[MouseLeft>]', target: option });
  await user.click(option);
}
