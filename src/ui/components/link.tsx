import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { css, cx } from '../../../styled-system/css';
import { link } from '../../../styled-system/recipes';

const accent = css({ color: 'colorPalette.text', _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px', borderRadius: 'l1' } });

export type LinkProps = ComponentProps<typeof RouterLink>;

/** A react-router link (`to`, `replace`, `state` ...) with Park UI's link recipe in the accent colour. */
export function Link({ className, ...props }: LinkProps) {
  return <RouterLink className={cx(link(), accent, className)} {...props} />;
}

export type ExternalLinkProps = ComponentProps<'a'>;

/** Plain anchor for addresses outside the app, same look. */
export function ExternalLink({ className, ...props }: ExternalLinkProps) {
  return <a className={cx(link(), accent, className)} {...props} />;
}
