/**
 * The members view tests' server: the real Hono app with the team world (team-server-worker.ts)
 * behind a real API client (src/services/api/client.ts) whose fetch goes to it. The screen's
 * rules (who may do what, what a removal or an invitation does, seat limits, disbanding) are the
 * server's own; a test may still replace single calls (`overrides`) to make the network fail or
 * hold an answer back.
 */
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect } from 'vitest';
import { nameOfEndpoint, type EndpointName } from '../../../src/contract/all-endpoints';
import type { Endpoint } from '../../../src/contract/endpoint';
import { createApiClient, type ApiClient, type ApiResult } from '../../../src/services/api/client';
import { createMemoryBackend, createStorage, type AppStorage } from '../../../src/services/storage';
import type { Person } from '../../server/support/team-world';
import { renderApp, type FakeApi } from '../harness';
import type { SeedRow, ServerMember, TeamWorld, WorkerReply, WorkerRequest } from './team-server-protocol';

export type User = ReturnType<typeof userEvent.setup>;
export type { SeedRow };

export const MEMBERS_PATH = '/settings/workspace-members';

/** The people of the team world (tests/server/support/team-world.ts) and the main workspace. */
export const emails = {
  admin: 'admin@example.com',
  manager: 'manager@example.com',
  member: 'member@example.com',
  target: 'target@example.com',
  pending: 'pending@example.com',
  outsider: 'outsider@example.com',
} as const;
export const WORKSPACE_ID = 'ws-main';
export const WORKSPACE_NAME = 'Main team';

/**
 * The usual team: the owner syncs automatically, the manager and the member by hand (the member
 * has a chat number), the target's sync is off (new members sync by hand; this one was turned off).
 */
export const usualSeed: SeedRow[] = [
  { person: 'admin', syncType: 'auto' },
  { person: 'manager', syncType: 'manual' },
  { person: 'member', syncType: 'manual', number: '+15550100' },
  { person: 'target', syncType: 'off' },
];

/** A request without its id (the id is given when it is sent). */
type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;

type Pending = { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void };

export type TeamServer = {
  reset(options?: { seed?: readonly SeedRow[]; plan?: string }): Promise<TeamWorld>;
  /** The main workspace's member table as the server holds it now. */
  members(): Promise<ServerMember[]>;
  fetch: typeof fetch;
  stop(): Promise<void>;
};

/** Starts the server worker (a fresh in-memory database with the team world); once per test file. */
export async function startTeamServer(): Promise<TeamServer> {
  const worker = new Worker(resolve('tests/ui/members/team-server-boot.mjs'), {
    workerData: { entry: resolve('tests/ui/members/team-server-worker.ts') },
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
    const reply = await ask<Extract<WorkerReply, { op: 'fetch' }>>({
      op: 'fetch',
      url: request.url,
      method: request.method,
      headers: [...request.headers.entries()],
      body,
    });
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  };

  return {
    reset: async (options = {}) =>
      (await ask<Extract<WorkerReply, { op: 'reset' }>>({ op: 'reset', seed: options.seed ?? usualSeed, ...(options.plan ? { plan: options.plan } : {}) })).world,
    members: async () => (await ask<Extract<WorkerReply, { op: 'members' }>>({ op: 'members' })).members,
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
 * passed it). It reads the token from `storage`, which follows the app's storage once rendered.
 */
export function serverApi(server: TeamServer, storage: AppStorage, overrides: Overrides = {}): RecordingApi {
  const client: ApiClient = createApiClient({
    baseUrl: 'http://test',
    storage,
    notify: () => undefined,
    onSessionEnded: () => undefined,
    fetch: server.fetch,
  });
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

/** An AppStorage that reads and writes `target()` (the app's storage once it exists). */
const following = (target: () => AppStorage): AppStorage => ({
  get: (key) => target().get(key),
  set: (key, value) => target().set(key, value),
  remove: (key) => target().remove(key),
});

export type RenderMembersOptions = {
  as?: Person;
  seed?: readonly SeedRow[];
  plan?: string;
  storage?: Record<string, string>;
  overrides?: Overrides;
  path?: string;
  /** Wait for the members page and its first list (default true). */
  waitForList?: boolean;
};

/** Lays the world out again, signs `as` in (the admin by default) and renders the app at the members screen. */
export async function renderMembers(server: TeamServer, options: RenderMembersOptions = {}) {
  const world = await server.reset({ ...(options.seed ? { seed: options.seed } : {}), ...(options.plan ? { plan: options.plan } : {}) });
  const person = world.who[options.as ?? 'admin'];
  const items = { accessToken: person.accessToken, ...options.storage };
  // The client needs the token before the app's storage exists (the gate calls at once).
  let appStorage: AppStorage = createStorage(createMemoryBackend(items));
  const api = serverApi(
    server,
    following(() => appStorage),
    options.overrides,
  );
  const app = await renderApp({
    path: options.path ?? MEMBERS_PATH,
    api,
    storage: items,
    beforeRender: (_shell, storage) => {
      appStorage = storage;
    },
  });
  if (options.waitForList === false) return { app, api, world, bodies: api.bodies, page: null as unknown as HTMLElement };
  const page = await screen.findByTestId('members-page', {}, { timeout: 10_000 });
  await waitFor(() => expect(page.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
  return { app, api, world, bodies: api.bodies, page };
}

/**
 * The cells of a member's row as a person reads them: a select's chosen value, the other cells'
 * text (the action buttons' labels joined by '|').
 */
export const rowCells = (email: string): string[] =>
  Array.from(screen.getByTestId(`member-row-${email}`).querySelectorAll('td')).map((td) => {
    const chosen = td.querySelector('[data-part="value-text"]');
    if (chosen) return (chosen.textContent ?? '').trim();
    const buttons = td.querySelectorAll('button');
    if (buttons.length > 0) return Array.from(buttons, (b) => (b.textContent ?? '').trim()).join('|');
    return (td.textContent ?? '').replace(/\s+/g, ' ').trim();
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
