/**
 * The import-leads wizard as a dialog (SPEC §2 Pipeline, §3 Import mapping, §4 Import wizard, §5
 * Import messages). The flow is the import-wizard machine, a child flow its parent (the pipeline)
 * starts when the person asks to import, hears from when it imported, and closes when it ends;
 * this view renders the ref it is given (none: closed), each step as the wizard's state says, and
 * sends `user.*` events.
 *
 * Steps: the file (with a progress bar while it is read), the mapping (6 selects over the file's
 * headers), the review (the counts the server's check gives, the row warnings, the skipped rows
 * with their reasons, the first 100 listed, downloadable), then the done step with the outcome.
 * Phone numbers and file names are written left to right in every language; the layout uses
 * logical properties only (right to left).
 *
 * The file is chosen with a labelled button in the app's language that opens a hidden file input,
 * or dropped onto the dialog at the first step (a drag over it shows a drop hint; the view only
 * marks the drop target with `data-dragging`, a DOM touch); either sends `user.chooseFile`. The
 * chosen file's name shows beside the button.
 *
 * Test ids: import-dialog, import-choose, import-file (the hidden input), import-file-name,
 * import-drop, import-drop-hint, import-progress, import-error, import-warning,
 * import-map-<field>, import-next, import-back, import-confirm, import-retry, import-count-added,
 * import-count-updated, import-count-unchanged, import-count-skipped, import-skipped,
 * import-download-skipped, import-done, import-finish.
 */
import { useSelector } from '@xstate/react';
import { useId, useRef, type DragEvent } from 'react';
import { css } from '../../../../styled-system/css';
import type { ImportCounts, ImportRowError } from '../../../contract/lead-files';
import { importFields, importRowErrors } from '../../../contract/lead-files';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { CallError } from '../../../machines/answer';
import {
  fileErrorOfMessage,
  selectNextEnabled,
  selectStep,
  shownIssues,
  shownSkippedRows,
  type ImportIssue,
  type ImportWizardActorRef,
} from '../../../machines/import-wizard.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { SimpleSelect, type SelectOption } from '../../components/select';

export type ImportDialogProps = {
  /** The import-wizard flow its parent started (none: the dialog is closed). */
  flow: ImportWizardActorRef | undefined;
};

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' });
const stepList = css({ display: 'flex', gap: '2', listStyle: 'none', p: '0', m: '0', flexWrap: 'wrap' });
const stepItem = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  textStyle: 'sm',
  color: 'fg.muted',
  '&[aria-current=step]': { color: 'fg.default', fontWeight: 'semibold' },
  '&:not(:last-child)::after': { content: '"›"', color: 'fg.subtle', marginInlineStart: '2', _rtl: { content: '"‹"' } },
});
const stepNumber = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '6',
  height: '6',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.default',
  textStyle: 'xs',
  '[aria-current=step] > &': { bg: 'colorPalette.default', color: 'colorPalette.fg', borderColor: 'colorPalette.default' },
});
const fileLabel = css({ textStyle: 'sm', fontWeight: 'medium' });
const filePicker = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  flexWrap: 'wrap',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
  borderRadius: 'l2',
  p: '3',
  '[data-dragging=true] &': { borderColor: 'colorPalette.default', bg: 'colorPalette.a2' },
});
const fileName = css({ textStyle: 'sm', color: 'fg.muted', unicodeBidi: 'isolate', overflowWrap: 'anywhere', minWidth: '0' });
/** The drop hint shows while a file is dragged over the dialog (its drop target carries data-dragging). */
const dropHint = css({ display: 'none', textStyle: 'sm', fontWeight: 'semibold', color: 'colorPalette.text', '[data-dragging=true] &': { display: 'block' } });
const dropTarget = css({ '&[data-dragging=true]': { outline: '2px dashed', outlineColor: 'colorPalette.default', outlineOffset: '4px', borderRadius: 'l2' } });
const muted = css({ color: 'fg.muted', textStyle: 'sm' });
const track = css({ height: '2', borderRadius: 'full', bg: 'bg.muted', overflow: 'hidden' });
/**
 * The bar's fill, scaled rather than sized: a new part done repaints the bar only, without laying
 * the dialog out again. It steps at each report (several a second), with no transition, so the
 * page draws a frame per report and not continuously while the worker parses.
 */
