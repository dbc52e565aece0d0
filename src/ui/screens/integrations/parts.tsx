/**
 * Pieces the integration centre's screens share: the on/off switch (role switch, keyboard
 * operable as a button), a call's failure as the person reads it, times in the page's language,
 * and the feature-limit dialog's words for a feature (SPEC §2, §9 webhook feature types).
 */
import { css } from '../../../../styled-system/css';
import type { WebhookFeature } from '../../../contract/integrations';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { CallError } from '../../../machines/answer';
import type { FeatureLimitTexts } from '../../components/feature-limit-dialog';

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

/** An on / off switch: its accessible name is `label`, the visible words `text`. */
export function Switch({ checked, label, text, disabled, onToggle, testId }: { checked: boolean; label: string; text: string; disabled: boolean; onToggle: () => void; testId: string }) {
  return (
    <button type="button" role="switch" aria-checked={checked} aria-label={label} className={switchButton} disabled={disabled} onClick={onToggle} data-testid={testId}>
      <span className={track}>
        <span className={thumb} />
      </span>
      {text}
    </button>
  );
}

/** A failed call as the person reads it: the server's own message for a refusal that has one. */
export const callErrorText = (LL: TranslationFunctions, error: CallError): string =>
  error.kind === 'server' && error.message ? LL.integrations.crm.refused({ message: error.message }) : LL.integrations.crm.failed();

const formats = new Map<string, Intl.DateTimeFormat>();
/** A time (unix ms) in the page's language, date and time. */
export const formatTime = (ms: number, locale: string): string => {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(locale, format);
  }
  return format.format(new Date(ms));
};

/** The feature-limit dialog's words for a feature and plan (SPEC §2). */
export const featureLimitTexts = (LL: TranslationFunctions, feature: WebhookFeature, planName: string | null): FeatureLimitTexts => {
  const t = LL.integrations.featureLimit;
  const name = t.features[feature]();
  return {
    title: t.title({ feature: t.titles[feature]() }),
    body: planName ? t.body({ plan: planName, feature: name }) : t.bodyNoPlan({ feature: name }),
    upgrade: t.upgrade(),
    upgradeLater: t.upgradeLater(),
    contactAdmin: t.contactAdmin(),
    close: t.close(),
  };
};

export const pageStyle = css({ display: 'flex', flexDirection: 'column', gap: '6', p: { base: '4', md: '8' }, maxWidth: '6xl', minWidth: '0' });
export const mutedStyle = css({ color: 'fg.muted', textStyle: 'sm' });
export const rowStyle = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
