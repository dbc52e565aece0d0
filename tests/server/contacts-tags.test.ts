/**
 * Contacts and tags on the server (SPEC §3 Contact list filters, Tag type, Tag; §6; §7 Tabs and
 * contacts, Tags; §8 100802, 100807, 100008): filters, list config, notes, batch delete and tagging
 * by selection, export, and who may reach which rows.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { leads, leadTagValues } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { contactCalls, contactListData, DEFAULT_CONTACT_COLUMNS } from '../../src/contract/contacts';
import { fromCsv } from '../../src/contract/csv';
import { tagCalls, tagsEndpoints, type Tag } from '../../src/contract/tags';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { usePipelineWorld } from './support/leads-world';
import type { Person, World } from './support/team-world';
import type { TestApp } from './support/test-app';

let t: TestApp;
let w: World;
const p = usePipelineWorld((app, world) => ([t, w] = [app, world]));

const roleOf = (who: Person) => (who === 'admin' || who === 'manager' || who === 'otherAdmin' || who === 'host' ? 'admin' : 'member');
const call = (pair: { admin: { path: string }; member: { path: string } }, who: Person, body: unknown = {}, actFor?: Person) =>
  t.post(pair[roleOf(who)].path, body, {
    token: w.who[who].accessToken,
    headers: actFor ? { [SOURCE_USER_HEADER]: w.who[actFor].userId } : {},
  });
const tagCall = (path: string, who: Person, body: unknown = {}) => t.post(path, body, { token: w.who[who].accessToken });
const ok = (res: { code: number; message: string; data: unknown }) => {
  expect(res.code, res.message).toBe(Code.OK);
  return camelKeys(res.data) as Record<string, unknown>;
};
const list = async (who: Person, body: Record<string, unknown> = {}, actFor?: Person) => contactListData.parse(ok(await call(contactCalls.contactsList, who, body, actFor)));
const names = async (who: Person, body: Record<string, unknown> = {}) => (await list(who, { page_size: 100, sort: 'name', sort_order: 'asc', ...body })).rows.map((r) => r.name);

/** A tag with values, made by the admin; answers the tag. */
const makeTag = async (name: string, values: string[], typeName = 'Profile'): Promise<Tag> => {
  const types = (ok(await tagCall(tagsEndpoints.tagTypeList.path, 'admin')).items as { id: number; name: string }[]) ?? [];
  const type = types.find((x) => x.name === typeName) ?? (ok(await tagCall(tagsEndpoints.tagTypeAdd.path, 'admin', { name: typeName })) as { id: number });
  return ok(await tagCall(tagsEndpoints.tagAdd.path, 'admin', { tag_type_id: type.id, name, values })) as unknown as Tag;
};

beforeEach(async () => {
  await w.rebuild();
});

