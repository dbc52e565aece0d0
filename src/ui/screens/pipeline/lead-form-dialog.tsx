/**
 * The lead form dialog, adding a lead or editing one (SPEC §3 Lead / contact, Sales info,
 * Company info; §5 messages; §8 codes). The flow is the lead-form machine, a child flow its parent
 * starts (the pipeline's lead dialog) and reacts to when it ends (saved or cancelled: Escape, the
 * close button or Cancel); this view renders the ref it is given (none: closed) and sends `user.*`.
 * Its one effect moves the focus to the name when the server says the name is taken.
 *
 * Phone numbers, emails and the website are written left to right whatever the language (their
 * inputs are `dir="ltr"`); the layout uses logical properties only (SPEC: right to left).
 *
 * Test ids: lead-form, lead-form-<field> (lead-form-name, lead-form-email, lead-form-tab ...),
 * lead-form-<field>-error, lead-form-birthday-open and lead-form-followUpTime-open (the calendars),
 * lead-form-followUpTime-time (its time), lead-form-error, lead-form-stale, lead-form-use-theirs,
 * lead-form-keep-mine, lead-form-save, lead-form-cancel.
 */
import { FieldTextarea } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { textarea } from '../../../../styled-system/recipes';
import { Code } from '../../../contract/codes';
import { NO_TAB_ID } from '../../../contract/leads';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { CallError } from '../../../machines/answer';
import { leadChoices, leadFieldMaxLength, leadFields, type LeadField, type LeadFieldError, type LeadFormActorRef } from '../../../machines/lead-form.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { DateField } from '../../components/date-field';
import { ModalDialog } from '../../components/dialog';
import { FieldFrame, TextField } from '../../components/field';
import { Link } from '../../components/link';
import { SimpleSelect, type SelectOption } from '../../components/select';
import { visibleText } from '../../components/visible-text';

export type LeadFormDialogProps = {
  /** The lead-form flow its parent started (none: the dialog is closed). */
  flow: LeadFormActorRef | undefined;
};

const scroller = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  // Room for the focus rings of the fields at the edges.
  px: '1',
  py: '1',
});
/**
 * The fields scroll between the dialog's title and its buttons, so the whole dialog fits the
 * screen: the room left for them is the screen less the title, the buttons and the alert showing
 * (the stale alert above the fields, the form's error below them).
 */
const scrollerRoom = {
  plain: css({ maxHeight: 'max(12rem, calc(100dvh - 16rem))' }),
  error: css({ maxHeight: 'max(12rem, calc(100dvh - 21rem))' }),
  stale: css({ maxHeight: 'max(12rem, calc(100dvh - 28rem))' }),
};
const section = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const sectionTitle = css({ textStyle: 'sm', fontWeight: 'semibold', color: 'fg.muted', borderBlockEndWidth: '1px', borderColor: 'border.default', pb: '1' });
const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } });
const wide = css({ gridColumn: '1 / -1' });
const muted = css({ color: 'fg.muted', textStyle: 'sm' });
const staleBox = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap' });

/** Fields typed as text (the rest are selects and the notes' textarea). */
type TextInputField = Exclude<LeadField, 'tabId' | 'gender' | 'activity' | 'stage' | 'level' | 'source' | 'notes' | DateInputField>;
/** Dates, chosen with the kit's date picker in the app's locale (birthday 'YYYY-MM-DD'; the follow-up a date and a time). */
type DateInputField = 'birthday' | 'followUpTime';
type ChoiceField = keyof typeof leadChoices;

/** Content that is written left to right in every language. */
const leftToRight: ReadonlySet<LeadField> = new Set(['phone', 'email', 'companyWebsite', 'companyPhone', 'companyEmail']);
const inputTypes: Partial<Record<LeadField, string>> = {
  phone: 'tel',
  email: 'email',
  companyWebsite: 'url',
  companyPhone: 'tel',
  companyEmail: 'email',
};

/** The text of a field's message. */
const fieldErrorText = (LL: TranslationFunctions, field: LeadField, error: LeadFieldError | undefined): string | undefined => {
  if (error === undefined) return undefined;
  // A value over the contract's limit says the limit (SPEC §5 texts state their limits).
  if (error === 'tooLong') return LL.leads.errors.tooLong({ max: leadFieldMaxLength(field) ?? 0 });
  return LL.leads.errors[error]();
};

