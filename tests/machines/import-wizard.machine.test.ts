/**
 * The import wizard with its real effects (src/services/actors/importer.ts) on a fake API and the
 * in-page parser (SPEC §4 Import wizard, §5 Import messages, §7 the check and the import): the
 * steps, what blocks Next, what the calls send, the skipped rows' download. The paths test
 * reaches every state and transition.
 */
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { fromCsv } from '../../src/contract/csv';
import { Code } from '../../src/contract/codes';
import { IMPORT_MAX_BYTES, importFileErrors, importRowErrors, type ImportRowError } from '../../src/contract/lead-files';
import {
  blockingIssues,
  canGoNext,
  fileErrorOfMessage,
  importIssues,
  importWizardMachine,
  relationBody,
  selectNextEnabled,
  shownIssues,
  skippedFilename,
  withColumn,
  type ImportWizardContext,
} from '../../src/machines/import-wizard.machine';
import { makeImportWizardEffects } from '../../src/services/actors/importer';
import { inPageParser } from '../../src/services/import/parse-client';
import { fakeFlowServices } from '../support/fake-api';
import { hostChild } from '../support/fakes';

const ok = <T>(data: T) => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });
const fail = (code: number, message: string) => ({ ok: false, raw: false, code, data: null, message });

const csv = 'Full Name,手机号,E-mail,Notes\r\nAnn Lee,+1 646 555 0101,ann@x.io,\r\nBo,,bo@x.io,x\r\nليلى,+971 50 123 4567,,\r\n';
const fileOf = (text: string, name = 'leads.csv') => new File([new TextEncoder().encode(text)], name, { type: 'text/csv' });
const checkAnswer = {
  total: 3,
  added: 1,
  updated: 1,
  unchanged: 0,
  skipped: 1,
  defaultCountry: 'US',
  skippedRows: [{ row: 2, name: 'Bo', phone: '', reasons: ['phoneEmpty' as const] }],
  skippedRowsTruncated: false,
};
const reasonTexts = Object.fromEntries(importRowErrors.map((r) => [r, `T:${r}`])) as Record<ImportRowError, string>;

const start = (answer: (name: string, body: unknown) => unknown = (name) => (name.endsWith('Check') ? ok(checkAnswer) : ok({ total: 3, added: 1, updated: 1, unchanged: 0, skipped: 1 }))) => {
  const fake = fakeFlowServices((name, body) => answer(name, body));
  const saved: { blob: Blob; filename: string }[] = [];
  fake.services.files = { save: (blob, filename) => saved.push({ blob, filename }) };
  // A child flow: it runs under a parent that keeps what it is told (the import's outcome).
  const { child: actor, told } = hostChild(importWizardMachine.provide(makeImportWizardEffects(inPageParser)(fake.services)), { realRole: 'member', tabId: 3 });
  return { actor, fake, saved, told };
};

const chooseAndParse = async (actor: ReturnType<typeof start>['actor'], file: File) => {
  actor.send({ type: 'user.chooseFile', file });
  await waitFor(actor, (s) => !s.hasTag('parsing'));
};

