/**
 * A member's pipeline tabs (SPEC §7 Tabs and contacts: /user/tabs/, /tab/update/base/, plus add,
 * delete and reorder): No tabs first, names unique per member, rename, delete moving the tab's
 * leads to No tabs (closed ones opened), reorder naming every tab once. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { MAX_TABS, tab, tabDeleteData } from '../../src/contract/leads';
import { usePipelineWorld } from './support/leads-world';
import type { TestApp } from './support/test-app';

let t: TestApp;
const p = usePipelineWorld((app) => (t = app), { rebuildEach: true });

const addTab = async (name: string) => {
  const res = await p.call('tabAdd', 'member', { tab_name: name });
  expect(res.code, res.message).toBe(Code.OK);
  return tab.parse(camelKeys(res.data));
};

describe('tabs', () => {
  it('lists No tabs (id 0) first, then the member’s own tabs in order', async () => {
    expect(await p.tabs('member')).toEqual([{ id: 0, name: 'No tabs', isDefault: 1 }]);
    const hot = await addTab('  Hot ');
    const cold = await addTab('Cold');
    await p.insertTab('target', 'Theirs');
    expect(hot).toMatchObject({ name: 'Hot', isDefault: 0 });
    expect((await p.tabs('member')).map((x) => x.id)).toEqual([0, hot.id, cold.id]);
  });

  it('refuses a blank name, a name the member already has (any case), and more than the limit', async () => {
    await addTab('Hot');
    expect((await p.call('tabAdd', 'member', { tab_name: ' ' })).code).toBe(Code.VALIDATION);
    const dup = await p.call('tabAdd', 'member', { tab_name: 'HOT' });
    expect(dup.code).toBe(Code.TAB_NAME_CONFLICT);
    expect(dup.message).toBe('A tab with this name already exists.');
    // Another member may use the same name.
    expect((await p.call('tabAdd', 'target', { tab_name: 'Hot' })).code).toBe(Code.OK);
    for (let i = 1; i < MAX_TABS; i++) await p.insertTab('member', `T${i}`, i);
    const over = await p.call('tabAdd', 'member', { tab_name: 'One too many' });
    expect(over.code).toBe(Code.VALIDATION);
  });

  it('renames a tab (/tab/update/base/); not No tabs, not another member’s, not to a used name', async () => {
    const hot = await addTab('Hot');
    await addTab('Cold');
    const renamed = await p.call('tabUpdateBase', 'member', { tab_id: hot.id, tab_name: 'Warm' });
    expect(tab.parse(camelKeys(renamed.data))).toEqual({ ...hot, name: 'Warm' });
    expect((await p.call('tabUpdateBase', 'member', { tab_id: hot.id, tab_name: 'cold' })).code).toBe(Code.TAB_NAME_CONFLICT);
    expect((await p.call('tabUpdateBase', 'member', { tab_id: 0, tab_name: 'X' })).code).toBe(Code.VALIDATION);
    const theirs = await p.insertTab('target', 'Theirs');
    expect((await p.call('tabUpdateBase', 'member', { tab_id: theirs, tab_name: 'Mine' })).code).toBe(Code.NOT_FOUND);
    expect((await p.tabs('target')).find((x) => x.id === theirs)?.name).toBe('Theirs');
  });

  it('deleting a tab moves its leads to No tabs, opening the closed ones, in one step', async () => {
    const hot = await addTab('Hot');
    const keep = await addTab('Keep');
    const open = await p.insertLead('member', { name: 'open', tabId: hot.id });
    const closed = await p.insertLead('member', { name: 'closed', tabId: hot.id, isClosed: true, closedReason: 'lost' });
    const other = await p.insertLead('member', { name: 'other', tabId: keep.id });
    t.clock.advance(1000);
    const res = await p.call('tabDelete', 'member', { tab_id: hot.id });
    expect(tabDeleteData.parse(camelKeys(res.data))).toEqual({ movedLeads: 2 });
    const rows = await t.db.select().from(leads);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(open)).toMatchObject({ tabId: 0, isClosed: false });
    expect(byId.get(closed)).toMatchObject({ tabId: 0, isClosed: false, closedReason: null });
    expect(byId.get(open)!.editedAt.getTime()).toBe(t.clock.now().getTime());
    expect(byId.get(other)).toMatchObject({ tabId: keep.id });
    expect((await p.tabs('member')).map((x) => x.id)).toEqual([0, keep.id]);
    expect((await p.call('tabDelete', 'member', { tab_id: hot.id })).code).toBe(Code.NOT_FOUND);
    expect((await p.call('tabDelete', 'member', { tab_id: 0 })).code).toBe(Code.VALIDATION);
  });

  it('deleting another member’s tab is NOT_FOUND and moves nothing', async () => {
    const theirs = await p.insertTab('target', 'Theirs');
    const lead = await p.insertLead('target', { name: 'x', tabId: theirs });
    expect((await p.call('tabDelete', 'member', { tab_id: theirs })).code).toBe(Code.NOT_FOUND);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead));
    expect(row!.tabId).toBe(theirs);
  });

  it('reorders the member’s tabs; the order must name every tab once', async () => {
    const a = await addTab('A');
    const b = await addTab('B');
    const c = await addTab('C');
    const res = await p.call('tabReorder', 'member', { tab_ids: [c.id, a.id, b.id] });
    expect(res.code).toBe(Code.OK);
    expect((await p.tabs('member')).map((x) => x.name)).toEqual(['No tabs', 'C', 'A', 'B']);
    const theirs = await p.insertTab('target', 'Theirs');
    for (const tabIds of [[c.id, a.id], [c.id, a.id, a.id], [c.id, a.id, b.id, theirs], [0, c.id, a.id, b.id]]) {
      const bad = await p.call('tabReorder', 'member', { tab_ids: tabIds });
      expect(bad.code, JSON.stringify(tabIds)).toBe(Code.VALIDATION);
    }
    expect((await p.tabs('member')).map((x) => x.name)).toEqual(['No tabs', 'C', 'A', 'B']);
  });

  it('a tab added after a deletion goes last', async () => {
    const a = await addTab('A');
    const b = await addTab('B');
    await p.call('tabDelete', 'member', { tab_id: a.id });
    const c = await addTab('C');
    expect((await p.tabs('member')).map((x) => x.id)).toEqual([0, b.id, c.id]);
  });
});
