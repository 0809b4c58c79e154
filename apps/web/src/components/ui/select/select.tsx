import { useId, type ComponentProps } from 'react';
import { cx } from '@/lib/class-names';
import { useMessageText } from '@/lib/i18n';
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
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = cx(hint ? hintId : null, error ? errorId : null) || undefined;

  return (
    <div className={cx('field', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {tm(error)}
        </p>
      ) : null}
    </div>
  );
}
