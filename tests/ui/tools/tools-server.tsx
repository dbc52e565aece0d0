/**
 * The chat tools view tests' server: the real Hono app with the team world (tools-server-worker.ts)
 * behind a real API client (src/services/api/client.ts) whose fetch goes to it, as the members
 * view tests do (tests/ui/members/team-server.tsx). The panels' rules (who reads which quick
 * replies and auto replies, whose switch a call sets, which files get download links) are the
 * server's own; the extension is the in-memory fake (src/services/extension/fake.ts), which
 * records every message and answers 'sendMessage' as the test says.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { createFakeExtension, type FakeExtension, type FakeExtensionHandler } from '../../../src/services/extension/fake';
import { createMemoryBackend, createStorage, type AppStorage } from '../../../src/services/storage';
import { fixedViewport } from '../../../src/services/viewport';
import type { Person } from '../../server/support/team-world';
import { renderApp } from '../harness';
import { following, serverApi, startServerWorker, type Overrides } from '../server-worker';
import type { ToolsSeed, ToolsWorld, WorkerReply, WorkerRequest } from './tools-server-protocol';

export type { ToolsSeed };

export type ToolsServer = {
  reset(seed: ToolsSeed): Promise<ToolsWorld>;
  /** A person's member config as the server holds it. */
  config(person: Person): Promise<{ key: string; value: string }[]>;
  fetch: typeof fetch;
  stop(): Promise<void>;
};

/** Starts the server worker (a fresh in-memory database with the team world); once per test file. */
export async function startToolsServer(): Promise<ToolsServer> {
  const worker = await startServerWorker<WorkerRequest, WorkerReply>('tests/ui/tools/tools-server-worker.ts');
  return {
    reset: async (seed) => (await worker.ask<Extract<WorkerReply, { op: 'reset' }>>({ op: 'reset', seed })).world,
    config: async (person) => (await worker.ask<Extract<WorkerReply, { op: 'config' }>>({ op: 'config', person })).items,
    fetch: worker.fetch,
    stop: worker.stop,
  };
}

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
    server.fetch,
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
