/**
 * The schedules view tests' server and panel: the real Hono app with the team world and the
 * member's synced chats (schedules-server-worker.ts) behind a real API client
 * (src/services/api/client.ts) whose fetch goes to it, and the schedules flow with its real effects
 * on that client, run under a stand-in parent on a simulated clock (the list's poll), its panel
 * rendered in a language. The panel's rules (what a save refuses, what a retry does, when a send
 * waits) are the server's own; a test may still make single calls fail.
 */
import { LocaleProvider } from '@ark-ui/react/locale';
import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { SimulatedClock } from 'xstate';
import { endpointsByName, type EndpointName } from '../../../src/contract/all-endpoints';
import { camelKeys, snakeKeys } from '../../../src/contract/case';
import { scheduleEndpoints, schedule as scheduleSchema, sendsClaimData, type Recipient, type Schedule } from '../../../src/contract/schedules';
import TypesafeI18n from '../../../src/i18n/i18n-react';
import type { Locales } from '../../../src/i18n/i18n-types';
import { loadLocale } from '../../../src/i18n/i18n-util.sync';
import { schedulesMachine } from '../../../src/machines/schedule.machine';
import { schedulesEffects } from '../../../src/services/actors/schedules';
import { createApiClient, type ApiResult } from '../../../src/services/api/client';
import { createMemoryBackend, createStorage } from '../../../src/services/storage';
import { SchedulesPanel } from '../../../src/ui/screens/tools/schedules-panel';
import { fakeFlowServices } from '../../support/fake-api';
import { hostChild } from '../../support/fakes';
import type { Person } from '../../server/support/team-world';
import { startServerWorker } from '../server-worker';
import type { SchedulesWorld, WorkerReply, WorkerRequest } from './schedules-server-protocol';

export { pickOption, type User } from '../server-worker';

/** The member's synced chats (schedules-server-worker.ts). */
export const ALICE: Recipient = { chatWhatsappId: '447700900111@c.us', name: 'Alice Chen' };
export const BOB: Recipient = { chatWhatsappId: '447700900222@c.us', name: 'Bob \u202Eevil' };
export const SALES: Recipient = { chatWhatsappId: '120363000000000001@g.us', name: 'Sales team' };

export type SchedulesServer = {
  reset(): Promise<SchedulesWorld>;
  /** Sets the server's clock. */
  clock(at: number): Promise<void>;
  /** One pass of the executor; how many sends it made. */
  runDue(): Promise<number>;
  fetch: typeof fetch;
  stop(): Promise<void>;
};

/** Starts the server worker (a fresh in-memory database with the team world); once per test file. */
export async function startSchedulesServer(): Promise<SchedulesServer> {
  const worker = await startServerWorker<WorkerRequest, WorkerReply>('tests/ui/schedules/schedules-server-worker.ts');
  return {
    reset: async () => (await worker.ask<Extract<WorkerReply, { op: 'reset' }>>({ op: 'reset' })).world,
    clock: async (at) => void (await worker.ask({ op: 'clock', at })),
    runDue: async () => (await worker.ask<Extract<WorkerReply, { op: 'runDue' }>>({ op: 'runDue' })).sent,
    fetch: worker.fetch,
    stop: worker.stop,
  };
}

/** A call straight to the server as a person (the extension's claim and confirm, schedules made before the panel opens). */
export const callAs = async (server: SchedulesServer, token: string, path: string, body: unknown): Promise<unknown> => {
  const res = await server.fetch(`http://test${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(snakeKeys(body)) });
  const json = (await res.json()) as { code: number; data: unknown; message: string };
  expect(json.code, json.message).toBe(100000);
  return camelKeys(json.data);
};

/** Saves a schedule for `who` through the API (defaults: to Alice, once, in Berlin). */
export const saveAs = async (server: SchedulesServer, world: SchedulesWorld, who: Person, input: Partial<Schedule> & { startTime: number }): Promise<Schedule> =>
  scheduleSchema.parse(
    await callAs(server, world.who[who].accessToken, scheduleEndpoints.scheduleSave.path, {
      recipients: [ALICE],
      title: 'Follow up',
      message: 'Hello, checking in.',
      timeZone: 'Europe/Berlin',
      recurrence: 'once',
      ...input,
    }),
  );

/** The member's chat page: claims the due sends and confirms each with `ok` (and `error`). */
export const chatPageSends = async (server: SchedulesServer, world: SchedulesWorld, ok: boolean, error?: string) => {
  const token = world.who.member.accessToken;
  const { items } = sendsClaimData.parse(await callAs(server, token, scheduleEndpoints.scheduleSendsClaim.path, {}));
  if (items.length > 0) await callAs(server, token, scheduleEndpoints.scheduleSendsConfirm.path, { results: items.map((s) => ({ id: s.id, ok, ...(error ? { error } : {}) })) });
  return items;
};

export type RenderPanelOptions = {
  locale?: Locales;
  as?: Person;
  defaultRecipient?: Recipient | null;
  /** Makes a call fail on the way (an ApiError thrown) or answer otherwise, instead of the server. */
  override?: (name: EndpointName, body: unknown) => Promise<ApiResult<unknown>> | null;
};

/** The schedules flow of `as` (the member by default) in Berlin's time zone, its panel rendered in `locale`; waits for its first list. */
export async function renderPanel(server: SchedulesServer, world: SchedulesWorld, options: RenderPanelOptions = {}) {
  const locale = options.locale ?? 'en';
  loadLocale(locale);
  const storage = createStorage(createMemoryBackend({ accessToken: world.who[options.as ?? 'member'].accessToken }));
  const client = createApiClient({ baseUrl: 'http://test', storage, notify: () => undefined, onSessionEnded: () => undefined, fetch: server.fetch });
  const fake = fakeFlowServices((name, body) => options.override?.(name, body) ?? client.call(endpointsByName[name], body as never));
  const clock = new SimulatedClock();
  const { child: panel } = hostChild(schedulesMachine.provide(schedulesEffects(fake.services)), { realRole: 'member', timeZone: 'Europe/Berlin' }, { clock });
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  document.documentElement.lang = locale;
  render(
    <TypesafeI18n locale={locale}>
      <LocaleProvider locale={locale}>
        <SchedulesPanel panel={panel} defaultRecipient={options.defaultRecipient === undefined ? ALICE : options.defaultRecipient} />
      </LocaleProvider>
    </TypesafeI18n>,
  );
  await waitFor(() => expect(panel.getSnapshot().hasTag('loading')).toBe(false), { timeout: 10_000 });
  return { panel, clock, calls: fake.calls, shown: fake.shown, bodies: (name: EndpointName) => fake.calls.filter((c) => c.name === name).map((c) => c.body) };
}
