/**
 * The pipeline's effects (src/services/actors/pipeline.ts) on a fake API client: which call each
 * actor of the pipeline and of its child flows (tabs, lead moves, a lead's dialog) makes under the
 * caller's real role (/admin or /member, SPEC §6), with which body, what it hands back, that its
 * abort signal reaches the client; the viewport it follows. Then the registered long-lived flow in
 * the app system: started with the session, shown by the route (no view opens it), reloaded by a
 * member change, its filters written to the URL, stopped at sign-out.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, waitFor, type AnyActorLogic } from 'xstate';
import type { EndpointName } from '../../src/contract/all-endpoints';
import { Code } from '../../src/contract/codes';
import { LEADS_PAGE_SIZE } from '../../src/contract/leads';
import { DEFAULT_FILTERS } from '../../src/machines/pipeline-filters';
import { selectFiltersFlow, selectTabsFlow, type PipelineActorRef } from '../../src/machines/pipeline.machine';
import { leadDialogEffects, leadMovesEffects, leadPanelEffects, pipelineEffects, pipelineTabsEffects } from '../../src/services/actors/pipeline';
import type { ApiClient } from '../../src/services/api/client';
import { createAppSystem } from '../../src/services/app-system';
import { createFakeExtension } from '../../src/services/extension/fake';
import { createMemoryBackend, createStorage } from '../../src/services/storage';
import { fixedViewport } from '../../src/services/viewport';
import { gateRulesOf } from '../../src/ui/route-entry';
import { routeTable } from '../../src/ui/route-table';
import { loadLocaleAsync } from '../../src/i18n/i18n-util.async';
import { fakeFlowServices } from '../support/fake-api';
import { flush, hostChild } from '../support/fakes';
import { leadOf, leadsOf, noTabs, tabOf } from '../support/lead-fixtures';
import { accountApi } from '../ui/fake-account';
import { failResult, okResult } from '../ui/harness';

const counts = { items: [{ tabId: 0, openCount: 2, awaitReplyCount: 1 }, { tabId: 4, openCount: 0, awaitReplyCount: 0 }], totalCount: 2 };

/** Answers by endpoint name whatever the role prefix; the signal each call was given is kept. */
const fakeServices = (answers: Partial<Record<string, (body: unknown) => unknown>>) => {
  const fake = fakeFlowServices((name, body) => {
    const bare = name.replace(/^(admin|member)/, '');
    const answer = answers[bare.charAt(0).toLowerCase() + bare.slice(1)];
    if (!answer) throw new Error(`no fake answer for ${name}`);
    return answer(body);
  });
  const signals: (AbortSignal | undefined)[] = [];
  const call = fake.services.api.call;
  fake.services.api = {
    call: ((endpoint, body, options) => {
      signals.push(options?.signal);
      return call(endpoint, body);
    }) as ApiClient['call'],
  };
  return { ...fake, signals };
};

const run = <T>(logic: AnyActorLogic, input: unknown): Promise<T> => toPromise(createActor(logic, { input }).start()) as Promise<T>;

describe('lead panel effects', () => {
  it('loads one tab page from the role endpoint with the list request of the filters, passing its abort signal', async () => {
    const rows = leadsOf('a', 2);
    const fake = fakeServices({ leadsList: () => okResult({ rows, totalCount: 7 }) });
    const { loadPage } = leadPanelEffects(fake.services).actors!;
    const filters = { ...DEFAULT_FILTERS, search: ' an ', awaitReply: true };
    await expect(run(loadPage as AnyActorLogic, { realRole: 'member', tabId: 4, filters, page: 2, pageSize: 5 })).resolves.toEqual({ rows, totalCount: 7 });
    expect(fake.calls).toEqual([
      {
        name: 'memberLeadsList',
        body: { search: 'an', sort: 'createTime', sortOrder: 'desc', tabId: 4, awaitReply: true, showClosedLeads: false, page: 2, pageSize: 5 },
      },
    ]);
    expect(fake.signals[0]).toBeInstanceOf(AbortSignal);
    await run(loadPage as AnyActorLogic, { realRole: 'admin', tabId: 0, filters: DEFAULT_FILTERS, page: 1, pageSize: LEADS_PAGE_SIZE });
    expect(fake.calls[1]?.name).toBe('adminLeadsList');
  });

  it('rejects on a refusal (the panel offers a retry), and aborts the call when the actor stops', async () => {
    const refused = fakeServices({ leadsList: () => failResult(Code.FORBIDDEN, 'no') });
    const { loadPage } = leadPanelEffects(refused.services).actors!;
    await expect(run(loadPage as AnyActorLogic, { realRole: 'admin', tabId: 0, filters: DEFAULT_FILTERS, page: 1, pageSize: 40 })).rejects.toThrow(
      'Lead list failed (code 100030)',
    );
    const hanging = fakeServices({ leadsList: () => new Promise(() => undefined) });
    const actor = createActor(leadPanelEffects(hanging.services).actors!.loadPage as AnyActorLogic, {
      input: { realRole: 'admin', tabId: 0, filters: DEFAULT_FILTERS, page: 1, pageSize: 40 },
    }).start();
    await flush();
    expect(hanging.signals[0]?.aborted).toBe(false);
    actor.stop();
    expect(hanging.signals[0]?.aborted).toBe(true);
  });
});

