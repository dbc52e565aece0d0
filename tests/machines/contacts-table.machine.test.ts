/**
 * The contacts table with its real effects on fake services (SPEC §2 /contacts, §3 Contact list
 * filters, §7 Tags batch update, §9 debounce and the 10 s frequently-used rule): its child flows
 * working together as the app runs them — typed text applied after the filters' debounce (the URL
 * written, page 1 loaded), a route's filters applied without writing the URL, the batch dialog
 * handed the frequently-used values the table keeps for 10 s, a member change resetting the
 * screen, and a change in the profile panel reaching the pipeline (the paths test reaches every
 * state and checks each step's calls).
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Contact } from '../../src/contract/contacts';
import type { EndpointName } from '../../src/contract/all-endpoints';
import type { BatchTagActorRef } from '../../src/machines/batch-tag.machine';
import type { ContactProfileActorRef } from '../../src/machines/contact-profile.machine';
import type { ContactFilterActorRef } from '../../src/machines/contact-filters';
import { contactsTableMachine } from '../../src/machines/contacts-table.machine';
import { contactsTableEffects } from '../../src/services/actors/contacts';
import { fakeFlowServices } from '../support/fake-api';
import { flush } from '../support/fakes';
import { leadOf, noTabs } from '../support/lead-fixtures';
import { routeShown } from '../support/routes';

const ok = (data: unknown) => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });
const contact = (id: string): Contact => ({ ...leadOf(id), tags: [], tabName: '' });
const frequentItems = [{ valueId: 7, value: 'Machinery', tagId: 3, tagName: 'Industry', tagTypeId: 1, count: 4 }];
const industry = { id: 3, name: 'Industry', tagTypeId: 1, typeName: 'Profile', isActive: true, values: [{ id: 7, value: 'Machinery' }] };

const answers: Partial<Record<EndpointName, unknown>> = {
  memberContactsList: ok({ rows: [contact('c1'), contact('c2')], totalCount: 2 }),
  memberListConfig: ok({ type: 1, columns: ['name', 'phone'] }),
  tagList: ok({ items: [industry] }),
  memberUserTabs: ok({ tabs: [noTabs] }),
  frequentTagValues: ok({ items: frequentItems }),
  memberBatchUpdateTag: ok({ updated: 1 }),
  memberContactsDetail: ok(contact('c1')),
  memberNoteList: ok({ rows: [], totalCount: 0 }),
  memberNoteAdd: ok({ id: 'n1', text: 'Called back', createTime: 1, authorName: 'Ivy' }),
};

const start = () => {
  const fake = fakeFlowServices((name) => answers[name] ?? ok(null));
  const clock = new SimulatedClock();
  const table = createActor(contactsTableMachine.provide(contactsTableEffects(fake.services)), {
    input: { realRole: 'member' },
    clock,
  }).start();
  const filters = () => table.getSnapshot().children.filters as ContactFilterActorRef;
  const listBodies = () => fake.calls.filter((c) => c.name === 'memberContactsList').map((c) => c.body);
  return { ...fake, clock, table, filters, listBodies };
};

describe('contacts table and its filters', () => {
  it('applies typed text 300 ms after the last keystroke: the URL is written and page 1 of the search loads, nothing selected', async () => {
    const { table, filters, clock, navigations, listBodies } = start();
    await flush();
    table.send({ type: 'user.select', selection: { mode: 'page', ids: ['c1'] } });
    filters().send({ type: 'user.filter', patch: { search: 'an' } });
    clock.increment(299);
    filters().send({ type: 'user.filter', patch: { search: 'ann' } });
    clock.increment(299);
    await flush();
    expect(navigations).toEqual([]);
    expect(listBodies()).toHaveLength(1);
    clock.increment(1);
    await flush();
    expect(navigations).toEqual([{ to: '/contacts?filters=%7B%22search%22%3A%22ann%22%7D', replace: true }]);
    expect(listBodies().at(-1)).toEqual({ search: 'ann', showClosedLeads: false, sort: 'createTime', sortOrder: 'desc', page: 1, pageSize: 15 });
    expect(table.getSnapshot().context.selection).toEqual({ mode: 'page', ids: [] });
    expect(table.getSnapshot().context.filters.search).toBe('ann');
  });

  it('applies the filters of a route shown on /contacts without writing the URL, and ignores other routes', async () => {
    const { table, navigations, listBodies } = start();
    await flush();
    table.send(routeShown('/pipeline', 'member', '?filters=%7B%22search%22%3A%22zed%22%7D'));
    await flush();
    expect(listBodies()).toHaveLength(1);
    table.send(routeShown('/contacts', 'member', '?filters=%7B%22isNoted%22%3Atrue%7D'));
    await flush();
    expect(listBodies().at(-1)).toEqual({ isNoted: true, showClosedLeads: false, sort: 'createTime', sortOrder: 'desc', page: 1, pageSize: 15 });
    expect(navigations).toEqual([]);
    // The URL it wrote itself comes back as the same filters: nothing loads again.
    table.send(routeShown('/contacts', 'member', '?filters=%7B%22isNoted%22%3Atrue%7D'));
    await flush();
    expect(listBodies()).toHaveLength(2);
  });
});

describe('batch tagging from the table', () => {
  it('hands the frequently-used values to the next dialog for 10 s, then fetches them again', async () => {
    const { table, clock, calls } = start();
    await flush();
    const frequentCalls = () => calls.filter((c) => c.name === 'frequentTagValues').length;
    table.send({ type: 'user.select', selection: { mode: 'page', ids: ['c1'] } });
    table.send({ type: 'user.tag' });
    await flush();
    expect(frequentCalls()).toBe(1);
    expect(table.getSnapshot().context.frequent?.items).toEqual(frequentItems);
    (table.getSnapshot().children.batchTag as BatchTagActorRef).send({ type: 'user.cancel' });
    expect(table.getSnapshot().matches({ action: 'idle' })).toBe(true);

    clock.increment(9_999);
    table.send({ type: 'user.tag' });
    await flush();
    expect(frequentCalls()).toBe(1);
    expect((table.getSnapshot().children.batchTag as BatchTagActorRef).getSnapshot().context.frequent?.items).toEqual(frequentItems);
    (table.getSnapshot().children.batchTag as BatchTagActorRef).send({ type: 'user.cancel' });

    clock.increment(1);
    expect(table.getSnapshot().context.frequent).toBeNull();
    table.send({ type: 'user.tag' });
    await flush();
    expect(frequentCalls()).toBe(2);
  });

  it('applied: says how many, clears the selection, reloads and tells the pipeline', async () => {
    const { table, calls, sent, shown, listBodies } = start();
    await flush();
    table.send({ type: 'user.select', selection: { mode: 'page', ids: ['c1'] } });
    table.send({ type: 'user.tag' });
    await flush();
    const dialog = table.getSnapshot().children.batchTag as BatchTagActorRef;
    dialog.send({ type: 'user.toggleAdd', valueId: 7 });
    dialog.send({ type: 'user.apply' });
    await flush();
    expect(calls.find((c) => c.name === 'memberBatchUpdateTag')?.body).toEqual({ selection: { mode: 'page', ids: ['c1'] }, addTagValueIds: [7], removeTagValueIds: [] });
    const s = table.getSnapshot();
    expect(s.matches({ action: 'idle' })).toBe(true);
    expect(s.context.notice).toEqual({ kind: 'tagged', count: 1 });
    expect(s.context.selection).toEqual({ mode: 'page', ids: [] });
    expect(listBodies()).toHaveLength(2);
    expect(sent).toEqual([{ systemId: 'pipeline', event: { type: 'leads.changed' } }]);
    expect(shown).toEqual([{ text: 'Tags updated on 1 contact', type: 'success' }]);
  });
});

describe('another member chosen in the member selector', () => {
  it('loads page 1 of their contacts and their tabs, closes the profile and the dialog, clears the selection and the frequently-used values', async () => {
    const { table, calls, listBodies } = start();
    await flush();
    table.send({ type: 'user.page', page: 2 });
    await flush();
    table.send({ type: 'user.open', id: 'c1' });
    table.send({ type: 'user.select', selection: { mode: 'page', ids: ['c1'] } });
    table.send({ type: 'user.tag' });
    await flush();
    expect(table.getSnapshot().context.frequent).not.toBeNull();
    table.send({ type: 'member.selected', userId: 'u-other' });
    await flush();
    const s = table.getSnapshot();
    expect(listBodies().at(-1)).toEqual({ showClosedLeads: false, sort: 'createTime', sortOrder: 'desc', page: 1, pageSize: 15 });
    expect(calls.filter((c) => c.name === 'memberUserTabs')).toHaveLength(2);
    expect(s.matches({ profile: 'closed', action: 'idle', frequentTags: 'none' })).toBe(true);
    expect(s.children.profile).toBeUndefined();
    expect(s.children.batchTag).toBeUndefined();
    expect(s.context).toMatchObject({ page: 1, selection: { mode: 'page', ids: [] }, profileId: null, frequent: null });
  });
});

describe('the profile panel as the table’s child', () => {
  it('a note added tells the table, which reloads its page and tells the pipeline', async () => {
    const { table, sent, listBodies } = start();
    await flush();
    table.send({ type: 'user.open', id: 'c1' });
    await flush();
    const profile = table.getSnapshot().children.profile as ContactProfileActorRef;
    expect(profile.getSnapshot().context.contact?.id).toBe('c1');
    expect(profile.getSnapshot().context.tabs).toEqual([noTabs]);
    profile.send({ type: 'user.addNote', text: 'Called back' });
    await flush();
    expect(sent).toEqual([{ systemId: 'pipeline', event: { type: 'leads.changed' } }]);
    expect(listBodies()).toHaveLength(2);
  });

  it('keeps at least one column: hiding the last one is refused', async () => {
    const { table, calls } = start();
    await flush();
    table.send({ type: 'user.chooseColumns' });
    expect(table.getSnapshot().hasTag('choosingColumns')).toBe(true);
    table.send({ type: 'user.toggleColumn', column: 'name', shown: false });
    await flush();
    expect(table.getSnapshot().context.columns).toEqual(['phone']);
    table.send({ type: 'user.toggleColumn', column: 'phone', shown: false });
    await flush();
    expect(table.getSnapshot().context.columns).toEqual(['phone']);
    expect(calls.filter((c) => c.name === 'memberListConfigSave').map((c) => c.body)).toEqual([{ type: 1, columns: ['phone'] }]);
    table.send({ type: 'user.closeColumns' });
    expect(table.getSnapshot().hasTag('choosingColumns')).toBe(false);
  });
});
