/**
 * /template-center/quick-reply (SPEC §2; §3 Quick reply: title, message, attachments; §5; §6 admins
 * only; §7 Files; §8 quick reply added, edited, deleted or failed): the team's quick replies and the
 * add / edit dialog: the title, the message with variable buttons and a preview filled with sample
 * values, and the attachments (images, videos, documents) picked with a file input; a file of a
 * wrong type or size is refused with the contract's words before any upload, each accepted one
 * uploads with its progress and can be removed; Save waits while a file uploads (SPEC §5). Driven
 * by the quick-replies flow (its children: the storage token, the dialog, and the dialog's
 * uploads). Text a person wrote is shown inert (UserText).
 *
 * Test ids: quick-replies-page, quick-replies-add, quick-replies-table, quick-reply-row-<title>,
 * quick-reply-edit-<id>, quick-reply-delete-<id>; the dialog quick-reply-dialog (-save, -cancel,
 * -error), quick-reply-title, quick-reply-message, quick-reply-var-<key>, quick-reply-preview,
 * quick-reply-files (the file input), quick-reply-pick, quick-reply-attachment (data-state),
 * quick-reply-attachment-remove-<index>, quick-reply-refused, quick-reply-<field>-error;
 * quick-reply-confirm-delete, confirm-ok, confirm-cancel.
 */
import { FieldTextarea } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { textarea } from '../../../../styled-system/recipes';
import { allowedFileTypes, formatFileSize } from '../../../contract/storage';
import { MAX_ATTACHMENTS, type QuickReply } from '../../../contract/templates';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { QuickRepliesActorRef } from '../../../machines/quick-replies.machine';
import { isUploading, type AttachmentItem, type QuickReplyFormActorRef } from '../../../machines/quick-reply-form.machine';
import { useFlow } from '../../app-actors';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FieldFrame, TextField } from '../../components/field';
import { FileProgress } from '../../components/file-progress';
import { Heading, Text } from '../../components/heading';
import { UserSentence, UserText } from '../../components/user-text';
import { visibleText } from '../../components/visible-text';
import { formatDateTime } from './format';
import { TemplateCenterFrame } from './template-center-nav';
import {
  actionsRow,
  rowActions,
  cellText,
  clamp2,
  ConfirmDialog,
  errorLine,
  fieldErrorText,
  fieldset,
  FormDialog,
  insertAt,
  legend,
  muted,
  noWrap,
  refusalText,
  sectionHead,
  VariableButtons,
  VariablePreview,
} from './template-parts';

/** What the file input offers: every allowed type (the contract's list); the flow checks again. */
const ACCEPT = Object.values(allowedFileTypes).flat().join(',');

const fileList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  listStyle: 'none',
  p: '0',
  m: '0',
});
const fileRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  p: '2',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  minInlineSize: '0',
});
const fileMain = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  flex: '1',
  minInlineSize: '0',
  textStyle: 'sm',
});
const fileName = css({ overflowWrap: 'anywhere', fontWeight: 'medium' });
const hiddenInput = css({ srOnly: true });

export function QuickRepliesScreen() {
  const ref = useFlow('quickReplies');
  return ref ? <QuickRepliesView flow={ref} /> : null;
}

