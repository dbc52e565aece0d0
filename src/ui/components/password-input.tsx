// A native show/hide button rather than Ark's PasswordInput: the sign-in page is the first page
// every user loads, and the Ark part brings zag's machine runtime (~6.5 KB gzipped) for one toggle.
// The button is a real tab stop (Ark's is not), and says its state with aria-pressed.
import { useState, type ComponentProps, type ReactNode, type Ref } from 'react';
import { css } from '../../../styled-system/css';
import { FieldFrame, FieldInput } from './field';

const control = css({ position: 'relative', width: 'full' });
const inputExtra = css({ pe: '10' });
const trigger = css({
  position: 'absolute',
  insetInlineEnd: '1',
  top: '50%',
  transform: 'translateY(-50%)',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '8',
  height: '8',
  borderRadius: 'l2',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { color: 'fg.default', bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '1px' },
  _disabled: { cursor: 'not-allowed', opacity: 0.5 },
  '& svg': { width: '4', height: '4' },
});

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M10.7 5.1A10.8 10.8 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-2.2 3.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="m2 2 20 20" />
    </svg>
  );
}

export interface PasswordFieldProps
  extends Omit<ComponentProps<'input'>, 'ref' | 'children' | 'type' | 'autoComplete'> {
  label: ReactNode;
  errorText?: ReactNode;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  errorTestId?: string;
  /** 'current-password' (sign-in) or 'new-password' (sign-up, reset, change). */
  autoComplete?: 'current-password' | 'new-password';
  /** Accessible name of the show/hide button for the current visibility. */
  visibilityLabel: (visible: boolean) => string;
}

/** Password field: Ark Field with a show/hide toggle, keyboard reachable, RTL-safe. */
export function PasswordField({
  label,
  errorText,
  helperText,
  inputRef,
  errorTestId,
  autoComplete = 'current-password',
  visibilityLabel,
  required,
  disabled,
  className,
  ...inputProps
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame {...{ label, errorText, helperText, errorTestId, required, disabled, className }}>
      {(describedBy, inputId) => (
        <div className={control}>
          <FieldInput
            ref={inputRef}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            autoCapitalize="off"
            spellCheck={false}
            aria-describedby={describedBy}
            className={inputExtra}
            {...inputProps}
          />
          <button
            type="button"
            className={trigger}
            aria-controls={inputId}
            aria-pressed={visible}
            aria-label={visibilityLabel(visible)}
            data-state={visible ? 'visible' : 'hidden'}
            disabled={disabled}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeIcon /> : <EyeOffIcon />}
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
