/**
 * The schedules tab of the chat tools (SPEC §2 schedule message panel, §3 Schedule message, §4
 * Schedule, §5 Schedule messages): the member's scheduled messages with their state from the
 * server (pending, sending, completed, failed; why a send waits; the last failure), paged; a form
 * for a new or a saved schedule (recipients from the member's synced chats, the open chat first;
 * title, message, start on the member's clock, recurrence), and delete and retry after a
 * confirmation. Renders the schedules flow (src/machines/schedule.machine.ts), a child of the chat
 * tools, given as `panel`; `defaultRecipient` is the open chat (a new schedule starts with it).
 * Names, titles, messages and the extension's failure texts are user text, shown inert.
 *
 * Test ids: schedules-panel, schedules-create, schedules-loading, schedules-failed,
 * schedules-retry, schedules-empty, schedules-list, schedule-<id>, schedule-status-<id>,
 * schedule-when-<id>, schedule-wait-<id>, schedule-error-<id>, schedule-edit-<id>,
 * schedule-retry-<id>, schedule-delete-<id>, schedules-action-error, schedules-pages,
 * schedules-confirm, schedules-confirm-ok, schedules-confirm-cancel; the form: schedule-form,
 * schedule-recipients, schedule-recipient-<chat id>, schedule-recipient-remove-<chat id>,
 * schedule-add-recipient, schedule-chats-loading, schedule-chats-failed, schedule-chats-retry,
 * schedule-title, schedule-message, schedule-when (-time, -open), schedule-zone,
 * schedule-recurrence, schedule-save, schedule-cancel, schedule-<field>-error, schedule-form-error.
 */
import { FieldTextarea } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { textarea } from '../../../../styled-system/recipes';
import { recurrences, SCHEDULES_PAGE_SIZE, type Recipient, type Schedule } from '../../../contract/schedules';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { CallError } from '../../../machines/answer';
import type { DraftField, FieldProblem } from '../../../machines/schedule-draft';
import { rowActionsOf, type SchedulesActorRef } from '../../../machines/schedule.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { DateField } from '../../components/date-field';
import { ModalDialog } from '../../components/dialog';
import { FieldFrame, TextField } from '../../components/field';
import { Pagination } from '../../components/pagination';
import { SimpleSelect } from '../../components/select';
import { UserSentence, UserText } from '../../components/user-text';
import { sensitive } from '../../components/sensitive';
import { visibleText } from '../../components/visible-text';

export type SchedulesPanelProps = {
  panel: SchedulesActorRef;
  /** The open chat: a new schedule starts with it as its recipient. */
  defaultRecipient?: Recipient | null;
};

const panelBox = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '3', minWidth: '0' });
const headRow = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' });
const heading = css({ textStyle: 'sm', fontWeight: 'semibold' });
const help = css({ textStyle: 'xs', color: 'fg.muted' });
const stateBox = css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'center', textAlign: 'center', p: '4', color: 'fg.muted', textStyle: 'sm' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' });
const card = css({ display: 'flex', flexDirection: 'column', gap: '1.5', p: '3', borderRadius: 'l2', borderWidth: '1px', borderColor: 'border.subtle', bg: 'bg.default', minWidth: '0' });
const cardHead = css({ display: 'flex', gap: '2', alignItems: 'baseline', justifyContent: 'space-between', minWidth: '0' });
const cardTitle = css({ fontWeight: 'medium', textStyle: 'sm', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: '0' });
const badge = css({ textStyle: 'xs', borderRadius: 'full', px: '2', whiteSpace: 'nowrap', flexShrink: '0', bg: 'bg.subtle', color: 'fg.muted' });
const badgeTone: Record<Schedule['status'], string> = {
  pending: css({ bg: 'bg.subtle', color: 'fg.default' }),
  sending: css({ bg: 'bg.emphasized', color: 'fg.default' }),
  completed: css({ bg: 'bg.subtle', color: 'fg.muted' }),
  failed: css({ bg: 'bg.subtle', color: 'fg.error', fontWeight: 'medium' }),
};
const line = css({ textStyle: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' });
const messageText = css({ textStyle: 'xs', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineClamp: '3' });
const note = css({ textStyle: 'xs', color: 'fg.default', bg: 'bg.subtle', p: '2', borderRadius: 'l2', borderInlineStartWidth: '3px', borderColor: 'border.default' });
const failure = css({ textStyle: 'xs', color: 'fg.error', overflowWrap: 'anywhere' });
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'flex-end' });
const form = css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' });
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', p: '0', m: '0' });
const chip = css({ display: 'inline-flex', alignItems: 'center', gap: '1', ps: '2', pe: '1', py: '0.5', borderRadius: 'full', bg: 'bg.subtle', textStyle: 'xs', maxWidth: 'full' });
const chipName = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: '0' });
const chipRemove = css({ minWidth: '6', height: '6', px: '0' });
const fieldLabel = css({ textStyle: 'sm', fontWeight: 'medium' });
const error = css({ textStyle: 'sm', color: 'fg.error' });

