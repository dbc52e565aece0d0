import { css } from '../../../styled-system/css';

const root = css({
  position: 'fixed',
  top: '0',
  insetInline: '0',
  height: '3px',
  zIndex: 'toast',
  pointerEvents: 'none',
  transitionProperty: 'opacity',
  transitionDuration: 'normal',
  '&[data-active=false]': { opacity: 0 },
});
const track = css({ width: 'full', height: 'full', bg: 'transparent' });
const range = css({
  height: 'full',
  bg: 'colorPalette.default',
  width: '85%',
  transitionProperty: 'width',
  transitionDuration: '8s',
  transitionTimingFunction: 'cubic-bezier(0.1, 0.7, 0.3, 1)',
  _starting: { width: '0%' },
  _motionReduce: { transition: 'none' },
});

export interface ProgressBarProps {
  /** True while navigation (the login gate's `busy` tag) is under way. */
  active: boolean;
  /** Accessible name, e.g. t.common.loading(). */
  label: string;
}

/**
 * The thin navigation bar at the top of the page (SPEC §2: "a thin progress bar, no spinner").
 * Grows from the inline start (right in RTL); absent from the DOM when idle.
 *
 * A plain indeterminate ARIA progressbar rather than Ark's Progress: it has no value, no
 * interaction and no state, and it is on every page load, where Ark's progress machine cost the
 * login page ~2 KB gzipped.
 */
export function ProgressBar({ active, label }: ProgressBarProps) {
  if (!active) return null;
  return (
    <div className={root} data-active="true" data-testid="nav-progress">
      <div className={track} role="progressbar" aria-label={label} aria-busy="true">
        <div className={range} />
      </div>
    </div>
  );
}
