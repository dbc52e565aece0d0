/**
 * The pipeline screen's view tests' harness: the real app (routes, gate, layout, the app system
 * whose long-lived 'pipeline' flow follows the route) on a fake API answering as a signed-in owner
 * (SPEC §6: /admin calls) from a small in-memory lead store with the server's rules: tabs (No tabs
 * first), leads per tab by name prefix, counts of open leads, moves with the edit time, closes,
 * deletes, tab changes, the import's check and run, the tags and batch tagging. Any call can be
 * replaced or held back (`handlers`).
 *
 * What the views send the flows is recorded by actor id (`sent('pipeline')`, its children by
 * their id: `sent('tabs')`, `sent('filters')`, `sent('leadDialog')`, `sent('leadForm')`,
 * `sent('importWizard')`, `sent('batchTag')`, `sent('panel-1')`): only events that came from
 * outside the actor system (the views), not those the flows send each other.
 */
import { screen } from '@testing-library/react';
import type { AnyEventObject, InspectionEvent } from 'xstate';
import { Code } from '../../../src/contract/codes';
import { NO_TAB_ID, type Lead, type Tab } from '../../../src/contract/leads';
import type { Tag } from '../../../src/contract/tags';
import { leadOf, noTabs, tabOf } from '../../support/lead-fixtures';
import { accountApi } from '../fake-account';
import { failResult, okResult, renderApp, type ApiHandlers } from '../harness';

export const qualified = tabOf(1, 'Qualified');
export const proposal = tabOf(2, 'Proposal');
export const acme = leadOf('l1', { name: 'Acme Trading', tabId: 1, createTime: Date.UTC(2025, 0, 10) });
export const beta = leadOf('l2', { name: 'Beta Foods', tabId: 1, awaitReply: true, createTime: Date.UTC(2025, 0, 11) });
export const gamma = leadOf('l3', { name: 'Gamma Tools', tabId: 2, createTime: Date.UTC(2025, 0, 12), lastMessageTime: Date.UTC(2025, 0, 14) });
export const budget: Tag = { id: 10, name: 'Budget', tagTypeId: 1, typeName: 'Profile', isActive: true, values: [{ id: 100, value: 'Low' }, { id: 101, value: 'High' }] };

