/**
 * The contacts screen's view tests' harness: the real app (routes, gate, layout, the app system
 * that starts the contacts table's flow for /contacts) on a fake API answering as a signed-in
 * owner of a workspace with a small contact list. Every contact call can be replaced or held back
 * (`handlers`). What the views send the flows is recorded by flow (`sent('contactsTable')`, the
 * table's children by their id: `sent('filters')`, `sent('profile')`, `sent('batchTag')`): only
 * events that came from outside the actor system (the views), not those the flows send each other.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject, InspectionEvent } from 'xstate';
import type { Contact, ContactColumn, Note } from '../../../src/contract/contacts';
import type { Tag } from '../../../src/contract/tags';
import { accountApi } from '../fake-account';
import { okResult, renderApp, type ApiHandlers } from '../harness';
import { leadOf, noTabs, tabOf } from '../../support/lead-fixtures';

export const contactOf = (id: string, name: string, patch: Partial<Contact> = {}): Contact => ({
  ...leadOf(id, { name, phone: `+1555010${id.slice(1)}`, createTime: Date.UTC(2025, 0, 15) }),
  tags: [],
  tabName: '',
  ...patch,
});

export const ann = contactOf('c1', 'Ann Lee', { email: 'ann@example.test', tabId: 1, tabName: 'Leads', tags: [{ valueId: 7, value: 'Machinery', tagId: 3, tagName: 'Industry', tagTypeId: 1 }] });
export const bo = contactOf('c2', 'Bo Chen');
export const tabs = [noTabs, tabOf(1, 'Leads')];
export const industry: Tag = { id: 3, name: 'Industry', tagTypeId: 1, typeName: 'Profile', isActive: true, values: [{ id: 7, value: 'Machinery' }, { id: 8, value: 'Retail' }] };
export const noteOf = (i: number, text: string): Note => ({ id: `n${i}`, text, createTime: Date.UTC(2025, 0, 20, 9, 30), authorName: 'Ada Admin' });

/** The owner's contact calls (SPEC §6: the owner calls /admin): two contacts, the nine default columns saved. */
export const contactHandlers = (): ApiHandlers => ({
  adminContactsList: () => okResult({ rows: [ann, bo], totalCount: 2 }),
  adminListConfig: () => okResult({ type: 1, columns: ['name', 'phone', 'tab', 'tags'] satisfies ContactColumn[] }),
  adminListConfigSave: (body) => okResult({ type: 1, columns: body?.columns ?? [] }),
  adminUserTabs: () => okResult({ tabs }),
  tagList: () => okResult({ items: [industry] }),
  frequentTagValues: () => okResult({ items: [] }),
  adminBatchUpdateTag: () => okResult({ updated: 1 }),
  adminContactsBatchDelete: () => okResult({ deleted: 1 }),
  adminContactsDetail: (body) => okResult(body?.id === 'c2' ? bo : ann),
  adminNoteList: () => okResult({ rows: [noteOf(1, 'Asked for a quote')], totalCount: 1 }),
  adminNoteAdd: (body) => okResult(noteOf(2, body?.text ?? '')),
  adminContactsDelete: () => okResult(null),
});

export type RenderContactsOptions = { handlers?: ApiHandlers; language?: 'en' | 'ar' | 'zh-CN'; path?: string; waitForRows?: boolean };

export async function renderContacts(options: RenderContactsOptions = {}) {
  const api = accountApi({ extra: { ...contactHandlers(), ...options.handlers } });
  const app = await renderApp({
    path: options.path ?? '/contacts',
    api,
    storage: { accessToken: 'tok', ...(options.language ? { language: options.language } : {}) },
  });
  const fromViews: { actor: string; event: AnyEventObject }[] = [];
  app.shell.system.system.inspect((ev: InspectionEvent) => {
    if (ev.type !== '@xstate.event' || ev.sourceRef !== undefined || ev.actorRef === app.shell.system) return;
    fromViews.push({ actor: (ev.actorRef as unknown as { id: string }).id, event: ev.event });
  });
  const page = await screen.findByTestId('contacts-page', {}, { timeout: 10_000 });
  if (options.waitForRows !== false) await waitFor(() => expect(screen.queryByTestId('contacts-row-c1')).not.toBeNull(), { timeout: 10_000 });
  /** The events the views sent this flow (by its id), in order. */
  const sent = (actor: string) => fromViews.filter((e) => e.actor === actor).map((e) => e.event);
  const bodies = (name: string) => api.calls.filter((c) => c.name === name).map((c) => c.body);
  return { ...app, api, page, sent, bodies };
}

/** A promise the test settles: holds a call's answer back. */
export const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};