/** A recipient as a person reads it: the chat's name, or its id when it has none. */
const recipientName = (r: Recipient) => (r.name.trim() !== '' ? r.name : r.chatWhatsappId);

/** A problem of a field in the person's language (the contract's or the server's own words when no text says it better). */
export const fieldErrorText = (LL: TranslationFunctions, field: DraftField, problem: FieldProblem | undefined): string | undefined => {
  if (!problem) return undefined;
  const t = LL.schedules.errors;
  switch (problem.kind) {
    case 'required':
      return t.required[field]();
    case 'tooLong':
      return t.tooLong({ limit: problem.limit ?? 0 });
    case 'tooMany':
      return t.tooMany({ limit: problem.limit ?? 0 });
    case 'past':
      return t.past();
    case 'noTime':
      return t.noTime();
    case 'neverDue':
      return t.neverDue();
    case 'invalid':
      return problem.message;
  }
};

const callErrorText = (error: CallError, refused: (message: string) => string, failed: string) => (error.kind === 'server' ? refused(error.message) : failed);

export function SchedulesPanel({ panel: ref, defaultRecipient = null }: SchedulesPanelProps) {
  const { LL } = useI18nContext();
  const t = LL.schedules;
  const editing = useSelector(ref, (s) => s.hasTag('editing'));
  return (
    <div className={panelBox} data-testid="schedules-panel">
      <div className={headRow}>
        <h3 className={heading}>{t.title()}</h3>
        {editing ? null : (
          <Button size="sm" onClick={() => ref.send({ type: 'user.create', recipient: defaultRecipient })} data-testid="schedules-create">
            {t.create()}
          </Button>
        )}
      </div>
      {editing ? <ScheduleForm panel={ref} /> : <ScheduleList panel={ref} />}
      <ConfirmDialog panel={ref} />
    </div>
  );
}

