import { useMutation } from '@tanstack/react-query';
import { updateProfile as updateProfileCall } from '@portal/shared/calls/profile';
import type { ProfileFields } from '@portal/shared/schemas/profile';
import { uploadCall } from '@/lib/upload';

export interface ProfileUpdate {
  studentId: string;
  fields: ProfileFields;
  isEditing: boolean;
  /** The square JPEG made from the chosen photo; null when editing without a new photo. */
  image: File | null;
  /** The verified captcha payload; spent by this call whatever its outcome. */
  captcha: string;
  onProgress?: (fraction: number) => void;
}

/** The profile (multipart): the fields as JSON in `data`, the photo, the captcha. */
export function updateProfile({ studentId, fields, isEditing, image, captcha, onProgress }: ProfileUpdate) {
  // The JSON that profileUpdateDataSchema reads on the server.
  const data: ProfileFields & { isEditing: boolean } = { ...fields, isEditing };
  // The small parts first, so that the server can refuse a bad request before the file arrives.
  const form = { studentId, data: JSON.stringify(data), captcha, image: image ?? undefined };
  return uploadCall(updateProfileCall, { form }, { onProgress });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