/** The text of the form's message: a failed call, a request the server found invalid, or the server's words. */
const formErrorText = (LL: TranslationFunctions, error: CallError): string => {
  if (error.kind === 'network') return LL.leads.errors.requestFailed();
  if (error.code === Code.VALIDATION || error.code === Code.MALFORMED_JSON) return LL.leads.errors.invalidRequest();
  return error.message ? LL.leads.errors.server({ message: error.message }) : LL.leads.errors.requestFailed();
};

/** The translated label of each choice of a select field. */
const choiceLabel = (LL: TranslationFunctions, field: ChoiceField, value: string): string => {
  const labels = LL.leads[field] as Record<string, () => string>;
  return labels[value]?.() ?? value;
};

/** Focuses a field of the form by its name (the inputs are named after the machine's fields). */
const focusField = (form: HTMLFormElement | null, field: LeadField | undefined): void => {
  const element = field === undefined ? null : form?.elements.namedItem(field);
  if (element instanceof HTMLElement) element.focus();
};

/** A group of the form (SPEC §3) under its heading; `grid` lays its fields in two columns where there is room. */
function Section({ title, grid: inGrid = false, children }: { title: string; grid?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={section}>
      <h3 id={id} className={sectionTitle}>
        {title}
      </h3>
      {inGrid ? <div className={grid}>{children}</div> : children}
    </section>
  );
}

export function LeadFormDialog({ flow }: LeadFormDialogProps) {
  return flow ? <LeadForm flow={flow} /> : null;
}