function QuickRepliesView({ flow: ref }: { flow: QuickRepliesActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.templates;
  const q = t.quickReplies;
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const failed = useSelector(ref, (s) => s.hasTag('loadFailed'));
  const confirmDelete = useSelector(ref, (s) => s.hasTag('confirmDelete'));
  const items = useSelector(ref, (s) => s.context.items);
  const target = useSelector(ref, (s) => s.context.target);
  const tokenReady = useSelector(ref, (s) => s.context.token !== null);
  const tokenFailed = useSelector(ref, (s) => s.context.tokenFailed);
  const form = useSelector(ref, (s) => s.children.quickReplyForm as QuickReplyFormActorRef | undefined);

  const columns = useMemo<DataTableColumn<QuickReply>[]>(
    () => [
      {
        id: 'title',
        header: q.columns.title(),
        cell: (r) => <UserText className={cellText} text={r.title} />,
      },
      {
        id: 'message',
        header: q.columns.message(),
        cell: (r) => <UserText className={clamp2} text={r.message} />,
      },
      {
        id: 'attachments',
        header: q.columns.attachments(),
        align: 'end',
        cell: (r) => <bdi>{r.attachments.length}</bdi>,
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
              disabled={busy}
              aria-label={q.editOf({ name: visibleText(r.title) })}
              onClick={() => ref.send({ type: 'user.edit', reply: r })}
              data-testid={`quick-reply-edit-${r.id}`}
            >
              {t.edit()}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              aria-label={q.deleteOf({ name: visibleText(r.title) })}
              onClick={() => ref.send({ type: 'user.delete', reply: r })}
              data-testid={`quick-reply-delete-${r.id}`}
            >
              {t.delete()}
            </Button>
          </div>
        ),
      },
    ],
    [q, t, ref, busy, locale],
  );

  return (
    <TemplateCenterFrame testId="quick-replies-page" busy={busy}>
      <div className={sectionHead}>
        <div>
          <Heading as="h2" size="lg">
            {q.title()}
          </Heading>
          <Text muted>{q.lead()}</Text>
        </div>
        <Button onClick={() => ref.send({ type: 'user.add' })} disabled={loading || failed} data-testid="quick-replies-add">
          {q.add()}
        </Button>
      </div>
      <DataTable
        label={q.title()}
        columns={columns}
        data={items}
        getRowId={(r) => r.id}
        rowTestId={(r) => `quick-reply-row-${r.title}`}
        status={failed ? 'error' : loading && items.length === 0 ? 'loading' : 'ready'}
        onRetry={() => ref.send({ type: 'user.retry' })}
        texts={{
          empty: q.empty(),
          loading: q.loading(),
          error: q.loadFailed(),
          retry: t.retry(),
        }}
        data-testid="quick-replies-table"
      />
      {form ? <QuickReplyForm flow={form} tokenReady={tokenReady} tokenFailed={tokenFailed} /> : null}
      <ConfirmDialog
        open={confirmDelete}
        busy={busy}
        title={target ? <UserSentence sentence={(name) => q.confirmDelete.title({ name })} text={target.title} /> : ''}
        body={<p>{q.confirmDelete.body()}</p>}
        ok={q.confirmDelete.ok()}
        onCancel={() => ref.send({ type: 'user.cancel' })}
        onConfirm={() => ref.send({ type: 'user.confirm' })}
        testId="quick-reply-confirm-delete"
      />
    </TemplateCenterFrame>
  );
}

