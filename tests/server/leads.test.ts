/**
 * The lead pipeline (SPEC §7 Leads; rules of SPEC §3, §4, §5), good and bad input, as a member on
 * /member: add, update (partial, the stale-edit rule, a drop in the lead's own tab), delete,
 * close, per-tab counts, and the list with each search option, sort and paging. Runs on PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leadPageQuery } from '../../server/leads/repository';
import { leads } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { lead, leadListRequest, LEADS_PAGE_SIZE, leadSorts, sortOrders } from '../../src/contract/leads';
import { usePipelineWorld } from './support/leads-world';
import type { World } from './support/team-world';
import type { TestApp } from './support/test-app';

let t: TestApp;
let w: World;
const p = usePipelineWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });

const MINUTE = 60_000;

describe('add', () => {
  it('adds a lead with every field; empty optional fields are stored as null', async () => {
    const tabId = await p.insertTab('member', 'Hot');
    const added = await p.add('member', {
      name: '  Alice  ',
      tab_id: tabId,
      phone: '+1 555 0100',
      email: ' Alice@Example.com ',
      birthday: '1990-04-01',
      country: 'NZ',
      gender: 'female',
      follow_up_time: t.clock.now().getTime() + MINUTE,
      notes: '',
      activity: 'orderPlaced',
      stage: 'discussions',
      level: 'core',
      source: 'linkedin',
      company_name: 'Acme',
      company_position: 'Buyer',
      company_website: 'https://acme.example',
      company_size: '50',
      company_phone: '+1 555 0101',
      company_email: '',
      company_address: '1 Road',
      source_id: '15550100@c.us',
    });
    expect(added).toMatchObject({
      name: 'Alice',
      tabId,
      email: 'alice@example.com',
      notes: null,
      companyEmail: null,
      isClosed: false,
      closedReason: null,
      awaitReply: false,
      lastMessageTime: null,
      gender: 'female',
      stage: 'discussions',
      createTime: t.clock.now().getTime(),
      editTime: t.clock.now().getTime(),
      followUpTime: t.clock.now().getTime() + MINUTE,
    });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, added.id));
    expect(row).toMatchObject({ ownerId: w.who.member.userId, workspaceId: w.W, tabId });
  });

  it('needs a name (SPEC §5)', async () => {
    for (const body of [{}, { name: '   ' }, { name: null }]) {
      const res = await p.call('leadsAdd', 'member', body);
      expect(res.code).toBe(Code.VALIDATION);
      expect(res.message).toBe('name: You have to enter the "Name"');
    }
    expect(await t.count('leads')).toBe(0);
  });

  it('takes an optional email only when valid (SPEC §5)', async () => {
    const res = await p.call('leadsAdd', 'member', { name: 'Bob', email: 'bob@nowhere' });
    expect(res.code).toBe(Code.VALIDATION);
    expect(res.message).toBe('email: Enter a valid email or keep it empty');
    const bad = await p.call('leadsAdd', 'member', { name: 'Bob', company_email: 'x' });
    expect(bad.code).toBe(Code.VALIDATION);
    expect((await p.add('member', { name: 'Bob', email: '  ' })).email).toBeNull();
  });

  it('refuses a phone or company phone with characters other than digits, spaces and - + \\ ( ) (SPEC §5), on add and update, storing nothing', async () => {
    for (const body of [{ phone: 'abc#$%' }, { phone: '+1 415 555 0103 ext#9' }, { company_phone: '415.555.0101' }]) {
      const res = await p.call('leadsAdd', 'member', { name: 'Pat', ...body });
      expect(res.code, JSON.stringify(body)).toBe(Code.VALIDATION);
      expect(res.message).toBe(`${Object.keys(body)[0]}: Phone may hold digits, spaces and - + \\ ( ) only`);
    }
    expect(await t.count('leads')).toBe(0);
    const a = await p.add('member', { name: 'Pat', phone: '+1 (415) 555-0103' });
    const res = await p.call('leadsUpdate', 'member', { id: a.id, edit_time: a.editTime, phone: 'abc#$%' });
    expect(res.code).toBe(Code.VALIDATION);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, a.id));
    expect(row).toMatchObject({ phone: '+1 (415) 555-0103', editedAt: new Date(a.editTime) });
  });

  it('refuses a name the member already uses, ignoring case (100010), but not one another member uses', async () => {
    await p.add('member', { name: 'Carol' });
    const dup = await p.call('leadsAdd', 'member', { name: 'CAROL' });
    expect(dup.code).toBe(Code.NAME_CONFLICT);
    expect(dup.message).toBe('The leads name already exists.');
    await p.add('target', { name: 'Carol' });
    expect(await t.count('leads')).toBe(2);
  });

  it('puts the lead in No tabs by default and refuses a tab that is not the member’s', async () => {
    expect((await p.add('member', { name: 'Dan' })).tabId).toBe(0);
    const othersTab = await p.insertTab('target', 'Theirs');
    expect((await p.call('leadsAdd', 'member', { name: 'Eve', tab_id: othersTab })).code).toBe(Code.NOT_FOUND);
    expect((await p.call('leadsAdd', 'member', { name: 'Eve', tab_id: 999999 })).code).toBe(Code.NOT_FOUND);
    expect((await p.call('leadsAdd', 'member', { name: 'Eve', tab_id: -1 })).code).toBe(Code.VALIDATION);
  });

  it('refuses unknown enum values and malformed dates', async () => {
    for (const body of [{ gender: 'other' }, { stage: 'won' }, { source: 'tv' }, { birthday: '01/04/1990' }, { follow_up_time: -5 }]) {
      expect((await p.call('leadsAdd', 'member', { name: 'Fay', ...body })).code, JSON.stringify(body)).toBe(Code.VALIDATION);
    }
  });
});

describe('update', () => {
  it('changes only the given fields and moves the edit time on', async () => {
    const a = await p.add('member', { name: 'Gus', phone: '1', country: 'FR' });
    t.clock.advance(MINUTE);
    const res = await p.call('leadsUpdate', 'member', { id: a.id, edit_time: a.editTime, phone: '2', country: null });
    expect(res.code, res.message).toBe(Code.OK);
    const b = lead.parse(camelKeys(res.data));
    expect(b).toMatchObject({ name: 'Gus', phone: '2', country: null, editTime: a.editTime + MINUTE, createTime: a.createTime });
  });

  it('refuses a stale edit time with its own code and the current lead in data; nothing is written', async () => {
    const a = await p.add('member', { name: 'Hal' });
    const first = await p.call('leadsUpdate', 'member', { id: a.id, edit_time: a.editTime, notes: 'first' });
    expect(first.code).toBe(Code.OK);
    // Same clock: the edit time still moves on (strictly), so the second writer is told.
    const fresh = lead.parse(camelKeys(first.data));
    expect(fresh.editTime).toBe(a.editTime + 1);
    const before = await p.snapshot();
    const stale = await p.call('leadsUpdate', 'member', { id: a.id, edit_time: a.editTime, notes: 'second' });
    expect(stale.code).toBe(Code.STALE_EDIT);
    expect(stale.message).toContain('changed by someone else');
    expect(lead.parse(camelKeys(stale.data))).toEqual(fresh);
    expect(await p.snapshot()).toBe(before);
    const retried = await p.call('leadsUpdate', 'member', { id: a.id, edit_time: fresh.editTime, notes: 'second' });
    expect(retried.code).toBe(Code.OK);
  });

  it('a drop in the lead’s own tab is ignored: no write, whatever the edit time (SPEC §4)', async () => {
    const tabId = await p.insertTab('member', 'Warm');
    const a = await p.add('member', { name: 'Ida', tab_id: tabId });
    t.clock.advance(MINUTE);
    const before = await p.snapshot();
    for (const editTime of [a.editTime, 1]) {
      const res = await p.call('leadsUpdate', 'member', { id: a.id, edit_time: editTime, tab_id: tabId, name: 'Ida' });
      expect(res.code).toBe(Code.OK);
      expect(lead.parse(camelKeys(res.data))).toEqual(a);
    }
    expect(await p.snapshot()).toBe(before);
  });

  it('moves a lead to another of the member’s tabs or to No tabs, never to someone else’s tab', async () => {
    const one = await p.insertTab('member', 'One');
    const theirs = await p.insertTab('target', 'Theirs');
    const a = await p.add('member', { name: 'Jon' });
    const moved = await p.call('leadsUpdate', 'member', { id: a.id, edit_time: a.editTime, tab_id: one });
    expect(lead.parse(camelKeys(moved.data)).tabId).toBe(one);
    const m = lead.parse(camelKeys(moved.data));
    expect((await p.call('leadsUpdate', 'member', { id: a.id, edit_time: m.editTime, tab_id: theirs })).code).toBe(Code.NOT_FOUND);
    const back = await p.call('leadsUpdate', 'member', { id: a.id, edit_time: m.editTime, tab_id: 0 });
    expect(lead.parse(camelKeys(back.data)).tabId).toBe(0);
  });

  it('refuses a name the member already uses (100010), a blank name, an unknown lead', async () => {
    await p.add('member', { name: 'Kim' });
    const b = await p.add('member', { name: 'Lee' });
    expect((await p.call('leadsUpdate', 'member', { id: b.id, edit_time: b.editTime, name: 'kim' })).code).toBe(Code.NAME_CONFLICT);
    expect((await p.call('leadsUpdate', 'member', { id: b.id, edit_time: b.editTime, name: ' ' })).code).toBe(Code.VALIDATION);
    expect((await p.call('leadsUpdate', 'member', { id: 'nope', edit_time: 0, name: 'X' })).code).toBe(Code.NOT_FOUND);
    expect((await p.call('leadsUpdate', 'member', { id: b.id, name: 'X' })).code).toBe(Code.VALIDATION);
    // Renaming to another case of its own name is allowed.
    expect((await p.call('leadsUpdate', 'member', { id: b.id, edit_time: b.editTime, name: 'LEE' })).code).toBe(Code.OK);
  });

  it('a closed lead cannot move to No tabs (closing needs a custom tab, SPEC §5)', async () => {
    const tabId = await p.insertTab('member', 'Done');
    const id = await p.insertLead('member', { name: 'Max', tabId, isClosed: true, closedReason: 'bought' });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, id));
    const res = await p.call('leadsUpdate', 'member', { id, edit_time: row!.editedAt.getTime(), tab_id: 0 });
    expect(res.code).toBe(Code.LEAD_NEEDS_TAB);
  });
});

describe('close and delete', () => {
  it('closing needs a custom tab first (SPEC §5), then keeps the reason; reopening clears it', async () => {
    const a = await p.add('member', { name: 'Ned' });
    const refused = await p.call('leadsClose', 'member', { id: a.id, closed_reason: 'lost' });
    expect(refused.code).toBe(Code.LEAD_NEEDS_TAB);
    expect(refused.message).toBe('Closing a contact needs a custom tab first.');
    const tabId = await p.insertTab('member', 'Pipeline');
    const m = await p.call('leadsUpdate', 'member', { id: a.id, edit_time: a.editTime, tab_id: tabId });
    expect(m.code).toBe(Code.OK);
    const closed = lead.parse(camelKeys((await p.call('leadsClose', 'member', { id: a.id, closed_reason: ' lost ' })).data));
    expect(closed).toMatchObject({ isClosed: true, closedReason: 'lost', tabId });
    expect(closed.editTime).toBeGreaterThan(lead.parse(camelKeys(m.data)).editTime);
    const open = lead.parse(camelKeys((await p.call('leadsClose', 'member', { id: a.id, is_closed: false })).data));
    expect(open).toMatchObject({ isClosed: false, closedReason: null });
    expect((await p.call('leadsClose', 'member', { id: 'nope' })).code).toBe(Code.NOT_FOUND);
  });

  it('deletes the member’s own lead once', async () => {
    const a = await p.add('member', { name: 'Oli' });
    expect((await p.call('leadsDelete', 'member', { id: a.id })).code).toBe(Code.OK);
    expect(await t.count('leads')).toBe(0);
    expect((await p.call('leadsDelete', 'member', { id: a.id })).code).toBe(Code.NOT_FOUND);
    expect((await p.call('leadsDelete', 'member', {})).code).toBe(Code.VALIDATION);
  });
});

describe('count', () => {
  it('counts open leads and those awaiting a reply per tab, No tabs first, empty tabs included', async () => {
    const one = await p.insertTab('member', 'One', 0);
    const two = await p.insertTab('member', 'Two', 1);
    await p.insertLead('member', { name: 'a', awaitingReply: true });
    await p.insertLead('member', { name: 'b' });
    await p.insertLead('member', { name: 'c', tabId: one, awaitingReply: true });
    await p.insertLead('member', { name: 'd', tabId: one, isClosed: true, awaitingReply: true });
    await p.insertLead('target', { name: 'e' });
    expect(await p.count('member')).toEqual({
      items: [
        { tabId: 0, openCount: 2, awaitReplyCount: 1 },
        { tabId: one, openCount: 1, awaitReplyCount: 1 },
        { tabId: two, openCount: 0, awaitReplyCount: 0 },
      ],
      totalCount: 3,
    });
  });
});

describe('list: search options (SPEC §3), sort and paging', () => {
  const t0 = () => t.clock.now().getTime();
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);

  const seed = async () => {
    const tabId = await p.insertTab('member', 'Tab');
    const at = (m: number) => new Date(t0() + m * MINUTE);
    await p.insertLead('member', { name: 'Bravo', createdAt: at(1), lastMessageAt: at(30) });
    await p.insertLead('member', { name: 'alpha', createdAt: at(2), lastMessageAt: at(10), awaitingReply: true });
    await p.insertLead('member', { name: 'Charlie', createdAt: at(3), tabId });
    await p.insertLead('member', { name: 'al_pha%', createdAt: at(4), lastMessageAt: at(20), tabId, isClosed: true });
    await p.insertLead('target', { name: 'Alpine', createdAt: at(5) });
    return tabId;
  };

  it('defaults: every tab, closed hidden, newest first, answers the total', async () => {
    await seed();
    expect(await p.list('member')).toMatchObject({ totalCount: 3 });
    expect(names((await p.list('member')).rows)).toEqual(['Charlie', 'alpha', 'Bravo']);
    expect(names((await p.list('member', { show_closed_leads: true })).rows)).toEqual(['al_pha%', 'Charlie', 'alpha', 'Bravo']);
  });

  it('search: a case-insensitive name prefix; % and _ match themselves', async () => {
    await seed();
    expect(names((await p.list('member', { search: 'AL', show_closed_leads: true })).rows)).toEqual(['al_pha%', 'alpha']);
    expect(names((await p.list('member', { search: 'al_', show_closed_leads: true })).rows)).toEqual(['al_pha%']);
    expect(names((await p.list('member', { search: '%', show_closed_leads: true })).rows)).toEqual([]);
    expect(names((await p.list('member', { search: 'pha' })).rows)).toEqual([]);
    expect(names((await p.list('member', { search: '  ' })).rows)).toHaveLength(3);
  });

  it('create and last-message time ranges are inclusive', async () => {
    await seed();
    const range = { begin_create_time: t0() + 2 * MINUTE, end_create_time: t0() + 3 * MINUTE };
    expect(names((await p.list('member', range)).rows)).toEqual(['Charlie', 'alpha']);
    const last = { begin_last_time: t0() + 10 * MINUTE, end_last_time: t0() + 20 * MINUTE, show_closed_leads: true };
    expect(names((await p.list('member', last)).rows)).toEqual(['al_pha%', 'alpha']);
  });

  it('tab, awaiting reply and closed filters', async () => {
    const tabId = await seed();
    expect(names((await p.list('member', { tab_id: 0 })).rows)).toEqual(['alpha', 'Bravo']);
    expect(names((await p.list('member', { tab_id: tabId })).rows)).toEqual(['Charlie']);
    expect(names((await p.list('member', { tab_id: tabId, show_closed_leads: true })).rows)).toEqual(['al_pha%', 'Charlie']);
    expect(names((await p.list('member', { await_reply: true })).rows)).toEqual(['alpha']);
  });

  it('sorts by create time, name or last message time, either way (no messages counts as oldest)', async () => {
    await seed();
    const sorted = async (sort: string, sort_order: string) => names((await p.list('member', { sort, sort_order })).rows);
    expect(await sorted('createTime', 'asc')).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(await sorted('name', 'asc')).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(await sorted('name', 'desc')).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(await sorted('lastMessageTime', 'desc')).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(await sorted('lastMessageTime', 'asc')).toEqual(['Charlie', 'alpha', 'Bravo']);
    expect((await p.call('leadsList', 'member', { sort: 'email' })).code).toBe(Code.VALIDATION);
    expect((await p.call('leadsList', 'member', { sort_order: 'up' })).code).toBe(Code.VALIDATION);
  });

  it('pages: 40 by default, a page past the end is empty, ties broken by id so pages never overlap', async () => {
    for (let i = 0; i < 45; i++) await p.insertLead('member', { name: `Lead ${String(i).padStart(2, '0')}` });
    const first = await p.list('member');
    expect(first.rows).toHaveLength(LEADS_PAGE_SIZE);
    expect(first.totalCount).toBe(45);
    const second = await p.list('member', { page: 2 });
    expect(second.rows).toHaveLength(5);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(45);
    const small = [1, 2, 3].map((page) => p.list('member', { page, page_size: 20, sort: 'name', sort_order: 'asc' }));
    expect((await Promise.all(small)).flatMap((r) => names(r.rows))).toEqual(
      Array.from({ length: 45 }, (_, i) => `Lead ${String(i).padStart(2, '0')}`),
    );
    expect((await p.list('member', { page: 9 })).rows).toEqual([]);
    for (const body of [{ page: 0 }, { page_size: 0 }, { page_size: 201 }, { page: 1.5 }]) {
      expect((await p.call('leadsList', 'member', body)).code).toBe(Code.VALIDATION);
    }
  });
});

describe('list plan', () => {
  it('every sort, with and without a tab, and the name search read one owner’s leads in index order (no sort step)', async () => {
    const owner = { workspaceId: w.W, userId: w.who.member.userId };
    await p.insertLead('member', { name: 'x' });
    const planOf = async (q: Record<string, unknown>) =>
      t.db.transaction(async (tx) => {
        // A tiny table would be read whole; with sequential scans, bitmaps and sorts priced out,
        // the plan shows whether an index gives the rows in the asked order.
        for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await tx.execute(sql`SELECT set_config(${setting}, 'off', true)`);
        const query = leadPageQuery(tx, owner, leadListRequest.parse(q)).getSQL();
        const result = await tx.execute(sql`EXPLAIN ${query}`);
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    for (const sort of leadSorts) {
      for (const sortOrder of sortOrders) {
        for (const tab of [{}, { tabId: 0 }]) {
          const plan = await planOf({ sort, sortOrder, ...tab });
          expect(plan, `${sort} ${sortOrder} ${JSON.stringify(tab)}\n${plan}`).toMatch(/Index Scan( Backward)? using leads_owner_\w+/);
          expect(plan, plan).not.toMatch(/\bSort\b/);
        }
      }
    }
    expect(await planOf({ search: 'ab', sort: 'name', sortOrder: 'asc' })).toMatch(/Index Cond: .*~>=~|Index Cond: .*>=/);
  });
});