function LeadForm({ flow: ref }: { flow: LeadFormActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.leads;
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const values = useSelector(ref, (s) => s.context.values);
  const fieldErrors = useSelector(ref, (s) => s.context.fieldErrors);
  const formError = useSelector(ref, (s) => s.context.formError);
  const machineTabs = useSelector(ref, (s) => s.context.tabs);
  const editing = useSelector(ref, (s) => s.context.mode === 'edit');
  const saving = useSelector(ref, (s) => s.hasTag('saving'));
  const stale = useSelector(ref, (s) => s.hasTag('stale'));
  const done = useSelector(ref, (s) => s.status === 'done');
  const locked = saving || stale;

  // A refused submit focuses the first field it names (onSubmit); the server's duplicate name, the name.
  const nameTaken = fieldErrors.name === 'nameExists';
  useEffect(() => {
    if (nameTaken) focusField(formRef.current, 'name');
  }, [nameTaken]);

  const change = (field: LeadField, value: string) => ref.send({ type: 'user.change', field, value });

  const text = (field: TextInputField, options: { required?: boolean; wide?: boolean } = {}) => (
    <TextField
      key={field}
      name={field}
      label={t.fields[field]()}
      type={inputTypes[field] ?? 'text'}
      value={values[field]}
      placeholder={t.placeholders[field]()}
      dir={leftToRight.has(field) ? 'ltr' : undefined}
      required={options.required}
      readOnly={locked}
      className={options.wide ? wide : undefined}
      errorText={fieldErrorText(LL, field, fieldErrors[field])}
      errorTestId={`lead-form-${field}-error`}
      data-testid={`lead-form-${field}`}
      onChange={(e: ChangeEvent<HTMLInputElement>) => change(field, e.currentTarget.value)}
    />
  );

  const date = (field: DateInputField) => (
    <DateField
      key={field}
      name={field}
      label={t.fields[field]()}
      value={values[field]}
      withTime={field === 'followUpTime'}
      readOnly={locked}
      texts={{
        open: LL.leads.dateField.open(),
        prev: LL.leads.dateField.prev(),
        next: LL.leads.dateField.next(),
        prevYear: LL.leads.dateField.prevYear(),
        nextYear: LL.leads.dateField.nextYear(),
        prevDecade: LL.leads.dateField.prevDecade(),
        nextDecade: LL.leads.dateField.nextDecade(),
        time: LL.leads.dateField.time(),
        timePlaceholder: LL.leads.dateField.timePlaceholder(),
      }}
      errorText={fieldErrorText(LL, field, fieldErrors[field])}
      errorTestId={`lead-form-${field}-error`}
      onValueChange={(value) => change(field, value)}
      data-testid={`lead-form-${field}`}
    />
  );

  const choice = (field: ChoiceField) => {
    const options: SelectOption[] = [
      { value: '', label: t.noChoice() },
      ...leadChoices[field].map((value) => ({ value, label: choiceLabel(LL, field, value) })),
    ];
    return (
      <SimpleSelect
        key={field}
        name={field}
        label={t.fields[field]()}
        options={options}
        value={values[field]}
        placeholder={t.noChoice()}
        disabled={locked}
        onValueChange={(value) => change(field, value)}
        data-testid={`lead-form-${field}`}
      />
    );
  };

  const tabOptions: SelectOption[] = machineTabs.map((tab) => ({ value: String(tab.id), label: tab.id === NO_TAB_ID ? t.noTabs() : visibleText(tab.name) }));

  return (
    <ModalDialog
      open={!done}
      onClose={() => ref.send({ type: 'user.cancel' })}
      title={editing ? t.form.editTitle() : t.form.addTitle()}
      description={t.form.description()}
      closeLabel={t.form.close()}
      data-testid="lead-form"
      footer={
        <>
          <Button variant="outline" disabled={saving} onClick={() => ref.send({ type: 'user.cancel' })} data-testid="lead-form-cancel">
            {t.form.cancel()}
          </Button>
          <Button type="submit" form={formId} loading={saving} loadingText={t.form.saving()} disabled={stale} data-testid="lead-form-save">
            {t.form.save()}
          </Button>
        </>
      }
    >
      {stale ? (
        <div className={staleBox} data-testid="lead-form-stale">
          <InlineAlert status="info" title={t.stale.title()} description={t.stale.description()} />
          <div className={row}>
            <Button variant="outline" onClick={() => ref.send({ type: 'user.useFresh' })} data-testid="lead-form-use-theirs">
              {t.stale.useTheirs()}
            </Button>
            <Button onClick={() => ref.send({ type: 'user.overwrite' })} data-testid="lead-form-keep-mine">
              {t.stale.keepMine()}
            </Button>
          </div>
        </div>
      ) : null}
      <form
        id={formId}
        ref={formRef}
        noValidate
        aria-busy={saving}
        className={cx(scroller, scrollerRoom[stale ? 'stale' : formError ? 'error' : 'plain'])}
        onSubmit={(e) => {
          e.preventDefault();
          ref.send({ type: 'user.submit' });
          const snapshot = ref.getSnapshot();
          if (snapshot.hasTag('invalid')) focusField(e.currentTarget, leadFields.find((field) => snapshot.context.fieldErrors[field] !== undefined));
        }}
      >
        <Section title={t.groups.basic()} grid>
          {text('name', { required: true, wide: true })}
          <SimpleSelect
            name="tabId"
            label={t.fields.tab()}
            options={tabOptions}
            value={values.tabId}
            disabled={locked}
            onValueChange={(value) => change('tabId', value)}
            data-testid="lead-form-tab"
          />
          {text('phone')}
          {text('email')}
          {date('birthday')}
          {text('country')}
          {choice('gender')}
          {date('followUpTime')}
        </Section>
        <Section title={t.groups.sales()} grid>
          {choice('activity')}
          {choice('stage')}
          {choice('level')}
          {choice('source')}
        </Section>
        <Section title={t.groups.company()} grid>
          {text('companyName')}
          {text('companyPosition')}
          {text('companyWebsite')}
          {text('companySize')}
          {text('companyPhone')}
          {text('companyEmail')}
          {text('companyAddress', { wide: true })}
        </Section>
        <Section title={t.groups.notes()}>
          <FieldFrame label={t.fields.notes()} readOnly={locked} errorText={fieldErrorText(LL, 'notes', fieldErrors.notes)} errorTestId="lead-form-notes-error">
            {(describedBy) => (
              <FieldTextarea
                className={cx(textarea({ size: 'md' }))}
                name="notes"
                rows={4}
                value={values.notes}
                placeholder={t.placeholders.notes()}
                aria-describedby={describedBy}
                onChange={(e) => change('notes', e.currentTarget.value)}
                data-testid="lead-form-notes"
              />
            )}
          </FieldFrame>
        </Section>
        {/*
          Tags are not edited here: the form edits the SPEC §3 lead fields, and a lead of the
          pipeline's lists carries no tags (src/contract/leads.ts), so the form could not show them
          truthfully. Tags are given on the Contacts screen and with a tab's batch tagging, and kept
          on the Tags screen, which the section links.
        */}
        <Section title={t.groups.tags()}>
          <p className={muted}>{t.tagsNote()}</p>
          <Link to="/tags" data-testid="lead-form-tags-link">
            {t.tagsLink()}
          </Link>
        </Section>
      </form>
      {formError ? <InlineAlert status="error" title={formErrorText(LL, formError)} data-testid="lead-form-error" /> : null}
    </ModalDialog>
  );
}
