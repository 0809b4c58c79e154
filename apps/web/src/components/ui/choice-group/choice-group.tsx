import type { ComponentProps, ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import { useMessageText } from '@/lib/i18n';
import { FieldError, useFieldIds } from '@/components/ui/text-field/field-messages';
import './choice-group.css';

interface ChoiceGroupProps {
  legend: string;
  /** Shown under the legend, describing the group (why a choice is missing, say). */
  hint?: ReactNode;
  /**
   * Shown under the choices, announced, and describing the group: a spec message in English, shown in the
   * page's language, as a field's is.
   */
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * A group of radio buttons with its legend, a hint and its one message (platform, attendance, cancel reason,
 * gender).
 */
export function ChoiceGroup({ legend, hint, error, className, children }: ChoiceGroupProps) {
  const tm = useMessageText();
  const ids = useFieldIds(hint, error);
  return (
    <fieldset
      className={cx('choice-group', className)}
      aria-describedby={ids.describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p id={ids.hintId} className="choice-group__hint">
          {hint}
        </p>
      ) : null}
      <div className="choice-group__options">{children}</div>
      <FieldError id={ids.errorId}>{error ? tm(error) : null}</FieldError>
    </fieldset>
  );
}

interface ChoiceProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
}

export function Choice({ label, className, ...inputProps }: ChoiceProps) {
  return (
    <label className={cx('choice', className)}>
      <input type="radio" {...inputProps} />
      <span>{label}</span>
    </label>
  );
}