describe('import wizard machine', () => {
  it('goes file → mapping (matched from the headers) → review (the check) → import → done', async () => {
    const { actor, fake, told } = start();
    await chooseAndParse(actor, fileOf(csv));
    let s = actor.getSnapshot();
    expect(s.hasTag('fileReady')).toBe(true);
    expect(s.context.summary).toMatchObject({ headers: ['Full Name', '手机号', 'E-mail', 'Notes'], rowCount: 3 });
    expect(selectNextEnabled(s)).toBe(true);
    actor.send({ type: 'user.next' });
    s = actor.getSnapshot();
    expect(s.context.step).toBe(1);
    expect(s.context.relation).toEqual({ name: 0, phone: 1, email: 2 });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (x) => x.hasTag('reviewReady'));
    s = actor.getSnapshot();
    expect(s.context.step).toBe(2);
    expect(s.context.rowCheck).toMatchObject({ invalid: 1, byReason: { phoneEmpty: 1 } });
    expect(shownIssues(s.context)).toEqual([{ step: 2, level: 'warning', key: 'rowErrors', count: 1 }]);
    expect(s.context.check).toEqual(checkAnswer);
    expect(fake.calls.map((c) => c.name)).toEqual(['memberLeadsImportCheck']);
    const body = fake.calls[0]!.body as { file: File; relation: string; tabId: string };
    expect(body.file.name).toBe('leads.csv');
    expect(JSON.parse(body.relation)).toEqual({ name: 0, phone: 1, email: 2 });
    expect(body.tabId).toBe('3');
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (x) => x.hasTag('done'));
    expect(fake.calls.map((c) => c.name)).toEqual(['memberLeadsImportCheck', 'memberLeadsImport']);
    expect(actor.getSnapshot().context.outcome).toEqual({ total: 3, added: 1, updated: 1, unchanged: 0, skipped: 1 });
    // The parent hears the outcome while the dialog stays open on it.
    expect(told.filter((e) => e.type === 'import.imported')).toEqual([{ type: 'import.imported', counts: { total: 3, added: 1, updated: 1, unchanged: 0, skipped: 1 } }]);
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('blocks Next without a file, on an empty file, a header alone, a file too large (SPEC §5)', async () => {
    const { actor, fake } = start();
    expect(shownIssues(actor.getSnapshot().context)).toEqual([]);
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().context.step).toBe(0);
    expect(shownIssues(actor.getSnapshot().context).map((i) => i.key)).toEqual(['noFile']);
    await chooseAndParse(actor, fileOf(''));
    expect(actor.getSnapshot().context.fileError).toBe('empty');
    await chooseAndParse(actor, fileOf('\uFEFFName,Phone\r\n'));
    expect(actor.getSnapshot().context.fileError).toBe('noRecord');
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().context.step).toBe(0);
    const big = fileOf('x');
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    actor.send({ type: 'user.chooseFile', file: big });
    expect(actor.getSnapshot().context.fileError).toBe('size');
    expect(actor.getSnapshot().hasTag('parsing')).toBe(false);
    actor.send({ type: 'user.chooseFile', file: null });
    expect(actor.getSnapshot().context.fileError).toBeNull();
    expect(fake.calls).toEqual([]);
  });

  it('blocks Next at the mapping until Name and Phone are mapped, and goes back and forth', async () => {
    const { actor } = start();
    await chooseAndParse(actor, fileOf('a,b,c\r\nAnn,1,x\r\n'));
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().context.relation).toEqual({});
    expect(shownIssues(actor.getSnapshot().context)).toEqual([{ step: 1, level: 'error', key: 'nameAndPhone' }]);
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().context.step).toBe(1);
    actor.send({ type: 'user.map', field: 'name', column: 0 });
    actor.send({ type: 'user.map', field: 'phone', column: 1 });
    actor.send({ type: 'user.map', field: 'email', column: 2 });
    actor.send({ type: 'user.map', field: 'email', column: null });
    expect(canGoNext(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'user.back' });
    expect(actor.getSnapshot().context.step).toBe(0);
    expect(actor.getSnapshot().hasTag('fileReady')).toBe(true);
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().context.relation).toEqual({ name: 0, phone: 1 });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (x) => x.hasTag('reviewReady'));
    actor.send({ type: 'user.back' });
    expect(actor.getSnapshot().context).toMatchObject({ step: 1, check: null, rowCheck: null });
  });

  it('shows a refused or failed check with a retry, and a refused import with a retry', async () => {
    let checks = 0;
    let imports = 0;
    const { actor } = start((name) => {
      if (name.endsWith('Check')) return ++checks === 1 ? fail(Code.VALIDATION, importFileErrors.size) : ok(checkAnswer);
      return ++imports === 1 ? Promise.reject(new Error('offline')) : ok({ total: 3, added: 1, updated: 1, unchanged: 0, skipped: 1 });
    });
    await chooseAndParse(actor, fileOf(csv));
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (x) => x.hasTag('checkFailed'));
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'server', code: Code.VALIDATION, message: 'Invalid size' });
    expect(fileErrorOfMessage('Invalid size')).toBe('size');
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (x) => x.hasTag('reviewReady'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (x) => x.hasTag('importFailed'));
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'network' });
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (x) => x.hasTag('done'));
    expect(imports).toBe(2);
  });

  it('downloads the skipped rows as CSV: the file’s cells and the reason', async () => {
    const { actor, saved } = start();
    await chooseAndParse(actor, fileOf(csv, 'my leads.csv'));
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (x) => x.hasTag('reviewReady'));
    actor.send({ type: 'user.downloadSkipped', reasonHeader: 'Reason', reasonTexts });
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.filename).toBe('my leads-skipped.csv');
    expect(fromCsv(await saved[0]!.blob.text())).toEqual([
      ['Full Name', '手机号', 'E-mail', 'Notes', 'Reason'],
      ['Bo', '', 'bo@x.io', 'x', 'T:phoneEmpty'],
    ]);
  });

  it('ignores Back and Close while the import runs', async () => {
    let release: (v: unknown) => void = () => undefined;
    const { actor } = start((name) => (name.endsWith('Check') ? ok(checkAnswer) : new Promise((r) => (release = r))));
    await chooseAndParse(actor, fileOf(csv));
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (x) => x.hasTag('reviewReady'));
    actor.send({ type: 'user.confirm' });
    actor.send({ type: 'user.back' });
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().hasTag('importing')).toBe(true);
    release(ok({ total: 3, added: 1, updated: 1, unchanged: 0, skipped: 1 }));
    await waitFor(actor, (x) => x.hasTag('done'));
  });
});

