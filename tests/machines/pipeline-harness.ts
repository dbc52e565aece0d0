/**
 * The pipeline flow as the app system runs it (its real effects, so every child flow is provided
 * through the parent's), on an API whose every call waits until the test answers it: calls are
 * kept by endpoint name with their body and abort signal. The viewport is a fixed one the test can
 * change, time a SimulatedClock, and the router's writes are recorded.
 */
import { createActor, SimulatedClock } from 'xstate';
import { nameOfEndpoint, type EndpointName } from '../../src/contract/all-endpoints';
import type { Endpoint } from '../../src/contract/endpoint';
import type { Lead, Tab } from '../../src/contract/leads';
import { pipelineMachine, selectTabsFlow, type PipelineActorRef } from '../../src/machines/pipeline.machine';
import type { RouteFacts, Viewer } from '../../src/machines/route-facts';
import { pipelineEffects } from '../../src/services/actors/pipeline';
import { ApiError, type ApiClient, type ApiResult } from '../../src/services/api/client';
import { fixedViewport } from '../../src/services/viewport';
import { fakeFlowServices } from '../support/fake-api';
import { flush } from '../support/fakes';
import { okResult } from '../ui/harness';

export type PendingCall = { name: EndpointName; body: unknown; signal: AbortSignal | undefined; resolve(result: unknown): void; reject(error: unknown): void };

/** An API client whose calls wait: `answer(name, result)` settles the oldest waiting call of that endpoint. */
export const pendingApi = () => {
  const waiting: PendingCall[] = [];
  const log: { name: EndpointName; body: unknown }[] = [];
  const api = {
    call: ((endpoint: Endpoint, body?: unknown, options?: { signal?: AbortSignal }) =>
      new Promise((resolve, reject) => {
        const name = nameOfEndpoint(endpoint);
        log.push({ name, body });
        waiting.push({ name, body, signal: options?.signal, resolve, reject });
      })) as ApiClient['call'],
  };
  const take = (name: EndpointName): PendingCall => {
    const at = waiting.findIndex((c) => c.name === name);
    if (at < 0) throw new Error(`no waiting call of ${name} (waiting: ${waiting.map((c) => c.name).join(', ') || 'none'})`);
    return waiting.splice(at, 1)[0]!;
  };
  return {
    api,
    log,
    waiting,
    /** The bodies every call of `name` was made with, in order. */
    bodies: (name: EndpointName) => log.filter((c) => c.name === name).map((c) => c.body),
    /** How many calls of `name` were made. */
    count: (name: EndpointName) => log.filter((c) => c.name === name).length,
    take,
    answer: async (name: EndpointName, result: ApiResult<unknown>) => {
      take(name).resolve(result);
      await flush();
    },
    fail: async (name: EndpointName, message = 'Network error') => {
      take(name).reject(new ApiError('network', name, message));
      await flush();
    },
  };
};

export const admin: Viewer = { userId: 'u-admin', email: 'admin@example.com', role: 'admin', realRole: 'admin', workspaceId: 'w1' };
export const member: Viewer = { userId: 'u-mia', email: 'mia@example.com', role: 'member', realRole: 'member', workspaceId: 'w1' };

/** A route as the login gate announces it. */
export const routeTo = (pathname: string, search = '', viewer: Viewer | null = admin): RouteFacts => ({ pathname, search, viewer });
export const shown = (route: RouteFacts) => ({ type: 'route.shown' as const, ...route });

export const counts = (open: Record<number, number>) => ({
  items: Object.entries(open).map(([tabId, n]) => ({ tabId: Number(tabId), openCount: n, awaitReplyCount: 0 })),
  totalCount: Object.values(open).reduce((a, b) => a + b, 0),
});

/** Starts the pipeline flow on fake services with the route on screen (null: none yet). */
export const startPipeline = (route: RouteFacts | null = routeTo('/pipeline'), options: { narrow?: boolean } = {}) => {
  const calls = pendingApi();
  const fake = fakeFlowServices(() => undefined);
  const viewport = fixedViewport(options.narrow ?? false);
  const urls: string[] = [];
  const services = { ...fake.services, api: calls.api, viewport, navigate: (to: string) => void urls.push(to) };
  const clock = new SimulatedClock();
  const actor: PipelineActorRef = createActor(pipelineMachine.provide(pipelineEffects(services)), { input: { route }, clock }).start();
  const snap = () => actor.getSnapshot();
  const panel = (tabId: number) => snap().context.panels.find((p) => p.tabId === tabId)?.ref;
  const ids = (tabId: number) => panel(tabId)?.getSnapshot().context.leads.map((l) => l.id);
  const tabs = () => selectTabsFlow(snap())!;
  const role = (route?.viewer?.realRole ?? 'member') === 'admin' ? 'admin' : 'member';
  /** Answers the tabs, the counts and each tab's first page (leads by tab id). */
  const load = async (tabList: Tab[], pages: Record<number, Lead[]>, open: Record<number, number> = {}) => {
    await calls.answer(`${role}UserTabs`, okResult({ tabs: tabList }));
    await calls.answer(`${role}LeadsCount`, okResult(counts(open)));
    for (const tab of tabList) {
      const rows = pages[tab.id] ?? [];
      await calls.answer(`${role}LeadsList`, okResult({ rows, totalCount: rows.length }));
    }
  };
  return { actor, calls, clock, viewport, urls, shown: fake.shown, snap, panel, ids, tabs, load, send: actor.send.bind(actor) };
};
