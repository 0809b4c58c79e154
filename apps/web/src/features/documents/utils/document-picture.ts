import { DOCUMENT_MAX_SIDE, IMAGE_MAX_PIXELS } from '@portal/shared/constants/profile';
import { DOCUMENT_TYPES } from '@portal/shared/constants/student';
import { readImageFile } from '@/lib/image-file';
import { decodePicture, drawJpeg, type DecodedPicture } from '@/lib/picture-canvas';
import type { DocumentFiles } from '@/features/documents/api/upload-documents';

/** The JPEG quality of a redrawn document: the server encodes it once more, at 82, when it stores it. */
const DOCUMENT_QUALITY = 0.9;

/** The size a width × height picture is sent at, its shape kept, within DOCUMENT_MAX_SIDE; null if it fits. */
export function documentSendSize(width: number, height: number): { width: number; height: number } | null {
  const longSide = Math.max(width, height);
  if (longSide <= DOCUMENT_MAX_SIDE) return null;
  const scale = DOCUMENT_MAX_SIDE / longSide;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The document as it is sent. A picture larger than documents are stored is redrawn at that size as a JPEG:
 * a phone's 12 MP camera picture of 1–3 MB leaves as a few hundred KB, where a slow connection took most of a
 * minute for three (decision 0062). A picture that fits already, or declares more pixels than a phone should
 * decode, or that the browser cannot redraw smaller, is sent as chosen: the server checks, shrinks and
 * re-encodes whatever it is sent, and refuses what it must.
 */
export async function documentToSend(file: File): Promise<File> {
  const info = await readImageFile(file, { dimensions: true });
  if (!info) return file;
  if (info.width !== null && info.height !== null) {
    // The header's size is before the EXIF turn; the long side is the same either way.
    if (!documentSendSize(info.width, info.height)) return file;
    if (info.width * info.height > IMAGE_MAX_PIXELS) return file;
  }
  let picture: DecodedPicture;
  try {
    picture = await decodePicture(file);
  } catch {
    return file;
  }
  try {
    const size = documentSendSize(picture.width, picture.height);
    if (!size) return file;
    const whole = { x: 0, y: 0, width: picture.width, height: picture.height };
    const blob = await drawJpeg(picture.image, whole, size, DOCUMENT_QUALITY);
    if (blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, '')}.jpg`, { type: 'image/jpeg' });
  } catch {
    return file;
  } finally {
    picture.release();
  }
}

/**
 * The chosen documents as they are sent, one at a time: a phone holds one decoded camera picture, not three.
 * `onProgress` is told the share of them done (from 0 to 1) after each.
 */
export async function documentsToSend(
  files: DocumentFiles,
  onProgress: (share: number) => void = () => {},
): Promise<DocumentFiles> {
  const sent: DocumentFiles = {};
  const chosen = DOCUMENT_TYPES.filter((type) => files[type]);
  for (const [index, type] of chosen.entries()) {
    sent[type] = await documentToSend(files[type]!);
    onProgress((index + 1) / chosen.length);
  }
  return sent;
}
