import { useId, type ComponentProps, type ReactNode } from 'react';
import '@/components/ui/text-field/field.css';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled textarea with its hint and error, like the app's TextField (a console form's long text). */
export function TextAreaField({ label, error, hint, ref, rows = 6, ...props }: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        rows={rows}
        className="field__control console-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