function QuickReplyForm({ flow: ref, tokenReady, tokenFailed }: { flow: QuickReplyFormActorRef; tokenReady: boolean; tokenFailed: boolean }) {
  const { LL } = useI18nContext();
  const t = LL.templates;
  const f = t.quickReplies.form;
  const open = useSelector(ref, (s) => s.status === 'active');
  const saving = useSelector(ref, (s) => s.hasTag('saving'));
  const id = useSelector(ref, (s) => s.context.id);
  const title = useSelector(ref, (s) => s.context.title);
  const message = useSelector(ref, (s) => s.context.message);
  const items = useSelector(ref, (s) => s.context.items);
  const refused = useSelector(ref, (s) => s.context.refused);
  const errors = useSelector(ref, (s) => s.context.errors);
  const formError = useSelector(ref, (s) => s.context.formError);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploading = isUploading(items);
  const attachmentsError = fieldErrorText(LL, errors.attachments);

  return (
    <FormDialog
      open={open}
      title={id === null ? f.addTitle() : f.editTitle()}
      testId="quick-reply-dialog"
      saving={saving}
      onCancel={() => ref.send({ type: 'user.cancel' })}
      onSubmit={() => ref.send({ type: 'user.submit' })}
      formError={formError ? refusalText(LL, formError) : undefined}
    >
      <TextField
        label={f.title()}
        name="title"
        required
        value={title}
        placeholder={f.titlePlaceholder()}
        readOnly={saving}
        errorText={fieldErrorText(LL, errors.title)}
        errorTestId="quick-reply-title-error"
        onChange={(e) =>
          ref.send({
            type: 'user.change',
            patch: { title: e.currentTarget.value },
          })
        }
        dir="auto"
        data-testid="quick-reply-title"
      />
      <FieldFrame label={f.message()} required readOnly={saving} errorText={fieldErrorText(LL, errors.message)} errorTestId="quick-reply-message-error">
        {(describedBy) => (
          <FieldTextarea
            ref={messageRef}
            className={cx(textarea({ size: 'md' }))}
            name="message"
            rows={5}
            value={message}
            placeholder={f.messagePlaceholder({ token: '{firstName}' })}
            aria-describedby={describedBy}
            onChange={(e) =>
              ref.send({
                type: 'user.change',
                patch: { message: e.currentTarget.value },
              })
            }
            dir="auto"
            data-testid="quick-reply-message"
          />
        )}
      </FieldFrame>
      <VariableButtons
        disabled={saving}
        testId="quick-reply-var"
        onInsert={(token) => {
          const next = insertAt(messageRef.current, message, token);
          ref.send({ type: 'user.change', patch: { message: next.text } });
          requestAnimationFrame(() => {
            messageRef.current?.focus();
            messageRef.current?.setSelectionRange(next.caret, next.caret);
          });
        }}
      />
      <VariablePreview text={message} testId="quick-reply-preview" />

      <fieldset className={fieldset}>
        <legend className={legend}>{f.attachments()}</legend>
        <p className={muted}>{f.attachmentsHint()}</p>
        {items.length === 0 ? <p className={muted}>{f.noAttachments()}</p> : null}
        {items.length > 0 ? (
          <ul className={fileList}>
            {items.map((item, index) => (
              <AttachmentRow
                key={item.key}
                item={item}
                index={index}
                disabled={saving}
                onRemove={() => ref.send({ type: 'user.removeAttachment', key: item.key })}
              />
            ))}
          </ul>
        ) : null}
        {refused.length > 0 ? (
          <ul className={fileList} role="alert" data-testid="quick-reply-refused">
            {refused.map((r, i) => (
              <li key={i} className={errorLine}>
                <UserText text={r.name} />: {r.reason === 'tooManyAttachments' ? t.errors.tooManyAttachments({ max: MAX_ATTACHMENTS }) : t.errors[r.reason]()}
              </li>
            ))}
          </ul>
        ) : null}
        <div className={actionsRow}>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPT}
            className={hiddenInput}
            tabIndex={-1}
            aria-hidden="true"
            disabled={saving || !tokenReady}
            onChange={(e) => {
              const files = Array.from(e.currentTarget.files ?? []);
              // The same file may be picked again after a removal.
              e.currentTarget.value = '';
              if (files.length > 0) ref.send({ type: 'user.addFiles', files });
            }}
            data-testid="quick-reply-files"
          />
          <Button variant="outline" disabled={saving || !tokenReady} onClick={() => fileInput.current?.click()} data-testid="quick-reply-pick">
            {f.pick()}
          </Button>
          {!tokenReady ? <span className={tokenFailed ? errorLine : muted}>{tokenFailed ? f.tokenFailed() : f.preparing()}</span> : null}
        </div>
        {attachmentsError ? (
          <p className={errorLine} role="alert" data-testid="quick-reply-attachments-error">
            {attachmentsError}
          </p>
        ) : uploading ? (
          <p className={muted}>{f.waitForUploads()}</p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}

/** One attachment: stored, or its upload (progress, why it stopped, retry), with its remove button. */
function AttachmentRow({ item, index, disabled, onRemove }: { item: AttachmentItem; index: number; disabled: boolean; onRemove: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.templates;
  const f = t.quickReplies.form;
  const removeLabel = item.ref ? f.cancelUpload({ name: visibleText(item.name) }) : f.removeAttachment({ name: visibleText(item.name) });
  return (
    <li className={fileRow} data-testid="quick-reply-attachment" data-state={item.state}>
      <div className={fileMain}>
        {item.ref ? (
          <FileProgress
            flow={item.ref}
            retry={{
              label: t.retry(),
              onClick: () => item.ref?.send({ type: 'user.retry' }),
            }}
            errorText={(error) =>
              error.kind === 'size'
                ? t.errors.invalidSize()
                : error.kind === 'type'
                  ? t.errors.unsupportedType()
                  : error.kind === 'server' && error.message
                    ? t.errors.refused({ message: error.message })
                    : f.uploadFailed()
            }
          />
        ) : (
          <>
            <UserText className={fileName} text={item.name} />
            <span className={item.state === 'failed' ? errorLine : muted}>
              <bdi>{formatFileSize(item.size)}</bdi> · {item.state === 'failed' ? f.uploadFailed() : f.uploaded()}
            </span>
          </>
        )}
      </div>
      <Button
        size="sm"
        variant="ghost"
        disabled={disabled}
        aria-label={removeLabel}
        title={removeLabel}
        onClick={onRemove}
        data-testid={`quick-reply-attachment-remove-${index}`}
      >
        <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </Button>
    </li>
  );
}