describe('contact list filters', () => {
  it('searches names and phones in any format, and filters by tab, closed, filled fields, sales info, notes and tags', async () => {
    const tab = await p.insertTab('member', 'Qualified');
    const ann = await p.insertLead('member', { name: 'Ann Lee', phone: '+1 415 555 0100', phoneKey: '+14155550100', country: 'US', stage: 'discussions', companyName: 'Acme' });
    await p.insertLead('member', { name: 'Bob Ray', phone: '+44 20 7946 0958', phoneKey: '+442079460958', tabId: tab, level: 'core', notes: 'Call back' });
    await p.insertLead('member', { name: 'Cid Closed', tabId: tab, isClosed: true, companyWebsite: 'https://cid.example' });
    await p.insertLead('member', { name: '陈思远', phone: '+86 138 0013 8765', phoneKey: '+8613800138765', source: 'linkedin', companyAddress: '杭州' });
    await p.insertLead('target', { name: 'Ann Other' });

    expect(await names('member')).toEqual(['Ann Lee', 'Bob Ray', '陈思远']);
    expect(await names('member', { search: 'ann' })).toEqual(['Ann Lee']);
    expect(await names('member', { search: '陈' })).toEqual(['陈思远']);
    for (const phone of ['415 555', '+1 (415) 555', '1415555']) expect(await names('member', { search: phone }), phone).toEqual(['Ann Lee']);
    expect(await names('member', { tab_id: tab })).toEqual(['Bob Ray']);
    expect(await names('member', { tab_id: tab, show_closed_leads: true })).toEqual(['Bob Ray', 'Cid Closed']);
    expect(await names('member', { show_filled_country: true })).toEqual(['Ann Lee']);
    expect(await names('member', { stage: ['discussions', 'closedWon'] })).toEqual(['Ann Lee']);
    expect(await names('member', { level: ['core'] })).toEqual(['Bob Ray']);
    expect(await names('member', { source: ['linkedin'] })).toEqual(['陈思远']);
    expect(await names('member', { show_filled_company_name: true })).toEqual(['Ann Lee']);
    expect(await names('member', { show_filled_company_website: true, show_closed_leads: true })).toEqual(['Cid Closed']);
    expect(await names('member', { show_filled_company_address: true })).toEqual(['陈思远']);
    expect(await names('member', { is_noted: true })).toEqual(['Bob Ray']);
    ok(await call(contactCalls.noteAdd, 'member', { contact_id: ann, text: 'Met at the fair' }));
    expect(await names('member', { is_noted: true })).toEqual(['Ann Lee', 'Bob Ray']);

    const tag = await makeTag('Interest', ['Textiles', 'Machinery']);
    const [textiles] = tag.values;
    ok(await call(tagCalls.updateTag, 'member', { id: ann, tag_value_ids: [textiles!.id] }));
    expect(await names('member', { filter_tag_value_ids: [textiles!.id] })).toEqual(['Ann Lee']);
    expect(await names('member', { filter_tag_value_ids: [textiles!.id], include_tag_values: false })).toEqual(['Bob Ray', '陈思远']);
    // With a search the tag filter is a per-row probe (server/contacts/filter.ts): the same answers.
    expect(await names('member', { search: 'ann', filter_tag_value_ids: [textiles!.id] })).toEqual(['Ann Lee']);
    expect(await names('member', { search: '415 555', filter_tag_value_ids: [textiles!.id] })).toEqual(['Ann Lee']);
    expect(await names('member', { search: 'bob', filter_tag_value_ids: [textiles!.id] })).toEqual([]);
    expect(await names('member', { search: 'bob', filter_tag_value_ids: [textiles!.id], include_tag_values: false })).toEqual(['Bob Ray']);
    expect(await names('member', { search: 'ann', filter_tag_value_ids: [textiles!.id], include_tag_values: false })).toEqual([]);
    const page = await list('member', { search: 'ann' });
    expect(page.rows[0]!.tags).toEqual([{ valueId: textiles!.id, value: 'Textiles', tagId: tag.id, tagName: 'Interest', tagTypeId: tag.tagTypeId }]);
    expect(page.rows[0]!.tabName).toBe('No tabs');
    expect(page.totalCount).toBe(1);
  });

  it('pages by 15 by default, sorts, and refuses bad filters', async () => {
    for (let i = 0; i < 17; i++) await p.insertLead('member', { name: `Person ${String(i).padStart(2, '0')}` });
    const first = await list('member', { sort: 'name', sort_order: 'asc' });
    expect(first.rows).toHaveLength(15);
    expect(first.totalCount).toBe(17);
    expect((await list('member', { sort: 'name', sort_order: 'asc', page: 2 })).rows.map((r) => r.name)).toEqual(['Person 15', 'Person 16']);
    for (const body of [{ stage: ['nope'] }, { page_size: 101 }, { filter_tag_value_ids: [0] }]) expect((await call(contactCalls.contactsList, 'member', body)).code).toBe(Code.VALIDATION);
  });
});