describe('pipeline effects', () => {
  it('loads the tabs and the counts (per tab and in all)', async () => {
    const fake = fakeServices({ userTabs: () => okResult({ tabs: [noTabs, tabOf(4)] }), leadsCount: () => okResult(counts) });
    await expect(run(pipelineTabsEffects(fake.services).actors!.loadTabs as AnyActorLogic, { realRole: 'admin' })).resolves.toEqual([noTabs, tabOf(4)]);
    await expect(run(pipelineEffects(fake.services).actors!.loadCounts as AnyActorLogic, { realRole: 'member' })).resolves.toEqual({
      counts: { 0: { openCount: 2, awaitReplyCount: 1 }, 4: { openCount: 0, awaitReplyCount: 0 } },
      totalLeads: 2,
    });
    expect(fake.calls.map((c) => [c.name, c.body])).toEqual([
      ['adminUserTabs', {}],
      ['memberLeadsCount', {}],
    ]);
    expect(fake.signals.every((s) => s instanceof AbortSignal)).toBe(true);
  });

  it('moves a lead with only its tab and edit time; a stale edit hands back the current lead', async () => {
    const moved = leadOf('l1', { tabId: 4, editTime: 2_000 });
    const current = leadOf('l1', { name: 'Renamed', editTime: 3_000 });
    let stale = false;
    const fake = fakeServices({
      leadsUpdate: () =>
        stale ? { ok: false, raw: false, code: Code.STALE_EDIT, data: current, message: 'changed meanwhile' } : okResult(moved),
    });
    const { moveLead } = leadMovesEffects(fake.services).actors!;
    await expect(run(moveLead as AnyActorLogic, { realRole: 'member', id: 'l1', editTime: 1_000, tabId: 4 })).resolves.toEqual({ ok: true, data: moved });
    expect(fake.calls[0]).toEqual({ name: 'memberLeadsUpdate', body: { id: 'l1', editTime: 1_000, tabId: 4 } });
    stale = true;
    await expect(run(moveLead as AnyActorLogic, { realRole: 'admin', id: 'l1', editTime: 1_000, tabId: 4 })).resolves.toEqual({
      ok: false,
      code: Code.STALE_EDIT,
      message: 'changed meanwhile',
      fresh: current,
    });
  });

  it('closes with a reason, reopens, and hands back refusals', async () => {
    const fake = fakeServices({
      leadsClose: (body) => {
        const b = body as { id: string; isClosed: boolean };
        return b.id === 'l9' ? failResult(Code.LEAD_NEEDS_TAB, 'needs a tab') : okResult(leadOf(b.id, { isClosed: b.isClosed }));
      },
    });
    const { closeLead } = leadDialogEffects(fake.services).actors!;
    await expect(run(closeLead as AnyActorLogic, { realRole: 'admin', id: 'l1', isClosed: true, closedReason: 'lost' })).resolves.toMatchObject({
      ok: true,
      data: { id: 'l1', isClosed: true },
    });
    await run(closeLead as AnyActorLogic, { realRole: 'admin', id: 'l1', isClosed: false });
    await expect(run(closeLead as AnyActorLogic, { realRole: 'member', id: 'l9', isClosed: true })).resolves.toEqual({
      ok: false,
      code: Code.LEAD_NEEDS_TAB,
      message: 'needs a tab',
    });
    expect(fake.calls.map((c) => [c.name, c.body])).toEqual([
      ['adminLeadsClose', { id: 'l1', isClosed: true, closedReason: 'lost' }],
      ['adminLeadsClose', { id: 'l1', isClosed: false }],
      ['memberLeadsClose', { id: 'l9', isClosed: true }],
    ]);
  });

  it('deletes a lead; adds, renames, deletes and reorders tabs', async () => {
    const fake = fakeServices({
      leadsDelete: () => okResult(null),
      tabAdd: () => failResult(Code.TAB_NAME_CONFLICT, 'exists'),
      tabUpdateBase: () => okResult(tabOf(4, 'Hot')),
      tabDelete: () => okResult({ movedLeads: 3 }),
      tabReorder: () => okResult({ tabs: [noTabs, tabOf(5), tabOf(4)] }),
    });
    const actors = { ...leadDialogEffects(fake.services).actors, ...pipelineTabsEffects(fake.services).actors };
    await expect(run(actors.deleteLead as AnyActorLogic, { realRole: 'admin', id: 'l1' })).resolves.toEqual({ ok: true, data: null });
    await expect(run(actors.saveTab as AnyActorLogic, { realRole: 'admin', name: 'Won' })).resolves.toEqual({ ok: false, code: Code.TAB_NAME_CONFLICT, message: 'exists' });
    await expect(run(actors.saveTab as AnyActorLogic, { realRole: 'member', name: 'Hot', tabId: 4 })).resolves.toEqual({ ok: true, data: tabOf(4, 'Hot') });
    await expect(run(actors.deleteTab as AnyActorLogic, { realRole: 'admin', tabId: 4 })).resolves.toEqual({ ok: true, data: null });
    await expect(run(actors.reorderTabs as AnyActorLogic, { realRole: 'admin', tabIds: [5, 4] })).resolves.toEqual({
      ok: true,
      data: [noTabs, tabOf(5), tabOf(4)],
    });
    expect(fake.calls.map((c) => [c.name, c.body])).toEqual([
      ['adminLeadsDelete', { id: 'l1' }],
      ['adminTabAdd', { tabName: 'Won' }],
      ['memberTabUpdateBase', { tabId: 4, tabName: 'Hot' }],
      ['adminTabDelete', { tabId: 4 }],
      ['adminTabReorder', { tabIds: [5, 4] }],
    ]);
  });

  it('reports the viewport at once and on every change (SPEC §9: the phone page size), until stopped', () => {
    const fake = fakeServices({});
    const viewport = fixedViewport(true);
    fake.services.viewport = viewport;
    const { told, host } = hostChild(pipelineEffects(fake.services).actors!.watchViewport as AnyActorLogic);
    viewport.set(false);
    host.stop();
    viewport.set(true);
    expect(told).toEqual([
      { type: 'viewport.changed', narrow: true },
      { type: 'viewport.changed', narrow: false },
    ]);
  });
});