const fill = css({ height: 'full', width: 'full', bg: 'colorPalette.default', transformOrigin: 'left', _rtl: { transformOrigin: 'right' } });
const mappingGrid = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } });
const counts = css({ display: 'grid', gap: '3', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', m: '0' });
const countBox = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'l2', textAlign: 'center' });
const countLabel = css({ textStyle: 'xs', color: 'fg.muted' });
const countValue = css({ textStyle: 'xl', fontWeight: 'semibold', m: '0' });
const skippedBox = css({
  maxHeight: '14rem',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
});
const table = css({
  width: 'full',
  borderCollapse: 'collapse',
  textStyle: 'sm',
  '& th, & td': { textAlign: 'start', px: '2', py: '1.5', borderBlockEndWidth: '1px', borderColor: 'border.subtle', verticalAlign: 'top' },
  '& th': { position: 'sticky', insetBlockStart: '0', bg: 'bg.default', fontWeight: 'semibold' },
});
const row = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' });
const phoneCell = css({ unicodeBidi: 'plaintext' });
const sectionTitle = css({ textStyle: 'sm', fontWeight: 'semibold' });

type ImporterTexts = TranslationFunctions['importer'];

/** The text of an issue (SPEC §5 messages). */
const issueText = (t: ImporterTexts, issue: ImportIssue): string => {
  if (issue.key === 'rowErrors') return t.issues.rowErrors({ count: issue.count ?? 0 });
  if (issue.key === 'rowsSkipped') return t.issues.rowsSkipped({ count: issue.count ?? 0 });
  return t.issues[issue.key]();
};

/** True when a drag carries files (not text or a link from the page). */
const carriesFiles = (event: DragEvent<HTMLElement>): boolean => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/** Drop-target handlers: they mark the target while files are dragged over it (DOM only) and hand a dropped file on. */
const fileDropHandlers = (onFile: (file: File) => void) => ({
  onDragOver: (event: DragEvent<HTMLElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    event.currentTarget.dataset.dragging = 'true';
  },
  onDragLeave: (event: DragEvent<HTMLElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    delete event.currentTarget.dataset.dragging;
  },
  onDrop: (event: DragEvent<HTMLElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    delete event.currentTarget.dataset.dragging;
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  },
});

/** The text of a failed check or import: a file problem the server named, its words, or the connection. */
const failureText = (t: ImporterTexts, error: CallError | null): string => {
  if (!error || error.kind === 'network') return t.failed.network();
  const fileError = fileErrorOfMessage(error.message);
  if (fileError) return t.issues[fileError]();
  return t.failed.server({ message: error.message });
};

/** Each row error's text, for the download's reason column. */
const reasonTexts = (t: ImporterTexts): Record<ImportRowError, string> => {
  const texts = {} as Record<ImportRowError, string>;
  for (const reason of importRowErrors) texts[reason] = t.reasons[reason]();
  return texts;
};

export function ImportDialog({ flow }: ImportDialogProps) {
  return flow ? <ImportWizard flow={flow} /> : null;
}

