import type { ComponentProps } from 'react';
import { styled } from '../../../styled-system/jsx';
import { text } from '../../../styled-system/recipes';

/** Park UI text recipe as a heading (variant 'heading'). Use `as` for the level: <Heading as="h1" size="2xl">. */
export const Heading = styled('h2', text, { defaultProps: { variant: 'heading', size: 'xl' } });
export type HeadingProps = ComponentProps<typeof Heading>;

/** Park UI text recipe as body text. */
export const Text = styled('p', text, { defaultProps: { size: 'sm' } });
export type TextProps = ComponentProps<typeof Text>;