describe('the pipeline in the app system', () => {
  const startSystem = () => {
    const storage = createStorage(createMemoryBackend({ accessToken: 'tok' }));
    const api = accountApi({
      extra: {
        adminUserTabs: () => okResult({ tabs: [noTabs] }),
        adminLeadsCount: () => okResult({ items: [{ tabId: 0, openCount: 0, awaitReplyCount: 0 }], totalCount: 0 }),
        adminLeadsList: () => okResult({ rows: [], totalCount: 0 }),
      },
    });
    const navigations: string[] = [];
    const system = createAppSystem({
      api,
      storage,
      bridge: createFakeExtension(),
      navigate: (to) => navigations.push(to),
      loadLocale: loadLocaleAsync,
      browserLanguages: ['en'],
      gateRules: gateRulesOf(routeTable),
      openUrl: () => undefined,
    });
    const pipeline = () => system.root.system.get('pipeline') as PipelineActorRef | undefined;
    const names = () => api.calls.map((c) => c.name as EndpointName);
    return { system, api, pipeline, names, navigations };
  };

  it('runs from sign-in, idle until the pipeline shows; the route shows it, a member change reloads it; sign-out stops it', async () => {
    const s = startSystem();
    // Its module is loaded when the session starts, then it is spawned.
    expect(s.pipeline()).toBeUndefined();
    await vi.waitFor(() => expect(s.pipeline()).toBeDefined());
    const pipeline = s.pipeline()!;
    await waitFor(pipeline, (p) => p.value === 'idle');
    // No view opens it: the gate's route does.
    s.system.actors.gate.send({ type: 'router.navigate', pathname: '/pipeline', search: '' });
    const loaded = (p: ReturnType<PipelineActorRef['getSnapshot']>) => p.context.panels.length === 1 && p.context.totalLeads === 0;
    await waitFor(pipeline, loaded);
    expect(pipeline.getSnapshot().context).toMatchObject({ realRole: 'admin', shown: true, filters: DEFAULT_FILTERS });
    expect(pipeline.getSnapshot().hasTag('noLeads')).toBe(true);
    const before = s.api.calls.length;
    s.system.actors.selectedMember.send({ type: 'user.select', userId: 'u-other' });
    expect(selectTabsFlow(pipeline.getSnapshot())!.getSnapshot().hasTag('loadingTabs')).toBe(true);
    await waitFor(pipeline, loaded);
    expect(s.names().slice(before)).toEqual(expect.arrayContaining(['adminUserTabs', 'adminLeadsCount', 'adminLeadsList']));

    selectFiltersFlow(pipeline.getSnapshot())!.send({ type: 'user.filterNow', patch: { showClosed: true } });
    expect(s.navigations.at(-1)).toBe('/pipeline?closed=1');

    s.system.actors.session.send({ type: 'user.signOut' });
    await waitFor(s.system.actors.session, (x) => !x.hasTag('signedIn') && !x.hasTag('busy'));
    expect(pipeline.getSnapshot().status).toBe('stopped');
    expect(pipeline.getSnapshot().value).toBe('idle');
    expect(s.pipeline()).toBeUndefined();
  });
});
