/**
 * Pieces the integration centre's screens share: a call's failure as the person reads it, times
 * in the page's language, and the feature-limit dialog's words for a feature (SPEC §2, §9 webhook feature types).
 */
import { css } from '../../../../styled-system/css';
import type { WebhookFeature } from '../../../contract/integrations';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { CallError } from '../../../machines/answer';
import type { FeatureLimitTexts } from '../../components/feature-limit-dialog';

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
