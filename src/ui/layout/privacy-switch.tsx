/**
 * The header's privacy switch (SPEC §2 assistant tools, privacy tool): a toggle button that blurs
 * names, phone numbers and message text on every screen, for sharing the screen. The switch is the
 * app-wide 'privacy' actor (src/machines/privacy.machine.ts), one per browser and remembered
 * across reloads; this view only shows its state and sends `user.toggle`.
 *
 * A toggle button (`aria-pressed`) named "Privacy mode", with an eye (off) or a struck eye (on)
 * and a tooltip saying what the state means. Test id: privacy-switch.
 */
import { useSelector } from '@xstate/react';
import { css } from '../../../styled-system/css';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAppActors } from '../app-actors';

const button = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: '0',
  width: '9',
  height: '9',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'transparent',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '1px' },
  '&[aria-pressed=true]': { bg: 'colorPalette.subtle.bg', color: 'colorPalette.default', borderColor: 'colorPalette.default' },
});

const icon = { viewBox: '0 0 24 24', width: 18, height: 18, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function EyeIcon() {
  return (
    <svg {...icon} aria-hidden="true" data-icon="eye">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg {...icon} aria-hidden="true" data-icon="eye-off">
      <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.7 17.7 0 0 1-2.6 3.6M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="m3 3 18 18" />
    </svg>
  );
}

export function PrivacySwitch() {
  const { LL } = useI18nContext();
  const { privacy } = useAppActors();
  const on = useSelector(privacy, (s) => s.hasTag('on'));
  const t = LL.layout.privacy;
  return (
    <button
      type="button"
      className={button}
      aria-pressed={on}
      aria-label={t.label()}
      title={on ? t.on() : t.off()}
      onClick={() => privacy.send({ type: 'user.toggle' })}
      data-testid="privacy-switch"
    >
      {on ? <EyeOffIcon /> : <EyeIcon />}
    </button>
  );
}
