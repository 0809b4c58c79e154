import { useId, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import { useMessageText } from '@/lib/i18n';

export interface FieldIds {
  /** The control's id, for its label's `htmlFor`. */
  id: string;
  hintId: string;
  errorId: string;
  /** The control's `aria-describedby`: its hint, its message and whatever else describes it. */
  describedBy: string | undefined;
}

/** The ids that tie a form control to its label, its hint and its message. */
export function useFieldIds(hint: unknown, error: unknown, describedBy?: string): FieldIds {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return {
    id,
    hintId,
    errorId,
    describedBy: cx(hint ? hintId : null, error ? errorId : null, describedBy) || undefined,
  };
}

/** A control's message, announced when it appears; nothing while there is none. */
export function FieldError({ id, children }: { id?: string | undefined; children: ReactNode }) {
  return children ? (
    <p id={id} className="field__error" role="alert">
      {children}
    </p>
  ) : null;
}

/** A control's hint and message, under it; the message is announced when it appears. */
export function FieldMessages({ ids, hint, error }: { ids: FieldIds; hint?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </>
  );
}

/** What a field gives its control: the id its label names, its class, and its state and descriptions. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** Shown under the control, announced, and linked with aria-describedby. */
  hint?: ReactNode;
  /**
   * A spec message in English (a form check, a server's field error): shown in the page's language. A sentence
   * already in that language is shown as it is.
   */
  error?: string | null | undefined;
  /** Marks the control invalid when its message is shown elsewhere (e.g. one message for a whole form). */
  invalid?: boolean | undefined;
  /** Ids of other elements that describe the control. */
  describedBy?: string | undefined;
  className?: string | undefined;
  /** Draws the control (an input, a select, a textarea) with the attributes that tie it to the field. */
  control: (props: ControlProps) => ReactNode;
}

/**
 * A form control with its label above it and its hint and message under it: the one shape of TextField, Select
 * and the console's TextAreaField.
 */
export function Field({ label, hint, error, invalid, describedBy, className, control }: FieldProps) {
  const tm = useMessageText();
  const ids = useFieldIds(hint, error, describedBy);
  return (
    <div className={cx('field', className)}>
      <label className="field__label" htmlFor={ids.id}>
        {label}
      </label>
      {control({
        id: ids.id,
        className: 'field__control',
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': ids.describedBy,
      })}
      <FieldMessages ids={ids} hint={hint} error={error ? tm(error) : null} />
    </div>
  );
}
