import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import './choice-group.css';

interface ChoiceGroupProps {
  legend: string;
  /** Shown under the legend, describing the group (why a choice is missing, say). */
  hint?: ReactNode;
  /** Shown under the choices, announced, and describing the group. */
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * A group of radio buttons with its legend, a hint and its one message (platform, attendance, cancel reason,
 * gender).
 */
export function ChoiceGroup({ legend, hint, error, className, children }: ChoiceGroupProps) {
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <fieldset
      className={cx('choice-group', className)}
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p id={hintId} className="choice-group__hint">
          {hint}
        </p>
      ) : null}
      <div className="choice-group__options">{children}</div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
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