function ImportWizard({ flow: ref }: { flow: ImportWizardActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.importer;

  const step = useSelector(ref, selectStep);
  const issues = useSelector(ref, (s) => shownIssues(s.context));
  const nextEnabled = useSelector(ref, selectNextEnabled);
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const ended = useSelector(ref, (s) => s.status === 'done');

  const importing = useSelector(ref, (s) => s.hasTag('importing'));
  const reviewReady = useSelector(ref, (s) => s.hasTag('reviewReady'));
  const close = () => ref.send({ type: 'user.close' });
  const errors = issues.filter((issue) => issue.level === 'error');
  const warnings = issues.filter((issue) => issue.level === 'warning');

  return (
    <ModalDialog
      open={!ended}
      onClose={close}
      title={t.title()}
      description={t.description()}
      closeLabel={importing ? undefined : t.close()}
      data-testid="import-dialog"
      footer={
        step === 'done' ? (
          <Button onClick={close} data-testid="import-finish">
            {t.actions.done()}
          </Button>
        ) : (
          <>
            {step > 0 ? (
              <Button variant="outline" disabled={importing} onClick={() => ref.send({ type: 'user.back' })} data-testid="import-back">
                {t.actions.back()}
              </Button>
            ) : null}
            {step < 2 ? (
              <Button disabled={!nextEnabled} onClick={() => ref.send({ type: 'user.next' })} data-testid="import-next">
                {t.actions.next()}
              </Button>
            ) : (
              <Button
                disabled={!reviewReady || (busy && !importing)}
                loading={importing}
                loadingText={t.actions.importing()}
                onClick={() => ref.send({ type: 'user.confirm' })}
                data-testid="import-confirm"
              >
                {t.actions.confirm()}
              </Button>
            )}
          </>
        )
      }
    >
      <div className={`${stack} ${dropTarget}`} data-testid="import-drop" {...(step === 0 ? fileDropHandlers((file) => ref.send({ type: 'user.chooseFile', file })) : {})}>
        {step === 'done' ? null : <Steps t={t} step={step} />}
        {step === 0 ? <FileStep t={t} wizard={ref} /> : null}
        {step === 1 ? <MappingStep t={t} wizard={ref} /> : null}
        {step === 2 ? <ReviewStep t={t} wizard={ref} /> : null}
        {step === 'done' ? <DoneStep t={t} wizard={ref} /> : null}
        {errors[0] ? <InlineAlert status="error" title={issueText(t, errors[0])} data-testid="import-error" /> : null}
        {warnings[0] ? <InlineAlert status="info" title={issueText(t, warnings[0])} data-testid="import-warning" /> : null}
      </div>
    </ModalDialog>
  );
}

type StepProps = { t: ImporterTexts; wizard: ImportWizardActorRef };

function Steps({ t, step }: { t: ImporterTexts; step: 0 | 1 | 2 }) {
  const names = [t.steps.file(), t.steps.mapping(), t.steps.review()];
  return (
    <ol className={stepList} aria-label={t.steps.label()}>
      {names.map((name, i) => (
        <li key={name} className={stepItem} aria-current={i === step ? 'step' : undefined}>
          <span className={stepNumber} aria-hidden="true">
            {i + 1}
          </span>
          {name}
        </li>
      ))}
    </ol>
  );
}

function FileStep({ t, wizard }: StepProps) {
  const id = useId();
  const parsing = useSelector(wizard, (s) => s.hasTag('parsing'));
  const progress = useSelector(wizard, (s) => s.context.progress);
  const summary = useSelector(wizard, (s) => (s.hasTag('fileReady') ? s.context.summary : null));
  const chosenName = useSelector(wizard, (s) => s.context.file?.name ?? '');
  const input = useRef<HTMLInputElement>(null);
  const percent = Math.round((progress?.fraction ?? 0) * 100);
  return (
    <div className={stack}>
      <div className={stack} role="group" aria-labelledby={`${id}-label`}>
        <span id={`${id}-label`} className={fileLabel}>
          {t.file.label()}
        </span>
        <div className={filePicker}>
          <Button variant="outline" onClick={() => input.current?.click()} aria-describedby={`${id}-hint ${id}-name`} data-testid="import-choose">
            {t.file.choose()}
          </Button>
          <span id={`${id}-name`} className={fileName} dir={chosenName ? 'ltr' : undefined} data-testid="import-file-name">
            {chosenName || t.file.none()}
          </span>
          <span className={muted}>{t.file.drop()}</span>
          <p className={dropHint} aria-hidden="true" data-testid="import-drop-hint">
            {t.file.dropHint()}
          </p>
        </div>
        {/* The browser's own control would speak its language, not the app's: the button above opens it. */}
        <input
          ref={input}
          type="file"
          hidden
          tabIndex={-1}
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          aria-label={t.file.choose()}
          onChange={(e) => {
            wizard.send({ type: 'user.chooseFile', file: e.currentTarget.files?.[0] ?? null });
            // The same file may be chosen again after it was changed on disk.
            e.currentTarget.value = '';
          }}
          data-testid="import-file"
        />
      </div>
      <p id={`${id}-hint`} className={muted}>
        {t.file.hint()}
      </p>
      {parsing ? (
        <div className={stack} data-testid="import-progress">
          <div className={track} role="progressbar" aria-label={t.file.parsing()} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className={fill} style={{ transform: `scaleX(${percent / 100})` }} />
          </div>
          <p className={muted} role="status">
            {t.file.progress({ rows: progress?.rows ?? 0, percent })}
          </p>
        </div>
      ) : null}
      {summary ? (
        <p className={muted} role="status">
          {t.file.ready({ rows: summary.rowCount, name: chosenName })}
        </p>
      ) : null}
    </div>
  );
}

function MappingStep({ t, wizard }: StepProps) {
  const headers = useSelector(wizard, (s) => s.context.summary?.headers ?? []);
  const relation = useSelector(wizard, (s) => s.context.relation);
  const options: SelectOption[] = [
    { value: '', label: t.mapping.none() },
    ...headers.map((header, i) => ({ value: String(i), label: t.mapping.column({ n: i + 1, header: header || t.mapping.untitled() }) })),
  ];
  return (
    <div className={stack}>
      <p className={muted}>{t.mapping.intro()}</p>
      <div className={mappingGrid}>
        {importFields.map((field) => {
          const label = t.mapping.fields[field]();
          return (
            <SimpleSelect
              key={field}
              name={field}
              label={field === 'name' || field === 'phone' ? t.mapping.required({ field: label }) : label}
              options={options}
              value={relation[field] === undefined ? '' : String(relation[field])}
              placeholder={t.mapping.none()}
              onValueChange={(value) => wizard.send({ type: 'user.map', field, column: value === '' ? null : Number(value) })}
              data-testid={`import-map-${field}`}
            />
          );
        })}
      </div>
    </div>
  );
}

function Counts({ t, counts: c }: { t: ImporterTexts; counts: ImportCounts }) {
  const items = [
    ['added', c.added],
    ['updated', c.updated],
    ['unchanged', c.unchanged],
    ['skipped', c.skipped],
  ] as const;
  return (
    <dl className={counts}>
      {items.map(([key, value]) => (
        <div key={key} className={countBox}>
          <dt className={countLabel}>{t.review.counts[key]()}</dt>
          <dd className={countValue} data-testid={`import-count-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ReviewStep({ t, wizard }: StepProps) {
  const checking = useSelector(wizard, (s) => s.hasTag('checking'));
  const checkFailed = useSelector(wizard, (s) => s.hasTag('checkFailed'));
  const importFailed = useSelector(wizard, (s) => s.hasTag('importFailed'));
  const error = useSelector(wizard, (s) => s.context.error);
  const check = useSelector(wizard, (s) => s.context.check);
  const skipped = useSelector(wizard, (s) => shownSkippedRows(s.context));
  if (checking) {
    return (
      <p className={muted} role="status" data-testid="import-checking">
        {t.review.checking()}
      </p>
    );
  }
  const failure =
    checkFailed || importFailed ? (
      <div className={row}>
        <InlineAlert status="error" title={checkFailed ? t.failed.check() : t.failed.import()} description={failureText(t, error)} data-testid="import-error" />
        <Button variant="outline" onClick={() => wizard.send({ type: 'user.retry' })} data-testid="import-retry">
          {t.actions.retry()}
        </Button>
      </div>
    ) : null;
  if (!check) return failure;
  return (
    <div className={stack}>
      <p className={muted}>{t.review.intro()}</p>
      <Counts t={t} counts={check} />
      {failure}
      {check.skippedRows.length > 0 ? (
        <div className={stack}>
          <div className={row}>
            <h3 id="import-skipped-title" className={sectionTitle}>
              {t.review.skippedTitle()}
            </h3>
            <Button
              size="sm"
              variant="outline"
              onClick={() => wizard.send({ type: 'user.downloadSkipped', reasonHeader: t.review.reasonHeader(), reasonTexts: reasonTexts(t) })}
              data-testid="import-download-skipped"
            >
              {t.review.download()}
            </Button>
          </div>
          {/* A scrolling region keyboard users can reach and scroll. */}
          <div className={skippedBox} role="region" aria-labelledby="import-skipped-title" tabIndex={0} data-testid="import-skipped">
            <table className={table}>
              <thead>
                <tr>
                  <th scope="col">{t.review.columns.line()}</th>
                  <th scope="col">{t.review.columns.name()}</th>
                  <th scope="col">{t.review.columns.phone()}</th>
                  <th scope="col">{t.review.columns.reasons()}</th>
                </tr>
              </thead>
              <tbody>
                {skipped.map((r) => (
                  <tr key={r.row}>
                    <td>{r.line}</td>
                    <td>{r.name}</td>
                    <td dir="ltr" className={phoneCell}>
                      {r.phone}
                    </td>
                    <td>{r.reasons.map((reason) => t.reasons[reason]()).join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {check.skipped > skipped.length ? <p className={muted}>{t.review.skippedShown({ shown: skipped.length, total: check.skipped })}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

function DoneStep({ t, wizard }: StepProps) {
  const outcome = useSelector(wizard, (s) => s.context.outcome);
  return (
    <div className={stack} data-testid="import-done">
      <InlineAlert status="success" title={t.done.title()} description={t.done.body()} />
      {outcome ? <Counts t={t} counts={outcome} /> : null}
    </div>
  );
}