describe('import wizard selectors', () => {
  const context = (over: Partial<ImportWizardContext>): ImportWizardContext => ({
    realRole: 'member',
    tabId: 0,
    step: 0,
    file: null,
    progress: null,
    summary: null,
    fileError: null,
    relation: {},
    attempted: false,
    rowCheck: null,
    check: null,
    outcome: null,
    error: null,
    ...over,
  });
  const file = fileOf('x');

  it('keeps each issue at its step and blocks Next at or beyond the current step (SPEC §4)', () => {
    expect(importIssues(context({}))).toEqual([{ step: 0, level: 'error', key: 'noFile' }]);
    expect(shownIssues(context({}))).toEqual([]);
    expect(shownIssues(context({ attempted: true }))).toEqual([{ step: 0, level: 'error', key: 'noFile' }]);
    expect(blockingIssues(context({ file, step: 1, relation: { name: 0 } })).map((i) => i.key)).toEqual(['nameAndPhone']);
    expect(canGoNext(context({ file, step: 1, relation: { name: 0, phone: 1 } }))).toBe(true);
    const warned = context({ file, step: 2, relation: { name: 0, phone: 1 }, rowCheck: { invalid: 2, byReason: {}, listed: [] } });
    expect(blockingIssues(warned)).toEqual([{ step: 2, level: 'warning', key: 'rowErrors', count: 2 }]);
  });

  it('builds the wire relation and the file name', () => {
    expect(relationBody(withColumn(withColumn({ phone: 1 }, 'name', 0), 'companyWebsite', 4))).toEqual({ name: 0, phone: 1, companyWebsite: 4 });
    expect(Object.keys(relationBody({ companyWebsite: 4, phone: 1, name: 0 }))).toEqual(['name', 'phone', 'companyWebsite']);
    expect(skippedFilename('leads.2024.csv')).toBe('leads.2024-skipped.csv');
    expect(skippedFilename(undefined)).toBe('import-skipped.csv');
  });
});
