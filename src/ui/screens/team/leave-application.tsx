/**
 * Leaving by application on the members page (SPEC §4: "leaving requires applying to the
 * administrator"), rendered from the two child flows of the members screen's flow
 * (src/machines/leave-application.machine.ts), whose refs the view takes from its snapshot:
 *
 * - the member's side: `LeaveButton` (in the page's head) opens the dialog that says leaving is by
 *   application and that access stays until approved, with an optional reason;
 *   `LeaveApplicationStatus` shows the pending application with Withdraw, a declined one, the
 *   notices and a load error with its retry;
 * - the deciders' side: `LeaveReviewPanel` lists the pending applications with Approve (confirmed
 *   in a dialog: it removes the member) and Decline.
 *
 * Names, addresses and the member's reason are their own text (UserText) and marked sensitive.
 * Test ids: members-leave, leave-dialog, leave-note, leave-note-error, leave-apply, leave-cancel,
 * leave-error, leave-pending, leave-withdraw, leave-declined, leave-notice, leave-load-failed,
 * leave-retry; leave-review, leave-review-row-<email>, leave-approve-<email>, leave-decline-<email>,
 * leave-approve-dialog, leave-approve-ok, leave-approve-cancel, leave-review-notice,
 * leave-review-error, leave-review-retry.
 */
import { FieldErrorText, FieldHelperText, FieldLabel, FieldRoot, FieldTextarea } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { textarea } from '../../../../styled-system/recipes';
import { Code } from '../../../contract/codes';
import { LEAVE_NOTE_MAX } from '../../../contract/leave';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { LeaveApplicationActorRef, LeaveReviewActorRef } from '../../../machines/leave-application.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { Heading, Text } from '../../components/heading';
import { sensitive } from '../../components/sensitive';
import { UserSentence, UserText } from '../../components/user-text';
import { refusalText } from './usage-limit-dialog';

