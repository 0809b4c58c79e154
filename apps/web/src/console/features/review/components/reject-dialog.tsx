import { useState } from 'react';
import {
  REJECT_REASON_CODES,
  REJECT_REASON_TEXTS,
  type RejectReasonCode,
} from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { FieldError } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { DialogForm } from '@/console/components/dialog-form';
import { TextAreaField } from '@/console/components/text-area-field';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';

const OTHER = 'other';
const choices: (RejectReasonCode | typeof OTHER)[] = [...REJECT_REASON_CODES, OTHER];

/** What a rejection sends: a picked reason (the student reads it in their language), own words, or both. */
export interface Rejection {
  reasonCode?: RejectReasonCode;
  reason?: string;
}

/**
 * Pick one of the reasons, or another typed in full; own words may be added to a picked one (decision
 * 0044). The student reads it, so one is required.
 */
export function RejectDialog(props: {
  pending: boolean;
  onReject: (rejection: Rejection) => void;
  onClose: () => void;
}) {
  const t = useT();
  const tm = useMessageText();
  const [choice, setChoice] = useState<RejectReasonCode | typeof OTHER | ''>('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const words = typed.trim();
    if (!choice || (choice === OTHER && !words)) {
      setError(messages.reviewReasonRequired);
      return;
    }
    props.onReject({
      ...(choice === OTHER ? {} : { reasonCode: choice }),
      ...(words ? { reason: words } : {}),
    });
  }

  return (
    <DialogForm title={t('review.rejectDialog.title')} onClose={props.onClose} onSubmit={submit}>
      <fieldset className="stack">
        <legend>{t('review.rejectDialog.reason')}</legend>
        {choices.map((reason, index) => (
          <label key={reason} className="console-choice">
            <input
              type="radio"
              name="reason"
              value={reason}
              checked={choice === reason}
              data-autofocus={index === 0 || undefined}
              onChange={() => {
                setChoice(reason);
                setError(null);
              }}
            />{' '}
            {reason === OTHER ? t('review.rejectDialog.other') : tm(REJECT_REASON_TEXTS[reason], reason)}
          </label>
        ))}
      </fieldset>
      {choice ? (
        <TextAreaField
          label={choice === OTHER ? t('review.rejectDialog.reason') : t('review.rejectDialog.note')}
          rows={3}
          maxLength={500}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      ) : null}
      <FieldError>{error ? tm(error) : null}</FieldError>
      <Button type="submit" variant="danger" loading={props.pending}>
        {t('review.rejectDialog.submit')}
      </Button>
    </DialogForm>
  );
}
