import { ark } from '@ark-ui/react/factory';
import type { ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { createStyleContext } from '../../../styled-system/jsx';
import { alert } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(alert);

/** Park UI alert recipe parts. */
export const AlertRoot = withProvider(ark.div, 'root');
export const AlertContent = withContext(ark.div, 'content');
export const AlertTitle = withContext(ark.h5, 'title');
export const AlertDescription = withContext(ark.div, 'description');
export const AlertIcon = withContext(ark.svg, 'icon');

const tone = {
  error: css({ borderColor: 'border.error', '& .alert__title, & .alert__icon': { color: 'fg.error' } }),
  success: css({ borderColor: 'colorPalette.default', '& .alert__icon': { color: 'colorPalette.default' } }),
  info: css({}),
};

export interface InlineAlertProps {
  /** 'error' is announced assertively (role=alert); 'success' and 'info' politely (role=status). */
  status: 'error' | 'success' | 'info';
  title: ReactNode;
  description?: ReactNode;
  'data-testid'?: string;
  className?: string;
}

/** Inline message under a form (server errors, success notes). */
export function InlineAlert({ status, title, description, className, ...rest }: InlineAlertProps) {
  return (
    <AlertRoot
      role={status === 'error' ? 'alert' : 'status'}
      data-status={status}
      className={cx(tone[status], className)}
      data-testid={rest['data-testid']}
    >
      <AlertIcon viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="12" r="10" />
        {status === 'success' ? <path d="m8 12 3 3 5-6" /> : <path d="M12 7v6M12 17h.01" />}
      </AlertIcon>
      <AlertContent>
        <AlertTitle>{title}</AlertTitle>
        {description ? <AlertDescription>{description}</AlertDescription> : null}
      </AlertContent>
    </AlertRoot>
  );
}