function ScheduleList({ panel: ref }: { panel: SchedulesActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.schedules;
  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const failed = useSelector(ref, (s) => s.hasTag('loadFailed'));
  const empty = useSelector(ref, (s) => s.hasTag('empty'));
  const items = useSelector(ref, (s) => s.context.items);
  const page = useSelector(ref, (s) => s.context.page);
  const total = useSelector(ref, (s) => s.context.total);
  const actionError = useSelector(ref, (s) => s.context.actionError);

  return (
    <section aria-label={t.list()} aria-busy={loading}>
      <p className={help}>{t.lead()}</p>
      {loading && items.length === 0 ? (
        <p className={stateBox} role="status" data-testid="schedules-loading">
          {t.loading()}
        </p>
      ) : null}
      {failed ? (
        <div className={stateBox} role="alert" data-testid="schedules-failed">
          <span>{t.loadFailed()}</span>
          <Button size="sm" variant="outline" onClick={() => ref.send({ type: 'user.reload' })} data-testid="schedules-retry">
            {t.retry()}
          </Button>
        </div>
      ) : null}
      {empty ? (
        <p className={stateBox} data-testid="schedules-empty">
          {t.empty()}
        </p>
      ) : null}
      {actionError ? (
        <InlineAlert status="error" title={callErrorText(actionError, (message) => t.actionRefused({ message }), t.actionFailed())} data-testid="schedules-action-error" />
      ) : null}
      {items.length > 0 && !failed && !empty ? (
        <ul className={list} data-testid="schedules-list">
          {items.map((item) => (
            <ScheduleCard key={item.id} panel={ref} item={item} />
          ))}
        </ul>
      ) : null}
      {total > SCHEDULES_PAGE_SIZE && !empty ? (
        <Pagination
          count={total}
          pageSize={SCHEDULES_PAGE_SIZE}
          page={page}
          onPageChange={(p) => ref.send({ type: 'user.page', page: p })}
          labels={{ root: t.pages(), prev: t.previous(), next: t.nextPage(), page: (n) => t.pageN({ page: n }) }}
          data-testid="schedules-pages"
        />
      ) : null}
    </section>
  );
}

function ScheduleCard({ panel: ref, item }: { panel: SchedulesActorRef; item: Schedule }) {
  const { LL, locale } = useI18nContext();
  const t = LL.schedules;
  const allowed = rowActionsOf(item);
  const time = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: item.timeZone }).format(ms);
  const when = item.nextRunTime !== null ? t.next({ time: time(item.nextRunTime) }) : t.startsAt({ time: time(item.startTime) });
  return (
    <li className={card} data-testid={`schedule-${item.id}`}>
      <div className={cardHead}>
        <UserText className={cardTitle} text={item.title} />
        <span className={cx(badge, badgeTone[item.status])} data-testid={`schedule-status-${item.id}`}>
          {t.status[item.status]()}
        </span>
      </div>
      <p className={line}>
        {t.to()}{' '}
        {item.recipients.map((r, i) => (
          <span key={r.chatWhatsappId}>
            {i > 0 ? ', ' : null}
            <UserText {...sensitive} text={recipientName(r)} />
          </span>
        ))}
      </p>
      <p className={messageText}>
        <UserText text={item.message} />
      </p>
      <p className={line} data-testid={`schedule-when-${item.id}`}>
        {t.recurrence[item.recurrence]()} · {when}
        {item.runCount > 0 ? ` · ${t.runs({ count: item.runCount })}` : ''}
      </p>
      {item.waitReason === 'chatPageClosed' ? (
        <p className={note} data-testid={`schedule-wait-${item.id}`}>
          {t.waiting.chatPageClosed()}
        </p>
      ) : null}
      {item.lastError !== null ? (
        <p className={failure} data-testid={`schedule-error-${item.id}`}>
          <UserSentence sentence={(error) => t.lastError({ error })} text={item.lastError} />
        </p>
      ) : null}
      <div className={actions} role="group" aria-label={visibleText(t.actionsFor({ title: item.title }))}>
        {allowed.edit ? (
          <Button size="xs" variant="outline" onClick={() => ref.send({ type: 'user.edit', schedule: item })} data-testid={`schedule-edit-${item.id}`}>
            {t.actions.edit()}
          </Button>
        ) : null}
        {allowed.retry ? (
          <Button size="xs" variant="outline" onClick={() => ref.send({ type: 'user.retrySchedule', id: item.id, title: item.title })} data-testid={`schedule-retry-${item.id}`}>
            {t.actions.retry()}
          </Button>
        ) : null}
        <Button size="xs" variant="outline" onClick={() => ref.send({ type: 'user.delete', id: item.id, title: item.title })} data-testid={`schedule-delete-${item.id}`}>
          {t.actions.delete()}
        </Button>
      </div>
    </li>
  );
}

