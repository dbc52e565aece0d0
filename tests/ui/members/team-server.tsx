/**
 * The members view tests' server: the real Hono app with the team world (team-server-worker.ts)
 * behind a real API client (src/services/api/client.ts) whose fetch goes to it. The screen's
 * rules (who may do what, what a removal or an invitation does, seat limits, disbanding) are the
 * server's own; a test may still replace single calls (`overrides`) to make the network fail or
 * hold an answer back.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { createMemoryBackend, createStorage, type AppStorage } from '../../../src/services/storage';
import type { Person } from '../../server/support/team-world';
import { renderApp } from '../harness';
import { following, serverApi, startServerWorker, type Overrides } from '../server-worker';
import type { SeedRow, ServerMember, TeamWorld, WorkerReply, WorkerRequest } from './team-server-protocol';

export { pickOption, type Overrides, type RecordingApi, type User } from '../server-worker';
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

export type TeamServer = {
  reset(options?: { seed?: readonly SeedRow[]; plan?: string }): Promise<TeamWorld>;
  /** The main workspace's member table as the server holds it now. */
  members(): Promise<ServerMember[]>;
  fetch: typeof fetch;
  stop(): Promise<void>;
};

/** Starts the server worker (a fresh in-memory database with the team world); once per test file. */
export async function startTeamServer(): Promise<TeamServer> {
  const worker = await startServerWorker<WorkerRequest, WorkerReply>('tests/ui/members/team-server-worker.ts');
  return {
    reset: async (options = {}) =>
      (await worker.ask<Extract<WorkerReply, { op: 'reset' }>>({ op: 'reset', seed: options.seed ?? usualSeed, ...(options.plan ? { plan: options.plan } : {}) })).world,
    members: async () => (await worker.ask<Extract<WorkerReply, { op: 'members' }>>({ op: 'members' })).members,
    fetch: worker.fetch,
    stop: worker.stop,
  };
}

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
    server.fetch,
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
    // The sync-health line under the email (src/ui/screens/team/sync-health-line.tsx) is read on its own (member-sync-health-<email>).
    const cell = td.cloneNode(true) as HTMLElement;
    cell.querySelectorAll('[data-testid^="member-sync-health-"]').forEach((line) => line.remove());
    return (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