describe('list config, notes, detail, update and delete', () => {
  it('keeps each person their own columns, whoever they act for', async () => {
    expect(ok(await call(contactCalls.listConfig, 'member', { type: 1 })).columns).toEqual([...DEFAULT_CONTACT_COLUMNS]);
    ok(await call(contactCalls.listConfigSave, 'member', { type: 1, columns: ['name', 'email', 'email', 'tags'] }));
    expect(ok(await call(contactCalls.listConfig, 'member', { type: 1 })).columns).toEqual(['name', 'email', 'tags']);
    expect(ok(await call(contactCalls.listConfig, 'admin', { type: 1 }, 'member')).columns).toEqual([...DEFAULT_CONTACT_COLUMNS]);
    expect((await call(contactCalls.listConfigSave, 'member', { type: 1, columns: [] })).code).toBe(Code.VALIDATION);
    expect((await call(contactCalls.listConfigSave, 'member', { type: 2, columns: ['name'] })).code).toBe(Code.VALIDATION);
  });

  it('lists notes newest first with their author, updates with the lead rules and deletes', async () => {
    const id = await p.insertLead('member', { name: 'Ann Lee' });
    t.clock.advance(1000);
    ok(await call(contactCalls.noteAdd, 'member', { contact_id: id, text: 'First' }));
    t.clock.advance(1000);
    ok(await call(contactCalls.noteAdd, 'admin', { contact_id: id, text: 'Second' }, 'member'));
    const notes = ok(await call(contactCalls.noteList, 'member', { contact_id: id }));
    expect((notes.rows as { text: string }[]).map((n) => n.text)).toEqual(['Second', 'First']);
    expect(notes.totalCount).toBe(2);
    const detail = ok(await call(contactCalls.contactsDetail, 'member', { id }));
    const updated = ok(await call(contactCalls.contactsUpdate, 'member', { id, edit_time: detail.editTime, company_name: 'Acme' }));
    expect(updated.companyName).toBe('Acme');
    expect((await call(contactCalls.contactsUpdate, 'member', { id, edit_time: detail.editTime, company_name: 'Late' })).code).toBe(Code.STALE_EDIT);
    ok(await call(contactCalls.contactsDelete, 'member', { id }));
    expect((await call(contactCalls.contactsDetail, 'member', { id })).code).toBe(Code.NOT_FOUND);
  });
});

describe('batch delete and tagging by selection', () => {
  it('tags twenty contacts matching a filter at once, minus the unticked, and deletes picked ones only among the owner’s', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) ids.push(await p.insertLead('member', { name: `Fair ${String(i).padStart(2, '0')}` }));
    await p.insertLead('member', { name: 'Someone else' });
    const theirs = await p.insertLead('target', { name: 'Fair target' });
    const tag = await makeTag('Campaign', ['Spring fair', 'Autumn fair']);
    const [spring, autumn] = tag.values;
    const tagged = ok(
      await call(tagCalls.batchUpdateTag, 'member', { selection: { mode: 'allMatching', filter: { search: 'Fair' }, excluded_ids: [ids[0], ids[1]] }, add_tag_value_ids: [spring!.id] }),
    );
    expect(tagged.updated).toBe(20);
    expect(await names('member', { filter_tag_value_ids: [spring!.id] })).toHaveLength(20);
    // Again: nothing changes.
    expect(ok(await call(tagCalls.batchUpdateTag, 'member', { selection: { mode: 'allMatching', filter: { search: 'Fair' } }, add_tag_value_ids: [spring!.id] })).updated).toBe(2);
    const swapped = ok(
      await call(tagCalls.batchUpdateTag, 'member', { selection: { mode: 'page', ids: [ids[2], theirs] }, add_tag_value_ids: [autumn!.id], remove_tag_value_ids: [spring!.id] }),
    );
    expect(swapped.updated).toBe(1);
    expect((await t.db.select().from(leadTagValues).where(eq(leadTagValues.leadId, theirs))).length).toBe(0);
    // Frequently used: the member's most applied values.
    const frequent = ok(await tagCall(tagsEndpoints.frequentTagValues.path, 'member'));
    expect((frequent.items as { value: string; count: number }[]).map((i) => [i.value, i.count])).toEqual([
      ['Spring fair', 21],
      ['Autumn fair', 1],
    ]);
    // A value of another workspace is not found, and nothing is written.
    const foreign = ok(await tagCall(tagsEndpoints.tagTypeAdd.path, 'otherAdmin', { name: 'Theirs' }));
    const foreignTag = ok(await tagCall(tagsEndpoints.tagAdd.path, 'otherAdmin', { tag_type_id: foreign.id, name: 'T', values: ['x'] })) as unknown as Tag;
    expect((await call(tagCalls.batchUpdateTag, 'member', { selection: { mode: 'page', ids: [ids[3]] }, add_tag_value_ids: [foreignTag.values[0]!.id] })).code).toBe(Code.NOT_FOUND);

    const deleted = ok(await call(contactCalls.contactsBatchDelete, 'member', { selection: { mode: 'page', ids: [ids[0], ids[1], theirs] } }));
    expect(deleted.deleted).toBe(2);
    expect(ok(await call(contactCalls.contactsBatchDelete, 'member', { selection: { mode: 'allMatching', filter: { search: 'Fair' }, excluded_ids: [ids[5]] } })).deleted).toBe(19);
    expect(await names('member')).toEqual(['Fair 05', 'Someone else']);
    expect((await t.db.select().from(leads).where(eq(leads.id, theirs))).length).toBe(1);
  });
});