function ConfirmDialog({ panel: ref }: { panel: SchedulesActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.schedules.confirm;
  const confirming = useSelector(ref, (s) => s.hasTag('confirm'));
  const acting = useSelector(ref, (s) => s.hasTag('acting'));
  const pending = useSelector(ref, (s) => s.context.pending);
  const open = (confirming || acting) && pending !== null;
  const isDelete = pending?.kind === 'delete';
  return (
    <ModalDialog
      open={open}
      role="alertdialog"
      onClose={() => ref.send({ type: 'user.cancel' })}
      title={pending ? <UserSentence sentence={(title) => (isDelete ? t.deleteTitle({ title }) : t.retryTitle({ title }))} text={pending.title} /> : null}
      description={isDelete ? t.deleteBody() : t.retryBody()}
      footer={
        <>
          <Button variant="outline" disabled={acting} onClick={() => ref.send({ type: 'user.cancel' })} data-testid="schedules-confirm-cancel">
            {t.cancel()}
          </Button>
          <Button loading={acting} onClick={() => ref.send({ type: 'user.confirm' })} data-testid="schedules-confirm-ok">
            {t.ok()}
          </Button>
        </>
      }
      data-testid="schedules-confirm"
    />
  );
}

/**
 * The schedule form of a schedules flow (here while its editor is open; also the analytics
 * screen's follow-up dialog). `onCancel`: what Cancel does when the form's owner closes it itself
 * (the dialog's flow), instead of discarding the draft in the schedules flow.
 */
export function ScheduleForm({ panel: ref, onCancel }: { panel: SchedulesActorRef; onCancel?: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.schedules.form;
  const draft = useSelector(ref, (s) => s.context.draft);
  const errors = useSelector(ref, (s) => s.context.fieldErrors);
  const saveError = useSelector(ref, (s) => s.context.saveError);
  const chats = useSelector(ref, (s) => s.context.chats);
  const chatsLoading = useSelector(ref, (s) => s.hasTag('chatsLoading'));
  const chatsFailed = useSelector(ref, (s) => s.hasTag('chatsFailed'));
  const validating = useSelector(ref, (s) => s.hasTag('validating'));
  const saving = useSelector(ref, (s) => s.hasTag('saving'));
  const id = useId();
  if (!draft) return null;
  const busy = validating || saving;
  const chosen = new Set(draft.recipients.map((r) => r.chatWhatsappId));
  const options = chats.filter((c) => !chosen.has(c.chatWhatsappId)).map((c) => ({ value: c.chatWhatsappId, label: visibleText(recipientName(c)) }));
  const errorOf = (field: DraftField) => fieldErrorText(LL, field, errors[field]);
  const recipientsError = errorOf('recipients');

  return (
    <form
      className={form}
      noValidate
      aria-labelledby="schedule-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        ref.send({ type: 'user.save' });
      }}
      data-testid="schedule-form"
    >
      <h4 id="schedule-form-title" className={fieldLabel}>
        {draft.id ? t.editTitle() : t.newTitle()}
      </h4>

      <fieldset className={form} aria-describedby={recipientsError ? `${id}-recipients-error` : undefined}>
        <legend className={fieldLabel}>{t.recipients()}</legend>
        {draft.recipients.length === 0 ? <p className={help}>{t.noRecipients()}</p> : null}
        <ul className={chips} data-testid="schedule-recipients">
          {draft.recipients.map((r) => (
            <li key={r.chatWhatsappId} className={chip} data-testid={`schedule-recipient-${r.chatWhatsappId}`}>
              <UserText className={chipName} text={recipientName(r)} {...sensitive} />
              <Button
                size="xs"
                variant="ghost"
                className={chipRemove}
                aria-label={visibleText(t.removeRecipient({ name: recipientName(r) }))}
                onClick={() => ref.send({ type: 'user.removeRecipient', chatWhatsappId: r.chatWhatsappId })}
                data-testid={`schedule-recipient-remove-${r.chatWhatsappId}`}
              >
                <svg viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M18 6 6 18M6 6l12 12" />
                </svg>
              </Button>
            </li>
          ))}
        </ul>
        {chatsFailed ? (
          <div className={help} role="alert" data-testid="schedule-chats-failed">
            <span>{t.chatsFailed()} </span>
            <Button size="xs" variant="outline" onClick={() => ref.send({ type: 'user.retryChats' })} data-testid="schedule-chats-retry">
              {LL.schedules.retry()}
            </Button>
          </div>
        ) : chatsLoading ? (
          <p className={help} role="status" data-testid="schedule-chats-loading">
            {t.chatsLoading()}
          </p>
        ) : (
          <SimpleSelect
            label={t.addRecipient()}
            options={options}
            value=""
            placeholder={t.addRecipientPlaceholder()}
            disabled={busy || options.length === 0}
            size="sm"
            onValueChange={(value) => {
              const chat = chats.find((c) => c.chatWhatsappId === value);
              if (chat) ref.send({ type: 'user.addRecipient', recipient: chat });
            }}
            data-testid="schedule-add-recipient"
          />
        )}
        {recipientsError ? (
          <p id={`${id}-recipients-error`} className={error} data-testid="schedule-recipients-error">
            {recipientsError}
          </p>
        ) : null}
      </fieldset>

      <TextField
        label={t.title()}
        required
        value={draft.title}
        readOnly={busy}
        errorText={errorOf('title')}
        errorTestId="schedule-title-error"
        onChange={(e) => ref.send({ type: 'user.change', patch: { title: e.currentTarget.value } })}
        data-testid="schedule-title"
      />
      <FieldFrame label={t.message()} required readOnly={busy} errorText={errorOf('message')} errorTestId="schedule-message-error">
        {(describedBy) => (
          <FieldTextarea
            className={cx(textarea({ size: 'md' }))}
            rows={4}
            value={draft.message}
            aria-describedby={describedBy}
            onChange={(e) => ref.send({ type: 'user.change', patch: { message: e.currentTarget.value } })}
            data-testid="schedule-message"
          />
        )}
      </FieldFrame>
      <DateField
        label={t.when()}
        withTime
        value={draft.when}
        readOnly={busy}
        onValueChange={(when) => ref.send({ type: 'user.change', patch: { when } })}
        texts={dateFieldTexts(LL)}
        errorText={errorOf('when')}
        errorTestId="schedule-when-error"
        data-testid="schedule-when"
      />
      <p className={help} data-testid="schedule-zone">
        {t.timeZone({ zone: draft.timeZone })}
      </p>
      <SimpleSelect
        label={t.recurrence()}
        options={recurrences.map((r) => ({ value: r, label: LL.schedules.recurrence[r]() }))}
        value={draft.recurrence}
        disabled={busy}
        onValueChange={(value) => {
          const recurrence = recurrences.find((r) => r === value);
          if (recurrence) ref.send({ type: 'user.change', patch: { recurrence } });
        }}
        data-testid="schedule-recurrence"
      />
      {errorOf('recurrence') ? (
        <p className={error} data-testid="schedule-recurrence-error">
          {errorOf('recurrence')}
        </p>
      ) : null}
      {saveError ? (
        <InlineAlert status="error" title={callErrorText(saveError, (message) => t.refused({ message }), t.failed())} data-testid="schedule-form-error" />
      ) : null}
      <div className={actions}>
        <Button variant="outline" onClick={onCancel ?? (() => ref.send({ type: 'user.discard' }))} data-testid="schedule-cancel">
          {t.cancel()}
        </Button>
        <Button type="submit" loading={busy} loadingText={validating ? t.checking() : t.saving()} data-testid="schedule-save">
          {t.save()}
        </Button>
      </div>
    </form>
  );
}

const dateFieldTexts = (LL: TranslationFunctions) => {
  const d = LL.schedules.dateField;
  return {
    open: d.open(),
    prev: d.prev(),
    next: d.next(),
    prevYear: d.prevYear(),
    nextYear: d.nextYear(),
    prevDecade: d.prevDecade(),
    nextDecade: d.nextDecade(),
    time: d.time(),
    timePlaceholder: d.timePlaceholder(),
  };
};
