import type { ComponentProps } from 'react';
import { css, cx } from '../../../styled-system/css';
import { styled } from '../../../styled-system/jsx';
import { text } from '../../../styled-system/recipes';

/** Park UI text recipe as a heading (variant 'heading'). Use `as` for the level: <Heading as="h1" size="2xl">. */
export const Heading = styled('h2', text, { defaultProps: { variant: 'heading', size: 'xl' } });
export type HeadingProps = ComponentProps<typeof Heading>;

const TextBase = styled('p', text, { defaultProps: { size: 'sm' } });
const mutedText = css({ color: 'fg.muted' });

export type TextProps = ComponentProps<typeof TextBase> & {
  /** Secondary text in the muted foreground colour. */
  muted?: boolean;
};

/**
 * Park UI text recipe as body text. Panda runs with `jsxStyleProps: 'minimal'` (style props would
 * ship the list of every CSS property to the browser), so colour comes from `muted` or a className.
 */
export function Text({ muted = false, className, ...props }: TextProps) {
  return <TextBase className={cx(muted && mutedText, className)} {...props} />;
}
