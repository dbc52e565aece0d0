/**
 * Parts the template centre's screens share: the form dialog (fields scrolling between the title
 * and the buttons, so it fits a phone), the confirmation dialog, the status switch, the variable
 * buttons with their preview, and the texts of field messages and refusals (the flows hold keys).
 */
import type { ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { Code } from '../../../contract/codes';
import { fillVariables, VARIABLES, type VariableKey } from '../../../contract/variables';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { CallError } from '../../../machines/answer';
import type { FieldError } from '../../../machines/template-notices';
import { Button } from '../../components/button';
import { FormDialog as KitFormDialog, ModalDialog, type FormDialogProps } from '../../components/dialog';
import { Switch, type SwitchProps } from '../../components/switch';
import { UserText } from '../../components/user-text';

export const muted = css({ color: 'fg.muted', textStyle: 'sm' });
export const errorLine = css({ color: 'fg.error', textStyle: 'sm' });
export const actionsRow = css({
  display: 'flex',
  gap: '2',
  flexWrap: 'wrap',
  alignItems: 'center',
});
export const sectionHead = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: '4',
  flexWrap: 'wrap',
});
export const fieldset = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  border: 'none',
  p: '0',
  m: '0',
  minInlineSize: '0',
});
export const legend = css({ fontWeight: 'medium', textStyle: 'sm', mb: '1' });
export const grid2 = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: {
    base: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
  },
});
export const noWrap = css({ whiteSpace: 'nowrap' });
/** A user's text in a table cell: wraps between words (a long word breaks), within a readable width. */
export const cellText = css({
  display: 'block',
  overflowWrap: 'break-word',
  minInlineSize: '6rem',
  maxInlineSize: '20rem',
});
/** A row's buttons side by side (the table scrolls within itself on a phone). */
export const rowActions = css({
  display: 'flex',
  gap: '2',
  flexWrap: 'nowrap',
  alignItems: 'center',
});
export const clamp2 = css({
  lineClamp: '2',
  overflowWrap: 'break-word',
  minInlineSize: '10rem',
  maxInlineSize: '28rem',
});

const scroller = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  // Room for the focus rings of the fields at the edges.
  px: '1',
  py: '1',
  maxHeight: 'max(12rem, calc(100dvh - 14rem))',
});

/** A field's message (the contract's rule, or the server's refusal) in the language on screen. */
export const fieldErrorText = (LL: TranslationFunctions, error: FieldError | undefined | null): string | undefined => {
  if (!error) return undefined;
  const e = LL.templates.errors;
  if (error.key === 'server')
    return refusalText(LL, {
      kind: 'server',
      code: error.code,
      message: error.message,
    });
  switch (error.key) {
    case 'tooLong':
    case 'priorityRange':
    case 'tooManyTabs':
    case 'keywordTooLong':
    case 'tooManyKeywords':
    case 'intervalRange':
    case 'delayRange':
    case 'tooManyAttachments':
      return e[error.key]({ max: error.max ?? 0 });
    default:
      return e[error.key]();
  }
};

/** A refused or failed call, in the language on screen (the server's words after "Request failed:"). */
export const refusalText = (LL: TranslationFunctions, error: CallError): string => {
  const e = LL.templates.errors;
  if (error.kind === 'network') return e.requestFailed();
  if (error.code === Code.FORBIDDEN || error.code === Code.NOT_FOUND || error.message === '') return e.requestFailed();
  return e.refused({ message: error.message });
};

/** A dialog holding a form: the fields scroll between its title and its Cancel / Save buttons. */
export function FormDialog({
  testId,
  ...props
}: Omit<FormDialogProps, 'texts' | 'formClassName' | 'data-testid' | 'saveTestId' | 'cancelTestId'> & { testId: string }) {
  const { LL } = useI18nContext();
  const t = LL.templates;
  return <KitFormDialog {...props} data-testid={testId} formClassName={scroller} texts={{ cancel: t.cancel(), save: t.save(), saving: t.saving(), close: t.close() }} />;
}

/** A confirmation (delete, apply): an alert dialog with Cancel and the action. */
export function ConfirmDialog({
  open,
  title,
  body,
  ok,
  busy,
  onCancel,
  onConfirm,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  ok: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId: string;
}) {
  const { LL } = useI18nContext();
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      data-testid={testId}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={onCancel} data-testid="confirm-cancel">
            {LL.templates.cancel()}
          </Button>
          <Button loading={busy} onClick={onConfirm} data-testid="confirm-ok">
            {ok}
          </Button>
        </>
      }
    >
      {body}
    </ModalDialog>
  );
}

/** An on / off switch (role switch): active or paused; its words on one line in a table cell. */
export const StatusSwitch = (props: Omit<SwitchProps, 'noWrap'>) => <Switch {...props} noWrap />;

const variableRow = css({
  display: 'flex',
  gap: '2',
  flexWrap: 'wrap',
  alignItems: 'center',
});
const previewBox = css({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  p: '3',
  borderRadius: 'l2',
  bg: 'bg.subtle',
  textStyle: 'sm',
  minBlockSize: '10',
});

/** The variables' labels, in the language on screen. */
export const variableLabel = (LL: TranslationFunctions, key: VariableKey): string => LL.templates.variables[key]();

/** Inserts a variable's token at the caret of a text area (or at its end), returning the new text. */
export const insertAt = (area: HTMLTextAreaElement | null, text: string, token: string): { text: string; caret: number } => {
  const start = area?.selectionStart ?? text.length;
  const end = area?.selectionEnd ?? text.length;
  return {
    text: `${text.slice(0, start)}${token}${text.slice(end)}`,
    caret: start + token.length,
  };
};

/** The insert buttons of the variables (SPEC §3 dynamic variables), one per variable. */
export function VariableButtons({ onInsert, disabled, testId }: { onInsert: (token: string) => void; disabled: boolean; testId: string }) {
  const { LL } = useI18nContext();
  const v = LL.templates.variables;
  return (
    <div className={variableRow} role="group" aria-label={v.label()}>
      <span className={muted}>{v.label()}</span>
      {VARIABLES.map((variable) => (
        <Button
          key={variable.key}
          size="xs"
          variant="outline"
          disabled={disabled}
          aria-label={v.insertOf({ name: variableLabel(LL, variable.key) })}
          onClick={() => onInsert(variable.token)}
          data-testid={`${testId}-${variable.key}`}
        >
          {variableLabel(LL, variable.key)}
        </Button>
      ))}
    </div>
  );
}

/** The message with the variables filled in with sample values (the person's own words shown inert). */
export function VariablePreview({ text, testId }: { text: string; testId: string }) {
  const { LL } = useI18nContext();
  const v = LL.templates.variables;
  const filled = fillVariables(text, {
    firstName: v.sample.firstName(),
    savedName: v.sample.savedName(),
    groupName: v.sample.groupName(),
  });
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <span className={cx(legend, css({ mb: '0' }))}>
        {v.preview()} <span className={muted}>({v.previewHint()})</span>
      </span>
      <div className={previewBox} data-testid={testId}>
        <UserText text={filled} />
      </div>
    </div>
  );
}
