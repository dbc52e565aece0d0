/** One lead panel (SPEC §3 Lead list state per tab; §4 paging complete on a short page). */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { leadPanelMachine, putLead, type LeadPage, type LoadLeadPageInput } from '../../src/machines/lead-panel.machine';
import { DEFAULT_FILTERS } from '../../src/machines/pipeline-filters';
import { controllable, flush } from '../support/fakes';
import { leadOf, leadsOf } from '../support/lead-fixtures';

const start = (pageSize = 3) => {
  const loadPage = controllable<LeadPage, LoadLeadPageInput>();
  const actor = createActor(leadPanelMachine.provide({ actors: { loadPage: loadPage.logic } }), {
    input: { realRole: 'member', tabId: 4, pageSize, filters: DEFAULT_FILTERS },
  }).start();
  const ids = () => actor.getSnapshot().context.leads.map((l) => l.id);
  const tags = () => [...actor.getSnapshot().tags].sort();
  return { actor, loadPage, ids, tags };
};

describe('lead panel machine', () => {
  it('pages until a page returns fewer rows than the page size; loadMore is then ignored', async () => {
    const { actor, loadPage, ids, tags } = start();
    expect(tags()).toEqual(['loading']);
    expect(loadPage.calls).toEqual([{ realRole: 'member', tabId: 4, filters: DEFAULT_FILTERS, page: 1, pageSize: 3 }]);
    loadPage.resolve({ rows: leadsOf('a', 3, 4), totalCount: 5 });
    await flush();
    expect(ids()).toEqual(['a1', 'a2', 'a3']);
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, totalCount: 5, isEnd: false });

    actor.send({ type: 'user.loadMore' });
    expect(tags()).toEqual(['loadingMore']);
    // A second request while one runs is ignored.
    actor.send({ type: 'user.loadMore' });
    expect(loadPage.calls.map((c) => c.page)).toEqual([1, 2]);
    loadPage.resolve({ rows: leadsOf('a', 2, 4, 4), totalCount: 5 });
    await flush();
    expect(ids()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(actor.getSnapshot().context).toMatchObject({ page: 2, totalCount: 5, isEnd: true });

    actor.send({ type: 'user.loadMore' });
    expect(loadPage.calls).toHaveLength(2);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('a full last page is not the end: the next, empty one is', async () => {
    const { actor, loadPage } = start(2);
    loadPage.resolve({ rows: leadsOf('a', 2), totalCount: 2 });
    await flush();
    expect(actor.getSnapshot().context.isEnd).toBe(false);
    actor.send({ type: 'user.loadMore' });
    loadPage.resolve({ rows: [], totalCount: 2 });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ isEnd: true, page: 2 });
  });

  it('drops rows already on screen when appending (a move shifted the offsets)', async () => {
    const { actor, loadPage, ids } = start();
    loadPage.resolve({ rows: leadsOf('a', 3), totalCount: 6 });
    await flush();
    actor.send({ type: 'user.loadMore' });
    loadPage.resolve({ rows: [leadOf('a3'), leadOf('a4'), leadOf('a5')], totalCount: 6 });
    await flush();
    expect(ids()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    // The page was full: more may come.
    expect(actor.getSnapshot().context.isEnd).toBe(false);
  });

  it('a reload cancels a running load (its signal aborts, its answer is ignored) and keeps the old leads until the new page', async () => {
    const { actor, loadPage, ids, tags } = start();
    loadPage.resolve({ rows: leadsOf('a', 3), totalCount: 9 });
    await flush();
    actor.send({ type: 'user.loadMore' });
    const filters = { ...DEFAULT_FILTERS, search: 'b' };
    actor.send({ type: 'panel.reload', filters });
    expect(tags()).toEqual(['loading']);
    expect(ids()).toEqual(['a1', 'a2', 'a3']);
    expect(actor.getSnapshot().context).toMatchObject({ page: 0, filters });
    expect(loadPage.calls.at(-1)).toEqual({ realRole: 'member', tabId: 4, filters, page: 1, pageSize: 3 });
    // The cancelled page-2 answer arrives late: nothing changes.
    loadPage.resolve({ rows: leadsOf('late', 3), totalCount: 9 });
    await flush();
    expect(ids()).toEqual(['a1', 'a2', 'a3']);
    expect(tags()).toEqual(['loading']);
    loadPage.resolve({ rows: [leadOf('b1')], totalCount: 1 });
    await flush();
    expect(ids()).toEqual(['b1']);
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, totalCount: 1, isEnd: true });
  });

  it('a reload while the first page loads restarts it with the new filters', async () => {
    const { actor, loadPage, ids } = start();
    actor.send({ type: 'panel.reload', filters: { ...DEFAULT_FILTERS, showClosed: true } });
    expect(loadPage.calls.map((c) => c.filters.showClosed)).toEqual([false, true]);
    loadPage.resolve({ rows: leadsOf('old', 1), totalCount: 1 });
    loadPage.resolve({ rows: leadsOf('new', 2), totalCount: 2 });
    await flush();
    expect(ids()).toEqual(['new1', 'new2']);
    // A reload without filters keeps the current ones.
    actor.send({ type: 'panel.reload' });
    expect(loadPage.calls.at(-1)?.filters.showClosed).toBe(true);
  });

  it('a failed first page offers a retry of it; a failed next page keeps the leads and retries that page', async () => {
    const { actor, loadPage, ids, tags } = start();
    loadPage.reject(new Error('network'));
    await flush();
    expect(tags()).toEqual(['failed']);
    actor.send({ type: 'user.loadMore' });
    expect(loadPage.calls).toHaveLength(1);
    actor.send({ type: 'user.retry' });
    expect(loadPage.calls.at(-1)?.page).toBe(1);
    loadPage.resolve({ rows: leadsOf('a', 3), totalCount: 4 });
    await flush();
    actor.send({ type: 'user.loadMore' });
    loadPage.reject(new Error('network'));
    await flush();
    expect(tags()).toEqual(['failed']);
    expect(ids()).toEqual(['a1', 'a2', 'a3']);
    actor.send({ type: 'user.retry' });
    expect(loadPage.calls.at(-1)?.page).toBe(2);
    loadPage.reject(new Error('network'));
    await flush();
    // Scrolling to the end asks again too.
    actor.send({ type: 'user.loadMore' });
    expect(loadPage.calls.at(-1)?.page).toBe(2);
    loadPage.resolve({ rows: [leadOf('a4')], totalCount: 4 });
    await flush();
    expect(ids()).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('puts a lead in place or at the given index, removes one, and keeps totalCount in step; tags the empty list', async () => {
    const { actor, loadPage, ids, tags } = start();
    loadPage.resolve({ rows: [], totalCount: 0 });
    await flush();
    expect(tags()).toEqual(['empty']);
    actor.send({ type: 'panel.put', lead: leadOf('x') });
    expect(tags()).toEqual([]);
    actor.send({ type: 'panel.put', lead: leadOf('y'), index: 5 });
    actor.send({ type: 'panel.put', lead: leadOf('z'), index: 1 });
    expect(ids()).toEqual(['x', 'z', 'y']);
    expect(actor.getSnapshot().context.totalCount).toBe(3);
    actor.send({ type: 'panel.put', lead: leadOf('z', { name: 'Zed' }), index: 0 });
    expect(ids()).toEqual(['x', 'z', 'y']);
    expect(actor.getSnapshot().context.leads[1]?.name).toBe('Zed');
    expect(actor.getSnapshot().context.totalCount).toBe(3);
    actor.send({ type: 'panel.remove', leadId: 'nobody' });
    expect(actor.getSnapshot().context.totalCount).toBe(3);
    for (const id of ['x', 'y', 'z']) actor.send({ type: 'panel.remove', leadId: id });
    expect(ids()).toEqual([]);
    expect(actor.getSnapshot().context.totalCount).toBe(0);
    expect(tags()).toEqual(['empty']);
  });

  it('putLead clamps the index', () => {
    const leads = leadsOf('a', 2);
    expect(putLead(leads, leadOf('n'), -3).leads.map((l) => l.id)).toEqual(['n', 'a1', 'a2']);
    expect(putLead(leads, leadOf('n'), 99).leads.map((l) => l.id)).toEqual(['a1', 'a2', 'n']);
    expect(putLead(leads, leadOf('a2'), 0)).toMatchObject({ added: false });
  });
});
