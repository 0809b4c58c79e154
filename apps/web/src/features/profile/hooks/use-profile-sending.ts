import type { ProfileFields } from '@portal/shared/schemas/profile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { storeStudent } from '@/lib/student-info';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import type { useProfilePhoto } from '@/features/profile/hooks/use-profile-photo';
import { isProfileField } from '@/features/profile/utils/profile-values';

export type ProfilePhoto = ReturnType<typeof useProfilePhoto>;

interface ProfileSendingOptions {
  studentId: string;
  isEditing: boolean;
  photo: ProfilePhoto;
  /** Brings the student to the photo when it stops the submit. */
  focusPhoto: () => void;
  setError: UseFormSetError<ProfileFields>;
}

/**
 * Sending the profile form: the captcha each attempt spends, the upload's progress, and the server's
 * refusals shown on their fields. A success stores the student and goes on to /doc-upload.
 */
export function useProfileSending({
  studentId,
  isEditing,
  photo,
  focusPhoto,
  setError,
}: ProfileSendingOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [progress, setProgress] = useState(0);

  function send(fields: ProfileFields) {
    if (photo.blocksSubmit()) {
      focusPhoto();
      return;
    }
    if (!captcha) return;
    setProgress(0);
    update.mutate(
      { studentId, fields, isEditing, image: photo.file, captcha, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          void storeStudent(queryClient, answer.data).then(() => navigate('/doc-upload'));
        },
        onError: (error) => {
          // A captcha solution is spent by the attempt: another one is needed for the next.
          setCaptcha(null);
          setCaptchaRound((round) => round + 1);
          showRefusal(error, setError, photo.refuse);
        },
      },
    );
  }

  return {
    send,
    captcha,
    /** Changes with each failed attempt: a new captcha is solved for the next. */
    captchaRound,
    onSolved: setCaptcha,
    progress,
    sending: update.isPending,
    failure: update.isError ? update.error : null,
  };
}

/** The server's refusal shown on the fields it names, and on the photo (also a refused size or type). */
function showRefusal(
  error: Error,
  setError: UseFormSetError<ProfileFields>,
  refusePhoto: (message: string) => void,
) {
  if (!(error instanceof ApiError)) return;
  Object.entries(error.errors).forEach(([field, message]) => {
    if (isProfileField(field)) setError(field, { message }, { shouldFocus: true });
  });
  const photoMessage =
    error.errors.image ?? (error.status === 413 || error.status === 415 ? error.message : null);
  if (photoMessage) refusePhoto(photoMessage);
}
