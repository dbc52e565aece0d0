/**
 * /template-center/auto-reply (SPEC §2; §3 Auto reply; §4 Auto reply: active or paused; §5; §6
 * admins only): the team's auto replies with a status switch each, and the form with every SPEC §3
 * field, the keywords' rule live, variable buttons, and a live preview: a test message and the
 * template it would trigger (the one matcher of src/contract/keyword-match.ts over the templates
 * listed, the draft in its place). Driven by the auto-replies flow, which owns one auto-reply flow
 * per template: a row's switch and the form talk to that template's flow. Text a person wrote is
 * shown inert (UserText).
 *
 * Test ids: auto-replies-page, auto-replies-add, auto-replies-table, auto-reply-row-<name>,
 * auto-reply-status-<id>, auto-reply-edit-<id>, auto-reply-delete-<id>; the form auto-reply-dialog
 * (-save, -cancel, -error), auto-reply-name, auto-reply-type, auto-reply-keywords,
 * auto-reply-match, auto-reply-reply, auto-reply-var-<key>, auto-reply-preview-text,
 * auto-reply-effective, auto-reply-from, auto-reply-to, auto-reply-day-<n>, auto-reply-groups,
 * auto-reply-archive, auto-reply-not-active, auto-reply-quote, auto-reply-block,
 * auto-reply-interval, auto-reply-interval-minutes, auto-reply-delay, auto-reply-form-status,
 * auto-reply-test, auto-reply-test-result, and the errors auto-reply-<field>-error;
 * auto-reply-confirm-delete, confirm-ok, confirm-cancel.
 */
import { FieldTextarea } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { textarea } from '../../../../styled-system/recipes';
import type { AutoReply } from '../../../contract/templates';
import { useI18nContext } from '../../../i18n/i18n-react';
import { editingEntryOf, entryOf, type AutoRepliesActorRef, type AutoReplyEntry } from '../../../machines/auto-replies.machine';
import { keywordsError, MAX_KEYWORDS, previewMatch, type AutoReplyDraft } from '../../../machines/auto-reply-draft';
import type { AutoReplyActorRef } from '../../../machines/auto-reply.machine';
import { refusalPlaceOf } from '../../../machines/template-notices';
import { useFlow } from '../../app-actors';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { FieldFrame, TextField } from '../../components/field';
import { Heading, Text } from '../../components/heading';
import { SimpleSelect } from '../../components/select';
import { UserSentence, UserText } from '../../components/user-text';
import { visibleText } from '../../components/visible-text';
import { formatDateTime } from './format';
import { TemplateCenterFrame } from './template-center-nav';
import {
  rowActions,
  cellText,
  clamp2,
  ConfirmDialog,
  errorLine,
  fieldErrorText,
  fieldset,
  FormDialog,
  grid2,
  insertAt,
  legend,
  muted,
  noWrap,
  refusalText,
  sectionHead,
  StatusSwitch,
  VariableButtons,
  VariablePreview,
} from './template-parts';

const days = [1, 2, 3, 4, 5, 6, 0] as const;
const dayGrid = css({
  display: 'grid',
  gap: '2',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(4, minmax(0, 1fr))',
  },
});
const checks = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const previewCard = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border.default',
});
const resultLine = css({
  textStyle: 'sm',
  fontWeight: 'medium',
  overflowWrap: 'anywhere',
});

export function AutoRepliesScreen() {
  const ref = useFlow('autoReplies');
  return ref ? <AutoRepliesView flow={ref} /> : null;
}

