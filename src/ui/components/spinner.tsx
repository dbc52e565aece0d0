/**
 * A small turning ring in the current text colour, for a wait inside a control or a sentence (the
 * Sync button, the guidance's installation check). Decorative: the words beside it say what is
 * happening. Still for people who ask for reduced motion.
 */
import { css, cx } from '../../../styled-system/css';

const ring = css({
  display: 'inline-block',
  width: '3.5',
  height: '3.5',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'currentColor',
  borderInlineEndColor: 'transparent',
  animation: 'spin 0.9s linear infinite',
  _motionReduce: { animation: 'none' },
});

export function Spinner({ className }: { className?: string }) {
  return <span className={cx(ring, className)} aria-hidden="true" />;
}
