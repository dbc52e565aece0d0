/**
 * The kit's on / off switch: a button with role switch (keyboard operable as a button), its
 * accessible name `label`, the visible words `text`; the track and thumb follow the writing
 * direction (logical properties). Used by the tag types, the template statuses and the
 * integration centre.
 */
import { css, cx } from '../../../styled-system/css';

const switchButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  cursor: 'pointer',
  textStyle: 'sm',
  color: 'fg.default',
  textAlign: 'start',
  _disabled: { cursor: 'not-allowed', opacity: '0.6' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px', borderRadius: 'l2' },
});
const noWrapStyle = css({ whiteSpace: 'nowrap' });
const track = css({
  position: 'relative',
  display: 'inline-block',
  flexShrink: '0',
  inlineSize: '9',
  blockSize: '5',
  borderRadius: 'full',
  bg: 'bg.emphasized',
  transition: 'background 0.15s',
  '[aria-checked=true] > &': { bg: 'colorPalette.default' },
});
const thumb = css({
  position: 'absolute',
  insetBlockStart: '0.5',
  insetInlineStart: '0.5',
  inlineSize: '4',
  blockSize: '4',
  borderRadius: 'full',
  bg: 'white',
  transition: 'inset-inline-start 0.15s',
  '[aria-checked=true] > span > &': { insetInlineStart: '4.5' },
});

export type SwitchProps = {
  checked: boolean;
  label: string;
  text: string;
  disabled: boolean;
  onToggle: () => void;
  testId: string;
  /** Keep the words on one line (a table cell). */
  noWrap?: boolean;
};

export function Switch({ checked, label, text, disabled, onToggle, testId, noWrap = false }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={cx(switchButton, noWrap && noWrapStyle)}
      disabled={disabled}
      onClick={onToggle}
      data-testid={testId}
    >
      <span className={track}>
        <span className={thumb} />
      </span>
      {text}
    </button>
  );
}
