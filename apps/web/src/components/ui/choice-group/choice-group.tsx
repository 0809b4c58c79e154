import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import './choice-group.css';

interface ChoiceGroupProps {
  legend: string;
  /** Shown under the choices, announced, and describing the group. */
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

/** A group of radio buttons with its legend and its one message (platform, cancel reason, gender). */
export function ChoiceGroup({ legend, error, className, children }: ChoiceGroupProps) {
  const errorId = useId();
  return (
    <fieldset
      className={cx('choice-group', className)}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">{legend}</legend>
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
