import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useId, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { createStyleContext } from '../../../styled-system/jsx';
import { dialog } from '../../../styled-system/recipes';
import { InlineAlert } from './alert';
import { Button } from './button';

const { withRootProvider, withContext } = createStyleContext(dialog);

/** Ark Dialog parts with Park UI's dialog recipe. Open it from machine state: `open` + `onOpenChange`. */
export const DialogRoot = withRootProvider(Dialog.Root, { defaultProps: { lazyMount: true, unmountOnExit: true } });
export const DialogTrigger = withContext(Dialog.Trigger, 'trigger');
export const DialogBackdrop = withContext(Dialog.Backdrop, 'backdrop');
export const DialogPositioner = withContext(Dialog.Positioner, 'positioner');
export const DialogContent = withContext(Dialog.Content, 'content');
export const DialogTitle = withContext(Dialog.Title, 'title');
export const DialogDescription = withContext(Dialog.Description, 'description');
export const DialogCloseTrigger = withContext(Dialog.CloseTrigger, 'closeTrigger');

const body = css({ display: 'flex', flexDirection: 'column', gap: '4', p: '6', maxW: 'lg', width: 'calc(100vw - 2rem)' });
const header = css({ display: 'flex', flexDirection: 'column', gap: '1', pe: '8' });
const footer = css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' });
const close = css({
  position: 'absolute',
  top: '3',
  insetInlineEnd: '3',
  width: '8',
  height: '8',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'l2',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
});

export interface ModalDialogProps {
  /** Controlled by the owning machine's state. */
  open: boolean;
  /** Called when the user dismisses (Escape, backdrop, close button). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row, aligned to the inline end. */
  footer?: ReactNode;
  /**
   * The word "Close" in the page's language (`LL.common.close()`); the button is left out when not
   * given. The button's accessible name is this word followed by the dialog's own title ("Close
   * Columns", "Close Ann Lee"), composed here, so no dialog can borrow another dialog's name.
   */
  closeLabel?: string;
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  'data-testid'?: string;
}

/** A ready modal: portal, backdrop, focus trap, Escape to close, title/description wired by Ark. */
export function ModalDialog({ open, onClose, title, description, children, footer: actions, closeLabel, role, ...rest }: ModalDialogProps) {
  const id = useId();
  const titleId = `${id}title`;
  const closeWordId = `${id}close`;
  return (
    <DialogRoot
      open={open}
      role={role}
      ids={{ title: titleId }}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <DialogBackdrop />
        <DialogPositioner>
          <DialogContent className={body} data-testid={rest['data-testid']}>
            <div className={header}>
              <DialogTitle>{title}</DialogTitle>
              {description ? <DialogDescription>{description}</DialogDescription> : null}
            </div>
            {children}
            {actions ? <div className={footer}>{actions}</div> : null}
            {closeLabel ? (
              <DialogCloseTrigger aria-labelledby={`${closeWordId} ${titleId}`} className={close}>
                <span id={closeWordId} hidden>
                  {closeLabel}
                </span>
                <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M18 6 6 18M6 6l12 12" />
                </svg>
              </DialogCloseTrigger>
            ) : null}
          </DialogContent>
        </DialogPositioner>
      </Portal>
    </DialogRoot>
  );
}

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** Cancel, Escape, the backdrop and the close button. */
  onCancel: () => void;
  /** The form's submit (Save, or Enter in a field): the owning machine validates and saves. */
  onSubmit: () => void;
  saving: boolean;
  /** The dialog's words in the page's language. */
  texts: { cancel: string; save: string; saving: string; close: string };
  saveDisabled?: boolean;
  /** A refusal shown under the form (`${testId}-error`). */
  formError?: string | undefined;
  /** The form's layout (fields in a column by default). */
  formClassName?: string;
  'data-testid': string;
  /** Default `${testId}-save` and `${testId}-cancel`. */
  saveTestId?: string;
  cancelTestId?: string;
  children: ReactNode;
}

const formColumn = css({ display: 'flex', flexDirection: 'column', gap: '4' });

/** A dialog holding a form that submits to its machine, with Cancel and Save. */
export function FormDialog({ open, title, onCancel, onSubmit, saving, texts, saveDisabled = false, formError, formClassName, children, ...ids }: FormDialogProps) {
  const formId = useId();
  const testId = ids['data-testid'];
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      title={title}
      closeLabel={texts.close}
      data-testid={testId}
      footer={
        <>
          <Button variant="outline" disabled={saving} onClick={onCancel} data-testid={ids.cancelTestId ?? `${testId}-cancel`}>
            {texts.cancel}
          </Button>
          <Button type="submit" form={formId} loading={saving} loadingText={texts.saving} disabled={saveDisabled} data-testid={ids.saveTestId ?? `${testId}-save`}>
            {texts.save}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className={formClassName ?? formColumn}
        aria-busy={saving}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
      {formError ? <InlineAlert status="error" title={formError} data-testid={`${testId}-error`} /> : null}
    </ModalDialog>
  );
}