function AutoRepliesView({ flow: ref }: { flow: AutoRepliesActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.templates;
  const a = t.autoReplies;
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const failed = useSelector(ref, (s) => s.hasTag('loadFailed'));
  const confirmDelete = useSelector(ref, (s) => s.hasTag('confirmDelete'));
  const items = useSelector(ref, (s) => s.context.items);
  const entries = useSelector(ref, (s) => s.context.entries);
  const target = useSelector(ref, (s) => s.context.target);
  const editing = useSelector(ref, (s) => editingEntryOf(s.context));
  const formOpen = editing !== undefined;

  const columns = useMemo<DataTableColumn<AutoReply>[]>(
    () => [
      {
        id: 'name',
        header: a.columns.name(),
        cell: (r) => <UserText className={cellText} text={r.name} />,
      },
      {
        id: 'type',
        header: a.columns.type(),
        cell: (r) => <span>{a.types[r.type]()}</span>,
      },
      {
        id: 'keywords',
        header: a.columns.keywords(),
        cell: (r) => (r.type === 'replyAll' ? <span className={muted}>{a.replyAllRow()}</span> : <UserText className={clamp2} text={r.keywords.join(' | ')} />),
      },
      {
        id: 'status',
        header: a.columns.status(),
        cell: (r) => <RowSwitch entry={entryOf({ entries }, r.id)} template={r} disabled={formOpen} />,
      },
      {
        id: 'updatedAt',
        header: t.updatedAt(),
        cell: (r) => <span className={noWrap}>{formatDateTime(r.updatedAt, locale)}</span>,
      },
      {
        id: 'actions',
        header: t.actions(),
        hideHeader: true,
        cell: (r) => (
          <div className={rowActions}>
            <Button
              size="sm"
              variant="outline"
              disabled={busy || formOpen}
              aria-label={a.editOf({ name: visibleText(r.name) })}
              onClick={() => ref.send({ type: 'user.edit', id: r.id })}
              data-testid={`auto-reply-edit-${r.id}`}
            >
              {t.edit()}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy || formOpen}
              aria-label={a.deleteOf({ name: visibleText(r.name) })}
              onClick={() => ref.send({ type: 'user.delete', template: r })}
              data-testid={`auto-reply-delete-${r.id}`}
            >
              {t.delete()}
            </Button>
          </div>
        ),
      },
    ],
    [a, t, ref, busy, formOpen, entries, locale],
  );

  return (
    <TemplateCenterFrame testId="auto-replies-page" busy={busy}>
      <div className={sectionHead}>
        <div>
          <Heading as="h2" size="lg">
            {a.title()}
          </Heading>
          <Text muted>{a.lead()}</Text>
        </div>
        <Button onClick={() => ref.send({ type: 'user.add' })} disabled={loading || failed || formOpen} data-testid="auto-replies-add">
          {a.add()}
        </Button>
      </div>
      <DataTable
        label={a.title()}
        columns={columns}
        data={items}
        getRowId={(r) => r.id}
        rowTestId={(r) => `auto-reply-row-${r.name}`}
        status={failed ? 'error' : loading && items.length === 0 ? 'loading' : 'ready'}
        onRetry={() => ref.send({ type: 'user.retry' })}
        texts={{
          empty: a.empty(),
          loading: a.loading(),
          error: a.loadFailed(),
          retry: t.retry(),
        }}
        data-testid="auto-replies-table"
      />
      {editing ? <AutoReplyForm key={editing.key} flow={editing.ref} saved={items} /> : null}
      <ConfirmDialog
        open={confirmDelete}
        busy={busy}
        title={target ? <UserSentence sentence={(name) => a.confirmDelete.title({ name })} text={target.name} /> : ''}
        body={<p>{a.confirmDelete.body()}</p>}
        ok={a.confirmDelete.ok()}
        onCancel={() => ref.send({ type: 'user.cancel' })}
        onConfirm={() => ref.send({ type: 'user.confirm' })}
        testId="auto-reply-confirm-delete"
      />
    </TemplateCenterFrame>
  );
}

/** A row's status switch: it goes through the template's own flow (SPEC §4 Auto reply). */
function RowSwitch({ entry, template, disabled }: { entry: AutoReplyEntry | undefined; template: AutoReply; disabled: boolean }) {
  const { LL } = useI18nContext();
  const t = LL.templates;
  if (!entry) return <span>{t.status[template.status]()}</span>;
  return <EntrySwitch flow={entry.ref} template={template} disabled={disabled} />;
}

