import { useState } from 'react';
import { COMMON_REJECT_REASONS } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';

const OTHER = 'other';

/** Pick one of the common reasons or type one: the student reads it, so one is required. */
export function RejectDialog(props: {
  pending: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const tm = useMessageText();
  const [choice, setChoice] = useState<string>('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const reason = (choice === OTHER ? typed : choice).trim();
    if (!reason) {
      setError(messages.reviewReasonRequired);
      return;
    }
    props.onReject(reason);
  }

  return (
    <Dialog title={t('review.rejectDialog.title')} onClose={props.onClose}>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="stack">
          <legend>{t('review.rejectDialog.reason')}</legend>
          {[...COMMON_REJECT_REASONS, OTHER].map((reason, index) => (
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
              {reason === OTHER ? t('review.rejectDialog.other') : reason}
            </label>
          ))}
        </fieldset>
        {choice === OTHER ? (
          <label className="field">
            <span className="field__label">{t('review.rejectDialog.reason')}</span>
            <textarea
              className="field__control"
              rows={3}
              maxLength={500}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </label>
        ) : null}
        {error ? (
          <p className="field__error" role="alert">
            {tm(error)}
          </p>
        ) : null}
        <Button type="submit" variant="danger" loading={props.pending}>
          {t('review.rejectDialog.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
