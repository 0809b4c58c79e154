import sharp, { type Metadata } from 'sharp';
import { PROFILE_IMAGE_SIDE } from '@portal/shared/constants/profile';
import { messages } from '@portal/shared/messages';
import { HttpError } from '../../lib/http-error';
import { Semaphore } from '../../lib/semaphore';

/** More pixels than any camera makes: a file that declares more is a decompression bomb, not a photo. */
export const MAX_INPUT_PIXELS = 50_000_000;

const jpegMagic = Buffer.from([0xff, 0xd8, 0xff]);
const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImageType(buffer: Buffer): 'jpeg' | 'png' | undefined {
  if (buffer.subarray(0, 3).equals(jpegMagic)) return 'jpeg';
  if (buffer.subarray(0, 8).equals(pngMagic)) return 'png';
  return undefined;
}

export type ImageKind = 'photo' | 'document';

/**
 * Decodes at a time, in the whole process. A 49-megapixel image takes over 100 MB to decode; ten at once
 * (one account, a few uploads of three documents) took the server from 256 to 580 MB. Two keep the cores
 * busy; the rest wait their turn, and the per-student upload limit (rate-limit.ts) keeps the queue short.
 * Photos have a lane of their own: the browser sends them shrunk to a few kilobytes, and on admission day
 * a profile update waited seconds behind other applicants' 12-megapixel documents (bench/admission-day.ts).
 */
export const imageDecodes = new Semaphore(2);
export const photoDecodes = new Semaphore(1);

/**
 * The encoder per kind. The photo is shown on every page and card the student opens, often on a slow phone:
 * mozjpeg makes it about half the size for twice the encoding time of a small picture. Documents are read
 * only by the staff, on desks; mozjpeg doubled the CPU time of the journey's heaviest step (three 12 MP
 * camera pictures) for files staff open a few times, so they are encoded by libjpeg-turbo (decision 0028).
 */
const encoders = {
  photo: { quality: 82, mozjpeg: true },
  document: { quality: 82, mozjpeg: false },
} as const;

/**
 * Accepts a JPEG or PNG by its content (magic bytes, then a full decode), refuses bombs by the pixel
 * count its header declares, and re-encodes it as a JPEG: that drops EXIF and GPS data and anything
 * smuggled after the image. Photos become a square of PROFILE_IMAGE_SIDE; documents keep their shape.
 */
export function normaliseImage(buffer: Buffer, kind: ImageKind): Promise<Buffer> {
  return (kind === 'photo' ? photoDecodes : imageDecodes).run(() => decodeAndEncode(buffer, kind));
}

async function decodeAndEncode(buffer: Buffer, kind: ImageKind): Promise<Buffer> {
  const invalid = kind === 'photo' ? messages.imageInvalid : messages.documentsFormat;
  const type = sniffImageType(buffer);
  if (!type) throw new HttpError(415, invalid);

  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, invalid);
  }
  if (metadata.format !== type) throw new HttpError(415, invalid);
  if (!metadata.width || !metadata.height) throw new HttpError(415, invalid);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS)
    throw new HttpError(413, messages.imageTooManyPixels);

  try {
    const image = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).rotate();
    const resized =
      kind === 'photo'
        ? image.resize(PROFILE_IMAGE_SIDE, PROFILE_IMAGE_SIDE, { fit: 'cover', position: 'attention' })
        : image.resize(2000, 2000, { fit: 'inside', withoutEnlargement: true });
    return await resized.flatten({ background: '#ffffff' }).jpeg(encoders[kind]).toBuffer();
  } catch {
    throw new HttpError(415, invalid);
  }
}