describe('tags', () => {
  it('keeps names unique (100802), values distinct (100807), renames values in place and cascades deletes', async () => {
    const tag = await makeTag('Budget', ['Low', 'High']);
    expect((await tagCall(tagsEndpoints.tagAdd.path, 'admin', { tag_type_id: tag.tagTypeId, name: 'budget', values: [] })).code).toBe(Code.TAG_NAME_CONFLICT);
    expect((await tagCall(tagsEndpoints.tagTypeAdd.path, 'admin', { name: 'PROFILE' })).code).toBe(Code.TAG_NAME_CONFLICT);
    const repeated = await tagCall(tagsEndpoints.tagAdd.path, 'admin', { tag_type_id: tag.tagTypeId, name: 'Size', values: ['S', 's'] });
    expect(repeated.code).toBe(Code.TAG_VALUES_INVALID);
    expect(repeated.message).toContain('"s"');
    const lead = await p.insertLead('member', { name: 'Ann' });
    const [low, high] = tag.values;
    ok(await call(tagCalls.updateTag, 'member', { id: lead, tag_value_ids: [low!.id] }));
    // Swap the two texts and add one: ids (and the contact's value) stay.
    const renamed = ok(
      await tagCall(tagsEndpoints.tagUpdate.path, 'admin', {
        id: tag.id,
        values: [
          { id: low!.id, value: 'High' },
          { id: high!.id, value: 'Low' },
          { value: 'Mid' },
        ],
      }),
    ) as unknown as Tag;
    expect(renamed.values.map((v) => [v.id, v.value])).toEqual([
      [low!.id, 'High'],
      [high!.id, 'Low'],
      [renamed.values[2]!.id, 'Mid'],
    ]);
    expect((await list('member')).rows[0]!.tags.map((x) => x.value)).toEqual(['High']);
    // A value left out is deleted and taken off the contact.
    ok(await tagCall(tagsEndpoints.tagUpdate.path, 'admin', { id: tag.id, values: [{ id: high!.id, value: 'Low' }] }));
    expect((await list('member')).rows[0]!.tags).toEqual([]);
    // An inactive type's values are not added; deleting the type deletes its tags.
    ok(await tagCall(tagsEndpoints.tagTypeUpdate.path, 'admin', { id: tag.tagTypeId, is_active: false }));
    expect((await call(tagCalls.updateTag, 'member', { id: lead, tag_value_ids: [high!.id] })).code).toBe(Code.VALIDATION);
    ok(await tagCall(tagsEndpoints.tagTypeDelete.path, 'admin', { id: tag.tagTypeId }));
    expect(ok(await tagCall(tagsEndpoints.tagList.path, 'member')).items).toEqual([]);
  });

  it('lets every member list tags but only the owner and managers manage them, each workspace its own', async () => {
    const tag = await makeTag('Priority', ['Hot']);
    expect((ok(await tagCall(tagsEndpoints.tagList.path, 'member')).items as Tag[]).map((x) => x.name)).toEqual(['Priority']);
    expect(ok(await tagCall(tagsEndpoints.tagList.path, 'otherAdmin')).items).toEqual([]);
    for (const [path, body] of [
      [tagsEndpoints.tagTypeAdd.path, { name: 'Mine' }],
      [tagsEndpoints.tagAdd.path, { tag_type_id: tag.tagTypeId, name: 'X', values: [] }],
      [tagsEndpoints.tagUpdate.path, { id: tag.id, name: 'Y' }],
      [tagsEndpoints.tagDelete.path, { id: tag.id }],
      [tagsEndpoints.tagTypeDelete.path, { id: tag.tagTypeId }],
    ] as const) {
      expect((await tagCall(path, 'member', body)).code, path).toBe(Code.FORBIDDEN);
      // Another workspace's admin meets an unknown id.
      if ('id' in body) expect((await tagCall(path, 'otherAdmin', body)).code, path).toBe(Code.NOT_FOUND);
    }
    ok(await tagCall(tagsEndpoints.tagUpdate.path, 'manager', { id: tag.id, name: 'Urgency' }));
    expect((ok(await tagCall(tagsEndpoints.tagList.path, 'admin')).items as Tag[])[0]!.name).toBe('Urgency');
  });
});

