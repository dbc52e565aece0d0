import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { Toast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast';
import { css } from '../../../styled-system/css';
import { createStyleContext } from '../../../styled-system/jsx';
import { toast } from '../../../styled-system/recipes';
import { UserText } from './user-text';

const { withProvider, withContext } = createStyleContext(toast);

export const ToastRoot = withProvider(Toast.Root, 'root');
export const ToastTitle = withContext(Toast.Title, 'title');
export const ToastDescription = withContext(Toast.Description, 'description');
export const ToastActionTrigger = withContext(Toast.ActionTrigger, 'actionTrigger');
export const ToastCloseTrigger = withContext(Toast.CloseTrigger, 'closeTrigger');

/**
 * The app's one toaster. Services call it (through their notifier) with
 * `toaster.create({ title, type: 'error' | 'success' | 'info' | 'warning' })`.
 */
export const toaster = createToaster({ placement: 'top', overlap: true, gap: 16, max: 3, duration: 4000 });

/** Shows one message (plain text, or a translated text element), typed as the services' `notify(message)` expects. */
/**
 * Shows a toast. A string is the server's message, which may quote a name: it shows as user text
 * (isolated, its bidi controls as marks; docs/security.md "User text on screen").
 */
export function showToast(message: ReactNode, type: 'error' | 'success' | 'info' | 'warning' = 'error'): void {
  toaster.create({ title: typeof message === 'string' ? <UserText text={message} /> : message, type });
}

const root = css({
  '&[data-type=error]': { borderInlineStartWidth: '4px', borderInlineStartColor: 'fg.error' },
  '&[data-type=success]': { borderInlineStartWidth: '4px', borderInlineStartColor: 'colorPalette.default' },
});
const closeButton = css({
  right: 'auto!',
  insetInlineEnd: '3',
  width: '6',
  height: '6',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'l2',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
});
const withClose = css({ pe: '8' });

export interface ToasterProps {
  /** Accessible name of each toast's close button. */
  closeLabel: string;
}

/** Mount once near the root; renders the `toaster` singleton's toasts in a live region. */
export function Toaster({ closeLabel }: ToasterProps) {
  return (
    <Portal>
      <ArkToaster toaster={toaster}>
        {(item) => (
          <ToastRoot key={item.id} className={root} data-testid="toast">
            <div className={withClose}>
              {item.title ? <ToastTitle>{item.title}</ToastTitle> : null}
              {item.description ? <ToastDescription>{item.description}</ToastDescription> : null}
            </div>
            <ToastCloseTrigger aria-label={closeLabel} className={closeButton}>
              <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </ToastCloseTrigger>
          </ToastRoot>
        )}
      </ArkToaster>
    </Portal>
  );
}
