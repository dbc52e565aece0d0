/**
 * What the invite-link screen's parts share: styles, and the words of a field's message or a
 * refused call (the flows hold keys: src/machines/invite-link-notices.ts).
 */
import { css } from '../../../../styled-system/css';
import { Code } from '../../../contract/codes';
import { MAX_LINKS, MIN_GROUP_LINKS } from '../../../contract/share-links';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { CallError } from '../../../machines/answer';
import type { LinkFieldError } from '../../../machines/invite-link-notices';

export const muted = css({ color: 'fg.muted', textStyle: 'sm' });
export const errorLine = css({ color: 'fg.error', textStyle: 'sm' });
export const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
/** A URL: read left to right whatever the page's direction, broken anywhere rather than widening a phone's page. */
export const urlText = css({ overflowWrap: 'anywhere', fontFamily: 'mono', textStyle: 'sm', minInlineSize: '0' });

/** A field's message (the contract's rule, or the server's own words) in the language on screen. */
export const fieldErrorText = (LL: TranslationFunctions, error: LinkFieldError | undefined): string | undefined => {
  if (!error) return undefined;
  const e = LL.inviteLinks.errors;
  switch (error.key) {
    case 'server':
      return e.refused({ message: error.message });
    case 'tooLong':
      return e.tooLong({ max: error.max });
    case 'minGroupLinks':
      return e.minGroupLinks({ min: MIN_GROUP_LINKS });
    case 'maxLinks':
      return e.maxLinks({ max: MAX_LINKS });
    default:
      return e[error.key]();
  }
};

/** A refused or failed call, in the language on screen (the server's words after "Request failed:"). */
export const refusalText = (LL: TranslationFunctions, error: CallError): string => {
  const e = LL.inviteLinks.errors;
  if (error.kind === 'network' || error.code === Code.FORBIDDEN || error.message === '') return e.requestFailed();
  return e.refused({ message: error.message });
};
