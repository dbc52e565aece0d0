/**
 * Generated path tests of the import wizard (SPEC §4 Import wizard, §5 Import messages): every
 * step, every blocking error (no file, too large, empty, no record, unreadable, Name and Phone),
 * back and forth, the check and the import with their failures and retries, closing; each step
 * runs exactly the effects it should, with their inputs (the parse with the chosen file, the row
 * check and the server's check and import with the mapping, the download with the skipped rows,
 * the parser made ready at the start and let go at the end, the parent told of the outcome).
 */
import { Code, codeMessage } from '../../src/contract/codes';
import { IMPORT_MAX_BYTES, importRowErrors, type ImportRowError } from '../../src/contract/lead-files';
import {
  importWizardMachine,
  relationBody,
  type ImportWizardContext,
  type TableSummary,
} from '../../src/machines/import-wizard.machine';
import { actionRan, actorRan, enters, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const file = new File(['Name,Phone\r\nAnn,1\r\n'], 'leads.csv');
const big = new File(['x'], 'big.csv');
Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
// The graph tells events apart by their JSON, and a File's JSON is `{}`: name them.
for (const f of [file, big]) Object.defineProperty(f, 'toJSON', { value: () => ({ name: f.name, size: f.size }) });

const matched: TableSummary = { headers: ['Name', 'Phone'], rowCount: 1, problem: null, sample: [['Ann', '1']] };
const unmatched: TableSummary = { headers: ['a', 'b'], rowCount: 1, problem: null, sample: [['Ann', '1']] };
const headerOnly: TableSummary = { headers: ['Name', 'Phone'], rowCount: 0, problem: 'noRecord', sample: [] };
const check = {
  total: 2,
  added: 1,
  updated: 0,
  unchanged: 0,
  skipped: 1,
  defaultCountry: 'US',
  skippedRows: [{ row: 2, name: 'Bo', phone: '', reasons: ['phoneEmpty'] }],
  skippedRowsTruncated: false,
};
const nothingSkipped = { ...check, skipped: 0, skippedRows: [] };
const refusal = (code: number) => ({ ok: false, code, message: codeMessage[code as keyof typeof codeMessage] });
const reasonTexts = Object.fromEntries(importRowErrors.map((r) => [r, r])) as Record<ImportRowError, string>;

const events = [
  { type: 'user.chooseFile', file },
  { type: 'user.chooseFile', file: big },
  { type: 'user.chooseFile', file: null },
  { type: 'parse.progress', rows: 10, fraction: 0.5 },
  { type: 'parse.done', summary: matched },
  { type: 'parse.done', summary: unmatched },
  { type: 'parse.done', summary: headerOnly },
  { type: 'parse.failed', message: 'bad bytes' },
  { type: 'xstate.error.actor.parseFile', error: new Error('worker died') },
  { type: 'user.next' },
  { type: 'user.back' },
  { type: 'user.map', field: 'name', column: 0 },
  { type: 'user.map', field: 'phone', column: 1 },
  { type: 'user.map', field: 'name', column: null },
  { type: 'xstate.done.actor.checkRows', output: { invalid: 1, byReason: { phoneEmpty: 1 }, listed: [] } },
  { type: 'xstate.error.actor.checkRows', error: new Error('worker died') },
  { type: 'xstate.done.actor.checkImport', output: { ok: true, data: check } },
  { type: 'xstate.done.actor.checkImport', output: { ok: true, data: nothingSkipped } },
  { type: 'xstate.done.actor.checkImport', output: refusal(Code.VALIDATION) },
  { type: 'xstate.error.actor.checkImport', error: new Error('offline') },
  { type: 'user.retry' },
  { type: 'user.downloadSkipped', reasonHeader: 'Reason', reasonTexts },
  { type: 'user.confirm' },
  { type: 'xstate.done.actor.runImport', output: { ok: true, data: { total: 2, added: 1, updated: 0, unchanged: 0, skipped: 1 } } },
  { type: 'xstate.done.actor.runImport', output: refusal(Code.NAME_CONFLICT) },
  { type: 'xstate.error.actor.runImport', error: new Error('offline') },
  { type: 'user.close' },
];

const callInput = (c: ImportWizardContext) => ({ realRole: c.realRole, tabId: c.tabId, file: c.file, relation: relationBody(c.relation) });

const effects = (step: EffectStep): Effect[] => {
  const { event, before, after } = step;
  if (!before) return [actionRan('prepareParser')];
  const c = before.context as ImportWizardContext;
  const out: Effect[] = [];
  // A file that is not too large is parsed (again, when another comes while one is parsed).
  if (event.type === 'user.chooseFile' && before.matches('file') && event.file === file) out.push(actorRan('parseFile', { file }));
  if (enters(step, 'importWizard.review.validating')) out.push(actorRan('checkRows', { relation: c.relation }));
  if (enters(step, 'importWizard.review.checking')) out.push(actorRan('checkImport', callInput(after.context as ImportWizardContext)));
  if (enters(step, 'importWizard.review.importing')) out.push(actorRan('runImport', callInput(c)));
  if (event.type === 'user.downloadSkipped' && before.matches({ review: 'ready' }) && (c.check?.skippedRows.length ?? 0) > 0) {
    // The one check with skipped rows lists row 2 (its reason's text is its key here); the file is leads.csv.
    out.push(actionRan('saveSkippedRows', { lines: [{ row: 2, reason: 'phoneEmpty' }], reasonHeader: 'Reason', filename: 'leads-skipped.csv' }));
  }
  if (enters(step, 'importWizard.done') || enters(step, 'importWizard.closed')) out.push(actionRan('releaseParser'));
  // The parent hears what the import did (the one successful answer above).
  if (enters(step, 'importWizard.done')) out.push(actionRan('announceImported', { total: 2, added: 1, updated: 0, unchanged: 0, skipped: 1 }));
  return out;
};

machinePathSuite('import wizard machine paths', importWizardMachine, {
  events,
  effects,
  input: { realRole: 'admin', tabId: 4 },
  serializeContext: (c) => ({
    step: c.step,
    file: c.file?.name ?? null,
    fileError: c.fileError,
    progress: c.progress,
    summary: c.summary?.headers ?? null,
    relation: c.relation,
    attempted: c.attempted,
    rowCheck: c.rowCheck?.invalid ?? null,
    check: c.check?.skipped ?? null,
    outcome: c.outcome !== null,
    error: c.error,
  }),
});
