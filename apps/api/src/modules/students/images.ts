import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { DOCUMENT_MAX_SIDE, IMAGE_MAX_PIXELS, PROFILE_IMAGE_SIDE } from '@portal/shared/constants/profile';
import { messages } from '@portal/shared/messages';
import { HttpError } from '../../lib/http-error';
import { Semaphore } from '../../lib/semaphore';

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
 * The sides a document is stored within. A camera picture is decoded at the largest JPEG scale (1, 1/2, 1/4,
 * 1/8) that keeps its long side at least DOCUMENT_MIN_SIDE, and kept at that size when it is at most
 * DOCUMENT_MAX_SIDE: 12 MP pictures of 4032 × 3024 and 4000 × 3000 are decoded at half their size and stored
 * as 2016 × 1512 and 2000 × 1500, with no resampling after the decode. Larger results (a 16 MP 4624 × 3472
 * decodes to 2312) and PNGs are resized to fit DOCUMENT_MAX_SIDE; smaller pictures keep their size.
 */
const DOCUMENT_MIN_SIDE = 2000;

/** The JPEG decoder's scale, as the divisor of each side: libjpeg decodes at 1/2, 1/4 and 1/8 for less work. */
export function jpegLoadShrink(longSide: number): 1 | 2 | 4 | 8 {
  for (const shrink of [8, 4, 2] as const) if (longSide / shrink >= DOCUMENT_MIN_SIDE) return shrink;
  return 1;
}

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
  if (metadata.width * metadata.height > IMAGE_MAX_PIXELS)
    throw new HttpError(413, messages.imageTooManyPixels);

  const shrink =
    kind === 'document' && type === 'jpeg' ? jpegLoadShrink(Math.max(metadata.width, metadata.height)) : 1;
  const scaled = shrink === 1 ? undefined : await scaledJpegFile(buffer, shrink);
  try {
    const image = sharp(scaled?.path ?? buffer, {
      limitInputPixels: IMAGE_MAX_PIXELS,
      failOn: 'truncated',
    }).rotate();
    const resized =
      kind === 'photo'
        ? image.resize(PROFILE_IMAGE_SIDE, PROFILE_IMAGE_SIDE, { fit: 'cover', position: 'attention' })
        : image.resize(DOCUMENT_MAX_SIDE, DOCUMENT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    return await resized.flatten({ background: '#ffffff' }).jpeg(encoders[kind]).toBuffer();
  } catch {
    throw new HttpError(415, invalid);
  } finally {
    await scaled?.remove();
  }
}

/**
 * The upload written where libvips can be told to decode it scaled. sharp asks libjpeg for a decode at 1/n
 * only when its resize shrinks by n + 1 or more, never for the halving a 12 MP picture needs, and takes no
 * decoder options for a buffer; libvips reads them from a file name (`name.jpg[shrink=2]`). Three 12 MP
 * documents took 352–390 ms of CPU decoded whole and resampled, 210–223 ms so (decision 0061).
 *
 * The file lives for one decode, in the system's temporary directory under a random name, readable by the
 * server's user only, created exclusively (a file or link already there is an error, not a target). Where
 * it cannot be written, the picture is decoded whole from memory: the same checks, more CPU.
 */
async function scaledJpegFile(buffer: Buffer, shrink: 2 | 4 | 8) {
  // libvips takes the options from the name's last bracket on: brackets in the directory stay the path's.
  const file = join(tmpdir(), `portal-image-${randomUUID()}.jpg`);
  try {
    await writeFile(file, buffer, { mode: 0o600, flag: 'wx' });
  } catch {
    await rm(file, { force: true }).catch(() => undefined);
    return undefined;
  }
  return {
    path: `${file}[shrink=${shrink}]`,
    // Removing it never fails the upload.
    remove: () => rm(file, { force: true }).catch(() => undefined),
  };
}
