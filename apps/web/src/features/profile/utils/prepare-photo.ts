import { messages } from '@portal/shared/messages';
import { PROFILE_IMAGE_MAX_BYTES } from '@portal/shared/constants/profile';
import { readImageFile } from '../../../lib/image-file';
import { toSquareJpeg } from './square-photo';

/** Decoding more pixels than this could exhaust a phone's memory; the server refuses them too. */
const MAX_PIXELS = 50_000_000;

export type PreparedPhoto = { ok: true; file: File } | { ok: false; message: string };

/**
 * The spec's photo rules, then the square 400 × 400 JPEG that is sent: JPG, JPEG or PNG by name and by
 * content ('Please select a valid image .'), the chosen file at most 1 MB ('Image size must be less than
 * 1 MB').
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const info = await readImageFile(file, { dimensions: true });
  if (!info) return { ok: false, message: messages.imageInvalid };
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return { ok: false, message: messages.imageTooLarge };
  if (info.width !== null && info.height !== null && info.width * info.height > MAX_PIXELS) {
    return { ok: false, message: messages.imageTooManyPixels };
  }
  try {
    return { ok: true, file: await toSquareJpeg(file) };
  } catch {
    return { ok: false, message: messages.imageInvalid };
  }
}
