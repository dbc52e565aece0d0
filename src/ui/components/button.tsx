import { ark } from '@ark-ui/react/factory';
import type { ComponentProps, ReactNode } from 'react';
import { styled } from '../../../styled-system/jsx';
import { button } from '../../../styled-system/recipes';

const StyledButton = styled(ark.button, button);

export type ButtonProps = ComponentProps<typeof StyledButton> & {
  /** While true the button is disabled and marked `aria-busy` (no spinner; see SPEC §2). */
  loading?: boolean;
  /** Label shown while loading (default: the children). */
  loadingText?: ReactNode;
};

/**
 * Park UI button recipe on Ark's `ark.button`.
 * Props: `variant` ('solid' | 'outline' | 'ghost' | 'link' | 'subtle'), `size` ('xs'..'2xl'),
 * `loading`, `loadingText`, every `<button>` attribute and Panda style props. Defaults to `type="button"`.
 */
export function Button({ type = 'button', loading = false, loadingText, disabled, children, ...props }: ButtonProps) {
  return (
    <StyledButton
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      {...props}
    >
      {loading && loadingText !== undefined ? loadingText : children}
    </StyledButton>
  );
}