/** The owner's pipeline as the server keeps it. */
export const leadStore = (initial: { tabs?: Tab[]; leads?: Lead[] } = {}) => {
  let tabs: Tab[] = initial.tabs ?? [noTabs, qualified, proposal];
  const leads = new Map((initial.leads ?? [acme, beta, gamma]).map((l) => [l.id, l]));
  let clock = 10_000;
  const open = (tabId: number) => [...leads.values()].filter((l) => l.tabId === tabId && !l.isClosed);
  const handlers: ApiHandlers = {
    adminUserTabs: () => okResult({ tabs }),
    adminLeadsCount: () =>
      okResult({
        items: tabs.map((t) => ({ tabId: t.id, openCount: open(t.id).length, awaitReplyCount: open(t.id).filter((l) => l.awaitReply).length })),
        totalCount: [...leads.values()].filter((l) => !l.isClosed).length,
      }),
    adminLeadsList: (body) => {
      const search = body?.search?.toLowerCase() ?? '';
      const rows = [...leads.values()]
        .filter((l) => l.tabId === body?.tabId && (body.showClosedLeads || !l.isClosed) && l.name.toLowerCase().startsWith(search))
        .sort((a, b) => b.createTime - a.createTime);
      const size = body?.pageSize ?? 40;
      const page = body?.page ?? 1;
      return okResult({ rows: rows.slice((page - 1) * size, page * size), totalCount: rows.length });
    },
    adminLeadsUpdate: (body) => {
      const current = body ? leads.get(body.id) : undefined;
      if (!body || !current) return failResult(Code.NOT_FOUND, 'Not found');
      if (current.editTime !== body.editTime) return { ...failResult(Code.STALE_EDIT, 'The lead was changed meanwhile.'), data: current };
      clock += 1;
      const { id: _id, editTime: _editTime, ...fields } = body;
      const next = { ...current, ...fields, editTime: clock } as Lead;
      leads.set(next.id, next);
      return okResult(next);
    },
    adminLeadsAdd: (body) => {
      clock += 1;
      const lead = leadOf(`l${leads.size + 1}`, { name: body?.name ?? '', tabId: body?.tabId ?? NO_TAB_ID, editTime: clock, createTime: clock });
      leads.set(lead.id, lead);
      return okResult(lead);
    },
    adminLeadsClose: (body) => {
      const current = body ? leads.get(body.id) : undefined;
      if (!body || !current) return failResult(Code.NOT_FOUND, 'Not found');
      const next: Lead = { ...current, isClosed: body.isClosed ?? current.isClosed, closedReason: body.closedReason ?? null, editTime: (clock += 1) };
      leads.set(next.id, next);
      return okResult(next);
    },
    adminLeadsDelete: (body) => {
      leads.delete(body?.id ?? '');
      return okResult(null);
    },
    adminTabAdd: (body) => {
      const name = body?.tabName ?? '';
      if (tabs.some((t) => t.name === name)) return failResult(Code.TAB_NAME_CONFLICT, 'A tab with this name already exists.');
      const tab = tabOf(Math.max(...tabs.map((t) => t.id)) + 1, name);
      tabs = [...tabs, tab];
      return okResult(tab);
    },
    adminTabUpdateBase: (body) => {
      tabs = tabs.map((t) => (t.id === body?.tabId ? { ...t, name: body.tabName } : t));
      return okResult(tabs.find((t) => t.id === body?.tabId)!);
    },
    adminTabDelete: (body) => {
      tabs = tabs.filter((t) => t.id !== body?.tabId);
      const moved = [...leads.values()].filter((l) => l.tabId === body?.tabId);
      for (const l of moved) leads.set(l.id, { ...l, tabId: NO_TAB_ID });
      return okResult({ movedLeads: moved.length });
    },
    adminTabReorder: (body) => {
      const ids = body?.tabIds ?? [];
      tabs = [noTabs, ...ids.map((id) => tabs.find((t) => t.id === id)!)];
      return okResult({ tabs });
    },
    tagList: () => okResult({ items: [budget] }),
    frequentTagValues: () => okResult({ items: [{ valueId: 101, value: 'High', tagId: 10, tagName: 'Budget', tagTypeId: 1, count: 5 }] }),
    adminBatchUpdateTag: () => okResult({ updated: 2 }),
    adminLeadsImportCheck: () =>
      okResult({ total: 2, added: 1, updated: 0, unchanged: 0, skipped: 1, defaultCountry: 'US', skippedRows: [{ row: 2, line: 3, name: 'Bo', phone: '', reasons: ['phoneEmpty' as const] }], skippedRowsTruncated: false }),
    adminLeadsImport: () => {
      const lead = leadOf(`l${leads.size + 1}`, { name: 'Ann Imported', tabId: NO_TAB_ID, createTime: (clock += 1) });
      leads.set(lead.id, lead);
      return okResult({ total: 2, added: 1, updated: 0, unchanged: 0, skipped: 1 });
    },
  };
  return { handlers, leads, tabs: () => tabs };
};

export type RenderPipelineOptions = { store?: ReturnType<typeof leadStore>; handlers?: ApiHandlers; language?: 'en' | 'ar' | 'zh-CN'; path?: string };

export async function renderPipeline(options: RenderPipelineOptions = {}) {
  const store = options.store ?? leadStore();
  const api = accountApi({ extra: { ...store.handlers, ...options.handlers } });
  const app = await renderApp({
    path: options.path ?? '/pipeline',
    api,
    storage: { accessToken: 'tok', ...(options.language ? { language: options.language } : {}) },
  });
  const fromViews: { actor: string; event: AnyEventObject }[] = [];
  app.shell.system.system.inspect((ev: InspectionEvent) => {
    if (ev.type !== '@xstate.event' || ev.sourceRef !== undefined || ev.actorRef === app.shell.system) return;
    fromViews.push({ actor: (ev.actorRef as unknown as { id: string }).id, event: ev.event });
  });
  const page = await screen.findByTestId('pipeline-page', {}, { timeout: 10_000 });
  /** The events the views sent this actor (by its id), in order. */
  const sent = (actor: string) => fromViews.filter((e) => e.actor === actor).map((e) => e.event);
  const bodies = (name: string) => api.calls.filter((c) => c.name === name).map((c) => c.body);
  return { ...app, api, store, page, sent, bodies };
}

/** A promise the test settles: holds a call's answer back. */
export const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

/** The names on a panel's cards, top to bottom. */
export const cardNames = (tabId: number): string[] =>
  Array.from(screen.getByTestId(`lead-panel-${tabId}`).querySelectorAll<HTMLElement>('[data-testid^="lead-open-"]'), (b) => b.textContent ?? '');
