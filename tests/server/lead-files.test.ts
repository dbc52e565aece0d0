/**
 * Lead import and export on the server (SPEC §4 Import wizard, §5 Import, §6 export by plan, §7
 * Leads): what the check says is what the import does; repeats in other formats are one person;
 * every SPEC §5 row error is skipped with its reason; re-importing changes nothing; a failure
 * mid-import leaves the leads exactly as before; exports are the filter's rows, guarded.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { leads } from '../../server/db/schema';
import { camelKeys } from '../../src/contract/case';
import { Code } from '../../src/contract/codes';
import { fromCsv, toCsv } from '../../src/contract/csv';
import { SOURCE_USER_HEADER } from '../../src/contract/endpoint';
import { importCheckData, importData, importFileErrors, leadFileCalls } from '../../src/contract/lead-files';
import { usePipelineWorld } from './support/leads-world';
import type { Person, World } from './support/team-world';
import type { TestApp } from './support/test-app';

let t: TestApp;
let w: World;
const p = usePipelineWorld((app, world) => ([t, w] = [app, world]));

beforeEach(async () => {
  await w.rebuild();
});

const relation = { name: 0, phone: 1, email: 2, companyName: 3 };
type Pair = { admin: { path: string }; member: { path: string } };

const upload = (pair: Pair, who: Person, file: { text?: string; bytes?: Uint8Array; name?: string }, fields: Record<string, string> = {}, actFor?: Person) => {
  const form = new FormData();
  const content = file.bytes ?? new TextEncoder().encode(file.text ?? '');
  form.append('file', new File([content as BlobPart], file.name ?? 'people.csv', { type: 'text/csv' }));
  form.append('relation', fields.relation ?? JSON.stringify(relation));
  for (const [k, v] of Object.entries(fields)) if (k !== 'relation') form.append(k, v);
  const prefix = who === 'admin' || who === 'manager' || who === 'otherAdmin' ? 'admin' : 'member';
  return t.request('POST', pair[prefix].path, { raw: form, token: w.who[who].accessToken, headers: actFor ? { [SOURCE_USER_HEADER]: w.who[actFor].userId } : {} });
};
const check = async (who: Person, text: string, fields: Record<string, string> = {}) => {
  const res = await upload(leadFileCalls.leadsImportCheck, who, { text }, fields);
  expect(res.code, res.message).toBe(Code.OK);
  return importCheckData.parse(camelKeys(res.data));
};
const importFile = async (who: Person, text: string, fields: Record<string, string> = {}) => {
  const res = await upload(leadFileCalls.leadsImport, who, { text }, fields);
  expect(res.code, res.message).toBe(Code.OK);
  return importData.parse(camelKeys(res.data));
};
const ownLeads = async (who: Person) =>
  t.db
    .select()
    .from(leads)
    .where(eq(leads.ownerId, w.who[who].userId))
    .orderBy(asc(leads.name));

const file = toCsv([
  ['Name', 'Phone', 'Email', 'Company'],
  ['Ann Lee', '+1 (415) 555-0100', 'Ann@Example.com', 'Acme, Inc.\nWest'],
  ['陈思远', '+86 138 0013 8765', '', '杭州锦程纺织'],
  ['ليلى الحسن', '+971 50 123 4567', '', ''],
  ['Ann L.', '14155550100', '', ''],
  ['No Phone', '', '', ''],
  ['Bad Phone', '+1 415 55x 0100', '', ''],
  ['', '+1 415 555 0199', '', ''],
  ['Bad Mail', '+1 415 555 0198', 'bad@', ''],
]);

describe('import', () => {
  it('checks without writing, then imports exactly what it said; repeats in other formats are one person; re-importing changes nothing', async () => {
    const before = await p.snapshot('member');
    const checked = await check('member', file);
    expect(checked).toMatchObject({ total: 8, added: 3, updated: 0, unchanged: 0, skipped: 5, defaultCountry: 'US', skippedRowsTruncated: false });
    expect(checked.skippedRows.map((r) => [r.row, r.reasons])).toEqual([
      [4, ['duplicateInFile']],
      [5, ['phoneEmpty']],
      [6, ['phoneInvalid']],
      [7, ['nameEmpty']],
      [8, ['emailInvalid']],
    ]);
    expect(await p.snapshot('member')).toBe(before);

    expect(await importFile('member', file)).toEqual({ total: 8, added: 3, updated: 0, unchanged: 0, skipped: 5 });
    const rows = await ownLeads('member');
    expect(rows.map((r) => [r.name, r.phoneKey, r.email, r.companyName])).toEqual([
      ['Ann Lee', '+14155550100', 'ann@example.com', 'Acme, Inc.\nWest'],
      ['ليلى الحسن', '+971501234567', null, null],
      ['陈思远', '+8613800138765', null, '杭州锦程纺织'],
    ]);
    const edited = rows.map((r) => r.editedAt.getTime());
    t.clock.advance(5000);
    expect(await importFile('member', file)).toEqual({ total: 8, added: 0, updated: 0, unchanged: 3, skipped: 5 });
    expect((await ownLeads('member')).map((r) => r.editedAt.getTime())).toEqual(edited);

    // A later file with a new company for the same phone updates that lead only; empty cells change nothing.
    const later = toCsv([
      ['Name', 'Phone', 'Email', 'Company'],
      ['Ann Lee', '+1 415 555 0100', '', 'Acme Two'],
      ['Ann Lee', '415-555-0100', '', 'Acme Three'],
    ]);
    expect(await importFile('member', later)).toMatchObject({ added: 0, updated: 1, skipped: 1 });
    const ann = (await ownLeads('member')).find((r) => r.name === 'Ann Lee')!;
    expect([ann.companyName, ann.email]).toEqual(['Acme Two', 'ann@example.com']);
    expect(ann.editedAt.getTime()).toBeGreaterThan(edited[0]!);
  });

  it('reads TSV, semicolons, CRLF, no BOM and quoted delimiters; puts new leads in the asked tab; a taken name is skipped', async () => {
    const tab = await p.insertTab('member', 'Imported');
    await p.insertLead('member', { name: 'Taken Name', phone: '+44 20 7946 0958', phoneKey: '+442079460958' });
    const tsv = 'Name\tPhone\r\n"Tab, Person"\t+1 212 555 0101\r\nTaken Name\t+1 212 555 0102\r\n';
    expect(await importFile('member', tsv, { relation: JSON.stringify({ name: 0, phone: 1 }), tab_id: String(tab) })).toMatchObject({ added: 1, skipped: 1 });
    const semicolons = 'Name;Phone\nSemi Colon;+1 212 555 0103\n';
    expect(await importFile('member', semicolons, { relation: JSON.stringify({ name: 0, phone: 1 }) })).toMatchObject({ added: 1 });
    const rows = await ownLeads('member');
    expect(rows.find((r) => r.name === 'Tab, Person')?.tabId).toBe(tab);
    expect(rows.find((r) => r.name === 'Semi Colon')?.tabId).toBe(0);
    const taken = await check('member', tsv, { relation: JSON.stringify({ name: 0, phone: 1 }) });
    expect(taken).toMatchObject({ added: 0, unchanged: 1, skipped: 1 });
    expect(taken.skippedRows.map((r) => [r.name, r.reasons])).toEqual([['Taken Name', ['nameTaken']]]);
  });

  it('answers the SPEC §5 file messages, a bad relation, another member’s tab and a too large file', async () => {
    const refused = async (text: string, fields: Record<string, string> = {}) => upload(leadFileCalls.leadsImportCheck, 'member', { text }, fields);
    expect((await refused('')).message).toBe(importFileErrors.empty);
    expect((await refused('\uFEFF\r\n  \r\n')).message).toBe(importFileErrors.empty);
    expect((await refused('Name,Phone\r\n')).message).toBe(importFileErrors.noRecord);
    expect((await refused(file, { relation: '{"name":0}' })).code).toBe(Code.VALIDATION);
    expect((await refused(file, { relation: 'not json' })).code).toBe(Code.VALIDATION);
    expect((await refused(file, { relation: JSON.stringify({ name: 0, phone: 9 }) })).code).toBe(Code.VALIDATION);
    const theirTab = await p.insertTab('target', 'Theirs');
    expect((await refused(file, { tab_id: String(theirTab) })).code).toBe(Code.NOT_FOUND);
    const big = await upload(leadFileCalls.leadsImportCheck, 'member', { bytes: new Uint8Array(21 * 1024 * 1024) });
    expect([big.code, big.message]).toEqual([Code.BODY_TOO_LARGE, 'Invalid size']);
    // A declared length: refused before anything is read, with the same text; a file over the
    // JSON bodies' 1 MiB cap but within the upload limit is read.
    const declared = await t.app.request(leadFileCalls.leadsImportCheck.member.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.who.member.accessToken}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(25 * 1024 * 1024) },
      body: 'x',
    });
    expect(camelKeys(await declared.json())).toMatchObject({ code: Code.BODY_TOO_LARGE, message: 'Invalid size' });
    const twoMegabytes = toCsv([['Name', 'Phone'], ...Array.from({ length: 40_000 }, (_, i) => [`Person number ${i}`, `+1 646 555 ${String(i).padStart(4, '0')}`])]);
    expect(twoMegabytes.length).toBeGreaterThan(1024 * 1024);
    const form = new FormData();
    form.append('file', new File([twoMegabytes], 'big.csv'));
    form.append('relation', JSON.stringify({ name: 0, phone: 1 }));
    const bigOk = await t.app.request(leadFileCalls.leadsImportCheck.member.path, { method: 'POST', headers: { authorization: `Bearer ${w.who.member.accessToken}` }, body: form });
    expect(camelKeys(await bigOk.json())).toMatchObject({ code: Code.OK, data: { total: 40_000 } });
    const noFile = new FormData();
    noFile.append('relation', JSON.stringify(relation));
    expect((await t.request('POST', leadFileCalls.leadsImportCheck.member.path, { raw: noFile, token: w.who.member.accessToken })).code).toBe(Code.VALIDATION);
    expect((await t.post(leadFileCalls.leadsImportCheck.member.path, { relation: '{}' }, { token: w.who.member.accessToken })).code).toBe(Code.VALIDATION);
  });

  it('skips a line with broken quotes by itself, naming its line, and imports the person after it; refuses a file that is not text', async () => {
    const text = 'Name,Phone\r\n=HYPERLINK("http://x","y"),+1 415 555 0106\r\nBob Ray,+1 415 555 0107\r\nCid,+1 415 555 0108,extra\r\n';
    const twoColumns = { relation: JSON.stringify({ name: 0, phone: 1 }) };
    const checked = await check('member', text, twoColumns);
    expect(checked).toMatchObject({ total: 3, added: 1, skipped: 2 });
    expect(checked.skippedRows).toEqual([
      { row: 1, line: 2, name: '=HYPERLINK("http://x"', phone: '"y")', reasons: ['badQuotes'] },
      { row: 3, line: 4, name: 'Cid', phone: '+1 415 555 0108', reasons: ['fieldCount'] },
    ]);
    expect(await importFile('member', text, twoColumns)).toEqual({ total: 3, added: 1, updated: 0, unchanged: 0, skipped: 2 });
    expect((await ownLeads('member')).map((r) => r.name)).toEqual(['Bob Ray']);

    const before = await p.snapshot('member');
    const binary = await upload(leadFileCalls.leadsImport, 'member', { bytes: Uint8Array.from({ length: 2048 }, (_, i) => (i * 7) % 32) }, twoColumns);
    expect(binary.code).toBe(Code.VALIDATION);
    expect(binary.message).toBe('This is not a text file. Choose a CSV or TSV file saved as UTF-8 text.');
    expect(await p.snapshot('member')).toBe(before);
  });

  it('writes all or nothing: a failure mid-import leaves the leads exactly as they were', async () => {
    await p.insertLead('member', { name: 'Ann Lee', phone: '+1 415 555 0100', phoneKey: '+14155550100' });
    const before = await p.snapshot();
    const rows = [['Name', 'Phone', 'Email', 'Company'], ['Ann Lee', '+14155550100', '', 'Changed'], ...Array.from({ length: 1200 }, (_, i) => [`Person ${i}`, `+1 646 555 ${String(1000 + i)}`, '', ''])];
    rows.splice(900, 0, ['Boom', '+1 646 555 9999', '', '']);
    await t.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION boom() RETURNS trigger AS $$ BEGIN IF NEW.name = 'Boom' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`),
    );
    await t.db.execute(sql.raw(`CREATE TRIGGER boom BEFORE INSERT OR UPDATE ON leads FOR EACH ROW EXECUTE FUNCTION boom()`));
    try {
      const res = await upload(leadFileCalls.leadsImport, 'member', { text: toCsv(rows) });
      expect(res.code).not.toBe(Code.OK);
      expect(await p.snapshot()).toBe(before);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER boom ON leads'));
      await t.db.execute(sql.raw('DROP FUNCTION boom()'));
    }
    expect(await importFile('member', toCsv(rows))).toMatchObject({ added: 1201, updated: 1 });
  });

  it('imports into the member an admin acts for; a member cannot name anyone', async () => {
    expect((await upload(leadFileCalls.leadsImport, 'admin', { text: file }, {}, 'member')).code).toBe(Code.OK);
    expect(await ownLeads('member')).toHaveLength(3);
    expect(await ownLeads('admin')).toHaveLength(0);
    expect((await upload(leadFileCalls.leadsImport, 'target', { text: file }, {}, 'member')).code).toBe(Code.FORBIDDEN);
    expect((await upload(leadFileCalls.leadsImport, 'otherAdmin', { text: file }, {}, 'member')).code).toBe(Code.FORBIDDEN);
    expect((await t.request('POST', leadFileCalls.leadsImport.admin.path, { raw: new FormData(), token: w.who.member.accessToken })).code).toBe(Code.FORBIDDEN);
    expect(await ownLeads('target')).toHaveLength(0);
  });
});

describe('export', () => {
  it('exports the filter’s leads and the whole pipeline tab by tab, guarded; free and trial plans get 100008', async () => {
    const second = await p.insertTab('member', 'Second', 1);
    const first = await p.insertTab('member', 'First', 0);
    await p.insertLead('member', { name: '@SUM(A1)', tabId: second });
    await p.insertLead('member', { name: 'Bea', tabId: first });
    await p.insertLead('member', { name: 'Cal' });
    await p.insertLead('target', { name: 'Not mine' });
    const exported = await t.post(leadFileCalls.leadsExport.member.path, { tab_id: first }, { token: w.who.member.accessToken });
    expect(exported.headers.get('content-disposition')).toMatch(/filename="leads-/);
    const table = fromCsv(exported.text);
    expect(table[0]!.slice(0, 4)).toEqual(['Name', 'Phone', 'Email', 'Custom Tab']);
    expect(table.slice(1).map((r) => [r[0], r[3]])).toEqual([['Bea', 'First']]);
    const pipeline = fromCsv((await t.post(leadFileCalls.leadsExportPipeline.member.path, { sort: 'name', sort_order: 'asc' }, { token: w.who.member.accessToken })).text);
    expect(pipeline.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ['Cal', 'No tabs'],
      ['Bea', 'First'],
      ['@SUM(A1)', 'Second'],
    ]);
    expect(exported.text).not.toContain('Not mine');
    const raw = (await t.post(leadFileCalls.leadsExportPipeline.member.path, {}, { token: w.who.member.accessToken })).text;
    expect(raw).toContain(`"'@SUM(A1)"`);
    for (const plan of ['free', 'trial']) {
      await w.rebuild({ planW: plan });
      for (const pair of [leadFileCalls.leadsExport, leadFileCalls.leadsExportPipeline]) {
        expect((await t.post(pair.member.path, {}, { token: w.who.member.accessToken })).code).toBe(Code.PLAN_LIMIT);
      }
    }
  });

  it('counts imports and exports per member: over the limit answers 100020', async () => {
    t.rebuild({ config: { rateLimits: { ...t.config.rateLimits, fileUser: { limit: 2, windowSeconds: 600 } } } });
    // 'target' has done no file work in this file's tests; 'member' has.
    try {
      // A file answer is not an envelope (the test app reads its code as -1).
      expect((await t.post(leadFileCalls.leadsExport.member.path, {}, { token: w.who.target.accessToken })).headers.get('content-type')).toMatch(/^text\/csv/);
      expect((await upload(leadFileCalls.leadsImportCheck, 'target', { text: file })).code).toBe(Code.OK);
      expect((await t.post(leadFileCalls.leadsExport.member.path, {}, { token: w.who.target.accessToken })).code).toBe(Code.RATE_LIMITED);
      expect((await upload(leadFileCalls.leadsImport, 'target', { text: file })).code).toBe(Code.RATE_LIMITED);
      expect(await ownLeads('target')).toHaveLength(0);
    } finally {
      t.rebuild();
    }
  });
});