const row = css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' });
const item = css({
  display: 'flex',
  gap: '3',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  px: '4',
  py: '3',
});
const who = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });
const note = css({ fontSize: 'sm', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/** A date in unix seconds, in the reader's language. */
const useDate = () => {
  const { locale } = useI18nContext();
  return (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(seconds * 1000));
};

/** Leave, in the page's head: it opens the application dialog (hidden while an application is pending). */
export function LeaveButton({ flow }: { flow: LeaveApplicationActorRef | undefined }) {
  return flow ? <LeaveButtonView flow={flow} /> : null;
}

function LeaveButtonView({ flow }: { flow: LeaveApplicationActorRef }) {
  const { LL } = useI18nContext();
  const pending = useSelector(flow, (s) => s.hasTag('pending'));
  const ready = useSelector(flow, (s) => s.hasTag('mayApply'));
  if (pending) return null;
  return (
    <Button variant="outline" disabled={!ready} onClick={() => flow.send({ type: 'user.leave' })} data-testid="members-leave">
      {LL.team.leave()}
    </Button>
  );
}

/** The member's application: pending (with Withdraw), declined, the notices, and the dialog. */
export function LeaveApplicationStatus({ flow }: { flow: LeaveApplicationActorRef | undefined }) {
  return flow ? <ApplicationView flow={flow} /> : null;
}

function ApplicationView({ flow }: { flow: LeaveApplicationActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.team.leaveApplication;
  const date = useDate();
  const pending = useSelector(flow, (s) => s.hasTag('pending'));
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const failed = useSelector(flow, (s) => s.hasTag('loadFailed'));
  const confirming = useSelector(flow, (s) => s.hasTag('confirm'));
  const { application, note: noteText, noteTooLong, error, notice } = useSelector(flow, (s) => s.context);
  const errorText = error ? refusalText(LL, error) : null;
  return (
    <>
      {notice ? <InlineAlert status="success" title={notice === 'applied' ? t.applied() : t.withdrawn()} data-testid="leave-notice" /> : null}
      {pending && application ? (
        <div className={row} data-testid="leave-pending">
          <InlineAlert status="info" title={t.pending({ date: date(application.createdAt) })} />
          <Button variant="outline" loading={busy} onClick={() => flow.send({ type: 'user.withdraw' })} data-testid="leave-withdraw">
            {t.withdraw()}
          </Button>
        </div>
      ) : null}
      {!pending && application?.status === 'declined' ? (
        <InlineAlert status="info" title={t.declined({ date: date(application.createdAt) })} data-testid="leave-declined" />
      ) : null}
      {!confirming && errorText ? <InlineAlert status="error" title={errorText} data-testid="leave-error" /> : null}
      {failed ? (
        <div className={row}>
          <InlineAlert status="error" title={t.loadFailed()} data-testid="leave-load-failed" />
          <Button variant="outline" onClick={() => flow.send({ type: 'user.retry' })} data-testid="leave-retry">
            {LL.team.retry()}
          </Button>
        </div>
      ) : null}
      <ModalDialog
        open={confirming}
        onClose={() => flow.send({ type: 'user.cancel' })}
        title={LL.team.confirm.leaveTitle()}
        description={LL.team.confirm.leaveBody()}
        role="alertdialog"
        data-testid="leave-dialog"
        footer={
          <>
            <Button variant="outline" disabled={busy} onClick={() => flow.send({ type: 'user.cancel' })} data-testid="leave-cancel">
              {LL.team.confirm.cancel()}
            </Button>
            <Button loading={busy} onClick={() => flow.send({ type: 'user.confirm' })} data-testid="leave-apply">
              {t.apply()}
            </Button>
          </>
        }
      >
        <div className={stack}>
          <FieldRoot invalid={noteTooLong} disabled={busy}>
            <FieldLabel>{t.noteLabel()}</FieldLabel>
            <FieldTextarea
              className={cx(textarea({ size: 'md' }))}
              rows={3}
              maxLength={LEAVE_NOTE_MAX}
              value={noteText}
              onChange={(e) => flow.send({ type: 'user.note', note: e.target.value })}
              data-testid="leave-note"
            />
            {noteTooLong ? (
              <FieldErrorText data-testid="leave-note-error">{t.noteTooLong({ max: LEAVE_NOTE_MAX })}</FieldErrorText>
            ) : (
              <FieldHelperText>{t.noteHint({ max: LEAVE_NOTE_MAX })}</FieldHelperText>
            )}
          </FieldRoot>
          {confirming && errorText ? <InlineAlert status="error" title={errorText} data-testid="leave-error" /> : null}
        </div>
      </ModalDialog>
    </>
  );
}

/** The pending applications to leave, for the owner and managers (shown when there is something to show). */
export function LeaveReviewPanel({ flow }: { flow: LeaveReviewActorRef | undefined }) {
  return flow ? <ReviewView flow={flow} /> : null;
}

function ReviewView({ flow }: { flow: LeaveReviewActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.team.leaveReview;
  const date = useDate();
  const busy = useSelector(flow, (s) => s.hasTag('busy') || s.hasTag('loading'));
  const failed = useSelector(flow, (s) => s.hasTag('loadFailed'));
  const confirming = useSelector(flow, (s) => s.hasTag('confirm'));
  const { items, target, error, notice } = useSelector(flow, (s) => s.context);
  const titleId = useId();
  const errorText = error === null ? null : error.kind === 'server' && error.code === Code.NOT_FOUND ? t.gone() : refusalText(LL, error);
  if (items.length === 0 && !failed && !notice && !errorText) return null;
  return (
    <section className={stack} aria-labelledby={titleId} data-testid="leave-review">
      <div>
        <Heading as="h2" size="lg" id={titleId}>
          {t.title()}
        </Heading>
        <Text muted>{t.lead()}</Text>
      </div>
      {notice ? <InlineAlert status="success" title={notice === 'approved' ? t.approved() : t.declined()} data-testid="leave-review-notice" /> : null}
      {errorText ? <InlineAlert status="error" title={errorText} data-testid="leave-review-error" /> : null}
      {failed ? (
        <div className={row}>
          <InlineAlert status="error" title={t.loadFailed()} />
          <Button variant="outline" onClick={() => flow.send({ type: 'user.retry' })} data-testid="leave-review-retry">
            {LL.team.retry()}
          </Button>
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul className={list}>
          {items.map((a) => (
            <li key={a.id} className={item} data-testid={`leave-review-row-${a.email}`}>
              <div className={who}>
                <span>
                  {a.name ? (
                    <>
                      <UserText {...sensitive} text={a.name} /> ·{' '}
                    </>
                  ) : null}
                  <UserText {...sensitive} text={a.email} />
                </span>
                <span className={muted}>{t.applied({ date: date(a.createdAt) })}</span>
                {a.note ? <UserText {...sensitive} className={note} text={a.note} /> : <span className={muted}>{t.noNote()}</span>}
              </div>
              <div className={row}>
                <Button size="sm" disabled={busy} onClick={() => flow.send({ type: 'user.approve', id: a.id })} data-testid={`leave-approve-${a.email}`}>
                  {t.approve()}
                </Button>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => flow.send({ type: 'user.decline', id: a.id })} data-testid={`leave-decline-${a.email}`}>
                  {t.decline()}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ModalDialog
        open={confirming}
        onClose={() => flow.send({ type: 'user.cancel' })}
        title={target ? <UserSentence sentence={(email) => t.confirmTitle({ email })} text={target.email} /> : ''}
        description={t.confirmBody()}
        role="alertdialog"
        data-testid="leave-approve-dialog"
        footer={
          <>
            <Button variant="outline" onClick={() => flow.send({ type: 'user.cancel' })} data-testid="leave-approve-cancel">
              {LL.team.confirm.cancel()}
            </Button>
            <Button onClick={() => flow.send({ type: 'user.confirm' })} data-testid="leave-approve-ok">
              {t.approve()}
            </Button>
          </>
        }
      />
    </section>
  );
}
