import { messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useId } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useT } from '@/features/profile/i18n';
import { useFailureMessage } from '@/lib/use-failure-message';
import { CaptchaCheck } from './captcha-check';

interface ProfileSubmitProps {
  student: SessionStudent;
  isEditing: boolean;
  /** A field was changed: the captcha shows (spec section 4). */
  changed: boolean;
  /** A new number mounts a fresh captcha after a failed attempt. */
  captchaRound: number;
  captcha: string | null;
  onSolved: (payload: string) => void;
  sending: boolean;
  /** The upload's progress, 0 to 1. */
  progress: number;
  failure: unknown;
  preparingPhoto: boolean;
}

/** The end of the profile form: captcha, upload progress, the failure, Update documents and Update. */
export function ProfileSubmit({
  student,
  isEditing,
  changed,
  captchaRound,
  captcha,
  onSolved,
  sending,
  progress,
  failure,
  preparingPhoto,
}: ProfileSubmitProps) {
  const t = useT();
  const failureText = useFailureMessage();
  const hintId = useId();
  return (
    <>
      {changed ? <CaptchaCheck key={captchaRound} onSolved={onSolved} /> : null}

      {sending ? <ProgressBar label={t('submit.uploading')} value={progress} /> : null}
      {failure ? (
        <Alert tone="error">
          {failureText(failure, {
            network: messages.profileUpdateFailure,
            fallback: messages.profileUpdateFailure,
          })}
        </Alert>
      ) : null}

      <div className="profile-form__actions">
        {isEditing ? (
          <Link
            to="/doc-upload"
            state={{ isEditing: true, studentDocuments: student.documents }}
            className="button button--secondary"
          >
            {t('submit.updateDocuments')}
          </Link>
        ) : null}
        <Button
          type="submit"
          disabled={!captcha}
          loading={sending || preparingPhoto}
          aria-describedby={captcha ? undefined : hintId}
        >
          {t('submit.update')}
        </Button>
      </div>
      {captcha ? null : (
        <p id={hintId} className="profile-form__hint">
          {changed ? t('submit.hintCheck') : t('submit.hintChange')}
        </p>
      )}
    </>
  );
}