function EntrySwitch({ flow, template, disabled }: { flow: AutoReplyActorRef; template: AutoReply; disabled: boolean }) {
  const { LL } = useI18nContext();
  const t = LL.templates;
  const switching = useSelector(flow, (s) => s.hasTag('busy'));
  const active = useSelector(flow, (s) => (s.context.template ?? template).status === 'active');
  return (
    <StatusSwitch
      checked={active}
      label={t.autoReplies.statusOf({ name: visibleText(template.name) })}
      text={active ? t.status.active() : t.status.paused()}
      disabled={disabled || switching}
      onToggle={() => flow.send({ type: 'user.toggle' })}
      testId={`auto-reply-status-${template.id}`}
    />
  );
}

type Patch = Partial<AutoReplyDraft>;

/** The form of the template whose flow is editing (a draft, validating or saving). */
function AutoReplyForm({ flow: ref, saved }: { flow: AutoReplyActorRef; saved: readonly AutoReply[] }) {
  const { LL } = useI18nContext();
  const t = LL.templates;
  const a = t.autoReplies;
  const f = a.form;
  const open = useSelector(ref, (s) => s.hasTag('editing'));
  const saving = useSelector(ref, (s) => s.hasTag('saving'));
  const template = useSelector(ref, (s) => s.context.template);
  const draft = useSelector(ref, (s) => s.context.draft);
  const errors = useSelector(ref, (s) => s.context.errors);
  const refusal = useSelector(ref, (s) => s.context.refusal);
  const testMessage = useSelector(ref, (s) => s.context.testMessage);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const change = (patch: Patch) => ref.send({ type: 'user.change', patch });
  const place = refusalPlaceOf(refusal);
  // SPEC §5: the keywords' rule shows as they are typed; a submit's message otherwise.
  const keywordsMessage = fieldErrorText(LL, keywordsError(draft) ?? errors.keywords);
  const match = previewMatch(saved, template?.id ?? null, draft, testMessage);
  const text = (field: 'name' | 'intervalMinutes' | 'delaySeconds') => fieldErrorText(LL, errors[field]);
  const d = t.dateField;
  const dateTexts = {
    open: d.open(),
    prev: d.prev(),
    next: d.next(),
    prevYear: d.prevYear(),
    nextYear: d.nextYear(),
    prevDecade: d.prevDecade(),
    nextDecade: d.nextDecade(),
  };

  return (
    <FormDialog
      open={open}
      title={template === null ? f.addTitle() : f.editTitle()}
      testId="auto-reply-dialog"
      saving={saving}
      onCancel={() => ref.send({ type: 'user.cancel' })}
      onSubmit={() => ref.send({ type: 'user.submit' })}
      formError={refusal && place === 'form' ? refusalText(LL, refusal) : undefined}
    >
      <TextField
        label={f.name()}
        name="name"
        required
        value={draft.name}
        placeholder={f.namePlaceholder()}
        readOnly={saving}
        errorText={place === 'name' ? t.errors.replyNameTaken() : text('name')}
        errorTestId="auto-reply-name-error"
        onChange={(e) => change({ name: e.currentTarget.value })}
        dir="auto"
        data-testid="auto-reply-name"
      />
      <div>
        <SimpleSelect
          label={f.type()}
          options={(['keyword', 'replyAll'] as const).map((v) => ({
            value: v,
            label: a.types[v](),
          }))}
          value={draft.type}
          disabled={saving}
          onValueChange={(v) => {
            if (v === 'keyword' || v === 'replyAll') change({ type: v });
          }}
          data-testid="auto-reply-type"
        />
        {place === 'type' ? (
          <p className={errorLine} role="alert" data-testid="auto-reply-type-error">
            {t.errors.replyAllTaken()}
          </p>
        ) : null}
      </div>
      {draft.type === 'keyword' ? (
        <>
          <TextField
            label={f.keywords()}
            name="keywords"
            required
            value={draft.keywords}
            placeholder={f.keywordsPlaceholder()}
            helperText={f.keywordsHint({ max: MAX_KEYWORDS })}
            readOnly={saving}
            errorText={keywordsMessage}
            errorTestId="auto-reply-keywords-error"
            onChange={(e) => change({ keywords: e.currentTarget.value })}
            dir="auto"
            data-testid="auto-reply-keywords"
          />
          <div>
            <SimpleSelect
              label={f.matchMode()}
              options={(['fuzzy', 'exact'] as const).map((v) => ({
                value: v,
                label: f.matchModes[v](),
              }))}
              value={draft.matchMode}
              disabled={saving}
              onValueChange={(v) => {
                if (v === 'fuzzy' || v === 'exact') change({ matchMode: v });
              }}
              data-testid="auto-reply-match"
            />
            <p className={muted}>{f.caseIgnored()}</p>
          </div>
        </>
      ) : null}
      <section className={previewCard} aria-label={a.preview.title()}>
        <span className={legend}>{a.preview.title()}</span>
        <TextField
          label={a.preview.message()}
          value={testMessage}
          placeholder={a.preview.placeholder()}
          onChange={(e) => ref.send({ type: 'user.typeTest', message: e.currentTarget.value })}
          dir="auto"
          data-testid="auto-reply-test"
        />
        {testMessage.trim() !== '' ? (
          <p className={resultLine} role="status" data-testid="auto-reply-test-result">
            {match === null ? (
              a.preview.nothing()
            ) : match.draft && match.name === '' ? (
              a.preview.triggersDraft()
            ) : (
              <UserSentence sentence={(name) => a.preview.triggers({ name })} text={match.name} />
            )}
          </p>
        ) : null}
      </section>
      <FieldFrame label={f.reply()} required readOnly={saving} errorText={fieldErrorText(LL, errors.reply)} errorTestId="auto-reply-reply-error">
        {(describedBy) => (
          <FieldTextarea
            ref={replyRef}
            className={cx(textarea({ size: 'md' }))}
            name="reply"
            rows={4}
            value={draft.reply}
            placeholder={f.replyPlaceholder({ token: '{firstName}' })}
            aria-describedby={describedBy}
            onChange={(e) => change({ reply: e.currentTarget.value })}
            dir="auto"
            data-testid="auto-reply-reply"
          />
        )}
      </FieldFrame>
      <VariableButtons
        disabled={saving}
        testId="auto-reply-var"
        onInsert={(token) => {
          const next = insertAt(replyRef.current, draft.reply, token);
          change({ reply: next.text });
          requestAnimationFrame(() => {
            replyRef.current?.focus();
            replyRef.current?.setSelectionRange(next.caret, next.caret);
          });
        }}
      />
      <VariablePreview text={draft.reply} testId="auto-reply-preview-text" />

      <fieldset className={fieldset}>
        <legend className={legend}>{f.effective()}</legend>
        <SimpleSelect
          label={f.effective()}
          hideLabel
          options={(['always', 'dates', 'days'] as const).map((v) => ({
            value: v,
            label: f.effectiveKinds[v](),
          }))}
          value={draft.effective}
          disabled={saving}
          onValueChange={(v) => {
            if (v === 'always' || v === 'dates' || v === 'days') change({ effective: v });
          }}
          data-testid="auto-reply-effective"
        />
        {draft.effective === 'dates' ? (
          <div className={grid2}>
            <DateField
              label={f.from()}
              value={draft.from}
              onValueChange={(v) => change({ from: v })}
              texts={dateTexts}
              readOnly={saving}
              errorText={fieldErrorText(LL, errors.from)}
              errorTestId="auto-reply-from-error"
              data-testid="auto-reply-from"
            />
            <DateField
              label={f.to()}
              value={draft.to}
              onValueChange={(v) => change({ to: v })}
              texts={dateTexts}
              readOnly={saving}
              errorText={fieldErrorText(LL, errors.to)}
              errorTestId="auto-reply-to-error"
              data-testid="auto-reply-to"
            />
          </div>
        ) : null}
        {draft.effective === 'days' ? (
          <div role="group" aria-label={f.days()}>
            <div className={dayGrid}>
              {days.map((d) => (
                <Checkbox
                  key={d}
                  checked={draft.days.includes(d)}
                  disabled={saving}
                  onCheckedChange={(on) =>
                    change({
                      days: on ? [...draft.days.filter((x) => x !== d), d] : draft.days.filter((x) => x !== d),
                    })
                  }
                  data-testid={`auto-reply-day-${d}`}
                >
                  {f.weekdays[String(d) as '0']()}
                </Checkbox>
              ))}
            </div>
            {errors.days ? (
              <p className={errorLine} role="alert" data-testid="auto-reply-days-error">
                {fieldErrorText(LL, errors.days)}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>

      <SimpleSelect
        label={f.groups()}
        options={(['all', 'single', 'group'] as const).map((v) => ({
          value: v,
          label: f.groupKinds[v](),
        }))}
        value={draft.effectiveGroups}
        disabled={saving}
        onValueChange={(v) => {
          if (v === 'all' || v === 'single' || v === 'group') change({ effectiveGroups: v });
        }}
        data-testid="auto-reply-groups"
      />

      <fieldset className={fieldset}>
        <legend className={legend}>{f.options()}</legend>
        <div className={checks}>
          <Checkbox
            checked={draft.archiveAfterReply}
            disabled={saving}
            onCheckedChange={(v) => change({ archiveAfterReply: v })}
            data-testid="auto-reply-archive"
          >
            {f.archiveAfterReply()}
          </Checkbox>
          <Checkbox
            checked={draft.notForActiveChats}
            disabled={saving}
            onCheckedChange={(v) => change({ notForActiveChats: v })}
            data-testid="auto-reply-not-active"
          >
            {f.notForActiveChats()}
          </Checkbox>
          <Checkbox
            checked={draft.quoteWhenReplying}
            disabled={saving}
            onCheckedChange={(v) => change({ quoteWhenReplying: v })}
            data-testid="auto-reply-quote"
          >
            {f.quoteWhenReplying()}
          </Checkbox>
          <Checkbox checked={draft.blockSender} disabled={saving} onCheckedChange={(v) => change({ blockSender: v })} data-testid="auto-reply-block">
            {f.blockSender()}
          </Checkbox>
        </div>
      </fieldset>

      <div className={grid2}>
        <SimpleSelect
          label={f.interval()}
          options={(['once', 'every'] as const).map((v) => ({
            value: v,
            label: f.intervalKinds[v](),
          }))}
          value={draft.interval}
          disabled={saving}
          onValueChange={(v) => {
            if (v === 'once' || v === 'every') change({ interval: v });
          }}
          data-testid="auto-reply-interval"
        />
        {draft.interval === 'every' ? (
          <TextField
            label={f.intervalMinutes()}
            inputMode="numeric"
            value={draft.intervalMinutes}
            readOnly={saving}
            errorText={text('intervalMinutes')}
            errorTestId="auto-reply-intervalMinutes-error"
            onChange={(e) => change({ intervalMinutes: e.currentTarget.value })}
            data-testid="auto-reply-interval-minutes"
          />
        ) : null}
        <TextField
          label={f.delaySeconds()}
          inputMode="numeric"
          value={draft.delaySeconds}
          readOnly={saving}
          errorText={text('delaySeconds')}
          errorTestId="auto-reply-delaySeconds-error"
          onChange={(e) => change({ delaySeconds: e.currentTarget.value })}
          data-testid="auto-reply-delay"
        />
      </div>

      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '3',
          flexWrap: 'wrap',
        })}
      >
        <span className={legend}>{f.status()}</span>
        <StatusSwitch
          checked={draft.status === 'active'}
          label={f.status()}
          text={t.status[draft.status]()}
          disabled={saving}
          onToggle={() => change({ status: draft.status === 'active' ? 'paused' : 'active' })}
          testId="auto-reply-form-status"
        />
      </div>
    </FormDialog>
  );
}
