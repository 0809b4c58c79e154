import type { ComponentProps } from 'react';
import { cx } from '@/lib/class-names';
import { useMessageText } from '@/lib/i18n';
import { FieldMessages, useFieldIds } from '@/components/ui/text-field/field-messages';
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
  const tm = useMessageText();
  const ids = useFieldIds(hint, error);

  return (
    <div className={cx('field', className)}>
      <label className="field__label" htmlFor={ids.id}>
        {label}
      </label>
      <select
        id={ids.id}
        ref={ref}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages ids={ids} hint={hint} error={error ? tm(error) : null} />
    </div>
  );
}
