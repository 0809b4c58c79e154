import type { ComponentProps } from 'react';
import { Field } from '@/components/ui/text-field/field-messages';
import '@/components/ui/text-field/field.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<ComponentProps<'select'>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** The first, empty choice (e.g. 'Please Select Province'). */
  placeholder?: string;
  /** A spec message in English (a form check, a server's field error): shown in the page's language. */
  error?: string | undefined;
  hint?: string;
}

export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  className,
  ref,
  ...selectProps
}: SelectProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(control) => (
        <select ref={ref} {...control} {...selectProps}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
