import { messages } from '@portal/shared/messages';
import { IMAGE_MAX_PIXELS, PROFILE_IMAGE_MAX_BYTES } from '@portal/shared/constants/profile';
import { readImageFile } from '@/lib/image-file';
import { toSquareJpeg } from './square-photo';

export type PreparedPhoto = { ok: true; file: File } | { ok: false; message: string };

/**
 * The spec's photo rules, then the square 400 × 400 JPEG that is sent: JPG, JPEG or PNG by name and by
 * content ('Please select a valid image.'). The 1 MB limit ('Image size must be less than 1 MB') applies
 * to what is uploaded: a 5 MB camera photo is welcome and leaves the phone as a few tens of KB
 * (docs/decisions/0008-photo-size.md).
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const info = await readImageFile(file, { dimensions: true });
  if (!info) return { ok: false, message: messages.imageInvalid };
  if (info.width !== null && info.height !== null && info.width * info.height > IMAGE_MAX_PIXELS) {
    return { ok: false, message: messages.imageTooManyPixels };
  }
  let square: File;
  try {
    square = await toSquareJpeg(file);
  } catch {
    return { ok: false, message: messages.imageInvalid };
  }
  if (square.size > PROFILE_IMAGE_MAX_BYTES) return { ok: false, message: messages.imageTooLarge };
  return { ok: true, file: square };
}
