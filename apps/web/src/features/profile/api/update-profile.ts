import { useMutation } from '@tanstack/react-query';
import type { ProfileFields } from '@portal/shared/schemas/profile';
import { studentAnswerSchema } from '@/lib/student-info';
import { upload } from '@/lib/upload';

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

/** POST /studentapi/updateprofile (multipart): the fields as JSON in `data`, the photo, the captcha. */
export function updateProfile({ studentId, fields, isEditing, image, captcha, onProgress }: ProfileUpdate) {
  // The JSON that profileUpdateDataSchema reads on the server.
  const data: ProfileFields & { isEditing: boolean } = { ...fields, isEditing };
  const form = new FormData();
  // The small parts first, so that the server can refuse a bad request before the file arrives.
  form.append('studentId', studentId);
  form.append('data', JSON.stringify(data));
  form.append('captcha', captcha);
  if (image) form.append('image', image, image.name);
  return upload('/studentapi/updateprofile', form, studentAnswerSchema, { onProgress });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
