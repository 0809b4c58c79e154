import type { ComponentProps, ReactNode } from 'react';
import { FieldMessages, useFieldIds } from '@/components/ui/text-field/field-messages';
import '@/components/ui/text-field/field.css';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled textarea with its hint and error, like the app's TextField (a console form's long text). */
export function TextAreaField({ label, error, hint, ref, rows = 6, ...props }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <div className="field">
      <label className="field__label" htmlFor={ids.id}>
        {label}
      </label>
      <textarea
        id={ids.id}
        ref={ref}
        rows={rows}
        className="field__control console-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...props}
      />
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}
