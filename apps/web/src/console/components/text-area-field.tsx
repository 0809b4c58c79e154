import type { ComponentProps, ReactNode } from 'react';
import { Field } from '@/components/ui/text-field/field-messages';
import '@/components/ui/text-field/field.css';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  /** A spec message in English (a form check, a server's field error): shown in the page's language. */
  error?: string | null | undefined;
  hint?: ReactNode;
}

/** A labelled textarea with its hint and error, like the app's TextField (a console form's long text). */
export function TextAreaField({ label, error, hint, ref, rows = 6, ...props }: TextAreaFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      control={(control) => (
        <textarea ref={ref} rows={rows} {...control} className="field__control console-textarea" {...props} />
      )}
    />
  );
}
