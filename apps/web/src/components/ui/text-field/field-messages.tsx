import { useId, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';

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

/** A control's hint and message, under it; the message is announced when it appears. */
export function FieldMessages({ ids, hint, error }: { ids: FieldIds; hint?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
