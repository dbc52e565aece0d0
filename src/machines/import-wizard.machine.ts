import { assign, fromCallback, not, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { z } from 'zod/mini';
import { autoMatch, mappingError, type PartialRelation } from '../contract/import-rows';
import {
  IMPORT_MAX_BYTES,
  importFields,
  importFileErrors,
  type ImportCounts,
  type importCheckData,
  type ImportField,
  type ImportRowError,
  type SkippedRow,
} from '../contract/lead-files';
import { networkError, refusalOf, type Answer, type CallError } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';
import type { RealRole } from '../contract/roles';

/**
 * The import-leads wizard (SPEC §2 Pipeline, §3 Import mapping, §4 Import wizard, §5 Import
 * messages, §7 /leads/import/pipeline/check and /leads/import/pipeline), a child flow of the
 * pipeline (pipeline.machine.ts), shown as its dialog.
 *
 * Steps (SPEC §4): 0 the file, 1 the mapping, 2 the review.
 * - File: a chosen file larger than IMPORT_MAX_BYTES is refused at once ('Invalid size'); any other
 *   is parsed off the page's thread (`parseFile`, which reports `parse.progress` as it reads, then
 *   `parse.done` with what the page keeps of the table, or `parse.failed`). A file that is not text
 *   (NUL bytes or mostly control characters in its first kilobytes), an empty file, a file with a
 *   header only, or one with more rows than the server takes is a file error at this step.
 * - Mapping: each of the 6 fields (SPEC §3) to a column of the file, first matched from the
 *   header row (`autoMatch`, English, Chinese and Arabic headers), then as the person sets it.
 *   Name and phone are required ('Name and Phone is required.').
 * - Review: the rows are checked by the SPEC §5 row rules (`checkRows`: warnings, those rows are
 *   skipped), then the server says what the import would do (`checkImport`: added, updated,
 *   unchanged, skipped with reasons) before anything is written. Confirm imports (`runImport`);
 *   the done state shows what it did, and the parent hears it (`announceImported`). The listed
 *   skipped rows download as a CSV file (`saveSkippedRows`: the file's own cells and a reason column).
 *
 * Next is blocked while an error or warning exists at or beyond the current step (SPEC §4); an
 * issue exists for the steps reached: the file's at step 0 (no file yet, a file error), the
 * mapping's from step 1, the row warnings at step 2 (where no Next follows: Confirm imports the
 * rows without errors). Back goes one step back from the later steps. A failed check or import
 * offers a retry. Closing ends the flow (final `closed`), except while the import runs: the
 * parent (the pipeline, which starts the wizard as its child) closes the dialog on that end.
 *
 * Issues are keys (`ImportIssueKey`, translated by the view as `LL.importer.issues`), never
 * texts: the machine does not know the language.
 * Tags for the view: busy, parsing, fileReady, checking, checkFailed, reviewReady, importing,
 * importFailed, done.
 */

export type ImportStep = 0 | 1 | 2;

/** How far a parse is: data rows read so far and the part of the file done (0 to 1). */
export type ParseProgress = { rows: number; fraction: number };

/** A problem of the file itself (SPEC §5 texts; tooManyRows: the server's IMPORT_MAX_ROWS; notText: no text file, src/contract/import-table.ts). */
export type FileProblem = 'empty' | 'noRecord' | 'tooManyRows' | 'notText';

/** What the page keeps of a parsed file: its header row, its size in rows, a few rows to preview, or its problem. */
export type TableSummary = {
  headers: string[];
  /** Data rows (the header row not counted). */
  rowCount: number;
  problem: FileProblem | null;
  sample: string[][];
};

/** One data row with errors: its 1-based number (the header not counted), the file's line it starts on, reasons and cells. */
export type RowIssue = { row: number; line: number; reasons: ImportRowError[]; cells: string[] };

/** The SPEC §5 row errors of the file under the mapping: counts of all, the first ones listed. */
export type RowCheck = { invalid: number; byReason: Partial<Record<ImportRowError, number>>; listed: RowIssue[] };

/** A skipped row as the download lists it: its 1-based data row number and the reason text. */
export type SkippedLine = { row: number; reason: string };

/** The check's answer: counts, the default country used, the skipped rows (up to the server's list limit). */
export type ImportCheck = z.infer<typeof importCheckData>;

/** The file's errors at step 0 (SPEC §5 texts in importFileErrors; `unreadable`: the parse failed). */
export type FileErrorKey = 'noFile' | 'empty' | 'noRecord' | 'size' | 'tooManyRows' | 'unreadable' | 'notText';
/** rowErrors: rows that will be skipped (the review); rowsSkipped: rows that were (the import done). */
export type ImportIssueKey = FileErrorKey | 'nameAndPhone' | 'rowErrors' | 'rowsSkipped';
/** An error (blocks) or a warning (rows that will be skipped), at the step that shows it. */
export type ImportIssue = { step: ImportStep; level: 'error' | 'warning'; key: ImportIssueKey; count?: number };

export type ImportCallInput = { realRole: RealRole; tabId: number; file: File; relation: Record<string, number> };
export type ParseFileInput = { file: File };
export type CheckRowsInput = { relation: PartialRelation };
export type SaveSkippedParams = { lines: SkippedLine[]; reasonHeader: string; filename: string };

export type ImportWizardInput = { realRole: RealRole; tabId: number };

export type ImportWizardContext = {
  realRole: RealRole;
  /** The tab new leads go to. */
  tabId: number;
  step: ImportStep;
  file: File | null;
  progress: ParseProgress | null;
  summary: TableSummary | null;
  fileError: FileErrorKey | null;
  /** Field -> 0-based column of the file. */
  relation: PartialRelation;
  /** A Next was refused at this step (the missing-file message shows from then on). */
  attempted: boolean;
  rowCheck: RowCheck | null;
  check: ImportCheck | null;
  outcome: ImportCounts | null;
  /** A failed check or import. */
  error: CallError | null;
};

/** What the parse reports (sent by `parseFile` to the wizard). */
export type ParseFileEvent =
  | ({ type: 'parse.progress' } & ParseProgress)
  | { type: 'parse.done'; summary: TableSummary }
  | { type: 'parse.failed'; message: string };

export type ImportWizardEvent =
  | { type: 'user.chooseFile'; file: File | null }
  | { type: 'user.map'; field: ImportField; column: number | null }
  | { type: 'user.next' }
  | { type: 'user.back' }
  | { type: 'user.confirm' }
  | { type: 'user.retry' }
  /** The view names the reason column and each reason in the person's language. */
  | { type: 'user.downloadSkipped'; reasonHeader: string; reasonTexts: Record<ImportRowError, string> }
  | { type: 'user.close' }
  | ParseFileEvent;

/** Skipped rows the review lists (the download has every row the check listed). */
export const SKIPPED_SHOWN = 100;

// ---------------------------------------------------------------------------------------------
// Pure selectors

const fileProblemKey: Record<FileProblem, FileErrorKey> = { empty: 'empty', noRecord: 'noRecord', tooManyRows: 'tooManyRows', notText: 'notText' };

/** The step-0 error of a server refusal that names a file problem (SPEC §5 texts), or null. */
export const fileErrorOfMessage = (message: string): FileErrorKey | null => {
  switch (message) {
    case importFileErrors.noFile:
      return 'noFile';
    case importFileErrors.empty:
      return 'empty';
    case importFileErrors.noRecord:
      return 'noRecord';
    case importFileErrors.size:
      return 'size';
    case importFileErrors.notText:
      return 'notText';
    default:
      return null;
  }
};

/** Every issue of the steps reached (SPEC §4, §5). */
export const importIssues = (c: ImportWizardContext): ImportIssue[] => {
  const issues: ImportIssue[] = [];
  const fileKey = c.fileError ?? (c.file === null ? 'noFile' : null);
  if (fileKey) issues.push({ step: 0, level: 'error', key: fileKey });
  if (c.step >= 1 && mappingError(c.relation)) issues.push({ step: 1, level: 'error', key: 'nameAndPhone' });
  // Once imported, the outcome says what was skipped (all skipped rows, as the server counted them).
  if (c.step >= 2 && c.outcome) {
    if (c.outcome.skipped > 0) issues.push({ step: 2, level: 'warning', key: 'rowsSkipped', count: c.outcome.skipped });
  } else if (c.step >= 2 && c.rowCheck && c.rowCheck.invalid > 0) issues.push({ step: 2, level: 'warning', key: 'rowErrors', count: c.rowCheck.invalid });
  return issues;
};

/** SPEC §4: the issues that block Next, those at or beyond the current step. */
export const blockingIssues = (c: ImportWizardContext): ImportIssue[] => importIssues(c).filter((issue) => issue.step >= c.step);

/** True when Next may go on from the current step. */
export const canGoNext = (c: ImportWizardContext): boolean => blockingIssues(c).length === 0;

/** The issues the current step shows: the missing file only once a Next was tried. */
export const shownIssues = (c: ImportWizardContext): ImportIssue[] => blockingIssues(c).filter((issue) => issue.key !== 'noFile' || c.attempted);

/** The mapping with a field set to a column, or unmapped (`null`). */
export const withColumn = (relation: PartialRelation, field: ImportField, column: number | null): PartialRelation => {
  const next: PartialRelation = { ...relation };
  if (column === null || column < 0) delete next[field];
  else next[field] = column;
  return next;
};

/** The mapping as the wire's relation (mapped fields only, in SPEC §3 order). */
export const relationBody = (relation: PartialRelation): Record<string, number> =>
  Object.fromEntries(importFields.flatMap((field) => (relation[field] === undefined ? [] : [[field, relation[field]]])));

/** The skipped rows the review lists. */
export const shownSkippedRows = (c: ImportWizardContext): SkippedRow[] => c.check?.skippedRows.slice(0, SKIPPED_SHOWN) ?? [];

/** The download's file name: `<file name>-skipped.csv`. */
export const skippedFilename = (fileName: string | undefined): string => `${(fileName ?? 'import').replace(/\.[^.]*$/, '') || 'import'}-skipped.csv`;

/** What the download of the skipped rows holds. */
export const skippedDownload = (c: ImportWizardContext, reasonHeader: string, reasonTexts: Record<ImportRowError, string>): SaveSkippedParams => ({
  lines: (c.check?.skippedRows ?? []).map((row) => ({ row: row.row, reason: row.reasons.map((reason) => reasonTexts[reason] ?? reason).join('; ') })),
  reasonHeader,
  filename: skippedFilename(c.file?.name),
});

export type ImportWizardSnapshot = SnapshotFrom<typeof importWizardMachine>;

/** The step the dialog shows ('done' once imported). */
export const selectStep = (s: ImportWizardSnapshot): ImportStep | 'done' => (s.hasTag('done') ? 'done' : s.context.step);
/** Next is offered and allowed (not busy, nothing shown blocks it). */
export const selectNextEnabled = (s: ImportWizardSnapshot): boolean =>
  !s.hasTag('busy') && (s.context.step === 0 ? s.hasTag('fileReady') || s.context.file === null : true) && shownIssues(s.context).length === 0;

const freshFile = { progress: null, summary: null, fileError: null, relation: {}, attempted: false, rowCheck: null, check: null, outcome: null, error: null };

/** The parse, a callback actor (it reports progress as it goes); its default fails loudly as those of not-provided.ts do. */
const parseFileNotProvided = fromCallback<ImportWizardEvent, ParseFileInput>(() => {
  throw new Error("actor 'parseFile' is not provided");
});

export const importWizardMachine = setup({
  types: {
    context: {} as ImportWizardContext,
    events: {} as ImportWizardEvent,
    input: {} as ImportWizardInput,
    tags: {} as 'busy' | 'parsing' | 'fileReady' | 'checking' | 'checkFailed' | 'reviewReady' | 'importing' | 'importFailed' | 'done',
  },
  actors: {
    parseFile: parseFileNotProvided,
    checkRows: actorNotProvided<RowCheck, CheckRowsInput>('checkRows'),
    checkImport: actorNotProvided<Answer<ImportCheck>, ImportCallInput>('checkImport'),
    runImport: actorNotProvided<Answer<ImportCounts>, ImportCallInput>('runImport'),
  },
  actions: {
    /** Saves the skipped rows as a CSV file (the browser's download). */
    saveSkippedRows: actionNotProvided<SaveSkippedParams>('saveSkippedRows'),
    /** Gets the parser ready as the wizard opens (its worker started), so a chosen file parses at once. */
    prepareParser: actionNotProvided('prepareParser'),
    /** Lets the parsing worker and the table it holds go. */
    releaseParser: actionNotProvided('releaseParser'),
    /**
     * Tells the flow that opened the wizard what the import did (`import.imported {counts}`, sent
     * to the parent by the effects): its lists change now, while the outcome stays on screen.
     */
    announceImported: actionNotProvided<ImportCounts>('announceImported'),
  },
  guards: {
    noFileGiven: (_, file: File | null) => file === null,
    tooLarge: (_, file: File | null) => file !== null && file.size > IMPORT_MAX_BYTES,
    tableUsable: (_, summary: TableSummary) => summary.problem === null,
    canAdvance: ({ context }) => canGoNext(context),
    succeeded: (_, answer: Answer<unknown>) => answer.ok,
    hasSkippedRows: ({ context }) => (context.check?.skippedRows.length ?? 0) > 0,
    notImporting: not(stateIn('#importWizard.review.importing')),
  },
}).createMachine({
  id: 'importWizard',
  context: ({ input }) => ({ realRole: input.realRole, tabId: input.tabId, step: 0, file: null, ...freshFile }),
  entry: 'prepareParser',
  initial: 'file',
  on: {
    // The dialog cannot be left while the import runs (it is one transaction on the server).
    'user.close': { guard: 'notImporting', target: '.closed' },
  },
  states: {
    file: {
      description: 'Step 0: the person chooses a CSV or TSV file; it is read and parsed before Next leads to the mapping.',
      entry: assign({ step: 0, attempted: false }),
      initial: 'empty',
      on: {
        'user.chooseFile': [
          { guard: { type: 'noFileGiven', params: ({ event }) => event.file }, target: '.empty', actions: assign({ file: null, ...freshFile }) },
          {
            guard: { type: 'tooLarge', params: ({ event }) => event.file },
            target: '.rejected',
            actions: assign({ ...freshFile, file: ({ event }) => event.file, fileError: 'size' }),
          },
          { target: '.parsing', reenter: true, actions: assign({ ...freshFile, file: ({ event }) => event.file }) },
        ],
      },
      states: {
        empty: {
          description: 'No file yet: Next only shows "Please input a file".',
          on: { 'user.next': { actions: assign({ attempted: true }) } },
        },
        parsing: {
          description: 'The file is read and parsed off the page thread; the progress shows rows read and the part of the file done.',
          tags: ['busy', 'parsing'],
          entry: assign({ progress: { rows: 0, fraction: 0 } }),
          invoke: {
            id: 'parseFile',
            src: 'parseFile',
            input: ({ context }) => ({ file: context.file! }),
            onError: { target: 'rejected', actions: assign({ fileError: 'unreadable', progress: null }) },
          },
          on: {
            'parse.progress': { actions: assign({ progress: ({ event }) => ({ rows: event.rows, fraction: event.fraction }) }) },
            'parse.done': [
              {
                guard: { type: 'tableUsable', params: ({ event }) => event.summary },
                target: 'ready',
                actions: assign({ summary: ({ event }) => event.summary, relation: ({ event }) => autoMatch(event.summary.headers), progress: null }),
              },
              {
                target: 'rejected',
                actions: assign({
                  summary: ({ event }) => event.summary,
                  fileError: ({ event }) => (event.summary.problem ? fileProblemKey[event.summary.problem] : 'unreadable'),
                  progress: null,
                }),
              },
            ],
            'parse.failed': { target: 'rejected', actions: assign({ fileError: 'unreadable', progress: null }) },
          },
        },
        ready: {
          description: 'The file is parsed and has records: Next leads to the mapping.',
          tags: ['fileReady'],
          on: { 'user.next': { guard: 'canAdvance', target: '#importWizard.mapping' } },
        },
        rejected: {
          description: 'The file cannot be imported (too large, not text, empty, no record, too many rows, unreadable): its error shows and Next stays blocked until another file is chosen.',
          on: { 'user.next': { actions: assign({ attempted: true }) } },
        },
      },
    },
    mapping: {
      description: 'Step 1: each field to a column of the file (matched from the headers, changeable); Name and Phone are required.',
      entry: assign({ step: 1, attempted: false, rowCheck: null, check: null, error: null }),
      on: {
        'user.map': { actions: assign({ relation: ({ context, event }) => withColumn(context.relation, event.field, event.column) }) },
        'user.next': [{ guard: 'canAdvance', target: 'review' }, { actions: assign({ attempted: true }) }],
        'user.back': '#importWizard.file.ready',
      },
    },
    review: {
      description: 'Step 2: the row warnings and what the import would do, before anything is written; Confirm imports.',
      entry: assign({ step: 2, attempted: false }),
      initial: 'validating',
      on: { 'user.back': { guard: 'notImporting', target: 'mapping', actions: assign({ rowCheck: null, check: null, error: null }) } },
      states: {
        validating: {
          description: 'Checks every row by the SPEC §5 row rules off the page thread (rows with errors will be skipped).',
          tags: ['busy', 'checking'],
          invoke: {
            id: 'checkRows',
            src: 'checkRows',
            input: ({ context }) => ({ relation: context.relation }),
            onDone: { target: 'checking', actions: assign({ rowCheck: ({ event }) => event.output }) },
            // The server checks the rows as well: the review goes on without the page's warnings.
            onError: { target: 'checking', actions: assign({ rowCheck: null }) },
          },
        },
        checking: {
          description: 'Asks the server what the import would do (added, updated, unchanged, skipped with reasons); nothing is written.',
          tags: ['busy', 'checking'],
          entry: assign({ error: null }),
          invoke: {
            id: 'checkImport',
            src: 'checkImport',
            input: ({ context }) => ({ realRole: context.realRole, tabId: context.tabId, file: context.file!, relation: relationBody(context.relation) }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => event.output },
                target: 'ready',
                actions: assign({ check: ({ event }) => (event.output.ok ? event.output.data : null) }),
              },
              { target: 'failed', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
            ],
            onError: { target: 'failed', actions: assign({ error: networkError }) },
          },
        },
        failed: {
          description: 'The check failed (refused or on the way): the error shows with a retry.',
          tags: ['checkFailed'],
          on: { 'user.retry': 'checking' },
        },
        ready: {
          description: 'The counts and the skipped rows show; Confirm imports, the skipped rows can be downloaded.',
          tags: ['reviewReady'],
          on: {
            'user.confirm': 'importing',
            'user.downloadSkipped': {
              guard: 'hasSkippedRows',
              actions: { type: 'saveSkippedRows', params: ({ context, event }) => skippedDownload(context, event.reasonHeader, event.reasonTexts) },
            },
          },
        },
        importing: {
          description: 'The import runs on the server in one transaction; the dialog cannot be left meanwhile.',
          tags: ['busy', 'importing', 'reviewReady'],
          entry: assign({ error: null }),
          invoke: {
            id: 'runImport',
            src: 'runImport',
            input: ({ context }) => ({ realRole: context.realRole, tabId: context.tabId, file: context.file!, relation: relationBody(context.relation) }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => event.output },
                target: '#importWizard.done',
                actions: assign({ outcome: ({ event }) => (event.output.ok ? event.output.data : null) }),
              },
              { target: 'importFailed', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
            ],
            onError: { target: 'importFailed', actions: assign({ error: networkError }) },
          },
        },
        importFailed: {
          description: 'The import failed (refused or on the way) and wrote nothing: the error shows with a retry.',
          tags: ['importFailed', 'reviewReady'],
          on: { 'user.retry': 'importing' },
        },
      },
    },
    done: {
      description: 'Imported: the outcome counts show (added, updated, unchanged, skipped) until the dialog is closed.',
      tags: ['done'],
      entry: ['releaseParser', { type: 'announceImported', params: ({ context }) => context.outcome! }],
    },
    closed: {
      description: 'The dialog was closed: the flow ends.',
      type: 'final',
      entry: 'releaseParser',
    },
  },
});

export type ImportWizardActorRef = ActorRefFrom<typeof importWizardMachine>;
