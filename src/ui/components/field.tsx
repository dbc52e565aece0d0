// Named parts, not the `Field` namespace object: the namespace holds every part (the textarea with
// its auto-resize too), which would then load with the sign-in form.
import {
  FieldErrorText as ArkFieldErrorText,
  FieldHelperText as ArkFieldHelperText,
  FieldInput as ArkFieldInput,
  FieldLabel as ArkFieldLabel,
  FieldRoot as ArkFieldRoot,
} from '@ark-ui/react/field';
import { useId, type ComponentProps, type ReactNode, type Ref } from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { css, cx } from '../../../styled-system/css';
import { field, input } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(field);

/** Ark Field parts with Park UI's field recipe. Label, input and texts are tied by Ark (htmlFor, aria-describedby, aria-invalid). */
export const FieldRoot = withProvider(ArkFieldRoot, 'root');
export const FieldLabel = withContext(ArkFieldLabel, 'label');
export const FieldHelperText = withContext(ArkFieldHelperText, 'helperText');
export const FieldErrorText = withContext(ArkFieldErrorText, 'errorText');
const FieldInputBase = withContext(ArkFieldInput, 'input');

export type FieldInputProps = ComponentProps<typeof FieldInputBase>;

/** The input of a field, with Park UI's input recipe (size md). */
export function FieldInput({ className, ...props }: FieldInputProps) {
  return <FieldInputBase className={cx(input({ size: 'md' }), className)} {...props} />;
}

const requiredMark = css({ color: 'fg.error', ms: '1' });

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'ref' | 'children'> {
  /** Visible label, tied to the input. */
  label: ReactNode;
  /** Error text; when set the field is invalid (aria-invalid) and the text is announced. */
  errorText?: ReactNode;
  /** Hint under the input (hidden while an error shows). */
  helperText?: ReactNode;
  /** Ref to the input element (to focus the first invalid field). */
  inputRef?: Ref<HTMLInputElement>;
  /** data-testid of the error text. */
  errorTestId?: string;
}

/** What every labelled field frame takes (TextField, PasswordField). */
export interface FieldFrameProps {
  /** Visible label, tied to the input. */
  label: ReactNode;
  /** Error text; when set the field is invalid (aria-invalid) and the text is announced. */
  errorText?: ReactNode;
  /** Hint under the input (hidden while an error shows). */
  helperText?: ReactNode;
  /** data-testid of the error text. */
  errorTestId?: string;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
  className?: string | undefined;
  /** The input, given the id list for its aria-describedby and the input's own id (Ark ties the label to it). */
  children: (describedBy: string | undefined, inputId: string) => ReactNode;
}

/** Label (with the required mark), the input, and its helper or error text, wired with aria by Ark Field. */
export function FieldFrame({ label, errorText, helperText, errorTestId, required, disabled, readOnly, className, children }: FieldFrameProps) {
  const invalid = errorText !== undefined && errorText !== null && errorText !== '';
  const id = useId();
  const ids = { errorText: `${id}-error`, helperText: `${id}-helper` };
  // Ark Field gives its `id` to the input (and `ids.control` to the root element).
  const inputId = `${id}-input`;
  // Ark ties the error with aria-errormessage once it sees the element; aria-describedby is set at
  // once too, because screen readers announce it more widely.
  const describedBy = invalid ? ids.errorText : helperText ? ids.helperText : undefined;
  return (
    <FieldRoot id={inputId} ids={ids} invalid={invalid} required={required} disabled={disabled} readOnly={readOnly} className={className}>
      <FieldLabel>
        {label}
        {required ? <span aria-hidden="true" className={requiredMark}>*</span> : null}
      </FieldLabel>
      {children(describedBy, inputId)}
      {invalid ? (
        <FieldErrorText data-testid={errorTestId}>{errorText}</FieldErrorText>
      ) : helperText ? (
        <FieldHelperText>{helperText}</FieldHelperText>
      ) : null}
    </FieldRoot>
  );
}

/** Label + input + helper/error text, wired with aria by Ark Field. */
export function TextField({
  label,
  errorText,
  helperText,
  inputRef,
  errorTestId,
  required,
  disabled,
  readOnly,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <FieldFrame {...{ label, errorText, helperText, errorTestId, required, disabled, readOnly, className }}>
      {(describedBy) => <FieldInput ref={inputRef} aria-describedby={describedBy} {...inputProps} />}
    </FieldFrame>
  );
}
