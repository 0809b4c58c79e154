import type { ComponentProps, ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import { useMessageText } from '@/lib/i18n';
import { FieldMessages, useFieldIds } from './field-messages';
import './field.css';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown under the input, announced, and linked with aria-describedby. */
  /** A spec message in English (a form check, a server's field error): shown in the page's language. */
  error?: string | undefined;
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
  const tm = useMessageText();
  const ids = useFieldIds(hint, error, describedBy);

  return (
    <div className={cx('field', className)}>
      <label className="field__label" htmlFor={ids.id}>
        {label}
      </label>
      <input
        id={ids.id}
        ref={ref}
        className="field__control"
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={ids.describedBy}
        {...inputProps}
      />
      <FieldMessages ids={ids} hint={hint} error={error ? tm(error) : null} />
    </div>
  );
}