describe('who reaches which contacts', () => {
  it('a member sees only their own; an admin acts for a member with the header; spoofing and other workspaces get nothing', async () => {
    const mine = await p.insertLead('member', { name: 'Member contact' });
    await p.insertLead('target', { name: 'Target contact' });
    expect(await names('member')).toEqual(['Member contact']);
    expect((await list('admin', {}, 'member')).rows.map((r) => r.name)).toEqual(['Member contact']);
    expect((await call(contactCalls.contactsList, 'member', {}, 'target')).code).toBe(Code.FORBIDDEN);
    expect((await t.post(contactCalls.contactsList.admin.path, {}, { token: w.who.member.accessToken })).code).toBe(Code.FORBIDDEN);
    expect((await call(contactCalls.contactsList, 'otherAdmin', {}, 'member')).code).toBe(Code.FORBIDDEN);
    for (const who of ['target', 'otherAdmin'] as const) {
      expect((await call(contactCalls.contactsDetail, who, { id: mine })).code).toBe(Code.NOT_FOUND);
      expect((await call(contactCalls.contactsDelete, who, { id: mine })).code).toBe(Code.NOT_FOUND);
      expect((await call(contactCalls.noteList, who, { contact_id: mine })).code).toBe(Code.NOT_FOUND);
      expect((await call(contactCalls.noteAdd, who, { contact_id: mine, text: 'x' })).code).toBe(Code.NOT_FOUND);
      expect((await call(tagCalls.updateTag, who, { id: mine, tag_value_ids: [] })).code).toBe(Code.NOT_FOUND);
      expect(ok(await call(contactCalls.contactsBatchDelete, who, { selection: { mode: 'page', ids: [mine] } })).deleted).toBe(0);
    }
    expect(await names('member')).toEqual(['Member contact']);
  });
});

describe('export', () => {
  it('writes the selection as CSV with a BOM, the asked columns and headers, formulas guarded; free and trial plans get 100008', async () => {
    await p.insertLead('member', { name: '=HYPERLINK("http://evil")', phone: '+1 415 555 0100', companyName: 'Acme, Inc.' });
    await p.insertLead('member', { name: 'ليلى الحسن', phone: '-1', companyName: '中文公司' });
    const res = await call(contactCalls.contactsExport, 'member', {
      selection: { mode: 'allMatching', filter: { sort: 'name', sort_order: 'asc' } },
      columns: ['name', 'phone', 'companyName'],
      headers: ['姓名', 'Phone', 'Company'],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"/);
    // Response.text() drops a BOM: read the bytes.
    const raw = await t.app.request(contactCalls.contactsExport.member.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${w.who.member.accessToken}` },
      body: JSON.stringify({ selection: { mode: 'allMatching', filter: {} } }),
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(fromCsv(res.text)).toEqual([
      ['姓名', 'Phone', 'Company'],
      ['=HYPERLINK("http://evil")', '+1 415 555 0100', 'Acme, Inc.'],
      ['ليلى الحسن', '-1', '中文公司'],
    ]);
    for (const plan of ['free', 'trial']) {
      await w.rebuild({ planW: plan });
      expect((await call(contactCalls.contactsExport, 'member', { selection: { mode: 'allMatching', filter: {} } })).code, plan).toBe(Code.PLAN_LIMIT);
    }
  });
});
