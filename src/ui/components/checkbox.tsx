import { CheckboxControl, CheckboxHiddenInput, CheckboxIndicator, CheckboxLabel, CheckboxRoot } from '@ark-ui/react/checkbox';
import type { ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { checkbox } from '../../../styled-system/recipes';

export type CheckedState = boolean | 'indeterminate';

export interface CheckboxProps {
  checked: CheckedState;
  onCheckedChange: (checked: boolean) => void;
  /** Visible label; leave out and pass `aria-label` for a checkbox named by its context (a table row). */
  children?: ReactNode;
  'aria-label'?: string;
  disabled?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  'data-testid'?: string;
}

const hiddenLabel = css({ srOnly: true });

/**
 * Ark Checkbox parts (imported by name) with Park UI's checkbox recipe. The hidden native input
 * carries the role, the name and `indeterminate`, so assistive technology reads "mixed".
 */
export function Checkbox({ checked, onCheckedChange, children, disabled, size = 'sm', className, ...rest }: CheckboxProps) {
  const classes = checkbox({ size });
  return (
    <CheckboxRoot
      className={cx(classes.root, className)}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => onCheckedChange(details.checked === true)}
    >
      <CheckboxControl className={classes.control}>
        <CheckboxIndicator className={classes.indicator}>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
            <path d="M20 6 9 17l-5-5" />
          </svg>
        </CheckboxIndicator>
        <CheckboxIndicator className={classes.indicator} indeterminate>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
            <path d="M5 12h14" />
          </svg>
        </CheckboxIndicator>
      </CheckboxControl>
      {children ? <CheckboxLabel className={classes.label}>{children}</CheckboxLabel> : null}
      {!children && rest['aria-label'] ? <CheckboxLabel className={hiddenLabel}>{rest['aria-label']}</CheckboxLabel> : null}
      <CheckboxHiddenInput data-testid={rest['data-testid']} />
    </CheckboxRoot>
  );
}
