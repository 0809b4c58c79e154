import type { ComponentProps, ReactNode } from 'react';
import { Field } from './field-messages';
import './field.css';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** A spec message in English (a form check, a server's field error): shown in the page's language. */
  error?: string | undefined;
  /** Shown under the input, announced, and linked with aria-describedby. */
  hint?: ReactNode;
  /** Marks the input invalid when its message is shown elsewhere (e.g. one message for a whole form). */
  invalid?: boolean;
  /** Ids of other elements that describe the input. */
  describedBy?: string | undefined;
}

export function TextField({
  label,
  error,
  hint,
  invalid = false,
  describedBy,
  className,
  ref,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      invalid={invalid}
      describedBy={describedBy}
      className={className}
      control={(control) => <input ref={ref} {...control} {...inputProps} />}
    />
  );
}
